"""Issue 20: on PostgreSQL a write is one call of the events table's insert
function (service/pgrecorder.py), which takes the same table lock as
eventsourcing's pipeline, so notification ids are still committed in order;
a database migrated before the function existed is written through the
pipeline until ``tablelog migrate`` creates it."""
from __future__ import annotations

import random
import threading
import time

import psycopg
import pytest

from domain.rules import random_move
from service.games import Games
from service.store import EVENTS_TABLE, open_store

pytestmark = [pytest.mark.store, pytest.mark.postgres]
PLAYERS = ["Alex", "Joe", "Gunter"]


def test_a_write_is_one_call_of_the_insert_function_and_waits_for_the_tables_lock(scratch_database):
    url = scratch_database("insertfn")
    store = open_store(url)
    assert store.recorder.datastore.enable_db_functions
    with psycopg.connect(url) as conn:
        source = conn.execute("SELECT prosrc FROM pg_proc WHERE proname = %s",
                              [f"{EVENTS_TABLE}_insert"]).fetchone()[0]
    games = Games(store)
    created = games.create("willi", PLAYERS)
    done = threading.Event()
    with psycopg.connect(url) as holder:
        # ROW SHARE lets a plain INSERT through but not LOCK TABLE ... IN EXCLUSIVE MODE.
        holder.execute(f"LOCK TABLE {EVENTS_TABLE} IN ROW SHARE MODE")
        move = first_move(games, created["id"])

        def write() -> None:
            games.record_move(created["id"], move, created["tokens"]["scorekeeper"])
            done.set()

        writer = threading.Thread(target=write)
        writer.start()
        deadline = time.monotonic() + 20
        waiting = False
        while time.monotonic() < deadline and not waiting:
            waiting = bool(holder.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND "
                "wait_event_type = 'Lock' AND query LIKE %s", [f"%{EVENTS_TABLE}_insert%"]).fetchone()[0])
            time.sleep(0.02)
        assert waiting and not done.is_set()      # the insert function waits for the table's lock
    writer.join(20)
    assert done.is_set() and games.history(created["id"]).version == 2
    store.close()


def first_move(games, gid):
    hist = games.history(gid)
    return random_move(hist.game, hist.state, random.Random(1))


def test_a_database_without_the_function_is_written_through_the_pipeline(scratch_database, caplog):
    url = scratch_database("nofn")
    open_store(url).close()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP FUNCTION {EVENTS_TABLE}_insert")
    store = open_store(url, migrate=False)
    assert not store.recorder.datastore.enable_db_functions
    assert any("tablelog migrate" in record.getMessage() for record in caplog.records)
    games = Games(store)
    created = games.create("willi", PLAYERS)
    games.record_move(created["id"], first_move(games, created["id"]), created["tokens"]["scorekeeper"])
    assert games.history(created["id"]).version == 2
    store.close()
    migrated = open_store(url)                       # a start as the owner creates it again
    assert migrated.recorder.datastore.enable_db_functions
    migrated.close()

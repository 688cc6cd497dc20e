"""On PostgreSQL a write is one call of the events table's insert
function (service/store/pgrecorder.py), which takes the same table lock as
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
from service.app.games import Games
from service.store.database import EVENTS_TABLE, open_store

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


def test_a_worker_behind_reads_the_game_and_its_anchor_in_one_query(scratch_database, monkeypatch):
    """Two workers of one host take turns on one game: the one behind reads
    the game's new events and its anchor's in one query, checks the anchor
    with the key, and records; the audit finds the record whole."""
    from service.store.heads import KnownHeads
    url = scratch_database("behind")
    shared = KnownHeads(64)
    workers = [Games(open_store(url)), Games(open_store(url))]
    for games in workers:
        games.heads = shared
    created = workers[0].create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(3)
    calls = {"select_after": 0}
    for games in workers:
        def counted_after(*args, original=games.store.recorder.select_after):
            calls["select_after"] += 1
            return original(*args)

        monkeypatch.setattr(games.store.recorder, "select_after", counted_after)
    for turn in range(12):
        games = workers[turn % 2]
        hist = games._histories.get(games.parse_id(gid)) or games.history(gid)     # no read of its own
        mover = workers[(turn + 1) % 2].history(gid)                              # the move is for the stored game
        games.record_move(gid, random_move(mover.game, mover.state, rng), token)
        assert hist.version == mover.version + 1
    assert calls["select_after"] >= 10
    assert workers[0].audit(gid)["ok"] and workers[1].history(gid).version == workers[0].history(gid).version
    for games in workers:
        games.store.close()


def test_an_anchor_changed_in_the_database_is_refused_when_read_with_the_events(scratch_database):
    """A worker behind whose anchor read with the events does not hold with
    the key writes nothing and says so (409 anchor_mismatch)."""
    from service.app.errors import Conflict
    from service.store.heads import KnownHeads
    url = scratch_database("badanchor")
    shared = KnownHeads(64)
    one, two = Games(open_store(url)), Games(open_store(url))
    one.heads = two.heads = shared
    created = one.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(4)
    hist = one.history(gid)
    one.record_move(gid, random_move(hist.game, hist.state, rng), token)
    two.history(gid)
    two._anchor_of(two.history(gid))                                # two has the anchor as it stands
    hist = one.history(gid)
    one.record_move(gid, random_move(hist.game, hist.state, rng), token)
    # Someone with the database forges the newest anchor event's MAC.
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"ALTER TABLE {EVENTS_TABLE} DISABLE TRIGGER tablelog_append_only")
        conn.execute(f"UPDATE {EVENTS_TABLE} SET state = convert_to(replace(convert_from(state, 'UTF8'), "
                     "'\"mac\":\"', '\"mac\":\"00'), 'UTF8') WHERE originator_id = %s AND "
                     "originator_version = (SELECT max(originator_version) FROM tablelog_events WHERE "
                     "originator_id = %s)", [one._anchors[one.parse_id(gid)].id] * 2)
        conn.execute(f"ALTER TABLE {EVENTS_TABLE} ENABLE TRIGGER tablelog_append_only")
    hist = one.history(gid)
    with pytest.raises(Conflict) as refused:
        two.record_move(gid, random_move(hist.game, hist.state, rng), token)
    assert refused.value.code == "anchor_mismatch"
    one.store.close()
    two.store.close()

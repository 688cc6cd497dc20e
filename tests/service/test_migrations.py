"""The store's migration history: a database made before it (today's schema,
or one with the first players' view) is brought forward by it, on SQLite and
PostgreSQL, with every game replaying as before; ``tablelog migrate``
applies and lists it; ``serve --production`` refuses a database with
migrations pending."""
from __future__ import annotations

import json
import random
import sqlite3
from contextlib import closing

import psycopg
import pytest

from domain.rules import random_move
from service.app.games import Games
from service.ops.cli import main
from service.store import history
from service.store.database import (StoreProblem, check_production_store, migration_status, open_store)

pytestmark = pytest.mark.store
PLAYERS = ["Alex", "Joe", "Gunter"]
HISTORY_TABLES = ("_yoyo_migration", "_yoyo_log", "_yoyo_version", "yoyo_lock")


@pytest.fixture
def fresh(database, request):
    """An empty database of the test's own."""
    if database.startswith("sqlite"):
        return database
    return request.getfixturevalue("scratch_database")("migrations")


def sql(url: str, *statements: str) -> list[list[tuple]]:
    """Run ``statements`` on ``url``'s database; the rows each returned."""
    found = []
    if url.startswith("sqlite"):
        with closing(sqlite3.connect(url[len("sqlite:///"):])) as conn:
            for statement in statements:
                found.append(conn.execute(statement).fetchall())
            conn.commit()
        return found
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            cursor = conn.execute(statement)
            found.append(cursor.fetchall() if cursor.description else [])
    return found


def schema(url: str) -> dict[str, list[str]]:
    """Every table tablelog keeps (not the history's) and its columns."""
    if url.startswith("sqlite"):
        tables = [row[0] for row in sql(url, "SELECT name FROM sqlite_master WHERE type = 'table'")[0]]
        return {t: [c[1] for c in sql(url, f"PRAGMA table_info({t})")[0]] for t in tables if t not in HISTORY_TABLES}
    rows = sql(url, "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position")[0]
    found: dict[str, list[str]] = {}
    for table, column in rows:
        if table not in HISTORY_TABLES:
            found.setdefault(table, []).append(column)
    return found


def played(url: str, count: int = 3, moves: int = 12) -> dict[str, tuple[int, str, dict]]:
    """Games recorded through the service: each one's version, head hash and state."""
    store = open_store(url)
    games = Games(store)
    rng = random.Random(7)
    try:
        for _ in range(count):
            created = games.create("willi", PLAYERS)
            for _ in range(moves):
                hist = games.history(created["id"])
                games.record_move(created["id"], random_move(hist.game, hist.state, rng),
                                  created["tokens"]["scorekeeper"])
        games.shard_views[0].catch_up()            # the views' runner's work: the rows written
        return {gid: (h.version, h.record.last_hash, seen(games, gid))
                for gid in [row["id"] for row in games.shard_views[0].summaries()]
                for h in [games.history(gid)]}
    finally:
        store.close()


def forget_history(url: str) -> None:
    """The database as tablelog made it before the history: no history tables."""
    sql(url, *(f"DROP TABLE {table}" for table in HISTORY_TABLES))


def replayed(url: str) -> tuple[dict[str, tuple[int, str, dict]], Games]:
    store = open_store(url)
    games = Games(store)
    summaries = games.shard_views[0].summaries()
    return {row["id"]: (h.version, h.record.last_hash, seen(games, row["id"]))
            for row in summaries for h in [games.history(row["id"])]}, games


def seen(games: Games, gid: str) -> str:
    """What a reader of the game is shown, as text to compare."""
    return json.dumps(games.state(gid, None), sort_keys=True, default=str)


def test_a_database_made_before_the_history_is_stamped_without_a_change(fresh):
    games = played(fresh)
    forget_history(fresh)
    before, rows = schema(fresh), sql(fresh, "SELECT COUNT(*) FROM tablelog_view_players_v2")
    assert migration_status(fresh).applied == []
    assert main(["migrate", "--database", fresh]) == 0
    assert schema(fresh) == before                                   # nothing added, nothing changed
    assert sql(fresh, "SELECT COUNT(*) FROM tablelog_view_players_v2") == rows
    assert migration_status(fresh).applied == history.known_ids()
    found, service = replayed(fresh)
    try:
        assert found == games and all(service.audit(gid)["ok"] for gid in games)
    finally:
        service.store.close()


def test_a_database_with_the_first_players_view_is_migrated_forward_and_its_views_rebuilt(fresh):
    games = played(fresh)
    totals = Games(open_store(fresh))
    want = totals.shard_views[0].totals()
    totals.store.close()
    forget_history(fresh)
    # The players' view as it was before it counted copies of one game once.
    sql(fresh, "CREATE TABLE tablelog_view_players (game_id TEXT NOT NULL, player TEXT NOT NULL, "
               "game TEXT NOT NULL, finished INTEGER NOT NULL, won INTEGER NOT NULL, score INTEGER NOT NULL, "
               "PRIMARY KEY (game_id, player))",
         "INSERT INTO tablelog_view_players SELECT game_id, player, game, finished, won, score "
         "FROM tablelog_view_players_v2",
         "DROP TABLE tablelog_view_players_v2")
    assert main(["migrate", "--database", fresh]) == 0
    assert "tablelog_view_players" not in schema(fresh)
    assert migration_status(fresh).pending == []
    found, service = replayed(fresh)       # every game replayed
    try:
        assert service.shard_views[0].catch_up() > 0          # the runner rebuilds the views from the events
        assert found == games and all(service.audit(gid)["ok"] for gid in games)
        assert service.shard_views[0].totals() == want and want
    finally:
        service.store.close()


def test_migrate_lists_what_each_database_has_had_as_json(fresh, capsys):
    assert main(["migrate", "--status", "--json", "--database", fresh]) == 1      # pending: exit 1
    said = json.loads(capsys.readouterr().out)["databases"][0]
    assert said["applied"] == [] and said["pending"] == history.known_ids()
    assert main(["migrate", "--json", "--database", fresh]) == 0
    said = json.loads(capsys.readouterr().out)["databases"][0]
    assert said["applied_now"] == said["applied"] == history.known_ids() and said["pending"] == []
    assert main(["migrate", "--status", "--database", fresh]) == 0
    assert "pending: none" in capsys.readouterr().out


@pytest.mark.postgres
def test_production_refuses_a_database_with_migrations_pending(scratch_database):
    url = scratch_database("pending")
    open_store(url).close()
    role = f"svc_{url.rsplit('_', 1)[-1]}"
    sql(url, f'CREATE ROLE "{role}" LOGIN')
    try:
        assert main(["migrate", "--database", url, "--service-role", role]) == 0
        served = url.replace("postgres@", f"{role}@")
        check_production_store(served)                               # up to date: it serves
        sql(url, "DELETE FROM _yoyo_migration WHERE migration_id = '0002.players-played'")
        with pytest.raises(StoreProblem, match="0002.players-played"):
            check_production_store(served)
    finally:
        sql(url, f'DROP OWNED BY "{role}"', f'DROP ROLE "{role}"')


def test_a_migration_left_half_way_by_a_stopped_process_is_said_in_words(tmp_path, monkeypatch, capsys):
    url = f"sqlite:///{tmp_path / 'locked.sqlite3'}"
    assert main(["migrate", "--database", url]) == 0
    sql(url, "DELETE FROM _yoyo_migration WHERE migration_id = '0002.players-played'",
        "INSERT INTO yoyo_lock (locked, ctime, pid) VALUES (1, '2026-01-01 00:00:00', 999999)")
    monkeypatch.setattr(history, "LOCK_WAIT", 0.2)
    capsys.readouterr()
    assert main(["migrate", "--database", url]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tablelog: another process has been migrating") and "yoyo_lock" in err
    assert "Traceback" not in err

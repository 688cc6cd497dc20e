"""The game list and player views: built from the notification log with a
tracking record, the same rows whether kept up live or rebuilt, each event
processed once, a restart resumes, on SQLite and PostgreSQL."""
from __future__ import annotations

import json
import random
import threading
import time

import pytest

from domain.groups import DEFAULT_GROUP
from domain.rules import random_move
from domain.willi import GAME
from replay.views import Views
from service.ops.cli import main
from service.app.games import Games
from service.store.database import open_store

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
THREE = ["Alex", "Joe", "Ida"]


@pytest.fixture
def database(own_database):
    return own_database


def record(games: Games, players: list[str], seed: int, moves: int | None = None) -> str:
    """A random Willi game (to the end unless ``moves`` is given), one undo in it."""
    created = games.create("willi", players)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(seed)
    count = 0
    while not GAME.finished(games.history(gid).state) and (moves is None or count < moves):
        games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)
        count += 1
        if count == 30:
            games.undo(gid, token)
            games.redo(gid, token)
            games.annotate(gid, 3, "a comment", token)
    return gid


def rows(views: Views) -> tuple[list, list]:
    return views.tables.games(), views.tables.players()


@pytest.mark.store
def test_live_views_equal_a_rebuild_and_count_each_event_once(database):
    store = open_store(database)
    games = Games(store)
    first = record(games, FOUR, seed=1)
    games.views.catch_up()
    second = record(games, THREE, seed=2, moves=40)
    games.views.catch_up()
    games.fork(first, 20, None)
    record(games, FOUR, seed=3, moves=10)
    processed = games.views.catch_up()
    assert processed > 0
    live = rows(games.views)
    mine = {row["game_id"]: row for row in live[0]}
    assert mine[first]["status"] == "finished" and mine[second]["status"] == "playing"
    assert json.loads(mine[first]["summary"]) == games.summary(games.history(first))
    assert mine[first]["head_hash"] == games.history(first).record.last_hash
    total = store.recorder.max_notification_id()
    assert games.views.rebuild() <= total
    assert rows(games.views) == live
    assert games.views.catch_up() == 0
    assert main(["--database", database, "replay", "rebuild"]) == 0      # the command, in its own store
    assert rows(games.views) == live
    store.close()


@pytest.mark.store
def test_a_game_whose_rows_the_database_refuses_does_not_hold_up_the_others(database, monkeypatch):
    """Should the database refuse one game's rows (as PostgreSQL refuses text
    it cannot store), the other games' rows and the position are written all
    the same, and the views do not fall behind for good."""
    store = open_store(database)
    games = Games(store)
    games.views.catch_up()
    bad = record(games, FOUR, seed=6, moves=3)
    good = record(games, THREE, seed=7, moves=3)
    tables = games.views.tables
    write = type(tables).write

    def refuse_bad(self, game_rows, player_rows, tracking, after=None):
        if any(row["game_id"] == bad for row in game_rows):
            raise ValueError("the database refuses this row")
        return write(self, game_rows, player_rows, tracking, after)

    monkeypatch.setattr(type(tables), "write", refuse_bad)
    assert games.views.catch_up() == 2 * 4
    assert games.views.position == store.recorder.max_notification_id()
    listed = {row["game_id"] for row in tables.games()}
    assert good in listed and bad not in listed
    assert games.views.catch_up() == 0
    monkeypatch.setattr(type(tables), "write", write)           # the database takes it again:
    games.views.rebuild()                                       # a rebuild lists every game
    assert {bad, good} <= {row["game_id"] for row in tables.games()}
    store.close()


@pytest.mark.store
def test_a_restart_resumes_after_the_last_event_processed(database):
    store = open_store(database)
    games = Games(store)
    record(games, FOUR, seed=4, moves=12)
    games.views.catch_up()
    position = games.views.position
    store.close()

    store = open_store(database)                  # a new process on the same database
    games = Games(store)
    assert games.views.position == position
    gid = record(games, FOUR, seed=5, moves=7)
    assert games.views.catch_up() == 8            # Started + 7 moves, nothing before them again
    assert {row["game_id"] for row in games.views.tables.games()} >= {gid}
    store.close()


@pytest.mark.store
def test_two_processes_catching_up_at_once_write_each_event_once(database):
    stores = [open_store(database) for _ in range(2)]
    writer = Games(stores[0])
    writer.views.catch_up()
    gid = record(writer, FOUR, seed=6, moves=60)
    other = Games(stores[1])
    writer.views.batch_size = other.views.batch_size = 5      # many small batches that race
    counts: list[int] = []
    threads = [threading.Thread(target=lambda v=v: counts.append(v.catch_up()))
               for v in (writer.views, other.views)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(counts) == writer.history(gid).version      # every event of the game, split between the two
    live = rows(writer.views)
    writer.views.rebuild()
    assert rows(writer.views) == live
    for store in stores:
        store.close()


@pytest.mark.store
def test_a_background_thread_shows_another_process_write_within_a_second(database):
    reader_store, writer_store = open_store(database), open_store(database)
    reader, writer = Games(reader_store), Games(writer_store)
    reader.views.catch_up()
    reader.views.start(interval=0.2)
    try:
        gid = writer.create("willi", FOUR)["id"]
        deadline = time.monotonic() + 1.0
        while reader.views.tables.game(gid) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert reader.views.tables.game(gid) is not None
    finally:
        reader.views.stop()
    reader_store.close()
    writer_store.close()


def test_players_and_leaderboard_through_the_api(client):
    games = client.application.extensions["tablelog"]
    finished = [record(games, ["Vera", "Walt", "Xena", "Yuri"], seed=s) for s in (11, 12)]
    record(games, ["Vera", "Walt", "Xena"], seed=13, moves=5)
    vera = client.get("/api/players/Vera").json
    willi = next(g for g in vera["games"] if g["game"] == "willi")
    scores = [games.summary(games.history(gid))["scores"]["Vera"] for gid in finished]
    won = sum("Vera" in games.summary(games.history(gid))["winners"] for gid in finished)
    assert (willi["games"], willi["played"], willi["running"], willi["won"]) == (3, 2, 1, won)
    assert willi["best_score"] == max(scores) and willi["average_score"] == sum(scores) / 2
    board = client.get("/api/leaderboard/willi").json["players"]
    mine = [row for row in board if row["player"] in ("Vera", "Walt", "Xena", "Yuri")]
    assert [row["rank"] for row in board] == sorted(row["rank"] for row in board)
    assert next(r for r in mine if r["player"] == "Vera")["rank"] == willi["rank"]
    assert client.get("/api/players/Nobody").status_code == 404
    assert client.get("/api/leaderboard/chess").status_code == 404
    every = client.get("/api/leaderboard").json["games"]
    assert [entry["game"] for entry in every] == ["willi"] and every[0]["players"] == board
    listed = {g["id"]: g for g in client.get("/api/games").json["games"]}
    assert listed[finished[0]]["status"] == "finished" and listed[finished[0]]["finished"] is True
    last = games.log(finished[0], None)["entries"][-1]["recorded_at"]
    assert listed[finished[0]]["last_move_at"] == last
    assert "status" not in client.get(f"/api/games/{finished[0]}").json


def test_played_is_the_digest_of_the_start_and_the_effective_moves(tmp_path):
    """Copies of one game played share ``played``: the SHA-256 of the start
    and the effective moves as json.dumps(..., sort_keys=True, default=str)
    writes them. The runner keeps each move's text, and the digest of the
    moves so far, from one batch to the next; an undo drops the move from
    the digest, in the batch that records it or in a later one."""
    import hashlib

    games = Games(open_store(f"sqlite:///{tmp_path}/played.sqlite3"))
    created = games.create("willi", FOUR)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(11)

    def expected() -> str:
        hist = games.history(gid)
        started = hist.started
        text = json.dumps([started.game, started.players, started.options, started.mode, started.seed,
                           [hist.entry(n).move for n in hist.effective]], sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def played() -> set[str]:
        games.views.catch_up()
        return {row["played"] for row in games.views.tables.players() if row["game_id"] == gid}

    for _ in range(12):
        games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)
    assert played() == {expected()}
    before_undo = expected()
    games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)
    games.undo(gid, token)
    assert played() == {expected()} == {before_undo}
    for _ in range(5):
        games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)
    assert played() == {expected()} != {before_undo}
    games.undo(gid, token)              # a move the runner took in is taken back
    assert played() == {expected()}
    games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)
    assert played() == {expected()}
    row = next(row for row in games.views.tables.games() if row["game_id"] == gid)
    assert (json.loads(row["players"]), row["group_id"]) == (FOUR, str(DEFAULT_GROUP))

"""The whole log read again at a later version rebuilds only what changed
since the kept one, and reads the same as a log built from every event."""
from __future__ import annotations

import random

from domain.rules import random_move
from domain.willi import GAME
from service.app.games import Games
from service.store.database import open_store

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def test_a_kept_log_brought_forward_equals_one_read_afresh(tmp_path):
    url = f"sqlite:///{tmp_path}/log.sqlite3"
    games = Games(open_store(url))
    created = games.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(7)

    def play(count: int) -> None:
        for _ in range(count):
            games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)

    def fresh_log() -> dict:
        return Games(open_store(url)).log(gid, token)

    play(20)
    first = games.log(gid, token)
    assert first == fresh_log()
    assert games.log(gid, token) is not first and games.log(gid, token)["entries"] is first["entries"]
    play(5)
    games.undo(gid, token)                 # the newest move marked undone
    games.annotate(gid, 2, "an early comment", token)
    games.redo(gid, token)
    games.undo(gid, token)
    play(3)
    later = games.log(gid, token)
    assert later == fresh_log()
    assert later["entries"][1]["annotations"][0]["text"] == "an early comment"
    assert sum(entry["undone"] for entry in later["entries"]) == 1
    assert len(later["entries"]) == 28 and later["version"] > first["version"]


def test_the_kept_logs_are_bounded(tmp_path, monkeypatch):
    import service.app.games as module
    monkeypatch.setattr(module, "LOG_CACHE_ENTRIES", 30)
    games = Games(open_store(f"sqlite:///{tmp_path}/bound.sqlite3"))
    rng = random.Random(8)
    for _ in range(4):
        created = games.create("willi", PLAYERS)
        gid, token = created["id"], created["tokens"]["scorekeeper"]
        for _ in range(12):
            games.record_move(gid, random_move(GAME, games.history(gid).state, rng), token)
        games.log(gid, token)
    assert games._logs.currsize <= 30 and len(games._logs) == 2
    assert games._logs.currsize == sum(len(entries) for _, entries in games._logs.values())

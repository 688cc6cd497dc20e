"""What a long-running worker keeps per game stays bounded: it touches every
game in the database and keeps only its most recent ones (and no lock of a
game nobody is writing to)."""
from __future__ import annotations

import threading

import pytest

from service.app import games as module
from service.app.caches import GameLocks, Recent
from service.app.games import Games
from service.store.database import open_store

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def test_a_worker_that_touched_many_games_keeps_a_bounded_few(tmp_path, monkeypatch):
    monkeypatch.setattr(module, "KEPT_GAMES", 3)
    games = Games(open_store(f"sqlite:///{tmp_path}/many.sqlite3"), cache_size=2)
    ids = []
    for _ in range(6):
        created = games.create("willi", PLAYERS, mode="digital")
        ids.append(created["id"])
        games.log(created["id"], created["tokens"]["scorekeeper"])
    assert len(games._histories) == 2 and len(games._seeds) <= 3 and len(games._anchors) <= 3
    assert len(games._locks) == 0                 # no request holds one now
    assert len(games._first_answers) <= 2
    for gid in ids:                               # a game let go is read again, the same
        assert games.history(gid).started.game == "willi"
    games.store.close()


def test_one_game_has_one_lock_while_it_is_held():
    locks = GameLocks()
    first = locks("g")
    assert locks("g") is first and len(locks) == 1
    del first
    assert len(locks) == 0


def test_the_kept_logs_are_weighed_by_their_entries_and_a_huge_one_is_not_kept():
    logs = Recent(10, getsizeof=lambda kept: len(kept[1]))
    logs["a"] = (1, list(range(6)))
    logs["b"] = (1, list(range(4)))
    logs["a"]                               # used: b is the oldest now
    logs["c"] = (1, list(range(3)))
    assert set(logs) == {"a", "c"} and logs.currsize == 9
    logs["c"] = (2, list(range(11)))        # larger than the whole cache: not kept, and the old one gone
    assert set(logs) == {"a"}


def test_the_cache_is_safe_between_threads():
    kept = Recent(8)
    errors = []

    def churn(offset: int) -> None:
        try:
            for n in range(2000):
                kept[(offset + n) % 20] = n
                kept.get((offset + n + 7) % 20)
                kept.pop((offset + n + 3) % 20, None)
        except Exception as error:           # noqa: BLE001 - any error fails the test
            errors.append(error)

    threads = [threading.Thread(target=churn, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(kept) <= 8


def test_a_game_ids_text_is_kept_only_in_its_usual_spelling():
    from uuid import UUID, uuid4

    from service.app.cache import _kept_id, game_id_of

    gid = uuid4()
    padded = "{" + "-" * 10_000 + gid.hex + "}"     # UUID accepts it: the same id, a long text
    _kept_id.cache_clear()
    assert game_id_of(str(gid)) == gid == game_id_of(padded) == game_id_of(f"urn:uuid:{gid}")
    assert _kept_id.cache_info().currsize == 1      # only the usual 36 characters are kept
    assert game_id_of(str(gid)) is game_id_of(str(gid))
    for wrong in ("x" * 36, "not an id"):
        with pytest.raises(ValueError):
            game_id_of(wrong)
    assert _kept_id.cache_info().currsize == 1 and isinstance(game_id_of(gid.hex), UUID)

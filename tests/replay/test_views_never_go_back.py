"""The views never go back: no write sets a game's rows back to an older
version (a PostgreSQL game-list row must not stay at version 43 of 44
because an older batch overwrote a newer one), batches rolled back are
written again, and two processes racing over the same events leave the
views as a rebuild does."""
from __future__ import annotations

import multiprocessing
import random

import pytest

from domain.rules import random_move
from domain.willi import GAME
from eventsourcing.persistence import OperationalError
from service.app.games import Games
from service.store.database import open_store

pytestmark = pytest.mark.store       # the views under racing writers, on both stores

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


def play(games: Games, moves: int, seed: int, created: dict | None = None) -> str:
    """``moves`` random moves in a new game (or in ``created``, a game made before)."""
    created = created or games.create("willi", FOUR)
    rng = random.Random(seed)
    for _ in range(moves):
        games.record_move(created["id"], random_move(GAME, games.history(created["id"]).state, rng),
                          created["tokens"]["scorekeeper"])
    return created["id"]


def test_an_older_batch_never_overwrites_a_newer_row(own_database):
    games = Games(open_store(own_database))
    gid = play(games, 5, seed=1)
    games.views.catch_up()
    projection, tables = games.views.projection, games.views.tables
    newer = projection.rows(games.history(gid), 1)
    older_history = Games(games.store).history(gid)
    assert tables.game(gid)["version"] == 6
    older_history.table.states, older_history.entries = older_history.states[:3], older_history.entries[:2]
    older_history.effective = older_history.effective[:2]
    older_history.record.version = 3
    older = projection.rows(older_history, 1)
    assert older[0]["version"] == 3
    tables.write([older[0]], older[1], None)               # as the fallback wrote, with no position
    assert tables.game(gid) == {**tables.game(gid), "version": 6, "moves": newer[0]["moves"]}
    games.store.close()


def test_a_batch_the_database_rolls_back_is_written_again(own_database, monkeypatch):
    games = Games(open_store(own_database))
    gid = play(games, 3, seed=2)
    write = type(games.views.tables).write
    failures, positions = [], []

    def deadlock_once(self, game_rows, player_rows, tracking, after=None):
        positions.append(tracking)
        if not failures:
            failures.append(1)
            raise OperationalError("deadlock detected")
        return write(self, game_rows, player_rows, tracking, after)

    monkeypatch.setattr(type(games.views.tables), "write", deadlock_once)
    assert games.views.catch_up() == 4 and failures == [1]
    assert len(positions) == 2 and None not in positions      # the same batch again, never rows alone
    assert games.views.tables.game(gid)["version"] == 4
    games.store.close()


def catch_up_repeatedly(database: str, rounds: int) -> None:
    games = Games(open_store(database))
    games.views.batch_size = 3                       # many small batches that race
    for _ in range(rounds):
        games.views.catch_up()
    games.store.close()


def test_two_processes_racing_over_the_same_events_leave_the_views_as_a_rebuild(own_database):
    games = Games(open_store(own_database))
    games.views.catch_up()
    created = [games.create("willi", FOUR) for _ in range(4)]
    ids = [play(games, 20, seed, made) for seed, made in enumerate(created)]
    context = multiprocessing.get_context("spawn")
    racers = [context.Process(target=catch_up_repeatedly, args=(own_database, 5)) for _ in range(2)]
    for racer in racers:
        racer.start()
    for seed, made in enumerate(created):          # more events while they race
        play(games, 10, 100 + seed, made)
    for racer in racers:
        racer.join(timeout=120)
        assert racer.exitcode == 0
    games.views.catch_up()
    live = {row["game_id"]: row["version"] for row in games.views.tables.games()}
    assert all(live[gid] == games.history(gid).version for gid in ids), live
    listed = games.views.tables.games(), games.views.tables.players()
    games.views.rebuild()
    assert (games.views.tables.games(), games.views.tables.players()) == listed
    games.store.close()


def test_a_batch_read_before_a_rebuild_cannot_claim_the_position_after_it(own_database):
    """A server's batch read from the old views and written after a rebuild
    dropped them would set the position to its end and leave the games
    before it out of the list for good: the position it was read after must
    still be the tracked one."""
    import pytest
    from eventsourcing.persistence import IntegrityError, Tracking
    games = Games(open_store(own_database))
    gid = play(games, 4, seed=3)
    games.views.catch_up()
    end = games.views.position
    stale = games.views.projection.rows(games.history(gid), end)
    games.views.tables.drop_views()                          # the rebuild starts from nothing
    with pytest.raises(IntegrityError):
        games.views.tables.write([stale[0]], stale[1], Tracking(games.store.name, end), after=end - 1)
    assert games.views.position == 0
    games.views.projection.forget()
    games.views.catch_up()
    assert games.views.tables.game(gid)["version"] == games.history(gid).version
    games.store.close()

"""One process per database runs the views' projection (it holds
the database's views lock), the others only read the views; a reader never
sees them behind its own process's writes, waiting a bounded time for the
runner; a batch that lost its race is never replayed from the store."""
from __future__ import annotations

import time

import pytest
from eventsourcing.persistence import IntegrityError, Tracking

from domain.record import is_game_event
from replay.views import readers as views_module
from replay.views import tables as tables_module
from service.app.games import Games
from service.store.database import open_store
from tests.replay.test_views_never_go_back import FOUR, play
from tests.waiting import wait_until

pytestmark = pytest.mark.store


@pytest.fixture
def two_processes(own_database):
    """Two services on one database, each with its own store (as two workers)."""
    stores = [open_store(own_database) for _ in range(2)]
    services = [Games(store) for store in stores]
    yield services
    for service in services:
        service.views.stop()
    for store in stores:
        store.close()


def test_one_process_runs_the_projection_and_another_reads_its_own_writes(two_processes):
    runner, worker = two_processes
    runner.views.start()
    assert wait_until(lambda: runner.views.leader.held)
    worker.views.start()
    time.sleep(0.2)
    assert not worker.views.leader.held             # the lock is the runner's
    gid = play(worker, 6, seed=4)
    # Read at once, in the process that wrote: the list already holds the game at its version.
    listed = {summary["id"]: summary for summary in worker.views.summaries()}
    assert listed[gid]["version"] == worker.history(gid).version
    assert worker.views.projection._histories == {}     # the worker did no view work
    assert worker.parse_id(gid) in runner.views.projection._histories


def test_when_the_runner_stops_another_process_takes_over(two_processes):
    runner, worker = two_processes
    runner.views.start()
    assert wait_until(lambda: runner.views.leader.held)
    worker.views.start(interval=0.1)
    runner.views.stop()                              # its lock goes with it
    assert wait_until(lambda: worker.views.leader.held)
    gid = play(worker, 3, seed=5)
    assert wait_until(lambda: (runner.views.tables.game(gid) or {}).get("version") == 4)


def written(views) -> tuple:
    """Everything the views hold: the game list, the players' rows, the tracked position."""
    return views.tables.games(), views.tables.players(), views.position


@pytest.fixture
def no_view_writes(monkeypatch):
    """Any write of the views' tables (rows, position, a rebuild) fails the test."""
    def refuse(*args, **kwargs):
        raise AssertionError("a reader wrote the views")

    def switch_on():
        for table in (tables_module.SQLiteViews, tables_module.PostgresViews):
            monkeypatch.setattr(table, "write", refuse)
            monkeypatch.setattr(table, "drop_views", refuse)
    return switch_on


def assert_current(games, before, *gids) -> dict:
    """The list shows each game at its version now; the views hold what they held."""
    listed = {summary["id"]: summary for summary in games.views.summaries()}
    for gid in gids:
        assert listed[gid]["version"] == games.history(gid).version
        assert listed[gid]["moves"] == len(games.history(gid).effective)
    assert written(games.views) == before
    return listed


def test_a_reader_whose_runner_is_stuck_reads_the_newer_events_and_writes_nothing(two_processes, monkeypatch,
                                                                                   no_view_writes):
    """The runner holds the lock but processes nothing (stuck): after the
    bounded wait the reader lists its own process's new game and moves,
    computed from the events in memory; the views' tables and tracked
    position are as they were (only the runner writes them)."""
    stuck, worker = two_processes
    created = worker.create("willi", FOUR)
    old = play(worker, 3, seed=8, created=created)
    worker.views.catch_up()                          # the views hold the first game at version 4
    assert stuck.views.leader.hold()                 # held, but no thread runs the projection
    worker.views.start()
    monkeypatch.setattr(views_module, "FRESH_WAIT", 0.3)
    play(worker, 2, seed=9, created=created)         # new moves in a game the views hold
    new = play(worker, 2, seed=6)                    # and a game they do not
    before = written(worker.views)
    assert before[2] < worker.store.recorder.max_notification_id()
    no_view_writes()
    began = time.monotonic()
    listed = assert_current(worker, before, old, new)
    assert 0.3 <= time.monotonic() - began < 5
    assert list(listed) == [old, new]                # the list's order: a game keeps its place, new ones at the end
    board = {row["player"]: row for row in worker.views.leaderboard("willi")}
    assert board["Alex"]["games"] == 2               # the players' statistics count the newer game too
    assert [row["games"] for row in worker.views.player("Alex")] == [2]
    assert written(worker.views) == before


def test_every_game_types_leaderboard_is_read_over_one_wait_for_a_late_runner(two_processes, monkeypatch):
    """The leaderboards page asks for every game type at once: with the
    runner stuck the reader waits for it and reads the newer events once,
    not once per game type (each wait would add the bounded wait again)."""
    stuck, worker = two_processes
    gid = play(worker, 4, seed=12)
    assert stuck.views.leader.hold()
    worker.views.start()
    monkeypatch.setattr(views_module, "FRESH_WAIT", 0.05)
    looks = []
    newer = worker.views.newer
    monkeypatch.setattr(worker.views, "newer", lambda target: looks.append(target) or newer(target))
    boards = worker.leaderboards()
    assert len(looks) == 1
    assert [board["game"] for board in boards] == ["willi"]      # a game type nobody played is left out
    assert {row["player"] for row in boards[0]["players"]} == set(FOUR)
    assert boards[0]["players"] == worker.leaderboard("willi")["players"]
    assert worker.history(gid).version > 1


def test_a_reader_whose_runner_stopped_writes_nothing(own_database, no_view_writes):
    """With this process's runner stopped (and none elsewhere) a read lists
    every game as it is now, at once, from the events, and writes nothing."""
    store = open_store(own_database)
    games = Games(store)
    first = play(games, 4, seed=10)
    games.views.start()
    assert wait_until(lambda: (games.views.tables.game(first) or {}).get("version") == 5)
    games.views.stop()
    second = play(games, 3, seed=11)
    before = written(games.views)
    no_view_writes()
    assert_current(games, before, first, second)
    store.close()


def test_a_batch_that_lost_its_race_is_not_replayed_from_the_store(own_database, monkeypatch):
    store = open_store(own_database)
    games = Games(store)
    gid = play(games, 12, seed=7)
    views = games.views
    batch = [(views._decode(n), Tracking(store.name, n.id)) for n in store.recorder.select_notifications(1, 500)]
    views.projection.process_batch(batch, 0)
    before = views.projection._histories[games.parse_id(gid)]
    reads = []
    select = store.recorder.select_events
    monkeypatch.setattr(store.recorder, "select_events",
                        lambda *args, **kwargs: reads.append(args) or select(*args, **kwargs))
    with pytest.raises(IntegrityError):              # another process wrote this batch first
        views.projection.process_batch(batch, 0)
    assert reads == [] and views.projection._histories[games.parse_id(gid)] is before
    assert views.tables.game(gid)["version"] == before.version
    store.close()


@pytest.mark.parametrize("anchors", [True, False])
def test_the_runner_takes_the_stores_events_without_hashing_each_again(own_database, monkeypatch, anchors):
    """The runner trusts the stored chain as the service's reads do: an
    event's hash is the next event's ``prev_hash`` or its keyed anchor's,
    computed only for a game's newest event with neither in the batch; the
    game list still holds the head's true hash (verify's witness)."""
    from domain import history, record
    store = open_store(own_database)
    games = Games(store)
    gid = play(games, 12, seed=3)
    views = games.views
    batch = [(views._decode(n), Tracking(store.name, n.id)) for n in store.recorder.select_notifications(1, 500)]
    if not anchors:       # a game recorded before anchors were written
        batch = [(e, tracking) for e, tracking in batch if is_game_event(e)]
    hashed = []
    hash_of = record.hash_of
    for module in (record, history):
        monkeypatch.setattr(module, "hash_of", lambda e: hashed.append(e.originator_version) or hash_of(e))
    views.projection.process_batch(batch, 0)
    head = games.history(gid).record
    assert views.tables.game(gid)["head_hash"] == head.last_hash == hash_of(
        next(store.events.get(games.parse_id(gid), gt=head.version - 1)))
    # The Started event's (its history begins there); with no anchor, the newest event's too.
    assert hashed == ([1] if anchors else [1, head.version])
    store.close()

"""One process per database runs the views' projection (it holds
the database's views lock), the others only read the views; a reader never
sees them behind its own process's writes, waiting a bounded time for the
runner; a batch that lost its race is never replayed from the store."""
from __future__ import annotations

import time

import pytest
from eventsourcing.persistence import IntegrityError, Tracking

from replay.views import readers as views_module
from service.app.games import Games
from service.store.database import open_store
from tests.replay.test_views_never_go_back import FOUR, play

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


def wait_until(condition, seconds: float = 2.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


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


def test_a_reader_whose_runner_is_late_catches_up_itself(two_processes, monkeypatch):
    """The runner holds the lock but processes nothing (stuck): after the
    bounded wait the reader brings the views up to date itself."""
    stuck, worker = two_processes
    assert stuck.views.leader.hold()                 # held, but no thread runs the projection
    worker.views.start()
    monkeypatch.setattr(views_module, "FRESH_WAIT", 0.3)
    gid = play(worker, 2, seed=6)
    began = time.monotonic()
    assert gid in {summary["id"] for summary in worker.views.summaries()}
    assert 0.3 <= time.monotonic() - began < 5


def test_a_batch_that_lost_its_race_is_not_replayed_from_the_store(own_database, monkeypatch):
    store = open_store(own_database)
    games = Games(store)
    gid = play(games, 12, seed=7)
    views = games.views
    batch = [(views._decode(n), Tracking(store.name, n.id)) for n in store.recorder.select_notifications(1, 500)]
    views.projection.process_batch(batch, 0)
    before = views.projection._histories[games.parse_id(gid)]
    reads = []
    get = store.events.get
    monkeypatch.setattr(store.events, "get", lambda *args, **kwargs: reads.append(args) or get(*args, **kwargs))
    with pytest.raises(IntegrityError):              # another process wrote this batch first
        views.projection.process_batch(batch, 0)
    assert reads == [] and views.projection._histories[games.parse_id(gid)] is before
    assert views.tables.game(gid)["version"] == before.version
    store.close()

"""Group commit: saves that arrive together in one process go to
the store in one transaction; each caller returns once its own events are
committed, and a conflict is refused on its own."""
from __future__ import annotations

import threading
import time

import pytest
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError, OperationalError

from service.store.database import open_store

pytestmark = pytest.mark.store


class Tally(Aggregate):
    @event("Counted")
    def count(self) -> None:
        pass


@pytest.fixture
def store(database):
    store = open_store(database)
    yield store
    store.close()


def hold_the_first_commit(store, others: int) -> list[int]:
    """The first transaction waits until ``others`` saves queue behind it;
    returns the list of each transaction's number of events."""
    record, sizes = store.group_commit.record, []

    def slow_record(processing):
        if not sizes:
            deadline = time.monotonic() + 5
            while len(store.group_commit._waiting) < others and time.monotonic() < deadline:
                time.sleep(0.005)
        sizes.append(len(processing.events))
        return record(processing)

    store.group_commit.record = slow_record
    return sizes


def save_in_threads(store, aggregates) -> dict[int, object]:
    """Each aggregate saved by a thread of its own, the first one first;
    what each save returned or raised, by position."""
    results: dict[int, object] = {}

    def save(number, aggregate):
        try:
            results[number] = store.save(aggregate)
        except Exception as error:       # the test looks at it
            results[number] = error

    threads = [threading.Thread(target=save, args=(n, a)) for n, a in enumerate(aggregates)]
    threads[0].start()
    time.sleep(0.05)
    for thread in threads[1:]:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_saves_that_arrive_together_go_in_one_transaction(store):
    tallies = [Tally() for _ in range(5)]
    sizes = hold_the_first_commit(store, others=4)
    results = save_in_threads(store, tallies)
    assert sizes == [1, 4]                           # the first alone, the four behind it together
    assert store.group_commit.groups == 1
    ids = set()
    for number, tally in enumerate(tallies):
        recordings = results[number]
        assert [r.domain_event.originator_id for r in recordings] == [tally.id]
        ids.add(recordings[0].notification.id)
        assert store.repository.get(tally.id).version == 1      # committed when its save returned
    assert len(ids) == 5


def test_a_conflict_in_a_group_is_refused_alone(store):
    first = Tally()
    store.save(first)
    # Two copies of one aggregate, both at version 1: the second to commit conflicts.
    ahead, stale = store.repository.get(first.id), store.repository.get(first.id)
    ahead.count()
    store.save(ahead)
    stale.count()
    others = [Tally() for _ in range(3)]
    sizes = hold_the_first_commit(store, others=4)
    results = save_in_threads(store, [Tally(), others[0], stale, others[1], others[2]])
    assert isinstance(results[2], IntegrityError)
    for number in (0, 1, 3, 4):
        assert not isinstance(results[number], Exception)
    for tally in others:
        assert store.repository.get(tally.id).version == 1
    assert store.repository.get(first.id).version == 2
    assert sizes[:2] == [1, 4] and sum(sizes[2:]) == 4    # the group refused, then each alone


def test_a_group_the_database_refuses_is_each_callers_error(store):
    calls = []

    def away(processing):
        calls.append(len(processing.events))
        if len(calls) == 1:
            deadline = time.monotonic() + 5
            while len(store.group_commit._waiting) < 2 and time.monotonic() < deadline:
                time.sleep(0.005)
            return record(processing)
        raise OperationalError("the database is away")

    record = store.group_commit.record
    store.group_commit.record = away
    results = save_in_threads(store, [Tally(), Tally(), Tally()])
    assert not isinstance(results[0], Exception)
    assert isinstance(results[1], OperationalError) and isinstance(results[2], OperationalError)
    assert calls == [1, 2]


def test_a_snapshot_taken_from_the_saved_game_is_the_one_the_store_replays(tmp_path):
    """A save that crosses a snapshot interval snapshots the game and its
    anchor as they are in memory: the same state the store's events replay to."""
    from eventsourcing.domain import Snapshot

    from service.http.app import create_app
    from service.ops.bench import Recorder, WSGIClient, willi_game
    from service.store.keys import ephemeral_keyring

    app = create_app(f"sqlite:///{tmp_path / 'snapshots.sqlite3'}", keyring=ephemeral_keyring())
    client = WSGIClient(app)
    game = Recorder(client, seed=1)
    for move in willi_game(1)[:105]:
        game.post_move(move)
    games = app.extensions["tablelog"]
    store, record = games.store, games.history(game.id).record
    interval = 100
    for aggregate_id in (record.id, games._anchors[record.id].id):
        snapshot = next(iter(store.snapshots.get(aggregate_id, desc=True, limit=1)))
        assert snapshot.originator_version == interval
        aggregate = None
        for stored in store.events.get(aggregate_id, lte=interval):     # the events alone, no snapshot
            aggregate = stored.mutate(aggregate)
        assert snapshot.state == Snapshot.take(aggregate).state
    store.close()

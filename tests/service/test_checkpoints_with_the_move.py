"""The stored checkpoints a move makes due are written with the move, in the
same transaction as its events (the store contract: SQLite and
PostgreSQL): they are in the store when the move's save returns, with no
write of their own; a checkpoint that cannot be written (its key already
taken, its table gone) never costs the move; and a service started afresh
takes the game up from them with the states a full replay gives."""
from __future__ import annotations

import random
import threading
import time
from datetime import datetime, timezone

import pytest

from domain.checkpoints import EVERY
from domain.history import GameHistory
from domain.rules import random_move
from domain.willi import GAME as WILLI
from service.app.games import Games
from service.store import snapshots as stored
from service.store.database import open_store
from service.store.keys import ephemeral_keyring

pytestmark = pytest.mark.store

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


@pytest.fixture
def store(database):
    opened = open_store(database)
    yield opened
    opened.close()


@pytest.fixture
def keyring():
    return ephemeral_keyring()


class Writes:
    """Counts the store's writes of events, and fails the test at any write
    of checkpoints or snapshots of their own (``snapshots.put``: eventsourcing's
    snapshots of a record and its anchor, every 100 events, go with the
    events too)."""

    def __init__(self, store, monkeypatch):
        self.events = 0
        insert, put = store.recorder.insert_events, store.snapshots.put

        def counted(*args, **kwargs):
            self.events += 1
            return insert(*args, **kwargs)

        def refused(events, *args, **kwargs):
            raise AssertionError(f"written on their own: {[type(e).__qualname__ for e in events]}")

        monkeypatch.setattr(store.recorder, "insert_events", counted)
        monkeypatch.setattr(store.snapshots, "put", refused)


def newest(store, gid: str, ply: int | None = None) -> stored.Checkpoint | None:
    found = list(store.snapshots.get(stored.checkpoint_id(Games.parse_id(gid), ply), desc=True, limit=1))
    return found[0] if found else None


def move(games: Games, gid: str, token: str, rng: random.Random, request_id: str | None = None) -> dict:
    return games.record_move(gid, random_move(WILLI, games.history(gid).state, rng), token, request_id=request_id)


def replayed(store, gid: str) -> GameHistory:
    """The history from every stored event, all in memory."""
    events = store.events.get(Games.parse_id(gid))
    hist = GameHistory(next(events))
    hist.feed(events)
    return hist


def test_a_moves_checkpoints_are_stored_with_its_events_in_one_write(store, keyring, monkeypatch):
    games = Games(store, keyring)
    gid, token = new_game(games)
    assert games.checkpoints_of(Games.parse_id(gid)).in_transaction
    writes, rng = Writes(store, monkeypatch), random.Random(5)
    heads = plies = 0
    for n in range(3 * stored.HEAD_EVERY):
        before = writes.events
        if n % 11 == 10:
            games.undo(gid, token)
        else:
            move(games, gid, token, rng)
        assert writes.events == before + 1                 # the move's events and its checkpoints: one write
        hist = games.history(gid)
        if hist.checkpointed == hist.version:              # a head checkpoint fell due with this move
            head = newest(store, gid)
            assert (head.version, head.head_hash) == (hist.version, hist.record.last_hash)
            heads += 1
        ply = len(hist.effective)
        if ply % EVERY == 0 and hist.written_plies.get(ply) == hist.effective[-1]:
            assert newest(store, gid, ply).number == hist.effective[-1]
            plies += 1
    assert heads >= 2 and plies >= 2


def test_the_snapshots_a_move_makes_due_are_stored_with_its_events_in_one_write(store, keyring, monkeypatch):
    """The move that brings a game's record, or its anchor, to a multiple of
    100 events snapshots it in the same write as its events."""
    games = Games(store, keyring)
    gid, token = new_game(games)
    writes, rng = Writes(store, monkeypatch), random.Random(17)
    record = games.history(gid).record
    anchor = games._anchors[record.id]
    while record.version < 101 or anchor.version < 101:
        before = writes.events
        move(games, gid, token, rng)
        assert writes.events == before + 1
        record = games.history(gid).record
    for aggregate in (record, games._anchors[record.id]):
        snapshot = next(iter(store.snapshots.get(aggregate.id, desc=True, limit=1)))
        assert snapshot.originator_version == 100
        replayed_to = None
        for event in store.events.get(aggregate.id, lte=100):
            replayed_to = event.mutate(replayed_to)
        assert snapshot.state == type(snapshot).take(replayed_to).state
    assert store.repository.get(record.id).version == record.version      # read back through the snapshot


def new_game(games: Games) -> tuple[str, str]:
    """A 4-player Willi game: its id and its scorekeeper's token."""
    created = games.create("willi", FOUR)
    return created["id"], created["tokens"]["scorekeeper"]


def up_to_a_head(games: Games, gid: str, token: str, rng: random.Random) -> None:
    """Moves until the next one makes the game's second head checkpoint due."""
    hist = games.history(gid)
    while not hist.checkpointed or hist.version + 1 - hist.checkpointed < stored.HEAD_EVERY:
        move(games, gid, token, rng)


def test_a_checkpoint_whose_key_is_taken_does_not_refuse_the_move(store, keyring, monkeypatch):
    """Another process stored a head checkpoint of the game in the same
    millisecond (here: a stale one, at the key the move's would take): the
    move is recorded, the checkpoint there is left, and it is not used."""
    games = Games(store, keyring)
    gid, token = new_game(games)
    rng = random.Random(7)
    up_to_a_head(games, gid, token, rng)
    stale = newest(store, gid)
    now = datetime(2030, 1, 1, tzinfo=timezone.utc)
    monkeypatch.setattr(stored.Checkpoint, "create_timestamp", staticmethod(lambda: now))
    store.snapshots.put([stored.Checkpoint(**{**vars(stale), "originator_version": int(now.timestamp() * 1000)})])
    version = games.history(gid).version
    assert move(games, gid, token, rng)["version"] == version + 1 == replayed(store, gid).version
    assert newest(store, gid).version == stale.version          # the other one stays where it was
    assert Games(store, keyring).history(gid).state == replayed(store, gid).state


REFUSE = {
    "sqlite": ["CREATE TRIGGER refuse_checkpoints BEFORE INSERT ON {table} WHEN NEW.topic LIKE '%Checkpoint%' "
               "BEGIN SELECT RAISE(ABORT, 'no checkpoints here'); END"],
    "postgres": ["CREATE FUNCTION refuse_checkpoints() RETURNS trigger LANGUAGE plpgsql AS "
                 "$$ BEGIN RAISE EXCEPTION 'no checkpoints here'; END; $$",
                 "CREATE TRIGGER refuse_checkpoints BEFORE INSERT ON {table} FOR EACH ROW "
                 "WHEN (NEW.topic LIKE '%Checkpoint%') EXECUTE FUNCTION refuse_checkpoints()"],
}
ALLOW = {"sqlite": ["DROP TRIGGER refuse_checkpoints"],
         "postgres": ["DROP TRIGGER refuse_checkpoints ON {table}", "DROP FUNCTION refuse_checkpoints()"]}


def test_a_checkpoint_that_cannot_be_written_does_not_cost_the_move(store, keyring, request):
    """The snapshots table refuses checkpoints (a trigger raises for them):
    the move whose checkpoint falls due is recorded all the same, and the
    game reads back from its events and the checkpoints before."""
    kind = "postgres" if store.is_postgres else "sqlite"
    games = Games(store, keyring)
    gid, token = new_game(games)
    rng = random.Random(11)
    up_to_a_head(games, gid, token, rng)
    before = newest(store, gid)

    def run(statements: list[str]) -> None:
        with store.recorder.datastore.transaction(commit=True) as curs:
            for statement in statements:
                curs.execute(statement.format(table=store.snapshots.recorder.events_table_name))

    run(REFUSE[kind])
    try:
        version = games.history(gid).version
        assert move(games, gid, token, rng)["version"] == version + 1 == replayed(store, gid).version
    finally:
        run(ALLOW[kind])
    assert newest(store, gid).version == before.version
    assert Games(store, keyring).history(gid).state == replayed(store, gid).state


def test_a_service_started_afresh_reads_the_newest_checkpoint_and_states_agree(store, keyring, database):
    games = Games(store, keyring)
    gid, token = new_game(games)
    rng = random.Random(13)
    for n in range(90):
        move(games, gid, token, rng)
        if n % 13 == 12:
            games.undo(gid, token)
    full = replayed(store, gid)
    again = open_store(database)
    try:
        fresh, read = Games(again, keyring), []
        stored_events = fresh.stored_events

        def counted(*args, **kwargs):
            for e in stored_events(*args, **kwargs):
                read.append(e)
                yield e

        fresh.stored_events = counted
        hist = fresh.history(gid)
        assert len(read) <= stored.HEAD_EVERY          # the Started event and those after the newest checkpoint
        assert (hist.version, hist.record.last_hash, list(hist.effective)) == \
            (full.version, full.record.last_hash, list(full.effective))
        for ply in (0, 1, EVERY - 1, EVERY, EVERY + 1, 2 * EVERY, 40, len(full.effective)):
            number = full.effective[ply - 1] if ply else 0
            assert hist.state_at(number) == full.state_at(number)
        assert fresh.audit(gid)["ok"]
    finally:
        again.close()


def test_moves_of_several_games_commit_together_with_their_checkpoints(store, keyring):
    """Group commit: two moves that arrive together, each making its game's
    checkpoint due, go in one transaction, each checkpoint with them."""
    games = Games(store, keyring)
    rng = random.Random(17)
    tables = []
    for n in range(3):
        gid, token = new_game(games)
        while n and games.history(gid).version + 1 - games.history(gid).checkpointed < stored.HEAD_EVERY:
            move(games, gid, token, rng)
        tables.append((gid, token, random_move(WILLI, games.history(gid).state, rng)))
    record, sizes = store.group_commit.record, []

    def held(processing):
        if not sizes:                      # the first (the game with none due) waits for the two behind it
            deadline = time.monotonic() + 5
            while len(store.group_commit._waiting) < 2 and time.monotonic() < deadline:
                time.sleep(0.005)
        sizes.append((len(processing.events), len(processing.saved_kwargs.get("checkpoints", []))))
        return record(processing)

    store.group_commit.record = held
    threads = [threading.Thread(target=games.record_move, args=(gid, chosen, token))
               for gid, token, chosen in tables]
    for thread in threads:
        thread.start()
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    assert sizes == [(2, 0), (4, 2)] and store.group_commit.groups == 1    # a move and its anchor's event, each
    for gid, _, _ in tables[1:]:
        assert newest(store, gid).version == replayed(store, gid).version


def test_a_move_with_checkpoints_the_store_does_not_take_is_not_recorded_and_the_game_reads_back(store, keyring,
                                                                                                monkeypatch):
    """The store away at the move that makes a checkpoint due: nothing is
    recorded, the history made for the checkpoints is let go (read again
    from the store), and the move made again stores it, checkpoint and all."""
    from eventsourcing.persistence import OperationalError
    games = Games(store, keyring)
    gid, token = new_game(games)
    rng = random.Random(19)
    up_to_a_head(games, gid, token, rng)
    before = games.history(gid)
    version, state = before.version, before.state
    chosen = random_move(WILLI, state, rng)
    insert = store.recorder.insert_events

    def away(*args, **kwargs):
        raise OperationalError("the database is away")

    monkeypatch.setattr(store.recorder, "insert_events", away)
    with pytest.raises(OperationalError):
        games.record_move(gid, chosen, token)
    monkeypatch.setattr(store.recorder, "insert_events", insert)
    assert replayed(store, gid).version == version
    hist = games.history(gid)
    assert (hist.version, hist.state, list(hist.effective)) == (version, state, list(replayed(store, gid).effective))
    assert games.record_move(gid, chosen, token)["version"] == version + 1
    assert newest(store, gid).version == version + 1 == replayed(store, gid).version

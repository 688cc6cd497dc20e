"""Histories that start fast and stay small: a service started
afresh takes a long game up from its newest stored checkpoint and reads
only the events after it; a checkpoint that was changed, or made by another
engine or under another rules version, is not used and the answers stay
the same; state-at-N, undo and old retries after such a start are what a
full replay gives."""
from __future__ import annotations

import base64
import copyreg
import dataclasses
import io
import pickle
import random
import zlib
from array import array

import pytest
from cachetools import LRUCache

from domain.rules import random_move
from domain.willi import GAME as WILLI
from domain.history import INDEX, Answer, GameHistory, Kept
from service.store import snapshots as stored
from service.app.games import Games
from service.store.keys import ephemeral_keyring
from service.store.database import Tablelog, persistence_env

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


@pytest.fixture
def store(tmp_path):
    opened = Tablelog(persistence_env(f"sqlite:///{tmp_path / 'tablelog.sqlite3'}"))
    yield opened
    opened.close()


@pytest.fixture
def keyring():
    return ephemeral_keyring()


def played(games: Games, moves: int, seed: int = 3, answers: dict | None = None) -> tuple[str, str]:
    """A Willi game at the table with ``moves`` moves, an undo and a redo
    now and then; ``answers`` collects each move and its answer by request id."""
    created = games.create("willi", FOUR, request_id=f"start-{seed}")
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(seed)
    for n in range(moves):
        move = random_move(WILLI, games.history(gid).state, rng)
        answer = games.record_move(gid, move, token, request_id=f"m{n}")
        if answers is not None:
            answers[f"m{n}"] = move, answer
        if n % 9 == 8:
            games.undo(gid, token)
            games.redo(gid, token)
    return gid, token


def replayed(store: Tablelog, gid: str) -> GameHistory:
    """The history from every stored event, all in memory (what verify builds)."""
    events = store.events.get(Games.parse_id(gid))
    hist = GameHistory(next(events))
    hist.feed(events)
    return hist


class Counted:
    """Counts the game events a Games reads from the store."""

    def __init__(self, games: Games):
        self.events = 0
        read = games.stored_events

        def counting(*args, **kwargs):
            for e in read(*args, **kwargs):
                self.events += 1
                yield e

        games.stored_events = counting


def fresh(store, keyring) -> tuple[Games, Counted]:
    games = Games(store, keyring)
    return games, Counted(games)


def test_a_cold_start_reads_the_newest_checkpoint_and_the_events_after_it(store, keyring):
    gid, _ = played(Games(store, keyring), 120)
    full = replayed(store, gid)
    assert full.version > 4 * stored.HEAD_EVERY
    games, counted = fresh(store, keyring)
    hist = games.history(gid)
    assert counted.events <= stored.HEAD_EVERY          # the Started event and fewer than HEAD_EVERY after the checkpoint
    assert hist.state == full.state and hist.version == full.version
    assert hist.record.last_hash == full.record.last_hash and list(hist.effective) == list(full.effective)
    assert games.log(gid, None) == Games(store, None).log(gid, None)      # a keyless service replays everything


def test_state_at_n_undo_and_old_retries_after_a_cold_start_are_the_full_replays(store, keyring):
    first, answers = Games(store, keyring), {}
    gid, token = played(first, 100, answers=answers)
    full = replayed(store, gid)
    games, _ = fresh(store, keyring)
    for at in (0, 1, 15, 16, 17, 40, 63, 64, 65, len(full.effective) - 1, None):
        expected = full.state_at(None if at is None else full.effective[at - 1] if at else 0)
        assert games.history(gid).state_at(None if at is None else full.effective[at - 1] if at else 0) == expected
    # An old request's retry is answered as the first time, from the store
    # (by this service, which no longer keeps it, and by one started afresh).
    move, answer = answers["m2"]
    assert first.record_move(gid, move, token, request_id="m2") == answer
    assert games.record_move(gid, move, token, request_id="m2") == answer
    assert games.history(gid).version == full.version
    # Undo back over several checkpoints, then the log and every state.
    for _ in range(40):
        games.undo(gid, token)
    full = replayed(store, gid)
    hist = games.history(gid)
    assert hist.state == full.state and list(hist.states) == list(full.states)
    assert [dataclasses.asdict(e) for e in hist.entries] == [dataclasses.asdict(e) for e in full.entries]


def forged(store, keyring, gid: str, ply: int | None = None, **changes) -> None:
    """A newer head checkpoint (or one at ``ply``) like the newest, with
    ``changes``; ``mac`` left out of them: made with the key, so only the
    change itself is wrong."""
    cid = stored.checkpoint_id(Games.parse_id(gid), ply)
    newest = list(store.snapshots.get(cid, desc=True, limit=1))[0]
    fields = {k: v for k, v in vars(newest).items()}
    fields.update(changes, originator_version=newest.originator_version + 1000)
    if "mac" not in changes:
        fields["mac"] = keyring.mac(stored.checkpoint_message(
            Games.parse_id(gid), fields["kind"], fields["ply"], fields["number"], fields["version"],
            fields["head_hash"], fields["rules_version"], fields["engine"], fields["content"]))
    store.snapshots.put([stored.Checkpoint(**fields)])


@pytest.mark.parametrize("change", ["content", "rules_version", "engine", "head_hash"])
def test_a_checkpoint_that_does_not_fit_is_not_used_and_the_answer_is_the_same(store, keyring, change):
    gid, _ = played(Games(store, keyring), 80)
    expected = Games(store, keyring).state(gid, None)
    newest = list(store.snapshots.get(stored.checkpoint_id(Games.parse_id(gid)), desc=True, limit=1))[0]
    changes = {"content": {"content": newest.content[:-8] + "AAAAAAA=", "mac": newest.mac},
               "rules_version": {"rules_version": "0"},
               "engine": {"engine": "0" * 64},
               "head_hash": {"head_hash": "0" * 64}}[change]
    forged(store, keyring, gid, **changes)
    games, counted = fresh(store, keyring)
    assert games.state(gid, None) == expected
    assert counted.events == replayed(store, gid).version          # every event replayed


def test_another_engine_drops_every_checkpoint_and_writes_them_again(store, keyring, monkeypatch):
    gid, _ = played(Games(store, keyring), 80)
    expected = Games(store, keyring).state(gid, None, at=20)
    monkeypatch.setattr(stored, "engine_fingerprint", lambda: "another engine")
    games, counted = fresh(store, keyring)
    assert games.state(gid, None, at=20) == expected
    assert counted.events >= replayed(store, gid).version
    again, counted = fresh(store, keyring)
    assert again.state(gid, None, at=20) == expected and counted.events < stored.HEAD_EVERY + 40


def test_a_keyless_service_neither_writes_nor_trusts_checkpoints(store):
    games = Games(store, None)
    keyring = ephemeral_keyring()
    gid, _ = played(Games(store, keyring), 60)
    assert not games.checkpoints_of(Games.parse_id(gid)).enabled
    other_key = Games(store, ephemeral_keyring())      # a checkpoint under another key is not trusted
    assert other_key.checkpoints_of(Games.parse_id(gid)).restored(replayed(store, gid).started, lambda a, u: iter(())) is None
    assert games.state(gid, None) == Games(store, keyring).state(gid, None)


def test_states_before_the_kept_checkpoints_are_read_from_the_store_once(store, keyring, monkeypatch):
    gid, token = played(Games(store, keyring), 100)
    full, keyless = replayed(store, gid), Games(store, None)
    expected = {at: keyless.state(gid, None, at=full.effective[at - 1]) for at in (20, 32, 33, 40, 47)}
    games, counted = fresh(store, keyring)
    games.history(gid)
    snapshot_reads = []
    read_snapshots = store.snapshots.get
    monkeypatch.setattr(store.snapshots, "get", lambda *a, **k: snapshot_reads.append(a) or read_snapshots(*a, **k))
    hist = games.history(gid)
    assert hist.states.base > 40              # move 40 lies before the checkpoints kept in memory

    def reads_for(at: int) -> int:
        before = counted.events + len(snapshot_reads)
        assert games.state(gid, None, at=full.effective[at - 1]) == expected[at]
        return counted.events + len(snapshot_reads) - before

    assert reads_for(40) > 0
    assert [reads_for(at) for at in (40, 40, 33, 47, 32)] == [0, 0, 0, 0, 0]   # one segment, read once
    assert reads_for(20) > 0                   # another segment: read once too
    assert reads_for(20) == 0 and reads_for(40) == 0
    # An undo back past a kept segment forgets it: the moves there may come again, other.
    for _ in range(len(full.effective) - 40):
        games.undo(gid, token)
    assert not [start for start in games.history(gid).states.read_back if start + 16 >= 41]
    full = replayed(store, gid)
    hist = games.history(gid)
    assert hist.state == full.state and hist.state_at(full.effective[19]) == full.states[20]


def test_a_cold_start_writes_no_ply_checkpoint_the_store_already_holds(store, keyring):
    gid, _ = played(Games(store, keyring), 90)
    written = []
    put = store.snapshots.put
    store.snapshots.put = lambda batch, *args, **kwargs: written.append(batch) or put(batch, *args, **kwargs)
    games, counted = fresh(store, keyring)
    hist = games.history(gid)
    assert hist.written_plies                  # the events after the head reached a ply checkpoint again
    assert games.state(gid, None) == Games(store, None).state(gid, None)
    assert written == [] and counted.events <= stored.HEAD_EVERY


def test_checkpoints_stored_compressed_as_before_still_load(store, keyring):
    """A ply checkpoint's one state is stored as its pickle, a head
    checkpoint's history compressed; every checkpoint stored before was
    compressed, and reads back as it did."""
    gid, _ = played(Games(store, keyring), 100)
    uid = Games.parse_id(gid)
    full = replayed(store, gid)

    def newest(ply: int | None) -> stored.Checkpoint:
        return list(store.snapshots.get(stored.checkpoint_id(uid, ply), desc=True, limit=1))[0]

    assert base64.b64decode(newest(32).content).startswith(pickle.PROTO)
    assert not base64.b64decode(newest(None).content).startswith(pickle.PROTO)
    plies = (None, 16, 32, 48, 64)
    for ply in plies:      # each written again as they all were before
        content = stored.read_content(newest(ply).content)
        forged(store, keyring, gid, ply, content=base64.b64encode(
            zlib.compress(pickle.dumps(content, pickle.HIGHEST_PROTOCOL), 1)).decode())
        assert newest(ply).content.startswith("eA")        # a zlib stream
    games, counted = fresh(store, keyring)
    checkpoints = games.checkpoints_of(uid)
    state_at = checkpoints.stored_at(uid, full.table.rules_version)
    assert [state_at(ply, full.effective[ply - 1]) for ply in plies[1:]] == [full.states[ply] for ply in plies[1:]]
    hist = games.history(gid)
    assert counted.events <= stored.HEAD_EVERY          # taken up from the head checkpoint
    assert hist.state == full.state and hist.state_at(full.effective[19]) == full.states[20]


class AsBefore(pickle.Pickler):
    """Pickles a head checkpoint's content as tablelog wrote it before its
    answers were written as their fields: each answer as a dictionary, as
    the default pickling gives."""

    def reducer_override(self, obj):
        if isinstance(obj, Answer):
            return copyreg.__newobj__, (Answer,), dict(vars(obj))
        return NotImplemented


def test_a_head_checkpoint_written_with_64_bit_indexes_and_answers_as_dictionaries_still_loads(store, keyring):
    """A head checkpoint is written with its indexes in 32 bits and its
    answers as their fields; one written before (64-bit indexes, answers as
    dictionaries) takes the game up the same way, with the same answers kept."""
    answers: dict = {}
    gid, token = played(Games(store, keyring), 100, answers=answers)
    uid = Games.parse_id(gid)
    head = list(store.snapshots.get(stored.checkpoint_id(uid), desc=True, limit=1))[0]
    saved = stored.read_content(head.content)
    assert all(saved[name].typecode == INDEX for name in GameHistory.INDEXES)
    assert isinstance(saved["answers"].kept, LRUCache) and isinstance(saved["moves"], Kept)
    old = {**saved, **{name: array("q", saved[name]) for name in GameHistory.INDEXES}}
    data = io.BytesIO()
    AsBefore(data, pickle.HIGHEST_PROTOCOL).dump(old)
    assert len(data.getvalue()) > len(pickle.dumps(saved, pickle.HIGHEST_PROTOCOL))
    as_written = fresh(store, keyring)[0].history(gid)          # taken up from the checkpoint as written now
    forged(store, keyring, gid, content=base64.b64encode(zlib.compress(data.getvalue(), 1)).decode())
    games, counted = fresh(store, keyring)
    hist = games.history(gid)
    assert counted.events <= stored.HEAD_EVERY          # taken up from the checkpoint written before
    assert all(getattr(hist, name).typecode == INDEX and getattr(hist, name) == getattr(as_written, name)
               for name in GameHistory.INDEXES)
    assert hist.state == as_written.state == replayed(store, gid).state
    assert list(hist.answers.kept.items()) == list(as_written.answers.kept.items())
    assert list(hist.table.moves.items()) == list(as_written.table.moves.items())
    move, answer = answers["m99"]
    assert games.record_move(gid, move, token, request_id="m99") == answer
    assert counted.events <= stored.HEAD_EVERY          # the retry answered from the answers kept in it

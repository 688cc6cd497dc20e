"""Checkpoints of game histories kept in the store, so a service started
afresh reads a long game's newest checkpoint and the few events after it
instead of replaying the whole record.

They are eventsourcing snapshots (the store's snapshots table, beside the
GameRecord snapshots eventsourcing takes itself), under ids of their own:

- a *head* checkpoint, every ``HEAD_EVERY`` events of a game: the whole
  in-memory history (domain.history's ``checkpoint``: the record, the
  indexes, the newest answers, the newest checkpoint state and the moves
  since), so a cold start replays fewer than ``HEAD_EVERY`` events;
- a *ply* checkpoint at every ``EVERY``-th ply (domain.checkpoints): the state there, so a
  state-at-N or an undo before the newest checkpoint replays at most
  ``EVERY - 1`` moves (and reads them from the store).

Each names the game's version and newest event hash it was computed at, the
rules version the states follow and the engine's fingerprint (the code and
data of ``domain/``), and carries an HMAC with the service's key over all of
that and its content. A checkpoint whose MAC, rules version or engine does
not match, or which does not join the stored events (its hash is not the
next event's ``prev_hash``; a ply checkpoint whose move is no longer the
effective one there), is ignored and written again from a replay. Without a
key (a service that only reads) nothing is written or trusted: the history
is replayed from the events, as before.

The checkpoints a write makes due are saved with it, in its own transaction
(``due_with``; the recorders in service/store/pgrecorder.py and
sqliterecorder.py): no round trip of their own. Their part cannot refuse
the write: one whose key another process took is left as it is, any other
failure of that part is left out and the events are committed. They are
taken as written either way (a cache: the next are due on schedule, and
what is read back is checked as above). The content is a pickle (compressed
when it is large: ``written_content``), opened only once its MAC has been
checked: someone with the database but not the key cannot make one the
service would open.
"""
from __future__ import annotations

import base64
import hashlib
import logging
import pickle
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, PersistenceError

from domain.games import get_game
from domain.table import rules_to_replay
from domain.history import GameHistory, Reader
from service.store.keys import Keyring

log = logging.getLogger("tablelog.checkpoints")

HEAD_EVERY = 32
"""Events between two head checkpoints of a game: a cold start replays at most
31 events (≈ 1-5 ms), and a long game writes its history down once in 32 writes."""

CHECKPOINTS = uuid5(NAMESPACE_URL, "tablelog:checkpoint")
ENGINE = Path(__file__).resolve().parents[2] / "domain"


@lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """SHA-256 over every file of the rules engines and of the history that a
    checkpoint writes down (both in ``domain/``): any change drops them."""
    digest = hashlib.sha256()
    files = sorted(p for p in ENGINE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for path in files:
        digest.update(str(path.relative_to(ENGINE.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Checkpoint(DomainEvent):
    """One stored checkpoint. ``originator_version`` orders a stream's
    checkpoints by when they were written (milliseconds since 1970: one
    dropped and written again at the same game version is a new one);
    ``version`` is the game's version it was computed at."""

    kind: str          # "head" | "ply"
    version: int
    ply: int
    number: int        # the effective move of that ply (a ply checkpoint's; 0 for a head)
    head_hash: str
    rules_version: str
    engine: str
    key_id: str
    mac: str
    content: str       # base64 of the pickle (``written_content``)


def checkpoint_id(game_id: UUID, ply: int | None = None) -> UUID:
    """The stream of a game's head checkpoints, or of its checkpoints at ``ply``."""
    return uuid5(CHECKPOINTS, f"{game_id}" if ply is None else f"{game_id}/{ply}")


def checkpoint_message(game_id: UUID, kind: str, ply: int, number: int, version: int, head_hash: str,
                       rules_version: str, engine: str, content: str) -> str:
    """What a checkpoint's HMAC covers: where it belongs and what it holds."""
    digest = hashlib.sha256(content.encode()).hexdigest()
    return (f"tablelog/checkpoint/v1|{game_id}|{kind}|{ply}|{number}|{version}|{head_hash}|{rules_version}|"
            f"{engine}|{digest}")


COMPRESSED_FROM = 2048
"""A checkpoint's pickle is compressed from this many bytes on. A ply
checkpoint's (one state, about 1 kB) is not: setting zlib up for it took
as long as pickling it, to save a few hundred bytes of a row."""
PICKLE_START = pickle.PROTO
"""What a pickle begins with (its protocol); a zlib stream never does."""


def written_content(content: Any) -> str:
    """A checkpoint's content as stored: its pickle, compressed when large, in base64."""
    data = pickle.dumps(content, pickle.HIGHEST_PROTOCOL)
    if len(data) >= COMPRESSED_FROM:
        data = zlib.compress(data, 1)
    return base64.b64encode(data).decode()


def read_content(text: str) -> Any:
    """``written_content``'s content again, compressed or not (every stored checkpoint was once compressed)."""
    data = base64.b64decode(text)
    return pickle.loads(data if data.startswith(PICKLE_START) else zlib.decompress(data))


STORE_ERRORS = (IntegrityError, InterfaceError, OperationalError, PersistenceError)
"""A checkpoint that cannot be written is left for the next one: it is a cache."""


class Checkpoints:
    """A store's checkpoints, written and read with ``keyring`` (None: none are used)."""

    def __init__(self, store: Any, keyring: Keyring | None):
        self.store, self.keyring = store, keyring
        if self.enabled:        # reckoned as the store opens, not by the first game read from a checkpoint
            engine_fingerprint()

    @property
    def enabled(self) -> bool:
        return self.keyring is not None and self.store.snapshots is not None

    # -- writing -------------------------------------------------------------------------
    @property
    def in_transaction(self) -> bool:
        """Whether a write's checkpoints go in the write's own transaction
        (the store's recorder inserts them with its events), rather than in
        a write of their own after it."""
        return self.enabled and getattr(self.store.recorder, "keeps_checkpoints", False)

    def due_with(self, hist: GameHistory, pending: list[Any]) -> list[Checkpoint] | None:
        """The checkpoints a write falls due for, to be saved in its own
        transaction (``Tablelog.save(..., checkpoints=)``), computed from the
        history as the write leaves it: ``pending`` (the write's events,
        whose states ``hist``'s table already holds) is fed into ``hist``
        first. None when none fall due or the store cannot take them with
        the write: ``hist`` is then untouched, and the write's events are fed
        and ``keep`` called after the save, as for events read."""
        if not self.in_transaction or not (hist.states.reached or hist.version - hist.checkpointed >= HEAD_EVERY):
            return None
        hist.feed(pending, applied=True)
        return self._due(hist)

    def keep(self, hist: GameHistory) -> None:
        """Write the ply checkpoints ``hist`` reached since the last call, and a
        head checkpoint when ``HEAD_EVERY`` events came since its last one."""
        if not self.enabled:
            hist.states.taken()
            return
        made = self._due(hist)
        if not made:
            return
        for batch in (made, *([c] for c in made)) if len(made) > 1 else (made,):
            try:
                self.store.snapshots.put(batch)
            except STORE_ERRORS as error:       # one at a time, then, so the others are written
                log.info("checkpoints of game %s not written (%s): the next write tries again", hist.id, error)
                continue
            self.written(hist, batch)
            if batch is made:
                return

    def _due(self, hist: GameHistory) -> list[Checkpoint]:
        plies = {ply: state for ply, state in hist.states.taken() if ply <= len(hist.effective)}
        made = [self._made(hist, "ply", ply, hist.effective[ply - 1], state) for ply, state in plies.items()
                if hist.written_plies.get(ply) != hist.effective[ply - 1]]
        if hist.version - hist.checkpointed >= HEAD_EVERY:
            made.append(self._made(hist, "head", len(hist.effective), 0, hist.checkpoint()))
        return made

    @staticmethod
    def written(hist: GameHistory, batch: list[Checkpoint]) -> None:
        """Note in ``hist`` that ``batch`` is in the store."""
        hist.written_plies.update((c.ply, c.number) for c in batch if c.kind == "ply")
        if any(c.kind == "head" for c in batch):
            hist.checkpointed = hist.version

    def _made(self, hist: GameHistory, kind: str, ply: int, number: int, content: Any) -> Checkpoint:
        text = written_content(content)
        fields = dict(kind=kind, ply=ply, number=number, head_hash=hist.record.last_hash,
                      rules_version=hist.table.rules_version, engine=engine_fingerprint())
        mac = self.keyring.mac(checkpoint_message(hist.id, version=hist.version, content=text, **fields))
        now = Checkpoint.create_timestamp()
        return Checkpoint(originator_id=checkpoint_id(hist.id, ply if kind == "ply" else None),
                          originator_version=int(now.timestamp() * 1000), timestamp=now, version=hist.version,
                          key_id=self.keyring.current, mac=mac, content=text, **fields)

    # -- reading -------------------------------------------------------------------------
    def _newest(self, game_id: UUID, rules_version: str, ply: int | None = None) -> tuple[Checkpoint, Any] | None:
        """The newest checkpoint of a stream and its content, if it is sound."""
        if not self.enabled:
            return None
        try:
            found = list(self.store.snapshots.get(checkpoint_id(game_id, ply), desc=True, limit=1))
        except STORE_ERRORS:
            return None
        if not found or not isinstance(found[0], Checkpoint):
            return None
        c = found[0]
        try:
            message = checkpoint_message(game_id, c.kind, c.ply, c.number, c.version, c.head_hash,
                                         c.rules_version, c.engine, c.content)
            if (c.rules_version, c.engine) != (rules_version, engine_fingerprint()) \
                    or c.key_id not in self.keyring.keys or not self.keyring.check_mac(message, c.mac, c.key_id):
                return None
            return c, read_content(c.content)
        except Exception:  # noqa: BLE001 - a checkpoint of another shape (an older tablelog's) is not used
            return None

    def restored(self, started: Any, read: Reader) -> GameHistory | None:
        """The game's history from its newest sound head checkpoint (None:
        there is none), brought up to date with the events after it; None
        too when those do not follow on from it."""
        gid = started.originator_id
        rules = rules_to_replay(get_game(started.game), started.rules_version)   # what its states follow now
        newest = self._newest(gid, rules)
        if newest is None:
            return None
        c, saved = newest
        hist = GameHistory.restored(started, saved, read, self.stored_at(gid, rules))
        if (hist.version, hist.record.last_hash) != (c.version, c.head_hash):
            return None
        hist.checkpointed = c.version
        hist.feed(read(hist.version, None))
        if hist.problems:
            return None
        # A ply checkpoint the events after the head reached again was most
        # likely written when its move was recorded: noted as written when
        # the store holds it, it is not written again by every new process
        # that reads the game (a read is cheaper than a write, and rows for
        # the same state would pile up with each start).
        state_at = self.stored_at(gid, rules)
        for ply in {ply for ply, _ in hist.states.reached}:        # an undo and its redo reach one ply twice
            number = hist.effective[ply - 1] if ply <= len(hist.effective) else None
            if number is not None and state_at(ply, number) is not None:
                hist.written_plies[ply] = number
        return hist

    def stored_at(self, game_id: UUID, rules_version: str):  # type: ignore[no-untyped-def]
        """domain.history.StoredCheckpoint for one game."""
        def state_at(ply: int, number: int) -> Any:
            newest = self._newest(game_id, rules_version, ply)
            return newest[1] if newest is not None and newest[0].number == number else None
        return state_at

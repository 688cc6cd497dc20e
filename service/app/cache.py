"""Each game's history, cached in memory and brought up to date from its
shard's store, and one lock per game."""
from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any, Iterator, NamedTuple
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError

from domain.record import (GameRecord, HeadAnchor, is_game_start)
from domain.history import GameHistory
from domain.words import N_, said
from service.store.snapshots import Checkpoints
from service.store.shards import UnknownShard, shard_of
from service.store.database import Tablelog
from service.app.errors import NotFound, Unavailable


TURN_WAIT = 5.0
"""Seconds a request waits for its game's turn in this process (the other
requests of that game before it) before it is answered 503: about SQLite's
lock timeout, so a request waits one bounded wait in all."""


KEPT_GAMES = 4096
"""Games whose anchor and unsealed seed a process keeps (the rest are read again when written to)."""


ID_TEXT = 36
"""The length of a game id's usual text (``str(UUID)``): only those are kept."""


@lru_cache(maxsize=KEPT_GAMES)
def _kept_id(text: str) -> UUID:
    return UUID(text)


def game_id_of(text: str) -> UUID:
    """A game id from its text, kept for the games asked for lately: a move
    reads it twice (its admission, its write), and ``UUID`` parses it in
    Python each time. A text that is no id raises ``ValueError`` and is not
    kept; nor is a longer spelling ``UUID`` accepts (braces, a ``urn:uuid:``
    prefix, any number of hyphens), which would let a caller fill the
    process's memory with long texts of a few ids."""
    return _kept_id(text) if len(text) == ID_TEXT else UUID(text)


class Head(NamedTuple):
    """A game as of one version (``HistoryCache.head``)."""

    hist: GameHistory
    version: int
    state_version: int      # the version of the last change of state
    applied: int            # how many moves are effective
    last: int               # the number of the last effective move (0: none)
    state: Any


class Turn:
    """A game's lock for one request, waited for at most ``TURN_WAIT``
    seconds: a request behind others that meet a locked database is answered
    503 after one bounded wait, not after each one's in turn. A class rather
    than a generator with ``contextmanager``, whose making, entering and
    leaving took five of Python's calls each request."""

    __slots__ = ("lock",)

    def __init__(self, lock: threading.Lock):
        self.lock = lock

    def __enter__(self) -> None:
        if not self.lock.acquire(timeout=TURN_WAIT):
            raise Unavailable("This game's earlier requests are still waiting for the database; nothing was "
                              "recorded. Try again in a few seconds.", "game_busy")

    def __exit__(self, *exc_info: Any) -> None:
        self.lock.release()


class HistoryCache:
    """Each game's history, cached in memory and brought up to date from its
    shard's store, and one lock per game."""

    def _lock(self, game_id: UUID) -> threading.Lock:
        return self._locks(game_id)

    def _turn(self, gid: UUID) -> Turn:
        """The game's lock for one request (``Turn``)."""
        return Turn(self._lock(gid))

    def store_of(self, gid: UUID) -> Tablelog:
        """The store of the shard the game's id names (404: a shard this service does not have)."""
        try:
            return self.shards.of(gid)
        except UnknownShard:
            raise NotFound(said(N_("There is no game {game}."), game=str(gid))) from None

    def checkpoints_of(self, gid: UUID) -> Checkpoints:
        """The stored checkpoints of the game's shard (404: a shard this service does not have)."""
        self.store_of(gid)
        return self.shard_checkpoints[shard_of(gid)]

    @staticmethod
    def parse_id(text: str | UUID) -> UUID:
        try:
            return text if isinstance(text, UUID) else game_id_of(str(text))
        except ValueError:
            raise NotFound(said(N_("There is no game {game!r}."), game=text)) from None

    def history(self, game_id: str | UUID) -> GameHistory:
        """The game's history, brought up to date with the store."""
        gid = self.parse_id(game_id)
        with self._turn(gid):
            return self._synced(gid)

    def _synced(self, gid: UUID) -> GameHistory:
        """``_sync`` for a read: while the database is away, this worker's copy where it has one."""
        try:
            return self._sync(gid)
        except (OperationalError, InterfaceError):
            # Writes always go to the store; a read answers from the copy.
            cached = self._histories.get(gid)
            if cached is None:
                raise
            return cached

    def head(self, game_id: str | UUID) -> Head:
        """The game as of its newest version, taken in the game's turn: a
        write changes the version, the moves and the state while it runs (and
        before its save, which may yet fail), so a read that takes them one by
        one may pair one version with another's state."""
        gid = self.parse_id(game_id)
        with self._turn(gid):
            hist = self._synced(gid)
            return Head(hist, hist.version, hist.state_version, len(hist.effective),
                        hist.effective[-1] if hist.effective else 0, hist.state)

    def _sync(self, gid: UUID, anchor_too: bool = False) -> GameHistory:
        """The game's history brought up to date with the store; with
        ``anchor_too`` (a write is next) its keyed anchor as well, in the
        same query where the store can (``select_after``)."""
        hist = self._histories.get(gid)
        if hist is None:
            hist = self._load(gid)
            with self._guard:
                self._histories[gid] = hist
        else:
            store = self.store_of(gid)
            anchor = self._anchors.get(gid) if anchor_too else None
            if anchor is not None and hasattr(store.recorder, "select_after"):
                self._catch_up_with_anchor(store, hist, anchor)
            else:
                hist.feed(store.game_events(gid, hist.version))
            self.checkpoints_of(gid).keep(hist)
            with self._guard:
                self._histories.touch(gid)
        self.heads.saw(self.store_of(gid).identity, gid, hist.version)
        return hist

    def _catch_up_with_anchor(self, store: Tablelog, hist: GameHistory, anchor: HeadAnchor) -> None:
        """The game's events after its cached version and its anchor's after
        the anchor's, read in one query (one view of the store, so both end
        at the same write). An anchor moved on by the store is checked with
        the key as one read by the repository is; one that does not hold is
        dropped, so the write's own look at it (``_anchor_of``) reads it
        again and refuses."""
        events = [store.decoded(stored)
                  for stored in store.recorder.select_after(hist.id, hist.version, anchor.id, anchor.version)]
        hist.feed([event for event in events if event.originator_id == hist.id])
        moved = [event for event in events if event.originator_id == anchor.id]
        if not moved:
            return
        for event in moved:
            event.mutate(anchor)
        if self._anchor_differs(anchor, hist.record):
            with self._guard:
                self._anchors.pop(hist.id, None)

    def _cached_head(self, gid: UUID, store: Tablelog, expected_version: int | None) -> GameHistory | None:
        """The game's cached history, when this host's writers know of no
        later version (service/store/heads.py): a write may then be checked
        against it without reading the store (``store``, the game's) first."""
        hist = self._histories.get(gid)
        if hist is None or (expected_version is not None and expected_version != hist.version):
            return None
        if not self.heads.current(store.identity, gid, hist.version):
            return None
        return hist         # marked as just used by the lookup

    def _load(self, gid: UUID) -> GameHistory:
        """The game's history from its newest stored checkpoint and the events
        after it, or from every event when none fits (service.store.snapshots);
        it reads older parts from the store when asked (domain.history)."""
        def read(after: int, upto: int | None) -> Iterator[Any]:
            return self.stored_events(gid, upto, after=after)

        started = next(iter(read(0, 1)), None)
        if started is None or not is_game_start(started):
            raise NotFound(said(N_("There is no game {game}."), game=str(gid)))
        checkpoints = self.checkpoints_of(gid)
        hist = checkpoints.restored(started, read)
        if hist is None:
            hist = GameHistory(started, read=read)
            hist.checkpoint_at = checkpoints.stored_at(gid, hist.table.rules_version)
            hist.feed(read(1, None))
        checkpoints.keep(hist)
        return hist

    def ids(self) -> Iterator[UUID]:
        """Every game's id, oldest first in each shard, shard by shard."""
        topic = f"{GameRecord.__module__}:{GameRecord.__qualname__}.Started"
        for store in self.shards.stores:
            start = 1
            while batch := store.recorder.select_notifications(start, 500, topics=[topic]):
                for notification in batch:
                    yield notification.originator_id
                start = batch[-1].id + 1

    def _forget(self, gid: UUID) -> None:
        with self._guard:
            self._histories.pop(gid, None)
            self._anchors.pop(gid, None)

"""The service's per-game memory, bounded: what a process keeps of each game
(its history, its anchor, its unsealed seed, a first answer, a whole log) is
a least-recently-used cache, so a long-running worker that has touched every
game keeps a bounded number of them; and each game's lock lives only while a
request holds it."""
from __future__ import annotations

import threading
import weakref
from typing import Any, Callable
from uuid import UUID

from cachetools import LRUCache


class Recent(LRUCache):
    """The most recently used items, at most ``maxsize`` of them (or of
    ``getsizeof``'s measure: the entries of the logs kept), safe to share
    between a worker's threads. An item larger than the whole cache is not
    kept (and pushes nothing else out)."""

    def __init__(self, maxsize: int, getsizeof: Callable[[Any], int] | None = None):
        super().__init__(maxsize, getsizeof)
        self._mutex = threading.RLock()

    def __getitem__(self, key: Any) -> Any:
        with self._mutex:
            return super().__getitem__(key)

    def __setitem__(self, key: Any, value: Any) -> None:
        with self._mutex:
            try:
                super().__setitem__(key, value)
            except ValueError:          # larger than the whole cache
                super().pop(key, None)

    def __delitem__(self, key: Any) -> None:
        with self._mutex:
            super().__delitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        # One look-up under one lock: cachetools' ``get`` asks ``in`` first,
        # then ``[]`` takes the lock again (a write makes three of these).
        with self._mutex:
            try:
                return LRUCache.__getitem__(self, key)
            except KeyError:
                return default

    def pop(self, key: Any, *default: Any) -> Any:
        with self._mutex:
            return super().pop(key, *default)

    def touch(self, key: Any) -> None:
        """Marks ``key`` as just used (the last to go)."""
        self.get(key)


class GameLocks:
    """One lock per game, alive while some request holds or waits for it:
    two requests for a game always get the same lock, and a game nobody
    writes to costs nothing."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[UUID, Any] = weakref.WeakValueDictionary()
        self._guard = threading.Lock()

    def __call__(self, game_id: UUID) -> Any:
        with self._guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.Lock()
            return lock

    def __len__(self) -> int:
        return len(self._locks)

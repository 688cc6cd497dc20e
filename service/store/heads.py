"""The newest version each game reached, as the writers on this host know it.

Before a write, a worker must check the move against the game as stored;
reading the game's events after its cached version for that is one query
for every move, mostly to learn that nothing has changed (18–22 % of a
worker's time under load). The workers of one ``serve --production`` share
this small table in memory (an anonymous shared mapping made by gunicorn's
master before it forks them), and each writes into it the version a game
reached when it saved or read that game. A worker whose cached history is at
the version the table holds for the game checks the move against its cache
and saves without reading first.

The table is a hint, never the authority. The store is: a save at a version
that someone else reached first fails on the events table's unique key (a
writer on another host, a race between two workers of this one, a slot that
two games share), and so does the keyed anchor's. Such a save, and a move
refused against the cached game, is tried again after reading the store, as
before, so what a client is answered never depends on the hint. Only writes
use it: a read always asks the store for what is new.

A slot is one aligned 64-bit word: 40 bits of a digest of the store and the
game id, and the version in the other 24. A torn or overwritten slot gives a
mismatch (the writer reads, as it did before) or, very rarely, a false
match (the save then fails and is tried again after a read).
"""
from __future__ import annotations

import hashlib
import mmap
from functools import lru_cache
from uuid import UUID

SLOTS = 1 << 16
"""Slots in the table (8 bytes each: 512 KiB, one mapping per host's server)."""
VERSION_BITS = 24
VERSION_MASK = (1 << VERSION_BITS) - 1
KEPT_SLOTS = 4096
"""Games whose slot is kept once reckoned."""


class KnownHeads:
    """Versions of games as this host's writers saved or read them."""

    def __init__(self, slots: int = SLOTS):
        self.slots = slots
        # An anonymous mapping is shared with the processes forked after it is made.
        self._map = mmap.mmap(-1, slots * 8)
        self._words = memoryview(self._map).cast("Q")

    def _slot(self, store: str, gid: UUID) -> tuple[int, int]:
        return slot(store, gid, self.slots)

    def current(self, store: str, gid: UUID, version: int) -> bool:
        """Whether ``version`` is the newest version of the game a writer on this host knows."""
        if not 0 < version <= VERSION_MASK:
            return False
        index, tag = self._slot(store, gid)
        return self._words[index] == tag | version

    def saw(self, store: str, gid: UUID, version: int) -> None:
        """The game is at ``version`` at least (saved or read just now). A
        slot holding the same game at a later version keeps it."""
        if not 0 < version <= VERSION_MASK:
            return
        index, tag = self._slot(store, gid)
        word = self._words[index]
        if word & ~VERSION_MASK == tag and word & VERSION_MASK > version:
            return
        self._words[index] = tag | version


@lru_cache(maxsize=KEPT_SLOTS)
def slot(store: str, gid: UUID, slots: int) -> tuple[int, int]:
    """The game's slot in a table of ``slots`` and the tag that names the
    game there (a write asks for it twice: kept for the games written lately)."""
    digest = int.from_bytes(hashlib.blake2b(store.encode() + gid.bytes, digest_size=8).digest(), "big")
    tag = (digest >> VERSION_BITS) | 1          # never 0: an empty slot matches no game
    return digest % slots, tag << VERSION_BITS


_shared: KnownHeads | None = None


def shared() -> KnownHeads:
    """This process's table: the one made before the workers were forked
    (``share``), or a table of its own."""
    global _shared
    if _shared is None:
        _shared = KnownHeads()
    return _shared


def share() -> KnownHeads:
    """Make the table now, in the process that will fork the workers."""
    return shared()

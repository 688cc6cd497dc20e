"""Games spread over several databases (shards), each its own eventsourcing
application with its own events table, views and views runner.

The shard map is a list of database URLs: shard 0 is ``--database`` (an
existing deployment, unchanged), shards 1, 2, ... follow in the order
``--shard URL`` (or ``TABLELOG_SHARDS``, URLs separated by spaces or commas)
gives them. A game's shard is written in its id, so no lookup table is
needed and adding a shard moves no game:

- an id of UUID version 8 (RFC 9562, "custom") names its shard in its
  eighth byte (``bytes[7]``, 0-255); its other 114 bits are random (or, for
  an idempotent create, the request's uuid5);
- every other id (the version-4 and version-5 ids tablelog has always made)
  is on shard 0, and shard 0's new games keep getting such ids.

The order of the list is therefore part of every stored id: a shard is only
ever added at the end. Each shard's database holds a ``ShardMark`` naming
its number, and opening a map whose order disagrees with the marks is
refused (rather than answering 404 for every game on the moved shards).

An idempotent create's shard is claimed on shard 0 (``CreateClaim``, see
``Shards.claimed_id``), so its retries reach the same shard whatever map the
process that answers them has. House catalogs live on shard 0 (a game copies the catalog's content into
its own record when it starts, so a game on any shard needs shard 0 only
when it is created with one).
"""
from __future__ import annotations

import hashlib
import itertools
import os
from typing import Sequence
from uuid import NAMESPACE_URL, UUID, uuid4, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from service.settings import load
from service.store.database import DatabaseURLError, Tablelog, database_url, open_store

ENV_SHARDS = "TABLELOG_SHARDS"
SHARD_BYTE = 7
"""The byte of a version-8 id that holds its shard's number."""
MAX_SHARDS = 256


class UnknownShard(LookupError):
    """An id that names a shard this map does not have."""


def shard_of(gid: UUID) -> int:
    """The number of the shard that holds the game ``gid``."""
    return gid.bytes[SHARD_BYTE] if gid.version == 8 else 0


def on_shard(base: UUID, shard: int) -> UUID:
    """``base`` as the id of a game on ``shard``: itself on shard 0, else
    ``base``'s bits in a version-8 id with the shard's number in it."""
    if shard == 0:
        return base
    raw = bytearray(base.bytes)
    raw[6] = 0x80 | (raw[6] & 0x0F)         # version 8
    raw[8] = 0x80 | (raw[8] & 0x3F)         # the RFC variant
    raw[SHARD_BYTE] = shard
    return UUID(bytes=bytes(raw))


def shard_urls(database: str | None = None, shards: Sequence[str] | None = None) -> list[str]:
    """The shard map: shard 0 is ``database`` (as ``--database`` defaults),
    then ``shards`` (default ``TABLELOG_SHARDS``)."""
    if shards is None:
        shards = load().shards
    urls = [database_url(database), *shards]
    if len(set(urls)) != len(urls):
        raise DatabaseURLError("Each shard is a database of its own: a URL is named twice in the shard map.")
    if len(urls) > MAX_SHARDS:
        raise DatabaseURLError(f"A shard map holds at most {MAX_SHARDS} databases (an id names its shard in a byte).")
    return urls


class ShardMark(Aggregate):
    """Which shard a database is: written once, when the database first
    serves in a map of more than one shard."""

    @event("Marked")
    def __init__(self, number: int, id: UUID | None = None):  # noqa: A002
        self.number = number


MARK_ID = uuid5(NAMESPACE_URL, "tablelog:shard-mark")


class CreateClaim(Aggregate):
    """The shard the game of one Idempotency-Key is made on, kept on shard 0
    (see ``Shards.claimed_id``)."""

    @event("Claimed")
    def __init__(self, shard: int, id: UUID | None = None):  # noqa: A002
        self.shard = shard


CLAIMS = uuid5(NAMESPACE_URL, "tablelog:create-claims")


def claim_id(base: UUID) -> UUID:
    return uuid5(CLAIMS, str(base))


class Shards:
    """The stores of a shard map, and which one holds (or gets) a game."""

    def __init__(self, stores: Sequence[Tablelog]):
        self.stores = list(stores)
        self._turn = itertools.count(first_turn(len(self.stores)))

    @property
    def home(self) -> Tablelog:
        """Shard 0: the house catalogs, and every game made before there were shards."""
        return self.stores[0]

    def __len__(self) -> int:
        return len(self.stores)

    def of(self, gid: UUID) -> Tablelog:
        """The store of the game ``gid`` (UnknownShard: none in this map)."""
        number = shard_of(gid)
        if number >= len(self.stores):
            raise UnknownShard(number)
        return self.stores[number]

    def new_id(self) -> UUID:
        """A new game's id, on the next shard in turn (so new games spread evenly)."""
        return on_shard(uuid4(), next(self._turn) % len(self.stores))

    def request_id(self, base: UUID, key: str) -> UUID:
        """The id a create under the Idempotency-Key ``key`` makes: on a
        shard the key chooses, the same in every process with this map."""
        return on_shard(base, int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") % len(self.stores))

    def claimed_id(self, base: UUID, key: str) -> UUID:
        """The id of the game a create under the Idempotency-Key ``key``
        (whose id on shard 0 is ``base``) makes or made: the shard is claimed
        for the key on shard 0 once, before the game is made, so every
        process, with any shard map, sends every retry of the key to the
        same shard. A game made under the key while there was one shard is
        on shard 0 under ``base``; with one shard nothing is claimed."""
        if len(self.stores) == 1:
            return base
        claimed = self._claim(base)
        if claimed is not None:
            return claimed
        if next(iter(self.home.recorder.select_events(base, limit=1)), None) is not None:
            return base
        chosen = self.request_id(base, key)
        try:
            self.home.save(CreateClaim(shard_of(chosen), id=claim_id(base)))
        except IntegrityError:          # another process claimed it at the same moment: its shard
            return self._claim(base) or chosen
        return chosen

    def _claim(self, base: UUID) -> UUID | None:
        try:
            return on_shard(base, self.home.repository.get(claim_id(base)).shard)
        except AggregateNotFoundError:
            return None

    def mark(self) -> None:
        """Check each database is the shard its place in the map says (and
        mark the ones not marked yet); a single database is left as it is."""
        for number, store in enumerate(self.stores):
            found = self._mark_of(store, number)
            if found is not None and found != number:
                raise DatabaseURLError(f"The database given as shard {number} is shard {found}: the shard map's "
                                       "order is part of every game's id, so shards are only ever added at the "
                                       "end of it.")

    def _mark_of(self, store: Tablelog, number: int) -> int | None:
        """The shard number ``store`` is marked with, marking it ``number``
        first when it has none and the map has several shards."""
        try:
            return store.repository.get(MARK_ID).number
        except AggregateNotFoundError:
            if len(self.stores) == 1:
                return None
        try:
            store.save(ShardMark(number, id=MARK_ID))
        except IntegrityError:          # another process marked it at the same moment
            pass
        return store.repository.get(MARK_ID).number

    def close(self) -> None:
        for store in self.stores:
            store.close()


def first_turn(count: int) -> int:
    """Where a process's turn over the shards starts: at random, so that
    processes started together do not all begin on shard 0."""
    return int.from_bytes(os.urandom(2), "big") % max(count, 1)


def open_shards(database: str | None = None, shards: Sequence[str] | None = None,
                migrate: bool | None = None) -> Shards:
    """Every store of the shard map, opened (see service.store.database.open_store) and checked."""
    opened: list[Tablelog] = []
    try:
        for url in shard_urls(database, shards):
            opened.append(open_store(url, migrate))
        found = Shards(opened)
        found.mark()
    except BaseException:
        for store in opened:
            store.close()
        raise
    return found

"""The application layer's front: ``Games`` is every game in its shard's store,
put together from the parts of this package (the cache, access, integrity,
the write pipeline, commands, reads, records, catalogs, statistics). It
decides no rule: every move goes through the game's ``check`` and ``apply``."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any
from uuid import UUID


from domain.record import (HeadAnchor)
from domain.history import GameHistory
from replay.views import MergedViews, Views
from service.store import heads
from service.store.snapshots import Checkpoints
from service.store.keys import Keyring, load_keyring
from service.store.shards import Shards
from service.store.database import Tablelog

from service.app.cache import HistoryCache
from service.app.access import Access
from service.app.integrity import Integrity
from service.app.writes import Writes
from service.app.commands import Commands
from service.app.reads import Reads
from service.app.records import Records
from service.app.catalogs import Catalogs
from service.app.statistics import Statistics


class Games(Commands, Reads, Records, Writes, Integrity, Access, Catalogs, Statistics, HistoryCache):
    """Every game in its shard's store (one store, or several: see
    service.store.shards), with each game's history cached in memory."""

    def __init__(self, store: Tablelog | Shards, keyring: Keyring | None | str = "configured",
                 cache_size: int = 256):
        self.shards = store if isinstance(store, Shards) else Shards([store])
        self.store = self.shards.home     # house catalogs, and every game when there is one shard
        # By default the key configured for this user (TABLELOG_KEY,
        # TABLELOG_KEY_FILE, the configuration folder); never created here.
        self.keyring = load_keyring()[0] if keyring == "configured" else keyring
        self._seeds: dict[UUID, tuple[int, str]] = {}      # game id -> (seed, salt), unsealed
        self._anchors: dict[UUID, HeadAnchor] = {}         # game id -> its head's anchor, as last saved here
        self.cache_size = cache_size
        self._histories: OrderedDict[UUID, GameHistory] = OrderedDict()
        self._locks: dict[UUID, threading.Lock] = {}
        self._guard = threading.Lock()
        # One views runner per shard's database; the readers merge them.
        self.shard_views = [Views(shard, self.summary) for shard in self.shards.stores]
        self.views = self.shard_views[0] if len(self.shard_views) == 1 else MergedViews(self.shard_views)
        # Each shard keeps its own games' checkpoints (in its snapshots table).
        self.shard_checkpoints = [Checkpoints(shard, self.keyring) for shard in self.shards.stores]
        self._first_answers: OrderedDict[UUID, tuple[str, dict[str, Any]]] = OrderedDict()
        self._logs: OrderedDict[tuple[UUID, str | None], tuple[int, list[dict[str, Any]]]] = OrderedDict()
        self._log_entries = 0          # entries in the kept logs, in all
        self.heads = heads.shared()      # the versions this host's writers know (service/store/heads.py)

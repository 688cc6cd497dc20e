"""The application layer's front: ``Games`` is every game in its shard's store,
put together from the parts of this package (the cache, access, integrity,
the write pipeline, commands, reads, records, catalogs, statistics). It
decides no rule: every move goes through the game's ``check`` and ``apply``."""
from __future__ import annotations

import threading


from replay.views import MergedViews, Views
from service.store import heads
from service.store.snapshots import Checkpoints
from service.store.keys import Keyring, load_keyring
from service.store.shards import Shards
from service.store.database import Tablelog
from service.app.caches import GameLocks, Recent

from service.app.cache import HistoryCache
from service.app.access import Access
from service.app.integrity import Integrity
from service.app.writes import Writes
from service.app.commands import LOADED_MOVES, Commands
from service.app.reads import Reads
from service.app.records import Records
from service.app.catalogs import Catalogs
from service.app.statistics import Statistics
from service.app.groups import GROUPS_KEPT, Groups
from service.app.cache import KEPT_GAMES
from service.app.reads import LOG_CACHE_ENTRIES


class Games(Commands, Reads, Records, Writes, Integrity, Access, Catalogs, Statistics, Groups, HistoryCache):
    """Every game in its shard's store (one store, or several: see
    service.store.shards), with each game's history cached in memory."""

    def __init__(self, store: Tablelog | Shards, keyring: Keyring | None | str = "configured",
                 cache_size: int = 256):
        self.shards = store if isinstance(store, Shards) else Shards([store])
        self.store = self.shards.home     # house catalogs, and every game when there is one shard
        # By default the key configured for this user (TABLELOG_KEY,
        # TABLELOG_KEY_FILE, the configuration folder); never created here.
        self.keyring = load_keyring()[0] if keyring == "configured" else keyring
        # Per game, bounded (service/app/caches.py): each is read again from the store when it was let go.
        self._seeds = Recent(KEPT_GAMES)        # game id -> (seed, salt), unsealed
        self._anchors = Recent(KEPT_GAMES)      # game id -> its head's anchor, as last saved here
        self.cache_size = cache_size
        self._histories = Recent(cache_size)
        self._groups = Recent(GROUPS_KEPT)      # group id -> its record as last read (service/app/groups.py)
        self._locks = GameLocks()
        self._guard = threading.Lock()
        # One views runner per shard's database; the readers merge them.
        self.shard_views = [Views(shard, self.summary) for shard in self.shards.stores]
        self.views = self.shard_views[0] if len(self.shard_views) == 1 else MergedViews(self.shard_views)
        # Each shard keeps its own games' checkpoints (in its snapshots table).
        self.shard_checkpoints = [Checkpoints(shard, self.keyring) for shard in self.shards.stores]
        self._first_answers = Recent(cache_size)    # request key -> (what it asked, the answer)
        self._loaded_moves = Recent(LOADED_MOVES)     # (game, a flat move's items) -> the move loaded
        # (game id, seat) -> (version, the whole log), at most LOG_CACHE_ENTRIES entries in all
        self._logs = Recent(LOG_CACHE_ENTRIES, getsizeof=lambda kept: max(1, len(kept[1])))
        self.heads = heads.shared()      # the versions this host's writers know (service/store/heads.py)

"""The service's health, as two questions.

- Liveness (``GET /api/health/live``): does the process answer? Nothing else
  is asked (not the database): a process that answers is not restarted for
  a database that is away.
- Readiness (``GET /api/health/ready``, and ``GET /api/health``): can it
  serve writes and keep its views? Every store (each shard) answers; none is
  read-only (PostgreSQL: ``default_transaction_read_only``, a hot standby;
  SQLite: ``query_only``, a file or folder it may not write); SQLite's write
  lock is given within its lock timeout; its disk has room and the file may
  grow (``PRAGMA max_page_count``, read, not written); and the views' runner
  did not fail its last try (this process's, or the process that runs them:
  ``tablelog views``, the production server's own). Not ready is 503 with
  Retry-After, naming what failed.
"""
from __future__ import annotations

import os
import shutil
from typing import Any

from service.store.database import Tablelog

LOW_DISK = 1 << 20
"""Bytes free (on its disk, or below its ``max_page_count``) under which a SQLite store counts as full."""


def cannot_write(store: Tablelog) -> str | None:
    """Why ``store`` cannot write now, or None. A database that does not
    answer raises (the caller's 503)."""
    store.recorder.max_notification_id()
    datastore = store.recorder.datastore
    if store.is_postgres:
        with datastore.transaction(commit=False) as curs:
            curs.execute("SELECT current_setting('transaction_read_only') AS read_only, "
                         "pg_is_in_recovery() AS standby")
            row = curs.fetchone()
        if row["read_only"] == "on" or row["standby"]:
            return "the database is read-only"
        return None
    path = store.env.get("SQLITE_DBNAME") or ""
    if path and ":memory:" not in path and "mode=memory" not in path:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.access(path, os.W_OK) or not os.access(folder, os.W_OK):
            return "the database file cannot be written"
        if shutil.disk_usage(folder).free < LOW_DISK:
            return "the database's disk is full"
    with datastore.transaction(commit=True) as curs:        # the write lock, within the lock timeout
        read_only, pages, most, free, size = (
            _pragma(curs, name) for name in ("query_only", "page_count", "max_page_count", "freelist_count",
                                             "page_size"))
    if read_only:
        return "the database is read-only"
    if (most - pages + free) * size < LOW_DISK:
        # The file may not grow past max_page_count (set on the connection), seen without writing.
        return "the database is full (max_page_count)"
    return None


def _pragma(curs: Any, name: str) -> int:
    curs.execute(f"PRAGMA {name}")
    row = curs.fetchone()
    return int(list(dict(row).values())[0]) if row else 0


def readiness(games: Any) -> dict[str, Any]:
    """What readiness found: ``ok``, and ``problems`` (empty when ready)."""
    problems = [f"shard {number}: {why}" if len(games.shards.stores) > 1 else why
                for number, store in enumerate(games.shards.stores) if (why := cannot_write(store))]
    for views in games.shard_views:
        if failing := views.runner_failing():      # its runner tries again every half second
            problems.append(f"the views cannot be kept: {failing}")
    return {"ok": not problems, "database": "postgresql" if games.store.is_postgres else "sqlite",
            "problems": problems}

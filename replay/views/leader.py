"""Which process runs the projection: the one that holds the database's views
lock (a PostgreSQL advisory lock, or a lock file beside a SQLite file)."""
from __future__ import annotations

import fcntl
import os
import time
from typing import Any

import psycopg

from replay.views.tables import LEADER_LOCK


class Leader:
    """The right to run the views' projection for one database, held by one
    process at a time and let go when that process ends. ``hold`` tries for
    it without waiting and says whether this process holds it now; ``held``
    says whether it did at the last try."""

    held = True

    def hold(self) -> bool:
        return True

    def release(self) -> None:
        pass


class PostgresLeader(Leader):
    """A session advisory lock on a connection of its own: the server lets it
    go when the process or its connection dies."""

    CHECK_EVERY = 1.0
    """Seconds between checks that the lock's connection still stands."""

    def __init__(self, datastore: Any):
        self.connect_args = dict(datastore.pool.kwargs)
        self.connect_args.pop("row_factory", None)
        self._conn: psycopg.Connection | None = None
        self._checked = 0.0

    @property
    def held(self) -> bool:  # type: ignore[override]
        return self._conn is not None

    def hold(self) -> bool:
        try:
            if self._conn is not None:
                if time.monotonic() - self._checked > self.CHECK_EVERY:
                    self._conn.execute("SELECT 1")        # still connected, so still held
                    self._checked = time.monotonic()
                return True
            conn = psycopg.connect(**self.connect_args, autocommit=True, connect_timeout=2)
        except psycopg.Error:
            self.release()
            return False
        try:
            got = conn.execute("SELECT pg_try_advisory_lock(%s)", [LEADER_LOCK]).fetchone()[0]
        except psycopg.Error:
            got = False
        if got:
            self._conn, self._checked = conn, time.monotonic()
        else:
            conn.close()
        return bool(got)

    def release(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except psycopg.Error:
                pass


class FileLeader(Leader):
    """An exclusive ``flock`` on a file beside the SQLite database."""

    def __init__(self, path: str):
        self.path = path
        self._file: Any = None

    @property
    def held(self) -> bool:  # type: ignore[override]
        return self._file is not None

    def hold(self) -> bool:
        if self._file is not None:
            return True
        try:
            handle = open(self.path, "a+b")
        except OSError:
            return False
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._file = handle
        return True

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is not None:
            handle.close()


def views_leader(store: Any) -> Leader:
    """Who may run the projection for ``store``'s database."""
    datastore = store.recorder.datastore
    if store.is_postgres:
        return PostgresLeader(datastore)
    name = datastore.pool.db_name
    if datastore.pool.is_sqlite_memory_mode:
        return Leader()         # one process sees this database: it always runs the projection
    return FileLeader(os.path.abspath(name) + "-views.lock")

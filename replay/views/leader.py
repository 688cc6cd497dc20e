"""Which process runs the projection: the one that holds the database's views
lock (a PostgreSQL advisory lock, or a lock file beside a SQLite file).

The holder says beside its lock which process it is and whether its last
try failed (on its lock's connection as the session's ``application_name``,
or in the lock file), so any process can ask ``runner()``: readers wait for
a runner that is there, and readiness says when it fails, wherever it runs."""
from __future__ import annotations

import fcntl
import json
import os
import time
from dataclasses import dataclass
from typing import Any

import psycopg

from replay.views.tables import LEADER_LOCK

RUNNER_NAME = "tablelog-views"
"""How the runner's lock connection names itself to PostgreSQL (then its process id)."""
FAILING = "failing: "


@dataclass(frozen=True)
class Runner:
    """The process that holds the views lock, as any process sees it."""

    pid: int | None
    """Its process id (None: it did not say)."""
    failing: str | None
    """Why its last try to bring the views up to date failed (None: it did not)."""


def _said(pid: int, failing: str | None) -> str:
    return f"{RUNNER_NAME} {pid}" + (f" {FAILING}{failing}" if failing else "")


class Leader:
    """The right to run the views' projection for one database, held by one
    process at a time and let go when that process ends. ``hold`` tries for
    it without waiting and says whether this process holds it now; ``held``
    says whether it did at the last try; ``publish`` tells the other
    processes how the holder fares; ``runner`` asks who holds it (reads only)."""

    held = True

    def hold(self) -> bool:
        return True

    def release(self) -> None:
        pass

    def publish(self, failing: str | None) -> None:
        pass

    def runner(self) -> Runner | None:
        return None         # one process sees this database: no runner elsewhere


class PostgresLeader(Leader):
    """A session advisory lock on a connection of its own: the server lets it
    go when the process or its connection dies."""

    CHECK_EVERY = 1.0
    """Seconds between checks that the lock's connection still stands."""

    def __init__(self, datastore: Any):
        self.datastore = datastore
        self.connect_args = dict(datastore.pool.kwargs)
        self.connect_args.pop("row_factory", None)
        self.connect_args["application_name"] = _said(os.getpid(), None)
        self._conn: psycopg.Connection | None = None
        self._checked = 0.0
        self._published: str | None = None

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
            self._conn, self._checked, self._published = conn, time.monotonic(), None
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

    def publish(self, failing: str | None) -> None:
        if self._conn is None or failing == self._published:
            return
        try:
            self._conn.execute("SELECT set_config('application_name', %s, false)", [_said(os.getpid(), failing)])
            self._published = failing
        except psycopg.Error:
            self.release()          # the lock's connection is gone, and the lock with it

    RUNNER_QUERY = ("SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                    "WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = %s "
                    "AND l.objsubid = 1 AND l.database = (SELECT oid FROM pg_database WHERE datname = "
                    "current_database())")

    def runner(self) -> Runner | None:
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self.RUNNER_QUERY, [LEADER_LOCK])
            row = curs.fetchone()
        return None if row is None else _parsed(row["application_name"] or "")


class FileLeader(Leader):
    """An exclusive ``flock`` on a file beside the SQLite database."""

    def __init__(self, path: str):
        self.path = path
        self._file: Any = None
        self._published: str | None = None

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
        self._write(None)
        return True

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is not None:
            handle.close()

    def publish(self, failing: str | None) -> None:
        if self._file is not None and failing != self._published:
            self._write(failing)

    def _write(self, failing: str | None) -> None:
        try:
            self._file.seek(0)
            self._file.truncate()
            self._file.write(json.dumps({"pid": os.getpid(), "failing": failing}).encode())
            self._file.flush()
            self._published = failing
        except OSError:
            pass            # a full disk: the lock still holds; readers see a runner that did not say

    def runner(self) -> Runner | None:
        try:
            handle = open(self.path, "rb")      # read only: asking writes nothing
        except OSError:
            return None     # no lock file: no runner ever ran here
        with handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                pass        # held: read what its holder says
            else:
                return None
            try:
                said = json.loads(handle.read() or b"{}")
            except ValueError:
                said = {}
        pid = said.get("pid")
        return Runner(pid if isinstance(pid, int) else None, said.get("failing") or None)


def _parsed(name: str) -> Runner:
    """A runner's ``application_name`` read back (a name it did not set: a runner that did not say)."""
    prefix, _, rest = name.partition(" ")
    pid, _, failing = rest.partition(" ")
    if prefix != RUNNER_NAME or not pid.isdigit():
        return Runner(None, None)
    return Runner(int(pid), failing.removeprefix(FAILING) or None)


def views_leader(store: Any) -> Leader:
    """Who may run the projection for ``store``'s database."""
    datastore = store.recorder.datastore
    if store.is_postgres:
        return PostgresLeader(datastore)
    name = datastore.pool.db_name
    if datastore.pool.is_sqlite_memory_mode:
        return Leader()         # one process sees this database: it always runs the projection
    return FileLeader(os.path.abspath(name) + "-views.lock")

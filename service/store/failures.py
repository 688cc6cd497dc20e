"""The ways a database cannot write, told apart from a program's own error.

A request that meets one is answered 503 with Retry-After (service.http.app):
nothing was recorded that a retry under the same Idempotency-Key would record
twice, and the same request may succeed in a few seconds. They are:

- the server away or refusing connections, a pool with no connection to
  give, a connection an administrator ended (``pg_terminate_backend``), a
  server shutting down or starting (PostgreSQL's classes 08 and 57);
- a read-only database (``default_transaction_read_only``, a hot standby:
  25006), a transaction cut off while idle (25P03);
- a full disk or too few resources (class 53; SQLite's ``database or disk is
  full``, also under ``PRAGMA max_page_count``), an I/O error (class 58);
- a lock that was not given in time, a serialization failure or deadlock
  (55P03, class 40; SQLite's ``database is locked``);
- a write that lost its race to other writers every time it was tried
  (``WriteConflict``).

eventsourcing wraps the driver's errors in its own (its InternalError for a
read-only transaction, say), so the whole chain of causes is looked at.
"""
from __future__ import annotations

import errno
import sqlite3
from typing import Iterator

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError
from psycopg_pool import PoolTimeout

CANNOT_WRITE_STATES = ("08", "25006", "25P03", "40", "53", "55P03", "57", "58")
"""SQLSTATE classes and codes of PostgreSQL errors that mean the database cannot write now."""
SQLITE_CANNOT_WRITE = ("locked", "busy", "disk is full", "disk i/o", "readonly database", "read-only",
                       "unable to open", "out of memory")
"""Words of SQLite's messages for the same."""


FILE_CANNOT_WRITE = (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO)
"""A file system that cannot write (SQLite's file, its journal)."""


class WriteConflict(RuntimeError):
    """A write that lost its race to other writers on every try."""


def causes(error: BaseException) -> Iterator[BaseException]:
    """The error and every error it was raised from or during."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def cannot_write(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot write now (see the module's doc)."""
    for cause in causes(error):
        if isinstance(cause, (OperationalError, InterfaceError, PoolTimeout, psycopg.OperationalError,
                              psycopg.InterfaceError, WriteConflict, ConnectionError, TimeoutError)):
            return True
        state = getattr(cause, "sqlstate", None)
        if isinstance(cause, psycopg.Error) and state and state.startswith(CANNOT_WRITE_STATES):
            return True
        if isinstance(cause, sqlite3.Error):
            message = str(cause).lower()
            if isinstance(cause, sqlite3.OperationalError) or any(w in message for w in SQLITE_CANNOT_WRITE):
                return True
        if isinstance(cause, OSError) and cause.errno in FILE_CANNOT_WRITE:
            return True
    return False

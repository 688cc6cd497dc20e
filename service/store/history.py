"""The store's migration history, kept with yoyo-migrations.

Each change to what tablelog keeps in a database (eventsourcing's tables,
the views' tables, the append-only trigger, the insert function) is one
numbered migration in ``service/store/migrations/``; the database records
which it has had (yoyo's ``_yoyo_migration`` table). The first,
``0001.baseline``, is the schema as tablelog made it before there was a
history: it creates what is missing and changes nothing that is there, so a
database made then is recognised and stamped as it is.

Who applies them: ``tablelog migrate`` (with the tables' owner's URL), and
any start whose role may (a SQLite file; on PostgreSQL the tables' owner, as
in development). ``serve --production`` on PostgreSQL runs as a role that
owns no table and refuses to start while a migration is pending
(``check_production_store``). A SQLite database in memory lives for one
process: it gets the tables, and no history.
"""
from __future__ import annotations

import contextlib
import contextvars
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlparse

from eventsourcing.persistence import OperationalError
from yoyo import get_backend, read_migrations
from yoyo.exceptions import LockTimeout

MIGRATIONS = Path(__file__).with_name("migrations")
HISTORY_TABLE = "_yoyo_migration"
"""yoyo's table of the migrations a database has had (what the service role reads)."""

store_being_migrated: contextvars.ContextVar[Any] = contextvars.ContextVar("store_being_migrated")
"""The application whose database the running migration changes: its steps
create eventsourcing's tables through the library's own recorders."""


LOCK_WAIT = 60
"""Seconds a migration waits for another process's to finish."""


class MigrationLocked(RuntimeError):
    """Another process has held the migration lock for longer than ``LOCK_WAIT``."""


@dataclass
class History:
    """The migrations a database has had, and those it has still to have (in order)."""

    applied: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    done_now: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, list[str]]:
        return {"applied": self.applied, "pending": self.pending, "applied_now": self.done_now}


def migrations() -> Any:
    return read_migrations(str(MIGRATIONS))


def known_ids() -> list[str]:
    return [migration.id for migration in migrations()]


def kept(url: str) -> bool:
    """Whether the database at ``url`` keeps a history (not one in memory)."""
    if not url.startswith("sqlite"):
        return True
    path = url[len("sqlite:///"):]
    return bool(path) and ":memory:" not in path and "mode=memory" not in path


def yoyo_uri(url: str) -> str:
    """``url`` as yoyo names it (psycopg 3 on PostgreSQL)."""
    parsed = urlparse(url)
    if parsed.scheme in ("postgresql", "postgres"):
        return "postgresql+psycopg" + url[len(parsed.scheme):]
    return url


def apply(store: Any, url: str, cursor: Any = None) -> History:
    """Apply the pending migrations to ``store``'s database (``url``), one
    process at a time (yoyo's lock), and say what the database has had.
    A database with none pending is only read (with ``cursor``, or a
    connection of its own on SQLite): a start costs one query."""
    known = read(cursor) if cursor is not None else read_sqlite(url)
    if known is not None and not known.pending:
        return known
    try:
        backend = get_backend(yoyo_uri(url))
    except sqlite3.Error as error:       # a file that cannot be opened: said as eventsourcing says it
        raise OperationalError(str(error)) from error
    try:
        with locked(backend):
            every = migrations()
            pending = backend.to_apply(every)
            token = store_being_migrated.set(store)
            try:
                backend.apply_migrations(pending)
            finally:
                store_being_migrated.reset(token)
            done = [migration.id for migration in pending]
            applied = set(backend.get_applied_migration_hashes())
            return History(applied=[m.id for m in every if m.hash in applied],
                           pending=[m.id for m in every if m.hash not in applied], done_now=done)
    finally:
        backend.connection.close()


@contextlib.contextmanager
def locked(backend: Any) -> Iterator[None]:
    try:
        with backend.lock(timeout=LOCK_WAIT):
            yield
    except LockTimeout as error:
        raise MigrationLocked(
            f"another process has been migrating this database for over {LOCK_WAIT} s ({error}). If none is "
            "running (one stopped half-way), empty the table yoyo_lock and run tablelog migrate again.") from None


def applied_ids(cursor: Any) -> list[str]:
    """The ids of the migrations the database has had, read with a DB-API
    ``cursor`` (a role that may only read: no yoyo backend, which would try
    to create its tables); none when it has no history yet."""
    try:
        cursor.execute(f"SELECT migration_id FROM {HISTORY_TABLE}")
    except Exception as error:       # the table is not there: a database made before the history
        if "does not exist" in str(error) or "no such table" in str(error):
            return []
        raise
    return [row[0] for row in cursor.fetchall()]


def read_sqlite(url: str) -> History | None:
    """The history of a SQLite file, read only; None when it cannot be read so."""
    path = url[len("sqlite:///"):]
    if not Path(path).exists():
        return None
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            return read(conn.cursor())
    except sqlite3.Error:
        return None


def read(cursor: Any) -> History:
    """The history of a database, read only."""
    applied = set(applied_ids(cursor))
    ids = known_ids()
    return History(applied=[i for i in ids if i in applied], pending=[i for i in ids if i not in applied])

"""The events table's recorder on SQLite: eventsourcing's, whose write may
carry a game's stored checkpoints (service/store/snapshots.py) into the
snapshots table in the same transaction as the events.

A checkpoint is a cache, so its part may not refuse the write: a checkpoint
already stored under the same key (another process wrote that stream in the
same millisecond; what is read back is checked anyway) is left as it is
(``INSERT OR IGNORE``), and any other failure of that statement is left out
alone: SQLite backs out only the failing statement and keeps the
transaction, so the events are committed. Where SQLite ended the whole
transaction (its disk full), the write fails as it would have without the
checkpoints.
"""
from __future__ import annotations

import logging
import sqlite3
from typing import Any, Sequence
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteTransaction

log = logging.getLogger("tablelog.store")

RECORDER_TOPIC = f"{__name__}:CheckpointingRecorder"


class Transaction(SQLiteTransaction):
    """eventsourcing's SQLite transaction, begun without the connection's
    statement cache: eventsourcing opens its connections with
    ``cached_statements=True``, a cache of one statement, so a ``BEGIN``
    through it pushed out the write's ``INSERT``, and every write prepared
    both again (about 40,000 instructions a write, 1.6 % of a recorded
    move's). ``executescript`` runs the ``BEGIN`` past the cache, and the
    ``INSERT`` stays prepared from one write to the next. A connection already in a transaction (which
    ``executescript`` would commit first) is begun through the cache, to be
    refused as before."""

    def __enter__(self) -> Any:
        cursor = self.connection.cursor()
        sqlite_cursor = cursor.sqlite_cursor
        if sqlite_cursor.connection.in_transaction:
            cursor.execute("BEGIN")
        else:
            sqlite_cursor.executescript("BEGIN")
        return cursor


class CheckpointingRecorder(SQLiteApplicationRecorder):
    """eventsourcing's SQLite application recorder whose write also inserts
    the checkpoints it is given."""

    keeps_checkpoints = False
    """Whether a write's checkpoints go in its own transaction (once ``with_checkpoints`` named their table)."""

    def with_checkpoints(self, snapshots_table: str) -> None:
        """Writes may carry checkpoints for ``snapshots_table`` (the application's snapshots recorder's table)."""
        self._insert_checkpoints = f"INSERT OR IGNORE INTO {snapshots_table} VALUES (?, ?, ?, ?)"
        self.keeps_checkpoints = True

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """eventsourcing's write, step for step (the pool's writer connection,
        its transaction, its cursor, the connection given back whatever
        happens), without the three generator context managers it is made of
        (``SQLiteDatastore.transaction``, ``get_connection``,
        ``SQLiteConnection.transaction``): about 34,000 instructions a write,
        1.3 % of a recorded move's; begun past the statement cache
        (``Transaction``). Errors are turned into eventsourcing's by its
        ``SQLiteTransaction`` as before."""
        pool = self.datastore.pool
        connection = pool.get_connection(is_writer=True)
        try:
            with Transaction(connection, commit=True) as cursor, cursor:
                return self._insert_events(cursor, stored_events, **kwargs)
        finally:
            pool.put_connection(connection)

    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], *,
                       checkpoints: Sequence[StoredEvent] = (), **kwargs: Any) -> Sequence[int] | None:
        notification_ids = super()._insert_events(c, stored_events, **kwargs)
        if checkpoints and self.keeps_checkpoints:
            try:
                c.executemany(self._insert_checkpoints, [
                    (e.originator_id.hex if isinstance(e.originator_id, UUID) else e.originator_id,
                     e.originator_version, e.topic, e.state) for e in checkpoints])
            except sqlite3.Error as error:
                if not c.sqlite_cursor.connection.in_transaction:     # SQLite ended the transaction
                    raise
                log.info("checkpoints not written (%s): the events are, and the next checkpoint is tried", error)
        return notification_ids

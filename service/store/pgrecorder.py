"""The events table's recorder on PostgreSQL: eventsourcing's, with a write
made in one statement.

eventsourcing's recorder writes events with a pipeline of five statements
(the lock timeout, ``LOCK TABLE … IN EXCLUSIVE MODE``, ``NOTIFY``, the
insert, the notification ids read back) and a sync between them; driving
those from Python was the largest single part of a recorded move's own
processor time on PostgreSQL. Its ``POSTGRES_ENABLE_DB_FUNCTIONS``
setting makes a write one prepared call of a PL/pgSQL function instead, but
that function does not lock the table: two writers could then commit their
notification ids out of order, and the views' runner, which follows the ids
and remembers the last one it processed, would pass over an event for good.
So this recorder's function (``<table>_insert``: ``tablelog_events_insert``
for the events table), takes the same lock
as the pipeline first, and the write is one round trip with the pipeline's
guarantees: ids committed in order, one writer at a time, a conflict on
(game, version) refused as an ``IntegrityError``.

``tablelog migrate`` (and any start as the tables' owner) creates the
function with the tables; a service whose database was migrated before the
function existed writes through the pipeline, as before, and says once that
``tablelog migrate`` would make its writes cheaper.
"""
from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

log = logging.getLogger("tablelog.store")

RECORDER_TOPIC = f"{__name__}:LockingInsertRecorder"


class LockingInsertRecorder(PostgresApplicationRecorder):
    """eventsourcing's PostgreSQL application recorder whose insert function
    locks the events table like its pipeline does."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        schema, table = Identifier(self.datastore.schema), Identifier(self.events_table_name)
        # One function per events table (the composite type it takes is shared by every table).
        self.insert_function = f"{self.events_table_name}_insert"
        self.pg_function_name_insert_events = self.insert_function
        self.sql_invoke_pg_function_insert_events = SQL("SELECT * FROM {schema}.{function}((%s))").format(
            schema=schema, function=Identifier(self.insert_function))
        self.sql_create_pg_function_insert_events = SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{function}(events {schema}.{event}[]) "
            "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
            "BEGIN "
            "  SET LOCAL lock_timeout = '{lock_timeout}s'; "
            "  LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
            "  NOTIFY {channel}; "
            "  RETURN QUERY INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state) "
            "    SELECT originator_id, originator_version, topic, state FROM unnest(events) "
            "    RETURNING notification_id; "
            "END; $BODY$"
        ).format(schema=schema, function=Identifier(self.insert_function), event=Identifier(self.stored_event_type_name),
                 lock_timeout=self.datastore.lock_timeout, table=table, channel=Identifier(self.channel_name))
        self.sql_create_statements[self.create_insert_function_statement_index] = \
            self.sql_create_pg_function_insert_events
        self._select_after = SQL(
            "SELECT originator_id, originator_version, topic, state FROM {schema}.{table} "
            "WHERE (originator_id = %s AND originator_version > %s) OR (originator_id = %s AND originator_version > %s) "
            "ORDER BY originator_id, originator_version").format(schema=schema, table=table)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)      # as eventsourcing's own reads
    def select_after(self, first_id: UUID, first_version: int, second_id: UUID,
                     second_version: int) -> list[StoredEvent]:
        """The events of two originators after a version of each (a game's
        and its anchor's), in one query: one round trip, one view of the
        table. Each originator's come in the order of their versions."""
        with self.datastore.transaction(commit=False) as curs:
            curs.execute(self._select_after, [first_id, first_version, second_id, second_version], prepare=True)
            return [StoredEvent(originator_id=row["originator_id"], originator_version=row["originator_version"],
                                topic=row["topic"], state=bytes(row["state"])) for row in curs.fetchall()]

    def insert_function_present(self) -> bool:
        """Whether the database has this recorder's insert function."""
        with self.datastore.transaction(commit=False) as curs:
            curs.execute("SELECT to_regproc(%s) IS NOT NULL AS present",
                         [f"{self.datastore.schema or 'public'}.{self.insert_function}"])
            row = curs.fetchone()
        return bool(row["present"] if isinstance(row, dict) else row[0])

    def use_insert_function(self) -> bool:
        """Write through the insert function when the database has it, else
        through eventsourcing's pipeline; says which."""
        present = self.insert_function_present()
        self.datastore.enable_db_functions = present
        if not present:
            log.warning("%s is missing from the database: writes go through the slower pipeline until "
                        "tablelog migrate (as the tables' owner) creates it", self.insert_function)
        return present

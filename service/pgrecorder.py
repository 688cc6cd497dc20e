"""The events table's recorder on PostgreSQL: eventsourcing's, with a write
made in one statement.

eventsourcing's recorder writes events with a pipeline of five statements
(the lock timeout, ``LOCK TABLE … IN EXCLUSIVE MODE``, ``NOTIFY``, the
insert, the notification ids read back) and a sync between them; driving
those from Python was the largest single part of a recorded move's own
processor time on PostgreSQL (issue 20). Its ``POSTGRES_ENABLE_DB_FUNCTIONS``
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

from eventsourcing.postgres import PostgresApplicationRecorder
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

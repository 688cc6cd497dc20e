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

A write that makes stored checkpoints due (service/store/snapshots.py)
calls a second function, ``<table>_insert_with_checkpoints``: the same
write, then the checkpoints into the snapshots table, in the same statement
and so in the same transaction. A checkpoint is a cache, so its part may
not refuse the write: it ignores a checkpoint already stored under the same
key (``ON CONFLICT DO NOTHING``: another process wrote that stream in the
same millisecond; what is read back is checked anyway), and any other
failure of that part (a role that may not write the snapshots table) is
rolled back alone, in a block of its own, with a warning, and the events
are committed.

``tablelog migrate`` (and any start as the tables' owner) creates the
functions with the tables; a service whose database was migrated before a
function existed writes through the pipeline (or writes its checkpoints
after the events, in a round trip of their own), as before, and says once
that ``tablelog migrate`` would make its writes cheaper.
"""
from __future__ import annotations

import logging
from typing import Any, Sequence
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
        self.keeps_checkpoints = False
        """Whether a write's checkpoints go in its own statement (``with_checkpoints``, when the database has it)."""
        self.checkpoints_function = f"{self.events_table_name}_insert_with_checkpoints"
        self._invoke_with_checkpoints = SQL("SELECT * FROM {schema}.{function}(%s, %s)").format(
            schema=schema, function=Identifier(self.checkpoints_function))
        self._select_after = SQL(
            "SELECT originator_id, originator_version, topic, state FROM {schema}.{table} "
            "WHERE (originator_id = %s AND originator_version > %s) OR (originator_id = %s AND originator_version > %s) "
            "ORDER BY originator_id, originator_version").format(schema=schema, table=table)

    def with_checkpoints(self, snapshots_table: str) -> None:
        """Writes may carry checkpoints for ``snapshots_table`` (the
        application's snapshots recorder's table, in the same schema): the
        function that inserts both is made with the tables."""
        schema = Identifier(self.datastore.schema)
        self.sql_create_statements.append(SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{function}(events {schema}.{event}[], "
            "checkpoints {schema}.{event}[]) "
            "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
            "BEGIN "
            "  RETURN QUERY SELECT * FROM {schema}.{insert}(events); "
            "  BEGIN "
            "    INSERT INTO {schema}.{snapshots} (originator_id, originator_version, topic, state) "
            "      SELECT originator_id, originator_version, topic, state FROM unnest(checkpoints) "
            "      ON CONFLICT DO NOTHING; "
            "  EXCEPTION WHEN others THEN "
            "    RAISE WARNING 'checkpoints not written (% %), the events are', SQLSTATE, SQLERRM; "
            "  END; "
            "END; $BODY$"
        ).format(schema=schema, function=Identifier(self.checkpoints_function),
                 event=Identifier(self.stored_event_type_name), insert=Identifier(self.insert_function),
                 snapshots=Identifier(snapshots_table)))

    def insert_events(self, stored_events: Sequence[StoredEvent], *,
                      checkpoints: Sequence[StoredEvent] = (), **kwargs: Any) -> Sequence[int] | None:
        """eventsourcing's write; with ``checkpoints`` (stored snapshots), those too, in the same statement."""
        if checkpoints and self.keeps_checkpoints:
            return self._insert_with_checkpoints(stored_events, checkpoints)
        return super().insert_events(stored_events, **kwargs)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)      # as eventsourcing's own write
    def _insert_with_checkpoints(self, stored_events: Sequence[StoredEvent],
                                 checkpoints: Sequence[StoredEvent]) -> list[int]:
        rows = [[self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
                 for e in events] for events in (stored_events, checkpoints)]
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._invoke_with_checkpoints, rows, prepare=True)
            return [row[self.checkpoints_function] for row in curs.fetchall()]

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

    def functions_present(self) -> tuple[bool, bool]:
        """Whether the database has this recorder's insert function, and the one with checkpoints."""
        schema = self.datastore.schema or "public"
        with self.datastore.transaction(commit=False) as curs:
            curs.execute("SELECT to_regproc(%s) IS NOT NULL AS events, to_regproc(%s) IS NOT NULL AS checkpoints",
                         [f"{schema}.{self.insert_function}", f"{schema}.{self.checkpoints_function}"])
            row = curs.fetchone()
        return (bool(row["events"]), bool(row["checkpoints"])) if isinstance(row, dict) else (bool(row[0]),
                                                                                             bool(row[1]))

    def insert_function_present(self) -> bool:
        """Whether the database has this recorder's insert functions."""
        return all(self.functions_present())

    def use_insert_function(self) -> bool:
        """Write through the insert functions the database has, else
        through eventsourcing's pipeline; says which."""
        present, with_checkpoints = self.functions_present()
        self.datastore.enable_db_functions = present
        self.keeps_checkpoints = present and with_checkpoints
        missing = [name for name, there in ((self.insert_function, present),
                                            (self.checkpoints_function, self.keeps_checkpoints)) if not there]
        if missing:
            log.warning("%s missing from the database: writes take longer until tablelog migrate (as the "
                        "tables' owner) creates it", " and ".join(missing))
        return present

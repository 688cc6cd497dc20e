"""Where records are kept: the eventsourcing application and its settings.

``sqlite:///tablelog.sqlite3`` (the default, a file beside you),
``sqlite:////absolute/path.sqlite3``, ``sqlite:///:memory:`` or
``postgresql://user:password@host:port/dbname``. Tables are made by the
migration history (service/store/history.py), applied on first start where
the role may and by ``tablelog migrate``; on PostgreSQL a trigger makes the events table refuse UPDATE, DELETE
and TRUNCATE, so even the database's own users cannot rewrite a record.
"""
from __future__ import annotations

from typing import Any, Sequence
from urllib.parse import unquote, urlparse

import logging

import psycopg
from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.domain import Aggregate
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg_pool.base import AttemptWithBackoff

from domain.record import GameRecord, HeadAnchor
from replay.views import GAMES_TABLE, PLAYERS_TABLE, TRACKING_TABLE
from service.settings import load
from service.store import history, reading
from service.store.group_commit import GroupCommit
from service.store.pgrecorder import RECORDER_TOPIC
from service.store.sqliterecorder import RECORDER_TOPIC as SQLITE_RECORDER_TOPIC
from service.store.sentences import SentenceTranscoder

log = logging.getLogger("tablelog.store")

ENV_DATABASE = "TABLELOG_DATABASE_URL"


POOL_WAIT = 0.5
"""Seconds one try waits for a pooled PostgreSQL connection."""


RECONNECT_EVERY = 0.5
"""Seconds between the pool's tries to make a connection while PostgreSQL is away."""


def reconnect_at_once() -> None:
    """psycopg_pool tries a connection it could not make again after 1, 2,
    4, 8, 16 ... seconds: after a 30-second outage its next try could be 15
    to 20 seconds after the server was back, and every request until then
    was 503. Here it tries every ``RECONNECT_EVERY`` seconds instead (a
    refused connection costs next to nothing), so the first request after
    the database is back finds a connection: no backoff is left over."""
    AttemptWithBackoff.INITIAL_DELAY = RECONNECT_EVERY
    AttemptWithBackoff.DELAY_BACKOFF = 1.0


class DatabaseURLError(ValueError):
    pass


def database_url(given: str | None = None) -> str:
    """``given``, else the settings' (``$TABLELOG_DATABASE_URL``, else the default)."""
    return given or load().database_url


def persistence_env(url: str) -> dict[str, str]:
    """eventsourcing settings for a database URL."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else ""
        if not path:
            raise DatabaseURLError(f"A SQLite URL names a file: sqlite:///tablelog.sqlite3, not {url!r}.")
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
                "SQLITE_LOCK_TIMEOUT": "5",
                # A write may carry its game's checkpoints (service/store/sqliterecorder.py).
                "APPLICATION_RECORDER_TOPIC": SQLITE_RECORDER_TOPIC}
    if parsed.scheme in ("postgresql", "postgres"):
        if not parsed.path.strip("/"):
            raise DatabaseURLError(f"A PostgreSQL URL names a database: postgresql://user@host:5432/db, not {url!r}.")
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": unquote(parsed.path.strip("/")),
            "POSTGRES_HOST": parsed.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parsed.port or 5432),
            "POSTGRES_USER": unquote(parsed.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parsed.password or ""),
            "POSTGRES_LOCK_TIMEOUT": "5",
            "POSTGRES_POOL_SIZE": "5",
            "POSTGRES_MAX_OVERFLOW": "20",
            # No ping before each use of a pooled connection (a round trip
            # per transaction, two or three a move): a connection the server
            # dropped fails its statement, which eventsourcing tries again
            # on another connection, and the pool discards the broken one.
            "POSTGRES_PRE_PING": "n",
            # A write is one prepared call of an insert function that locks
            # the table as eventsourcing's pipeline does, its game's
            # checkpoints with it (service/store/pgrecorder.py).
            "APPLICATION_RECORDER_TOPIC": RECORDER_TOPIC,
            "POSTGRES_ENABLE_DB_FUNCTIONS": "y",
            # Bounds on waiting for the database: a request is answered (503
            # if need be) within seconds when the server is away.
            "POSTGRES_CONNECT_TIMEOUT": "2",
            "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": "10",
        }
    raise DatabaseURLError(f"Unknown database {url!r}: use sqlite:///file.sqlite3 or postgresql://user@host/db.")


class Tablelog(Application):
    """The event store of every game record."""

    name = "tablelog"
    creates_tables = True      # False for a service role that owns no table (see open_store)
    history: history.History | None = None     # the migrations the database has had (none kept in memory)
    snapshotting_intervals = {GameRecord: 100, HeadAnchor: 100}
    env = {"AGGREGATE_CACHE_MAXSIZE": "500", "AGGREGATE_CACHE_FASTFORWARD": "y"}

    def __init__(self, env: dict[str, str] | None = None):
        super().__init__(env=env)
        if self.snapshots is not None and hasattr(self.recorder, "with_checkpoints"):
            self.recorder.with_checkpoints(self.snapshots.recorder.events_table_name)  # type: ignore[attr-defined]
        self.group_commit = GroupCommit(self._record)
        # Which database this is, for the table of games' versions this
        # host's writers share (service/store/heads.py): an in-memory one is this
        # application's alone.
        where = [self.env.get(key) or "" for key in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "POSTGRES_HOST",
                                                     "POSTGRES_PORT", "POSTGRES_DBNAME", "POSTGRES_SCHEMA")]
        if not (where[1] or where[4]) or ":memory:" in where[1] or "mode=memory" in where[1]:
            where.append(str(id(self)))
        self.identity = "|".join(where)

    def construct_transcoder(self) -> SentenceTranscoder:
        """eventsourcing's JSON transcoder, keeping the domain's sentences by id (service/store/sentences.py)."""
        transcoder = SentenceTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def save(self, *objs: Any, checkpoints: Sequence[Any] = (), **kwargs: Any) -> list[Any]:
        """Save the aggregates' new events, in one transaction with the
        saves other threads of this process make at the same moment (see
        service/store/group_commit.py); returns once these events are
        committed. ``checkpoints`` (stored checkpoints, when the recorder
        ``keeps_checkpoints``: service/store/snapshots.py) go into the
        snapshots table in the same transaction, passed to the recorder's
        ``insert_events`` as eventsourcing passes a save's keyword arguments;
        so do the snapshots of aggregates this save takes across their
        interval (``_snapshots_due``)."""
        if kwargs:
            return super().save(*objs, **kwargs)
        processing: ProcessingEvent = ProcessingEvent()
        for obj in objs:
            if isinstance(obj, Aggregate):
                # What ProcessingEvent.collect_events does, without its two
                # runtime protocol checks per object (the costliest part of
                # a save's own Python work in the profile of a move).
                processing.events.extend(obj.collect_events())
                processing.aggregates[obj.id] = obj
            elif obj is not None:
                processing.collect_events(obj)
        snapshots, behind = self._snapshots_due(processing)
        with_events = snapshots if getattr(self.recorder, "keeps_checkpoints", False) else []
        if checkpoints or with_events:
            processing.saved_kwargs["checkpoints"] = [self.snapshots.mapper.to_stored_event(c)
                                                      for c in (*checkpoints, *with_events)]
        recordings = self.group_commit.commit(processing)
        self._put_snapshots([] if with_events else snapshots, behind)
        self._notify(recordings)
        return recordings

    def _take_snapshots(self, processing: ProcessingEvent) -> None:
        """(eventsourcing's own ``save``, with keyword arguments of its own:
        the snapshots due, once the events are committed.)"""
        self._put_snapshots(*self._snapshots_due(processing))

    def _put_snapshots(self, snapshots: list[Any], behind: list[tuple[Any, int]]) -> None:
        if snapshots:
            self.snapshots.put(snapshots)
        for originator_id, version in behind:
            self.take_snapshot(originator_id, version)

    def _snapshots_due(self, processing: ProcessingEvent) -> tuple[list[Any], list[tuple[Any, int]]]:
        """The snapshots this save makes due (an event at a multiple of its
        aggregate's interval), taken from the aggregates as they are in
        memory at that version, to be written with the save's events; and
        the ids and versions of those whose aggregate moved past that
        version in the same save, which eventsourcing's ``take_snapshot``
        reads back from the store once the events are committed. (Left to
        eventsourcing, every snapshot would be read back and replayed, 100
        events, tens of milliseconds inside the request that crosses the
        interval, and written in a transaction of its own.)"""
        taken: list[Any] = []
        behind: list[tuple[Any, int]] = []
        if not (self.snapshots and self.snapshotting_intervals):
            return taken, behind
        for event in processing.events:
            aggregate = processing.aggregates.get(event.originator_id)
            interval = self.snapshotting_intervals.get(type(aggregate))
            if not interval or event.originator_version % interval:
                continue
            if aggregate.version == event.originator_version:
                taken.append(getattr(type(aggregate), "Snapshot", type(self).snapshot_class).take(aggregate))
            else:
                behind.append((event.originator_id, event.originator_version))
        return taken, behind

    @property
    def is_postgres(self) -> bool:
        return isinstance(self.recorder, PostgresApplicationRecorder)

    def decoded(self, stored: Any) -> Any:
        """A stored event (or notification) as its domain event, read the
        service's fast way (service.store.reading); the readers outside the
        service (replay's views) read through here."""
        return reading.decoded(self.mapper, stored)

    def game_events(self, gid: Any, after: int = 0, upto: int | None = None, page: int = 500) -> Any:
        """A game's events after version ``after`` up to ``upto``, read ``page`` at a time the fast way."""
        return reading.stored_events(self, gid, after, upto, page)


APPEND_ONLY_SQL = """
CREATE OR REPLACE FUNCTION {schema}.tablelog_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'tablelog records are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS tablelog_append_only ON {schema}.{table};
CREATE TRIGGER tablelog_append_only BEFORE UPDATE OR DELETE ON {schema}.{table}
  FOR EACH ROW EXECUTE FUNCTION {schema}.tablelog_refuse_change();
DROP TRIGGER IF EXISTS tablelog_no_truncate ON {schema}.{table};
CREATE TRIGGER tablelog_no_truncate BEFORE TRUNCATE ON {schema}.{table}
  FOR EACH STATEMENT EXECUTE FUNCTION {schema}.tablelog_refuse_change();
"""
EVENTS_TABLE = "tablelog_events"
TRIGGERS = ("tablelog_append_only", "tablelog_no_truncate")
def service_grants() -> list[tuple[str, str]]:
    """What the service role may do: no table is its own, so it can neither
    drop nor disable the trigger; the views' upserts need INSERT and UPDATE."""
    views = ", ".join("{schema}." + table for table in (GAMES_TABLE, PLAYERS_TABLE, TRACKING_TABLE))
    return [
        # eventsourcing's LOCK TABLE ... IN EXCLUSIVE MODE needs UPDATE; the trigger still refuses every UPDATE.
        ("SELECT, INSERT, UPDATE", "TABLE {schema}." + EVENTS_TABLE),
        ("USAGE, SELECT", "SEQUENCE {schema}." + EVENTS_TABLE + "_notification_id_seq"),
        ("SELECT, INSERT, UPDATE", "TABLE {schema}.tablelog_snapshots"),
        ("SELECT, INSERT, UPDATE", "TABLE " + views),
        # The migration history, read at start (serve --production refuses pending migrations).
        ("SELECT", "TABLE {schema}." + history.HISTORY_TABLE),
    ]


class StoreProblem(RuntimeError):
    """A PostgreSQL database ``serve --production`` will not run on (the message says why)."""


def open_store(url: str | None = None, migrate: bool | None = None) -> Tablelog:
    """The application for ``url``. ``migrate`` applies the pending
    migrations of the history (service/store/history.py: the tables, the
    views, the append-only trigger) with the tables' owner's URL; by default
    a store migrates when its role may (a SQLite file; on PostgreSQL the
    tables are missing, or its own: one role doing everything, as in
    development), and a service role that owns no table opens them as they
    are."""
    url = database_url(url)
    env = persistence_env(url)
    if env["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
        if not history.kept(url):
            return Tablelog(env=env)          # in memory: the tables, no history
        app = Tablelog(env={**env, "CREATE_TABLE": "n"})
        try:
            app.history = history.apply(app, url)
        except BaseException:
            app.close()
            raise
        return app
    # Several workers starting at once on an empty database would race to
    # create the same tables: one at a time, under an advisory lock.
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(7416)")
        try:
            user, owner = roles(conn)
            if migrate is None:
                migrate = owner is None or owner == user
            app = Tablelog(env={**env, "CREATE_TABLE": "n"})
            app.creates_tables = migrate
            if migrate:
                app.history = history.apply(app, url, conn.cursor())
                if not app.recorder.insert_function_present():
                    create_tables(app)      # the insert function someone dropped, made again by its owner
                protect_events_table(app, conn)
            else:
                try:
                    app.history = history.read(conn.cursor())
                except psycopg.errors.InsufficientPrivilege:
                    log.warning("%s may not read the migration history: tablelog migrate --service-role %s "
                                "grants it", user, user)
                pending = app.history.pending if app.history else []
                if pending:
                    log.warning("the database has migrations pending (%s): tablelog migrate, with the tables' "
                                "owner's URL, applies them", ", ".join(pending))
        finally:
            conn.execute("SELECT pg_advisory_unlock(7416)")
    # eventsourcing tries each database call up to 10 times; each try waits
    # this long for a connection (its setting takes whole seconds only), so
    # a request meets a server that is away with a 503 within seconds.
    app.recorder.datastore.pool.timeout = POOL_WAIT
    reconnect_at_once()
    app.recorder.use_insert_function()
    return app


def create_tables(app: Tablelog) -> None:
    """eventsourcing's tables for ``app`` (events, snapshots; on PostgreSQL
    the insert function), made by the library's own recorders where missing."""
    app.recorder.create_table()
    if app.snapshots is not None:
        app.snapshots.recorder.create_table()  # type: ignore[attr-defined]


def roles(conn: psycopg.Connection) -> tuple[str, str | None]:
    """The connected role, and the events table's owner (None: no table yet)."""
    user = conn.execute("SELECT current_user").fetchone()[0]
    row = conn.execute("SELECT tableowner FROM pg_tables WHERE schemaname = current_schema() AND tablename = %s",
                       [EVENTS_TABLE]).fetchone()
    return user, row[0] if row else None


def triggers_missing(conn: psycopg.Connection) -> list[str]:
    """The append-only triggers that are not on the events table, or are disabled."""
    rows = conn.execute("SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = to_regclass(%s)",
                        [EVENTS_TABLE]).fetchall()
    enabled = {name for name, state in rows if state != "D"}
    return [name for name in TRIGGERS if name not in enabled]


def protect_events_table(app: Tablelog, conn: psycopg.Connection) -> None:
    """Install the append-only trigger where it is missing. A trigger missing
    from a table that already holds records is said: someone removed it."""
    missing = triggers_missing(conn)
    if not missing:
        return
    if conn.execute(f"SELECT EXISTS (SELECT 1 FROM {EVENTS_TABLE})").fetchone()[0]:
        log.warning("the append-only trigger (%s) was missing from %s, which holds records: installed again; "
                    "serve --production refuses to start in this case", ", ".join(missing), EVENTS_TABLE)
    recorder = app.recorder
    schema = getattr(recorder.datastore, "schema", "") or "public"
    table = recorder.events_table_name.split(".")[-1]
    with recorder.datastore.transaction(commit=True) as curs:
        curs.execute(APPEND_ONLY_SQL.format(schema=schema, table=table))


def migrate(url: str, service_role: str | None = None) -> tuple[list[str], history.History]:
    """Apply the pending migrations (the tables, the views, the trigger)
    with the owner's URL; with ``service_role``, grant that role what the
    service needs and nothing more. Returns what it did, in words, and the
    database's history."""
    from psycopg import sql

    app = open_store(url, migrate=True)
    try:
        had = app.history or history.History()
        done = [f"migrations applied: {', '.join(had.done_now)}" if had.done_now else
                "no migration pending", "tables and the append-only trigger in place"]
        if service_role and app.is_postgres:
            with psycopg.connect(database_url(url), autocommit=True) as conn:
                schema = conn.execute("SELECT current_schema()").fetchone()[0]
                role = sql.Identifier(service_role)
                conn.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(sql.Identifier(schema), role))
                for privileges, objects in service_grants():
                    target = sql.SQL(objects.format(schema=sql.Identifier(schema).as_string(conn)))
                    conn.execute(sql.SQL("GRANT {} ON {} TO {}").format(sql.SQL(privileges), target, role))
            done.append(f"{service_role} may read and append records (it owns no table)")
        return done, had
    finally:
        app.close()


def migration_status(url: str) -> history.History:
    """The migrations the database at ``url`` has had and has pending, read
    only (a database in memory keeps none)."""
    url = database_url(url)
    env = persistence_env(url)
    if env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
        with psycopg.connect(url, autocommit=True) as conn:
            return history.read(conn.cursor())
    if not history.kept(url):
        return history.History(pending=history.known_ids())
    return history.read_sqlite(url) or history.History(pending=history.known_ids())


def check_production_store(url: str) -> None:
    """``serve --production`` on PostgreSQL: refuse to run as the tables'
    owner (who could drop the trigger) or on a table without its trigger
    (rather than install it again without a word)."""
    url = database_url(url)
    if persistence_env(url)["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
        return
    with psycopg.connect(url, autocommit=True) as conn:
        user, owner = roles(conn)
        if owner is None:
            raise StoreProblem(f"There are no tables yet: run tablelog migrate --database <the owner's URL> "
                               f"--service-role {user} first.")
        if owner == user:
            raise StoreProblem(f"serve --production runs as a role that owns no table; {user} owns "
                               f"{EVENTS_TABLE} and could drop its append-only trigger. Migrate with the owner's "
                               "URL (tablelog migrate --service-role ROLE) and serve with the service role's.")
        try:
            pending = history.read(conn.cursor()).pending
        except psycopg.errors.InsufficientPrivilege:
            raise StoreProblem(f"{user} may not read the migration history ({history.HISTORY_TABLE}): run tablelog "
                               f"migrate --database <the owner's URL> --service-role {user}.") from None
        if pending:
            raise StoreProblem(f"The database has migrations pending ({', '.join(pending)}): run tablelog migrate "
                               f"--database <the owner's URL> --service-role {user} before serving.")
        missing = triggers_missing(conn)
        if missing:
            raise StoreProblem(f"The append-only trigger ({', '.join(missing)}) is missing from {EVENTS_TABLE}: "
                               "someone removed it. tablelog does not put it back by itself: check the record "
                               "(tablelog replay verify --all), then run tablelog migrate with the owner's URL.")

"""Where records are kept: the eventsourcing application and its settings.

``sqlite:///tablelog.sqlite3`` (the default, a file beside you),
``sqlite:////absolute/path.sqlite3``, ``sqlite:///:memory:`` or
``postgresql://user:password@host:port/dbname``. Tables are created on first
start; on PostgreSQL a trigger makes the events table refuse UPDATE, DELETE
and TRUNCATE, so even the database's own users cannot rewrite a record.
"""
from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

import psycopg
from eventsourcing.application import Application

from domain.record import GameRecord

DEFAULT_DATABASE = "sqlite:///tablelog.sqlite3"
ENV_DATABASE = "TABLELOG_DATABASE_URL"


POOL_WAIT = 0.5
"""Seconds one try waits for a pooled PostgreSQL connection."""


class DatabaseURLError(ValueError):
    pass


def database_url(given: str | None = None) -> str:
    return given or os.environ.get(ENV_DATABASE) or DEFAULT_DATABASE


def persistence_env(url: str) -> dict[str, str]:
    """eventsourcing settings for a database URL."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else ""
        if not path:
            raise DatabaseURLError(f"A SQLite URL names a file: sqlite:///tablelog.sqlite3, not {url!r}.")
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
                "SQLITE_LOCK_TIMEOUT": "5"}
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
            "POSTGRES_PRE_PING": "y",
            # Bounds on waiting for the database: a request is answered (503
            # if need be) within seconds when the server is away.
            "POSTGRES_CONNECT_TIMEOUT": "2",
            "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": "10",
        }
    raise DatabaseURLError(f"Unknown database {url!r}: use sqlite:///file.sqlite3 or postgresql://user@host/db.")


class Tablelog(Application):
    """The event store of every game record."""

    name = "tablelog"
    snapshotting_intervals = {GameRecord: 100}
    env = {"AGGREGATE_CACHE_MAXSIZE": "500", "AGGREGATE_CACHE_FASTFORWARD": "y"}

    @property
    def is_postgres(self) -> bool:
        return type(self.recorder).__module__.startswith("eventsourcing.postgres")


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


def open_store(url: str | None = None) -> Tablelog:
    """The application for ``url``, its tables created (and protected)."""
    url = database_url(url)
    env = persistence_env(url)
    if env["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
        return Tablelog(env=env)
    # Several workers starting at once on an empty database would race to
    # create the same tables: one at a time, under an advisory lock.
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(7416)")
        try:
            app = Tablelog(env=env)
            protect_events_table(app)
        finally:
            conn.execute("SELECT pg_advisory_unlock(7416)")
    # eventsourcing tries each database call up to 10 times; each try waits
    # this long for a connection (its setting takes whole seconds only), so
    # a request meets a server that is away with a 503 within seconds.
    app.recorder.datastore.pool.timeout = POOL_WAIT
    return app


def protect_events_table(app: Tablelog) -> None:
    recorder = app.recorder
    schema = getattr(recorder.datastore, "schema", "") or "public"
    table = recorder.events_table_name.split(".")[-1]
    with recorder.datastore.transaction(commit=True) as curs:
        curs.execute(APPEND_ONLY_SQL.format(schema=schema, table=table))

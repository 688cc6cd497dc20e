"""Every way the database cannot write is 503 with Retry-After, and a read
never fails for it (the store contract: SQLite and PostgreSQL):

- PostgreSQL read-only (``default_transaction_read_only``) after an
  administrator ended every connection (``pg_terminate_backend``);
- SQLite's disk full (``PRAGMA max_page_count`` on its connections);
- the other failures, their driver's exception injected: a refused
  connection, an administrator's shutdown, a full disk, a read-only
  transaction, a lock not given, a pool with no connection, conflicts that
  outlast the retries.

Liveness asks nothing of the database; readiness says the service cannot
write. After an outage, the first request once the database is back
reconnects at once: no backoff is left over from the outage."""
from __future__ import annotations

import sqlite3
import time

import psycopg
import psycopg.errors
import pytest
from eventsourcing.persistence import IntegrityError, OperationalError
from eventsourcing.sqlite import SQLiteConnectionPool
from psycopg_pool import PoolTimeout

from helpers import Api
from service.http.app import create_app

pytestmark = pytest.mark.store

FOUR = ["Ann", "Bob", "Cy", "Di"]


def unavailable(answer) -> bool:
    return (answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
            and answer.json["code"] in ("database_unavailable", "not_ready"))


def annotate(api: Api, text: str = "a comment"):
    return api.client.post(f"/api/games/{api.id}/annotations", json={"move_index": 0, "text": text},
                           headers=api.auth())


def database_name(database: str) -> str:
    return database.rsplit("/", 1)[-1]


def as_admin(database: str, *statements: str) -> None:
    name = database_name(database)
    with psycopg.connect(database.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement.format(db=name), [name] if "%s" in statement else None)


TERMINATE = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()"


def writable(database: str, sqlite_switch: dict[str, bool], yes: bool) -> None:
    """The database writable again (``yes``) or not: on SQLite by the
    fixture's switch, on PostgreSQL read-only for every new session with the
    present ones ended."""
    if database.startswith("sqlite"):
        sqlite_switch["on"] = not yes
    else:
        setting = "RESET default_transaction_read_only" if yes else "SET default_transaction_read_only = on"
        as_admin(database, f'ALTER DATABASE "{{db}}" {setting}', TERMINATE)


@pytest.fixture
def full_disk(monkeypatch):
    """SQLite: every connection the store takes from its pool may hold no
    more pages than the file has (``PRAGMA max_page_count``) once ``on``."""
    limit: dict[str, bool] = {"on": False}
    original = SQLiteConnectionPool.get_connection

    def get_connection(self, *args, **kwargs):
        conn = original(self, *args, **kwargs)
        raw = conn._sqlite_conn
        if limit["on"]:
            pages = raw.execute("PRAGMA page_count").fetchone()[0]
            raw.execute(f"PRAGMA max_page_count = {pages}")
        else:
            raw.execute("PRAGMA max_page_count = 4294967294")
        return conn

    monkeypatch.setattr(SQLiteConnectionPool, "get_connection", get_connection)
    return limit


def test_a_database_that_cannot_write_is_503_and_reads_go_on(client, database, full_disk):
    api = Api(client, "willi", FOUR)
    assert annotate(api).status_code == 201
    if database.startswith("sqlite"):
        full_disk["on"] = True
        answers = [annotate(api, "x" * 2000) for _ in range(60)]
        refused = [a for a in answers if a.status_code != 201]
        assert refused and all(unavailable(a) for a in refused), [(a.status_code, a.json) for a in refused]
    else:
        as_admin(database, 'ALTER DATABASE "{db}" SET default_transaction_read_only = on', TERMINATE)
    try:
        answer = annotate(api, "x" * 2000)
        assert unavailable(answer), (answer.status_code, answer.json)
        if database.startswith("postgres"):          # on a full SQLite file a small write may still fit a page
            created = client.post("/api/games", json={"game": "willi", "players": FOUR})
            assert unavailable(created), (created.status_code, created.json)
        version = client.get(f"/api/games/{api.id}").json["version"]
        listed = client.get("/api/games")                                     # a read never fails for a write,
        assert listed.status_code == 200                                      # and never lags this process's own
        assert {g["id"]: g["version"] for g in listed.json["games"]}[api.id] == version
        assert client.get(f"/api/games/{api.id}/state").status_code == 200
        assert client.get(f"/api/games/{api.id}/log").status_code == 200
        assert client.get("/api/health/live").status_code == 200
        assert unavailable(client.get("/api/health/ready"))
        assert unavailable(client.get("/api/health"))
    finally:
        writable(database, full_disk, True)
    assert annotate(api).status_code == 201
    assert client.get(f"/api/games/{api.id}").json["version"] == version + 1
    assert client.get("/api/health/ready").status_code == 200


@pytest.fixture
def query_only(monkeypatch):
    """SQLite: every connection the store takes from its pool is read-only
    (``PRAGMA query_only``) while ``on``."""
    state: dict[str, bool] = {"on": False}
    original = SQLiteConnectionPool.get_connection

    def get_connection(self, *args, **kwargs):
        conn = original(self, *args, **kwargs)
        conn._sqlite_conn.execute(f"PRAGMA query_only = {int(state['on'])}")
        return conn

    monkeypatch.setattr(SQLiteConnectionPool, "get_connection", get_connection)
    return state


def test_under_a_read_only_database_the_list_is_current_and_only_the_runner_writes_the_views(
        app, client, database, query_only):
    """The views' runner runs (as in a served process) but cannot write: a
    read of the game list answers at once with the game as it is now,
    computed from the events the views have not processed; the views stay
    as they were; once the database writes again the runner catches up."""
    views = app.extensions["tablelog"].views
    api = Api(client, "willi", FOUR)
    assert annotate(api).status_code == 201
    version = client.get(f"/api/games/{api.id}").json["version"]
    views.catch_up()
    held = views.tables.games(), views.position
    assert annotate(api, "after the views").status_code == 201        # not in the views yet
    writable(database, query_only, False)
    views.start(interval=0.05)
    try:
        deadline = time.monotonic() + 30
        while views.failing is None and time.monotonic() < deadline:     # the runner tried, and failed
            time.sleep(0.02)
        assert views.failing is not None
        listed = client.get("/api/games")
        assert listed.status_code == 200
        assert {g["id"]: g["version"] for g in listed.json["games"]}[api.id] == version + 1
        assert (views.tables.games(), views.position) == held
        assert unavailable(client.get("/api/health/ready"))
    finally:
        writable(database, query_only, True)
    def listed_version():
        try:
            return (views.tables.game(api.id) or {}).get("version")
        except OperationalError:       # a pooled connection the administrator ended: the next one is new
            return None

    try:
        deadline = time.monotonic() + 30
        while listed_version() != version + 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert listed_version() == version + 1                             # the runner wrote it
        assert client.get("/api/health/ready").status_code == 200
    finally:
        views.stop()


def test_readiness_sees_a_sqlite_file_that_may_not_grow_without_writing(client, database, full_disk):
    """``PRAGMA max_page_count`` at the file's page count: readiness reads it
    (page count, most pages, free pages) and answers 503 naming it, before
    any write meets it; liveness stays 200; raised again, ready again."""
    if not database.startswith("sqlite"):
        pytest.skip("max_page_count is SQLite's")
    api = Api(client, "willi", FOUR)
    assert client.get("/api/health/ready").status_code == 200
    full_disk["on"] = True
    try:
        answer = client.get("/api/health/ready")
        assert unavailable(answer) and "max_page_count" in answer.json["detail"], answer.json
        assert unavailable(client.get("/api/health"))
        assert client.get("/api/health/live").status_code == 200
        assert client.get(f"/api/games/{api.id}").status_code == 200
    finally:
        full_disk["on"] = False
    assert client.get("/api/health/ready").status_code == 200
    assert annotate(api).status_code == 201


def raising(error: BaseException):
    def fail(*args, **kwargs):
        raise error
    return fail


INJECTED = {
    "refused connection": psycopg.OperationalError("connection refused"),
    "administrator's shutdown": psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
    "full disk (PostgreSQL)": psycopg.errors.DiskFull("could not extend file: No space left on device"),
    "read-only transaction": psycopg.errors.ReadOnlySqlTransaction("cannot execute INSERT in a read-only transaction"),
    "lock not given": psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"),
    "no connection in the pool": PoolTimeout("couldn't get a connection after 0.50 sec"),
    "full disk (SQLite)": sqlite3.OperationalError("database or disk is full"),
    "locked (SQLite)": sqlite3.OperationalError("database is locked"),
    "read-only file (SQLite)": sqlite3.OperationalError("attempt to write a readonly database"),
}


@pytest.mark.parametrize("failure", INJECTED)
def test_each_way_a_write_cannot_be_made_is_503_with_retry_after(app, client, failure, monkeypatch):
    api = Api(client, "willi", FOUR)
    store = app.extensions["tablelog"].store
    monkeypatch.setattr(store, "_record", raising(INJECTED[failure]))
    monkeypatch.setattr(store.group_commit, "record", raising(INJECTED[failure]))
    answer = annotate(api)
    assert unavailable(answer), (failure, answer.status_code, answer.json)
    assert client.get(f"/api/games/{api.id}").json["version"] == api.version


def test_a_write_that_loses_every_race_is_503_not_a_stale_version(app, client, monkeypatch):
    api = Api(client, "willi", FOUR)
    store = app.extensions["tablelog"].store
    monkeypatch.setattr(store.group_commit, "record", raising(IntegrityError("duplicate key")))
    answer = annotate(api)
    assert unavailable(answer), (answer.status_code, answer.json)
    named = api.client.post(f"/api/games/{api.id}/annotations", headers=api.auth(),
                            json={"move_index": 0, "text": "x", "expected_version": api.version})
    assert named.status_code == 409 and named.json["code"] == "stale_version"   # the client's own version


def test_a_program_error_in_the_database_layer_is_still_500(app, client, monkeypatch):
    api = Api(client, "willi", FOUR)
    monkeypatch.setattr(app.extensions["tablelog"].store.group_commit, "record",
                        raising(psycopg.errors.UndefinedTable('relation "x" does not exist')))
    assert annotate(api).status_code == 500


def test_the_first_request_after_an_outage_reconnects_at_once(client, database):
    """The outage lasts while the pool's tries to reconnect fail again and
    again; the first request once the database is back is recorded."""
    api = Api(client, "willi", FOUR)
    assert annotate(api).status_code == 201
    if database.startswith("sqlite"):
        other = sqlite3.connect(database[len("sqlite:///"):], isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            assert unavailable(annotate(api))
        finally:
            other.execute("ROLLBACK")
            other.close()
    else:
        as_admin(database, 'ALTER DATABASE "{db}" ALLOW_CONNECTIONS false', TERMINATE)
        try:
            assert unavailable(annotate(api))
            time.sleep(8)        # the pool keeps trying meanwhile (once with 1, 2, 4 s between tries: 16 s next)
            assert unavailable(client.get("/api/health/ready"))
        finally:
            as_admin(database, 'ALTER DATABASE "{db}" ALLOW_CONNECTIONS true')
    answer = annotate(api)
    assert answer.status_code == 201, answer.json
    assert client.get("/api/health/ready").status_code == 200


def test_requests_behind_a_locked_sqlite_file_wait_once_not_each_in_turn(tmp_path):
    """Four writes of one game meet a file another writer holds: each is
    answered 503 after one bounded wait (the first waits for the database,
    the others for their turn), not after the waits of those before it."""
    import threading
    database = tmp_path / "locked.sqlite3"
    app = create_app(f"sqlite:///{database}")
    api = Api(app.test_client(), "willi", FOUR)
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    answers = []

    def write(number: int) -> None:
        answers.append(app.test_client().post(f"/api/games/{api.id}/annotations", headers=api.auth(),
                                              json={"move_index": 0, "text": f"note {number}"}))

    try:
        writers = [threading.Thread(target=write, args=(n,)) for n in range(4)]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert len(answers) == 4 and all(unavailable(a) or a.json["code"] == "game_busy" for a in answers)
    assert all(a.status_code == 503 and a.headers["Retry-After"] for a in answers)
    assert "game_busy" in [a.json["code"] for a in answers]
    assert annotate(api).status_code == 201
    app.extensions["tablelog"].store.close()


def test_liveness_and_readiness_are_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    assert {"/api/health/live", "/api/health/ready", "/api/health"} <= set(paths)
    assert "503" in paths["/api/health/ready"]["get"]["responses"]

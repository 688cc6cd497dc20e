"""Shared fixtures: a service on SQLite, and on PostgreSQL for the store
contract; how random the random tests are.

A test that asks for ``database`` (or ``app``, ``client``) or ``own_database``
gets SQLite. The store contract (append-only events, concurrency, views,
verify, a crash), marked ``store``, runs on SQLite and on PostgreSQL.

PostgreSQL tests use ``TABLELOG_TEST_POSTGRES`` (default
``postgresql://postgres@127.0.0.1:5432/test``) to create throwaway
databases. Without a server they are skipped locally, and fail under CI.

Hypothesis runs under the profile ``HYPOTHESIS_PROFILE`` names (see
``randomness.py``): ``ci`` (derandomized: the same examples every run) under
``CI=true``, else ``dev``; ``long`` runs ten times the examples, at random.
"""
from __future__ import annotations

import os
import uuid
import weakref
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest
from eventsourcing.postgres import PostgresDatastore
from hypothesis import settings

from environment import DB_PREFIX, IN_CI, PG_ADMIN_URL
from randomness import PROFILE
from service.http.app import create_app
from service.store.keys import ENV_KEY, ENV_KEY_FILE, new_env_key

# Every test's service has a key (never the user's own): TABLELOG_KEY, made
# for this run. Tests of the key's handling set their own.
os.environ[ENV_KEY] = new_env_key()
os.environ.pop(ENV_KEY_FILE, None)

# Hypothesis's own default under CI is derandomized too: dev and long say they are not.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", derandomize=False, print_blob=True)
settings.register_profile("long", derandomize=False, print_blob=True)
settings.load_profile(PROFILE)


# Every PostgreSQL connection pool a test opens is closed when the test
# ends, by the test's own thread. One left to the garbage collector can be
# collected on one of its own pool's threads, whose close then cannot join
# that thread (an error Python only prints, at a later test).
_opened_pools: "weakref.WeakSet[PostgresDatastore]" = weakref.WeakSet()
_open_pool = PostgresDatastore.__init__


def _noted_open(self, *args, **kwargs) -> None:
    _open_pool(self, *args, **kwargs)
    _opened_pools.add(self)


PostgresDatastore.__init__ = _noted_open


@pytest.fixture(autouse=True)
def _pools_closed_by_the_test():
    before = set(_opened_pools)
    yield
    for datastore in set(_opened_pools) - before:
        datastore.close()


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {PROFILE} (HYPOTHESIS_PROFILE=ci|dev|long)"


PARTS = ("browser", "store", "slow")
"""The parts of the suite whose time the summary shows (a test counts in the
first that marks it; the rest is the developer loop)."""
BUDGET = {"browser": 10 * 60, "whole run": 30 * 60}
"""What .ci/run may take on the 2-core machine it is measured on (seconds)."""


def pytest_terminal_summary(terminalreporter, config) -> None:
    """Where the time went, beside the budget (a report, not a test: the
    machine's load varies)."""
    spent: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if not hasattr(report, "duration") or not hasattr(report, "keywords"):
                continue
            part = next((name for name in PARTS if name in report.keywords), "loop")
            spent[part] = spent.get(part, 0.0) + report.duration
    if not spent:
        return
    spent["whole run"] = sum(spent.values())
    line = ", ".join(f"{part} {seconds / 60:.1f} min" + (f" (budget {BUDGET[part] // 60} min)" if part in BUDGET else "")
                     for part, seconds in spent.items())
    terminalreporter.write_line(f"time by part: {line}")


def pytest_generate_tests(metafunc) -> None:
    """SQLite for every test that needs a database; SQLite and PostgreSQL for
    the store contract (``store``)."""
    name = next((n for n in ("own_database", "database") if n in metafunc.fixturenames), None)
    if name is None:
        return
    stores: list = ["sqlite"]
    if metafunc.definition.get_closest_marker("store"):
        stores.append(pytest.param("postgres", marks=pytest.mark.postgres))
    metafunc.parametrize(name, stores, indirect=True)


def _with_db(url: str, db: str) -> str:
    parts = urlparse(url)
    return urlunparse(parts._replace(path="/" + db))


def postgres_reachable() -> str | None:
    try:
        with psycopg.connect(PG_ADMIN_URL, connect_timeout=3):
            return None
    except psycopg.Error as error:
        return str(error).strip().splitlines()[0]


@pytest.fixture(scope="session")
def postgres_admin_url(postgres_url) -> str:
    """The server's admin URL (its own database), for tests that make roles
    or databases of their own; skipped like ``postgres_url``."""
    return PG_ADMIN_URL


@pytest.fixture(scope="session")
def postgres_url():
    problem = postgres_reachable()
    if problem:
        message = f"PostgreSQL at {PG_ADMIN_URL} is not reachable ({problem})"
        if IN_CI:
            pytest.fail(message + ": CI must run the PostgreSQL tests.")
        pytest.skip(message + ": PostgreSQL tests skipped.")
    name = f"{DB_PREFIX}_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield _with_db(PG_ADMIN_URL, name)
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def scratch_database(postgres_url):
    """Makes an empty PostgreSQL database of the test's own (``purpose`` in
    its name) and returns its URL; every one is dropped after the test."""
    made: list[str] = []

    def make(purpose: str) -> str:
        name = f"{DB_PREFIX}_{purpose}_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        return _with_db(postgres_url, name)

    yield make
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        for name in made:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def database(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tablelog.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def app(database):
    application = create_app(database)
    yield application
    application.extensions["tablelog"].store.close()


@pytest.fixture
def client(app):
    return app.test_client()

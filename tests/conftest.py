"""Shared fixtures: a service on SQLite and on PostgreSQL.

PostgreSQL tests use ``TABLELOG_TEST_POSTGRES`` (default
``postgresql://postgres@127.0.0.1:5432/test``) to create a throwaway
database. Without a server they are skipped locally, and fail under CI.
"""
from __future__ import annotations

import os
import uuid
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest

from service.app import create_app

PG_ADMIN_URL = os.environ.get("TABLELOG_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
DB_PREFIX = os.environ.get("TABLELOG_TEST_DB_PREFIX", "tablelog")
"""How the throwaway databases' names begin (several people sharing one server keep theirs apart)."""
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


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


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
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

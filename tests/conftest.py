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
from service.keys import ENV_KEY, ENV_KEY_FILE, new_env_key

# Every test's service has a key (never the user's own): TABLELOG_KEY, made
# for this run. Tests of the key's handling set their own.
os.environ[ENV_KEY] = new_env_key()
os.environ.pop(ENV_KEY_FILE, None)

PG_ADMIN_URL = os.environ.get("TABLELOG_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
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
    name = f"tablelog_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield _with_db(PG_ADMIN_URL, name)
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
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

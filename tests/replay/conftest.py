"""A database of a test's own, for tests that read every game in it (a
rebuild, verify --all) or leave edited records behind on purpose."""
from __future__ import annotations

import uuid
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def own_database(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'own.sqlite3'}"
        return
    shared = request.getfixturevalue("postgres_url")
    name = f"tablelog_own_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(shared, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield urlunparse(urlparse(shared)._replace(path="/" + name))
    with psycopg.connect(shared, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

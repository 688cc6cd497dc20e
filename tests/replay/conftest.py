"""A database of a test's own, for tests that read every game in it (a
rebuild, verify --all) or leave edited records behind on purpose: SQLite,
and PostgreSQL too for the store contract (see tests/conftest.py)."""
from __future__ import annotations

import pytest


@pytest.fixture
def own_database(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'own.sqlite3'}"
    return request.getfixturevalue("scratch_database")("own")

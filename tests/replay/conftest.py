"""A database of a test's own, for tests that read every game in it (a
rebuild, verify --all) or leave edited records behind on purpose."""
from __future__ import annotations

import pytest


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def own_database(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'own.sqlite3'}"
    return request.getfixturevalue("scratch_database")("own")

"""The suite's own layout: the API suites run on SQLite
only, the store contract on SQLite and on PostgreSQL; Hypothesis is
derandomized under CI; the long profile runs more examples."""
from __future__ import annotations

import importlib

import pytest
from hypothesis import settings

import environment
import randomness


def database_tests(session) -> dict[str, set[str]]:
    """Every collected test that gets a database, by its name without the
    store: the stores it runs on."""
    stores: dict[str, set[str]] = {}
    for item in session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is None:
            continue
        store = callspec.params.get("own_database", callspec.params.get("database"))
        if store is not None:
            stores.setdefault(item.nodeid.split("[")[0], set()).add(store)
    return stores


def test_the_api_suites_run_on_sqlite_and_the_store_contract_on_both(request):
    stores = database_tests(request.session)
    if not stores:
        pytest.skip("no test that gets a database was collected with this one")
    contract = {item.nodeid.split("[")[0] for item in request.session.items if item.get_closest_marker("store")}
    for name, runs_on in stores.items():
        assert runs_on == ({"sqlite", "postgres"} if name in contract else {"sqlite"}), name


def test_every_postgresql_test_is_part_of_the_store_contract(request):
    for item in request.session.items:
        if item.get_closest_marker("postgres"):
            assert item.get_closest_marker("store"), item.nodeid


def test_hypothesis_is_derandomized_under_the_ci_profile():
    assert settings.default.derandomize is (randomness.PROFILE == "ci")
    assert settings.get_profile("ci").derandomize and settings.get_profile("ci").database is None
    assert not settings.get_profile("dev").derandomize and not settings.get_profile("long").derandomize


@pytest.mark.parametrize(("variables", "profile", "examples"), [
    ({"CI": "true"}, "ci", 12),
    ({}, "dev", 12),
    ({"HYPOTHESIS_PROFILE": "long"}, "long", 120),
    ({"CI": "true", "HYPOTHESIS_PROFILE": "long"}, "long", 120),
])
def test_the_profile_follows_the_environment(monkeypatch, variables, profile, examples):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    try:
        importlib.reload(environment)
        chosen = importlib.reload(randomness)
        assert chosen.PROFILE == profile and chosen.examples(12) == examples
    finally:
        monkeypatch.undo()
        importlib.reload(environment)
        importlib.reload(randomness)

"""The database's own roles: the service's PostgreSQL user must not own the
events table (an owner could disable or drop the append-only trigger). A
migration with the owner's URL creates the tables and the trigger, the
service runs as a role that owns no table, and ``serve --production`` refuses to run as the owner
or on a table whose trigger is missing."""
from __future__ import annotations

import uuid
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest
from environment import DB_PREFIX

from service.http.app import create_app
from service.ops.cli import main
from service.store.database import StoreProblem, check_production_store

pytestmark = [pytest.mark.store, pytest.mark.postgres]
FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


def as_role(url: str, role: str, database: str) -> str:
    parts = urlparse(url)
    return urlunparse(parts._replace(netloc=f"{role}:{role}-pw@{parts.hostname}:{parts.port or 5432}",
                                     path="/" + database))


@pytest.fixture
def two_roles(postgres_admin_url):
    """A database of its own, owned by an owner role, and a service role."""
    tag = uuid.uuid4().hex[:8]
    owner, service, database = (f"{DB_PREFIX}_owner_{tag}", f"{DB_PREFIX}_service_{tag}",
                                f"{DB_PREFIX}_roles_{tag}")
    with psycopg.connect(postgres_admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE ROLE "{owner}" LOGIN PASSWORD \'{owner}-pw\'')
        conn.execute(f'CREATE ROLE "{service}" LOGIN PASSWORD \'{service}-pw\'')
        conn.execute(f'CREATE DATABASE "{database}" OWNER "{owner}"')
    with psycopg.connect(as_role(postgres_admin_url, "postgres", database).replace("postgres:postgres-pw@", "postgres@"),
                         autocommit=True) as conn:
        conn.execute(f'ALTER SCHEMA public OWNER TO "{owner}"')
    yield as_role(postgres_admin_url, owner, database), as_role(postgres_admin_url, service, database), service
    with psycopg.connect(postgres_admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'DROP ROLE IF EXISTS "{service}"')
        conn.execute(f'DROP ROLE IF EXISTS "{owner}"')


def test_the_service_role_saves_everything_but_cannot_drop_or_disable_the_trigger(two_roles, capsys):
    owner_url, service_url, service = two_roles
    assert main(["migrate", "--database", owner_url, "--service-role", service]) == 0
    app = create_app(service_url)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "willi", "players": FOUR, "mode": "digital"}).json
    games = app.extensions["tablelog"]
    for _ in range(6):                                   # moves, undo, a comment: every kind of save
        hist = games.history(created["id"])
        move = next(m for m in hist.game.legal_moves(hist.state))
        token = created["tokens"]["seats"][move["seat"]]
        assert client.post(f"/api/games/{created['id']}/moves", json={"move": move},
                           headers={"Authorization": f"Bearer {token}"}).status_code == 201
    assert client.post(f"/api/games/{created['id']}/annotations", json={"move_index": 1, "text": "ok"},
                       headers={"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}).status_code == 201
    assert client.get("/api/games").json["games"] and client.get(f"/api/games/{created['id']}/audit").json["ok"]
    app.extensions["tablelog"].store.close()
    check_production_store(service_url)                  # the service role may serve in production
    with psycopg.connect(service_url, autocommit=True) as conn:
        for attack in ("DROP TRIGGER tablelog_append_only ON tablelog_events",
                       "ALTER TABLE tablelog_events DISABLE TRIGGER tablelog_append_only",
                       "TRUNCATE tablelog_events", "DROP TABLE tablelog_events", "DELETE FROM tablelog_events"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(attack)
        # UPDATE is granted (eventsourcing's LOCK TABLE needs it): the trigger refuses it.
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
            conn.execute("UPDATE tablelog_events SET state = state")


def test_serve_production_refuses_the_owner_and_a_missing_trigger(two_roles, capsys):
    owner_url, service_url, service = two_roles
    with pytest.raises(StoreProblem, match="no tables yet"):
        check_production_store(service_url)
    assert main(["migrate", "--database", owner_url, "--service-role", service]) == 0
    with pytest.raises(StoreProblem, match="owns no table"):
        check_production_store(owner_url)
    assert main(["serve", "--production", "--database", owner_url]) == 1
    assert "owns no table" in capsys.readouterr().err
    with psycopg.connect(owner_url, autocommit=True) as conn:
        conn.execute("ALTER TABLE tablelog_events DISABLE TRIGGER tablelog_append_only")
    with pytest.raises(StoreProblem, match="trigger"):
        check_production_store(service_url)
    # The service role opening the store does not put it back by itself either.
    create_app(service_url).extensions["tablelog"].store.close()
    with pytest.raises(StoreProblem, match="trigger"):
        check_production_store(service_url)
    assert main(["migrate", "--database", owner_url, "--service-role", service]) == 0   # the owner repairs it
    check_production_store(service_url)


def test_migrate_names_a_service_role_that_does_not_exist(two_roles, capsys):
    owner_url, _, service = two_roles
    assert main(["migrate", "--database", owner_url, "--service-role", f"{service}_missing"]) == 2
    err = capsys.readouterr().err
    assert f"no PostgreSQL role '{service}_missing'" in err and "CREATE ROLE" in err and "Traceback" not in err
    assert main(["migrate", "--database", owner_url, "--service-role", service]) == 0

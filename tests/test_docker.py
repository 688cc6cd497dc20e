"""docker/ cannot be built here (no engine): check what can be checked."""
from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SERVE = ["tablelog", "serve", "--production", "--host", "0.0.0.0", "--port", "8000", "--workers", "2"]
BESIDE_VIEWS = SERVE[:3] + ["--no-views"] + SERVE[3:]
"""The service in compose, whose views service runs the views' runner."""


def compose():
    return yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())


def test_compose_starts_postgres_and_the_service_with_health_checks():
    services = compose()["services"]
    assert set(services) == {"db", "key", "migrate", "tablelog", "views", "caddy"}
    assert services["caddy"]["profiles"] == ["tls"]          # TLS in front only when asked for
    assert services["db"]["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    app = services["tablelog"]
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert app["command"] == BESIDE_VIEWS
    assert "/api/health" in " ".join(app["healthcheck"]["test"])
    assert services["views"]["command"][:2] == ["tablelog", "views"]
    assert services["views"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert (ROOT / "docker" / app["build"]["dockerfile"].split("/")[-1]).exists()


def test_compose_migrates_as_the_owner_and_serves_as_a_role_that_owns_no_table():
    """Two roles; the key mounted from a volume of its own, made beforehand."""
    services = compose()["services"]
    migrate, app = services["migrate"], services["tablelog"]
    # the URLs are secrets: the owner's for migrate, the service role's for the service
    assert migrate["environment"]["TABLELOG_DATABASE_URL_FILE"] == "/run/secrets/owner_database_url"
    assert migrate["command"] == ["tablelog", "migrate", "--service-role", "tablelog_service"]
    assert app["environment"]["TABLELOG_DATABASE_URL_FILE"] == "/run/secrets/service_database_url"
    initdb = (ROOT / "docker" / "initdb" / "10-service-role.sh").read_text()
    assert "CREATE ROLE tablelog_service LOGIN PASSWORD :'password'" in initdb
    assert "/run/secrets/db_service_password" in initdb
    assert app["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert app["depends_on"]["key"]["condition"] == "service_completed_successfully"
    key_volume = next(v for v in app["volumes"] if v.endswith(":/keys:ro"))
    assert key_volume.split(":")[0] in services["key"]["volumes"][0] and "pgdata" not in key_volume
    assert app["environment"]["TABLELOG_KEY_FILE"] == "/keys/key"
    assert services["key"]["command"][:3] == ["tablelog", "key", "init"]


def test_the_dockerfile_runs_the_documented_command():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    cmd = re.search(r"^CMD (.+)$", dockerfile, re.M).group(1)
    assert json.loads(cmd) == SERVE
    assert "/api/health" in dockerfile
    operations = (ROOT / "docs" / "operations.md").read_text()
    assert " ".join(SERVE) in operations
    assert "docker compose -f docker/compose.yaml up --build" in operations
    assert "docker compose -f docker/compose.yaml up --build" in (ROOT / "docker" / "compose.yaml").read_text()


def test_the_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert 'pip install ".[test]" && python -m pytest' in readme
    # CI installs ".[test]" as locked (tests/test_lock.py: the lock is what ".[test]" asks for)
    assert "--require-hashes -r docker/requirements-test.lock" in ci and "\npython -m pytest" in ci
    assert "pip install . && tablelog serve" in readme


def test_the_health_check_answers(client):
    assert client.get("/api/health").json["ok"] is True


def test_the_image_copies_what_exists_and_the_context_leaves_out_the_rest():
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    copied = [line.split()[1:-1] for line in dockerfile.splitlines() if line.startswith("COPY ")]
    sources = [source for sources in copied for source in sources]
    assert {"pyproject.toml", "README.md", "domain", "service", "replay"} <= set(sources)
    for source in sources:
        assert (ROOT / source).exists(), source
    ignored = {line.strip() for line in (ROOT / "docker" / "Dockerfile.dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")}
    assert {".git", "tests", "**/*.sqlite3"} <= ignored
    assert not ignored & set(sources)


def test_the_service_listens_where_its_health_check_and_port_point():
    app = compose()["services"]["tablelog"]
    port = app["command"][app["command"].index("--port") + 1]
    assert f"/dev/tcp/127.0.0.1/{port}" in " ".join(app["healthcheck"]["test"])
    assert app["ports"] == [f"127.0.0.1:{port}:{port}"]
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert f"EXPOSE {port}" in dockerfile and f"/dev/tcp/127.0.0.1/{port}" in dockerfile
    assert "GET /api/health/live " in dockerfile


def test_the_sharded_compose_file_serves_two_shards_from_two_hosts():
    """Two shards, each its own server; two hosts with the same shard map and key."""
    shards = yaml.safe_load((ROOT / "docker" / "compose.shards.yaml").read_text())["services"]
    assert {"db0", "db1", "redis", "key", "migrate", "tablelog-a", "tablelog-b", "views"} == set(shards)
    migrate = shards["migrate"]
    assert migrate["command"] == ["tablelog", "migrate", "--service-role", "tablelog_service"]
    assert migrate["environment"]["TABLELOG_DATABASE_URL_FILE"] == "/run/secrets/owner_database_url_db0"
    assert migrate["environment"]["TABLELOG_SHARDS_FILE"] == "/run/secrets/owner_shards"
    hosts = [shards["tablelog-a"], shards["tablelog-b"]]
    for host in hosts:
        assert host["command"] == BESIDE_VIEWS
        env = host["environment"]
        assert env["TABLELOG_DATABASE_URL_FILE"] == "/run/secrets/service_database_url_db0"
        assert env["TABLELOG_SHARDS_FILE"] == "/run/secrets/service_shards"
        assert env["TABLELOG_KEY_FILE"] == "/keys/key"
        assert env["TABLELOG_RATE_LIMIT_STORAGE"] == "redis://redis:6379/0"      # one count for both hosts
        assert set(host["depends_on"]) == {"db0", "db1", "redis", "key", "migrate"}
    assert hosts[0]["environment"] == hosts[1]["environment"]          # one shard map, one key
    assert hosts[0]["ports"] != hosts[1]["ports"]
    operations = (ROOT / "docs" / "operations.md").read_text()
    assert "docker compose -f docker/compose.shards.yaml up --build" in operations
    assert "docker compose -f docker/compose.shards.yaml up --build" in (
        ROOT / "docker" / "compose.shards.yaml").read_text()
    assert " ".join(migrate["command"]) in operations

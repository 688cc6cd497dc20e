"""The compose files as an operator runs them: valid by the Compose
Specification's schema (as check-jsonschema ships it), secrets from files
instead of passwords in the environment, health checks that start no Python,
every container hardened."""
from __future__ import annotations

import ipaddress
import json
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
FILES = ["compose.yaml", "compose.shards.yaml"]
SCHEMA = json.loads((files("check_jsonschema") / "builtin_schemas" / "vendor" / "compose-spec.json").read_text())
BUILT = ("key", "migrate", "tablelog", "tablelog-a", "tablelog-b")


def load(name: str) -> dict:
    return yaml.safe_load((ROOT / "docker" / name).read_text())


def errors(document: dict) -> list[str]:
    validator = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]


@pytest.mark.parametrize("name", FILES)
def test_the_file_is_valid_by_the_compose_specification(name):
    assert errors(load(name)) == []


def test_the_schema_would_find_a_mistake():
    document = load("compose.yaml")
    document["services"]["tablelog"]["readonly"] = True            # a misspelt option
    document["services"]["db"]["cap_drop"] = "ALL"                 # a list, not a word
    found = errors(document)
    assert any("readonly" in error for error in found) and any(e.startswith("services/db/cap_drop") for e in found)


@pytest.mark.parametrize("name", FILES)
def test_every_container_is_hardened_and_limited(name):
    for service_name, service in load(name)["services"].items():
        assert service["read_only"] is True, service_name
        assert service["cap_drop"] == ["ALL"], service_name
        assert "no-new-privileges:true" in service["security_opt"], service_name
        assert service["deploy"]["resources"]["limits"]["memory"], service_name
        assert service["restart"] in (("no",) if service_name in ("key", "migrate") else ("unless-stopped",))
        for port in service.get("ports", []):
            assert port.startswith("127.0.0.1:") or service_name == "caddy", (service_name, port)


@pytest.mark.parametrize("name", FILES)
def test_no_password_is_written_in_the_files_and_every_secret_is_a_file(name):
    document = load(name)
    declared = document["secrets"]
    assert all(set(secret) == {"file"} and secret["file"].startswith("./secrets/") for secret in declared.values())
    for service_name, service in document["services"].items():
        env = service.get("environment", {})
        assert not any("://" in str(value) and "@" in str(value) for value in env.values()), service_name
        assert "POSTGRES_PASSWORD" not in env
        for value in env.values():
            if str(value).startswith("/run/secrets/"):
                assert str(value).removeprefix("/run/secrets/") in service["secrets"], (service_name, value)
        assert set(service.get("secrets", [])) <= set(declared), service_name
    dbs = [s for s in document["services"].values() if str(s.get("image", "")).startswith("postgres:")]
    assert dbs and all(db["environment"]["POSTGRES_PASSWORD_FILE"] == "/run/secrets/db_owner_password" for db in dbs)
    initdb = (ROOT / "docker" / "initdb" / "10-service-role.sh").read_text()
    assert "PASSWORD '" not in initdb                                   # read from the secret, not written
    assert "docker/secrets/" in (ROOT / ".gitignore").read_text()
    assert "docker/secrets" in (ROOT / "docker" / "Dockerfile.dockerignore").read_text()


@pytest.mark.parametrize("name", FILES)
def test_health_checks_start_no_python_and_ask_for_readiness(name):
    services = load(name)["services"]
    for service_name, service in services.items():
        if "healthcheck" not in service:
            assert service_name in ("key", "migrate"), service_name     # they run once and exit
            continue
        test = service["healthcheck"]["test"]
        assert test[0] == "CMD" and "python" not in " ".join(test), service_name
        if service_name in BUILT:
            assert "GET /api/health/ready " in test[-1] and "/dev/tcp/127.0.0.1/8000" in test[-1]


@pytest.mark.parametrize("name", FILES)
def test_every_image_is_pinned_by_digest(name):
    for service_name, service in load(name)["services"].items():
        if "image" in service:
            image, _, digest = service["image"].partition("@sha256:")
            assert ":" in image and len(digest) == 64 and int(digest, 16) >= 0, service_name
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    base = next(line for line in dockerfile.splitlines() if line.startswith("FROM "))
    assert "@sha256:" in base and len(base.split("@sha256:")[1]) == 64


def test_the_production_service_exposes_metrics_to_the_operator_only():
    service = load("compose.yaml")["services"]["tablelog"]
    assert service["environment"]["TABLELOG_METRICS_TOKEN_FILE"] == "/run/secrets/metrics_token"
    assert service["environment"]["PROMETHEUS_MULTIPROC_DIR"].startswith("/tmp/")        # a tmpfs: writable
    document = load("compose.yaml")
    proxy = document["services"]["caddy"]["networks"]["default"]["ipv4_address"]
    assert service["environment"]["TABLELOG_TRUSTED_PROXIES"] == proxy        # the proxy alone is believed
    subnet = document["networks"]["default"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(proxy) in ipaddress.ip_network(subnet)


@pytest.mark.parametrize("name", FILES)
def test_the_views_run_in_a_service_of_their_own_on_the_servers_databases(name):
    services = load(name)["services"]
    views = services["views"]
    command = views["command"]
    assert command[:2] == ["tablelog", "views"]
    health_file = command[command.index("--health-file") + 1]
    assert health_file.startswith("/tmp/") and health_file in views["healthcheck"]["test"][-1]     # a tmpfs
    servers = [services[s] for s in BUILT if s in services and "serve" in services[s]["command"]]
    assert servers and all("--no-views" in server["command"] for server in servers)
    databases = ("TABLELOG_DATABASE_URL_FILE", "TABLELOG_SHARDS_FILE")
    for server in servers:
        assert {k: v for k, v in views["environment"].items() if k in databases} == \
            {k: v for k, v in server["environment"].items() if k in databases}
        assert set(views["secrets"]) <= set(server["secrets"])
    assert set(views["depends_on"]) >= {"migrate"}

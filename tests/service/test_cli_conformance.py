"""Persistence and the command line as documented: --database, its
environment variable and default, `tablelog serve [--host] [--port]
[--database]` (and its gunicorn option), and clear words for a database
that cannot be used."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from service.http.app import create_app
from service.ops.cli import main
from service.store.database import ENV_DATABASE
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(client) -> str:
    r = client.post("/api/games", json={"game": "willi", "players": FOUR})
    assert r.status_code == 201
    return r.get_json()["id"]


def test_without_database_or_variable_the_store_is_tablelog_sqlite3_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_DATABASE, raising=False)
    app = create_app()
    game = start(app.test_client())
    app.extensions["tablelog"].store.close()
    assert (tmp_path / "tablelog.sqlite3").exists()
    assert create_app().test_client().get(f"/api/games/{game}").status_code == 200     # tables kept, game kept


def test_the_variable_names_the_database_and_database_wins_over_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ENV_DATABASE, f"sqlite:///{tmp_path / 'from-env.sqlite3'}")
    app = create_app()
    game = start(app.test_client())
    assert (tmp_path / "from-env.sqlite3").exists() and not (tmp_path / "tablelog.sqlite3").exists()
    assert main(["games"]) == 0 and game in capsys.readouterr().out
    other = f"sqlite:///{tmp_path / 'given.sqlite3'}"
    assert main(["--database", other, "games"]) == 0
    assert "No games yet." in capsys.readouterr().out
    assert main(["games", "--database", other]) == 0 and game not in capsys.readouterr().out
    assert (tmp_path / "given.sqlite3").exists()


@pytest.mark.parametrize("url,status", [("bogus://somewhere", 2), ("sqlite://", 2), ("postgresql://host", 2),
                                        ("sqlite:////no/such/folder/at/all/t.sqlite3", 1),
                                        ("postgresql://someone:s3cret@127.0.0.1:1/none", 1)])
@pytest.mark.parametrize("command", [["games"], ["log", "00000000-0000-0000-0000-000000000000"]])
def test_a_database_that_cannot_be_used_is_said_in_words(url, status, command, capsys):
    assert main([*command, "--database", url]) == status
    err = capsys.readouterr().err
    assert err.startswith("tablelog: ") and "Traceback" not in err
    assert "s3cret" not in err                       # a password is not printed


def test_serve_says_so_too_before_starting_anything(capsys):
    assert main(["serve", "--database", "bogus://x", "--port", str(free_port())]) == 2
    assert main(["serve", "--production", "--database", "sqlite:////no/such/folder/t.sqlite3",
                 "--port", str(free_port())]) == 1
    assert "cannot open the database" in capsys.readouterr().err


def test_serve_help_names_host_port_database_and_the_production_option(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--database", "--production", "--workers"):
        assert option in out, option


def serving(args: list[str], cwd: Path, port: int, env: dict[str, str] | None = None) -> dict:
    env = {**os.environ, ENV_DATABASE: "", "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port), *args], cwd=cwd,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        answered: dict = {}

        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read().decode())
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as r:
                    answered.update(json.load(r))
            except OSError:
                return False
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/games", method="POST", headers={"Content-Type": "application/json"},
                data=json.dumps({"game": "willi", "players": FOUR}).encode())
            with urllib.request.urlopen(request, timeout=30) as r:
                assert r.status == 201
            return True
        assert wait_until(answers, pause=0.1), "the service did not answer"
        return answered
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_serve_production_runs_gunicorn_workers_on_the_database_given(tmp_path):
    port = free_port()
    health = serving(["--production", "--workers", "2", "--host", "127.0.0.1",
                      "--database", f"sqlite:///{tmp_path / 'prod.sqlite3'}"], tmp_path, port)
    assert health == {"ok": True, "database": "sqlite"}
    assert (tmp_path / "prod.sqlite3").exists() and not (tmp_path / "tablelog.sqlite3").exists()


@pytest.mark.postgres
@pytest.mark.store
def test_serve_on_postgresql_creates_its_tables_on_first_start(scratch_database, tmp_path):
    import psycopg
    url = scratch_database("serve")
    assert serving([], tmp_path, free_port(), env={ENV_DATABASE: url}) == {"ok": True, "database": "postgresql"}
    with psycopg.connect(url) as conn:
        # The machine's group, made on the first start; the game's Started event, and beside it its keyed anchor.
        topics = dict(conn.execute("SELECT topic, count(*) FROM tablelog_events GROUP BY topic").fetchall())
        assert topics == {"domain.groups:Group.Created": 1, "domain.record:GameRecord.Started": 1,
                          "domain.record:HeadAnchor.Opened": 1}

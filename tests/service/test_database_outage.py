"""Database trouble is answered fast: during a PostgreSQL outage every request
is answered within seconds (a 503 with Retry-After, or a read from the
cache), and the first request after the server is back succeeds. These are
liveness bounds (10 s), not measures of speed. The test starts its own
throwaway cluster (initdb in a temporary folder, a free port), never the
shared server."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
from contextlib import closing

import psycopg
import pytest

from domain.table import random_game
from domain.willi import GAME
from service.http.app import create_app

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
BOUND = 10.0


def pg_bin(name: str) -> str | None:
    found = shutil.which(name) or sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found if isinstance(found, str) else (found[-1] if found else None)


def as_postgres(command: list[str]) -> list[str]:
    """Run as the postgres user when we are root (initdb refuses root)."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class Cluster:
    def __init__(self, folder: str):
        self.data = os.path.join(folder, "data")
        with closing(socket.socket()) as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        subprocess.run(as_postgres([pg_bin("initdb"), "-D", self.data, "-U", "postgres", "--auth=trust"]),
                       check=True, capture_output=True)
        self.folder = folder
        self.start()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        subprocess.run(as_postgres([pg_bin("pg_ctl"), "-D", self.data, "-w", "-l", os.path.join(self.folder, "log"),
                                    "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                                          "-c fsync=off", "start"]), check=True, capture_output=True)

    def stop(self) -> None:
        subprocess.run(as_postgres([pg_bin("pg_ctl"), "-D", self.data, "-m", "immediate", "stop"]),
                       check=True, capture_output=True)


@pytest.fixture
def cluster():
    if pg_bin("initdb") is None:
        pytest.skip("no initdb on this machine: the outage test needs a throwaway PostgreSQL cluster")
    folder = tempfile.mkdtemp(prefix="tablelog-outage-")     # the postgres user must reach it
    os.chmod(folder, 0o755)
    made = Cluster(folder)
    yield made
    try:
        made.stop()
    except subprocess.CalledProcessError:
        pass
    shutil.rmtree(folder, ignore_errors=True)


def timed(fn):
    started = time.monotonic()
    result = fn()
    return result, time.monotonic() - started


@pytest.mark.slow       # starts a PostgreSQL cluster of its own and stops it
def test_an_outage_is_answered_503_fast_and_the_service_recovers(cluster):
    app = create_app(cluster.url)
    client = app.test_client()
    moves = random_game(GAME, PLAYERS, {}, __import__("random").Random(3))
    created = client.post("/api/games", json={"game": "willi", "players": PLAYERS}).json
    auth = {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}
    path = f"/api/games/{created['id']}/moves"
    assert client.post(path, json={"move": moves[0]}, headers=auth).status_code == 201

    cluster.stop()
    for request in (lambda: client.post(path, json={"move": moves[1]}, headers={**auth, "Idempotency-Key": "m2"}),
                    lambda: client.post("/api/games", json={"game": "willi", "players": PLAYERS}),
                    lambda: client.get("/api/health")):
        answer, took = timed(request)
        assert answer.status_code == 503 and took < BOUND, (answer.status_code, took)
        assert answer.json["code"] == "database_unavailable" and int(answer.headers["Retry-After"]) > 0
    answer, took = timed(lambda: client.get(f"/api/games/{created['id']}/state"))
    assert took < BOUND and answer.status_code == 200                    # from the worker's copy
    assert answer.json["version"] == 2

    cluster.start()
    back = time.monotonic()
    while True:
        answer = client.post(path, json={"move": moves[1]}, headers={**auth, "Idempotency-Key": "m2"})
        if answer.status_code == 201:
            break
        assert answer.status_code == 503 and time.monotonic() - back < BOUND, answer.json
        time.sleep(0.2)
    assert client.get("/api/health").status_code == 200
    again = client.post(path, json={"move": moves[1]}, headers={**auth, "Idempotency-Key": "m2"})
    assert again.json == answer.json                                         # recorded once
    assert client.get(f"/api/games/{created['id']}").json["version"] == 3
    app.extensions["tablelog"].store.close()


def test_a_sqlite_file_locked_by_another_writer_is_503_after_the_lock_timeout(tmp_path):
    database = tmp_path / "locked.sqlite3"
    app = create_app(f"sqlite:///{database}")
    client = app.test_client()
    created = client.post("/api/games", json={"game": "willi", "players": PLAYERS}).json
    auth = {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}
    move = random_game(GAME, PLAYERS, {}, __import__("random").Random(3))[0]
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        answer, took = timed(lambda: client.post(f"/api/games/{created['id']}/moves", json={"move": move},
                                                 headers=auth))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert answer.status_code == 503 and took < BOUND, (answer.status_code, answer.json)
    assert answer.json["code"] == "database_unavailable" and answer.headers["Retry-After"]
    assert client.post(f"/api/games/{created['id']}/moves", json={"move": move}, headers=auth).status_code == 201
    app.extensions["tablelog"].store.close()

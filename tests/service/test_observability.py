"""What an operator sees: one JSON log line per request with its id (never
a token), and Prometheus metrics summed over the production server's workers."""
from __future__ import annotations

import json
import logging
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from service.settings import load

from domain.table import random_game
from domain.willi import GAME
from service.http.observe import ENV_METRICS_TOKEN
from service.telemetry import logs

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
METRICS_TOKEN = "operator-secret-0123"
SERIES = ("tablelog_requests_total", "tablelog_request_duration_seconds_bucket", "tablelog_moves_recorded_total",
          "tablelog_refusals_total", "tablelog_store_errors_total", "tablelog_unavailable_answers_total",
          "tablelog_views_lag_events", "tablelog_group_commit_batch_size_bucket")


@pytest.fixture
def logged(capsys):
    """The service's logging set up as ``serve`` sets it up; the lines it writes."""
    def configure(fmt: str = "json") -> None:
        logs.configure(fmt)

    yield configure, lambda: capsys.readouterr().err.splitlines()
    for name in ("tablelog", "gunicorn.error", "gunicorn.access", "werkzeug", "waitress"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.setLevel(logging.NOTSET)
        logger.propagate = True
    logging.getLogger().handlers.clear()


def start(client) -> tuple[str, str]:
    r = client.post("/api/games", json={"game": "willi", "players": FOUR})
    assert r.status_code == 201
    return r.json["id"], r.json["tokens"]["scorekeeper"]


def test_a_request_is_one_json_line_with_its_id_and_no_token(client, logged):
    configure, lines = logged
    configure()
    game_id, token = start(client)
    move = random_game(GAME, FOUR, {}, random.Random(1))[0]
    r = client.post(f"/api/games/{game_id}/moves?token={token}", json={"move": move},
                    headers={"Authorization": f"Bearer {token}", "X-Request-Id": "table-7.move-1"})
    assert r.status_code == 201 and r.headers["X-Request-Id"] == "table-7.move-1"
    written = lines()
    assert written and all(json.loads(line) for line in written)
    assert not any(token in line for line in written)
    entry = [json.loads(line) for line in written if "table-7.move-1" in line]
    assert len(entry) == 1
    assert entry[0]["logger"] == "tablelog.request" and entry[0]["level"] == "INFO"
    assert {k: entry[0][k] for k in ("method", "route", "status", "game", "request_id")} == {
        "method": "POST", "route": "/api/games/<game_id>/moves", "status": 201, "game": game_id,
        "request_id": "table-7.move-1"}
    assert entry[0]["duration_ms"] >= 0


def test_a_request_id_is_made_when_none_or_a_strange_one_is_sent(client, logged):
    configure, lines = logged
    configure()
    made = client.get("/api/games").headers["X-Request-Id"]
    odd = client.get("/api/games", headers={"X-Request-Id": "x" * 200}).headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made) and re.fullmatch(r"[0-9a-f]{32}", odd) and made != odd
    ids = [json.loads(line)["request_id"] for line in lines()]
    assert ids == [made, odd]


def test_every_line_written_during_a_request_carries_its_id(app, logged):
    configure, lines = logged

    @app.get("/api/test-warns")
    def warns():
        logging.getLogger("tablelog.store").warning("the database hesitated")
        return {"ok": True}

    configure()
    app.test_client().get("/api/test-warns", headers={"X-Request-Id": "r-42"})
    written = [json.loads(line) for line in lines()]
    assert [(e["logger"], e["request_id"]) for e in written] == [("tablelog.store", "r-42"),
                                                                 ("tablelog.request", "r-42")]


def test_an_unknown_path_is_logged_by_no_route_and_the_text_form_has_no_colour(client, logged):
    configure, lines = logged
    configure("text")
    assert client.get("/api/secret-looking/abc").status_code == 404
    written = lines()
    assert len(written) == 1 and "<unmatched> 404" in written[0] and "secret-looking" not in written[0]
    assert "\x1b[" not in written[0]


def test_metrics_are_off_without_the_operators_token_and_closed_to_others(client, monkeypatch):
    assert client.get("/metrics").status_code == 404
    # The settings are read once, when the service is made: the token as that read would find it.
    monkeypatch.setenv(ENV_METRICS_TOKEN, METRICS_TOKEN)
    client.application.extensions["tablelog_settings"] = load()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer guess"}).status_code == 401
    start(client)
    r = client.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
    assert r.status_code == 200 and r.mimetype == "text/plain"
    assert 'tablelog_requests_total{method="POST",route="/api/games",status="201"}' in r.text
    assert 'tablelog_views_lag_events{shard="0"}' in r.text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(url: str, method: str = "GET", body: dict | None = None, headers: dict | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json", "Connection": "close",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def samples(text: str, name: str) -> dict[str, float]:
    return {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines() if line.startswith(name)}


def test_production_logs_every_request_and_sums_the_metrics_of_two_workers(tmp_path):
    port, url = free_port(), None
    url = f"http://127.0.0.1:{port}"
    stderr = (tmp_path / "server.log").open("wb")
    env = {**os.environ, "PYTHONPATH": str(ROOT), ENV_METRICS_TOKEN: METRICS_TOKEN,
           "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")}
    process = subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", "serve", "--production", "--workers", "2", "--port", str(port),
         "--database", f"sqlite:///{tmp_path / 'served.sqlite3'}"], cwd=tmp_path, env=env,
        stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
    try:
        health = 0                                # health checks answered 200, by either worker
        for _ in range(300):
            try:
                if call(f"{url}/api/health")[0] == 200:
                    health += 1
                    break
            except OSError:
                assert process.poll() is None, (tmp_path / "server.log").read_text()
                time.sleep(0.1)
        tokens = []
        for number in range(8):
            status, body = call(f"{url}/api/games", "POST", {"game": "willi", "players": FOUR},
                                {"X-Request-Id": f"start-{number}"})
            assert status == 201
            tokens.append((json.loads(body)["id"], json.loads(body)["tokens"]["scorekeeper"]))
        game_id, token = tokens[0]
        move = random_game(GAME, FOUR, {}, random.Random(1))[0]
        assert call(f"{url}/api/games/{game_id}/moves", "POST", {"move": move},
                    {"Authorization": f"Bearer {token}"})[0] == 201
        assert call(f"{url}/api/games/{game_id}/moves", "POST", {"move": {"kind": "nonsense"}},
                    {"Authorization": f"Bearer {token}"})[0] in (400, 422)
        assert call(f"{url}/metrics")[0] == 401
        # Which worker accepts a connection is the kernel's choice: health
        # checks, each on a connection of its own, until both workers have
        # counted one (a bounded number; one worker alone never ends it).
        counted = tmp_path / "metrics"
        for _ in range(400):
            if len(list(counted.glob("counter_*.db"))) == 2:
                break
            assert call(f"{url}/api/health")[0] == 200
            health += 1
        assert len(list(counted.glob("counter_*.db"))) == 2        # both workers counted
        # Whichever worker answers the scrape, it counts every worker's requests.
        for _ in range(4):
            status, body = call(f"{url}/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
            assert status == 200
            text = body.decode()
            for series in SERIES:
                assert series in text, series
            assert samples(text, "tablelog_requests_total")[
                'tablelog_requests_total{method="POST",route="/api/games",status="201"}'] == 8
            assert samples(text, "tablelog_moves_recorded_total") == {
                'tablelog_moves_recorded_total{game="willi"}': 1.0}
            assert samples(text, "tablelog_requests_total")[
                'tablelog_requests_total{method="GET",route="/api/health",status="200"}'] == health
    finally:
        process.terminate()
        process.wait(timeout=30)
        stderr.close()
    lines = (tmp_path / "server.log").read_text().splitlines()
    entries = [json.loads(line) for line in lines]            # every line JSON, gunicorn's too
    requests = [e for e in entries if e["logger"] == "tablelog.request"]
    assert {f"start-{n}" for n in range(8)} <= {e["request_id"] for e in requests}
    assert not any(token in line for _, token in tokens for line in lines)


def test_a_workers_first_requests_on_several_threads_make_the_metrics_once():
    """A fresh process whose first answers come on many threads at once
    (a production worker's first requests) registers each metric once."""
    script = """
import threading
from service.telemetry import metrics
start = threading.Barrier(16)
failed = []
def first_answer():
    start.wait()
    try:
        metrics.answered("GET", "/api/games/<game_id>/log", 200, 0.01, None)
    except Exception as error:
        failed.append(repr(error))
threads = [threading.Thread(target=first_answer) for _ in range(16)]
for thread in threads: thread.start()
for thread in threads: thread.join()
assert not failed, failed
"""
    for _ in range(5):
        ran = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
        assert ran.returncode == 0, ran.stderr[-2000:]


def test_every_recorded_move_counts_on_its_own_game_s_series(client, monkeypatch):
    monkeypatch.setenv(ENV_METRICS_TOKEN, METRICS_TOKEN)
    client.application.extensions["tablelog_settings"] = load()

    def recorded() -> dict[str, float]:
        r = client.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
        return samples(r.text, "tablelog_moves_recorded_total")

    before = recorded()
    game_id, token = start(client)
    for move in random_game(GAME, FOUR, {}, random.Random(5))[:3]:
        r = client.post(f"/api/games/{game_id}/moves", json={"move": move},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.json
    after = recorded()
    willi = 'tablelog_moves_recorded_total{game="willi"}'
    assert after[willi] - before.get(willi, 0.0) == 3
    assert {series: value for series, value in after.items() if series != willi} == \
        {series: value for series, value in before.items() if series != willi}

"""``tablelog bench`` runs end to end on a small record (its figures are not
checked: speed is measured by the benchmark, never asserted by a test)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.http.app import create_app
from domain.rules import RuleViolation
from domain.willi import GAME
from service.ops.bench import PLAYERS, HTTPClient, WSGIClient, tap_moves, views_process, willi_game
from service.ops.bench_clients import read_answer, received_answer
from service.ops.cli import main


@pytest.mark.slow
def test_bench_prints_every_measure_beside_its_baseline(tmp_path, capsys):
    assert main(["bench", "--database", f"sqlite:///{tmp_path / 'bench.sqlite3'}",
                 "--games", "1", "--events", "60", "--taps", "2", "--smoke"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    # What a smoke run does is said first, then each stage as it begins (no terminal here: no bars).
    said = captured.err.splitlines()
    assert said[0].startswith("tablelog: bench --smoke: every measure") and "(e) cold start" in captured.err
    for measure in ("(a) recorded move ÷ stock eventsourcing save()", "reference: ÷ the project's own save()",
                    "reference: ÷ stock save() in a loop", "(a) recorded move over HTTP", "the HTTP layer",
                    "sent with http.client",
                    "(b) undo", "(b) state at move 40",
                    "(c) rules engine", "Grand Austria Hotel + 5 modules", "Grand Austria Hotel, solo",
                    "(d) tap, server", "tap, requests", "tap, bytes",
                    "(d) Grand Austria Hotel + modules", "tap, state downloads",
                    "(e) first request at", "in a new process", "(e) memory of a cached", "(e) log per entry",
                    "(e) JSON Lines export per entry", "(e) Willi rules per move", "(e) Wiener Walzer rules",
                    "(e) Vienna rules", "(e) Grand Austria Hotel rules", "(e) Grand Austria Hotel + 5 modules rules",
                    "(e) Grand Austria Hotel, solo rules"):
        assert measure in out
    assert "target" in out and "load average" in out and "cores" in out


@pytest.mark.slow
def test_the_bench_runs_the_views_runner_in_a_process_of_its_own(tmp_path):
    # As the production server's master does: the bench's moves do not pay
    # for the runner's work in their own process, and the runner goes with the bench.
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    app = create_app(url)
    runner = views_process(url, app)
    try:
        holder = app.extensions["tablelog"].views.leader.runner()
        assert holder.pid == runner.process.pid != os.getpid() and holder.failing is None
    finally:
        process = runner.process
        runner.stop()
        app.extensions["tablelog"].store.close()
    assert process.poll() is not None
    assert app.extensions["tablelog"].views.leader.runner() is None


def test_the_layers_of_a_move_add_up_to_the_whole_request(tmp_path):
    """Each recorded move is split into the framework's layers and the
    handler's work, which together are the whole WSGI call; every hook and
    the view are timed, and the shared parser is left as it was. The same
    moves on a second app with only the handler timed give the framework's
    share without the other wrappers in it."""
    from flask_smorest import Blueprint

    from service.ops.bench import Recorder
    from service.ops.bench_layers import FRAMEWORK, HANDLER, layer_figures
    from service.store.keys import ENV_KEY, load_keyring, new_env_key
    keyring = load_keyring(env={ENV_KEY: new_env_key()})[0]
    figures = layer_figures(f"sqlite:///{tmp_path / 'layers.sqlite3'}", keyring, 1, lambda g: willi_game(g)[:30],
                            lambda client, g: Recorder(client, seed=g))
    assert figures["moves"] == 30
    mean = figures["mean"]
    assert all(mean[layer] > 0 for layer in (*FRAMEWORK, HANDLER))
    assert sum(mean[layer] for layer in (*FRAMEWORK, HANDLER)) == pytest.approx(mean["total"])
    assert mean["framework"] == pytest.approx(mean["total"] - mean[HANDLER])
    assert "parse" not in vars(Blueprint.ARGUMENTS_PARSER)
    # The framework's share as (a) shows it: from the same moves on an app with only the handler timed.
    plain = figures["plain"]
    assert 0 < plain[HANDLER] < plain["total"] and plain["framework"] > 0


@pytest.mark.slow
def test_bench_layers_prints_each_layer(tmp_path, capsys):
    assert main(["bench", "--layers", "--database", f"sqlite:///{tmp_path / 'layers.sqlite3'}", "--games", "1",
                 "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    for layer in ("Flask and werkzeug", "hooks", "the limiter", "webargs/marshmallow", "flask-smorest",
                  "the answer written as JSON", "framework", "only the handler timed", "the handler",
                  "CPU time a move", "load average"):
        assert layer in out


def test_the_bench_client_speaks_http_like_a_wsgi_server(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    client = WSGIClient(app)
    status, created = client.request("POST", "/api/games", {"game": "willi", "players": ["A", "B", "C", "D"]})
    assert status == 201
    status, state = client.request("GET", f"/api/games/{created['id']}/state?at=0")
    assert status == 200 and state == app.test_client().get(f"/api/games/{created['id']}/state?at=0").json
    status, refused = client.request("POST", f"/api/games/{created['id']}/undo", {},
                                     {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"})
    assert status == 409 and refused["code"] == "nothing_to_undo"
    assert client.request("POST", f"/api/games/{created['id']}/undo", {})[0] == 401


def test_the_bench_sends_the_same_requests_over_real_http(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    client = HTTPClient(app)
    try:
        status, created = client.request("POST", "/api/games", {"game": "willi", "players": ["A", "B", "C", "D"]})
        assert status == 201 and client.served > 0
        status, state = client.request("GET", f"/api/games/{created['id']}/state?at=0")
        assert status == 200 and state == app.test_client().get(f"/api/games/{created['id']}/state?at=0").json
        assert client.request("POST", f"/api/games/{created['id']}/undo", {})[0] == 401
    finally:
        client.close()


def test_the_bench_sends_over_http_with_http_client_too_for_its_reference_row(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    client = HTTPClient(app)
    stdlib = HTTPClient(app, stdlib=True, alongside=client)
    try:
        assert stdlib.server is client.server
        for sender in (client, stdlib):
            status, health = sender.request("GET", "/api/health")
            assert status == 200 and health["ok"] and sender.served > 0
    finally:
        stdlib.close()
        client.close()


def test_the_bench_opens_another_connection_when_the_server_ends_one(tmp_path):
    client = HTTPClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    try:
        assert client.request("GET", "/api/health", headers={"Connection": "close"})[0] == 200
        assert client.socket is None
        assert client.request("GET", "/api/health")[0] == 200 and client.socket is not None
    finally:
        client.close()


class Pieces:
    """A socket whose answer arrives in pieces."""

    def __init__(self, *pieces: bytes):
        self.pieces = list(pieces)

    def recv(self, size: int) -> bytes:
        return self.pieces.pop(0) if self.pieces else b""


def test_the_bench_receives_an_answer_until_its_content_length_is_in():
    answer = b"HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n"
    assert received_answer(Pieces(answer[:20], answer[20:], b'{"index":', b' 3}')) == answer + b'{"index": 3}'
    assert read_answer(answer + b'{"index": 3}', "POST") == (201, b'{"index": 3}')


@pytest.mark.parametrize("pieces, refused", [
    ((b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",), AssertionError),
    ((b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}HTTP/1.1",), AssertionError),
    ((b"HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{}",), ConnectionError),
])
def test_the_bench_refuses_an_answer_it_cannot_delimit(pieces, refused):
    """Without a length, with bytes after it, or cut off: refused, not guessed at."""
    with pytest.raises(refused):
        received_answer(Pieces(*pieces))


def test_the_bench_games_are_whole_legal_games_played_out_beforehand():
    moves = willi_game(5)
    assert moves == willi_game(5) and moves != willi_game(6)
    state = GAME.setup(PLAYERS, {})
    for move in moves:
        try:
            GAME.check(state, move)
        except RuleViolation as violation:      # pragma: no cover - the failure message
            raise AssertionError(f"{move} is refused: {violation.message}") from None
        state, _ = GAME.apply(state, move)
    assert GAME.finished(state)


def test_a_tap_on_the_page_is_timed_where_one_tap_plays_a_card():
    moves, positions = tap_moves()
    assert positions[0] >= 3 and positions[1] >= 300
    state = GAME.setup(PLAYERS, {})
    for number, move in enumerate(moves):
        if number in positions:
            plays = [m for m in GAME.legal_moves(state) if m["type"] == "play"]
            assert move["type"] == "play" and len(plays) > 1 and move in plays
        state, _ = GAME.apply(state, move)


@pytest.mark.slow
@pytest.mark.parametrize("connection, said", [("kept", "kept connections"),
                                              ("per-request", "a fresh connection per request")])
def test_the_load_bench_runs_two_workers_without_errors(connection, said, capsys):
    """A short smoke of ``tablelog bench --load`` (the 60 s run is the
    benchmark's, not the suite's): clients in their own games and racers on
    one, against the production server with two workers; any error makes it
    exit 1."""
    assert main(["bench", "--load", "--seconds", "2", "--clients", "2", "--racers", "2", "--workers", "2",
                 "--connection", connection]) == 0
    out = capsys.readouterr().out
    for column in ("workers", "moves/s", "p50 ms", "p99 ms", "lost races", "errors", "client CPU", said, "cores"):
        assert column in out


@pytest.mark.parametrize("kept", [True, False])
def test_a_load_client_keeps_its_connection_or_opens_one_per_request(kept, tmp_path):
    from service.ops.loadbench import CLIENT, call, client_thread
    server = HTTPClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    held = []

    def two_requests() -> None:
        for _ in range(2):
            assert call(server.server.effective_port, "GET", "/api/health")[0] == 200
            held.append(dict(CLIENT.kept) if CLIENT.kept is not None else None)

    try:
        thread = client_thread(kept, two_requests)
        thread.start()
        thread.join()
    finally:
        server.close()
    if kept:
        assert len(held[0]) == 1 and held[0] == held[1]       # the same connection, sent on twice
    else:
        assert held == [None, None]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="the second page is Chromium's")
def test_the_live_bench_runs_watchers_beside_moves_and_a_second_page():
    """A short smoke of ``tablelog bench --live``: one production worker,
    idle pages asking with their ETags, moves timed with and without them,
    and a Chromium page that shows the moves; its figures are not checked.
    It runs as the command does, in a process of its own: Playwright's
    synchronous API refuses a process where the browser tests' event loop
    already runs."""
    done = subprocess.run([sys.executable, "-m", "service.ops.cli", "bench", "--live", "--watchers", "6",
                           "--taps", "2", "--smoke"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    for measure in ("move p99 with 6 idle pages watching", "idle pages held by the worker", "304",
                    "a move shown on a second page", "load average"):
        assert measure in out


@pytest.mark.parametrize("workers", ["0", "9", "2,x", ""])
def test_the_load_bench_refuses_worker_counts_it_cannot_serve(workers, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["bench", "--load", "--workers", workers])
    assert exit.value.code == 2 and "worker count" in capsys.readouterr().err


@pytest.mark.parametrize("shards", ["0", "9", "1,x"])
def test_the_load_bench_refuses_shard_counts_it_cannot_serve(shards, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["bench", "--load", "--shards", shards])
    assert exit.value.code == 2 and "shard count" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.store
def test_the_load_bench_serves_one_and_two_shards(scratch_database, postgres_url, capsys):
    """``--shards 1,2`` serves the load from shard 0 alone, then from
    it and ``<name>_1`` (made, migrated, marked), the lock waits summed over both."""
    import uuid

    import psycopg
    owner = scratch_database("loadshards")
    role = f"tablelog_bench_{uuid.uuid4().hex[:8]}"
    second = owner.rsplit("/", 1)[1] + "_1"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(f'CREATE ROLE "{role}" LOGIN')
    try:
        assert main(["bench", "--load", "--database", owner, "--service-role", role, "--shards", "1,2",
                     "--seconds", "2", "--clients", "2", "--racers", "0", "--workers", "1", "--skip-sqlite"]) == 0
        out = capsys.readouterr().out
        assert "shards" in out and "lock waits" in out
        assert [line.split("│")[2].strip() for line in out.splitlines() if "│ postgresql" in line] == ["1", "2"]
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{second}" WITH (FORCE)')
            conn.execute(f'DROP DATABASE IF EXISTS "{owner.rsplit("/", 1)[1]}" WITH (FORCE)')
            conn.execute(f'DROP ROLE IF EXISTS "{role}"')

"""``tablelog bench --load``: the production server under a bounded load, on
loopback only. Not a test: it prints what it saw.

For each database (SQLite, and PostgreSQL when one is named) it starts
``tablelog serve --production`` twice, with two workers and with one, and
runs the same load against each for ``--seconds``:

- ``--clients`` clients, each recording whole random Willi games of its
  own, move after move;
- ``--racers`` clients racing on one shared game: each reads the game,
  chooses a legal move for what it read, sends it, and loses the race when
  another racer's move came first (its move was then checked against a game
  that had moved on: refused, or recorded if still legal).

Each client keeps its connection alive, as a browser does (the default;
``--connection per-request``: a fresh connection for every request, the
variant), sends no ``expected_version`` and an ``Idempotency-Key``; a request without an answer (a transport error, a 5xx)
is sent again under the same key. Errors are: any 5xx or transport error, a
422 or 409 for a client in its own game, and a 422 for a racer whose move was
still the next one when it was refused. The client's own CPU time (this
process's, every client thread's) is printed beside the server's, and the
load average before and after each run with the machine.
"""
from __future__ import annotations

import http.client
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

import orjson
from rich.table import Table

from domain.rules import random_move
from domain.table import random_game
from domain.games import get_game
from service.store.keys import ENV_KEY, ENV_KEY_FILE, new_env_key

GAME = get_game("willi")        # the same game the bench records (service.ops.bench.BENCH_GAME)
PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
HOST = "127.0.0.1"
"""Loopback only: the benchmark never sends its load anywhere else."""


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    lost_races: int = 0
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


class Server:
    """``tablelog serve --production`` on a free loopback port."""

    def __init__(self, database: str, workers: int, scratch: str, env: dict[str, str], shards: tuple[str, ...] = ()):
        with closing(socket.socket()) as s:
            s.bind((HOST, 0))
            self.port = s.getsockname()[1]
        self.log = open(os.path.join(scratch, f"serve-{workers}-{self.port}.log"), "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "service.ops.cli", "serve", "--production", "--workers", str(workers),
             "--host", HOST, "--port", str(self.port), "--database", database,
             *(arg for url in shards for arg in ("--shard", url))],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if call(self.port, "GET", "/api/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not start: see {self.log.name}")

    def cpu_seconds(self) -> float:
        """The CPU time the server's processes (its master, workers and views runner) have
        used so far, from /proc (0 where there is none): beside the moves it
        served, the server's cost of a move, which a machine shared with
        other work changes less than its moves a second."""
        ticks, pids = 0, [self.process.pid]
        while pids:
            pid = pids.pop()
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    fields = stat.read().rpartition(")")[2].split()
                with open(f"/proc/{pid}/task/{pid}/children") as children:
                    pids += [int(child) for child in children.read().split()]
            except OSError:
                continue
            ticks += int(fields[11]) + int(fields[12])      # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        # Every request has been answered: gunicorn's quick shutdown (SIGQUIT),
        # not the graceful one, which waits seconds for idle workers to finish.
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


CLIENT = threading.local()
"""Each client thread's own: ``kept``, whether it keeps its connections
alive, and the connection it holds to each port."""


def call(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
         timeout: float = 30) -> tuple[int, Any]:
    """One request: on the connection this client thread keeps (a client
    started with kept connections), else on a fresh connection closed after it."""
    kept = getattr(CLIENT, "kept", None)
    conn = kept.get(port) if kept is not None else None
    if conn is None:
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        if kept is not None:
            kept[port] = conn
    data = orjson.dumps(body) if body is not None else None
    sent = {"Content-Type": "application/json", **({} if kept is not None else {"Connection": "close"}),
            **(headers or {})}
    try:
        conn.request(method, path, body=data, headers=sent)
        answer = conn.getresponse()
        text = answer.read()
    except BaseException:
        conn.close()
        if kept is not None:
            kept.pop(port, None)      # the next request opens another one
        raise
    if kept is None or answer.will_close:
        conn.close()
        if kept is not None:
            kept.pop(port, None)
    return answer.status, orjson.loads(text) if text else None


def client_thread(kept: bool, target: Any, *args: Any) -> threading.Thread:
    """A load client: ``target(*args)`` in a thread of its own that keeps its
    connections alive or not (``kept``), and closes them when done."""
    def run() -> None:
        CLIENT.kept = {} if kept else None
        try:
            target(*args)
        finally:
            for conn in (CLIENT.kept or {}).values():
                conn.close()

    return threading.Thread(target=run)


def send(port: int, tally: Tally, method: str, path: str, body: Any, headers: dict[str, str],
         stop_at: float) -> tuple[int, Any] | None:
    """A write, sent again under its key until it is answered (or time is up)."""
    headers = {**headers, "Idempotency-Key": uuid.uuid4().hex}
    while time.monotonic() < stop_at + 10:
        started = time.perf_counter()
        try:
            status, answer = call(port, method, path, body, headers)
        except OSError as error:
            tally.error(f"transport: {error!r}")
            continue
        if status >= 500:
            tally.error(f"{status}: {answer}")
            continue
        if status == 201 and path.endswith("/moves"):
            with tally.lock:
                tally.latencies.append(time.perf_counter() - started)
                tally.moves += 1
        return status, answer
    return None


def start_game(port: int, tally: Tally, stop_at: float) -> tuple[str, dict[str, str]] | None:
    answer = send(port, tally, "POST", "/api/games", {"game": "willi", "players": PLAYERS}, {}, stop_at)
    if answer is None or answer[0] != 201:
        tally.error(f"start: {answer}")
        return None
    return answer[1]["id"], {"Authorization": f"Bearer {answer[1]['tokens']['scorekeeper']}"}


def own_games(port: int, tally: Tally, seed: int, stop_at: float) -> None:
    rng = random.Random(seed)
    while time.monotonic() < stop_at:
        started = start_game(port, tally, stop_at)
        if started is None:
            return
        game_id, auth = started
        for move in random_game(GAME, PLAYERS, {}, rng):
            if time.monotonic() >= stop_at:
                return
            answer = send(port, tally, "POST", f"/api/games/{game_id}/moves", {"move": move}, auth, stop_at)
            if answer is not None and answer[0] != 201:
                tally.error(f"own game, {answer[0]}: {answer[1]}")


class Race:
    """The one game the racers share; the next one once it is finished."""

    def __init__(self, port: int, tally: Tally, stop_at: float):
        self.port, self.tally, self.stop_at = port, tally, stop_at
        self.lock = threading.Lock()
        self.current: tuple[str, dict[str, str]] | None = None
        self.next_game(None)

    def next_game(self, finished: str | None) -> tuple[str, dict[str, str]] | None:
        with self.lock:
            if self.current is None or self.current[0] == finished:
                self.current = start_game(self.port, self.tally, self.stop_at)
            return self.current


def racer(port: int, tally: Tally, race: Race, seed: int, stop_at: float) -> None:
    """Read the game, choose a legal move for what it read, send it."""
    rng = random.Random(seed)
    current = race.current
    replayed: tuple[str, list[Any], Any] = ("", [], None)   # the game, the moves and the state last worked out
    while current is not None and time.monotonic() < stop_at:
        game_id, auth = current
        status, log = call(port, "GET", f"/api/games/{game_id}/log", headers=auth)     # a game opens to its tokens
        if status != 200:
            tally.error(f"racer read, {status}: {log}")
            continue
        moves = [entry["move"] for entry in log["entries"] if not entry["undone"]]
        # The client's own work, kept small so the machine's cores go to the
        # server: only the moves after those it replayed last time.
        known_game, known, state = replayed
        if known_game != game_id or moves[:len(known)] != known:
            known, state = [], GAME.setup(PLAYERS, {})
        for move in moves[len(known):]:
            state, _ = GAME.apply(state, move)
        replayed = (game_id, moves, state)
        if GAME.finished(state):
            current = race.next_game(game_id)
            continue
        read = log["version"]
        answer = send(port, tally, "POST", f"/api/games/{game_id}/moves",
                      {"move": random_move(GAME, state, rng)}, auth, stop_at)
        if answer is None or answer[0] == 201:
            continue
        if answer[0] in (409, 422) and call(port, "GET", f"/api/games/{game_id}", headers=auth)[1]["version"] > read:
            with tally.lock:
                tally.lost_races += 1         # another racer's move came first
            continue
        tally.error(f"racer, {answer[0]}: {answer[1]}")


def run_load(port: int, clients: int, racers: int, seconds: float, kept: bool = True) -> tuple[Tally, float, float]:
    """The load against ``port``: the tally, the seconds it took, and the CPU seconds the clients took."""
    tally = Tally()
    stop_at = time.monotonic() + seconds
    threads = [client_thread(kept, own_games, port, tally, seed, stop_at) for seed in range(clients)]
    if racers:
        race = Race(port, tally, stop_at)
        threads += [client_thread(kept, racer, port, tally, race, 100 + i, stop_at) for i in range(racers)]
    began, cpu = time.perf_counter(), time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, time.perf_counter() - began, time.process_time() - cpu


def service_url(owner_url: str, role: str, env: dict[str, str], shards: tuple[str, ...] = ()) -> str:
    """Migrate the PostgreSQL database (and the ``shards`` after it) as its
    owner for the service ``role`` (serve --production refuses to run as
    the tables' owner) and give the URL the service connects with."""
    subprocess.run([sys.executable, "-m", "service.ops.cli", "migrate", "--database", owner_url,
                    *(arg for url in shards for arg in ("--shard", url)), "--service-role", role],
                   check=True, env=env, capture_output=True)
    return as_role(owner_url, role)


def as_role(owner_url: str, role: str) -> str:
    from urllib.parse import urlparse
    parts = urlparse(owner_url)
    host = parts.netloc.rpartition("@")[2]
    return parts._replace(netloc=f"{role}@{host}").geturl()


TARGETS = {True: (450, 100), False: (350, None)}
"""The targets for PostgreSQL under ``serve --production --workers 2``, with
kept connections (True) and a connection per request: moves a second, and
the 99th percentile of a move's latency in ms (None: not held), with 0 errors."""


class LockWaits:
    """How many sessions wait for a lock on the events table, sampled every
    50 ms while the load runs (PostgreSQL; eventsourcing locks the table
    from each insert to its commit)."""

    def __init__(self, *urls: str):
        import psycopg
        self.conns = [psycopg.connect(url, autocommit=True) for url in urls]     # one per shard's database
        self.samples: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.05):
            self.samples.append(sum(conn.execute(
                "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = to_regclass('tablelog_events')"
            ).fetchone()[0] for conn in self.conns))

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        for conn in self.conns:
            conn.close()
        return statistics.mean(self.samples) if self.samples else 0.0


def shard_databases(owner_url: str, count: int, role: str, env: dict[str, str]) -> list[tuple[str, str]]:
    """``count`` databases on the server of ``owner_url`` for ``--shards``:
    the database itself as shard 0, then ``<name>_1``, ``<name>_2``, ... (made when
    missing, migrated for ``role``), each as (owner's URL, service's URL)."""
    import psycopg
    from urllib.parse import urlparse
    parts = urlparse(owner_url)
    name = parts.path.strip("/")
    urls = [owner_url] + [parts._replace(path=f"/{name}_{n}").geturl() for n in range(1, count)]
    with psycopg.connect(owner_url, autocommit=True) as conn:
        for url in urls[1:]:
            shard = urlparse(url).path.strip("/")
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [shard]).fetchone() is None:
                conn.execute(f'CREATE DATABASE "{shard}"')
    service_url(owner_url, role, env, tuple(urls[1:]))
    return [(url, as_role(url, role)) for url in urls]


def run_load_bench(sqlite: bool, postgres: str | None, clients: int, racers: int, seconds: float,
                   service_role: str | None = None, workers: tuple[int, ...] = (2, 1),
                   shards: tuple[int, ...] = (1,), kept: bool = True) -> int:
    """``kept``: each client keeps its connection alive (else: a connection per request)."""
    from service.ops.bench import wide_console
    from service.ops.bench_clients import load_average, machine
    console = wide_console()
    scratch = tempfile.mkdtemp(prefix="tablelog-load-")
    databases = []
    if sqlite:
        databases.append(("sqlite", lambda workers: f"sqlite:///{os.path.join(scratch, f'load-{workers}.sqlite3')}"))
    if postgres and not service_role:
        console.print("PostgreSQL left out: name the role the service runs as with --service-role "
                      "(serve --production refuses the tables' owner).")
    elif postgres:
        databases.append(("postgresql", lambda workers: served_url))
    table = Table(title=f"tablelog bench --load: {clients} clients in their own games + {racers} racing on one, "
                        f"{seconds:g} s each, {'kept connections' if kept else 'a fresh connection per request'}, "
                        f"no expected_version — {machine()}")
    for column in ("database", "shards", "workers", "moves", "moves/s", "p50 ms", "p99 ms", "lost races", "errors",
                   "lock waits", "server CPU ms/move", "client CPU ms/move", "target", "load average before, after"):
        table.add_column(column)
    errors = 0
    # The servers anchor what they record with a key of this run's own.
    env = {**os.environ, ENV_KEY: new_env_key()}
    env.pop(ENV_KEY_FILE, None)
    served = shard_databases(postgres, max(shards), service_role, env) if postgres and service_role else []
    served_url = served[0][1] if served else ""
    # One server for each worker count, and on PostgreSQL for each --shards
    # count too (SQLite: one database).
    runs = [(name, url, count, n) for name, url in databases for n in (shards if name == "postgresql" else (1,))
            for count in workers]
    for name, url, count, sharded in runs:
        extra = tuple(service for _, service in served[1:sharded]) if name == "postgresql" else ()
        server = Server(url(count), count, scratch, env, extra)
        waits = LockWaits(*(owner for owner, _ in served[:sharded])) if name == "postgresql" else None
        try:
            cpu, before = server.cpu_seconds(), load_average()
            tally, took, client_cpu = run_load(server.port, clients, racers, seconds, kept)
            cpu = server.cpu_seconds() - cpu
        finally:
            waited = waits.stop() if waits else None
            server.stop()
        errors += len(tally.errors)
        cut = sorted(tally.latencies)
        p50 = statistics.median(cut) * 1000 if cut else float("nan")
        p99 = cut[min(len(cut) - 1, int(len(cut) * 0.99))] * 1000 if cut else float("nan")
        rate = tally.moves / took
        least, most_p99 = TARGETS[kept]
        met = rate >= least and (most_p99 is None or p99 <= most_p99) and not tally.errors
        target = (f"≥ {least}/s{f', p99 ≤ {most_p99} ms' if most_p99 else ''}: {'ok' if met else 'not met'}"
                  if name == "postgresql" and count == 2 else "")
        table.add_row(name, str(sharded), str(count), str(tally.moves), f"{rate:.0f}", f"{p50:.1f}", f"{p99:.1f}",
                      str(tally.lost_races), str(len(tally.errors)),
                      f"{waited:.2f}" if waited is not None else "",
                      f"{cpu * 1000 / tally.moves:.2f}" if tally.moves else "",
                      f"{client_cpu * 1000 / tally.moves:.2f}" if tally.moves else "", target,
                      f"{before}, {load_average()}")
        for text in tally.errors[:5]:
            console.print(f"  {name}, {sharded} shards, {count} workers: {text}", soft_wrap=True)
    console.print(table)
    console.print("lock waits: sessions waiting for the events table's lock, on average, summed over the "
                  "shards' databases (PostgreSQL); server CPU: the server's processes' CPU time (every "
                  "request's: reads, starts, the views) ÷ moves recorded; client CPU: this process's (every load "
                  "client's) ÷ moves recorded.")
    return 1 if errors else 0

"""``tablelog bench``: what recording, undo and replay cost, each figure set
beside a baseline measured in the same run on the same store. Not a test:
it prints figures and the targets they are meant to meet.

(a) a move recorded through the HTTP API ÷ one raw eventsourcing ``save()``
    (timed after each move; also in a loop of its own, for reference)
(b) undo and state-at-N at the end of a 5,000-event record ÷ the same at 50
(c) the rules engine's time per move ÷ decoding one stored event
"""
from __future__ import annotations

import io
import json
import os
import platform
import random
import statistics
import tempfile
import time
from typing import Callable

from eventsourcing.domain import Aggregate, event
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from domain.rules import random_game, random_move
from domain.willi import GAME
from service.app import create_app
from service.keys import ephemeral_keyring
from service.store import Tablelog, database_url, persistence_env

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


class Counter(Aggregate):
    """The baseline: an aggregate whose every command is one small event."""

    @event("Created")
    def __init__(self) -> None:
        self.count = 0

    @event("Counted")
    def count_one(self) -> None:
        self.count += 1


class BaselineApp(Tablelog):
    name = "benchbaseline"
    snapshotting_intervals = {}
    env = {}


def served_per_call(client: "WSGIClient", fn: Callable[[], object], repeat: int) -> float:
    """The median time the service spent on the requests of one ``fn()``."""
    times = []
    for _ in range(repeat):
        before = client.served
        fn()
        times.append(client.served - before)
    return statistics.median(times)


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """The median seconds of ``fn`` over ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class RawSaver:
    """The baseline: one raw eventsourcing ``save()`` of one small event, on
    the same store as the games."""

    def __init__(self, url: str):
        self.app = BaselineApp(env=persistence_env(url))
        self.counter = Counter()
        self.app.save(self.counter)

    def save_one(self) -> None:
        self.counter.count_one()
        self.app.save(self.counter)

    def timed(self) -> float:
        start = time.perf_counter()
        self.save_one()
        return time.perf_counter() - start

    def close(self) -> None:
        self.app.close()


def raw_save_time(url: str, repeat: int) -> float:
    """The median raw save in a loop of its own (warm: nothing runs between)."""
    saver = RawSaver(url)
    result = per_call(saver.save_one, repeat)
    saver.close()
    return result


class WSGIClient:
    """HTTP requests handed to the Flask app as a WSGI server (gunicorn) hands
    them over: an environ in, status and body out. ``served`` adds up the
    time from each WSGI call to the last byte of its answer: the service's own
    time. Building the request and reading the answer are the
    client's (Werkzeug's test client adds about 0.15 ms a request here)."""

    def __init__(self, app):
        self.app = app
        self.served = 0.0

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict]:
        path, _, query = path.partition("?")
        data = json.dumps(body).encode() if body is not None else b""
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query, "SCRIPT_NAME": "",
            "SERVER_NAME": "bench", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data),
            "wsgi.errors": io.StringIO(), "wsgi.multithread": True, "wsgi.multiprocess": False,
            "wsgi.run_once": False, "wsgi.version": (1, 0),
            "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data)),
        }
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        status: list[str] = []
        start = time.perf_counter()
        chunks = self.app(environ, lambda line, _headers, _exc=None: status.append(line))
        try:
            payload = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        self.served += time.perf_counter() - start
        return int(status[0].split()[0]), json.loads(payload)


class Recorder:
    def __init__(self, client: WSGIClient, players=PLAYERS, seed: int = 1):
        status, created = client.request("POST", "/api/games", {"game": "willi", "players": players})
        assert status == 201, created
        self.client, self.id = client, created["id"]
        self.headers = {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}
        self.rng = random.Random(seed)
        self.games = client.app.extensions["tablelog"]

    def state(self):
        return self.games.history(self.id).state

    def next_move(self) -> dict | None:
        state = self.state()
        return None if GAME.finished(state) else random_move(GAME, state, self.rng)

    def post_move(self, move: dict) -> None:
        status, answer = self.client.request("POST", f"/api/games/{self.id}/moves", {"move": move}, self.headers)
        assert status == 201, answer

    def record(self) -> bool:
        move = self.next_move()
        if move is not None:
            self.post_move(move)
        return move is not None

    def undo(self) -> None:
        assert self.client.request("POST", f"/api/games/{self.id}/undo", {}, self.headers)[0] == 201

    def redo(self) -> None:
        assert self.client.request("POST", f"/api/games/{self.id}/redo", {}, self.headers)[0] == 201

    def state_at(self, at: int) -> None:
        assert self.client.request("GET", f"/api/games/{self.id}/state?at={at}")[0] == 200

    @property
    def version(self) -> int:
        return self.games.history(self.id).version


def willi_game(seed: int) -> list[dict]:
    """The moves of a whole random Willi game at the table."""
    return random_game(GAME, PLAYERS, {}, random.Random(seed))


def grow(rec: Recorder, events: int) -> None:
    """A game, then undo/redo pairs, until the record holds ``events`` events."""
    while rec.version < events and rec.record():
        pass
    while rec.version + 2 <= events:
        rec.undo()
        rec.redo()


def run_bench(database: str | None, games: int, events: int) -> int:
    console = Console()
    given = database_url(database) if database else None
    scratch = tempfile.mkdtemp(prefix="tablelog-bench-")
    url = given or f"sqlite:///{os.path.join(scratch, 'bench.sqlite3')}"
    # The scratch store's key (seals, anchors) lives in memory: the bench
    # never touches the user's own key, and pays for anchoring like the service.
    app = create_app(url, keyring=ephemeral_keyring())
    client = WSGIClient(app)
    rows = []
    with Progress(console=console, transient=True) as progress:
        # (a) recording through the API vs a raw save
        task = progress.add_task("(a) recording random Willi games", total=games)
        # Two games first, not timed: a new store's first few hundred commits
        # also grow its files (SQLite's write-ahead log until it first wraps),
        # which later moves and the raw save() below no longer pay.
        for seed in (-1, -2):
            warm_up = Recorder(client, seed=seed)
            while warm_up.record():
                pass
        # Side by side: after each recorded move, one raw save() is timed, so
        # both meet the same conditions (caches, the write-ahead log, the
        # machine's load). A raw save() timed in a loop of its own runs with
        # everything it needs warm; it is shown too, for reference.
        move_times, save_times, saver = [], [], RawSaver(url)
        for g in range(games):
            # The game is played out by the rules first, so that between two
            # timed requests the client does no more than send the next one.
            rec, moves = Recorder(client, seed=g), willi_game(g)
            for move in moves:
                before = client.served
                rec.post_move(move)
                move_times.append(client.served - before)
                save_times.append(saver.timed())
            progress.advance(task)
        saver.close()
        api_move = statistics.median(move_times)
        rows.append(("(a) recorded move ÷ raw save()", api_move, statistics.median(save_times),
                     2.0 if "postgres" in url else 3.0))
        rows.append(("    reference: ÷ raw save() in a loop", api_move, raw_save_time(url, 300), None))

        # (b) undo and state-at-N in a long record vs a short one
        task = progress.add_task(f"(b) growing a {events}-event record", total=2)
        short, long = Recorder(client, seed=101), Recorder(client, seed=102)
        grow(short, 50)
        progress.advance(task)
        grow(long, events)
        progress.advance(task)

        def undo_redo(rec: Recorder) -> Callable[[], None]:
            def run() -> None:
                rec.undo()
                rec.redo()
            return run

        sizes = f"{long.version} events ÷ at {short.version}"
        undo_long = served_per_call(client, undo_redo(long), 60) / 2
        undo_short = served_per_call(client, undo_redo(short), 60) / 2
        # the same N in both records: what grows with the record's length shows
        at_long = served_per_call(client, lambda: long.state_at(40), 200)
        at_short = served_per_call(client, lambda: short.state_at(40), 200)
        rows.append((f"(b) undo at {sizes}", undo_long, undo_short, 1.5))
        rows.append((f"(b) state at move 40 at {sizes}", at_long, at_short, 1.5))

        # (c) the rules engine vs decoding a stored event
        progress.add_task("(c) rules engine and event decoding", total=None)
        moves = willi_game(7)

        def replay_all() -> None:
            s = GAME.setup(PLAYERS, {})
            for m in moves:
                s, _ = GAME.apply(s, m)

        engine = per_call(replay_all, 20) / len(moves)
        store = app.extensions["tablelog"].store
        stored = [e for e in store.recorder.select_events(long.games.parse_id(long.id), limit=400)][1:]

        def decode_all() -> None:
            for record in stored:
                store.mapper.to_domain_event(record)

        decode = per_call(decode_all, 20) / len(stored)
        rows.append(("(c) rules engine per move ÷ decoding one event", engine, decode, 2.0))

    table = Table(title=f"tablelog bench on {url.split('://')[0]} — {platform.machine()}, "
                        f"{os.cpu_count()} cores, Python {platform.python_version()}")
    for column in ("measure", "measured", "baseline", "ratio", "target", ""):
        table.add_column(column)
    failed = 0
    for name, value, base, target in rows:
        ratio = value / base
        if target is None:
            table.add_row(name, f"{value * 1000:.3f} ms", f"{base * 1000:.3f} ms", f"{ratio:.2f}", "", "")
            continue
        failed += ratio > target
        table.add_row(name, f"{value * 1000:.3f} ms", f"{base * 1000:.3f} ms", f"{ratio:.2f}",
                      f"≤ {target}", "ok" if ratio <= target else "over")
    console.print(table)
    app.extensions["tablelog"].store.close()
    return 0

"""``tablelog bench``: what recording, undo and replay cost, each figure set
beside a baseline measured in the same run on the same store. Not a test:
it prints figures and the targets they are meant to meet.

(a) a move recorded through the HTTP API ÷ one raw eventsourcing ``save()``
    (timed after each move; also in a loop of its own, for reference); the
    same over real HTTP (the app served by waitress on a loopback port),
    interleaved move by move with the in-process one
(b) undo and state-at-N at the end of a 5,000-event record ÷ the same at 50
(c) the rules engine's time per move ÷ decoding one stored event
(d) a tap on the scorekeeper's page at move 300 of a 4-player Willi game ÷
    one at move 3: the POST plus every request the page makes until it has
    drawn the game again (its requests, bytes and server time; with
    ``--browser`` also the time from the tap until Chromium has drawn it),
    at least 30 taps at each, interleaved; the same in a Grand Austria Hotel
    game with modules at move 100+ ÷ move 5, with its state downloads per
    tap (service/ops/bench_page.py)
(e) figures held to absolute targets, each beside a reference measured in the
    same run: the first request on the 5,000-event record in a service
    started afresh (÷ the same request warm), the memory one cached
    Willi game's history holds, the log and the JSON Lines export of the
    5,000-event record per entry (÷ the same of the 50-event one), and each
    game's rules engine per move (÷ decoding one stored event)
"""
from __future__ import annotations

import json
import os
import platform
import random
import statistics
import tempfile
import threading
import tracemalloc
from typing import Callable

from rich.console import Console
from rich.table import Table

from domain.games import get_game
from domain.rules import random_move
from domain.table import random_game
from service.http.app import create_app
from service.ops.bench_catalog import catalog_figures
from service.ops.bench_page import grand_austria_taps
from service.ops.terminal import say, stages
from service.store.keys import ephemeral_keyring
from service.store.database import database_url
from service.ops.bench_clients import (PAGE_READS, Absolute, HTTPClient, RawSaver, WSGIClient, per_call,
                                       raw_save_time, served_per_call)

BENCH_GAME = "willi"
"""The game the bench records (from the game registry): 4-player Willi, whose long records
are the service's longest."""
GAME = get_game(BENCH_GAME)
PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
SMOKE_MOVES = 40
"""A smoke run's games stop after this many moves (the suite checks that the bench runs, in seconds)."""


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


class PageTaps:
    """One game as the scorekeeper's page holds it: a tap posts a move, then
    reads what the page reads; undo (not timed) takes it back so the next tap
    meets the same game again."""

    def __init__(self, client: WSGIClient, moves: list[dict], at: int):
        self.rec = Recorder(client)
        self.client, self.move = client, None
        for move in moves[:at]:
            self.rec.post_move(move)
        self.move = moves[at]
        self.held = self.rec.version

    def reads(self, answered: int | None = None) -> tuple[int, int]:
        """The page's reads after a change: (requests, bytes). ``answered``:
        the version whose state the change's answer brought (a move's), else
        the state is read too."""
        paths = PAGE_READS if answered is not None else ("state?since={since}", *PAGE_READS)
        sizes, versions = [], [] if answered is None else [answered]
        for path in paths:
            status, answer = self.client.request("GET", f"/api/games/{self.rec.id}/{path.format(since=self.held)}",
                                                 headers=self.rec.headers)
            assert status == 200, answer
            sizes.append(len(json.dumps(answer)))
            if "version" in answer:
                versions.append(answer["version"])
        self.held = min(versions)
        return len(paths), sum(sizes)

    def tap(self) -> tuple[float, int, int]:
        """(server seconds, requests, bytes) of one tap."""
        before = self.client.served
        status, answer = self.client.request("POST", f"/api/games/{self.rec.id}/moves",
                                             {"move": self.move, "expected_version": self.held}, self.rec.headers)
        assert status == 201, answer
        requests, size = self.reads(answer["version"])
        return self.client.served - before, requests + 1, size + len(json.dumps(answer))

    def take_back(self) -> None:
        self.rec.undo()
        self.reads()


def tap_moves(seed: int = 16, near: tuple[int, ...] = (3, 300)) -> tuple[list[dict], list[int]]:
    """A whole 4-player Willi game, and for each of ``near`` the first
    position from there on where a player plays one of several cards (one
    tap on the page); the move played there is ``moves[position]``."""
    moves = willi_game(seed)
    state, choices = GAME.setup(PLAYERS, {}), []
    for move in moves:
        legal = GAME.legal_moves(state) or []
        choices.append(move["type"] == "play" and sum(m["type"] == "play" for m in legal) > 1)
        state, _ = GAME.apply(state, move)
    return moves, [next(i for i in range(n, len(moves)) if choices[i]) for n in near]


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


def page_taps(client: WSGIClient, taps: int, late_near: int = 300) -> list[tuple]:
    """(d): taps at move 3 and at move ``late_near`` (300), interleaved."""
    moves, (early, late) = tap_moves(near=(3, late_near))
    short, long = PageTaps(client, moves, early), PageTaps(client, moves, late)
    figures: dict[str, list[tuple[float, int, int]]] = {"short": [], "long": []}
    for _ in range(taps):
        for name, game in (("short", short), ("long", long)):
            figures[name].append(game.tap())
            game.take_back()
    at = f"move {late + 1} ÷ {early + 1}"
    median = {name: [statistics.median(f[i] for f in taps_) for i in range(3)] for name, taps_ in figures.items()}
    return [(f"(d) tap, server: {at}", median["long"][0], median["short"][0], 1.2),
            ("    tap, requests", median["long"][1], median["short"][1], 1.2, ""),
            # The state itself grows with the game (the rounds so far): its bytes are shown, not held to a target.
            ("    tap, bytes", median["long"][2], median["short"][2], None, " B")]


TAP_UNTIL_DRAWN = """async ([selector, version]) => {
  const head = document.querySelector("header.game-head");
  const button = await new Promise((found) => {
    const look = () => (document.querySelector(selector) ? found(document.querySelector(selector)) : setTimeout(look, 5));
    look();
  });
  const start = performance.now();
  const drawn = new Promise((done) => {
    const seen = new MutationObserver(() => {
      if (head.dataset.rendered === String(version)) { seen.disconnect(); done(); }
    });
    seen.observe(head, { attributes: true, attributeFilter: ["data-rendered"] });
  });
  button.click();
  const late = new Promise((_, fail) => setTimeout(() => fail(new Error(
    `no drawing of version ${version} after 20 s (drawn: ${head.dataset.rendered})`)), 20000));
  await Promise.race([drawn, late]);
  return performance.now() - start;
}"""
"""In the page: tap ``selector`` when it is there, and the milliseconds
until the page has drawn the game at ``version``."""


def browser_taps(app, taps: int) -> list[tuple]:
    """(d) in Chromium: from a tap on a card on the page until the page has
    drawn the game again (the requests and the drawing), at move 3 and at
    move 300, interleaved; the same games as the server's figures."""
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args) -> None:
            """Hundreds of requests: not one line each."""

    moves, (early, late) = tap_moves()
    client = WSGIClient(app)
    games = {name: PageTaps(client, moves, at) for name, at in (("short", early), ("long", late))}
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    times: dict[str, list[float]] = {"short": [], "long": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            pages = {}
            for name, game in games.items():
                context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{httpd.server_port}/")
                page.evaluate("([id, tokens]) => localStorage.setItem(`tablelog:tokens:${id}`, JSON.stringify(tokens))",
                              [game.rec.id, {"scorekeeper": game.rec.headers["Authorization"].split()[1], "seats": {}}])
                page.goto(f"http://127.0.0.1:{httpd.server_port}/#/game/{game.rec.id}")
                page.wait_for_selector(f"header.game-head[data-rendered='{game.rec.version}']", state="attached")
                pages[name] = page
            for _ in range(taps):
                for name, page in pages.items():
                    game = games[name]
                    page.bring_to_front()       # a page in the background draws nothing
                    card = f".record button[data-field='card'][data-value='{game.move['card']}']"
                    version = game.rec.version
                    times[name].append(page.evaluate(TAP_UNTIL_DRAWN, [card, version + 1]) / 1000)
                    page.evaluate(TAP_UNTIL_DRAWN, [".controls button.undo", version + 2])
            browser.close()
    finally:
        httpd.shutdown()
        thread.join()
    return [(f"(d) tap, Chromium: move {late + 1} ÷ {early + 1}", statistics.median(times["long"]),
             statistics.median(times["short"]), None)]


def wide_console() -> Console:
    """A console whose tables keep their rows on one line when written to a
    file or a pipe (a terminal keeps its own width)."""
    console = Console()
    return console if console.is_terminal else Console(width=180)


RULES_CASES = (("willi", ["Alex", "Joe", "Gunter", "Hanna"]), ("wiener_walzer", ["Alex", "Joe", "Ida"]),
               ("vienna", ["Alex", "Joe", "Gunter", "Hanna"]), ("grand_austria", ["Alex", "Joe", "Ida"]))
"""(e) each game's rules engine, on whole random games of these players."""


def absolute_figures(url: str, client: WSGIClient, short: "Recorder", long: "Recorder",
                     decode: float, repeat: int = 5, most_moves: int | None = None) -> list[tuple]:
    """(e): the figures with absolute targets (each timed ``repeat``
    times; the cached game stops after ``most_moves`` when given)."""
    rows: list[tuple] = []
    games = client.app.extensions["tablelog"]
    # The first request on the long record in a service started afresh
    # (its first request of all, on another game, not timed) ÷ the same warm.
    fresh = WSGIClient(create_app(url, keyring=games.keyring))
    fresh.request("GET", f"/api/games/{short.id}/state")
    before = fresh.served
    fresh.request("GET", f"/api/games/{long.id}/state")
    cold = fresh.served - before
    warm = served_per_call(fresh, lambda: fresh.request("GET", f"/api/games/{long.id}/state"), 20)
    fresh.app.extensions["tablelog"].store.close()
    rows.append((f"(e) first request at {long.version} events after a start ÷ warm", cold, warm,
                 Absolute(0.020, "20 ms")))
    # One finished Willi game's history as a service caches it, per event.
    game = Recorder(client, seed=7)
    recorded = 0
    while recorded != most_moves and game.record():
        recorded += 1
    other = type(games)(games.store, games.keyring)
    tracemalloc.start()
    began = tracemalloc.get_traced_memory()[0]
    kept = other.history(game.id)
    held = tracemalloc.get_traced_memory()[0] - began
    tracemalloc.stop()
    rows.append((f"(e) memory of a cached {kept.version}-event Willi game ÷ per event", round(held / 1024, 1),
                 round(held / 1024 / kept.version, 2), Absolute(150, "150 KB"), " KB"))
    # The log and the export per entry, long ÷ short. The log is read as
    # the first reader at its version reads it: the whole logs a service
    # keeps are dropped before each read (a reader at the same version
    # again is the reference line).
    def read(rec: Recorder, path: str, kept: bool) -> None:
        if not kept:
            games._logs.clear()
            games._log_entries = 0
        client.request("GET", f"/api/games/{rec.id}/{path}", raw=True)

    for what, path, kept in (("log", "log", False), ("JSON Lines export", "export?format=jsonl", False),
                             ("    reference: log read again at the same version,", "log", True)):
        per_entry = {}
        for rec in (long, short):
            per_entry[rec] = served_per_call(client, lambda rec=rec: read(rec, path, kept), repeat) / rec.version
        rows.append((f"(e) {what} per entry at {long.version} ÷ at {short.version} events" if not kept else
                     f"{what} per entry", per_entry[long], per_entry[short], None if kept else
                     Absolute(30e-6, "0.030 ms")))
    # Each game's rules engine per move, ÷ decoding one stored event.
    for game_id, players in RULES_CASES:
        rules = get_game(game_id)
        played = [random_game(rules, players, {}, random.Random(seed)) for seed in range(min(2, repeat))]

        def replay(rules=rules, players=players, played=played) -> None:
            for moves in played:
                state = rules.setup(players, {})
                for move in moves:
                    state, _ = rules.apply(state, move)

        per_move = per_call(replay, repeat) / sum(len(moves) for moves in played)
        rows.append((f"(e) {rules.title} rules per move ÷ decoding one event", per_move, decode,
                     Absolute(20e-6, "0.020 ms")))
    return rows


def run_bench(database: str | None, games: int, events: int, taps: int = 30, browser: bool = False,
              smoke: bool = False) -> int:
    """The benchmark; ``smoke`` runs every measure once over, briefly (the
    suite's check that it runs, no figure to quote): no warm-up games, short
    loops."""
    console = wide_console()
    if smoke:
        say("bench --smoke: every measure (a) to (e) once over, briefly, on a scratch store, to show the bench "
            "runs; about a minute; its figures are not to be quoted.")
    given = database_url(database) if database else None
    scratch = tempfile.mkdtemp(prefix="tablelog-bench-")
    url = given or f"sqlite:///{os.path.join(scratch, 'bench.sqlite3')}"
    # The scratch store's key (seals, anchors) lives in memory: the bench
    # never touches the user's own key, and pays for anchoring like the service.
    app = create_app(url, keyring=ephemeral_keyring())
    client = WSGIClient(app)
    rows = []
    with stages() as progress:
        # (a) recording through the API vs a raw save
        task = progress.add_task("(a) recording random Willi games", total=games)
        # Two games first, not timed: a new store's first few hundred commits
        # also grow its files (SQLite's write-ahead log until it first wraps),
        # which later moves and the raw save() below no longer pay.
        for seed in () if smoke else (-1, -2):
            warm_up = Recorder(client, seed=seed)
            while warm_up.record():
                pass
        # Side by side: after each recorded move, one raw save() is timed, so
        # both meet the same conditions (caches, the write-ahead log, the
        # machine's load). A raw save() timed in a loop of its own runs with
        # everything it needs warm; it is shown too, for reference.
        # Over real HTTP too, in step with those: after each in-process move
        # and its raw save(), one move of another game sent to the same app
        # served on a loopback port, and a raw save() timed after it.
        http_client = HTTPClient(app)
        move_times, save_times, saver = [], [], RawSaver(url)
        http_times, http_save_times = [], []
        for g in range(games):
            # The game is played out by the rules first, so that between two
            # timed requests the client does no more than send the next one.
            moves = willi_game(g)[:SMOKE_MOVES if smoke else None]
            rec, over_http = Recorder(client, seed=g), Recorder(http_client, seed=g)
            for move in moves:
                for recorder, times, saves in ((rec, move_times, save_times),
                                               (over_http, http_times, http_save_times)):
                    before = recorder.client.served
                    recorder.post_move(move)
                    times.append(recorder.client.served - before)
                    saves.append(saver.timed())
            progress.advance(task)
        saver.close()
        http_client.close()
        api_move, postgres = statistics.median(move_times), "postgres" in url
        rows.append(("(a) recorded move ÷ raw save()", api_move, statistics.median(save_times),
                     1.5 if postgres else 2.5))
        rows.append(("    reference: ÷ raw save() in a loop", api_move, raw_save_time(url, 30 if smoke else 300), None))
        http_move = statistics.median(http_times)
        rows.append(("(a) recorded move over HTTP (waitress, loopback) ÷ raw save()", http_move,
                     statistics.median(http_save_times), 1.9 if postgres else 3.5))
        rows.append(("    the HTTP layer: over HTTP ÷ in-process", http_move, api_move, None))

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
        pairs, reads = (5, 10) if smoke else (60, 200)
        undo_long = served_per_call(client, undo_redo(long), pairs) / 2
        undo_short = served_per_call(client, undo_redo(short), pairs) / 2
        # the same N in both records: what grows with the record's length shows
        at_long = served_per_call(client, lambda: long.state_at(40), reads)
        at_short = served_per_call(client, lambda: short.state_at(40), reads)
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

        progress.add_task(f"(d) {taps} taps on the page at move 3 and at move 300", total=None)
        rows += page_taps(client, taps, SMOKE_MOVES if smoke else 300)
        rows += grand_austria_taps(client, 3 if smoke else taps, 12 if smoke else 100)
        if browser:
            rows += browser_taps(app, taps)

        progress.add_task("(e) cold start, memory, log and export, every game's rules", total=None)
        rows += absolute_figures(url, client, short, long, decode, *((1, SMOKE_MOVES) if smoke else (5, None)))

        progress.add_task("(f) a check-in from a house catalog at its bounds", total=None)
        rows += catalog_figures(1 if smoke else 20)

    table = Table(title=f"tablelog bench on {url.split('://')[0]} — {platform.machine()}, "
                        f"{os.cpu_count()} cores, Python {platform.python_version()}")
    for column in ("measure", "measured", "baseline", "ratio", "target", ""):
        table.add_column(column)
    failed = 0
    for name, value, base, target, *unit in rows:
        ratio = value / base
        shown = [f"{v:g}{unit[0]}" if unit else f"{v * 1000:.3f} ms" for v in (value, base)]
        if isinstance(target, Absolute):
            failed += value > target.most
            table.add_row(name, *shown, f"{ratio:.2f}", f"≤ {target.text}", "ok" if value <= target.most else "over")
            continue
        if target is None:
            table.add_row(name, *shown, f"{ratio:.2f}", "", "")
            continue
        failed += ratio > target
        table.add_row(name, *shown, f"{ratio:.2f}", f"≤ {target}", "ok" if ratio <= target else "over")
    console.print(table)
    app.extensions["tablelog"].store.close()
    return 0

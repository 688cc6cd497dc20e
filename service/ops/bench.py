"""``tablelog bench``: what recording, undo and replay cost, each figure set
beside a baseline measured in the same run on the same store. Not a test:
it prints figures and the targets they are meant to meet.

(a) a move recorded through the HTTP API, with the views runner on as in
    production ÷ one ``save()`` of stock eventsourcing (an ``Application``
    with its documented persistence), timed after each move; beside it the
    project's own fastest save (its insert function and group commit) and
    stock save() in a loop of its own, for reference; the same over real
    HTTP (the app served by waitress on a loopback port), interleaved move
    by move with the in-process one; and the in-process move split into the
    framework's layers and the handler's work (service/ops/bench_layers.py)
(b) undo and state-at-N at the end of a 5,000-event record ÷ the same at 50
(c) the rules engine's time per move ÷ decoding one stored event as the
    service reads it (orjson, service.store.reading): Willi, and Grand
    Austria Hotel with all five modules and in the solo variant
(d) a tap on the scorekeeper's page at move 300 of a 4-player Willi game ÷
    one at move 3: the POST plus every request the page makes until it has
    drawn the game again (its requests, bytes and server time; with
    ``--browser`` also the time from the tap until Chromium has drawn it),
    at least 30 taps at each, interleaved; the same in a Grand Austria Hotel
    game with modules at move 100+ ÷ move 5, with its state downloads per
    tap (service/ops/bench_page.py)
(e) figures held to absolute targets, each beside a reference measured in the
    same run: the first request on the 5,000-event record in a new process
    (÷ the same request warm there), the memory one cached
    Willi game's history holds, the log and the JSON Lines export of the
    5,000-event record per entry (÷ the same of the 50-event one), and each
    game's rules engine per move, Grand Austria Hotel's modules and solo
    variant too (÷ decoding one stored event)

Every figure is printed with the load average when it was taken; the
table's title names the machine.
"""
from __future__ import annotations

import json
import logging
import os
import random
import statistics
import tempfile
import threading
import time
import tracemalloc
from typing import Callable

from rich.console import Console
from rich.table import Table

from domain.games import get_game
from domain.rules import random_move
from domain.table import random_game
from service.http.app import create_app
from service.ops.bench_catalog import catalog_figures
from service.ops.bench_layers import FRAMEWORK, HANDLER, layer_figures, layer_rows
from service.ops.bench_page import grand_austria_taps
from service.ops.bench_start import first_request
from service.ops.serving import ViewsChild
from service.ops.terminal import say, stages
from service.store.keys import ENV_KEY, load_keyring, new_env_key
from service.store.database import database_url
from service.settings import Settings
from service.store.reading import decoded
from service.ops.bench_clients import (PAGE_READS, Absolute, HTTPClient, RawSaver, WSGIClient, load_average, machine,
                                       per_call, raw_save_time, served_per_call)

BENCH_GAME = "willi"
"""The game the bench records (from the game registry): 4-player Willi, whose long records
are the service's longest."""
GAME = get_game(BENCH_GAME)
PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
SMOKE_MOVES = 40
"""A smoke run's games stop after this many moves (the suite checks that the bench runs, in seconds)."""
VIEWS_START = 30.0
"""Seconds the bench gives its views' runner to take the views' lock."""
log = logging.getLogger("tablelog.bench")


class Figures(list):
    """The bench's rows, each with the load average (1, 5, 15 minutes) when it was added."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []

    def append(self, row: tuple) -> None:
        super().append(row)
        self.loads.append(load_average())

    def __iadd__(self, rows):  # type: ignore[no-untyped-def, override]
        for row in rows:
            self.append(row)
        return self


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


ALL_MODULES = {"modules": ["more", "celebrities", "unique_hotels", "ballrooms", "start_player"]}
GRAND_AUSTRIA_CASES = (("grand_austria", ["Alex", "Joe"], ALL_MODULES, " + 5 modules"),
                       ("grand_austria", ["Alex"], {"solo": {"difficulty": "medium"}}, ", solo"))
"""(c) and (e): Grand Austria Hotel with every module of Let's Waltz!, and its solo variant."""
RULES_CASES = (("willi", ["Alex", "Joe", "Gunter", "Hanna"], {}, ""), ("wiener_walzer", ["Alex", "Joe", "Ida"], {}, ""),
               ("vienna", ["Alex", "Joe", "Gunter", "Hanna"], {}, ""), ("grand_austria", ["Alex", "Joe", "Ida"], {}, ""),
               *GRAND_AUSTRIA_CASES)
"""(e) each game's rules engine, on whole random games of these players with these options."""


def rules_per_move(game_id: str, players: list[str], options: dict, repeat: int, games: int = 2) -> float:
    """CPU seconds a move of the rules engine, replaying ``games`` whole random games (the median of ``repeat``)."""
    rules = get_game(game_id)
    played = [random_game(rules, players, options, random.Random(seed)) for seed in range(games)]
    loaded = rules.load_options(options)

    def replay() -> None:
        for moves in played:
            state = rules.setup(players, loaded)
            for move in moves:
                state, _ = rules.apply(state, move)

    return per_call(replay, repeat, time.process_time) / sum(len(moves) for moves in played)


def decode_per_event(store, long: "Recorder", repeat: int) -> float:
    """CPU seconds to decode one stored event as the service reads them (orjson, service.store.reading)."""
    stored = list(store.recorder.select_events(long.games.parse_id(long.id), limit=400))[1:]

    def decode_all() -> None:
        for record in stored:
            decoded(store.mapper, record)

    return per_call(decode_all, repeat, time.process_time) / len(stored)


def absolute_figures(url: str, key: str, client: WSGIClient, short: "Recorder", long: "Recorder",
                     repeat: int = 5, most_moves: int | None = None) -> list[tuple]:
    """(e): the figures with absolute targets (each timed ``repeat``
    times; the cached game stops after ``most_moves`` when given); ``key``:
    the store's key, for the new process."""
    rows: list[tuple] = []
    games = client.app.extensions["tablelog"]
    # The first request on the long record in a new process (its imports,
    # the app made over the store) ÷ the same request warm there.
    started = first_request(url, long.id, key)
    rows.append((f"(e) first request at {long.version} events in a new process ÷ warm", started["first"],
                 started["warm"], Absolute(0.020, "20 ms")))
    rows.append(("    reference: the new process until its app is made (imports, store)", started["made"],
                 started["warm"], None))
    # One finished Willi game's history as a service caches it, per event.
    game = Recorder(client, seed=7)
    recorded = 0
    while recorded != most_moves and game.record():
        recorded += 1
    # tracemalloc counts every thread's allocations, the views runner's
    # beside this process's requests too: those only add, so the least of
    # three loads (each by a service of its own, its cache empty) is the game's.
    held = None
    for _ in range(3):
        other = type(games)(games.store, games.keyring)
        tracemalloc.start()
        began = tracemalloc.get_traced_memory()[0]
        kept = other.history(game.id)
        grew = tracemalloc.get_traced_memory()[0] - began
        tracemalloc.stop()
        held = grew if held is None else min(held, grew)
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
    # Each game's rules engine per move, ÷ decoding one stored event (measured here again).
    decode = decode_per_event(games.store, long, 20)
    for game_id, players, options, what in RULES_CASES:
        per_move = rules_per_move(game_id, players, options, repeat, min(2, repeat))
        rows.append((f"(e) {get_game(game_id).title}{what} rules per move ÷ decoding one event", per_move, decode,
                     Absolute(20e-6, "0.020 ms")))
    return rows


def views_process(url: str, app) -> ViewsChild:
    """``tablelog views`` over ``url`` in a child process, as the production
    server's master runs it, once it holds the views' lock (so that the app's
    reads wait for it rather than read the newer events themselves)."""
    runner = ViewsChild(Settings(database_url=url, shards=[], log_level="WARNING"))
    runner.keep(log)
    views = app.extensions["tablelog"].views
    deadline = time.monotonic() + VIEWS_START
    while views.leader.runner() is None:
        if runner.process.poll() is not None or time.monotonic() > deadline:
            runner.stop()
            raise RuntimeError(f"tablelog views did not take the views' lock on {url.split('://')[0]} "
                               f"within {VIEWS_START:.0f} s")
        time.sleep(0.05)
    return runner


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
    # The scratch store's key (seals, anchors) is this run's own: the bench
    # never touches the user's own key, and pays for anchoring like the
    # service; (e)'s new process is handed it.
    key = new_env_key()
    keyring = load_keyring(env={ENV_KEY: key})[0]
    app = create_app(url, keyring=keyring)
    # The views runner keeps the game list as the production server runs it:
    # tablelog views in a process of its own, a child of this one.
    runner = views_process(url, app)
    client = WSGIClient(app)
    rows = Figures()
    with stages() as progress:
        # (a) recording through the API vs a stock eventsourcing save
        task = progress.add_task("(a) recording random Willi games", total=games)
        # Two games first, not timed: a new store's first few hundred commits
        # also grow its files (SQLite's write-ahead log until it first wraps),
        # which later moves and the saves below no longer pay.
        for seed in () if smoke else (-1, -2):
            warm_up = Recorder(client, seed=seed)
            while warm_up.record():
                pass
        # Side by side: after each recorded move, one stock save() and one of
        # the project's own are timed, so all meet the same conditions
        # (caches, the write-ahead log, the machine's load). A stock save()
        # timed in a loop of its own runs with everything it needs warm; it is
        # shown too, for reference. Over real HTTP too, in step with those:
        # after each in-process move and its saves, one move of another game
        # sent to the same app served on a loopback port, and its saves; and
        # one more sent with Python's http.client, for reference.
        http_client = HTTPClient(app)
        stdlib_client = HTTPClient(app, stdlib=True, alongside=http_client)
        stock, own = RawSaver(url), RawSaver(url, stock=False)
        times: dict[str, list[float]] = {name: [] for name in ("move", "stock", "own", "http", "http stock",
                                                               "http own", "stdlib", "stdlib stock")}
        for g in range(games):
            # The game is played out by the rules first, so that between two
            # timed requests the client does no more than send the next one.
            moves = willi_game(g)[:SMOKE_MOVES if smoke else None]
            rec, over_http = Recorder(client, seed=g), Recorder(http_client, seed=g)
            over_stdlib = Recorder(stdlib_client, seed=g)
            for move in moves:
                for recorder, name in ((rec, ""), (over_http, "http "), (over_stdlib, "stdlib ")):
                    before = recorder.client.served
                    recorder.post_move(move)
                    times[name.strip() or "move"].append(recorder.client.served - before)
                    times[f"{name}stock"].append(stock.timed())
                    if recorder is not over_stdlib:
                        times[f"{name}own"].append(own.timed())
            progress.advance(task)
        stock.close()
        own.close()
        stdlib_client.close()
        http_client.close()
        median = {name: statistics.median(values) for name, values in times.items()}
        postgres = "postgres" in url
        rows.append(("(a) recorded move ÷ stock eventsourcing save()", median["move"], median["stock"],
                     1.5 if postgres else 2.5))
        rows.append(("    reference: ÷ the project's own save()", median["move"], median["own"], None))
        rows.append(("    reference: ÷ stock save() in a loop", median["move"],
                     raw_save_time(url, 30 if smoke else 300), None))
        rows.append(("(a) recorded move over HTTP (waitress, loopback) ÷ stock save()", median["http"],
                     median["http stock"], 2.0 if postgres else 3.5))
        rows.append(("    reference: over HTTP ÷ the project's own save()", median["http"], median["http own"], None))
        rows.append(("    reference: over HTTP sent with http.client (its parsing in the time) ÷ stock save()",
                     median["stdlib"], median["stdlib stock"], None))
        rows.append(("    the HTTP layer: over HTTP ÷ in-process", median["http"], median["move"], None))
        # Where the in-process move's time goes: the framework's layers around the handler, and the handler's.
        rows += layer_rows(layer_figures(url, keyring, games,
                                         lambda g: willi_game(g)[:SMOKE_MOVES if smoke else None],
                                         lambda layer_client, g: Recorder(layer_client, seed=g)))

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
        engine = rules_per_move(BENCH_GAME, PLAYERS, {}, 20)
        decode = decode_per_event(app.extensions["tablelog"].store, long, 20)
        rows.append(("(c) rules engine per move ÷ decoding one event", engine, decode, 2.0))
        for game_id, players, options, what in GRAND_AUSTRIA_CASES:
            rows.append((f"    {get_game(game_id).title}{what}", rules_per_move(game_id, players, options, 5),
                         decode, None))

        progress.add_task(f"(d) {taps} taps on the page at move 3 and at move 300", total=None)
        rows += page_taps(client, taps, SMOKE_MOVES if smoke else 300)
        rows += grand_austria_taps(client, 3 if smoke else taps, 12 if smoke else 100)
        if browser:
            rows += browser_taps(app, taps)

        progress.add_task("(e) cold start, memory, log and export, every game's rules", total=None)
        rows += absolute_figures(url, key, client, short, long, *((1, SMOKE_MOVES) if smoke else (5, None)))

        progress.add_task("(f) a check-in from a house catalog at its bounds", total=None)
        rows += catalog_figures(1 if smoke else 20)

    table = Table(title=f"tablelog bench on {url.split('://')[0]} — {machine()}")
    for column in ("measure", "measured", "baseline", "ratio", "target", "", "load average"):
        table.add_column(column)
    for (name, value, base, target, *unit), load in zip(rows, rows.loads):
        ratio = value / base
        shown = [f"{v:g}{unit[0]}" if unit else f"{v * 1000:.3f} ms" for v in (value, base)]
        if isinstance(target, Absolute):
            table.add_row(name, *shown, f"{ratio:.2f}", f"≤ {target.text}", "ok" if value <= target.most else "over",
                          load)
        elif target is None:
            table.add_row(name, *shown, f"{ratio:.2f}", "", "", load)
        else:
            table.add_row(name, *shown, f"{ratio:.2f}", f"≤ {target}", "ok" if ratio <= target else "over", load)
    console.print(table)
    runner.stop()
    app.extensions["tablelog"].store.close()
    return 0


def run_layers(database: str | None, games: int, rounds: int) -> int:
    """``tablelog bench --layers``: the layers of a recorded move, ``rounds``
    times over ``games`` random Willi games each, on a scratch store (or
    ``database``); each round's figures and the medians over the rounds."""
    url = database_url(database) if database else \
        f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='tablelog-bench-'), 'layers.sqlite3')}"
    keyring = load_keyring(env={ENV_KEY: new_env_key()})[0]
    moves = {g: willi_game(g) for g in range(-1, games)}
    layer_figures(url, keyring, 1, lambda g: moves[-1], lambda client, g: Recorder(client, seed=-1))  # warm-up
    results = [layer_figures(url, keyring, games, moves.__getitem__, lambda client, g: Recorder(client, seed=g))
               for _ in range(max(1, rounds))]
    table = Table(title=f"a recorded move's layers, in-process, on {url.split('://')[0]} — {machine()}; "
                        f"{results[0]['moves']} moves a round, {len(results)} rounds")
    table.add_column("layer")
    table.add_column("median µs a move (rounds' median)")
    table.add_column("share of the move")
    table.add_column("rounds' medians, µs")
    total = statistics.median(r["median"]["total"] for r in results)
    for name in (*FRAMEWORK, "framework", HANDLER, "total"):
        each = [r["median"][name] for r in results]
        table.add_row(name, f"{statistics.median(each) * 1e6:.1f}", f"{statistics.median(each) / total:.1%}",
                      " ".join(f"{v * 1e6:.0f}" for v in each))
    # The framework's share as (a) shows it: the same moves on an app with only the handler timed.
    each = [r["plain"]["framework"] for r in results]
    plain_total = statistics.median(r["plain"]["total"] for r in results)
    table.add_row("framework, only the handler timed (the other layers' wrappers left out)",
                  f"{statistics.median(each) * 1e6:.1f}", f"{statistics.median(each) / plain_total:.1%}",
                  " ".join(f"{v * 1e6:.0f}" for v in each))
    table.add_row("CPU time a move (process)", f"{statistics.median(r['cpu'] for r in results) * 1e6:.1f}", "",
                  " ".join(f"{r['cpu'] * 1e6:.0f}" for r in results))
    wide_console().print(table)
    print("load average at each round's end: " + "; ".join(r["load"] for r in results))
    return 0

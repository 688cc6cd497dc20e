"""``tablelog bench --live``: how soon a second page shows a move, and what
idle watching pages cost one production worker. Not a test: it prints what
it saw, with the machine's load average (the machine may be shared).

One ``tablelog serve --production --workers 1`` on loopback (gunicorn's
master, one worker serving with waitress and its threads), on a scratch
SQLite store. Then:

- the move p99 without watchers ÷ with ``--watchers`` (100) idle pages
  watching: each page does what the scorekeeper's page does while its game
  does not move (service/http/static/game.js ``watch``): every 0.8 s it asks
  for the game's summary with the ETag it holds (If-None-Match), answered
  304 without a body (waitress closes the connection after a 304, which has
  no length: the page opens another, as a browser does). The moves are
  4-player Willi games', sent one after another with an Idempotency-Key, in
  30 blocks of 40 that alternate between the watchers asking and the watchers
  quiet, so both meet the same machine; with the server's CPU time per move
  and per watching page's question;
- the time until a second page shows a move: a Chromium page open on the
  game (as another phone at the table), a move posted from here, the time
  until that page has drawn the new version (median of ``--taps``, 30), with
  the watchers asking meanwhile.
"""
from __future__ import annotations

import asyncio
import http.client
import os
import random
import statistics
import tempfile
import threading
import time
import uuid

import orjson
from rich.console import Console
from rich.table import Table

from domain.games import get_game
from domain.table import random_game
from service.ops.loadbench import HOST, Server
from service.settings import variable
from service.store.keys import ENV_KEY, ENV_KEY_FILE, new_env_key

WILLI = get_game("willi")
PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
WATCH_S = 0.8
"""The page's interval between two questions (game.js WATCH_MS)."""
P99_MOST = 1.10
"""The move p99 with the watchers at most 10 % above the one without."""
SHOWN_MOST_S = 1.0
"""A move shown on a second page within a second at the median."""


class Connection:
    """One kept-alive connection, as a browser keeps one to the service."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, object]:
        data = orjson.dumps(body) if body is not None else None
        self.conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
        answer = self.conn.getresponse()
        text = answer.read()
        return answer.status, dict(answer.getheaders()), orjson.loads(text) if text else None


class Mover:
    """Moves of whole 4-player Willi games, one after another, each timed from send to answer."""

    def __init__(self, port: int, seed: int = 1):
        self.conn, self.rng, self.game = Connection(port), random.Random(seed), None
        self.moves: list[dict] = []
        self.times: list[float] = []

    def start(self) -> None:
        status, _, created = self.conn.request("POST", "/api/games", {"game": "willi", "players": PLAYERS})
        assert status == 201, created
        self.game, self.auth = created["id"], {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}
        self.moves = random_game(WILLI, PLAYERS, {}, self.rng)
        self.version = created["version"]

    def move(self) -> int:
        """Send the next move; the version it made."""
        if not self.moves:
            self.start()
        move = self.moves.pop(0)
        start = time.perf_counter()
        status, _, answer = self.conn.request("POST", f"/api/games/{self.game}/moves", {"move": move},
                                              {**self.auth, "Idempotency-Key": uuid.uuid4().hex})
        self.times.append(time.perf_counter() - start)
        assert status == 201, answer
        self.version = answer["version"]
        return self.version


class Watchers:
    """``count`` idle pages, each on a game of its own that does not move,
    asking every 0.8 s with its ETag (asyncio: one thread for them all)."""

    def __init__(self, port: int, games: list[tuple[str, str]], count: int):
        self.port, self.games, self.count = port, games, count
        self.asking = threading.Event()
        self.stopped = False
        self.answers: dict[int, int] = {}
        self.errors: list[str] = []
        self.open = 0
        self.held = 0
        self.reconnects = 0
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.run(),), daemon=True)
        self.thread.start()

    async def ask(self, reader, writer, game: tuple[str, str], tag: str | None) -> tuple[int, str | None, bool]:
        lines = [f"GET /api/games/{game[0]} HTTP/1.1", f"Host: {HOST}:{self.port}", "Accept: application/json",
                 f"Authorization: Bearer {game[1]}"]
        if tag:
            lines.append(f"If-None-Match: {tag}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
        await reader.readexactly(int(headers.get("content-length", 0)))
        return status, headers.get("etag", tag), headers.get("connection", "").lower() == "close"

    async def page(self, i: int) -> None:
        game = self.games[i % len(self.games)]
        await asyncio.sleep(WATCH_S * i / self.count)        # the pages opened at different moments
        try:
            reader, writer = await asyncio.open_connection(HOST, self.port)
            self.open += 1
            tag = None
            while not self.stopped:
                if self.asking.is_set() or tag is None:
                    status, tag, closed = await self.ask(reader, writer, game, tag)
                    self.answers[status] = self.answers.get(status, 0) + 1
                    if closed:          # the server closed the connection: the browser opens another
                        writer.close()
                        self.reconnects += 1
                        reader, writer = await asyncio.open_connection(HOST, self.port)
                await asyncio.sleep(WATCH_S)
            writer.close()
            self.open -= 1
            self.held += 1
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            self.errors.append(f"page {i}: {error!r}")

    async def run(self) -> None:
        await asyncio.gather(*(self.page(i) for i in range(self.count)))

    def stop(self) -> None:
        self.stopped = True
        self.thread.join(timeout=10)


def p99(times: list[float]) -> float:
    cut = sorted(times)
    return cut[min(len(cut) - 1, int(len(cut) * 0.99))]


ARM = """(version) => {
  const head = document.querySelector("header.game-head");
  window.benchShown = new Promise((done, fail) => {
    const seen = new MutationObserver(() => {
      if (Number(head.dataset.rendered) >= version) { seen.disconnect(); done(performance.now()); }
    });
    seen.observe(head, { attributes: true, attributeFilter: ["data-rendered"] });
    setTimeout(() => fail(new Error(`version ${version} not drawn after 20 s`)), 20000);
  });
  performance.clearResourceTimings();
  window.benchSent = performance.now();
}"""
"""In the page: watch for the drawing of ``version``; the page's clock when the move is about to be sent."""

SHOWN = """async () => {
  const drawn = await window.benchShown;
  const read = performance.getEntriesByType("resource").find((e) => e.name.includes("/log?since="));
  return [drawn - window.benchSent, read ? read.startTime - window.benchSent : null];
}"""
"""In the page: milliseconds from the send until the move was drawn, and until the page began to read it."""


def shown_on_a_second_page(port: int, mover: Mover, taps: int) -> tuple[list[float], list[float]]:
    """Seconds from sending a move until a Chromium page open on the game has
    drawn it, ``taps`` times, on the page's own clock (the page is told the
    move is coming just before it is sent: never later than the send); and
    of those, until the page learned of it and began to read it."""
    from playwright.sync_api import sync_playwright
    times, asked = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)

        def open_game() -> None:
            # The scorekeeper's token kept in the page, as on the phone that started the game: a production
            # server opens a game to its tokens (or its group's members).
            page.goto(f"http://{HOST}:{port}/#/")
            page.evaluate("([game, token]) => localStorage.setItem(`tablelog:tokens:${game}`, "
                          "JSON.stringify({ scorekeeper: token }))", [mover.game, mover.auth["Authorization"][7:]])
            page.goto(f"http://{HOST}:{port}/#/game/{mover.game}")
            page.wait_for_selector(f"header.game-head[data-rendered='{mover.version}']", state="attached")

        if not mover.moves:
            mover.start()
        open_game()
        for _ in range(taps):
            if len(mover.moves) < 2:            # the page follows one game: a new one is opened
                mover.start()
                open_game()
            time.sleep(random.uniform(0, WATCH_S))      # a move comes at any moment of the page's interval
            page.evaluate(ARM, mover.version + 1)
            mover.move()
            drawn, began = page.evaluate(SHOWN)
            times.append(drawn / 1000)
            if began is not None:
                asked.append(began / 1000)
        browser.close()
    return times, asked


def run_live_bench(watchers: int = 100, taps: int = 30, smoke: bool = False) -> int:
    """The figures; ``smoke``: once over, briefly (the suite's check that it runs, no figure to quote)."""
    blocks, moves_per_block, warm = (1, 8, 4) if smoke else (15, 40, 50)
    console = Console(width=140)
    scratch = tempfile.mkdtemp(prefix="tablelog-live-")
    env = {**os.environ, ENV_KEY: new_env_key(), variable("rate_limit_start"): "100000 per minute"}
    env.pop(ENV_KEY_FILE, None)
    load_before = os.getloadavg()
    server = Server(f"sqlite:///{os.path.join(scratch, 'live.sqlite3')}", 1, scratch, env)
    try:
        setup = Connection(server.port)
        idle = []
        for _ in range(max(1, watchers // 5)):      # five pages on each idle game
            status, _, created = setup.request("POST", "/api/games", {"game": "willi", "players": PLAYERS})
            assert status == 201, created
            idle.append((created["id"], created["tokens"]["scorekeeper"]))    # a game opens to its tokens
        mover = Mover(server.port)
        for _ in range(warm):                        # the worker's first requests
            mover.move()
        mover.times.clear()
        pages = Watchers(server.port, idle, watchers)
        time.sleep(WATCH_S * 2)
        quiet: list[float] = []
        busy: list[float] = []
        cpu = {"quiet": 0.0, "busy": 0.0}
        seconds = {"quiet": 0.0, "busy": 0.0}
        questions = 0
        for block in range(blocks * 2):
            asking = block % 2 == 1
            (pages.asking.set if asking else pages.asking.clear)()
            time.sleep(WATCH_S * 1.5)               # every page in its new pace
            mover.times = busy if asking else quiet
            before, asked_before, began = server.cpu_seconds(), sum(pages.answers.values()), time.perf_counter()
            for _ in range(moves_per_block):
                mover.move()
            cpu["busy" if asking else "quiet"] += server.cpu_seconds() - before
            seconds["busy" if asking else "quiet"] += time.perf_counter() - began
            if asking:
                questions += sum(pages.answers.values()) - asked_before
        pages.asking.set()
        time.sleep(WATCH_S * 1.5)
        polls_before, polls_at = sum(pages.answers.values()), time.perf_counter()
        shown, asked = shown_on_a_second_page(server.port, mover, taps)
        polls_rate = (sum(pages.answers.values()) - polls_before) / (time.perf_counter() - polls_at)
        pages.stop()
    finally:
        server.stop()
    load_after = os.getloadavg()
    from service.ops.bench_clients import machine
    table = Table(title=f"tablelog bench --live: serve --production --workers 1 (waitress, its threads), SQLite, "
                        f"{machine()}")
    for column in ("measure", "measured", "without", "ratio", "target", ""):
        table.add_column(column)
    ratio = p99(busy) / p99(quiet)
    table.add_row(f"move p99 with {watchers} idle pages watching ÷ without", f"{p99(busy) * 1000:.1f} ms",
                  f"{p99(quiet) * 1000:.1f} ms", f"{ratio:.2f}", f"≤ {P99_MOST:.2f}", "ok" if ratio <= P99_MOST else "over")
    table.add_row("    move p50", f"{statistics.median(busy) * 1000:.1f} ms", f"{statistics.median(quiet) * 1000:.1f} ms",
                  f"{statistics.median(busy) / statistics.median(quiet):.2f}", "", "")
    table.add_row("    server CPU per move (its share of the watchers' too)",
                  f"{cpu['busy'] / len(busy) * 1000:.2f} ms", f"{cpu['quiet'] / len(quiet) * 1000:.2f} ms", "", "", "")
    held = pages.held
    # The worker's CPU a second beyond the moves' (with the watchers ÷ without), shared out over their questions.
    extra = cpu["busy"] - cpu["quiet"] * len(busy) / len(quiet)
    table.add_row("    server CPU per watching page's question (beyond the moves')",
                  f"{extra / max(1, questions) * 1000:.2f} ms", "", "", "", f"{questions} questions")
    table.add_row("idle pages held by the worker, each asking every 0.8 s", f"{held}", "", "", f"≥ {watchers}",
                  "ok" if held >= watchers and not pages.errors else "short")
    table.add_row("    their answers", ", ".join(f"{n}× {status}" for status, n in sorted(pages.answers.items())),
                  "", "", "", f"{polls_rate:.0f}/s, {pages.reconnects} connections closed by the server")
    median = statistics.median(shown)
    table.add_row(f"a move shown on a second page (Chromium), median of {len(shown)}", f"{median * 1000:.0f} ms", "",
                  "", f"≤ {SHOWN_MOST_S * 1000:.0f} ms", "ok" if median <= SHOWN_MOST_S else "over")
    table.add_row("    slowest", f"{max(shown) * 1000:.0f} ms", "", "", "", "")
    if asked:
        table.add_row("    of which until the page learned of it (its question answered 200), median",
                      f"{statistics.median(asked) * 1000:.0f} ms", "", "", "", "")
    console.print(table)
    console.print("load average (1, 5, 15 min) before: " + " ".join(f"{v:.2f}" for v in load_before)
                  + " · after: " + " ".join(f"{v:.2f}" for v in load_after))
    for error in pages.errors[:5]:
        console.print(f"watcher error: {error}")
    return 0

"""The pictures of the page that the README and the docs show.

    python tests/e2e/docs_pictures.py

serves tablelog over a scratch SQLite file, records the first trick of a
Willi game at the table through the API, opens the scorekeeper's page at a
phone's size in Chromium (/usr/bin/chromium, through Playwright) and writes
docs/images/willi-trick.png (the game being recorded) and
docs/images/willi-log.png (its log, where a tap replays, takes back or forks).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402
from werkzeug.serving import WSGIRequestHandler, make_server  # noqa: E402

from service.http.app import create_app  # noqa: E402
from service.store.keys import ENV_KEY, new_env_key  # noqa: E402

IMAGES = ROOT / "docs" / "images"
PHONE = {"width": 390, "height": 844}
HANDS = {"Alex": ["R1", "R5", "R9", "Y4", "Y8", "G3", "G7", "B2", "B6"],
         "Joe": ["R2", "R6", "Y1", "Y5", "Y9", "G4", "G8", "B3", "B7"],
         "Gunter": ["R3", "R7", "Y2", "Y6", "G1", "G5", "G9", "B4", "B8"],
         "Hanna": ["R4", "R8", "Y3", "Y7", "G2", "G6", "B1", "B5", "B9"]}
MOVES = [{"type": "deal", "hands": HANDS},
         *({"type": "discard", "seat": seat, "card": hand[2]} for seat, hand in HANDS.items()),
         {"type": "play", "seat": "Alex", "card": "R1"},
         {"type": "play", "seat": "Joe", "card": "R2"}]


class Quiet(WSGIRequestHandler):
    def log_request(self, *args) -> None:
        """The pictures' requests are not news."""


def send(base: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def record_a_trick(base: str) -> tuple[str, str]:
    """A Willi game at the table, dealt and one trick begun: its id and scorekeeper token."""
    created = send(base, "/api/games", {"game": "willi", "players": list(HANDS), "mode": "table"})
    token = created["tokens"]["scorekeeper"]
    for move in MOVES:
        send(base, f"/api/games/{created['id']}/moves", {"move": move}, token)
    return created["id"], token


def take_pictures(base: str, folder: Path = IMAGES) -> list[Path]:
    """The pictures, written into ``folder``."""
    game, token = record_a_trick(base)
    folder.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        context = browser.new_context(viewport=PHONE, base_url=base, is_mobile=True, has_touch=True, locale="en-GB")
        context.add_init_script(f"localStorage.setItem('tablelog:tokens:{game}', "
                                f"JSON.stringify({json.dumps({'scorekeeper': token, 'seats': {}})}))")
        page = context.new_page()
        page.goto(f"/#/game/{game}")
        expect(page.locator(f".game-head[data-version='{len(MOVES) + 1}']")).to_be_visible()
        expect(page.locator("section.move-group[data-move='play']")).to_be_visible()
        trick = folder / "willi-trick.png"
        page.screenshot(path=str(trick))
        log = page.locator(".log").first
        log.scroll_into_view_if_needed()
        logged = folder / "willi-log.png"
        page.screenshot(path=str(logged))
        browser.close()
    return [trick, logged]


@contextmanager
def serving() -> Iterator[str]:
    """tablelog over a scratch SQLite file, at the URL this yields."""
    os.environ.setdefault(ENV_KEY, new_env_key())        # a scratch key, never the user's
    with tempfile.TemporaryDirectory() as scratch:
        app = create_app(f"sqlite:///{Path(scratch) / 'pictures.sqlite3'}")
        server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_port}"
        finally:
            server.shutdown()


def main(argv: list[str]) -> None:
    """Into docs/images/, or into the folder named first (a test's scratch folder)."""
    folder = Path(argv[0]).resolve() if argv else IMAGES
    with serving() as base:
        for path in take_pictures(base, folder):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main(sys.argv[1:])

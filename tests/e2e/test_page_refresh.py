"""A tap costs the same at move 300 as at move 3. After a
tap the page asks only for what changed since the version it holds (the
requests the benchmark times, service/ops/bench_clients.py ``PAGE_READS``), and draws
again only the log entries that changed."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from service.ops.bench import PAGE_READS, tap_moves

pytestmark = pytest.mark.browser

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def game_at(page: Page, server: str, moves: list[dict], at: int) -> tuple[str, str]:
    created = page.request.post(f"{server}/api/games", data={"game": "willi", "players": PLAYERS}).json()
    token = created["tokens"]["scorekeeper"]
    for move in moves[:at]:
        answer = page.request.post(f"{server}/api/games/{created['id']}/moves", data={"move": move},
                                   headers={"Authorization": f"Bearer {token}"})
        assert answer.status == 201, answer.json()
    return created["id"], token


def open_game(page: Page, game_id: str, token: str) -> None:
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem(`tablelog:tokens:${id}`, "
                  "JSON.stringify({scorekeeper: token, seats: {}}))", [game_id, token])
    page.goto(f"/#/game/{game_id}")


def asked_after_a_tap(page: Page, server: str, moves: list[dict], at: int) -> tuple[list[str], int]:
    game_id, token = game_at(page, server, moves, at)
    open_game(page, game_id, token)
    version = page.request.get(f"{server}/api/games/{game_id}").json()["version"]
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_be_attached()
    marked = page.evaluate("() => { const li = document.querySelector('.log-list > li'); li.dataset.kept = '1'; "
                           "return document.querySelectorAll('.log-list > li').length; }")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.method + " " + request.url.split(f"/api/games/{game_id}")[-1])
            if "/api/" in request.url else None)
    page.locator(f".record button[data-field='card'][data-value='{moves[at]['card']}']").click()
    expect(page.locator(f".game-head[data-rendered='{version + 1}']")).to_be_attached()
    # The entry there before is the same element: only the new one was drawn.
    assert page.locator(".log-list > li[data-kept='1']").count() == 1
    assert page.locator(".log-list > li").count() == marked + 1
    expect(page.locator(".log-list > li").first).to_have_attribute("data-index", str(at + 1))
    # The page also looks every 0.8 s whether another device recorded
    # something (GET /api/games/<id>): that poll is no part of a tap.
    return [line for line in asked if line != "GET "], version


def test_a_tap_asks_only_for_what_changed_at_move_3_as_at_move_300(phone: Page, server):
    moves, positions = tap_moves()
    for at in positions:
        asked, version = asked_after_a_tap(phone, server, moves, at)
        reads = sorted("GET /" + path.format(since=version) for path in PAGE_READS)
        assert asked[0] == "POST /moves"
        assert sorted(asked[1:]) == reads, (at, asked)

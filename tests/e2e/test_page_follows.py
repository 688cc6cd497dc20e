"""A player's own page in a digital game follows the game by itself: it
looks every 0.8 s whether the game moved on and then reads the state, the
log, the score timeline and the legal moves side by side. Those answers may
come back in any order and each may see another version (a move recorded
while they ran); the page draws only a whole set of one version, never one
older than it shows, and every read carries the seat's own token. Here the
answers are held back or delayed on purpose (``page.route``), so that each
race happens every run."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from corpus_positions import record_lines
from starting import start_on_the_page

pytestmark = pytest.mark.browser

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]

# Each time the page says it drew a version (.game-head's data-rendered):
# that version, who the state says is to act, and whose moves the page offers.
RENDERS = """
window.renders = [];
new MutationObserver(() => {
  const head = document.querySelector('.game-head');
  if (!head || !head.dataset.rendered) return;
  const expected = document.querySelector('.status .expected');
  window.renders.push({ version: Number(head.dataset.rendered), expected: expected ? expected.textContent : '',
    offered: [...document.querySelectorAll('.record section.move-group')].map((group) => group.dataset.seat) });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-rendered'] });
"""


class DigitalWilli:
    """A digital Willi game of four, made through the API, each seat's moves sent with its own token."""

    def __init__(self, page: Page, server: str):
        self.page, self.server = page, server
        created = page.request.post(f"{server}/api/games", data={"game": "willi", "players": FOUR, "mode": "digital",
                                                                 "seed": 3}).json()
        self.id, self.tokens = created["id"], created["tokens"]

    def link(self, seat: str) -> str:
        return f"/#/game/{self.id}/as/{seat}/{self.tokens['seats'][seat]}"

    def version(self) -> int:
        return self.page.request.get(f"{self.server}/api/games/{self.id}").json()["version"]

    def discard(self, seat: str) -> int:
        """``seat`` discards its first card on its own token; the game's version after it."""
        auth = {"Authorization": f"Bearer {self.tokens['seats'][seat]}"}
        legal = self.page.request.get(f"{self.server}/api/games/{self.id}/legal-moves", headers=auth).json()
        answer = self.page.request.post(f"{self.server}/api/games/{self.id}/moves", headers=auth,
                                        data={"move": legal["moves"][0]})
        assert answer.status == 201, answer.json()
        return answer.json()["version"]


def until(page: Page, done, what: str) -> None:
    """Let the page run until ``done()`` holds (the page's own timeout at most)."""
    for _ in range(200):
        if done():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page never {what}")


def renders(page: Page) -> list[dict]:
    return page.evaluate("() => window.renders")


def test_an_older_refresh_answered_last_does_not_take_the_page_back(phone: Page, server):
    page = phone
    game = DigitalWilli(page, server)
    page.add_init_script(RENDERS)
    page.goto(game.link("Alex"))
    start = game.version()
    expect(page.locator(f".game-head[data-rendered='{start}']")).to_be_attached()
    # Joe discards: Alex's page looks, and its refresh's legal moves are held back (answered, not yet delivered).
    held = []

    def hold(route):
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))
    page.route(f"**/api/games/{game.id}/legal-moves", hold)
    older = game.discard("Joe")
    until(page, lambda: held, "asked for the legal moves after Joe's move")
    # Gunter discards too; Alex taps a card on the page as it was: refused as stale, the page reads the game again.
    newer = game.discard("Gunter")
    page.locator("section.move-group[data-move='discard'] .group-body .chips button.chip").first.click()
    expect(page.locator(".record .conflict")).to_be_visible()
    expect(page.locator(f".game-head[data-rendered='{newer}']")).to_be_attached()
    # Now the held answer (of Joe's move) arrives, last; the page looks at the game again once that refresh is over.
    route, answer = held[0]
    with page.expect_request(lambda request: request.url.endswith(f"/api/games/{game.id}")):
        route.fulfill(response=answer)
    drawn = [r["version"] for r in renders(page)]
    assert older < newer and drawn == sorted(drawn) and drawn[-1] == newer, drawn
    expect(page.locator(".game-head")).to_have_attribute("data-rendered", str(newer))


def test_the_moves_offered_are_those_of_the_state_shown(phone: Page, server):
    page = phone
    game = DigitalWilli(page, server)
    page.add_init_script(RENDERS)
    page.goto(game.link("Alex"))
    expect(page.locator(f".game-head[data-rendered='{game.version()}']")).to_be_attached()
    expect(page.locator(".record section.move-group[data-seat='Alex']")).to_be_visible()
    # Joe discards: Alex's page reads the game; its state is asked only after Alex has discarded too
    # (on another device), while its legal moves were answered before: Alex's discards.
    parked = []

    def park(route):
        if parked:
            route.continue_()
        else:
            parked.append(route)
    page.route(re.compile(rf"/api/games/{game.id}/state\?"), park)
    game.discard("Joe")
    until(page, lambda: parked, "asked for the state after Joe's move")
    after = game.discard("Alex")
    parked[0].continue_()
    expect(page.locator(f".game-head[data-rendered='{after}']")).to_be_attached()
    expect(page.locator(".record .waiting")).to_be_visible()
    # Never did the page offer Alex a move beside a state that says others are to act.
    drawn = renders(page)
    assert all("Alex" in r["expected"] for r in drawn if "Alex" in r["offered"]), drawn
    assert [r["version"] for r in drawn] == sorted(r["version"] for r in drawn), drawn


def test_every_read_of_a_player_s_own_page_carries_that_seat_s_token(phone: Page, server):
    """The phone that started a one-player game keeps the scorekeeper's
    token too; its page is the player's, and reads as the player."""
    page = phone
    game_id = start_on_the_page(page, "grand_austria", ["Anna"], "digital", solo="medium")
    kept = json.loads(page.evaluate(f"() => localStorage.getItem('tablelog:tokens:{game_id}')"))
    assert kept["as"] == "Anna" and kept["scorekeeper"] and kept["seats"]["Anna"] != kept["scorekeeper"]
    asked = []
    page.on("request", lambda request: asked.append(request) if f"/api/games/{game_id}" in request.url else None)
    page.reload()
    version = page.request.get(f"/api/games/{game_id}").json()["version"]
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_be_attached()
    with page.expect_request(lambda request: request.url.endswith(f"/api/games/{game_id}")):
        pass                                  # and a look at whether the game moved on
    sent = [(request.url.split(game_id)[-1].split("?")[0] or "/", request.all_headers().get("authorization"))
            for request in asked]
    assert {"/", "/catalog", "/state", "/log", "/timeline", "/legal-moves"} <= {path for path, _ in sent}, sent
    assert all(token == f"Bearer {kept['seats']['Anna']}" for _, token in sent), sent


def test_a_player_s_own_page_offers_the_cards_its_moves_list_not_the_whole_deck(phone: Page, server):
    """A hire from many cards: the player's page offers those cards, where
    the scorekeeper's entry for a hand it does not see shows the whole deck."""
    page = phone
    lines = record_lines("grand_austria/tv-v3-000-2p-digital-base-table-view.jsonl")[:36]
    made = page.request.post(f"{server}/api/games/import", data={"record": "\n".join(lines) + "\n"}).json()
    token = made["tokens"]["seats"]["Anna"]
    legal = page.request.get(f"{server}/api/games/{made['id']}/legal-moves",
                             headers={"Authorization": f"Bearer {token}"}).json()
    hires = {str(m["staff"]) for m in legal["moves"] if m["type"] == "hire"}
    assert len(hires) > 8                    # more than a row of the deck
    page.goto(f"/#/game/{made['id']}/as/Anna/{token}")
    group = page.locator(".record section.move-group[data-move='hire']")
    expect(group.locator(".group-body .chips button.chip")).to_have_count(len(hires))
    assert {c.get_attribute("data-value") for c in group.locator(".group-body .chips button.chip").all()} == hires
    expect(group.locator(".unavailable")).to_have_count(0)

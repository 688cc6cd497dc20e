"""A game needs no change to the page: "Three Suits", defined in a test file
(tests/three_suits.py) and registered beside the shipped games, is started
through the API and played on the page's generic view (scores, who acts,
the state in words, the legal moves offered as taps)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from serving import serving
from three_suits import ThreeSuits

from domain.games import register, unregister

pytestmark = pytest.mark.browser

HANDS = {"Ann": ["R1", "R2", "G1", "B1"], "Bo": ["R3", "G2", "G3", "B2"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The service with Three Suits known, on a database of its own (the shared one never hears of it)."""
    register(ThreeSuits())
    try:
        with serving(tmp_path_factory.mktemp("three-suits") / "tablelog.sqlite3") as address:
            yield address
    finally:
        unregister("three_suits")


def test_three_suits_started_through_the_api_is_played_on_the_generic_view(phone: Page, server, shoot):
    page = phone
    created = page.request.post(f"{server}/api/games", data={"game": "three_suits", "players": ["Ann", "Bo"]})
    assert created.status == 201, created.json()
    game, token = created.json()["id"], created.json()["tokens"]["scorekeeper"]
    dealt = page.request.post(f"{server}/api/games/{game}/moves", data={"move": {"type": "deal", "hands": HANDS}},
                              headers={"Authorization": f"Bearer {token}"})
    assert dealt.status == 201, dealt.json()
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem(`tablelog:tokens:${id}`, "
                  "JSON.stringify({scorekeeper: token, seats: {}}))", [game, token])
    page.goto(f"/#/game/{game}")
    expect(page.locator(".game-head[data-version]")).to_be_visible()
    version = int(page.locator(".game-head").get_attribute("data-version"))
    expect(page.locator(".view table.scores")).to_contain_text("Bo")
    expect(page.locator(".status")).to_contain_text("Ann: play")
    expect(page.locator(".log-list > li").first).to_contain_text("deal")
    group = page.locator("section.move-group[data-move='play'][data-seat='Ann']")
    expect(group.locator("button[data-value='R3']")).to_have_count(0)       # Bo's card is not Ann's to play
    group.locator("button[data-value='R2']").click()
    expect(page.locator(f".game-head[data-version='{version + 1}']")).to_be_visible()
    expect(page.locator(".log-list > li").first).to_contain_text("Ann: play — card R2")
    expect(page.locator(".status")).to_contain_text("Bo: play")
    expect(page.locator(".view .state-dump")).to_contain_text("R2")
    log = page.request.get(f"{server}/api/games/{game}/log", headers={"Authorization": f"Bearer {token}"}).json()
    assert log["entries"][-1]["move"] == {"type": "play", "seat": "Ann", "card": "R2"}
    shoot(page, "generic-three-suits")

"""axe-core on every game's pages where play has got to: each game (and
Grand Austria Hotel's solo variant) imported from a digital corpus record
at its start, at mid-game and at its end, the scorekeeper's page and a
player's own page, each in one of the two languages (the other language at
the next position, so every page is seen in both): no violation of impact
serious or critical, and one level-one heading. Grand Austria Hotel's
rooms are named in words ("room 2.3, blue, prepared")."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from corpus_positions import DIGITAL, record_lines
from test_accessibility import assert_accessible
from test_page_refresh import open_game

pytestmark = pytest.mark.browser

RECORDS = DIGITAL
POSITIONS = {"start": lambda lines: lines[:2], "mid-game": lambda lines: lines[: len(lines) // 2], "end": lambda lines: lines}


def imported(page: Page, server: str, lines: list[str]) -> dict:
    answer = page.request.post(f"{server}/api/games/import", data={"record": "\n".join(lines) + "\n"})
    assert answer.status == 201, answer.json()
    return answer.json()


def shown(page: Page, server: str, game_id: str) -> None:
    version = page.request.get(f"{server}/api/games/{game_id}").json()["version"]
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_be_attached()
    expect(page.locator("h1")).to_have_count(1)          # one level-one heading on every page


@pytest.mark.parametrize("game", list(RECORDS))
def test_every_page_of_a_game_from_start_to_end(phone: Page, server, game):
    lines = record_lines(RECORDS[game])
    languages = ["en", "de"]
    for position, part in POSITIONS.items():
        created = imported(phone, server, part(lines))
        seat, token = next(iter(created["tokens"]["seats"].items()))
        scorekeeper, player = languages
        phone.goto("/")
        phone.evaluate("(lang) => localStorage.setItem('tablelog:language', lang)", scorekeeper)
        open_game(phone, created["id"], created["tokens"]["scorekeeper"])
        shown(phone, server, created["id"])
        expect(phone.locator("html")).to_have_attribute("lang", scorekeeper)
        assert_accessible(phone, f"{game} at {position}, the scorekeeper's page, {scorekeeper}")
        if game in ("grand_austria", "solo") and position == "mid-game":
            expect(phone.locator(".hotel [data-room='1.1']").first).to_have_attribute(
                "aria-label", re.compile(r"^(room|Zimmer) 1\.1, \w+, \w+"))
        phone.evaluate("(lang) => { localStorage.clear(); localStorage.setItem('tablelog:language', lang); }", player)
        phone.goto("/")                  # the page loads its language once, when it loads
        phone.goto(f"/#/game/{created['id']}/as/{seat}/{token}")
        shown(phone, server, created["id"])
        expect(phone.locator("html")).to_have_attribute("lang", player)
        assert_accessible(phone, f"{game} at {position}, {seat}'s page, {player}")
        languages.reverse()

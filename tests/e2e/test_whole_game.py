"""One whole 2-player Wiener Walzer game recorded at a
phone through the page alone: the setup entered on the board, then every
placement and every dance choice tapped from what the page offers, to the
final scores."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from test_other_games import start, version

pytestmark = [pytest.mark.browser, pytest.mark.slow]

KINDS = ["cheese", "shrimp_roll", "sachertorte", "caviar", "cigar", "champagne"]
TAP = ("section.move-group .group-body > .chips button:not(.unavailable), "
       "section.move-group .board button.selectable")


def enter_setup(page: Page) -> None:
    form = page.locator("form[data-move='setup']")
    for _ in range(6):
        form.locator(".palette .chips button:not([disabled])").first.click()
    for i in range(29):
        form.locator(f".palette button[data-value='{KINDS[i % len(KINDS)]}']").click()
    expect(form.locator(".progress")).to_contain_text("6 of 6 gold spaces, 29 of 29 buffet spaces")
    before = version(page)
    form.get_by_role("button", name="record setup").click()
    expect(page.locator(f".game-head[data-rendered='{before + 1}']")).to_be_attached()


def test_a_whole_two_player_wiener_walzer_game(phone: Page, server):
    page = phone
    start(page, "wiener_walzer", ["Ann", "Ben"], "table")
    enter_setup(page)
    game = page.url.rsplit("/", 1)[-1]
    moves = 0
    while not page.locator(".status .game-over").count():
        before = version(page)
        # Tap the first thing offered until the page has recorded a move (a card, then its space).
        while True:
            page.locator(TAP).first.click()
            page.wait_for_function(
                "([v]) => document.querySelector('.game-head').dataset.rendered != v "
                "|| !document.querySelector('.move-group.busy')", arg=[before])
            if page.locator(f".game-head[data-rendered='{before}']").count() == 0:
                break
        moves += 1
        assert moves < 400, "the game does not end"
    summary = page.request.get(f"{server}/api/games/{game}").json()
    assert summary["finished"] and summary["winners"]
    expect(page.locator(".status")).to_contain_text(re.compile(r"Game over\."))
    for seat, points in summary["scores"].items():
        expect(page.locator(".chart .legend")).to_contain_text(f"{seat} {points}")
    assert page.request.get(f"{server}/api/games/{game}/audit").json()["ok"]

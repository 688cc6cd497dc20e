"""An accessibility check with axe-core (axe-playwright-python):
no violation of impact serious or critical on any page."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from service.ops.bench import willi_game
from test_other_games import start
from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser

AXE = Axe()


def assert_accessible(page: Page, where: str, options: dict | None = None) -> None:
    results = AXE.run(page, options=options) if options else AXE.run(page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: {bad}"


def test_the_list_the_start_page_and_the_leaderboards(phone: Page):
    phone.goto("/")
    expect(phone.get_by_role("link", name="Start a game")).to_be_visible()
    assert_accessible(phone, "the list of games")
    phone.goto("/#/new")
    expect(phone.get_by_role("button", name="Start")).to_be_visible()
    assert_accessible(phone, "start a game")
    phone.goto("/#/leaderboard")
    expect(phone.locator("h2")).to_have_text("Leaderboards")
    assert_accessible(phone, "leaderboards")


def test_a_willi_game_with_its_log_chart_and_tools(phone: Page, server):
    game_id, token = game_at(phone, server, willi_game(1), 30)
    open_game(phone, game_id, token)
    expect(phone.locator(".log-list > li")).to_have_count(30)
    phone.locator(".log-list > li").nth(3).locator("button.log-move").click()
    phone.locator(".record-tools summary").click()
    assert_accessible(phone, "a Willi game")


@pytest.mark.parametrize("game", ["wiener_walzer", "vienna", "grand_austria"])
def test_every_other_game_at_the_table_and_digital(phone: Page, game):
    start(phone, game, ["Ann", "Ben", "Cid"] if game == "vienna" else ["Ann", "Ben"], "table")
    expect(phone.locator(".record")).not_to_be_empty()
    assert_accessible(phone, f"{game} at the table")
    start(phone, game, ["Ann", "Ben", "Cid"] if game == "vienna" else ["Ann", "Ben"], "digital")
    expect(phone.locator(".player-links .qr svg").first).to_be_visible()
    assert_accessible(phone, f"{game} digital")

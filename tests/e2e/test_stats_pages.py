"""Player statistics and leaderboards on the page (the API has them)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_page_usability import play_to_the_end

pytestmark = pytest.mark.browser


def test_a_finished_game_shows_on_the_leaderboard_and_the_players_page(phone: Page, server):
    page = phone
    players = ["Lea", "Max", "Nora", "Olaf"]
    game = play_to_the_end(page, server, players)
    board = page.request.get(f"{server}/api/leaderboard/willi").json()["players"]
    page.goto("/")
    page.get_by_role("link", name="Leaderboards").click()
    willi = page.locator(".leaderboard[data-game='willi']")
    expect(willi.locator("tbody tr")).to_have_count(len(board))
    first = willi.locator("tbody tr").first
    expect(first.locator("th")).to_have_text(board[0]["player"])
    expect(first.locator("td").nth(2)).to_have_text(str(board[0]["won"]))
    willi.get_by_role("link", name="Nora").click()
    expect(page.locator("h2.player-name")).to_have_text("Nora")
    nora = page.request.get(f"{server}/api/players/Nora").json()["games"][0]
    row = page.locator("table.stats tbody tr[data-game='willi']")
    expect(row).to_contain_text(f"{nora['rank']} of {nora['ranked']}")
    # From a game's page its players lead to their pages too.
    page.goto(f"/#/game/{game}")
    page.locator(".game-head .player-link", has_text="Max").click()
    expect(page.locator("h2.player-name")).to_have_text("Max")


def test_a_finished_game_goes_to_bg_stats_from_the_page(phone: Page, server):
    page = phone
    game = play_to_the_end(page, server, ["Pia", "Quin", "Rosa", "Sam"])
    page.goto(f"/#/game/{game}")
    page.locator(".record-tools summary").click()
    expected = page.request.get(f"{server}/api/games/{game}/bgstats").json()["link"]
    expect(page.get_by_role("link", name="add to BG Stats")).to_have_attribute("href", expected)

"""Wiener Walzer, digital: a player's own page shows the guest card they drew
from their stack (the card they are about to place), and the ballroom once:
the board they tap to place it is the board, with no second copy above it."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_the_player_sees_the_card_they_drew_and_places_it_on_the_one_board(phone: Page, server, shoot):
    page = phone
    created = page.request.post(f"{server}/api/games", data={
        "game": "wiener_walzer", "players": ["Anna", "Ben"], "mode": "digital"}).json()
    game = created["id"]
    seat = page.request.get(f"{server}/api/games/{game}").json()["expected"]["seats"][0]
    token = created["tokens"]["seats"][seat]
    auth = {"Authorization": f"Bearer {token}"}
    drawn = page.request.get(f"{server}/api/games/{game}/state?seat={seat}", headers=auth).json()[
        "players_detail"][seat]["hand"]
    page.goto(f"/#/game/{game}/as/{seat}/{token}")
    expect(page.locator(".seat-page")).to_contain_text(f"You are {seat}")
    expect(page.locator(f".view .ww-player[data-seat='{seat}'] .drawn")).to_contain_text(drawn)
    group = page.locator(f"section.move-group[data-move='place'][data-seat='{seat}']")
    expect(group.locator(".given")).to_contain_text(drawn)
    boards = page.locator(".board:visible")
    expect(boards).to_have_count(1)
    shoot(page, "walzer-digital-drawn-card")
    space = boards.locator("button.selectable").first
    name = space.get_attribute("data-space")
    space.click()
    expect(page.locator(f".board [data-space='{name}'] .guest")).to_have_text(drawn)
    log = page.request.get(f"{server}/api/games/{game}/log?seat={seat}", headers=auth).json()["entries"]
    assert log[-1]["move"] == {"type": "place", "seat": seat, "card": drawn, "space": name}

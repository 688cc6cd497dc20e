"""Tapping a greyed card says why, in the
rule's words (the engine's check of that move, nothing recorded)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser

UNSEEN = {"type": "deal", "hands": {seat: None for seat in ("Alex", "Joe", "Gunter", "Hanna")}}


def test_a_greyed_card_says_why(phone: Page, server):
    page = phone
    game_id, token = game_at(page, server, [UNSEEN, {"type": "discard", "seat": "Alex", "card": "B1"}], 2)
    open_game(page, game_id, token)
    joe = page.locator("section.move-group[data-move='discard'][data-seat='Joe']")
    greyed = joe.locator("button.unavailable[data-greyed='B1']")
    expect(greyed).to_have_attribute("title", "not allowed now: tap to see why")
    version = page.request.get(f"{server}/api/games/{game_id}").json()["version"]
    greyed.click()
    said = page.request.post(f"{server}/api/games/{game_id}/check", headers={"Authorization": f"Bearer {token}"},
                             data={"move": {"type": "discard", "seat": "Joe", "card": "B1"}}).json()
    assert said["legal"] is False
    expect(joe.locator(".problem")).to_have_text(said["message"])
    assert page.request.get(f"{server}/api/games/{game_id}").json()["version"] == version

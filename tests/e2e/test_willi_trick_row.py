"""Willi's row of a finished trick agrees with its sum
after an exchange (the card given stands where the card taken was)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from service.ops.bench import willi_game
from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser


def test_each_done_trick_shows_the_cards_its_sum_counts(phone: Page, server):
    page = phone
    moves = willi_game(0)
    exchange = next(i for i, m in enumerate(moves) if m["type"] == "exchange")
    game_id, token = game_at(page, server, moves, exchange + 1)
    open_game(page, game_id, token)
    rows = page.locator(".tricks-done li")
    expect(rows.first).to_be_visible()
    expect(page.locator(".tricks-done .played-small.exchanged")).to_have_count(1)
    shown = page.evaluate("""() => [...document.querySelectorAll('.tricks-done li')].map((li) => ({
        cards: [...li.querySelectorAll('.card')].map((c) => Number(c.textContent)),
        sum: Number(li.textContent.match(/sum (\\d+)/)[1]) }))""")
    assert shown and all(sum(row["cards"]) == row["sum"] for row in shown), shown
    swap = moves[exchange]
    swapped = page.locator(".tricks-done .played-small.exchanged .card")
    expect(swapped).to_have_attribute("title", {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}[swap["give"][0]]
                                      + f" {swap['give'][1]}")

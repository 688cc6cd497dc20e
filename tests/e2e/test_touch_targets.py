"""Targets a finger taps are at least 44 px each way on a
phone (Wiener Walzer's spaces, Willi's deck cards, the replay buttons...); a
board too wide for the phone scrolls sideways instead."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from service.ops.bench import willi_game
from test_other_games import start
from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser

SMALL = """() => [...document.querySelectorAll('main button, main a, main input, main select, main summary')]
  .filter((el) => el.offsetParent !== null && getComputedStyle(el).visibility !== 'hidden')
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([, r]) => r.width && (r.width < 44 - 0.5 || r.height < 44 - 0.5))
  .filter(([el]) => !el.closest('p, li.by, small, .hint') || el.matches('button'))
  .map(([el, r]) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def assert_big_enough(page: Page) -> None:
    small = page.evaluate(SMALL)
    assert not small, small


def test_wiener_walzer_spaces_with_five_players(phone: Page):
    start(phone, "wiener_walzer", ["Ann", "Ben", "Cid", "Dora", "Emil"], "table")
    expect(phone.locator("form[data-move='setup'] .board .space:not(.off)").first).to_be_visible()
    assert_big_enough(phone)
    overflow = phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0


def test_willi_deck_cards_and_the_replay_buttons(phone: Page, server):
    unseen = {"type": "deal", "hands": {seat: None for seat in ("Alex", "Joe", "Gunter", "Hanna")}}
    game_id, token = game_at(phone, server, [unseen], 1)
    open_game(phone, game_id, token)
    expect(phone.locator(".chips.grid.deck").first).to_be_visible()
    assert_big_enough(phone)


def test_a_long_willi_game_page(phone: Page, server):
    game_id, token = game_at(phone, server, willi_game(3), 40)
    open_game(phone, game_id, token)
    expect(phone.locator(".log-list > li")).to_have_count(40)
    assert_big_enough(phone)

"""Grand Austria Hotel with module 3 "Unique Hotels" on the scorekeeper's
page: the entrances laid out above the board, the auction recorded there
(who opens, the current bid and its leader, who is to raise or pass; a bid
typed and tapped), each player's entrance with its state (Kaufman's fourth
café table, The Grand Wray Hotel's tiles), then the first round recorded on
the page (the players' moves tapped among the offered choices; the table's
draws and rolls entered as digital mode makes them)."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from domain.grand_austria import GAME
from grand_austria_rounds import post, replayed, table_game_on_the_page
from starting import tap_until_recorded, version
from test_touch_targets import assert_big_enough

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Beth", "Cyril"]
MODULES = ["unique_hotels"]
SETUP = [
    {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
     "queue": [49, 63, 77, 91, 50], "start_player": "Anna",
     "hands": {"Anna": [1, 5, 9, 13, 21, 27], "Beth": [2, 6, 10, 14, 22, 28], "Cyril": [3, 7, 11, 15, 23, 29]}},
    {"type": "lay_out_entrances", "entrances": ["kaufman", "kozi_palace", "grand_wray"],
     "grand_wray_tiles": ["A2", "A3", "B2", "B3", "C2", "C3"]},
]
QUIET = ("pass", "decline", "end_turn")


def recorded(page: Page, before: int) -> None:
    expect(page.locator(f".game-head:not([data-version='{before}'])")).to_be_visible()


def tap_in_the_auction(page: Page, entrance: str, action: str, amount: int | None = None) -> None:
    row = page.locator(f".view .entrance-auction li.entrance[data-entrance='{entrance}']")
    before = version(page)
    if amount is not None:
        row.locator(f".bid-control[data-action='{action}'] input.bid-amount").fill(str(amount))
    row.locator(f"button.bid-move[data-action='{action}']").click()
    recorded(page, before)


def tap_a_choice(page: Page, rng: random.Random) -> None:
    """Tap the chips of one offered move group (a quiet move most of the
    time, so that the round ends soon) until the move is recorded."""
    before = version(page)
    groups = page.locator(".chooser section.move-group")
    expect(groups.first).to_be_attached()
    kinds = [groups.nth(i).get_attribute("data-move") for i in range(groups.count())]
    quiet = [i for i, kind in enumerate(kinds) if kind in QUIET]
    group = groups.nth(rng.choice(quiet if quiet and rng.random() < 0.7 else range(len(kinds))))
    tap_until_recorded(page, group, rng, before)


def test_an_auction_and_a_round_on_the_page(phone: Page, server, shoot):
    page = phone
    game_id, token = table_game_on_the_page(page, server, PLAYERS, {"modules": MODULES}, SETUP)
    panel = page.locator(".view .entrance-auction")
    expect(panel.locator("li.entrance")).to_have_count(3)
    expect(panel).to_contain_text("Anna opens the next auction")
    assert_big_enough(page)
    shoot(page, "hotels-01-entrances-laid-out")
    # the page grows with the log: the later pictures are of the screen (a whole page took long under load)
    # Anna puts Kaufman up at 3; Beth raises to 4 (the lowest raise is offered); Cyril and Anna pass
    tap_in_the_auction(page, "kaufman", "open", 3)
    kaufman = panel.locator("li.entrance[data-entrance='kaufman']")
    expect(kaufman).to_contain_text("bid 3 kr by Anna · Beth to raise or pass")
    expect(kaufman.locator(".bid-control[data-action='raise'] input")).to_have_value("4")
    tap_in_the_auction(page, "kaufman", "raise")
    expect(kaufman).to_contain_text("bid 4 kr by Beth · Cyril to raise or pass")
    panel.scroll_into_view_if_needed()
    shoot(page, "hotels-02-bidding", full_page=False)
    tap_in_the_auction(page, "kaufman", "pass")
    expect(kaufman).to_contain_text("passed: Cyril")
    tap_in_the_auction(page, "kaufman", "pass")
    beth = page.locator(".view .ga-player[data-seat='Beth']")
    expect(beth.locator(".entrance-line")).to_contain_text("Kaufman")
    expect(beth.locator(".cafe-table")).to_have_count(4)
    # Anna, the start player, did not win: she opens again; Cyril passes; Cyril takes the last one free
    expect(panel).to_contain_text("Anna opens the next auction")
    tap_in_the_auction(page, "kozi_palace", "open", 0)
    tap_in_the_auction(page, "kozi_palace", "pass")
    cyril = page.locator(".view .ga-player[data-seat='Cyril']")
    expect(cyril.locator(".entrance-line")).to_contain_text("The Grand Wray Hotel")
    expect(cyril.locator(".wray-tile")).to_have_count(6)
    expect(page.locator(".view .entrance-auction")).to_have_count(0)
    expect(page.locator(".log-list > li").first).to_contain_text("Cyril gets Grand Wray at no cost")
    cyril.scroll_into_view_if_needed()
    shoot(page, "hotels-03-entrances-owned", full_page=False)
    # the setup and the first round: the table's steps entered as digital mode makes them, the rest tapped
    rng = random.Random(5)
    for _ in range(400):
        state = replayed(page, server, game_id, token, MODULES)
        if state.round > 1:
            break
        if GAME.expected(state).is_chance:
            post(page, server, game_id, token, GAME.chance_move(state, rng))
            page.reload()
            expect(page.locator(".game-head[data-rendered]")).to_be_attached()
        else:
            tap_a_choice(page, rng)
    page.reload()
    expect(page.locator(".view .round")).to_contain_text("Round 2")
    expect(beth.locator(".entrance-line")).to_contain_text("pile this round")
    assert replayed(page, server, game_id, token, MODULES).module("unique_hotels").owners == \
        {"Beth": "kaufman", "Anna": "kozi_palace", "Cyril": "grand_wray"}
    beth.scroll_into_view_if_needed()
    shoot(page, "hotels-04-round-2", full_page=False)

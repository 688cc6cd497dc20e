"""Grand Austria Hotel with module 2 "Celebrities" on the scorekeeper's page:
the lounge beside the action board (each space's colour, celebrity, effect
and VP), the coloured dice on the action spaces, taking a coloured die by
tapping its lounge space (its price paid, the celebrity then shown with its
holder); and a full 2-player round of a digital game tapped on the players'
own pages, the lounge refilled at its end."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from grand_austria_rounds import table_game_on_the_page
from starting import start_on_the_page
from test_grand_austria_start_player_page import players_phones, state_of, tap_a_move
from test_touch_targets import assert_big_enough

pytestmark = pytest.mark.browser

SETUP = [
    {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
     "queue": [49, 63, 77, 91, 50], "start_player": "Anna"},
    {"type": "lay_out_lounge", "celebrities": ["Gandhi", "Albert Einstein", "Marie Curie"]},
    {"type": "take_guest", "seat": "Beth", "position": 1}, {"type": "reveal_guest", "card": 51},
    {"type": "take_guest", "seat": "Anna", "position": 1}, {"type": "reveal_guest", "card": 52},
    *[{"type": "prepare_room", "seat": s, "room": r} for s in ("Beth", "Anna") for r in ("1.1", "1.2", "1.3")],
    # whites 1 2 3 4 4 4 5, then red 4, blue 4, yellow 6: action space 4 holds five dice
    {"type": "roll", "dice": [1, 2, 3, 4, 4, 4, 5, 4, 4, 6]},
]


def test_the_lounge_and_a_coloured_die_tapped_on_it(phone: Page, server, shoot):
    page = phone
    game_id, _ = table_game_on_the_page(page, server, ["Anna", "Beth"], {"modules": ["celebrities"]}, SETUP)
    spaces = page.locator(".view .lounge .lounge-space")
    expect(spaces).to_have_count(3)
    expect(spaces.nth(0)).to_contain_text("Gandhi")
    expect(spaces.nth(0)).to_contain_text("1 VP")
    expect(spaces.nth(0)).to_contain_text("red die on 4 · 4 kr")
    expect(spaces.nth(2)).to_contain_text("Emperor track bonus")
    expect(page.locator(".view .action[data-action='4'] .pip")).to_have_count(2)
    expect(page.locator(".view .action[data-action='6'] .pip.p-yellow")).to_have_count(1)
    assert_big_enough(page)
    shoot(page, "celebrities-lounge")
    spaces.nth(1).locator("button.lounge-move[data-value='4']:not([data-boost='1'])").click()
    holder = page.locator(".view .ga-player[data-seat='Anna'] .celebrities")
    expect(holder).to_contain_text("Albert Einstein")
    expect(spaces.nth(1)).to_contain_text("empty")
    expect(page.locator(".view .action[data-action='4'] .pip")).to_have_count(1)
    expect(page.locator(".log-list > li").first).to_contain_text("takes Albert Einstein")
    state = state_of(server, game_id)
    assert state["players"]["Anna"]["krones"] == 6 and state["pending"][0]["step"] == "funds"
    shoot(page, "celebrities-taken")


def test_the_table_lays_out_the_lounge_by_tapping_names(phone: Page, server):
    page = phone
    game_id, _ = table_game_on_the_page(page, server, ["Anna", "Beth"], {"modules": ["celebrities"]}, SETUP[:1])
    form = page.locator("form[data-move='lay_out_lounge']")
    field = form.locator(".field[data-field='celebrities']")
    expect(field.locator("button[data-value='Picasso']")).to_have_count(0)      # module 1's tiles: not in play
    for name in ("Gandhi", "Albert Einstein", "Marie Curie"):
        field.locator(f"button[data-value='{name}']").click()
    form.get_by_role("button", name="record lay out lounge").click()
    spaces = page.locator(".view .lounge .lounge-space")
    expect(spaces.nth(0)).to_contain_text("Gandhi")
    expect(spaces.nth(2)).to_contain_text("Marie Curie")
    assert [s["celebrity"]["name"] for s in state_of(server, game_id)["lounge"]] == \
        ["Gandhi", "Albert Einstein", "Marie Curie"]


def test_a_full_module_2_round_through_the_page(phone: Page, browser, server, shoot):
    page = phone
    game_id = start_on_the_page(page, "grand_austria", ["Ann", "Ben"], "digital", ("celebrities",))
    rng = random.Random(5)
    with players_phones(browser, page, ["Ann", "Ben"]) as phones:
        while state_of(server, game_id)["round"] == 1:
            tap_a_move(phones, server, game_id, rng)
    state = state_of(server, game_id)
    assert state["round"] == 2 and all(s["celebrity"] for s in state["lounge"]) and state["celebrities"] == {}
    page.reload()
    expect(page.locator(".view .lounge .lounge-space")).to_have_count(3)
    expect(page.locator(".view .round")).to_contain_text("Round 2")
    shoot(page, "celebrities-round-2")

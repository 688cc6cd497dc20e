"""Grand Austria Hotel with module 1 "Vienna Ballrooms" on the scorekeeper's
page: the three ballrooms above the board (rows, costs, who dances where),
each player's rehearsal board and champagne; sending a dancer is tapping a
row (then the rehearsal section); the rest of the round is recorded and the
page shows it."""
from __future__ import annotations

import pytest
from grand_austria_rounds import finish_round, state_of, table_game_on_the_page
from playwright.sync_api import Page, expect

from test_touch_targets import assert_big_enough

pytestmark = pytest.mark.browser

SETUP = [
    {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
     "queue": [49, 141, 77, 91, 50], "start_player": "Anna",
     "ballrooms": ["Goldener Strauss", "Zum Sperl", "Apollosaal"], "rehearsal_boards": ["R1", "R2"]},
    {"type": "choose_rehearsal", "seat": "Beth", "board": "R2"},
    {"type": "take_guest", "seat": "Beth", "position": 1}, {"type": "reveal_guest", "card": 63},
    {"type": "take_guest", "seat": "Anna", "position": 2}, {"type": "reveal_guest", "card": 64},
    *[{"type": "prepare_room", "seat": s, "room": r} for s in ("Beth", "Anna") for r in ("1.1", "1.2", "1.3")],
    {"type": "roll", "dice": [1, 1, 1, 2, 2, 3, 4, 4, 5, 6]},
    # Anna completes the Tsarina's order (2 cake, 1 champagne) and keeps 1 champagne
    {"type": "take_die", "seat": "Anna", "value": 1},
    {"type": "choose_items", "seat": "Anna", "items": {"strudel": 1, "cake": 1, "champagne": 1}},
    {"type": "serve", "seat": "Anna", "items": [{"table": 1, "item": "cake"}, {"table": 1, "item": "cake"},
                                                {"table": 1, "item": "champagne"}]},
]


def test_a_module_1_round_on_the_page(phone: Page, server, shoot):
    page = phone
    game_id, token = table_game_on_the_page(page, server, ["Anna", "Beth"], {"modules": ["ballrooms"]}, SETUP)
    rooms = page.locator(".view .ballrooms .ballroom")
    expect(rooms).to_have_count(3)
    expect(rooms.nth(0)).to_contain_text("Goldener Strauss")
    # what effects do is said in the server's words (the effect registry's)
    expect(rooms.nth(0).locator("button.ballroom-row[data-row='top']")).to_have_attribute(
        "title", "bonus: 3 Emperor steps")
    expect(page.locator(".ga-player[data-seat='Anna'] .cafe")).to_contain_text(
        "send an additional dancer to a ballroom for up to 1 champagne less")
    expect(page.locator(".ga-player[data-seat='Anna'] .rehearsal")).to_contain_text("R1")
    expect(page.locator(".ga-player[data-seat='Anna'] .kitchen")).to_contain_text("1 champagne")
    # the Tsarina to the first ballroom's bottom row, from rehearsal section 4
    rooms.nth(0).locator("button.ballroom-row[data-row='bottom']").click()
    expect(page.locator(".send-choices button")).to_have_count(4)
    assert_big_enough(page)
    page.locator(".send-choices button", has_text="section 4").click()
    expect(rooms.nth(0).locator("button.ballroom-row[data-row='bottom'] .dancer")).to_have_count(1)
    # her reward: a dancer 1 champagne cheaper, to the middle ballroom's bottom row (cost 1 - 1)
    rooms.nth(1).locator("button.ballroom-row[data-row='bottom']").click()
    page.locator(".send-choices button", has_text="section 4").click()
    expect(rooms.nth(1).locator("button.ballroom-row[data-row='bottom'] .dancer")).to_have_count(1)
    state = state_of(page, server, game_id)
    assert state["rehearsal"]["Anna"]["dancers_left"] == [1, 2, 3, 2]
    shoot(page, "ballrooms-sent")
    # the rest of the round (quiet moves, the table's draws as digital mode makes them)
    finish_round(page, server, game_id, token, ["ballrooms"], 4)
    page.reload()
    expect(page.locator(".view .round")).to_contain_text("Round 2")
    expect(rooms.nth(0).locator(".dancer")).to_have_count(1)

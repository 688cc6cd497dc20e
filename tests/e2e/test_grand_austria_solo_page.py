"""Grand Austria Hotel's solo variant "Dinner for One" on the page: the
opponent's panel (its card face up, level, decks, countdown markers), its
turn entered at the table by tapping the drawn instruction card among those
left, then each step listed in words; a whole digital game against Leopold
and a round against Elisabeth and against each solo entrance (module 3),
started on the page and tapped on that same phone (in a one-player game it
is the player's own page) while the service draws the opponent's cards."""
from __future__ import annotations

import random

import pytest
from grand_austria_rounds import state_of, table_game_on_the_page
from playwright.sync_api import Page, expect

from starting import start_on_the_page
from test_grand_austria_start_player_page import tap_a_move

pytestmark = pytest.mark.browser

SETUP = [
    {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
     "queue": [84, 49, 68, 50, 91], "start_player": "bot", "hands": {"Anna": [1, 5, 9, 13, 21, 27, 2, 6, 10, 14]}},
    {"type": "keep_staff", "seat": "Anna", "staff": [1, 5, 9, 13, 21, 27]},
    {"type": "take_guest", "seat": "Anna", "position": 1}, {"type": "reveal_guest", "card": 63},
    *[{"type": "prepare_room", "seat": "Anna", "room": r} for r in ("1.1", "1.2", "1.3")],
    {"type": "roll", "dice": [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]},
]


def test_the_opponents_turn_entered_at_the_table(phone: Page, server, shoot):
    page = phone
    game_id, _ = table_game_on_the_page(page, server, ["Anna"], {"solo": {"difficulty": "hard"}}, SETUP)
    panel = page.locator(".view .solo-panel")
    expect(panel).to_contain_text("Leopold")
    expect(panel).to_contain_text("draw the top instruction card")
    expect(panel.locator(".solo-countdown li")).to_have_count(3)
    form = page.locator("form[data-move='draw_instruction']")
    card = form.locator("button.chip[data-value='194']")
    expect(card).to_contain_text("a red guest; die 2; 1 Emperor step; objective B")
    shoot(page, "solo-01-draw-the-card")
    card.click()
    form.get_by_role("button", name="record draw instruction").click()
    steps = panel.locator(".solo-steps li")
    expect(steps.first).to_contain_text("Leopold draws instruction card 194")
    expect(steps.nth(1)).to_contain_text("no red guest fits Leopold's hotel, so the one with most VP: "
                                         "Leopold takes Princess (blue, 4 VP) from queue position 3")
    expect(panel).to_contain_text("places an occupied blue room on 1.1")
    # no red guest in the queue: the one with most VP; the queue is refilled at the table, then he goes on
    refill = page.locator("form[data-move='reveal_guest']")
    refill.locator("button.chip[data-value='52']").click()
    refill.get_by_role("button", name="record reveal guest").click()
    expect(panel).to_contain_text("takes a die from action space 2")
    expect(panel).to_contain_text('marker on objective B (109) moves onto "III"')
    expect(panel.locator(".solo-countdown li[data-progress='III']")).to_have_count(1)
    expect(page.locator(".view .ga-player[data-seat='bot'] .room.occupied")).to_have_count(1)
    shoot(page, "solo-02-steps-in-words")
    state = state_of(page, server, game_id)
    assert state["turn"]["seat"] == "Anna" and state["players"]["bot"]["vp"] == 4


def play_on_the_page(page: Page, server: str, game_id: str, seed: int, until) -> dict:
    """Tap the player's moves on the one phone that started the game until ``until(state)``."""
    rng = random.Random(seed)
    for _ in range(1500):
        state = state_of(page, server, game_id)
        if until(state):
            return state
        tap_a_move({"Anna": page}, server, game_id, rng)
    raise AssertionError("the game did not get there")


@pytest.mark.slow
def test_a_whole_solo_game_against_leopold_through_the_page(phone: Page, server):
    game_id = start_on_the_page(phone, "grand_austria", ["Anna"], "digital", solo="medium")
    final = play_on_the_page(phone, server, game_id, 3, lambda state: state["finished"])
    assert final["winners"] in (["Anna"], ["bot"]) and len(final["solo"]["drawn"]) >= 10
    phone.reload()
    expect(phone.locator(".view .solo-panel .solo-steps li").first).to_contain_text("Leopold draws instruction card")


def test_a_round_against_elisabeth_on_the_phone_that_started_it(phone: Page, server, shoot):
    """One player, one phone: the page that started the game is Anna's own (no
    links to hand out), her 6 of 10 staff cards are kept by tapping 6 cards,
    and the whole round is played there."""
    game_id = start_on_the_page(phone, "grand_austria", ["Anna"], "digital", ("ballrooms",), solo="hard")
    expect(phone.locator(".seat-page")).to_contain_text("You are Anna")
    expect(phone.locator(".player-links, .seat-link")).to_have_count(0)
    keep = phone.locator("section.move-group[data-move='keep_staff'][data-seat='Anna']")
    cards = keep.locator(".pick-some button.chip")
    expect(cards).to_have_count(10)
    for i in range(5):
        cards.nth(i).click()
    expect(keep.locator(".count")).to_have_text("5 of 6 chosen")
    shoot(phone, "solo-00-keep-6-of-10")
    cards.nth(5).click()
    expect(keep).to_have_count(0)
    state = play_on_the_page(phone, server, game_id, 5, lambda state: state["round"] == 2)
    assert state["solo"]["opponent"] == "Elisabeth" and len(state["solo"]["drawn"]) == 2
    phone.reload()
    panel = phone.locator(".view .solo-panel")
    expect(panel).to_contain_text("Elisabeth")
    expect(panel).to_contain_text("dancers:")
    expect(panel.locator(".solo-steps li").first).to_contain_text("Elisabeth draws instruction card")
    shoot(phone, "solo-03-elisabeth-round-2")


@pytest.mark.parametrize("entrance, shows", [("toll_bridge_hotel", "cogwheels on the action spaces"),
                                             ("nine_stars_inn", "on the stars track"),
                                             ("sushi_resort", "queue guest"),
                                             ("hautel_couture", "rooms reserved")])
def test_a_round_against_each_solo_entrance_through_the_page(phone: Page, server, shoot, entrance, shows):
    game_id = start_on_the_page(phone, "grand_austria", ["Anna"], "digital", ("unique_hotels",), solo="easy",
                                bot_entrance=entrance)
    state = play_on_the_page(phone, server, game_id, 6, lambda state: state["round"] == 2)
    assert state["solo"]["entrance"]["entrance"] == entrance
    assert state["hotel_entrances"]["owners"]["Anna"]
    phone.reload()
    line = phone.locator(f".view .solo-panel .solo-entrance[data-entrance='{entrance}']")
    expect(line).to_contain_text(shows)
    shoot(phone, f"solo-04-{entrance}-round-2")

"""Grand Austria Hotel with module 5 "Would You Like Some More?" on the
scorekeeper's page: the new Emperor tiles and objectives in words, each
player's bell staff with its state (waiting; met: take the reward or decline,
tapped on the card; taken: face down), objective 182's personal pile; the rest
of the round is recorded and the page shows round 2."""
from __future__ import annotations

import random
import re

import pytest
from grand_austria_rounds import finish_round, post, state_of
from playwright.sync_api import Page, expect

from test_touch_targets import assert_big_enough

pytestmark = pytest.mark.browser

OPENING = [
    {"type": "setup", "objectives": [180, 181, 182], "emperor_tiles": ["A6", "B6", "C6"],
     "queue": [49, 63, 77, 91, 50], "start_player": "Anna",
     "hands": {"Anna": [170, 168, 1, 5, 9, 13], "Beth": [2, 6, 10, 14, 22, 28]}},
    {"type": "take_guest", "seat": "Beth", "position": 1}, {"type": "reveal_guest", "card": 64},
    {"type": "take_guest", "seat": "Anna", "position": 1}, {"type": "reveal_guest", "card": 65},
    *[{"type": "prepare_room", "seat": s, "room": r} for s in ("Beth", "Anna") for r in ("1.1", "1.2", "1.3")],
    {"type": "roll", "dice": [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]},
    # Anna hires the Sommelier (bell: a die showing 2 -> 2 dishes or drinks of choice)
    {"type": "take_die", "seat": "Anna", "value": 5}, {"type": "hire", "seat": "Anna", "staff": 170},
]
UNTIL_MET = [
    {"type": "end_turn", "seat": "Anna"},
    {"type": "take_die", "seat": "Beth", "value": 1}, {"type": "choose_items", "seat": "Beth", "items": {"strudel": 2}},
    {"type": "end_turn", "seat": "Beth"},
    {"type": "take_die", "seat": "Beth", "value": 3}, {"type": "decline", "seat": "Beth"},
    {"type": "end_turn", "seat": "Beth"},
    {"type": "take_die", "seat": "Anna", "value": 2}, {"type": "choose_items", "seat": "Anna", "items": {"wine": 2}},
]


def shown(page: Page, game_id: str, version: int) -> None:
    page.goto(f"/#/game/{game_id}")
    page.reload()
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_be_attached()


def test_a_module_5_round_on_the_page(phone: Page, server, shoot):
    page = phone
    created = page.request.post(f"{server}/api/games", data={
        "game": "grand_austria", "players": ["Anna", "Beth"], "mode": "table", "options": {"modules": ["more"]}}).json()
    game_id, token = created["id"], created["tokens"]["scorekeeper"]
    for move in OPENING:
        answer = post(page, server, game_id, token, move)
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem(`tablelog:tokens:${id}`, "
                  "JSON.stringify({scorekeeper: token, seats: {}}))", [game_id, token])
    shown(page, game_id, answer["version"])
    # the new tiles and objectives in words
    tiles = page.locator(".view .emperor-objectives .chip.tile")
    expect(tiles.nth(0)).to_have_attribute("title", "3+: 2 krones, a dish or drink of your choice · 0: pay 2 krones "
                                                     "and return a dish or drink, else lose 5 VP")
    expect(tiles.nth(2)).to_have_attribute("title", re.compile(r"^3\+: 5 VP per objective marker · 0: lose all your "
                                                                r"money, .*kitchen"))
    expect(page.locator(".view .objectives li[data-objective='182']")).to_contain_text("3 or more items")
    expect(page.locator(".ga-player[data-seat='Anna'] .large-order-pile")).to_contain_text("Objective 182 pile")
    bell = page.locator(".ga-player[data-seat='Anna'] .bells .chip.bell").first
    expect(bell).to_have_attribute("data-status", "waiting")
    expect(bell).to_contain_text("take a die showing 2: 2 dishes or drinks of your choice")
    shoot(page, "more-01-bell-waiting")
    # the requirement is met on Anna's next turn: the card offers its reward, tapped on the card
    for move in UNTIL_MET:
        answer = post(page, server, game_id, token, move)
    shown(page, game_id, answer["version"])
    expect(bell).to_have_attribute("data-status", "offered")
    expect(bell.locator("button.bell-move")).to_have_count(2)
    assert_big_enough(page)
    shoot(page, "more-02-bell-met")
    bell.locator("button.bell-move[data-move='take_bell_reward']").click()
    expect(bell).to_have_attribute("data-status", "face_down")
    expect(bell).to_contain_text("taken · face down")
    expect(page.locator(".ga-player[data-seat='Anna'] .staff .staff-card.used")).to_contain_text("Sommelier (face down)")
    expect(page.locator(".log-list > li").first).to_contain_text("Anna takes the reward of Sommelier")
    state = state_of(page, server, game_id)
    assert state["pending"][0]["step"] == "any_items" and state["bells"]["Anna"][0]["status"] == "face_down"
    shoot(page, "more-03-bell-face-down")
    # the rest of the round (quiet moves, the table's draws as digital mode makes them)
    answer = finish_round(page, server, game_id, token, ["more"], 5)
    shown(page, game_id, answer["version"])
    expect(page.locator(".view .round")).to_contain_text("Round 2")
    expect(bell).to_have_attribute("data-status", "face_down")


@pytest.mark.slow
def test_a_round_with_modules_1_4_and_5_tapped_on_the_players_pages(desktop: Page, browser, server, shoot):
    """Digital mode (the service rolls, deals and lays out): every move of
    round 1 tapped among the offered choices on the acting player's page."""
    from test_grand_austria_start_player_page import players_phones, tap_a_move
    from starting import start_on_the_page
    page = desktop
    players = ["Ann", "Ben", "Cid"]
    game_id = start_on_the_page(page, "grand_austria", players, "digital", ("more", "ballrooms", "start_player"))
    rng = random.Random(11)
    with players_phones(browser, page, players) as phones:
        while state_of(page, server, game_id)["round"] == 1:
            tap_a_move(phones, server, game_id, rng)
    state = state_of(page, server, game_id)
    assert state["round"] == 2 and state["modules"] == ["more", "ballrooms", "start_player"]
    page.reload()
    expect(page.locator(".view .round")).to_contain_text("Round 2")
    expect(page.locator(".view .ballrooms .ballroom")).to_have_count(3)
    shoot(page, "more-04-modules-1-4-5-round-2")

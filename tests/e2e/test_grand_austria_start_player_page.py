"""Grand Austria Hotel with module 4 "Start Player" through the scorekeeper's
page: the module chosen among the options, the skeleton key on the action
board extension (tapped there), the new turn-order tiles on each player,
a whole 2-player game and a full 4-player round played by tapping the
offered choices (digital mode: the service rolls and deals; each move is
tapped on the acting player's own page, opened from the link the
scorekeeper's page hands out: the scorekeeper's page is the table and
records nobody's move while it hides a hand)."""
from __future__ import annotations

import json
import random
import urllib.request
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, expect

from starting import start_on_the_page, tap_until_recorded, version

pytestmark = pytest.mark.browser

QUIET = ("pass", "decline", "end_turn")


def start_with_module_4(page: Page, players: list[str]) -> str:
    """A digital game with modules ["start_player"], started on the page; its id."""
    return start_on_the_page(page, "grand_austria", players, "digital", ("start_player",))


def state_of(server: str, game_id: str) -> dict:
    with urllib.request.urlopen(f"{server}/api/games/{game_id}/state") as answer:
        return json.load(answer)


@contextmanager
def players_phones(browser, page: Page, players: list[str]):
    """Each player's own page, from the links the scorekeeper's page shows once."""
    contexts, phones = [], {}
    try:
        for seat in players:
            link = page.locator(f".player-links a[data-seat='{seat}']").get_attribute("href")
            context = browser.new_context(viewport=page.viewport_size, is_mobile=True, has_touch=True)
            contexts.append(context)
            phones[seat] = context.new_page()
            phones[seat].goto(link)
            expect(phones[seat].locator(".seat-page")).to_contain_text(f"You are {seat}")
        yield phones
    finally:
        for context in contexts:
            context.close()


def acting_phone(phones: dict, server: str, game_id: str) -> Page:
    """The acting player's page once it shows the game as it is now: each
    page follows by itself (it asks every 0.8 s whether the game moved on),
    as a phone at the table does; no reload."""
    with urllib.request.urlopen(f"{server}/api/games/{game_id}") as answer:
        now = json.load(answer)
    page = phones[now["expected"]["seats"][0]]
    expect(page.locator(f".game-head[data-rendered='{now['version']}']")).to_be_attached()
    return page


def tap_a_move(phones: dict, server: str, game_id: str, rng: random.Random) -> None:
    """On the acting player's page, tap the chips of one offered move group,
    a doing move rather than a quiet one most of the time, until the move is recorded."""
    page = acting_phone(phones, server, game_id)
    before = version(page)
    groups = page.locator(".chooser section.move-group")
    kinds = [groups.nth(i).get_attribute("data-move") for i in range(groups.count())]
    busy = [i for i, kind in enumerate(kinds) if kind not in QUIET]
    group = groups.nth(rng.choice(busy if busy and rng.random() < 0.85 else range(len(kinds))))
    tap_until_recorded(page, group, rng, before)


def test_the_key_on_the_action_board_and_the_new_tiles(phone: Page, browser, server, shoot):
    game_id = start_with_module_4(phone, ["Ann", "Ben"])
    rng = random.Random(2)
    with players_phones(browser, phone, ["Ann", "Ben"]) as phones:
        while state_of(server, game_id)["phase"] != "turns":
            tap_a_move(phones, server, game_id, rng)
        key_turn(acting_phone(phones, server, game_id), server, game_id, shoot)


def key_turn(page: Page, server: str, game_id: str, shoot) -> None:
    key = page.locator(".view .action-board .key-extension")
    expect(key).to_contain_text("key on the board")
    tiles = {seat: p["turn_order"] for seat, p in state_of(server, game_id)["players"].items()}
    assert sorted(tiles.values()) == [[1, 3], [2, 4]]
    shoot(page, "grand-austria-m4-01-key-on-the-board")
    seat = state_of(server, game_id)["turn"]["seat"]
    v = version(page)
    key.locator("button.key-move[data-key-action='4']").click()
    expect(page.locator(f".game-head:not([data-version='{v}'])")).to_be_visible()
    expect(key).to_contain_text(f"key: {seat}")
    expect(page.locator(f".view .ga-player[data-seat='{seat}'] .key-holder")).to_be_visible()
    expect(page.locator(".log-list > li").first).to_contain_text(f"{seat} takes the skeleton key")
    shoot(page, "grand-austria-m4-02-key-taken")


@pytest.mark.slow
def test_a_whole_2_player_game_through_the_page(phone: Page, browser, server):
    page = phone
    game_id = start_with_module_4(page, ["Ann", "Ben"])
    rng = random.Random(7)
    with players_phones(browser, page, ["Ann", "Ben"]) as phones:
        for _ in range(1500):
            if state_of(server, game_id)["finished"]:
                break
            tap_a_move(phones, server, game_id, rng)
    final = state_of(server, game_id)
    assert final["finished"] and final["winners"] and final["modules"] == ["start_player"]
    expect(page.locator(".view .ga-player.winner")).not_to_have_count(0)


def test_a_full_4_player_round_through_the_page(desktop: Page, browser, server, shoot):
    page = desktop
    players = ["Ann", "Ben", "Cid", "Dora"]
    game_id = start_with_module_4(page, players)
    rng = random.Random(4)
    money = None
    with players_phones(browser, page, players) as phones:
        while state_of(server, game_id)["round"] == 1:
            state = state_of(server, game_id)
            if money is None and state["phase"] == "initial_guests":
                order = sorted(players, key=lambda s: state["players"][s]["turn_order"][0])
                money = [state["players"][s]["krones"] for s in order]
            tap_a_move(phones, server, game_id, rng)
    page.reload()
    assert money == [9, 10, 11, 12]
    state = state_of(server, game_id)
    assert state["round"] == 2 and state["skeleton_key"] is None
    assert sorted(p["turn_order"] for p in state["players"].values()) == [[1, 5], [2, 6], [3, 7], [4, 8]]
    expect(page.locator(".view .action-board .key-extension")).to_contain_text("key on the board")
    shoot(page, "grand-austria-m4-03-round-2")

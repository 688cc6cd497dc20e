"""Grand Austria Hotel at the table: the round's roll is entered by tapping
each die's face, whatever cards the staff hands hold. The dice are die faces
because the vocabulary says so, not because staff cards 1-6 share their
numbers: hands holding cards 1-6 take nothing away from the dice. And the
round's log reads in words."""
from __future__ import annotations

import re

import pytest
from grand_austria_rounds import finish_round, table_game_on_the_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SETUP = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
         "queue": [84, 49, 68, 50, 91], "start_player": "Ann",
         "hands": {"Ann": [1, 2, 3, 4, 5, 6], "Ben": [7, 8, 9, 10, 11, 12]}}
BEFORE_THE_ROLL = [
    {"type": "take_guest", "seat": "Ben", "position": 1}, {"type": "reveal_guest", "card": 59},
    {"type": "take_guest", "seat": "Ann", "position": 1}, {"type": "reveal_guest", "card": 90},
    *[{"type": "prepare_room", "seat": seat, "room": room} for seat in ("Ben", "Ann") for room in ("1.1", "1.2", "1.3")],
]
ROLLED = [6, 1, 2, 3, 4, 5, 6, 1, 2, 3]


def test_the_roll_offers_six_faces_per_die_after_hands_holding_cards_one_to_six(phone: Page, server, shoot):
    page = phone
    game_id, token = table_game_on_the_page(page, server, ["Ann", "Ben"], {}, [SETUP, *BEFORE_THE_ROLL])
    form = page.locator("form[data-move='roll']")
    heading = form.locator("h3")
    expect(heading).to_have_text("Roll: tap the face each die shows")
    dice = form.locator(".die-row")
    expect(dice).to_have_count(len(ROLLED))
    for die in range(len(ROLLED)):
        faces = dice.nth(die).locator("button.chip")
        expect(faces).to_have_count(6)
        expect(faces.locator(".die")).to_have_text(["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"])
    # No staff card among the dice, though Ann holds cards 1-6.
    expect(form.locator(".catalog-card, .named-card")).to_have_count(0)
    shoot(page, "grand-austria-roll-at-the-table")
    for die, face in enumerate(ROLLED):
        dice.nth(die).locator(f"button.chip[data-value='{face}']").click()
    form.get_by_role("button", name="record roll").click()
    expect(form).to_have_count(0)
    log = page.request.get(f"{server}/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"}).json()
    assert log["entries"][-1]["move"] == {"type": "roll", "dice": ROLLED}


def test_a_round_at_the_table_is_logged_in_words(phone: Page, server):
    """Setup, the queue's draws, guests taken, rooms prepared, the roll, passes,
    rerolls, the dustbin and the round's end: each entry a sentence, no key
    listed beside its value ("seat Ann; number 1", "dice left 9", "boost false")."""
    page = phone
    game_id, token = table_game_on_the_page(page, server, ["Ann", "Ben"], {}, [SETUP, *BEFORE_THE_ROLL])
    finish_round(page, server, game_id, token, [], 3)
    page.reload()
    entries = page.locator(".log-list > li")
    expect(entries.first).to_contain_text("Round 2 begins, Ben starts")
    kinds = {entry["move"]["type"] for entry in page.request.get(
        f"{server}/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"}).json()["entries"]}
    assert kinds == {"setup", "reveal_guest", "take_guest", "prepare_room", "roll", "pass", "reroll"}
    lines = [text for text in entries.evaluate_all(
        "els => els.flatMap((li) => [li.querySelector('.log-move'), ...li.querySelectorAll('.facts > li')]"
        ".map((el) => el.textContent))")]
    keyed = [line for line in lines if re.search(r" · | — |; |\b(seat|number|dice left|why|boost) [\w\d]", line)]
    assert not keyed, keyed
    expect(entries.filter(has_text="The table sets up: the queue holds Court Counsellor")).to_have_count(1)
    expect(entries.filter(has_text="Ann passes with turn-order tile 1")).not_to_have_count(0)

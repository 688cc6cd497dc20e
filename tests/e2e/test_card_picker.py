"""Grand Austria Hotel's cards are picked by
name and what they show (colour, order, VP, reward; staff cost and effect),
searchable, from the catalog endpoint; a card already in play is not offered."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_other_games import after_move, start, version

pytestmark = pytest.mark.browser


def test_grand_austria_guests_and_staff_by_name_cards_in_play_not_offered(phone: Page):
    page = phone
    start(page, "grand_austria", ["Ann", "Ben"], "table")
    form = page.locator("form[data-move='setup']")
    for number in (105, 109, 113):
        form.locator(f".field[data-field='objectives'] button[data-value='{number}']").click()
    for tile in ("A1", "B3", "C1"):
        form.locator(f".field[data-field='emperor_tiles'] button[data-value='{tile}']").click()
    queue = form.locator(".field[data-field='queue']")
    # Found by name, accents and case aside; the card says what it shows.
    queue.get_by_label("find a card by name").fill("SCULP")
    shown = queue.locator(".chips button:visible")
    expect(shown).to_have_count(1)
    expect(shown).to_contain_text("Sculptor")
    expect(shown).to_contain_text("yellow · wine · 0 VP")
    shown.click()
    queue.get_by_label("find a card by name").fill("")
    for number in range(50, 54):
        queue.locator(f"button[data-value='{number}']").click()
    form.locator(".field[data-field='start_player'] button[data-value='Ben']").click()
    hands = form.locator(".field[data-field='hands']")
    hands.get_by_role("button", name="add hands").click()
    expect(hands.locator(".entry[data-key='Ann'] button[data-value='1']")).to_contain_text(" K · ")
    for seat, cards in (("Ann", range(1, 7)), ("Ben", range(7, 13))):
        for number in cards:
            hands.locator(f".entry[data-key='{seat}'] button[data-value='{number}']").click()
    v = version(page)
    form.get_by_role("button", name="record setup").click()
    v = after_move(page, v)
    page.locator("section.move-group[data-move='take_guest'] .group-body button").first.click()
    v = after_move(page, v)
    reveal = page.locator("form[data-move='reveal_guest']")
    expect(reveal).to_be_visible()
    # The five guests of the setup are in play (the queue, a café): none is offered.
    for number in range(49, 54):
        expect(reveal.locator(f"button[data-value='{number}']")).to_have_count(0)
    expect(reveal.locator("button[data-value='54']")).to_be_visible()

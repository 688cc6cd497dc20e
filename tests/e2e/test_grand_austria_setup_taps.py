"""Grand Austria Hotel's setup at the table is tapped from what is printed:
objectives, Emperor tiles, the queue's guests, the ballrooms by name and the
rehearsal boards (module 1), the lounge's celebrities (module 2), one staff
hand the scorekeeper saw and the others left unseen. Three players with
modules 1 and 2 take at most 35 taps from the empty game to the first
guest taken; the count is of taps, not of time."""
from __future__ import annotations

import pytest
from grand_austria_rounds import table_game_on_the_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

MOST_TAPS = 35


def test_a_three_player_setup_with_modules_one_and_two_in_at_most_35_taps(phone: Page, server, shoot):
    page = phone
    game_id, token = table_game_on_the_page(page, server, ["Ann", "Ben", "Cid"],
                                            {"modules": ["ballrooms", "celebrities"]}, [])
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.click()
        taps += 1

    form = page.locator("form[data-move='setup']")
    field = lambda name: form.locator(f".field[data-field='{name}']")  # noqa: E731
    for number in (105, 109, 113):
        tap(field("objectives").locator(f"button.chip[data-value='{number}']"))
    for tile in ("A1", "B1", "C1"):
        tap(field("emperor_tiles").locator(f"button.chip[data-value='{tile}']"))
    for guest in (84, 49, 68, 50, 91):
        tap(field("queue").locator(f"button.chip[data-value='{guest}']"))
    tap(field("start_player").locator("button.chip[data-value='Cid']"))
    tap(field("hands").get_by_role("button", name="add hands"))
    ann = field("hands").locator(".entry[data-key='Ann']")
    for card in (1, 2, 3, 4, 5, 6):
        tap(ann.locator(f"button.chip[data-value='{card}']"))
    # Ben's and Cid's hands were not seen: nothing tapped is "unseen".
    expect(field("hands").locator(".entry[data-key='Ben'] .count")).to_have_text("none tapped: unseen")
    tap(field("ballrooms").get_by_role("button", name="add ballrooms"))
    for name in ("Apollosaal", "Zum Sperl", "Odeonsaal"):
        tap(field("ballrooms").locator(f"button.chip[data-value='{name}']"))
    tap(field("rehearsal_boards").get_by_role("button", name="add rehearsal boards"))
    for board in ("R1", "R2", "R3"):
        tap(field("rehearsal_boards").locator(f"button.chip[data-value='{board}']"))
    shoot(page, "grand-austria-setup-by-taps")
    tap(form.get_by_role("button", name="record setup"))
    expect(form).to_have_count(0)
    state = page.request.get(f"{server}/api/games/{game_id}/state").json()
    assert [room["name"] for room in state["ballrooms"]] == ["Apollosaal", "Zum Sperl", "Odeonsaal"]
    assert state["players"]["Ann"]["hand_size"] == 6 and state["players"]["Ben"]["hand_size"] == 6
    while page.locator("section.move-group[data-move='choose_rehearsal']").count() or not page.locator(
            "form[data-move='lay_out_lounge']").count():
        before = page.locator(".game-head").get_attribute("data-version")
        tap(page.locator("section.move-group[data-move='choose_rehearsal'] .chips button.chip").first)
        expect(page.locator(f".game-head[data-rendered='{before}']")).to_have_count(0)
    lounge = page.locator("form[data-move='lay_out_lounge']")
    for i in range(3):
        tap(lounge.locator(".list > .chips button.chip:not(.chosen)").first)
    tap(lounge.get_by_role("button", name="record lay out lounge"))
    expect(page.locator("section.move-group[data-move='take_guest']")).to_have_count(1)
    assert taps <= MOST_TAPS, taps

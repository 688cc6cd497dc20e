"""A full round of each game recorded through the page at
a phone. Willi's round (test_willi_page) and a whole Wiener Walzer game
(test_whole_game) are entered at the table; here Vienna and Grand Austria
Hotel are played digitally, a round through, each move on the acting
player's own page, while the scorekeeper's page (the table) follows."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_other_games import start

pytestmark = pytest.mark.browser

TAP = ("section.move-group .group-body > .chips button:not(.unavailable), "
       "section.move-group .board button.selectable, section.move-group .vpick button.selectable, "
       ".view button.room.selectable")


def summary(page: Page, server: str, game: str) -> dict:
    return page.request.get(f"{server}/api/games/{game}").json()


def state(page: Page, server: str, game: str) -> dict:
    return page.request.get(f"{server}/api/games/{game}/state").json()


def play_a_round(browser, page: Page, server: str, players: list[str]) -> None:
    game = page.url.rsplit("/", 1)[-1]
    links = {seat: page.locator(f".player-links a[data-seat='{seat}']").get_attribute("href") for seat in players}
    contexts, phones = [], {}
    try:
        for seat, link in links.items():
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            contexts.append(context)
            phones[seat] = context.new_page()
            phones[seat].goto(link)
            expect(phones[seat].locator(".seat-page")).to_contain_text(f"You are {seat}")
        first_round = state(page, server, game)["round"]
        for _ in range(300):
            now = summary(page, server, game)
            if state(page, server, game)["round"] > first_round or now["finished"]:
                break
            seat = now["expected"]["seats"][0]
            phone = phones[seat]
            # No reload: the phone follows by itself (it asks every 0.8 s whether the game moved on).
            expect(phone.locator(f".game-head[data-rendered='{now['version']}']")).to_be_attached()
            while summary(page, server, game)["version"] == now["version"]:
                phone.locator(TAP).first.click()
                phone.wait_for_function("() => !document.querySelector('.move-group.busy')")
        else:
            raise AssertionError("the round does not end")
    finally:
        for context in contexts:
            context.close()
    assert state(page, server, game)["round"] == first_round + 1
    # The table's page caught up by itself and offers nobody a move of a hidden hand.
    version = summary(page, server, game)["version"]
    expect(page.locator(f".game-head[data-version='{version}']")).to_be_attached(timeout=15_000)


@pytest.mark.parametrize(("game", "players"), [("vienna", ["Ann", "Ben", "Cid"]), ("grand_austria", ["Ann", "Ben"])])
def test_a_digital_round_on_the_players_phones(phone: Page, browser, server, game, players):
    start(phone, game, players, "digital")
    play_a_round(browser, phone, server, players)


def test_vienna_the_street_is_tapped_in_street_order(phone: Page, browser, server):
    """Vienna's fields are offered on the street, in street order."""
    start(phone, "vienna", ["Ann", "Ben", "Cid"], "digital")
    game = phone.url.rsplit("/", 1)[-1]
    links = {seat: phone.locator(f".player-links a[data-seat='{seat}']").get_attribute("href") for seat in ["Ann", "Ben", "Cid"]}
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        pages = {}
        for _ in range(20):               # the start cards, until someone is to place dice
            now = summary(phone, server, game)
            if "place" in now["expected"]["moves"]:
                break
            seat = now["expected"]["seats"][0]
            pages.setdefault(seat, context.new_page())
            player = pages[seat]
            player.goto(links[seat])
            expect(player.locator(f".game-head[data-rendered='{now['version']}']")).to_be_attached()
            player.locator(TAP).first.click()
            expect(player.locator(f".game-head[data-rendered='{now['version']}']")).to_have_count(0)
        seat = summary(phone, server, game)["expected"]["seats"][0]
        player = context.new_page()
        player.goto(links[seat])
        street = [f["field"] for f in state(phone, server, game)["board"]]
        group = player.locator(f"section.move-group[data-move='place'][data-seat='{seat}']")
        expect(group.locator(".vpick .vstreet > li")).to_have_count(len(street))
        assert [li.get_attribute("data-field") for li in group.locator(".vpick .vstreet > li").all()] == street
        version = player.locator(".game-head").get_attribute("data-version")
        group.locator(".vpick button.selectable").first.click()
        # The next step (the dice to place there), or the move itself where the field leaves one choice.
        expect(group.locator(".group-body .chips button").first
               .or_(player.locator(f".game-head:not([data-version='{version}'])"))).to_be_visible()
    finally:
        context.close()

"""In a digital game the scorekeeper's page is
the table. It shows each seat's link once with a QR code to scan, keeps no
seat's token, never shows a hidden card, and can hand a link out again or
revoke it."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from test_willi_page import start_digital_willi

pytestmark = pytest.mark.browser

CARD = re.compile(r"^[RYGB][1-9]$")


def shown_cards(page: Page) -> list[str]:
    """Every card face the page shows, in the view, the entry and the log."""
    return page.evaluate("""() => [...document.querySelectorAll('.card, [data-value]')]
        .map((el) => el.dataset.value || el.getAttribute('title') || el.textContent)""")


def test_the_scorekeeper_page_holds_no_seat_token_and_shows_no_hidden_card(phone: Page, server):
    page = phone
    game = start_digital_willi(page)
    links = page.locator(".player-links")
    expect(links).to_have_attribute("open", "")
    expect(links.locator(".seat-link")).to_have_count(4)
    expect(links.locator(".qr svg")).to_have_count(4)
    stored = json.loads(page.evaluate(f"() => localStorage.getItem('tablelog:tokens:{game}')"))
    assert stored["seats"] == {} and stored["scorekeeper"]
    # The table sees no hand: no card face anywhere, no move to tap for a player.
    expect(page.locator(".seat[data-seat='Alex'] .hand")).to_contain_text("9 cards, unseen")
    assert not [c for c in shown_cards(page) if CARD.match(c.split()[0] if c else "")]
    expect(page.locator("section.move-group")).to_have_count(0)
    expect(page.locator(".record .waiting")).to_contain_text("on their own page")
    # Shown once: opened again, the page has no link to show, only new ones to hand out.
    page.reload()
    expect(page.locator(".player-links .qr")).to_have_count(0)
    expect(page.locator(".player-links .seat-link[data-seat='Alex']")).to_contain_text("link handed out")


def test_a_new_link_for_a_seat_and_a_revoked_one(phone: Page, browser, server):
    page = phone
    game = start_digital_willi(page)
    old = page.locator(".player-links a[data-seat='Joe']").get_attribute("href")
    joe_row = page.locator(".player-links .seat-link[data-seat='Joe']")
    joe_row.get_by_role("button", name="new link").click()
    new_link = joe_row.locator("a[data-seat='Joe']")
    expect(new_link).not_to_have_attribute("href", old)
    expect(joe_row.locator(".qr svg")).to_have_count(1)
    old_token = old.rsplit("/", 1)[-1]
    refused = page.request.get(f"{server}/api/games/{game}/state?seat=Joe",
                               headers={"Authorization": f"Bearer {old_token}"})
    assert refused.status == 403
    newer = new_link.get_attribute("href").rsplit("/", 1)[-1]
    joe_row.get_by_role("button", name="revoke").click()
    expect(joe_row).to_contain_text("link revoked")
    revoked = page.request.get(f"{server}/api/games/{game}/state?seat=Joe", headers={"Authorization": f"Bearer {newer}"})
    assert revoked.status == 403
    log = page.request.get(f"{server}/api/games/{game}/export?format=jsonl").text()
    assert log.count('"SeatLinkChanged"') == 2


def seat_tokens(page: Page) -> dict[str, str]:
    """Each seat's token, from the links the table's page shows."""
    links = page.locator(".player-links a[data-seat]")
    expect(links).to_have_count(4)
    return {links.nth(i).get_attribute("data-seat"): links.nth(i).get_attribute("href").rsplit("/", 1)[-1]
            for i in range(4)}


def discard(page: Page, server: str, game: str, seat: str, token: str) -> None:
    auth = {"Authorization": f"Bearer {token}"}
    hand = page.request.get(f"{server}/api/games/{game}/legal-moves", headers=auth).json()["moves"]
    assert page.request.post(f"{server}/api/games/{game}/moves", data={"move": hand[0]}, headers=auth).status == 201


def test_the_links_fold_away_at_the_first_move_and_come_back_only_when_asked(phone: Page, server):
    page = phone
    game = start_digital_willi(page)
    tokens = seat_tokens(page)
    expect(page.locator(".player-links .qr svg")).to_have_count(4)
    discard(page, server, game, "Alex", tokens["Alex"])
    # The table's phone follows by itself: at Alex's move every link and code is gone.
    expect(page.locator(".player-links .qr")).to_have_count(0)
    expect(page.locator(".player-links a[data-seat]")).to_have_count(0)
    expect(page.locator(".player-links")).not_to_have_attribute("open", "")
    page.locator(".player-links summary").click()
    expect(page.locator(".player-links .seat-link[data-seat='Joe']")).to_contain_text("folded away")
    page.get_by_role("button", name="show links again").click()
    expect(page.locator(".player-links .qr svg")).to_have_count(4)


def test_a_players_page_offers_only_that_seats_moves(phone: Page, server):
    """While Joe is to play and Alex may only call Meinz, Alex's page offers
    Alex's Meinz and nothing of Joe's: no form with a seat to pick."""
    page = phone
    created = page.request.post(f"{server}/api/games", data={
        "game": "willi", "players": ["Alex", "Joe", "Gunter", "Hanna"], "mode": "digital", "seed": 5}).json()
    game, tokens = created["id"], created["tokens"]["seats"]
    for _ in range(40):
        expected = page.request.get(f"{server}/api/games/{game}").json()["expected"]["seats"]
        options = {seat: page.request.get(f"{server}/api/games/{game}/legal-moves",
                                          headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["moves"]
                   for seat in expected}
        only_meinz = [seat for seat, moves in options.items() if moves and {m["type"] for m in moves} == {"meinz"}]
        if only_meinz:
            break
        seat = expected[0]
        move = next(m for m in options[seat] if m["type"] != "meinz")
        assert page.request.post(f"{server}/api/games/{game}/moves", data={"move": move},
                                 headers={"Authorization": f"Bearer {tokens[seat]}"}).status == 201
    else:
        raise AssertionError("nobody came to call Meinz only")
    seat = only_meinz[0]
    page.goto(f"/#/game/{game}/as/{seat}/{tokens[seat]}")
    expect(page.locator(".seat-page")).to_contain_text(f"You are {seat}")
    expect(page.locator("header.top")).to_contain_text(f"{seat}'s own page")
    expect(page.locator(f".record section.move-group[data-move='meinz'][data-seat='{seat}']")).to_have_count(1)
    expect(page.locator(".record section.move-group")).to_have_count(1)
    expect(page.locator(".record form")).to_have_count(0)

"""The page in German as well as English, the browser's
language by default, a switch in the header; page words and the rules'
refusals from the service's one message catalog."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE, open_page
from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser

UNSEEN = {"type": "deal", "hands": {seat: None for seat in ("Alex", "Joe", "Gunter", "Hanna")}}


@pytest.fixture
def german_phone(browser, server, request):
    """A phone whose browser speaks Austrian German."""
    yield from open_page(browser, server, request, PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                         locale="de-AT")


def test_a_german_browser_gets_the_german_page_and_can_switch(german_phone: Page, server, shoot):
    page = german_phone
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("link", name="Partie starten")).to_be_visible()
    expect(page.get_by_role("heading", name="Partien")).to_be_visible()
    page.get_by_role("link", name="Partie starten").click()
    expect(page.get_by_role("heading", name="Partie starten")).to_be_visible()
    expect(page.get_by_label("Spieler 1", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Starten", exact=True)).to_be_visible()

    game_id, token = game_at(page, server, [UNSEEN, {"type": "discard", "seat": "Alex", "card": "B1"}], 2)
    open_game(page, game_id, token)
    expect(page.get_by_role("button", name="↶ Rückgängig")).to_be_visible()
    expect(page.locator(".undo-what")).to_contain_text("Rückgängig nimmt Zug 2 zurück:")
    expect(page.get_by_role("heading", name="Protokoll")).to_be_attached()
    # Willi's own view and its log speak German too.
    expect(page.locator(".view p.round")).to_contain_text("Runde 1 von 8 · Alex spielt aus · ablegen")
    expect(page.locator(".view .seat[data-seat='Joe']")).to_contain_text("9 Karten, ungesehen")
    expect(page.locator(".log-list > li").last).to_contain_text("Der Tisch gibt (Blätter ungesehen)")
    expect(page.locator(".log-list small.by").first).to_contain_text("eingetragen von")
    # A refusal in the rule's words, in German: the page asks the engine's check in its language.
    joe = page.locator("section.move-group[data-move='discard'][data-seat='Joe']")
    joe.locator("button.unavailable[data-greyed='B1']").click()
    expect(joe.locator(".problem")).not_to_be_empty()
    said = joe.locator(".problem").text_content()
    english = page.request.post(f"{server}/api/games/{game_id}/check", headers={"Authorization": f"Bearer {token}"},
                                data={"move": {"type": "discard", "seat": "Joe", "card": "B1"}}).json()["message"]
    german = page.request.post(f"{server}/api/games/{game_id}/check",
                               headers={"Authorization": f"Bearer {token}", "Accept-Language": "de"},
                               data={"move": {"type": "discard", "seat": "Joe", "card": "B1"}}).json()["message"]
    assert said == german != english
    shoot(page, "german-willi")

    # The switch: English now, and it stays English on the next visit.
    page.locator("header.top button.language").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="↶ Undo")).to_be_visible()
    expect(page.locator("header.top button.language")).to_have_text("Deutsch")
    page.reload()
    expect(page.get_by_role("button", name="↶ Undo")).to_be_visible()
    page.locator("header.top button.language").click()
    expect(page.get_by_role("button", name="↶ Rückgängig")).to_be_visible()


def test_an_english_browser_gets_the_english_page(phone: Page):
    phone.goto("/")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("link", name="Start a game")).to_be_visible()
    expect(phone.locator("header.top button.language")).to_have_text("Deutsch")


def test_wiener_walzers_setup_in_german(german_phone: Page, server):
    page = german_phone
    created = page.request.post(f"{server}/api/games", data={"game": "wiener_walzer", "players": ["Ann", "Ben"]}).json()
    open_game(page, created["id"], created["tokens"]["scorekeeper"])
    expect(page.locator(".view p.round")).to_contain_text("Der Plan ist noch auszulegen.")
    expect(page.get_by_role("heading", name="Aufbau: Tippe auf ein Feld, dann auf das, was darauf liegt")).to_be_visible()
    expect(page.locator("form[data-move='setup']")).to_contain_text("goldenen Feldern")

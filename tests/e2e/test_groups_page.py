"""A group on the page: another phone joins by the invite link (its QR code
shown) and sees the group's games; a share link opens the game in a fresh
browser that belongs to no group."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE

pytestmark = pytest.mark.browser
ELSEWHERE = {"X-Forwarded-For": "192.0.2.20"}
"""Another phone: a request a proxy forwarded is never taken for the service's own machine."""


def test_a_phone_joins_by_the_invite_link_and_a_share_link_opens_the_game(phone: Page, browser, server):
    game = phone.request.post(f"{server}/api/games", data={"game": "willi", "players": ["Ida", "Jon", "Kai", "Liv"]}
                              ).json()["id"]
    phone.goto("/")
    phone.get_by_role("button", name="Invite a phone").click()
    expect(phone.locator(".invite .qr svg")).to_be_visible()
    invite = phone.locator(".invite .link a").get_attribute("href")
    other = browser.new_context(viewport=PHONE, base_url=server, extra_http_headers=ELSEWHERE)
    try:
        second = other.new_page()
        second.goto("/")
        expect(second.locator("p.problem")).to_contain_text("no group yet")
        second.goto(invite)
        expect(second.locator(".notice")).to_contain_text("joined the group")
        expect(second.locator(f"li[data-game='{game}']")).to_be_visible()
        second.goto(f"/#/game/{game}")
        second.locator(".record-tools summary").click()
        second.get_by_role("button", name="share (read only)").click()
        expect(second.locator(".record-tools .qr svg")).to_be_visible()
        shared = second.locator(".record-tools .link a").get_attribute("href")
    finally:
        other.close()
    fresh = browser.new_context(viewport=PHONE, base_url=server, extra_http_headers=ELSEWHERE)
    try:
        outsider = fresh.new_page()
        outsider.goto(shared)
        expect(outsider).to_have_url(f"{server}/#/game/{game}")
        expect(outsider.locator(".game-head")).to_contain_text("Kai")
        expect(outsider.locator("p.problem")).to_have_count(0)
    finally:
        fresh.close()

"""Wiener Walzer's setup form does not mislead. A refusal
of an early try goes once the entries change, and a 2× or 3× tile count
belongs to its space: the next space starts at 1×, as its buttons say."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_other_games import start

pytestmark = pytest.mark.browser


def test_an_early_refusal_goes_and_a_tile_count_stays_with_its_space(phone: Page):
    page = phone
    start(page, "wiener_walzer", ["Ann", "Ben"], "table")
    form = page.locator("form[data-move='setup']")
    form.get_by_role("button", name="record setup").click()
    problem = form.locator(".problem")
    expect(problem).to_be_visible()
    form.locator(".palette .chips button:not([disabled])").first.click()
    expect(problem).to_be_hidden()
    for _ in range(5):
        form.locator(".palette .chips button:not([disabled])").first.click()
    expect(form.locator(".progress")).to_contain_text("6 of 6 gold spaces")
    first = form.locator(".board button.space.selected").get_attribute("data-space")
    form.locator(".palette button[data-count='2']").click()
    expect(form.locator(".palette button.chosen[data-count='2']")).to_be_visible()
    form.locator(".palette button[data-value='cheese']").click()
    # The next space starts at 1×, and so does what is put there.
    second = form.locator(".board button.space.selected").get_attribute("data-space")
    assert second != first
    expect(form.locator(".palette button.chosen[data-count='1']")).to_be_visible()
    form.locator(".palette button[data-value='caviar']").click()
    # Back on the first space, its own 2× shows again.
    form.locator(f".board button.space[data-space='{first}']").click()
    expect(form.locator(".palette button.chosen[data-count='2']")).to_be_visible()
    form.locator(f".board button.space[data-space='{second}']").click()
    expect(form.locator(".palette button.chosen[data-count='1']")).to_be_visible()

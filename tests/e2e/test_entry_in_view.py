"""After a big deal form or an undo the next entry is in
view (not the chart or the log), below the sticky line that says whose turn it is."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_willi_page import enter_deal, start_willi

pytestmark = pytest.mark.browser

IN_VIEW = """() => {
  const entry = document.querySelector('.record section.move-group, .record form.move-form');
  const sticky = document.querySelector('.status').getBoundingClientRect().bottom;
  const r = entry.getBoundingClientRect();
  return r.top >= sticky - 1 && r.top < window.innerHeight - 60;
}"""


def test_the_next_entry_comes_into_view_after_the_deal_and_after_an_undo(phone: Page, shoot):
    page = phone
    start_willi(page, shoot)
    enter_deal(page, shoot)
    expect(page.locator("section.move-group[data-move='discard']").first).to_be_visible()
    page.wait_for_function(IN_VIEW)
    page.locator("section.move-group[data-move='discard'] .group-body > .chips button").first.click()
    expect(page.locator(".log-list > li")).to_have_count(2)
    page.wait_for_function(IN_VIEW)
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")     # down to the log
    page.locator(".controls button.undo").click()
    expect(page.locator(".log-list > li.undone")).to_have_count(1)
    page.wait_for_function(IN_VIEW)

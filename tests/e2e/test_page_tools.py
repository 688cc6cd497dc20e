"""A deal typo found ten plays later is one
"take back to here" on that move of the log (asked first); a tap on a log line replays the
game to it; and the page has what the API has: fork "what if" from a move,
comments, export (text and JSON Lines) and the audit."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from service.ops.bench import willi_game
from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser


def rendered(page: Page, server: str, game_id: str) -> int:
    version = page.request.get(f"{server}/api/games/{game_id}").json()["version"]
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_be_attached()
    return version


def line(page: Page, number: int):
    return page.locator(f".log-list > li[data-index='{number}']")


def opened_at(page: Page, server, seed: int, moves: int) -> str:
    """A Willi game of ``seed`` brought to ``moves`` moves through the API and open on the page; its id."""
    game_id, token = game_at(page, server, willi_game(seed), moves)
    open_game(page, game_id, token)
    rendered(page, server, game_id)
    return game_id


def test_take_back_to_the_deal_ten_plays_later(phone: Page, server):
    page = phone
    game_id = opened_at(page, server, 4, 12)
    asked = []
    page.on("request", lambda r: asked.append((r.method, r.url, r.headers.get("idempotency-key")))
            if r.method == "POST" else None)
    # A tap on the deal's line replays the game to it and offers the tools.
    line(page, 1).locator("button.log-move").click()
    expect(page.locator(".status")).to_contain_text("Replay, after move 1")
    expect(line(page, 1)).to_have_class("here chosen")
    line(page, 1).locator("button.take-back").click()
    # Twelve moves struck out at once: the page asks first, and "no" leaves them.
    confirm = line(page, 1).locator(".confirm")
    expect(confirm).to_contain_text("Take back moves 1–12?")
    confirm.get_by_role("button", name="no").click()
    expect(confirm).to_be_hidden()
    assert asked == []
    line(page, 1).locator("button.take-back").click()
    confirm.get_by_role("button", name="yes, take them back").click()
    rendered(page, server, game_id)
    # One request with one Idempotency-Key took back all twelve; the log keeps them, struck through.
    assert [(m, u.rsplit("/", 1)[-1], bool(k)) for m, u, k in asked] == [("POST", "take-back", True)]
    expect(page.locator(".log-list > li.undone")).to_have_count(12)
    expect(page.locator(".status")).to_contain_text("The table: deal")
    expect(page.locator(".status")).not_to_contain_text("Replay")


def test_comment_fork_export_and_audit_from_the_page(phone: Page, server):
    page = phone
    game_id = opened_at(page, server, 5, 6)
    line(page, 3).locator("button.log-move").click()
    line(page, 3).get_by_label("comment on move 3").fill("Joe hesitated here")
    line(page, 3).get_by_role("button", name="comment").click()
    expect(line(page, 3).locator(".comments")).to_contain_text("Joe hesitated here")
    log = page.request.get(f"{server}/api/games/{game_id}/log").json()
    assert log["entries"][2]["annotations"][0]["text"] == "Joe hesitated here"

    # The record as files: the links are the API's exports.
    page.locator(".record-tools summary").click()
    for name, fmt, kind in (("export as text", "text", "text/plain"), ("export as JSON Lines", "jsonl", "ndjson")):
        href = page.get_by_role("link", name=name).get_attribute("href")
        assert href == f"/api/games/{game_id}/export?format={fmt}"
        answer = page.request.get(server + href)
        assert answer.ok and kind in answer.headers["content-type"]
    page.get_by_role("button", name="audit").click()
    expect(page.locator(".audit")).to_contain_text("The record is whole")

    # What if: a new game from move 4, opened on the page with its own tokens.
    line(page, 4).locator("button.log-move").click()
    line(page, 4).locator("button.fork").click()
    expect(page).not_to_have_url(f"{server}/#/game/{game_id}")
    forked = page.url.rsplit("/", 1)[-1]
    rendered(page, server, forked)
    expect(page.locator(".log-list > li")).to_have_count(4)
    assert page.request.get(f"{server}/api/games/{forked}").json()["forked_from"]["game"] == game_id
    origin = page.locator(".game-head .forked-from")
    expect(origin).to_contain_text("a new game from move 4 of the game it was forked from")
    assert origin.get_by_role("link").get_attribute("href") == f"#/game/{game_id}"
    expect(page.locator(".controls button.undo")).to_be_enabled()

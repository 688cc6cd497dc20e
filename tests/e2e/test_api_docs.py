"""The API's own page (/api/docs, Swagger UI) records a move: Authorize
with the scorekeeper's token (the first of the token kinds it offers), then
"Try it out" on the move request."""
from __future__ import annotations

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser


def start_vienna(server: str) -> dict:
    body = json.dumps({"game": "vienna", "players": ["Ann", "Bob", "Cid"]}).encode()
    asked = urllib.request.Request(f"{server}/api/games", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(asked) as answer:
        return json.load(answer)


def test_the_api_docs_authorize_and_record_a_move(desktop, server):
    page = desktop
    game = start_vienna(server)
    with urllib.request.urlopen(f"{server}/api/games/{game['id']}/legal-moves") as answer:
        move = json.load(answer)["moves"][0]
    page.goto("/api/docs")
    page.get_by_role("button", name="Authorize").first.click()
    page.locator(".auth-container input").first.fill(game["tokens"]["scorekeeper"])
    page.locator(".auth-btn-wrapper").first.get_by_role("button", name="Authorize").click()
    page.get_by_role("button", name="Close").first.click()
    operation = page.locator("#operations-games-recordMove")
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.locator("input[placeholder='game_id']").fill(game["id"])
    operation.locator("textarea.body-param__text").fill(json.dumps({"move": move}))
    operation.get_by_role("button", name="Execute").click()
    status = operation.locator(".live-responses-table .response .response-col_status").first
    status.wait_for()
    assert status.inner_text().strip().startswith("201"), operation.locator(".live-responses-table").inner_text()
    with urllib.request.urlopen(f"{server}/api/games/{game['id']}") as answer:
        assert json.load(answer)["moves"] == 1

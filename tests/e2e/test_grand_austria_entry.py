"""Grand Austria Hotel's entry offers what is possible now,
and the board is the input: a guest checks in by a tap on the room, the
status names only the moves possible now, and no form is offered for a move
that is not (serve, staff, objectives)."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def played_until(page: Page, server: str, wanted: str, seed: int = 3) -> tuple[str, dict, str]:
    """A digital 2-player game played by random legal moves on the players'
    tokens until ``wanted`` is legal: (game id, the seats' tokens, who may make it)."""
    created = page.request.post(f"{server}/api/games", data={"game": "grand_austria", "players": ["Ann", "Ben"],
                                                             "mode": "digital", "seed": 11}).json()
    game, seats = created["id"], created["tokens"]["seats"]
    rng = random.Random(seed)
    for _ in range(400):
        seat = page.request.get(f"{server}/api/games/{game}").json()["expected"]["seats"][0]
        auth = {"Authorization": f"Bearer {seats[seat]}"}
        moves = page.request.get(f"{server}/api/games/{game}/legal-moves", headers=auth).json()["moves"]
        if any(m["type"] == wanted for m in moves):
            return game, seats, seat
        move = rng.choice([m for m in moves if m["type"] != "pass"] or moves)
        assert page.request.post(f"{server}/api/games/{game}/moves", data={"move": move}, headers=auth).status == 201
    raise AssertionError(f"no {wanted} in 400 moves")


def test_a_guest_checks_in_by_a_tap_on_the_room(phone: Page, server, shoot):
    page = phone
    game, seats, seat = played_until(page, server, "check_in")
    auth = {"Authorization": f"Bearer {seats[seat]}"}
    legal = page.request.get(f"{server}/api/games/{game}/legal-moves", headers=auth).json()
    check_ins = [m for m in legal["moves"] if m["type"] == "check_in"]
    page.goto(f"/#/game/{game}/as/{seat}/{seats[seat]}")
    version = page.request.get(f"{server}/api/games/{game}").json()["version"]
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_be_attached()
    # Only what is possible now: no form for a move the engine lists none of.
    listed = {m["type"] for m in legal["moves"]}
    assert legal["unlisted"] == []
    for kind in ("serve", "use_staff", "claim_objective"):
        if kind not in listed:
            expect(page.locator(f"[data-move='{kind}']")).to_have_count(0)
    expected = page.request.get(f"{server}/api/games/{game}").json()["expected"]["moves"]
    said = page.locator(".status p").first.inner_text()
    for kind in expected:
        assert (kind.replace("_", " ") in said) == (kind in listed), (kind, said)
    # The hotel is the input: the room a guest may check into is highlighted and tapped.
    hotel = page.locator(f".view .hotel[data-seat='{seat}']")
    rooms = sorted({m["room"] for m in check_ins})
    expect(page.locator(".view .tap-hint")).to_contain_text("check a guest into")
    expect(hotel.locator("button.room.selectable")).to_have_count(len(rooms))
    shoot(page, "grand-austria-check-in-tap")
    room = rooms[0]
    tables = [m["table"] for m in check_ins if m["room"] == room]
    hotel.locator(f"button.room.selectable[data-room='{room}']").click()
    if len(tables) > 1:                   # two guests ready: the tap asks which
        page.locator(f".view .room-choices button.room-move[data-table='{tables[0]}']").click()
    expect(page.locator(f".game-head[data-rendered='{version}']")).to_have_count(0)
    expect(hotel.locator(f".room[data-room='{room}']")).to_have_attribute("data-state", "occupied")
    log = page.request.get(f"{server}/api/games/{game}/log", headers=auth).json()["entries"]
    assert log[-1]["move"] == {"type": "check_in", "seat": seat, "table": tables[0], "room": room}

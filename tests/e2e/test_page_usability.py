"""The page as someone who has never seen the API meets it: long names,
starting a game with options and a seating order, mistakes in the start form,
reloading mid-game, a second device without the token, a lost connection, a
move recorded elsewhere at the same moment, a finished game, and a desktop."""
from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LONG = ["Maximiliane-Theresa", "Bartholomew Fitzgerald", "Jo", "Konstantinopolitanerin"]


def version(page: Page) -> int:
    return int(page.locator(".game-head").get_attribute("data-version"))


def after_move(page: Page, before: int) -> int:
    expect(page.locator(f".game-head[data-version='{before + 1}']")).to_be_visible()
    return before + 1


def start_willi(page: Page, players: list[str], mode: str = "table") -> str:
    page.goto("/#/new")
    page.locator("button[data-game='willi']").click()
    for i, name in enumerate(players, start=1):
        page.get_by_label(f"player {i}", exact=True).fill(name)
    page.locator(f"button[data-mode='{mode}']").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".game-head[data-version]")).to_be_visible()
    return page.url.rsplit("/", 1)[-1]


def tap_first(page: Page, move: str) -> None:
    page.locator(f"section.move-group[data-move='{move}'] .group-body > .chips button:not(.unavailable)").first.click()


def test_long_names_shrink_rather_than_break(phone: Page, shoot):
    """Long names in the narrow seat boxes and under the trick's cards stay whole
    words (shoot() checks every name box), and the start form says its mistakes in words."""
    page = phone
    page.goto("/#/new")
    page.locator("button[data-game='willi']").click()
    page.get_by_label("player 1", exact=True).fill("Ann")
    page.get_by_label("player 2", exact=True).fill("Ann")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".new-game .problem")).to_have_text("Enter a name for player 3, or remove that row.")
    page.get_by_label("player 3", exact=True).fill("Cid")
    page.get_by_label("player 4", exact=True).fill("Dora")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".new-game .problem")).to_have_text("Two players are called Ann: each needs a name of their own.")
    expect(page.get_by_label("player 2", exact=True)).to_have_value("Ann")      # nothing typed is lost

    start_willi(page, LONG)
    v = version(page)
    page.locator("form[data-move='deal']").get_by_role("button", name="record deal").click()   # all hands unseen
    v = after_move(page, v)
    for _ in LONG:
        tap_first(page, "discard")
        v = after_move(page, v)
    for _ in range(2):
        tap_first(page, "play")
        v = after_move(page, v)
    name = page.locator(".seat[data-seat='Konstantinopolitanerin'] .seat-head strong")
    expect(name).to_have_text("Konstantinopolitanerin")
    assert name.evaluate("(el) => el.getClientRects().length") == 1 and name.bounding_box()["height"] < 30
    expect(page.locator(".trick-cards .played")).to_have_count(2)
    # An unseen hand plays from the whole deck in rows by colour; the cards played are greyed out.
    deck = page.locator("section.move-group[data-move='play'] .deck")
    expect(deck.locator(".chip")).to_have_count(36)
    played = [c.get_attribute("title") for c in page.locator(".trick-cards .card").all()]
    assert len(played) == 2
    for title in played:
        expect(deck.locator(f".unavailable .card[title='{title}']")).to_have_count(1)
        expect(deck.locator(f"button:not(.unavailable) .card[title='{title}']")).to_have_count(0)
    shoot(page, "long-names", full_page=False)
    # A smaller phone: the names fit again as the window changes (resize runs before the next frames).
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    shoot(page, "long-names-360", full_page=False)


def test_reload_second_device_lost_connection_and_a_move_recorded_elsewhere(phone: Page, browser, server, shoot):
    page = phone
    game = start_willi(page, ["Ann", "Ben", "Cid", "Dora"])
    token = page.locator(".notice.token code").inner_text()
    # Shown open at the start; it folds away after this first look.
    expect(page.locator(".notice.token")).to_have_attribute("open", "")
    page.locator(".notice.token summary").click()
    v = version(page)
    page.locator("form[data-move='deal']").get_by_role("button", name="record deal").click()
    v = after_move(page, v)
    tap_first(page, "discard")
    v = after_move(page, v)

    # Reloading mid-game: the token stays in this browser (folded away), the state comes back.
    page.reload()
    expect(page.locator(".game-head")).to_have_attribute("data-version", str(v))
    expect(page.locator(".notice.token")).not_to_have_attribute("open", "")
    expect(page.locator(".status")).to_contain_text("Ben, Cid and Dora: discard")
    expect(page.locator("section.move-group[data-move='discard']")).to_have_count(3)
    expect(page.locator(".log-list > li").first.locator(".by")).to_contain_text("recorded by scorekeeper")

    # The "record ↓" button in the sticky status line leads to the controls.
    page.locator(".status .jump").click()
    expect(page.locator("section.move-group").first).to_be_in_viewport()

    # A second device without the token can watch; with the token it records.
    other = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, base_url=server)
    try:
        second = other.new_page()
        second.goto(f"/#/game/{game}")
        expect(second.locator(".notice")).to_contain_text("you can watch, not record")
        expect(second.locator("section.move-group")).to_have_count(0)
        expect(second.get_by_role("button", name="↶ Undo")).to_have_count(0)
        second.get_by_label("scorekeeper token").fill(token)
        second.get_by_role("button", name="use token").click()
        expect(second.locator("section.move-group[data-move='discard']")).to_have_count(3)
    finally:
        other.close()

    # No connection: said in words beside the control; nothing recorded.
    page.route("**/moves", lambda route: route.abort())
    tap_first(page, "discard")
    problem = page.locator("section.move-group[data-move='discard'] .problem").first
    expect(problem).to_contain_text("The service did not answer")
    page.unroute("**/moves")

    # Someone recorded a move at the same moment: the page says so and shows the game as it stands.
    page.route("**/moves", lambda route: route.fulfill(status=409, content_type="application/problem+json", body=json.dumps(
        {"type": "urn:tablelog:problem:stale_version", "title": "Conflict", "status": 409,
         "detail": "The game is at another version.", "code": "stale_version"})))
    tap_first(page, "discard")
    expect(page.locator(".record .conflict")).to_contain_text("Someone recorded a move meanwhile")
    page.unroute("**/moves")
    shoot(page, "usability-conflict", full_page=False)
    tap_first(page, "discard")
    v = after_move(page, v)
    expect(page.locator(".record .conflict")).to_have_count(0)


def play_to_the_end(page: Page, server: str, players: list[str]) -> str:
    """A digital Willi game played to its end through the API with random legal moves."""
    created = page.request.post(f"{server}/api/games", data={"game": "willi", "players": players,
                                                             "mode": "digital", "seed": 3}).json()
    game, tokens = created["id"], created["tokens"]
    auth = {"Authorization": f"Bearer {tokens['scorekeeper']}"}
    rnd = random.Random(5)
    for _ in range(2000):
        legal = page.request.get(f"{server}/api/games/{game}/legal-moves", headers=auth).json()
        moves = legal["moves"] or []
        for seat in legal["expected"]["seats"]:           # in a digital game each seat asks with its own token
            if not moves and seat in tokens["seats"]:
                moves = page.request.get(f"{server}/api/games/{game}/legal-moves", headers={
                    "Authorization": f"Bearer {tokens['seats'][seat]}"}).json()["moves"] or []
        if not moves:
            break
        plain = [m for m in moves if m["type"] not in ("meinz", "exchange")] or moves
        move = rnd.choice(plain)
        # A player's move with the player's token: the scorekeeper is the table.
        mover = tokens["seats"].get(move.get("seat"))
        answer = page.request.post(f"{server}/api/games/{game}/moves", data={"move": move},
                                   headers={"Authorization": f"Bearer {mover}"} if mover else auth)
        assert answer.status == 201, answer.text()
    page.goto("/")
    page.evaluate("([id, tokens]) => localStorage.setItem('tablelog:tokens:' + id, JSON.stringify(tokens))",
                  [game, tokens])
    return game


def test_a_finished_game_shows_its_winners(phone: Page, server, shoot):
    page = phone
    game = play_to_the_end(page, server, ["Ann", "Ben", "Cid", "Dora"])
    state = page.request.get(f"{server}/api/games/{game}/state").json()
    assert state["finished"] and state["winners"]
    page.goto(f"/#/game/{game}")
    winners = state["winners"]
    expect(page.locator(".status")).to_contain_text(re.compile(r"Game over\. .* wins? with \d+ points?\."))
    for seat in winners:
        expect(page.locator(".status")).to_contain_text(seat)
        expect(page.locator(f".seat[data-seat='{seat}']")).to_have_class(re.compile(r"\bwinner\b"))
    expect(page.locator(".seat.winner")).to_have_count(len(winners))
    expect(page.locator("section.move-group, form.move-form")).to_have_count(0)   # nothing more to record
    expect(page.locator(".status .jump")).to_have_count(0)
    expect(page.locator(".log-list > li").first).to_contain_text("Game over:")
    shoot(page, "willi-finished", full_page=False)
    page.get_by_role("link", name="← games").click()
    expect(page.locator(f".games li[data-game='{game}']")).to_contain_text(f"won by {winners[0]}")
    expect(page.locator(f".games li[data-game='{game}']")).to_contain_text("you keep score")


def test_options_and_seating_order_then_a_desktop(phone: Page, desktop: Page, shoot):
    """Wiener Walzer with the event-card variant and a chosen colour; Ben moved
    up to sit first. Then the same game on a desktop window."""
    page = phone
    page.goto("/#/new")
    page.locator("button[data-game='wiener_walzer']").click()
    while page.locator(".player-row").count() > 2:
        page.locator(".player-row").last.get_by_role("button", name="remove").click()
    page.get_by_label("player 1", exact=True).fill("Ann")
    page.get_by_label("player 2", exact=True).fill("Ben")
    page.locator(".player-row").nth(1).get_by_role("button", name="↑").click()
    expect(page.get_by_label("player 1", exact=True)).to_have_value("Ben")
    options = page.locator(".options")
    options.locator(".field[data-field='events'] button").click()            # the event-card variant: yes
    options.get_by_role("button", name="add colours").click()
    options.locator(".entry[data-key='Ann'] button[data-value='green']").click()
    page.locator("button[data-mode='digital']").click()
    shoot(page, "walzer-options")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".game-head .meta")).to_contain_text("Ben, Ann · digital")
    expect(page.locator(".view .round")).to_contain_text("event cards left")
    expect(page.locator(".view .ww-player[data-seat='Ann'] .swatch")).to_have_attribute("title", "green")
    expect(page.locator(".view .ww-player").first).to_have_attribute("data-seat", "Ben")
    game = page.url.rsplit("/", 1)[-1]

    desktop.goto(f"/#/game/{game}")
    expect(desktop.locator(".view .board")).to_be_visible()
    expect(desktop.locator(".notice")).to_contain_text("you can watch, not record")
    columns = desktop.locator(".view .ww-players").evaluate("(el) => getComputedStyle(el).gridTemplateColumns.split(' ').length")
    assert columns == 2
    shoot(desktop, "walzer-desktop", full_page=False)

"""Starting a game on the page as a person does: the game, the players, the
modules, the mode, then Start."""
from __future__ import annotations

from playwright.sync_api import Page, expect


def start_on_the_page(page: Page, game: str, players: list[str], mode: str, modules: tuple[str, ...] = ()) -> str:
    """Start ``game`` from the page's form; the new game's id."""
    page.goto("/#/new")
    page.locator(f"button[data-game='{game}']").click()
    inputs = page.locator(".player-row input")
    while inputs.count() > len(players):
        page.locator(".player-row").last.get_by_role("button", name="remove").click()
    while inputs.count() < len(players):
        page.get_by_role("button", name="add a player").click()
    for i, name in enumerate(players, start=1):
        page.get_by_label(f"player {i}", exact=True).fill(name)
    if modules:
        chosen = page.locator(".field[data-field='modules']")
        chosen.get_by_role("button", name="add modules").click()
        for module in modules:
            chosen.locator(f"button.chip[data-value='{module}']").click()
    page.locator(f"button[data-mode='{mode}']").click()
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator(".game-head[data-version]")).to_be_visible()
    return page.url.rstrip("/").split("/")[-1]


def recorded_then_opened(page: Page, server: str, modules: list[str], moves: list[dict],
                         players: tuple[str, ...] = ("Anna", "Beth")) -> tuple[str, str]:
    """A Grand Austria Hotel game at the table with ``modules``, ``moves``
    recorded through the API, then opened on the page with the scorekeeper's
    token; (game id, token)."""
    created = page.request.post(f"{server}/api/games", data={
        "game": "grand_austria", "players": list(players), "mode": "table", "options": {"modules": modules}}).json()
    game_id, token = created["id"], created["tokens"]["scorekeeper"]
    for move in moves:
        answer = page.request.post(f"{server}/api/games/{game_id}/moves", data={"move": move},
                                   headers={"Authorization": f"Bearer {token}"})
        assert answer.status == 201, answer.text()
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem(`tablelog:tokens:${id}`, "
                  "JSON.stringify({scorekeeper: token, seats: {}}))", [game_id, token])
    page.goto(f"/#/game/{game_id}")
    return game_id, token

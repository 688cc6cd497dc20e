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


"""Starting a game on the page as a person does: the game, the players, the
modules, the mode, then Start."""
from __future__ import annotations

from playwright.sync_api import Error, Page, expect


def start_on_the_page(page: Page, game: str, players: list[str], mode: str, modules: tuple[str, ...] = (),
                      solo: str | None = None, bot_entrance: str | None = None) -> str:
    """Start ``game`` from the page's form (Grand Austria Hotel's solo variant
    at level ``solo``, the opponent's solo entrance with module 3); the new game's id."""
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
    if solo:
        page.get_by_role("button", name="add solo").click()
        page.locator(f".field[data-field='solo'] button.chip[data-value='{solo}']").click()
    if bot_entrance:
        page.get_by_role("button", name="add bot entrance").click()
        page.locator(f".field[data-field='bot_entrance'] button.chip[data-value='{bot_entrance}']").click()
    page.locator(f"button[data-mode='{mode}']").click()
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator(".game-head[data-version]")).to_be_visible()
    return page.url.rstrip("/").split("/")[-1]


def version(page: Page) -> int:
    return int(page.locator(".game-head").get_attribute("data-version"))


def tap_until_recorded(page: Page, group, rng, before: int) -> None:
    """Tap the chips of one offered move group until the move is recorded
    (the page's version moves on from ``before``)."""
    for _ in range(12):
        if version(page) != before:
            return
        # A greyed card is not offered (tapped, it says why it is not allowed).
        chips = group.locator(".group-body .chips button.chip:not(.chosen):not(.unavailable)")
        count = chips.count()
        if count:
            try:
                chips.nth(rng.randrange(count)).click(timeout=2000)
            except Error:       # the move was recorded and the choices drawn again
                pass
        page.wait_for_timeout(50)
    expect(page.locator(f".game-head:not([data-version='{before}'])")).to_be_visible()

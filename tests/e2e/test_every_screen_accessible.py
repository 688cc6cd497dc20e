"""axe-core on every game's pages where play has got to: each game (and
Grand Austria Hotel's solo variant) imported from a digital corpus record
at its start, at mid-game and at its end, the scorekeeper's page and a
player's own page, each in both languages (the header's switch says it
again in the other language without loading the page anew): no violation of
impact serious or critical, and one level-one heading. Colour contrast,
nine tenths of axe's time and the same in any language, is checked in one
language of each page, the other at the next position; every other rule in
both. Grand Austria
Hotel's rooms are named in words ("room 2.3, blue, prepared"). On a
mid-game page every action can be reached with the keyboard and is named
in words.

Cheap on purpose: one browser page for the whole module, each position
imported once (a module fixture), and the pages reached by their address
within the loaded page (no page load per position or language)."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE, open_page
from corpus_positions import DIGITAL, record_lines
from test_accessibility import assert_accessible

pytestmark = pytest.mark.browser

RECORDS = DIGITAL
POSITIONS = {"start": lambda lines: lines[:2], "mid-game": lambda lines: lines[: len(lines) // 2], "end": lambda lines: lines}
LANGUAGES = ("en", "de")
BUT_CONTRAST = {"resultTypes": ["violations"], "rules": {"color-contrast": {"enabled": False}}}


@pytest.fixture(scope="module")
def table(browser, server, request):
    """One phone-sized page on the service for every test of the module."""
    page = open_page(browser, server, request, PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    shown = next(page)
    shown.goto("/")
    yield shown
    next(page, None)


@pytest.fixture(scope="module")
def positions(server):
    """Each game at each position, imported once: the import's answer (id and tokens) by game and position."""
    made: dict[tuple[str, str], dict] = {}

    def at(game: str, position: str) -> dict:
        if (game, position) not in made:
            lines = POSITIONS[position](record_lines(RECORDS[game]))
            asked = urllib.request.Request(f"{server}/api/games/import", method="POST",
                                           data=json.dumps({"record": "\n".join(lines) + "\n"}).encode(),
                                           headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(asked) as answer:
                assert answer.status == 201
                made[game, position] = json.loads(answer.read())
        return made[game, position]
    return at


def keep_only(page: Page, game_id: str, tokens: dict | None) -> None:
    """This browser holds ``tokens`` for the game (none: a player's link brings its own)."""
    page.evaluate("([id, tokens]) => tokens ? localStorage.setItem(`tablelog:tokens:${id}`, JSON.stringify(tokens))"
                  " : localStorage.removeItem(`tablelog:tokens:${id}`)", [game_id, tokens])


def shown(page: Page, server: str, game_id: str, address: str, lang: str) -> None:
    """The page at ``address`` (within the loaded page), drawn whole at the game's version in ``lang``."""
    version = json.loads(urllib.request.urlopen(f"{server}/api/games/{game_id}").read())["version"]
    page.evaluate("() => document.querySelectorAll('.game-head').forEach((head) => { head.dataset.old = '1'; })")
    page.evaluate("(address) => { location.hash = address; }", address)
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.locator("button.language").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(f".game-head[data-rendered='{version}']:not([data-old])")).to_be_attached()
    expect(page.locator("h1")).to_have_count(1)          # one level-one heading on every page


def in_the_other_language(page: Page, lang: str) -> str:
    """The header's switch: the same page again in the other language, drawn anew without a page load."""
    other = next(code for code in LANGUAGES if code != lang)
    version = page.locator(".game-head").first.get_attribute("data-rendered")
    page.evaluate("() => document.querySelectorAll('.game-head').forEach((head) => { head.dataset.old = '1'; })")
    page.locator("button.language").click()
    expect(page.locator("html")).to_have_attribute("lang", other)
    expect(page.locator(f".game-head[data-rendered='{version}']:not([data-old])")).to_be_attached()
    return other


@pytest.mark.parametrize("game", list(RECORDS))
def test_every_page_of_a_game_from_start_to_end(table: Page, server, positions, game):
    first = "en"
    for position in POSITIONS:
        created = positions(game, position)
        game_id = created["id"]
        seat, token = next(iter(created["tokens"]["seats"].items()))
        keep_only(table, game_id, {"scorekeeper": created["tokens"]["scorekeeper"], "seats": {}})
        shown(table, server, game_id, f"#/game/{game_id}", first)
        assert_accessible(table, f"{game} at {position}, the scorekeeper's page, {first}")
        if game in ("grand_austria", "solo") and position == "mid-game":
            expect(table.locator(".hotel [data-room='1.1']").first).to_have_attribute(
                "aria-label", re.compile(r"^(room|Zimmer) 1\.1, \w+, \w+"))
        second = in_the_other_language(table, first)
        assert_accessible(table, f"{game} at {position}, the scorekeeper's page, {second}", BUT_CONTRAST)
        keep_only(table, game_id, None)
        shown(table, server, game_id, f"#/game/{game_id}/as/{seat}/{token}", second)
        assert_accessible(table, f"{game} at {position}, {seat}'s page, {second}")
        in_the_other_language(table, second)
        assert_accessible(table, f"{game} at {position}, {seat}'s page, {first}", BUT_CONTRAST)
        first = second


UNREACHABLE = """() => {
  // Every control a person acts with: enabled, on the screen (not folded away).
  const controls = [...document.querySelectorAll('#app button, #app [role=button], #app a[href], #app input, #app select')]
    .filter((el) => !el.disabled && el.getClientRects().length && !el.closest('[hidden], details:not([open]) > :not(summary)'));
  // The name from the content: a part with a name of its own (a die face's "die 3") says it.
  const content = (node) => (node.nodeType === Node.TEXT_NODE ? node.textContent
    : node.nodeType !== Node.ELEMENT_NODE || node.getAttribute('aria-hidden') === 'true' ? ''
      : node.getAttribute('aria-label') || [...node.childNodes].map(content).join(''));
  const named = (el) => (el.getAttribute('aria-label')
    || [...(el.getAttribute('aria-labelledby') || '').split(' ')].map((id) => id && document.getElementById(id))
      .filter(Boolean).map((label) => label.textContent).join(' ')
    || (el.labels && [...el.labels].map((label) => label.textContent).join(' '))
    || (el.tagName === 'INPUT' ? el.placeholder : content(el)) || el.title || '').trim();
  const out = [];
  for (const el of controls) {
    el.focus();
    const reached = el.tabIndex >= 0 && document.activeElement === el;
    const name = named(el);
    if (!reached || !/\\p{L}{2}/u.test(name)) out.push(`${el.outerHTML.slice(0, 120)} (name: ${JSON.stringify(name)})`);
  }
  return { count: controls.length, out };
}"""


@pytest.mark.parametrize("game", list(RECORDS))
def test_every_action_on_a_mid_game_page_is_reached_by_keyboard_and_named(table: Page, server, positions, game):
    created = positions(game, "mid-game")
    game_id = created["id"]
    seat, token = next(iter(created["tokens"]["seats"].items()))
    keep_only(table, game_id, None)
    shown(table, server, game_id, f"#/game/{game_id}/as/{seat}/{token}", "en")
    found = table.evaluate(UNREACHABLE)
    assert found["count"] > 5, f"{game}: only {found['count']} controls on a player's page at mid-game"
    assert not found["out"], f"{game}: controls not reached by the keyboard or not named in words: {found['out']}"
    # Tab moves the focus from one control to the next in the page's order.
    table.locator("button.language").focus()
    table.keyboard.press("Tab")
    assert table.evaluate("() => document.activeElement !== document.body && document.activeElement.matches("
                          "'button, a[href], input, select, [tabindex]')")

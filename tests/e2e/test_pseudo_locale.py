"""No bare UI string: each game (and Grand Austria Hotel's modules and solo
variant) brought to mid-game by an imported corpus record, shown in the
pseudo-locale (tests/e2e/pseudo_locale.py), has every word of its page
inside a message of the catalog, but for the names printed on components
(the game's catalog names them), the players' names and a short list.

Cheap on purpose: the pseudo-locale is made once, and one browser page,
loaded once in it, shows every game by its address."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE, open_page
from corpus_positions import AT_THE_TABLE, record_lines
from pseudo_locale import PSEUDO, bare, pseudo_catalogs
from service.http import i18n
from test_every_screen_accessible import keep_only, shown

pytestmark = pytest.mark.browser

RECORDS = AT_THE_TABLE
PRINTED = {"tablelog", "API", "VP", "kr", "Ch", "St", "Ca", "Wi", "Co", "Sh", "To", "Ci", "Cp", "AM", "PM"}
"""Words that are no language's: the service's name, the board's abbreviations (items' initials), the
browser's own clock format."""


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory):
    folder = pseudo_catalogs(i18n.TRANSLATIONS, tmp_path_factory.mktemp("pseudo") / "translations")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "TRANSLATIONS", folder)
        patch.setattr(i18n, "LANGUAGES", i18n.spoken_languages(folder))
        i18n.translations.cache_clear()
        yield PSEUDO
    i18n.translations.cache_clear()


@pytest.fixture(scope="module")
def pseudo_page(browser, server, request, pseudo_locale):
    """One phone-sized page for the module, loaded once in the pseudo-locale."""
    page = open_page(browser, server, request, PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    shown = next(page)
    shown.goto("/")
    # The page offers the languages the service named in its first answer of words.
    shown.wait_for_function("(lang) => (localStorage.getItem('tablelog:languages') || '').includes(lang)",
                            arg=pseudo_locale)
    shown.evaluate("(lang) => localStorage.setItem('tablelog:language', lang)", pseudo_locale)
    shown.reload()
    expect(shown.locator("html")).to_have_attribute("lang", pseudo_locale)
    yield shown
    next(page, None)


def names_in(value) -> set[str]:
    """Every word of every ``name`` (and ``title``) in a catalog or record: printed names (a
    fact's ``text`` is a sentence of the engine's, not a printed text)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "text" and "fact" in value:
                continue
            if key in ("name", "title", "text", "card", "celebrity", "ballroom", "entrance") and isinstance(inner, str):
                found |= set(bare(inner))
            found |= names_in(inner)
    elif isinstance(value, list):
        for inner in value:
            found |= names_in(inner)
    return found


def mid_game(page: Page, server: str, record: str) -> tuple[str, str, set[str]]:
    lines = record_lines(record)
    started = json.loads(lines[0])
    half = lines[: max(2, len(lines) // 2)]
    titles = {game["title"] for game in page.request.get(f"{server}/api/game-types").json()["games"]}
    languages = page.request.get(f"{server}/api/words/en").json()["languages"].values()
    created = page.request.post(f"{server}/api/games/import", data={"record": "\n".join(half) + "\n"})
    assert created.status == 201, created.json()
    answer = created.json()
    catalog = page.request.get(f"{server}/api/games/{answer['id']}/catalog").json()
    state = page.request.get(f"{server}/api/games/{answer['id']}/state").json()
    # The solo variant's opponent plays under a name of its own (Leopold, Elisabeth).
    opponent = {(state.get("solo") or {}).get("opponent")} - {None}
    allowed = (names_in(catalog) | names_in([json.loads(line) for line in half]) | set(started["players"])
               | set(started["seats"]) | opponent | {word for name in [*titles, *languages] for word in bare(name)})
    return answer["id"], answer["tokens"]["scorekeeper"], allowed


@pytest.mark.parametrize("game", list(RECORDS))
def test_every_word_on_the_page_comes_from_the_catalog(pseudo_page: Page, server, pseudo_locale, game):
    phone = pseudo_page
    game_id, token, allowed = mid_game(phone, server, RECORDS[game])
    keep_only(phone, game_id, {"scorekeeper": token, "seats": {}})
    shown(phone, server, game_id, f"#/game/{game_id}", pseudo_locale)
    # The players' own words (comments, quoted) are theirs, not the page's.
    text = phone.evaluate("() => { const body = document.body.cloneNode(true); "
                          "body.querySelectorAll('q').forEach((q) => q.remove()); "
                          "document.documentElement.append(body); const text = body.innerText; body.remove(); "
                          "return text; }")
    lines = {line.strip() for line in text.splitlines()
             if any(w not in allowed and w not in PRINTED for w in bare(line))}
    assert not lines, f"{game}: words outside the catalog, in these lines: {sorted(lines)}"

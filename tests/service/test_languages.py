"""German as well as English. The API's refusal follows
Accept-Language (English by default, the code unchanged); the page's words
and the rules' refusals come from one gettext catalog, made with Babel's
tools (babel.cfg), compiled, shipped with the package, and complete."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from helpers import Api
from service.http import i18n

ROOT = Path(__file__).resolve().parents[2]
PO = i18n.TRANSLATIONS / "de" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")
FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
HANDS = {"Alex": ["R1", "R2", "R3", "Y4", "Y5", "G6", "G7", "B8", "B9"],
         "Joe": ["R4", "R5", "R6", "Y1", "Y2", "G1", "G2", "B1", "B2"],
         "Gunter": ["R7", "R8", "R9", "Y3", "Y6", "G3", "G4", "B3", "B4"],
         "Hanna": ["Y7", "Y8", "Y9", "G5", "G8", "G9", "B5", "B6", "B7"]}


def german():
    with open(PO, "rb") as file:
        return read_po(file, locale="de")


def dealt_willi(client) -> Api:
    api = Api(client, "willi", FOUR)
    api.move({"type": "deal", "hands": HANDS})
    return api


# -- the API -------------------------------------------------------------------
def test_a_refusal_follows_accept_language_and_keeps_its_code(client):
    api = dealt_willi(client)
    move = {"move": {"type": "discard", "seat": "Alex", "card": "R4"}}
    url = f"/api/games/{api.id}/moves"
    english = client.post(url, json=move, headers=api.auth()).json
    assert english["detail"] == "You do not hold R4."
    for accept in ("de", "de-AT", "de-AT,de;q=0.9,en;q=0.5", "fr, de;q=0.5"):
        said = client.post(url, json=move, headers={**api.auth(), "Accept-Language": accept})
        assert said.status_code == 422
        assert said.json == {**english, "detail": "Du hast R4 nicht auf der Hand."}, accept
    for accept in ("en", "fr", "en-GB, de;q=0.5", ""):
        said = client.post(url, json=move, headers={**api.auth(), "Accept-Language": accept})
        assert said.json == english, accept
    assert api.get("")["moves"] == 1


def test_an_answer_of_the_api_says_a_cache_it_varies_with_the_language(client):
    """A shared cache must not give one caller's German answer to another."""
    api = dealt_willi(client)
    for path in (f"/api/games/{api.id}", f"/api/games/{api.id}/state", "/api/game-types"):
        answer = client.get(path, headers={**api.auth(), "Accept-Language": "de"})
        assert "Accept-Language" in answer.headers.get("Vary", ""), path
    assert "Accept-Language" not in client.get("/").headers.get("Vary", "")


def test_the_dry_run_answers_in_the_callers_language_too(client):
    api = dealt_willi(client)
    answer = client.post(f"/api/games/{api.id}/check", headers={**api.auth(), "Accept-Language": "de"},
                         json={"move": {"type": "play", "seat": "Alex", "card": "R1"}}).json
    assert answer["legal"] is False and answer["code"] == "discard_first"
    assert answer["message"].startswith("Vor dem ersten Ausspielen legen alle ab; es fehlt noch Alex")


def test_parameters_are_read_back_out_of_the_english_words(client):
    api = dealt_willi(client)
    for seat in FOUR:
        api.move({"type": "discard", "seat": seat, "card": HANDS[seat][0]})
    said = client.post(f"/api/games/{api.id}/moves", headers={**api.auth(), "Accept-Language": "de"},
                       json={"move": {"type": "play", "seat": "Joe", "card": "R5"}}).json
    assert said["code"] == "not_your_turn"
    assert said["detail"] == "Alex spielt jetzt aus, nicht Joe."
    assert said["params"] == {"nxt": "Alex", "seat": "Joe"}        # the English template's names


def test_a_service_refusal_without_a_translation_stays_english(client):
    api = dealt_willi(client)
    said = client.post(f"/api/games/{api.id}/redo", json={}, headers={**api.auth(), "Accept-Language": "de"})
    assert said.status_code == 409 and said.json["code"] == "nothing_to_redo"
    assert said.json["detail"].startswith("There is no undone move to redo")


def test_the_page_asks_for_its_words(client):
    words = client.get("/api/words/de").json
    assert words["language"] == "de" and words["words"]["↶ Undo"] == "↶ Rückgängig"
    assert client.get("/api/words/en").json == {"language": "en", "words": {}}
    missing = client.get("/api/words/fr")
    assert missing.status_code == 404 and missing.json["code"] == "not_found"


# -- reading a sentence back -----------------------------------------------------
def test_a_template_reads_its_values_back_even_when_one_comes_twice():
    found = i18n.pattern("You must follow {lead} or play a {lead2}: you hold {lead} cards.").fullmatch(
        "You must follow red or play a 7: you hold red cards.")
    assert found.groupdict() == {"lead": "red", "lead2": "7"}
    assert i18n.pattern("You must follow {lead}: you hold {lead} cards.").fullmatch(
        "You must follow red: you hold blue cards.") is None
    assert i18n.pattern("Braces {{as written}} and {x}.").fullmatch("Braces {as written} and y.").group("x") == "y"


def test_a_sentence_no_message_fits_stays_as_it_is():
    assert i18n.refusal("not_in_hand", "Something the catalog never heard of.", "de") == \
        "Something the catalog never heard of."
    assert i18n.refusal("no_such_code", "You do not hold R4.", "de") == "You do not hold R4."
    assert i18n.refusal("not_in_hand", "You do not hold R4.", "en") == "You do not hold R4."


def test_the_extraction_names_each_value_after_what_it_is(tmp_path):
    source = tmp_path / "rules.py"
    source.write_text(
        "def check(state, seat, move):\n"
        "    if seat != state.turn:\n"
        "        raise RuleViolation('not_your_turn', f\"It is {state.turn}'s turn, not {seat}'s.\", 'Turns')\n"
        "    message = f\"{move['card']} is not in the display\" if move else 'Name a card.'\n"
        "    raise violation('not_in_display', message + '; choose one of ' + ', '.join(state.options) + '.', 'D')\n"
        "def why(room):\n"
        "    if room:\n"
        "        return f'Room {room} is taken.'\n"
        "    return None\n"
        "def check_room(room):\n"
        "    problem = why(room)\n"
        "    raise violation('cannot_prepare', problem, 'Rooms')\n")
    assert i18n.refusal_messages([source]) == {
        ("not_your_turn", "It is {turn}'s turn, not {seat}'s."),
        ("cannot_prepare", "Room {room} is taken."),
    }


# -- the catalog -------------------------------------------------------------------
def test_every_message_has_a_german_translation_with_the_same_placeholders():
    catalog = german()
    messages = [m for m in catalog if m.id]
    assert len(messages) > 300
    untranslated = [(m.context, m.id) for m in messages if not m.string or m.fuzzy]
    assert not untranslated, f"translate these in {PO.relative_to(ROOT)}: {untranslated}"
    wrong = [(m.id, m.string) for m in messages if i18n.placeholders(m.id) != i18n.placeholders(m.string)]
    assert not wrong


def test_the_catalog_holds_every_refusal_of_the_domain_and_every_word_of_the_page():
    with open(ROOT / "babel.cfg", encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = {(context, message if isinstance(message, str) else message[0])
             for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map,
                                                             keywords={"t": None, "N_": None,
                                                                       "pgettext": ((1, "c"), 2)})
             if message}
    held = {(m.context, m.id) for m in german() if m.id}
    assert {f for f in found if f[0] is not None} and {f for f in found if f[0] is None}
    assert not found - held, ("run pybabel extract and update (docs/contributing.md, Translations), then translate: "
                              f"{sorted(found - held, key=str)}")


def test_the_compiled_catalog_is_the_catalog():
    with open(MO, "rb") as file:
        compiled = {(m.context, m.id): m.string for m in read_mo(file) if m.id}
    assert compiled == {(m.context, m.id): m.string for m in german() if m.id}, \
        "run pybabel compile -d service/http/translations"


@pytest.mark.slow
def test_a_clean_install_ships_the_compiled_catalog(tmp_path):
    """What `pip install .` from a fresh clone installs: setuptools' build of
    the files git holds (its build_py copies the packages and their package
    data, as a wheel's build does)."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True, capture_output=True)
    built = tmp_path / "built"
    subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
                    "--build-lib", str(built)], cwd=clone, check=True, capture_output=True)
    shipped = built / "service" / "http" / "translations" / "de" / "LC_MESSAGES" / "messages.mo"
    assert shipped.read_bytes() == MO.read_bytes()


def test_the_effects_words_in_a_state_are_said_in_the_callers_language(client):
    api = Api(client, "grand_austria", ["Ann", "Ben"], mode="digital", seed=11)
    english = client.get(f"/api/games/{api.id}/state").json
    german = client.get(f"/api/games/{api.id}/state", headers={"Accept-Language": "de"}).json
    rewards = [(e, d) for g, h in zip(english["queue"], german["queue"]) if g
               for e, d in zip(g["reward_words"], h["reward_words"])]
    assert rewards and all(e != d for e, d in rewards if e != "2 strudel"), rewards
    assert i18n.catalog("de").phrase("prepare a room for 2 krones less on floors 1–2") == \
        "bereite ein Zimmer um 2 Kronen billiger im 1. bis 2. Stock vor"
    assert i18n.catalog("de").phrase("3 Emperor steps") == "3 Schritte auf der Kaiserleiste"
    assert i18n.catalog("de").phrase("words nobody marked") == "words nobody marked"
    assert client.get(f"/api/games/{api.id}/state").json == english


def test_without_its_compiled_catalog_the_service_answers_in_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "TRANSLATIONS", tmp_path)
    i18n.catalog.cache_clear()
    try:
        assert i18n.refusal("not_in_hand", "You do not hold R4.", "de") == "You do not hold R4."
        assert i18n.words("de") == {}
    finally:
        monkeypatch.undo()
        i18n.catalog.cache_clear()
    assert i18n.refusal("not_in_hand", "You do not hold R4.", "de") == "Du hast R4 nicht auf der Hand."

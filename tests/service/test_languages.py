"""German as well as English. The API's refusal follows
Accept-Language (English by default, the code unchanged); the page's words
and the rules' refusals come from one gettext catalog, made with Babel's
tools (babel.cfg), compiled, shipped with the package, and complete."""
from __future__ import annotations

import subprocess
from contextlib import contextmanager
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from domain.rules import RuleViolation
from domain.words import Message, N_, ngettext, pgettext, placeholders, said
from helpers import Api
from service.http import i18n
from service.http.limits import BODY_LIMIT

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


def test_a_refusal_is_said_by_its_id_and_its_parameters_stay_language_free(client):
    api = dealt_willi(client)
    for seat in FOUR:
        api.move({"type": "discard", "seat": seat, "card": HANDS[seat][0]})
    said = client.post(f"/api/games/{api.id}/moves", headers={**api.auth(), "Accept-Language": "de"},
                       json={"move": {"type": "play", "seat": "Joe", "card": "R5"}})
    assert said.json["code"] == "not_your_turn"
    assert said.json["detail"] == "Alex spielt jetzt aus, nicht Joe."
    assert said.json["params"] == {"nxt": "Alex", "seat": "Joe"}        # the English template's names
    assert "Accept-Language" in said.headers["Vary"]


def test_the_services_own_errors_follow_accept_language_by_id(client):
    """A 409, 404, 401, 413 of the service's own: the detail in the caller's language, code and params not."""
    api = dealt_willi(client)
    german = {"Accept-Language": "de"}
    redo = client.post(f"/api/games/{api.id}/redo", json={}, headers={**api.auth(), **german})
    assert redo.status_code == 409 and redo.json["code"] == "nothing_to_redo"
    assert redo.json["detail"].startswith("Es gibt keinen rückgängig gemachten Zug zum Wiederholen")
    assert "Accept-Language" in redo.headers["Vary"]
    stale = client.post(f"/api/games/{api.id}/moves", headers={**api.auth(), **german},
                        json={"move": {"type": "discard", "seat": "Alex", "card": "R1"}, "expected_version": 1})
    assert stale.status_code == 409 and stale.json["detail"].startswith("Das Spiel ist bei Version")
    assert stale.json["params"]["expected"] == 1
    missing = "00000000-0000-4000-8000-000000000000"
    for headers, english in (({}, f"There is no game {missing}."), (german, f"Es gibt kein Spiel {missing}.")):
        unknown = client.get(f"/api/games/{missing}", headers=headers)
        assert unknown.status_code == 404 and unknown.json["detail"] == english
        assert unknown.json["params"] == {"game": missing}
    nobody = client.post(f"/api/games/{api.id}/undo", json={}, headers=german)
    assert nobody.status_code == 401 and nobody.json["detail"].startswith("Sende das Schreiber-Token")
    nowhere = client.get("/api/no-such-thing", headers=german)
    assert nowhere.status_code == 404 and nowhere.json["detail"].startswith("Unter dieser Adresse ist nichts")
    too_large = client.post("/api/games", data=b"x" * (BODY_LIMIT + 1), headers={**german, "Content-Type": "application/json"})
    assert too_large.status_code == 413 and too_large.json["detail"].startswith("Der Inhalt der Anfrage ist größer")


def test_a_reason_with_values_read_back_from_the_store_is_said_by_its_id(client):
    """A fact's reason keeps its id and values in the store (service/store/sentences.py): a log read back
    from it says "place 4 in round 1 with a sum of 32" in German."""
    record = (ROOT / "tests" / "corpus" / "willi" / "v2-001-4p-table.jsonl").read_text(encoding="utf-8")
    created = client.post("/api/games/import", json={"record": record})
    assert created.status_code == 201, created.json
    game = created.json
    auth = {"Authorization": f"Bearer {game['tokens']['scorekeeper']}"}
    def reasons(lang):
        log = client.get(f"/api/games/{game['id']}/log", headers={**auth, "Accept-Language": lang}).json
        return [fact["why"] for entry in log["entries"] for fact in entry["outcome"]
                if fact["fact"] == "scored" and "why" in fact]
    english, german = reasons("en"), reasons("de")
    assert english[0].startswith("place ") and " in round 1 with a sum of " in english[0]
    assert german[0].startswith("Platz ") and " in Runde 1 mit der Summe " in german[0]


def test_the_page_asks_for_its_words(client):
    words = client.get("/api/words/de").json
    assert words["language"] == "de" and words["words"]["↶ Undo"] == "↶ Rückgängig"
    assert client.get("/api/words/en").json == {"language": "en", "words": {},
                                                "languages": {"en": "English", "de": "Deutsch"}}
    missing = client.get("/api/words/fr")
    assert missing.status_code == 404 and missing.json["code"] == "not_found"


# -- saying a message by id ------------------------------------------------------
@contextmanager
def compiled(catalog, tmp_path, monkeypatch):
    """The service's catalogs are ``catalog`` (German) while the block runs."""
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    with open(tmp_path / "de" / "LC_MESSAGES" / "messages.mo", "wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(i18n, "TRANSLATIONS", tmp_path)
    i18n.translations.cache_clear()
    try:
        yield
    finally:
        monkeypatch.undo()
        i18n.translations.cache_clear()


def test_a_message_is_said_by_its_id_whatever_its_english_words(tmp_path, monkeypatch):
    """A catalog whose English id reads differently from the words the domain
    renders still gives the German sentence: nothing reads the English back."""
    catalog = Catalog(locale="de")
    catalog.add("You do not hold {card}.", "Du hast {card} nicht auf der Hand.")
    catalog.add("{seat} cannot {what}: {now}.", "{seat} kann nicht {what}: {now}.")
    catalog.add("place dice", "Würfel legen")
    catalog.add("it is {turn}'s turn", "{turn} ist am Zug")
    with compiled(catalog, tmp_path, monkeypatch):
        assert i18n.say(said(N_("You do not hold {card}."), card="R4"), "de") == "Du hast R4 nicht auf der Hand."
        # The English words changed (a reworded sentence the catalog never saw): the German comes by id all the same.
        reworded = str.__new__(Message, "Sorry, R4 is not in your hand.")
        reworded.__dict__.update(said(N_("You do not hold {card}."), card="R4").__dict__)
        assert i18n.say(reworded, "de") == "Du hast R4 nicht auf der Hand."
        nested = said(N_("{seat} cannot {what}: {now}."), seat="Anna", what=N_("place dice"),
                      now=said(N_("it is {turn}'s turn"), turn="Ben"))
        assert str(nested) == "Anna cannot place dice: it is Ben's turn."
        assert i18n.say(nested, "de") == "Anna kann nicht Würfel legen: Ben ist am Zug."
        assert i18n.say(nested, "en") == str(nested)


def test_a_message_the_catalog_lacks_or_a_translation_that_does_not_fit_stays_english(tmp_path, monkeypatch):
    catalog = Catalog(locale="de")
    catalog.add("You do not hold {card}.", "Du hast {karte} nicht.")           # a wrong placeholder
    with compiled(catalog, tmp_path, monkeypatch):
        assert i18n.say(said(N_("You do not hold {card}."), card="R4"), "de") == "You do not hold R4."
        assert i18n.say(said("Something the catalog never heard of: {x}.", x=1), "de") == \
            "Something the catalog never heard of: 1."


def test_a_count_and_a_context_are_said_with_ngettext_and_pgettext(tmp_path, monkeypatch):
    catalog = Catalog(locale="de")
    catalog.add(("{n} coin", "{n} coins"), ("{n} Münze", "{n} Münzen"))
    catalog.add("top", "oberste", context="row")
    with compiled(catalog, tmp_path, monkeypatch):
        assert [str(ngettext("{n} coin", "{n} coins", n)) for n in (1, 3)] == ["1 coin", "3 coins"]
        assert [i18n.say(ngettext("{n} coin", "{n} coins", n), "de") for n in (1, 3)] == ["1 Münze", "3 Münzen"]
        assert i18n.say(pgettext("row", "top"), "de") == "oberste" and str(pgettext("row", "top")) == "top"


def test_a_refusal_keeps_its_english_words_and_gives_its_parameters_to_programs():
    error = RuleViolation("not_in_hand", N_("You do not hold {card}."), "Play", card="R4")
    assert error.message == "You do not hold R4." and str(error) == "You do not hold R4."
    assert error.message.id == "You do not hold {card}." and error.params == {"card": "R4"}
    assert error.to_json() == {"code": "not_in_hand", "message": "You do not hold R4.", "rule": "Play",
                               "params": {"card": "R4"}}
    assert RuleViolation("plain", "Words without parameters {as they are}.", "X").message == \
        "Words without parameters {as they are}."


# -- the catalog -------------------------------------------------------------------
def test_every_message_has_a_german_translation_with_the_same_placeholders():
    catalog = german()
    messages = [m for m in catalog if m.id]
    assert len(messages) > 300
    untranslated = [(m.context, m.id) for m in messages if not m.string or m.fuzzy]
    assert not untranslated, f"translate these in {PO.relative_to(ROOT)}: {untranslated}"
    def names(text):
        return [placeholders(t) for t in ((text,) if isinstance(text, str) else text)]
    wrong = [(m.id, m.string) for m in messages if any(n != names(m.id)[0] for n in names(m.string)[:1])]
    assert not wrong


def test_the_catalog_holds_every_sentence_of_the_domain_and_every_word_of_the_page():
    with open(ROOT / "babel.cfg", encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = {(context, message if isinstance(message, str) else message[0])
             for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map,
                                                             keywords={**DEFAULT_KEYWORDS, "t": None})
             if message}
    held = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in german() if m.id}
    assert ("not_your_turn", "{seat} cannot {what}: {now}.") not in held       # no refusal by its code any more
    assert (None, "{seat} cannot {what}: {now}.") in found and (None, "↶ Undo") in found
    assert not found - held, ("run pybabel extract and update (docs/contributing.md, Translations), then translate: "
                              f"{sorted(found - held, key=str)}")



def descriptions(described: dict) -> set[str]:
    """A move's description and its fields', nested ones too, as GET /api/game-types sends them."""
    found = {described["description"]} if described.get("description") else set()
    for field in described.get("fields", {}).values():
        found |= descriptions(field)
        for inner in ("items", "keys", "values"):
            if inner in field:
                found |= descriptions({"fields": {inner: field[inner]}})
    return found


def test_every_move_form_says_its_descriptions_in_german(client):
    """The page's move forms say each move's description (its schema's
    docstring) and each field's through t(), and the new game's form each
    option's: every one the API sends for every game, Grand Austria Hotel's
    modules and solo variant among them, has its German words in the page's
    catalog."""
    described = client.get("/api/game-types").json["games"]
    games = {game["id"]: game["moves"] for game in described}
    assert {"send_to_ballroom", "reveal_celebrity", "bid", "take_key", "take_bell_reward",       # modules 1-5
            "keep_staff", "draw_instruction", "lay_out_hautel"} <= set(games["grand_austria"])   # solo
    assert {"ballrooms", "rehearsal_boards"} <= set(games["grand_austria"]["setup"]["fields"])
    sent = {(game, kind, text) for game, moves in games.items() for kind, move in moves.items()
            for text in descriptions(move)}
    sent |= {(game["id"], "options", text) for game in described       # the new game's form says them too
             for text in descriptions(game["options"])}
    assert ("vienna", "options", "Vienna's options: a custom board replaces the default (reconstructed) one, "
            "a custom deck the default (reconstructed) cards.") in sent
    assert len(sent) > 150 and all(text == " ".join(text.split()) for _, _, text in sent)
    words = client.get("/api/words/de").json["words"]
    untranslated = sorted((game, kind, text) for game, kind, text in sent if not words.get(text))
    assert not untranslated, ("mark a field's description N_ (a move's docstring is extracted by itself), "
                              f"run the commands of docs/contributing.md, Translations, and translate: {untranslated}")


def test_the_compiled_catalog_is_the_catalog():
    def entry(m):        # a count's message: its forms as a tuple, whichever reader read it
        return (m.context, m.id if isinstance(m.id, str) else tuple(m.id)), \
            m.string if isinstance(m.string, str) else tuple(m.string)
    with open(MO, "rb") as file:
        compiled = dict(entry(m) for m in read_mo(file) if m.id)
    assert compiled == dict(entry(m) for m in german() if m.id), \
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
    from domain.grand_austria.effects import describe
    assert describe({"kind": "prepare", "discount": 2, "max_floor": 2}) == "prepare a room for 2 krones less on floors 1–2"
    assert i18n.say(describe({"kind": "prepare", "discount": 2, "max_floor": 2}), "de") == \
        "bereite ein Zimmer um 2 Kronen billiger im 1. bis 2. Stock vor"
    assert i18n.say(describe({"kind": "emperor", "n": 3}), "de") == "3 Schritte auf der Kaiserleiste"
    assert i18n.say("words nobody marked", "de") == "words nobody marked"
    assert client.get(f"/api/games/{api.id}/state").json == english


def test_without_its_compiled_catalog_the_service_answers_in_english(monkeypatch, tmp_path):
    refusal = said(N_("You do not hold {card}."), card="R4")
    monkeypatch.setattr(i18n, "TRANSLATIONS", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert i18n.say(refusal, "de") == "You do not hold R4."
        assert i18n.words("de") == {}
    finally:
        monkeypatch.undo()
        i18n.translations.cache_clear()
    assert i18n.say(refusal, "de") == "Du hast R4 nicht auf der Hand."


def test_the_catalog_is_current_extraction_and_update_change_nothing_but_dates(tmp_path):
    """The commands of docs/contributing.md ("Translations") run on the sources
    as they are: the template comes out the same, and updating the German
    catalog from it changes nothing but the header's dates."""
    pot = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "t",
                    "--no-location", "--sort-output", "--omit-header", "-o", str(pot), "."],
                   cwd=ROOT, check=True, capture_output=True)
    assert pot.read_text(encoding="utf-8") == (i18n.TRANSLATIONS / "messages.pot").read_text(encoding="utf-8"), \
        "run the commands of docs/contributing.md, Translations"
    copy = tmp_path / "translations"
    (copy / "de" / "LC_MESSAGES").mkdir(parents=True)
    (copy / "de" / "LC_MESSAGES" / "messages.po").write_bytes(PO.read_bytes())
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "update", "-i", str(pot), "-d", str(copy),
                    "--no-fuzzy-matching", "--ignore-obsolete"], check=True, capture_output=True)

    def undated(text):
        return [line for line in text.splitlines() if not line.startswith(('"POT-Creation-Date', '"PO-Revision-Date'))]
    assert undated((copy / "de" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")) == \
        undated(PO.read_text(encoding="utf-8"))


def test_a_facts_reason_is_said_by_its_id_in_a_log_and_a_stored_one_by_itself():
    log = {"entries": [{"outcome": [
        {"fact": "scored", "seat": "Ann", "points": 2, "why": said(N_("room {hotel} prepared"), hotel="2-3")},
        {"fact": "lapsed", "seat": "Ann", "why": "the staff deck is empty"},          # read back from storage
        {"fact": "named", "seat": "the staff deck is empty"}]}]}
    german = i18n.spoken(log, "de")["entries"][0]["outcome"]
    assert german[0]["why"] == "Zimmer 2-3 vorbereitet" and german[1]["why"] == "der Personalstapel ist leer"
    assert german[2]["seat"] == "the staff deck is empty"           # only a reason is looked up by itself
    assert i18n.spoken(log, "en") is log


def test_a_language_is_spoken_once_its_catalog_is_there(tmp_path):
    """Adding a language is one .po file (compiled): the service finds it by its folder."""
    for lang in ("de", "fr"):
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / lang / "LC_MESSAGES" / "messages.po").write_text("", encoding="utf-8")
    (tmp_path / "xx").mkdir()                                   # no catalog: no language
    assert i18n.spoken_languages(tmp_path) == ("en", "de", "fr")
    assert i18n.LANGUAGES == ("en", "de") and i18n.own_name("fr") == "Français"


def test_a_solo_step_stored_before_its_words_had_an_id_is_said_by_its_kind_and_fields():
    """An old record's opponent step holds English words only: another language says it again from its
    fields, never by reading the English back; a step with its id is said by its id."""
    from domain.grand_austria.solo.stored import stored_step
    old = {"fact": "bot_guest", "seat": "bot", "guest": "Poet", "position": 2,
           "text": "Leopold takes Poet (blue, 3 VP) from queue position 2, pays nothing and gets no reward."}
    new = {**old, "text": said(N_("{who} takes no guest: none in the queue fits an empty room of {who}'s hotel."),
                               who="Leopold")}
    log = {"entries": [{"outcome": [old, new, {"fact": "celebrity_revealed", "name": "Freud", "text": "printed"}]}]}
    german = i18n.spoken(log, "de")["entries"][0]["outcome"]
    assert german[0]["text"] == "Der Gegner nimmt Poet von Warteschlangenplatz 2."
    assert german[1]["text"].startswith("Leopold nimmt keinen Gast")
    assert german[2]["text"] == "printed"                  # a printed text is no step of the opponent's
    assert i18n.spoken(log, "en")["entries"][0]["outcome"][0]["text"] == old["text"]
    assert stored_step({"fact": "lapsed", "step": "bot_staff"}) == "The opponent's private deck is empty."

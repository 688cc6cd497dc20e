"""Wiener Walzer through the HTTP API in the documentation's words: the rulebook's
examples recorded move by move, and every wrong input refused (422 with the
rule in words, 400 when malformed) without changing the game."""
from __future__ import annotations

import pytest

from domain.wiener_walzer.components import PLAYER_COLOURS
from test_wiener_walzer_api import create, record, state
from wiener_walzer_table import BALLROOM


def table_game(client, players, neutral=None, layout=BALLROOM, events=False, buffet=None):
    """A table game on the 7 x 7 test ballroom (b1 gold-framed); players named
    after a colour play it; every tile is cheese unless ``buffet`` says otherwise."""
    colours = {p: p.lower() for p in players if p.lower() in PLAYER_COLOURS}
    game = create(client, players=list(players), options={"colours": colours, "layout": layout, "events": events})
    spaces = state(client, game)["spaces"]
    tiles = {space: ["cheese"] for space, square in spaces.items() if not square["gold"]}
    tiles.update(buffet or {})
    neutral = neutral or {space: "G4" for space, square in spaces.items() if square["gold"]}
    record(client, game, {"type": "setup", "neutral": neutral, "buffet": tiles})
    return game


def place(client, game, seat, card, space):
    return record(client, game, {"type": "place", "seat": seat, "card": card, "space": space})


def refused(client, game, move, code):
    """``move`` is refused with ``code`` (``malformed``: HTTP 400, else 422 with
    the rule) and the game is as it was."""
    before = state(client, game)
    body = record(client, game, move, status=400 if code == "malformed" else 422)
    error = body
    assert error["code"] == code, (move, error)
    if code != "malformed":
        assert error["detail"].endswith(".") and error["rule"], error
    assert state(client, game) == before
    return error


def danced(body):
    return [{f["dancer"], f["partner"]} for f in body["outcome"] if f["fact"] == "danced"]


# -- the rulebook's examples ("Dances") ----------------------------------------------------------
def test_rulebook_example_blue_plays_the_lady_1_and_the_enclosed_gentleman_3_dances_with_the_green_lady_5(client):
    game = table_game(client, ("Blue", "Green", "Red"))
    place(client, game, "Blue", "G3", "c3")
    place(client, game, "Green", "L5", "c2")
    place(client, game, "Red", "G2", "b3")
    place(client, game, "Blue", "G5", "g7")
    place(client, game, "Green", "L4", "a7")
    place(client, game, "Red", "L2", "d3")
    body = place(client, game, "Blue", "L1", "c4")
    assert danced(body) == [{"c3", "c2"}]
    assert {"fact": "placed", "seat": "Blue", "card": "L1", "space": "c4", "tile": ["cheese"]} in body["outcome"]
    now = state(client, game)
    assert now["scores"] == {"Blue": 8, "Green": 8, "Red": 0}
    assert now["spaces"]["c3"]["guest"] == {"card": "G3", "owner": "Blue", "colour": "blue", "sex": "gentleman",
                                            "value": 3, "turned": True}
    assert now["spaces"]["c2"]["guest"]["turned"] and not now["spaces"]["c4"]["guest"]["turned"]
    assert now["expected"] == {"seats": ["Green"], "moves": ["place"]}


def second_example(client):
    """Green plays the gentleman 1 on a2: the yellow lady 3 (a1) and the blue
    lady 4 (b2) are enclosed, both best with the white gentleman 4 (b1)."""
    game = table_game(client, ("Green", "Yellow", "Blue", "Red"), neutral={"b1": "G4"})
    for seat, card, space in [("Green", "G5", "g7"), ("Yellow", "L3", "a1"), ("Blue", "L4", "b2"),
                              ("Red", "L5", "c2"), ("Green", "L5", "e7"), ("Yellow", "L4", "a7"),
                              ("Blue", "G5", "g1"), ("Red", "L2", "b3")]:
        assert danced(place(client, game, seat, card, space)) == []
    body = place(client, game, "Green", "G1", "a2")
    assert danced(body) == []
    return game, body


def test_rulebook_example_green_decides_which_of_two_dances_comes_first(client):
    game, body = second_example(client)
    choice = [f for f in body["outcome"] if f["fact"] == "dance_choice"]
    assert choice[0]["options"] == [{"dancer": "a1", "partner": "b1"}, {"dancer": "b2", "partner": "b1"}]
    now = state(client, game)
    assert now["expected"] == {"seats": ["Green"], "moves": ["dance"]}
    assert now["dance_options"] == choice[0]["options"]
    legal = client.get(f"/api/games/{game['id']}/legal-moves").json["moves"]
    assert legal == [{"type": "dance", "seat": "Green", "dancer": "a1", "partner": "b1"},
                     {"type": "dance", "seat": "Green", "dancer": "b2", "partner": "b1"}]
    body = record(client, game, {"type": "dance", "seat": "Green", "dancer": "a1", "partner": "b1"})
    assert danced(body) == [{"a1", "b1"}, {"b2", "a2"}]       # the blue lady's dance is then forced
    now = state(client, game)
    assert now["scores"] == {"Green": 5, "Yellow": 7, "Blue": 5, "Red": 0}
    assert all(now["spaces"][s]["guest"]["turned"] for s in ("a1", "b1", "b2", "a2"))
    assert now["expected"] == {"seats": ["Yellow"], "moves": ["place"]}


def test_while_green_chooses_a_dance_every_other_move_is_refused_with_the_rule(client):
    game, _ = second_example(client)
    refused(client, game, {"type": "dance", "seat": "Green", "dancer": "c2", "partner": "b2"}, "not_due")
    refused(client, game, {"type": "dance", "seat": "Green", "dancer": "b2", "partner": "a2"}, "not_best_partner")
    refused(client, game, {"type": "dance", "seat": "Green", "dancer": "z9", "partner": "b1"}, "not_in_play")
    refused(client, game, {"type": "dance", "seat": "Yellow", "dancer": "a1", "partner": "b1"}, "not_your_turn")
    refused(client, game, {"type": "place", "seat": "Green", "card": "L2", "space": "d5"}, "dance_pending")
    refused(client, game, {"type": "place", "seat": "Yellow", "card": "L2", "space": "d5"}, "dance_pending")
    refused(client, game, {"type": "event", "card": "tortung"}, "no_event_due")
    refused(client, game, {"type": "dance", "seat": "Green", "dancer": "A1", "partner": "b1"}, "malformed")
    refused(client, game, {"type": "dance", "seat": "Green", "dancer": "a1"}, "malformed")


# -- wrong inputs ------------------------------------------------------------------------------------
def test_a_wrong_setup_is_refused_and_the_board_stays_empty(client):
    game = create(client, players=["Ann", "Ben"], options={"layout": BALLROOM})
    spaces = [s for s in state(client, game)["spaces"] if s != "b1"]
    tiles = {s: ["cheese"] for s in spaces}
    for move, code in [
        ({"neutral": {}, "buffet": tiles}, "neutral_spaces"),
        ({"neutral": {"b1": "G4", "a1": "L1"}, "buffet": tiles}, "neutral_spaces"),
        ({"neutral": {"b1": "G4"}, "buffet": {**tiles, "b1": ["cigar"]}}, "buffet_spaces"),
        ({"neutral": {"b1": "G4"}, "buffet": {s: ["cheese"] for s in spaces[1:]}}, "buffet_spaces"),
        ({"neutral": {"b1": "G4"}, "buffet": {**tiles, "h1": ["cigar"]}}, "buffet_spaces"),
        ({"neutral": {"b1": "X4"}, "buffet": tiles}, "malformed"),
        ({"neutral": {"b1": "G4"}, "buffet": {**tiles, "a1": []}}, "malformed"),
        ({"neutral": {"b1": "G4"}, "buffet": {**tiles, "a1": ["strudel"]}}, "malformed"),
        ({"neutral": {"b1": "G4"}, "buffet": {**tiles, "a1": "cheese"}}, "malformed"),
        ({"neutral": {"b1": "G4"}}, "malformed"),
    ]:
        refused(client, game, {"type": "setup", **move}, code)
    refused(client, game, {"type": "place", "seat": "Ann", "card": "L1", "space": "a1"}, "not_set_up")
    record(client, game, {"type": "setup", "neutral": {"b1": "G4"}, "buffet": tiles})
    refused(client, game, {"type": "setup", "neutral": {"b1": "G4"}, "buffet": tiles}, "already_set_up")


def test_wrong_placements_are_refused_with_the_rule_and_change_nothing(client):
    game = table_game(client, ("Ann", "Ben"))
    place(client, game, "Ann", "L3", "d4")
    place(client, game, "Ben", "G0", "a7")
    for move, code in [
        ({"seat": "Ben", "card": "L1", "space": "e4"}, "not_your_turn"),
        ({"seat": "Zoe", "card": "L1", "space": "e4"}, "unknown_seat"),
        ({"seat": "Ann", "card": "L3", "space": "e4"}, "card_not_held"),
        ({"seat": "Ann", "card": "L1", "space": "d4"}, "space_taken"),
        ({"seat": "Ann", "card": "L1", "space": "b1"}, "space_taken"),      # the white guest's gold space
        ({"seat": "Ann", "card": "L1", "space": "h1"}, "not_in_play"),
        ({"seat": "Ann", "card": "L1", "space": "a8"}, "not_in_play"),
        ({"seat": "Ann", "card": "L6", "space": "e4"}, "malformed"),
        ({"seat": "Ann", "card": "l1", "space": "e4"}, "malformed"),
        ({"seat": "Ann", "card": "L1", "space": "E4"}, "malformed"),
        ({"seat": "Ann", "card": "L1"}, "malformed"),
        ({"card": "L1", "space": "e4"}, "malformed"),
        ({"seat": "Ann", "card": "L1", "space": "e4", "tile": ["cheese"]}, "malformed"),
    ]:
        refused(client, game, {"type": "place", **move}, code)
    for move, code in [({"type": "dance", "seat": "Ann", "dancer": "d4", "partner": "a7"}, "no_dance_choice"),
                       ({"type": "event", "card": "tortung"}, "no_event_due"),
                       ({"type": "resolve_event", "seat": "Ann", "lapse": True}, "no_event"),
                       ({"type": "waltz"}, "malformed"), ({}, "malformed")]:
        refused(client, game, move, code)


def test_an_event_is_drawn_and_carried_out_through_the_api_and_wrong_resolutions_are_refused(client):
    game = table_game(client, ("Blue", "Green"), events=True, buffet={"d5": ["sachertorte"]})
    place(client, game, "Blue", "G3", "d4")
    body = place(client, game, "Green", "L0", "a7")
    assert state(client, game)["expected"] == {"seats": ["table"], "moves": ["event"]}
    refused(client, game, {"type": "place", "seat": "Blue", "card": "L1", "space": "e4"}, "event_due")
    refused(client, game, {"type": "event", "card": "zwei_zigarren"}, "malformed")
    record(client, game, {"type": "event", "card": "tortung"})
    assert state(client, game)["expected"] == {"seats": ["Green"], "moves": ["resolve_event"]}
    assert state(client, game)["event"]["card"] == "tortung"
    refused(client, game, {"type": "resolve_event", "seat": "Green", "lapse": True}, "event_possible")
    refused(client, game, {"type": "resolve_event", "seat": "Green", "guest": "a7"}, "no_cake")
    refused(client, game, {"type": "resolve_event", "seat": "Green", "guest": "d4", "tile": "d5"}, "event_fields")
    refused(client, game, {"type": "resolve_event", "seat": "Green"}, "event_fields")
    refused(client, game, {"type": "resolve_event", "seat": "Blue", "guest": "d4"}, "not_your_turn")
    refused(client, game, {"type": "resolve_event", "seat": "Green", "guest": "D4"}, "malformed")
    refused(client, game, {"type": "event", "card": "tortung"}, "no_event_due")
    body = record(client, game, {"type": "resolve_event", "seat": "Green", "guest": "d4"})
    assert {"fact": "scored", "seat": "Blue", "points": 0, "why": "Tortung: cake next to G3 on d4"} in body["outcome"]
    assert state(client, game)["expected"] == {"seats": ["Blue"], "moves": ["place"]}
    assert state(client, game)["event_cards_left"] == 11


@pytest.mark.parametrize("layout, status, code", [
    (["o" * 23], 422, "layout_too_small"),
    (["G" * 13 + "o" * 24], 422, "layout_gold"),
    (["o" * 67], 422, "layout_buffet"),
    (["oooo", "ooo"], 422, "components_refused"),
    (["ooxo"], 422, "components_refused"),
    ([], 422, "components_refused"),
    ("oooo", 400, "malformed"),
])
def test_a_custom_layout_outside_the_limits_is_refused(client, layout, status, code):
    r = client.post("/api/games", json={"game": "wiener_walzer", "players": ["Ann", "Ben"],
                                        "options": {"layout": layout}})
    assert r.status_code == status and r.json["code"] == code, r.json
    if status == 422:       # a rule of the set-up, or where the board given does not read as one
        assert r.json.get("rule") == "Setup" or "layout" in r.json["fields"]["options"], r.json


def test_a_custom_layout_is_the_board_and_its_spaces_are_named_from_the_top_left(client):
    layout = ["oGo."] + ["oooo"] * 6
    game = create(client, players=["Ann", "Ben"], options={"layout": layout})
    now = state(client, game)
    assert now["layout"] == layout
    assert list(now["spaces"])[:4] == ["a1", "b1", "c1", "a2"]
    assert now["spaces"]["b1"]["gold"] and not now["spaces"]["a2"]["gold"] and "d1" not in now["spaces"]


def test_the_vocabulary_names_the_options_and_moves_of_the_issue(client):
    types = client.get("/api/game-types").json
    walzer = next(g for g in types["games"] if g["id"] == "wiener_walzer")
    assert set(walzer["options"]["fields"]) == {"colours", "events", "layout"}
    fields = {kind: set(move["fields"]) for kind, move in walzer["moves"].items()}
    assert fields["setup"] >= {"type", "neutral", "buffet"}
    assert fields["place"] == {"type", "seat", "card", "space"}
    assert fields["dance"] == {"type", "seat", "dancer", "partner"}
    assert fields["event"] == {"type", "card"}
    assert fields["resolve_event"] >= {"type", "seat", "lapse"}

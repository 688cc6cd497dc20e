"""Module 5 "Would You Like Some More?" through the HTTP API: whole games at
the table and in digital mode, alone and with modules 1 and 4, for 2-4
players; bell cards and new tiles in the state; illegal choices refused with
the rule in words (422), a bad bell card as malformed (400)."""
from __future__ import annotations

import random

import pytest
from grand_austria_api_game import PLAYERS, play_through, start_game
from test_grand_austria_playouts import busy_move

from domain.grand_austria import GAME

COMBINATIONS = [["more"], ["more", "ballrooms"], ["more", "start_player"], ["more", "ballrooms", "start_player"],
                ["more", "celebrities"], ["more", "celebrities", "ballrooms", "start_player"]]


def check_bells(move, answer):
    if move["type"] == "take_bell_reward":
        bells = answer["state"]["bells"][move["seat"]]
        assert any(b["status"] == "face_down" for b in bells)


def table_game(client, players, modules, seed):
    game_id, headers = play_through(client, players, modules, seed, check_bells)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == modules
    audit = client.get(f"/api/games/{game_id}/audit", headers=headers)
    assert audit.status_code == 200 and audit.json["ok"], audit.json


def digital_game(client, players, modules, seed):
    """The service rolls, deals and reveals; each seat moves with its own token."""
    r = client.post("/api/games", json={"game": "grand_austria", "players": PLAYERS[:players], "mode": "digital",
                                        "seed": seed, "options": {"modules": modules}})
    assert r.status_code == 201, r.json
    game_id, tokens = r.json["id"], r.json["tokens"]["seats"]
    games = client.application.extensions["tablelog"]
    rng = random.Random(seed)
    while not GAME.finished(state := games.history(game_id).state):
        move = busy_move(state, rng)
        r = client.post(f"/api/games/{game_id}/moves", json={"move": move},
                        headers={"Authorization": f"Bearer {tokens[move['seat']]}"})
        assert r.status_code == 201, (move, r.json)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == modules


def test_a_whole_module_5_game_at_the_table_and_in_digital_mode(client):
    table_game(client, 3, ["more"], 3)
    digital_game(client, 2, ["more"], 5)


@pytest.mark.slow
@pytest.mark.parametrize("modules", COMBINATIONS, ids=["m5", "m5+m1", "m5+m4", "m5+m1+m4", "m5+m2", "m5+m2+m1+m4"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_every_combination_at_the_table_and_in_digital_mode(client, players, modules):
    table_game(client, players, modules, 20 + players)
    digital_game(client, players, modules, 40 + players)


def post(client, game_id, headers, move):
    return client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)


def test_illegal_choices_are_refused_with_the_rule_and_bad_cards_as_malformed(client):
    game_id, headers = start_game(client, 2, ["more"])
    setup = {"type": "setup", "objectives": [180, 181, 182], "emperor_tiles": ["A6", "B6", "C6"],
             "queue": [49, 63, 77, 91, 50], "start_player": "Anna",
             "hands": {"Anna": [168, 170, 171, 172, 175, 179], "Beth": [1, 2, 3, 4, 5, 6]}}
    r = post(client, game_id, headers, setup)
    assert r.status_code == 201, r.json
    state = r.json["state"]
    assert [o["number"] for o in state["objectives"]] == [180, 181, 182]
    assert state["large_order_pile"] == {"Anna": [], "Beth": []}
    bad = {"name": "Bell Boy", "cost": 1, "kind": "bell", "requirement": {"measure": "happiness", "at_least": 2}}
    r = post(client, game_id, headers, {"type": "hire", "seat": "Anna", "staff": bad})
    assert r.status_code == 400 and "requirement" in r.get_data(as_text=True)
    r = post(client, game_id, headers, {"type": "take_bell_reward", "seat": "Anna", "staff": 168})
    assert r.status_code == 422 and r.json["code"] == "unexpected_move"
    r = post(client, game_id, headers, {"type": "return_item", "seat": "Anna", "item": "champagne"})
    assert r.status_code == 400


def test_a_bell_card_named_in_a_base_game_is_refused(client):
    game_id, headers = start_game(client, 2, [])
    setup = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
             "queue": [49, 63, 77, 91, 50], "start_player": "Anna", "hands": {"Anna": [168, 2, 3, 4, 5, 6]}}
    r = post(client, game_id, headers, setup)
    assert r.status_code == 422 and r.json["code"] == "card_not_in_game"
    assert "not in this game" in r.json["detail"]

"""Module 4 "Start Player" through the HTTP API: whole 2-, 3- and 4-player
games recorded at the table with ``modules: ["start_player"]``, the key and
the new tiles in the state, an unknown module refused as malformed."""
from __future__ import annotations

import random

import pytest
from test_grand_austria_playouts import busy_move

from domain.grand_austria import GAME
from domain.grand_austria.modules.start_player import data

PLAYERS = ["Anna", "Beth", "Cyril", "Dora"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_with_module_4_through_the_api(client, players):
    r = client.post("/api/games", json={"game": "grand_austria", "players": PLAYERS[:players], "mode": "table",
                                        "options": {"modules": ["start_player"]}})
    assert r.status_code == 201, r.json
    game_id, headers = r.json["id"], {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}
    games = client.application.extensions["tablelog"]
    rng = random.Random(players)
    keys = 0
    while not GAME.finished(games.history(game_id).state):
        move = busy_move(games.history(game_id).state, rng)
        r = client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)
        assert r.status_code == 201, (move, r.json)
        if move["type"] == "take_key":
            keys += 1
            assert r.json["state"]["skeleton_key"] == move["seat"]
        if move["type"] == "setup":
            tiles = sorted(tuple(p["turn_order"]) for p in r.json["state"]["players"].values())
            assert tiles == sorted(tuple(t) for t in data()["turn_order"][str(players)])
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == ["start_player"] and keys


def test_an_unknown_module_is_refused_as_malformed(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Bob"],
                                        "options": {"modules": ["waltzing_mice"]}})
    assert r.status_code == 400 and "Unknown module 'waltzing_mice'" in r.get_data(as_text=True)

"""Module 4 "Start Player" through the HTTP API: whole 2-, 3- and 4-player
games recorded at the table with ``modules: ["start_player"]``, the key and
the new tiles in the state, an unknown module refused as malformed."""
from __future__ import annotations

import pytest
from grand_austria_api_game import play_through

from domain.grand_austria.modules.start_player import data


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_with_module_4_through_the_api(client, players):
    keys = []

    def each(move, answer):
        if move["type"] == "take_key":
            keys.append(move["seat"])
            assert answer["state"]["skeleton_key"] == move["seat"]
        if move["type"] == "setup":
            tiles = sorted(tuple(p["turn_order"]) for p in answer["state"]["players"].values())
            assert tiles == sorted(tuple(t) for t in data()["turn_order"][str(players)])

    game_id, headers = play_through(client, players, ["start_player"], players, each)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == ["start_player"] and keys


def test_an_unknown_module_is_refused_as_malformed(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Bob"],
                                        "options": {"modules": ["waltzing_mice"]}})
    assert r.status_code == 400 and "Unknown module 'waltzing_mice'" in r.get_data(as_text=True)

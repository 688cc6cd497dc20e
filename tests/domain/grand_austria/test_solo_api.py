"""The solo variant through the HTTP API: a whole game at each level
recorded at the table (the scorekeeper draws each instruction card, the
engine carries it out and answers the steps in words), a digital game the
service draws for, and refusals as 422 with the rule."""
from __future__ import annotations

import random

import pytest
from grand_austria_api_game import play_through, start_game
from test_grand_austria_playouts import busy_move

from domain.grand_austria import GAME


@pytest.mark.parametrize("modules, opponent", [([], "Leopold"), (["ballrooms"], "Elisabeth")])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_whole_solo_game_through_the_api(client, level, modules, opponent):
    steps = []

    def each(move, answer):
        if move["type"] == "draw_instruction":
            words = [f["text"] for f in answer["outcome"] if "text" in f]
            assert words[0].startswith(f"{opponent} draws instruction card {move['card']}")
            steps.append(words)

    game_id, headers = play_through(client, 1, modules, 5, each, solo={"difficulty": level})
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and set(final["scores"]) == {"Anna", "bot"}
    assert final["solo"]["opponent"] == opponent and final["solo"]["difficulty"] == level
    assert final["winners"] in (["Anna"], ["bot"])
    assert 10 <= len(steps) <= 14
    audit = client.get(f"/api/games/{game_id}/audit", headers=headers)
    assert audit.status_code == 200 and audit.json["ok"], audit.json


def test_a_digital_solo_game_the_service_draws_for(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Anna"], "mode": "digital", "seed": 3,
                                        "options": {"solo": {"difficulty": "medium"}}})
    assert r.status_code == 201, r.json
    game_id, anna = r.json["id"], {"Authorization": f"Bearer {r.json['tokens']['seats']['Anna']}"}
    games = client.application.extensions["tablelog"]
    rng = random.Random(3)
    while not GAME.finished(games.history(game_id).state):
        state = games.history(game_id).state
        assert not GAME.expected(state).is_chance           # the service made every draw
        r = client.post(f"/api/games/{game_id}/moves", json={"move": busy_move(state, rng)}, headers=anna)
        assert r.status_code == 201, r.json
    log = client.get(f"/api/games/{game_id}/log", headers=anna).json
    drawn = [e for e in log["entries"] if e["move"]["type"] == "draw_instruction"]
    assert drawn and {e["recorded_by"] for e in drawn} == {"service"}
    assert all(e["outcome"][0]["text"].startswith("Leopold draws") for e in drawn)


def test_refusals_are_422_with_the_rule(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Anna"], "mode": "table",
                                        "options": {"solo": {"difficulty": "easy"}, "modules": ["start_player"]}})
    assert r.status_code == 422 and r.json["code"] == "solo_start_player"
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["bot"], "mode": "table",
                                        "options": {"solo": {"difficulty": "easy"}}})
    assert r.status_code in (400, 422)
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Anna"], "mode": "table",
                                        "options": {"solo": {"difficulty": "impossible"}}})
    assert r.status_code == 400
    game_id, headers = start_game(client, 1, [], solo={"difficulty": "hard"})
    setup = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
             "queue": [49, 63, 77, 91, 50], "start_player": "Anna"}
    r = client.post(f"/api/games/{game_id}/moves", json={"move": setup}, headers=headers)
    assert r.status_code == 422 and r.json["code"] == "solo_start"
    assert "first turn" in r.json["detail"]

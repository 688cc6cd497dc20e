"""Module 2 "Celebrities" through the HTTP API: whole 2-, 3- and 4-player
games recorded at the table and played digitally (the service rolls, draws
and reveals) with ``modules: ["celebrities"]`` and its combinations with
modules 1 and 4; the lounge and the celebrities held in the state; an
illegal choice refused with the rule in words (422), a bad tile as malformed
(400)."""
from __future__ import annotations

import random

import pytest
from grand_austria_api_game import PLAYERS, play_through, start_game

COMBINATIONS = [["celebrities"], ["celebrities", "ballrooms"], ["celebrities", "start_player"],
                ["ballrooms", "celebrities", "start_player"]]
IDS = ["m2", "m2+m1", "m2+m4", "m1+m2+m4"]


@pytest.mark.slow
@pytest.mark.parametrize("modules", COMBINATIONS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_module_2_game_recorded_at_the_table(client, players, modules):
    taken = []

    def each(move, answer):
        state = answer["state"]
        if move["type"] == "lay_out_lounge":
            assert [s["colour"] for s in state["lounge"]] == ["red", "blue", "yellow"]
        if move["type"] == "take_die" and move.get("colour") and "celebrities" in state:
            taken.append(move["seat"])
            assert move["seat"] in state["celebrities"]

    game_id, headers = play_through(client, players, modules, 200 + players, each)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == modules and taken
    assert len(final["lounge"]) == 3 and final["celebrities"] == {}       # discarded after the last round
    audit = client.get(f"/api/games/{game_id}/audit", headers=headers)
    assert audit.status_code == 200 and audit.json["ok"], audit.json


@pytest.mark.slow
@pytest.mark.parametrize("modules", COMBINATIONS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_module_2_game_played_digitally(client, players, modules):
    """Each seat moves with its own token; the service rolls, deals, lays out and refills the lounge."""
    r = client.post("/api/games", json={"game": "grand_austria", "players": PLAYERS[:players], "mode": "digital",
                                        "seed": 300 + players, "options": {"modules": modules}})
    assert r.status_code == 201, r.json
    game_id, seats = r.json["id"], r.json["tokens"]["seats"]
    table = {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}
    rng = random.Random(players)
    for _ in range(3000):
        if client.get(f"/api/games/{game_id}/state").json["finished"]:
            break
        seat = client.get(f"/api/games/{game_id}/legal-moves", headers=table).json["expected"]["seats"][0]
        moves = client.get(f"/api/games/{game_id}/legal-moves",
                           headers={"Authorization": f"Bearer {seats[seat]}"}).json["moves"]
        active = [m for m in moves if m["type"] not in ("pass", "decline", "end_turn")]
        move = rng.choice(active if active and rng.random() < 0.85 else moves)
        r = client.post(f"/api/games/{game_id}/moves", json={"move": move},
                        headers={"Authorization": f"Bearer {seats[move['seat']]}"})
        assert r.status_code == 201, (move, r.json)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == modules
    kinds = [e["move"]["type"] for e in client.get(f"/api/games/{game_id}/log", headers=table).json["entries"]]
    assert kinds.count("lay_out_lounge") == 1 and kinds.count("reveal_celebrity") >= 6
    assert any(k == "take_die" for k in kinds)


def test_illegal_choices_are_refused_with_the_rule_and_a_bad_tile_as_malformed(client):
    game_id, headers = start_game(client, 2, ["celebrities"])

    def post(move):
        return client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)

    setup = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
             "queue": [49, 63, 77, 91, 50], "start_player": "Anna"}
    assert post(setup).status_code == 201
    r = post({"type": "lay_out_lounge", "celebrities": ["Gandhi", {"name": "X", "effect": "juggling"}, "Picasso"]})
    assert r.status_code == 400 and "effect is one of" in r.get_data(as_text=True)
    r = post({"type": "lay_out_lounge", "celebrities": ["Gandhi", "Mata Hari", "Marie Curie"]})
    assert r.status_code == 422 and r.json["code"] == "unknown_celebrity"
    assert "No celebrity of this game is called 'Mata Hari'" in r.json["detail"]
    r = post({"type": "lay_out_lounge", "celebrities": ["Gandhi", "Albert Einstein", "Marie Curie"]})
    assert r.status_code == 201 and r.json["state"]["lounge"][1]["celebrity"]["name"] == "Albert Einstein"
    r = post({"type": "exchange", "seat": "Beth", "give": {"cake": 1}, "take": {"wine": 1}})
    assert r.status_code == 422

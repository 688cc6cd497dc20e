"""Module 1 "Vienna Ballrooms" through the HTTP API: whole 2-, 3- and 4-player
games recorded at the table with ``modules: ["ballrooms"]`` (and with module 4),
the boards laid out by printed content, the ballrooms and rehearsal boards in
the state, illegal sends refused with the rule (422), bad boards as malformed
(400)."""
from __future__ import annotations

import pytest
from grand_austria_api_game import PLAYERS, play_through, start_game


@pytest.mark.parametrize("modules", [["ballrooms"], ["ballrooms", "start_player"]], ids=["m1", "m1+m4"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_module_1_game_through_the_api(client, players, modules):
    def each(move, answer):
        if move["type"] == "lay_out_ballrooms":
            assert [b["round"] for b in answer["state"]["ballrooms"]] == [3, 5, 7]
        if move["type"] in ("send_to_ballroom", "send_dancer"):
            assert any(move["seat"] in row["spaces"] or move["seat"] in room.get("balcony", [])
                       for room in answer["state"]["ballrooms"] for row in room["rows"])

    game_id, headers = play_through(client, players, modules, players, each)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == modules
    assert all(room["scored"] for room in final["ballrooms"])
    assert set(final["rehearsal"]) == set(PLAYERS[:players])
    audit = client.get(f"/api/games/{game_id}/audit", headers=headers)
    assert audit.status_code == 200 and audit.json["ok"], audit.json


def test_illegal_choices_are_refused_with_the_rule_and_bad_boards_as_malformed(client):
    game_id, headers = start_game(client, 2, ["ballrooms"])
    setup = {"type": "setup", "objectives": [163, 109, 113], "emperor_tiles": ["A5", "B5", "C5"],
             "queue": [141, 137, 139, 134, 49], "start_player": "Anna"}
    assert client.post(f"/api/games/{game_id}/moves", json={"move": setup}, headers=headers).status_code == 201
    bad = {"type": "lay_out_ballrooms", "ballrooms": ["Prater", "Zum Sperl", "Odeonsaal"],
           "rehearsal_boards": ["R1", "R2"]}
    r = client.post(f"/api/games/{game_id}/moves", json={"move": bad}, headers=headers)
    assert r.status_code == 400 and "Prater" in r.get_data(as_text=True)
    same = {**bad, "ballrooms": ["Zum Sperl", "Zum Sperl", "Odeonsaal"]}
    r = client.post(f"/api/games/{game_id}/moves", json={"move": same}, headers=headers)
    assert r.status_code == 422 and "different ballroom" in r.get_data(as_text=True)
    good = {**bad, "ballrooms": ["Apollosaal", "Zum Sperl", {"name": "Odeonsaal", "rows": {
        "top": {"spaces": 1, "cost": 5}, "bottom": {"spaces": 2, "cost": 0}}}]}
    r = client.post(f"/api/games/{game_id}/moves", json={"move": good}, headers=headers)
    assert r.status_code == 201, r.json
    assert r.json["state"]["ballrooms"][2]["rows"] == [
        {"row": "top", "cost": 5, "spaces": [None], "bonus": [{"kind": "occupy"}, {"kind": "vp", "n": 3}],
         "bonus_words": ["occupy a prepared room", "3 VP"]},
        {"row": "bottom", "cost": 0, "spaces": [None, None], "bonus": [], "bonus_words": []}]
    r = client.post(f"/api/games/{game_id}/moves", headers=headers, json={"move": {
        "type": "send_to_ballroom", "seat": "Beth", "table": 1, "ballroom": 1, "row": "top", "section": 1}})
    assert r.status_code == 422

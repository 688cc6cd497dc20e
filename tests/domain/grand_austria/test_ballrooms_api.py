"""Module 1 "Vienna Ballrooms" through the HTTP API: whole 2-, 3- and 4-player
games recorded at the table with ``modules: ["ballrooms"]`` (and with module 4),
the boards laid out by printed content, the ballrooms and rehearsal boards in
the state, illegal sends refused with the rule (422), bad boards as malformed
(400)."""
from __future__ import annotations

import pytest
from grand_austria_api_game import PLAYERS, play_through, start_game

from domain.grand_austria.effects import guest_card


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


OPERA_SINGER = {"name": "Opera Singer", "colour": "blue", "order": {"wine": 1, "champagne": 2}, "vp": 8,
                "reward": [{"kind": "dancer", "free": True}]}
BANDLEADER = {"name": "Bandleader", "cost": 3, "kind": "once", "on_hire": [{"kind": "item", "item": "champagne", "n": 2}]}


def by_printed_content(move):
    """The table enters what its copy has by printed content: the boards in
    the setup (one space more in every row, its own rehearsal boards), a
    guest the catalog lacks in the queue, module 1's guests revealed and a
    staff card drawn."""
    if move["type"] == "setup":
        ballrooms = [{"name": b["name"], "rows": {r: {**spec, "spaces": spec["spaces"] + 1} for r, spec in
                                                   b["rows"].items()}} for b in move["ballrooms"]]
        return {**move, "queue": [OPERA_SINGER] + move["queue"][1:], "ballrooms": ballrooms,
                "rehearsal_boards": [{**b, "id": f"Ours {i + 1}"} for i, b in enumerate(move["rehearsal_boards"])]}
    if move["type"] == "reveal_guest" and isinstance(move["card"], int) and move["card"] >= 134:
        return {**move, "card": {k: v for k, v in guest_card(move["card"]).to_json().items() if k != "number"}}
    if move["type"] == "draw_staff" and 120 in move.get("cards", []):
        return {**move, "cards": [BANDLEADER if c == 120 else c for c in move["cards"]]}
    return move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_module_1_game_through_the_api_with_printed_content_where_the_catalog_lacks_it(client, players):
    def each(move, answer):
        if move["type"] == "setup":
            assert answer["state"]["queue"][0]["name"] == "Opera Singer"
            assert all(row["cost"] >= 0 for room in answer["state"]["ballrooms"] for row in room["rows"])

    game_id, headers = play_through(client, players, ["ballrooms", "start_player"], 30 + players, each,
                                    by_printed_content)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and all(room["scored"] for room in final["ballrooms"])
    assert {b["board"] for b in final["rehearsal"].values()} <= {f"Ours {i}" for i in range(1, 5)}
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

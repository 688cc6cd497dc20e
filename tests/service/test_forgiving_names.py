"""Issue 16, point 2: names typed in the API are matched forgivingly (case,
accents: "cafe central" is Café Central) and the move records the name as
printed; a name that is none stays refused in the rule's words."""
from __future__ import annotations

from domain.vienna.components import start_cards

PLAYERS = ["Sabrina", "Matthew", "Nancy", "Oscar"]


def record(client, game, move, status=201):
    r = client.post(f"/api/games/{game['id']}/moves", json={"move": move},
                    headers={"Authorization": f"Bearer {game['tokens']['scorekeeper']}"})
    assert r.status_code == status, (move, r.json)
    return r.json


def test_vienna_fields_typed_loosely_are_recorded_as_printed(client):
    game = client.post("/api/games", json={"game": "vienna", "players": PLAYERS}).json
    for seat, card in zip(["Oscar", "Nancy", "Matthew", "Sabrina"], start_cards()[2:]):
        record(client, game, {"type": "choose_start_card", "seat": seat, "card": card.to_json(with_coins=True)})
    record(client, game, {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1}, {
        "name": "Mayor", "citizens": 2, "crowns": 1}, {"name": "Coachman", "citizens": 1}]})
    record(client, game, {"type": "roll", "seat": "Sabrina", "dice": ["2", "2", "3", "6"]})
    record(client, game, {"type": "place", "seat": "Sabrina", "field": "cafe landtmann", "dice": ["6"]})
    record(client, game, {"type": "roll", "seat": "Matthew", "dice": ["4", "5", "3", "3"]})
    record(client, game, {"type": "place", "seat": "Matthew", "field": "UNIVERSITAT", "dice": ["5"]})
    record(client, game, {"type": "roll", "seat": "Nancy", "dice": ["2", "5", "6", "6"]})
    refused = record(client, game, {"type": "place", "seat": "Nancy", "field": "Kaffeehaus Nirgendwo", "dice": ["2"]}, 422)
    assert refused["error"]["code"] == "unknown_field"
    log = client.get(f"/api/games/{game['id']}/log").json["entries"]
    assert [e["move"]["field"] for e in log if e["move"]["type"] == "place"] == ["Café Landtmann", "Universität"]

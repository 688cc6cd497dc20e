"""Names typed in the API are matched forgivingly (case,
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
    assert refused["code"] == "unknown_field"
    log = client.get(f"/api/games/{game['id']}/log").json["entries"]
    assert [e["move"]["field"] for e in log if e["move"]["type"] == "place"] == ["Café Landtmann", "Universität"]


def test_grand_austria_cards_by_their_printed_name_are_recorded_by_number():
    from domain.games import get_game
    game = get_game("grand_austria")
    assert game.load_move({"type": "reveal_guest", "card": "sculptor"}) == {"type": "reveal_guest", "card": 49}
    assert game.load_move({"type": "reveal_guest", "card": "Sculptor"})["card"] == 49


def test_the_catalog_gives_every_card_by_name_and_what_it_shows(client):
    answer = client.get("/api/game-types/grand_austria/catalog").json
    by_deck = {}
    for card in answer["cards"]:
        by_deck.setdefault(card["deck"], []).append(card)
    assert [len(by_deck[d]) for d in ("staff", "guest", "objective")] == [48, 56, 12]
    sculptor = next(c for c in by_deck["guest"] if c["number"] == 49)
    assert sculptor == {"deck": "guest", "number": 49, "name": "Sculptor", "colour": "yellow", "order": {"wine": 1},
                        "vp": 0, "reward": [{"kind": "prepare", "free": True, "max_floor": 2}],
                        "reward_words": ["prepare a room at no cost on floors 1–2"]}
    assert all({"cost", "text"} <= set(c) for c in by_deck["staff"])
    vienna = client.get("/api/game-types/vienna/catalog").json
    assert [f["name"] for f in vienna["fields"]][:3] == ["Krieau", "Prater", "Secession"]
    assert {c["name"] for c in vienna["cards"]} >= {"Monk", "Coachman"}
    assert client.get("/api/game-types/willi/catalog").status_code == 404
    assert client.get("/api/game-types/chess/catalog").status_code == 404

"""A house catalog stored once by the service (POST it, get an id
made from its content, list it, read it; it never changes), named at game
start (``"catalog": id``) to replace or complete the shipped data, its content
copied into the game's record; and the catalog endpoints with the modules'
cards, tiles and boards."""
from __future__ import annotations

import json

from grand_austria_api_game import PLAYERS
from test_ballrooms_house_catalog import HOUSE


def store(client, content=HOUSE, game="grand_austria", name="Our copy"):
    return client.post("/api/house-catalogs", json={"game": game, "name": name, "content": content})


def test_a_house_catalog_is_stored_once_listed_and_read_back(client):
    first = store(client)
    assert first.status_code == 201 and first.json["created"], first.json
    cid = first.json["id"]
    again = store(client, name="another name")
    assert again.status_code == 200 and again.json["id"] == cid and not again.json["created"]
    assert again.json["name"] == "Our copy"
    listed = client.get("/api/house-catalogs").json["catalogs"]
    assert [c["id"] for c in listed] == [cid] and "content" not in listed[0]
    assert listed[0]["digest"] == first.json["digest"] and listed[0]["game"] == "grand_austria"
    read = client.get(f"/api/house-catalogs/{cid}")
    assert read.status_code == 200 and read.json["content"] == HOUSE
    other = store(client, {**HOUSE, "staff": []})
    assert other.status_code == 201 and other.json["id"] != cid
    assert client.get("/api/house-catalogs/not-an-id").status_code == 404
    assert client.put(f"/api/house-catalogs/{cid}", json={}).status_code == 405
    assert client.delete(f"/api/house-catalogs/{cid}").status_code == 405


def test_a_house_catalog_that_does_not_fit_is_refused_and_nothing_is_stored(client):
    bad_card = store(client, {"guest": [{"number": 142, "colour": "purple", "order": {}}]})
    assert bad_card.status_code == 422 and "colour" in json.dumps(bad_card.json)
    bad_board = store(client, {"ballroom": [{"name": "Prater", "sides": {"2": {}}}]})
    assert bad_board.status_code == 422 and "Prater" in json.dumps(bad_board.json)
    bad_rehearsal = store(client, {"rehearsal_board": [{"id": "X", "sections": [[]]}]})
    assert bad_rehearsal.status_code == 422 and "four sections" in json.dumps(bad_rehearsal.json)
    unknown = store(client, {"celebrities": []})
    assert unknown.status_code == 422 and "no section celebrities" in json.dumps(unknown.json)
    assert store(client, game="willi").status_code == 422
    assert store(client, game="chess").status_code == 404
    huge = store(client, {"guest": [{**HOUSE["guest"][0], "number": 142, "name": "x" * 300_000}]})
    assert huge.status_code == 413 and huge.json["code"] == "too_large"
    assert client.get("/api/house-catalogs").json["catalogs"] == []


def test_a_game_named_with_a_stored_catalog_copies_its_content_into_its_record(client):
    cid = store(client).json["id"]
    r = client.post("/api/games", json={"game": "grand_austria", "players": PLAYERS[:2], "mode": "table",
                                        "options": {"modules": ["ballrooms"], "catalog": cid}})
    assert r.status_code == 201, r.json
    game_id = r.json["id"]
    options = client.get(f"/api/games/{game_id}").json["options"]
    assert options["catalog"] == cid and options["house_catalog"] == HOUSE
    record = client.get(f"/api/games/{game_id}/export").get_data(as_text=True)
    assert json.loads(record.splitlines()[0])["options"]["house_catalog"] == HOUSE
    headers = {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}
    setup = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
             "queue": [142, 134, 49, 50, 51], "start_player": "Anna"}
    answer = client.post(f"/api/games/{game_id}/moves", json={"move": setup}, headers=headers)
    assert answer.status_code == 201, answer.json
    assert answer.json["state"]["queue"][0]["name"] == "Opera Singer"
    assert answer.json["state"]["queue"][0]["reward_words"] == ["send an additional dancer to a ballroom at no cost"]
    cards = client.get(f"/api/games/{game_id}/catalog").json
    assert any(c.get("number") == 142 for c in cards["cards"])
    assert next(b for b in cards["ballrooms"] if b["name"] == "Apollosaal")["sides"]["2"]["top"]["cost"] == 4
    assert "Ours" in [b["id"] for b in cards["rehearsal_boards"]]
    imported = client.post("/api/games/import", json={"record": record})
    assert imported.status_code == 201, imported.json


def test_a_stored_catalog_is_named_alone_for_its_own_game(client):
    cid = store(client).json["id"]

    def start(options, game="grand_austria", players=PLAYERS[:2]):
        return client.post("/api/games", json={"game": game, "players": players, "mode": "table",
                                               "options": options})

    assert start({"catalog": cid, "house_catalog": HOUSE}).json["code"] == "catalog_and_house_catalog"
    assert start({"catalog": "0" * 32}).status_code == 404
    assert start({"catalog": cid}, game="vienna", players=PLAYERS[:3]).json["code"] == "catalog_of_another_game"


def test_the_catalog_endpoint_lists_a_modules_cards_tiles_and_boards_when_asked(client):
    base = client.get("/api/game-types/grand_austria/catalog").json
    numbers = {c["number"] for c in base["cards"]}
    assert 137 not in numbers and "ballrooms" not in base
    assert {t["id"] for t in base["emperor_tiles"]} == {f"{g}{i}" for g in "ABC" for i in range(1, 5)}
    waltz = client.get("/api/game-types/grand_austria/catalog?modules=ballrooms").json
    assert waltz["modules"] == ["ballrooms"]
    mine = {c["number"]: c for c in waltz["cards"]}
    assert {134, 140, 141, 119, 124, 163, 165} <= set(mine)
    assert mine[137]["reward_words"] == ["2 krones", "send 2 additional dancers to ballrooms"]
    assert {"A5", "B5", "C5"} <= {t["id"] for t in waltz["emperor_tiles"]}
    assert [b["name"] for b in waltz["ballrooms"]] == ["Apollosaal", "Goldener Strauss", "Odeonsaal", "Zum Sperl",
                                                      "Zur Kettenbrücke"]
    assert all("reconstructed" in b["source"] for b in waltz["ballrooms"])
    assert waltz["balcony_cost"] == 3 and [b["id"] for b in waltz["rehearsal_boards"]] == ["R1", "R2", "R3", "R4"]
    assert waltz["effects"]["dancer"]["words"] == "send an additional dancer to a ballroom{price}"
    both = client.get("/api/game-types/grand_austria/catalog?modules=ballrooms,start_player").json
    assert both["modules"] == ["ballrooms", "start_player"]
    # a module the game does not have: no components of it (the document allows any name)
    assert client.get("/api/game-types/grand_austria/catalog?modules=prater").status_code == 404

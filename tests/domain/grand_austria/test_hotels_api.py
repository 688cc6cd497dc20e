"""Module 3 "Unique Hotels" through the service: whole games with every
registered module recorded through the HTTP API (table mode) and through
the service in digital mode, exported and imported without differences;
illegal bids and entrance uses refused with the rule (422), bad lay-outs as
malformed (400)."""
from __future__ import annotations

import random

import pytest
from grand_austria_api_game import PLAYERS, play_through, start_game
from test_every_combination import seeded
from test_grand_austria_playouts import busy_move

from domain.grand_austria import GAME
from domain.grand_austria.parts import choosable
from service.app.games import Games
from service.store.database import open_store


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_with_every_module_through_the_api(client, players):
    modules = choosable()

    def each(move, answer):
        if move["type"] == "lay_out_entrances":
            assert [e["entrance"] for e in answer["state"]["hotel_entrances"]["offer"]] == move["entrances"]

    game_id, headers = play_through(client, players, modules, players, each)
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["modules"] == modules
    assert set(final["hotel_entrances"]["owners"]) == set(PLAYERS[:players])
    audit = client.get(f"/api/games/{game_id}/audit", headers=headers)
    assert audit.status_code == 200 and audit.json["ok"], audit.json


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'hotels.sqlite3'}"))
    yield service
    service.store.close()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["table", "digital"])
def test_a_game_with_every_module_exports_and_imports_without_differences(games, mode):
    modules = choosable()
    rng = random.Random(seeded((tuple(modules), 3, mode), 0))
    created = games.create("grand_austria", PLAYERS[:3], mode=mode, seed=7, options={"modules": modules})
    gid, table = created["id"], created["tokens"]["scorekeeper"]
    for _ in range(3000):
        history = games.history(gid)
        if GAME.finished(history.state):
            break
        move = busy_move(history.state, rng)
        token = created["tokens"]["seats"].get(move.get("seat"), table) if mode == "digital" else table
        games.record_move(gid, move, token)
    assert GAME.finished(games.history(gid).state)
    for fmt in ("jsonl", "text"):
        copy = games.import_record(games.export(gid, fmt, whole=True))
        assert copy["differences"] == []
        assert games.history(copy["id"]).state == games.history(gid).state


def test_illegal_bids_and_entrance_uses_are_refused_with_the_rule(client):
    game_id, headers = start_game(client, 2, ["unique_hotels"])

    def send(move):
        return client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)

    assert send({"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                 "queue": [49, 63, 77, 91, 50], "start_player": "Anna"}).status_code == 201
    r = send({"type": "lay_out_entrances", "entrances": ["kaufman", "atlantis"]})
    assert r.status_code == 400
    r = send({"type": "lay_out_entrances", "entrances": ["kaufman", "the_ren"]})
    assert r.status_code == 422 and "module" in r.json["detail"] and r.json["code"] == "the_ren_needs_module_1"
    assert send({"type": "lay_out_entrances", "entrances": ["kaufman", "kozi_palace"]}).status_code == 201
    r = send({"type": "open_auction", "seat": "Anna", "entrance": "kaufman", "bid": 12})
    assert r.status_code == 422 and r.json["code"] == "cannot_pay" and "10 krones" in r.json["detail"]
    assert send({"type": "open_auction", "seat": "Anna", "entrance": "kaufman", "bid": 4}).status_code == 201
    r = send({"type": "bid", "seat": "Beth", "amount": 4})
    assert r.status_code == 422 and r.json["code"] == "raise"
    r = send({"type": "bid", "seat": "Anna", "amount": 6})
    assert r.status_code == 422 and r.json["code"] == "not_your_turn"
    r = send({"type": "pass_bid", "seat": "Beth"})
    assert r.status_code == 201
    assert r.json["state"]["hotel_entrances"]["owners"]["Anna"]["entrance"] == "kaufman"
    assert r.json["state"]["players"]["Anna"]["krones"] == 6
    assert len(r.json["state"]["players"]["Anna"]["cafe"]) == 4

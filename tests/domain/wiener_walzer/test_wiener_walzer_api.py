"""Wiener Walzer recorded through the HTTP API, from setup to final scoring."""
from __future__ import annotations

import random

import pytest

from domain.wiener_walzer import GAME
from domain.wiener_walzer.components import buffet_sets
from wiener_walzer_table import BALLROOM

PLAYERS = ["Anna", "Bernd", "Clara"]


def create(client, **body):
    r = client.post("/api/games", json={"game": "wiener_walzer", "players": PLAYERS, **body})
    assert r.status_code == 201, r.json
    return r.json


def record(client, game, move, status=201, token=None):
    r = client.post(f"/api/games/{game['id']}/moves", json={"move": move},
                    headers={"Authorization": f"Bearer {token or game['tokens']['scorekeeper']}"})
    assert r.status_code == status, (move, r.json)
    return r.json


def state(client, game, seat=None, token=None):
    url = f"/api/games/{game['id']}/state" + (f"?seat={seat}" if seat else "")
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = client.get(url, headers=headers)
    assert r.status_code == 200, r.json
    return r.json


@pytest.mark.parametrize("players, events", [(2, False), (3, True), (4, False), (5, True)])
def test_a_whole_table_game_is_recorded_and_scored_as_counted_by_hand(client, players, events):
    names = ["Anna", "Bernd", "Clara", "Dora", "Emil"][:players]
    options = {"events": events, "colours": {names[-1]: "yellow"}}
    game = create(client, players=names, options=options)
    rng = random.Random(players)
    local = GAME.setup(names, GAME.load_options(options))
    while not GAME.finished(local):
        if GAME.expected(local).is_chance:
            move = GAME.chance_move(local, rng)
            if move["type"] == "setup":
                del move["stacks"]        # at a real table the stacks are not recorded
        else:
            move = rng.choice(GAME.legal_moves(local))
        record(client, game, move)
        local, _ = GAME.play(local, GAME.load_move(move))
    final = state(client, game)
    assert final["finished"] and final["scores"] == GAME.scores(local) and final["expected"]["seats"] == []
    log = client.get(f"/api/games/{game['id']}/log").json["entries"]
    for seat in names:
        danced = sum(d["points"] for d in final["dances"] if seat in d["seats"])
        cake = sum(f["points"] for e in log for f in e["outcome"]
                   if f["fact"] == "scored" and f["seat"] == seat and f["points"] < 0)
        sets = buffet_sets(final["players_detail"][seat]["collected"])
        assert final["scores"][seat] == danced + cake + 5 * sets
        assert final["players_detail"][seat]["cards_left"] == []
    best = max(final["scores"].values())
    assert final["winners"] == [seat for seat in names if final["scores"][seat] == best]
    assert final["colours"][names[-1]] == "yellow" and final["colours"][names[0]] == "red"


def test_illegal_placements_are_refused_with_the_rule_and_malformed_ones_are_400(client):
    game = create(client)
    setup = GAME.chance_move(GAME.setup(PLAYERS, GAME.load_options({})), random.Random(1))
    del setup["stacks"]
    record(client, game, setup)
    record(client, game, {"type": "place", "seat": "Anna", "card": "L3", "space": "d1"})
    body = record(client, game, {"type": "place", "seat": "Bernd", "card": "L3", "space": "d1"}, status=422)
    assert body["code"] == "space_taken" and "d1" in body["detail"]
    body = record(client, game, {"type": "place", "seat": "Anna", "card": "L2", "space": "f2"}, status=422)
    assert body["code"] == "not_your_turn"
    body = record(client, game, {"type": "place", "seat": "Bernd", "card": "L9", "space": "f2"}, status=400)
    assert body["code"] == "malformed"


def test_a_digital_game_lays_out_the_board_and_keeps_each_stack_secret(client):
    game = create(client, mode="digital", seed=4)
    r = client.get(f"/api/games/{game['id']}/log")
    setup = r.json["entries"][0]["move"]
    assert setup["type"] == "setup" and all(stack is None for stack in setup["stacks"].values())
    token = game["tokens"]["seats"]["Anna"]
    anna = state(client, game, "Anna", token)
    hand = anna["players_detail"]["Anna"]["hand"]
    assert hand and anna["players_detail"]["Anna"]["stack"] is None and anna["players_detail"]["Bernd"]["hand"] is None
    legal = client.get(f"/api/games/{game['id']}/legal-moves", headers={"Authorization": f"Bearer {token}"}).json
    assert {m["card"] for m in legal["moves"]} == {hand}
    record(client, game, legal["moves"][0], token=token)
    assert hand not in state(client, game, "Anna", token)["players_detail"]["Anna"]["cards_left"]

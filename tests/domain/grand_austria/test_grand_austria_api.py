"""Grand Austria Hotel through the HTTP API: a whole 2-player game recorded at
the table, illegal moves refused with the rule in words, undo and redo, and
the final score as the sum of the outcome facts in the log."""
from __future__ import annotations

import random

import pytest
from test_grand_austria_playouts import busy_move

from domain.grand_austria import GAME


def test_a_whole_game_recorded_through_the_api(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Bob"], "mode": "table"})
    assert r.status_code == 201, r.json
    game_id, token = r.json["id"], r.json["tokens"]["scorekeeper"]
    headers = {"Authorization": f"Bearer {token}"}
    games = client.application.extensions["tablelog"]

    def post(move, status=201):
        r = client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)
        assert r.status_code == status, (move, r.json)
        return r.json

    refused = post({"type": "take_die", "seat": "Ann", "value": 3}, status=422)
    assert refused["code"] == "unexpected_move" and "setup" in refused["detail"]
    post({"type": "take_die", "seat": "Ann", "value": 9}, status=400)

    rng = random.Random(7)
    undone = False
    while not GAME.finished(games.history(game_id).state):
        state = games.history(game_id).state
        move = busy_move(state, rng)
        post(move)
        if not undone and move["type"] == "check_in":
            assert client.post(f"/api/games/{game_id}/undo", json={}, headers=headers).status_code == 201
            assert client.post(f"/api/games/{game_id}/redo", json={}, headers=headers).status_code == 201
            undone = True
    final = client.get(f"/api/games/{game_id}/state").json
    assert final["finished"] and final["winners"]
    log = client.get(f"/api/games/{game_id}/log").json["entries"]
    totals = {"Ann": 0, "Bob": 0}
    for entry in log:
        if entry["undone"]:
            continue
        for fact in entry["outcome"]:
            if fact["fact"] == "scored":
                totals[fact["seat"]] += fact["points"]
    assert totals == final["scores"]


ODD = [None, "", "x", -1, 0, 1, 6, 7, 99, 105, 117, 2.5, True, [], {}, "0.1", "5.1", "1.6", "9.9", "Zed", "table",
       {"1": {"strudel": 1}}, {"9": {"wine": 1}}, {"x": {"wine": 1}}, {"1": {"beer": 1}}, {"2": {"cake": -1}},
       {"name": "n", "cost": 2, "kind": "sometimes"}, {"colour": "purple", "order": {"wine": 1}},
       {"strudel": -1}, {"beer": 1}, [{"table": 4, "item": "wine"}], [{"table": 1, "item": "beer"}]]


@pytest.mark.parametrize("options", [{"staff_draft": True}, {"modules": ["start_player"]}],
                         ids=["staff_draft", "start_player"])
def test_wrong_moves_through_the_api_are_refused_and_change_nothing(client, options):
    """Every wrong move is a 400 (malformed) or a 422 naming the rule, and the
    game stays as it was; never a 500."""
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Bob", "Cy"], "mode": "table",
                                        "options": options})
    game_id, headers = r.json["id"], {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}
    games = client.application.extensions["tablelog"]
    fields = {kind: [f for f in schema().fields if f != "type"] for kind, schema in GAME.move_schemas.items()}
    rng = random.Random(5)
    statuses = set()
    while not GAME.finished(games.history(game_id).state):
        state = games.history(game_id).state
        good = busy_move(state, rng)
        kind = rng.choice(sorted(fields))
        wrong = dict(good) if good["type"] == kind else {"type": kind}
        for name in fields[kind]:
            if rng.random() < 0.6:
                wrong[name] = rng.choice(ODD)
        version = client.get(f"/api/games/{game_id}").json["version"]
        r = client.post(f"/api/games/{game_id}/moves", json={"move": wrong}, headers=headers)
        assert r.status_code in (201, 400, 422), (wrong, r.status_code, r.get_data(as_text=True)[:200])
        statuses.add(r.status_code)
        if r.status_code == 201:
            continue
        assert client.get(f"/api/games/{game_id}").json["version"] == version
        error = r.json
        assert error["code"] and error["detail"]
        if r.status_code == 422:
            assert error["rule"]
        r = client.post(f"/api/games/{game_id}/moves", json={"move": good}, headers=headers)
        assert r.status_code == 201, (good, r.json)
    assert statuses >= {400, 422}

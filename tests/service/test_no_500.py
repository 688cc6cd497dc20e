"""Bad input gets a clear error and changes nothing, never a 500: moves built
from each game's own vocabulary with wrong, odd or random values."""
from __future__ import annotations

import random

from helpers import Api

from domain.games import all_games
from domain.rules import random_move

ODD_VALUES = [None, "", "x", "table", "monster", -1, 0, 1, 99, 2.5, True, [], {}, ["a"], {"a": 1}, "R5", "a1",
              "L3", "3", "W3", "J5", "red"]


def odd_move(rng: random.Random, kind: str, fields: dict, seats: list[str], good: dict | None) -> dict:
    move = dict(good) if good and good["type"] == kind else {"type": kind}
    for name, spec in fields.items():
        if name == "type":
            continue
        roll = rng.random()
        if roll < 0.3:
            move.pop(name, None)
        elif roll < 0.6:
            move[name] = rng.choice(ODD_VALUES + seats)
        elif spec.get("type") == "list":
            move[name] = [rng.choice(ODD_VALUES + seats) for _ in range(rng.randint(0, 4))]
        elif spec.get("type") == "dict":
            move[name] = {rng.choice(seats + ["x"]): rng.choice(ODD_VALUES) for _ in range(rng.randint(0, 3))}
    if rng.random() < 0.2:
        move["unexpected"] = 1
    return move


def test_odd_moves_for_every_game_are_refused_cleanly(client):
    rng = random.Random(2024)
    for game in all_games():
        described = game.describe()
        players = ["Ann", "Bob", "Cy", "Di", "Ed"][:max(game.min_players, min(4, game.max_players))]
        api = Api(client, game.id, players, mode="digital", seed=1)
        games = client.application.extensions["tablelog"]
        for step in range(120):
            state = games.history(api.id).state
            if game.finished(state):
                break
            good = None if game.expected(state).is_chance else random_move(game, state, rng)
            kind = rng.choice(sorted(described["moves"]))
            move = odd_move(rng, kind, described["moves"][kind]["fields"], players, good)
            before = api.get("")["version"]
            r = client.post(f"/api/games/{api.id}/moves", json={"move": move}, headers=api.auth())
            assert r.status_code in (201, 400, 403, 409, 422), (game.id, move, r.status_code, r.json)
            if r.status_code != 201:
                assert api.get("")["version"] == before
                assert set(r.json) >= {"code", "detail"}
            if r.status_code != 201 and good is not None and rng.random() < 0.7:
                api.move(good)

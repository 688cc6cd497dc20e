"""A whole Grand Austria Hotel game recorded at the table through the HTTP API,
move by busy random move (shared by the module API tests)."""
from __future__ import annotations

import random

from test_grand_austria_playouts import busy_move

from domain.grand_austria import GAME

PLAYERS = ["Anna", "Beth", "Cyril", "Dora"]


def start_game(client, players, modules, **options):
    """A table-mode game with ``modules`` (and other options): (game id, the scorekeeper's headers)."""
    r = client.post("/api/games", json={"game": "grand_austria", "players": PLAYERS[:players], "mode": "table",
                                        "options": {"modules": modules, **options}})
    assert r.status_code == 201, r.json
    return r.json["id"], {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}


def recorded_game(client, players, modules, seed, entered=lambda move: move, **options):
    """Start a table-mode game with ``modules`` and record it to the end;
    yields each move with the API's answer (``entered``: the move as the
    table enters it, e.g. a card by its printed content). Returns (game id, headers)."""
    game_id, headers = start_game(client, players, modules, **options)
    games = client.application.extensions["tablelog"]
    rng = random.Random(seed)
    while not GAME.finished(games.history(game_id).state):
        move = entered(busy_move(games.history(game_id).state, rng))
        r = client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)
        assert r.status_code == 201, (move, r.json)
        yield move, r.json
    return game_id, headers


def play_through(client, players, modules, seed, each=lambda move, answer: None, entered=lambda move: move,
                 **options):
    """Record the whole game, calling ``each`` per move; returns (game id, headers)."""
    game = recorded_game(client, players, modules, seed, entered, **options)
    while True:
        try:
            each(*next(game))
        except StopIteration as done:
            return done.value

"""Every registered game, recorded whole through the HTTP API: at the table
(the scorekeeper enters the chance moves) and digitally (the service makes
them). The end state, the log and the audit agree."""
from __future__ import annotations

import random

import pytest
from helpers import Api

from domain.games import all_games, get_game
from domain.rules import random_move

GAME_IDS = [game.id for game in all_games()]


def players_for(game_id: str, count: int | None = None) -> list[str]:
    game = get_game(game_id)
    n = count or min(max(game.min_players, 3), game.max_players)
    return ["Ann", "Bob", "Cy", "Di", "Ed"][:n]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("mode", ["table", "digital"])
def test_a_whole_game_through_the_api(client, game_id, mode):
    game = get_game(game_id)
    api = Api(client, game_id, players_for(game_id), mode=mode, seed=5)
    games = client.application.extensions["tablelog"]
    rng = random.Random(f"{game_id}-{mode}")
    for _ in range(5000):
        state = games.history(api.id).state
        if game.finished(state):
            break
        move = random_move(game, state, rng)
        if mode == "digital" and "result" in move and move.get("type") == "reroll":
            move = {k: v for k, v in move.items() if k != "result"}
        api.move(move)
    final = api.state()
    assert final["finished"] is True and final["winners"]
    assert set(final["winners"]) <= set(api.game.seats(games.history(api.id).state))
    summary = api.get("")
    assert summary["finished"] is True and summary["scores"] == final["scores"]
    audit = api.get("audit")
    assert audit["ok"] is True, audit["problems"][:3]
    log = api.get("log")["entries"]
    assert [e["index"] for e in log] == list(range(1, len(log) + 1))
    if mode == "digital":
        assert any(e["recorded_by"] == "service" for e in log)

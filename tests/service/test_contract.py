"""Random games of every kind, played digitally through the API following
the legal moves, with every request and every answer (2xx, 4xx and 503
alike) checked against the OpenAPI document."""
from __future__ import annotations

import random

import pytest
from contract import Contract
from helpers import Api

from domain.games import get_game
from domain.rules import random_move
from service.http.app import create_app

GAMES = [("willi", ["Ann", "Bob", "Cy", "Di"], {}), ("wiener_walzer", ["Ann", "Bob", "Cy"], {"events": True}),
         ("vienna", ["Ann", "Bob", "Cy"], {}),
         ("grand_austria", ["Ann", "Bob", "Cy"], {"modules": ["ballrooms", "celebrities", "start_player"]})]


@pytest.fixture
def checked(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'contract.sqlite3'}")
    contract = Contract(app)
    yield app.test_client(), contract
    app.extensions["tablelog"].store.close()


@pytest.mark.parametrize("game_id, players, options", GAMES, ids=[g[0] for g in GAMES])
def test_a_digital_game_and_its_refusals_answer_as_the_document_says(checked, game_id, players, options):
    client, contract = checked
    game = get_game(game_id)
    api = Api(client, game_id, players, mode="digital", seed=11, options=options)
    games = client.application.extensions["tablelog"]
    rng = random.Random(game_id)
    for ply in range(400):
        state = games.history(api.id).state
        if game.finished(state):
            break
        move = random_move(game, state, rng)
        if "result" in move and move.get("type") == "reroll":
            move = {k: v for k, v in move.items() if k != "result"}
        if ply % 25 == 0:
            seat = move.get("seat")
            token = api.seat_tokens.get(seat)
            client.get(f"/api/games/{api.id}/state?seat={seat}", headers=api.auth(token))
            client.get(f"/api/games/{api.id}/legal-moves", headers=api.auth(token))
            client.get(f"/api/games/{api.id}/log?limit=5", headers=api.auth())
            client.get(f"/api/games/{api.id}")
            client.post(f"/api/games/{api.id}/moves", json={"move": move, "expected_version": 0}, headers=api.auth(token))
            client.post(f"/api/games/{api.id}/moves", json={"move": move}, headers=api.auth("wrong"))
            client.post(f"/api/games/{api.id}/moves", json={"move": {"type": "nothing"}}, headers=api.auth(token))
            client.post(f"/api/games/{api.id}/check", json={"move": move}, headers=api.auth(token))
        api.move(move)
    for path in ("", "state", "log", "legal-moves", "audit", "timeline", "bgstats", "export", "catalog"):
        client.get(f"/api/games/{api.id}/{path}".rstrip("/"), headers=api.auth())
    client.get("/api/games")
    client.get(f"/api/players/{players[0]}")
    client.get(f"/api/leaderboard/{game_id}")
    client.get(f"/api/game-types/{game_id}/catalog")
    client.get(f"/api/game-types/{game_id}/move-schema")
    client.post(f"/api/games/{api.id}/fork?at=2", headers=api.auth())
    client.post(f"/api/games/{api.id}/undo", json={}, headers=api.auth())
    client.get("/api/games/00000000-0000-0000-0000-000000000000")
    assert contract.checked > 50
    assert contract.failures == []

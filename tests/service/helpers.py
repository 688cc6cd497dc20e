"""Small helpers for API tests."""
from __future__ import annotations

import random
from typing import Any

from domain.games import get_game


class Api:
    """A game through the HTTP API, as a scorekeeper's client uses it."""

    def __init__(self, client, game: str, players: list[str], mode: str = "table", seed: int | None = None,
                 options: dict[str, Any] | None = None):
        self.client = client
        self.mode = mode
        body: dict[str, Any] = {"game": game, "players": players, "mode": mode}
        if seed is not None:
            body["seed"] = seed
        if options is not None:
            body["options"] = options
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.json
        self.created = r.json
        self.id = r.json["id"]
        self.token = r.json["tokens"]["scorekeeper"]
        self.seat_tokens = r.json["tokens"]["seats"]
        self.version = r.json["version"]
        self.game = get_game(game)

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.token}"}

    def move(self, move: dict[str, Any], status: int = 201, **kwargs) -> dict[str, Any]:
        # In a digital game the scorekeeper is the table: a
        # player's move goes with that player's own token unless one is given.
        token = kwargs.pop("token", None)
        if token is None and self.mode == "digital":
            token = self.seat_tokens.get(move.get("seat"))
        headers = self.auth(token)
        body = {"move": move, **kwargs}
        r = self.client.post(f"/api/games/{self.id}/moves", json=body, headers=headers)
        assert r.status_code == status, (move, r.json)
        if r.status_code == 201:
            self.version = r.json["version"]
        return r.json

    def post(self, path: str, status: int = 201, json: dict | None = None,
             headers: dict | None = None) -> dict[str, Any]:
        r = self.client.post(f"/api/games/{self.id}/{path}", json=json or {}, headers=headers or self.auth())
        assert r.status_code == status, r.json
        return r.json

    def get(self, path: str, status: int = 200, **kwargs) -> dict[str, Any]:
        url = f"/api/games/{self.id}" + (f"/{path}" if path else "")
        r = self.client.get(url, **kwargs)
        assert r.status_code == status, r.json
        return r.json

    def state(self, at: int | None = None) -> dict[str, Any]:
        return self.get("state" if at is None else f"state?at={at}")

    def random_move(self, rng: random.Random) -> dict[str, Any]:
        """A legal move chosen from the legal-moves endpoint (chance moves generated
        the way digital mode does)."""
        legal = self.get("legal-moves")
        if legal["moves"] is None:
            from domain.chance import rng_for
            history_state = self._live_state()
            return self.game.chance_move(history_state, rng_for(rng.random(), "table"))
        return rng.choice(legal["moves"])

    def _live_state(self):
        games = self.client.application.extensions["tablelog"]
        return games.history(self.id).state


def played_willi(client, moves: int, seed: int = 1, players=("Alex", "Joe", "Gunter", "Hanna"), **kwargs) -> Api:
    """A table game of Willi with ``moves`` random legal moves recorded."""
    api = Api(client, "willi", list(players), **kwargs)
    rng = random.Random(seed)
    games = client.application.extensions["tablelog"]
    for _ in range(moves):
        legal = api.game.legal_moves(games.history(api.id).state)
        api.move(api.random_move(rng) if legal is None else rng.choice(legal))
    return api

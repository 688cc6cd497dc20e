"""What the corpus generators share: a game played through the service at
random, with the undo, redo and comments a real table makes along the way,
each player's move recorded with the token the service asks for."""
from __future__ import annotations

import os
import random
from typing import Any, Callable

from service.store.keys import ENV_KEY, ENV_KEY_FILE, new_env_key

# The service anchors what it records with a key: a throwaway one for the
# generator's throwaway database (never the user's own), as the tests have.
os.environ[ENV_KEY] = new_env_key()
os.environ.pop(ENV_KEY_FILE, None)

from domain.games import get_game
from service.app.games import Games


class BySeat:
    """A digital game's service for the generator: each seat records its own
    moves with its own token (the scorekeeper is the table there)."""

    def __init__(self, games: Games, seats: dict[str, str]):
        self.games, self.seats = games, seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self.games, name)

    def record_move(self, gid: str, move: dict, token: str, **kwargs: Any) -> Any:
        return self.games.record_move(gid, move, self.seats.get(move.get("seat"), token), **kwargs)

    def undo(self, gid: str, token: str, **kwargs: Any) -> Any:
        hist = self.games.history(gid)
        return self.games.undo(gid, self.seats.get(hist.entry(hist.record.last_move).seat, token), **kwargs)

    def redo(self, gid: str, token: str, **kwargs: Any) -> Any:
        hist = self.games.history(gid)
        return self.games.redo(gid, self.seats.get(hist.entry(hist.record.redoable).seat, token), **kwargs)


def play_at_random(games: Games, gid: str, token: str, rng: random.Random, limit: int,
                   choose: Callable[[Any], Any]) -> None:
    """Up to ``limit`` steps of game ``gid``: mostly the move ``choose(state)``
    returns, now and then an undo, a redo or a comment on an earlier move."""
    game = get_game(games.history(gid).started.game)
    for _ in range(limit):
        hist = games.history(gid)
        if game.finished(hist.state):
            return
        record, roll = hist.record, rng.random()
        if roll < 0.04 and record.last_move is not None and not record.last_move_by_service:
            games.undo(gid, token)
        elif roll < 0.06 and record.redoable is not None:
            games.redo(gid, token)
        elif roll < 0.08 and hist.entries:
            games.annotate(gid, rng.randint(1, len(hist.entries)), f"note {rng.randint(1, 99)}", token)
        else:
            games.record_move(gid, choose(hist.state), token)

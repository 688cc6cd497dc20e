"""What the corpus generators share: a game played through the service at
random, with the undo, redo and comments a real table makes along the way."""
from __future__ import annotations

import random
from typing import Any, Callable

from domain.games import get_game
from service.games import Games


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

"""A pending step whose kind says its candidates are checked
(``PendingKind.checked``) is settled on them without asking ``check``
again: each candidate must be a move ``check`` accepts, in every state such
a step waits in."""
from __future__ import annotations

import random

import pytest

from domain.grand_austria import GAME
from domain.grand_austria.parts import parts
from domain.table import random_game

ALL = ["more", "celebrities", "unique_hotels", "ballrooms", "start_player"]


@pytest.mark.parametrize("players, options", [
    (["Ann", "Bob", "Cy"], {}),
    (["Ann", "Bob"], {"modules": ALL}),
    (["Ann"], {"solo": {"difficulty": "hard"}}),
])
def test_the_candidates_of_a_checked_step_are_moves_check_accepts(players, options):
    loaded = GAME.load_options(options)
    kinds = set()
    for seed in range(2):
        state = GAME.setup(players, loaded)
        for move in random_game(GAME, players, options, random.Random(seed)):
            # (the step as settling meets it: first in line, the queue full)
            waiting = state.pending[0] if state.pending and not state.refill else None
            kind = parts(state).pending[waiting.kind] if waiting is not None else None
            if kind is not None and kind.checked:
                for candidate in kind.candidates(state, waiting):
                    GAME.check(state, candidate)
                kinds.add(waiting.kind)
            state, _ = GAME.apply(state, move)
    assert {"rooms", "funds"} <= kinds

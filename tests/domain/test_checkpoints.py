"""Checkpoints: a table keeps the state every K moves and the
states since the last checkpoint; every other state-at-N is rebuilt from the
checkpoint before it and must be the state a full replay gives, through
undo, redo and take-backs."""
from __future__ import annotations

import random

import pytest

from domain.checkpoints import States
from domain.record import NothingToUndo
from domain.rules import random_move
from domain.table import Table
from domain.vienna import GAME as VIENNA
from domain.wiener_walzer import GAME as WALZER
from domain.willi import GAME as WILLI

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def full_replay(game, first, moves):
    """Every state by playing each effective move once, kept in a list."""
    states = [first]
    for move in moves:
        states.append(game.apply(states[-1], move)[0])
    return states


def random_session(game, seed: int, steps: int, every: int) -> Table:
    """A random playout with undos (one or several at once) and redos."""
    table, rng = Table.start(game, PLAYERS), random.Random(seed)
    table.states = States(game, table.states[0], every)
    for _ in range(steps):
        if game.finished(table.state):
            break
        roll = rng.random()
        try:
            if roll < 0.12:
                for _ in range(rng.randint(1, every + 2)):
                    table.undo("scorekeeper")
            elif roll < 0.2:
                table.redo("scorekeeper")
            else:
                table.play(random_move(game, table.state, rng), "scorekeeper")
        except NothingToUndo:
            pass
    return table


@pytest.mark.parametrize("game", [WILLI, WALZER, VIENNA], ids=lambda g: g.id)
@pytest.mark.parametrize("every", [1, 3, 16])
@pytest.mark.parametrize("seed", range(3))
def test_every_state_at_n_is_the_one_a_full_replay_gives(game, every, seed):
    table = random_session(game, seed, 150, every)
    states = table.states
    expected = full_replay(game, states[0], states.moves)
    assert len(states) == len(expected)
    for ply in range(len(expected)):                   # one at a time, out of order too
        assert states[ply] == expected[ply], ply
    for ply in random.Random(seed).sample(range(len(expected)), min(20, len(expected))):
        assert states[ply] == expected[ply]
        assert states[-len(expected) + ply] == expected[ply]
    assert states[:] == expected and list(states) == expected
    assert states[3:9] == expected[3:9]
    assert states.kept() <= len(expected) // every + every


def test_a_long_game_keeps_one_state_in_k():
    table, rng = Table.start(WILLI, PLAYERS), random.Random(1)
    for _ in range(160):
        table.play(random_move(WILLI, table.state, rng), "scorekeeper")
    assert len(table.states) == 161 and table.states.kept() == 11          # plies 0, 16, ..., 160
    before = table.states[149]
    for _ in range(11):                                                   # back over a checkpoint
        table.undo("scorekeeper")
    assert len(table.states) == 150 and table.state == before and table.states.kept() == 10 + 5


def test_a_restored_checkpoint_rebuilds_the_states_after_it():
    table, rng = Table.start(WILLI, PLAYERS), random.Random(2)
    for _ in range(40):
        table.play(random_move(WILLI, table.state, rng), "scorekeeper")
    expected = list(table.states)
    table.states.restore(16, expected[16])
    assert list(table.states) == expected
    table.states.restore(32, expected[32])
    assert list(table.states) == expected
    with pytest.raises(ValueError):
        table.states.restore(17, expected[17])
    with pytest.raises(ValueError):
        States(WILLI, expected[0], 0)


def test_taking_back_from_the_first_state_is_refused():
    states = States(WILLI, Table.start(WILLI, PLAYERS).state)
    with pytest.raises(IndexError):
        states.pop()
    with pytest.raises(IndexError):
        states[1]

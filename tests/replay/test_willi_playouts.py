"""Random legal Willi games, recorded through the service layer with undo and
redo mixed in: replay, undo, state-at-N and the store all agree."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from domain.rules import random_move
from domain.willi import GAME
from randomness import examples
from service.app.games import Games
from service.store.database import open_store

PLAYERS = {3: ["Alex", "Joe", "Hanna"], 4: ["Alex", "Joe", "Gunter", "Hanna"]}


def replay(players, moves):
    state = GAME.setup(players, {})
    for move in moves:
        state, _ = GAME.apply(state, move)
    return state


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32), count=st.sampled_from([3, 4]))
def test_a_random_game_replays_to_the_live_state_and_apply_never_mutates(seed, count):
    rng = random.Random(seed)
    players = PLAYERS[count]
    state = GAME.setup(players, {})
    moves = []
    while not GAME.finished(state):
        move = random_move(GAME, state, rng)
        GAME.check(state, move)
        before = copy.deepcopy(state)
        new, outcome = GAME.apply(state, move)
        assert state == before
        json.dumps(outcome)
        # a move survives the trip to JSON and back through its schema
        assert GAME.load_move(json.loads(json.dumps(move))) == move
        moves.append(move)
        state = new
    assert replay(players, moves) == state
    assert all(state.won(s) == 2 for s in state.seats)
    assert len(state.rounds) == 8
    points = {s: sum(r["points"][s] for r in state.rounds) for s in state.seats}
    assert points == GAME.scores(state)
    assert set(GAME.winners(state)) <= set(players)


@pytest.mark.slow
@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), count=st.sampled_from([3, 4]))
def test_recorded_games_with_undo_and_redo_agree_everywhere(tmp_path, seed, count):
    rng = random.Random(seed)
    url = f"sqlite:///{tmp_path}/g{seed}.sqlite3"
    store = open_store(url)
    games = Games(store)
    players = PLAYERS[count]
    created = games.create("willi", players)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    hist = games.history(gid)
    steps = 0
    while not GAME.finished(hist.state) and steps < 220:
        steps += 1
        roll = rng.random()
        if roll < 0.1 and hist.effective:
            before = hist.state
            games.undo(gid, token)
            games.redo(gid, token)
            assert games.history(gid).state == before            # undo + redo is the identity
        elif roll < 0.15 and hist.effective:
            games.undo(gid, token)
        else:
            games.record_move(gid, random_move(GAME, hist.state, rng), token)
        hist = games.history(gid)
        effective = [hist.entry(n).move for n in hist.effective]
        assert replay(players, effective) == hist.state        # replay == live
    # state at N equals a replay of the effective moves numbered <= N
    for at in sorted(rng.sample(range(0, len(hist.entries) + 1), 5)):
        moves = [hist.entry(n).move for n in hist.effective if n <= at]
        assert hist.state_at(at) == replay(players, moves)
    # a fresh reader of the same store rebuilds the same history
    fresh = Games(open_store(url)).history(gid)
    assert fresh.state == hist.state and fresh.effective == hist.effective
    assert games.audit(gid)["ok"] is True
    store.close()

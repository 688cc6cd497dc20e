"""Random legal games of 3, 4 and 5 players: replay reproduces the live state,
apply never mutates, legal_moves is exactly what check allows (rerolls aside:
the table enters them with their result), every VP and coin is traceable in
the outcomes, and the game finishes."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from domain.rules import random_move
from domain.vienna import GAME
from domain.vienna.components import SYMBOLS
from randomness import examples

NAMES = ["Anna", "Bert", "Clara", "Dora", "Emil"]
DICE = [str(v) for v in range(1, 7)] + [f"W{v}" for v in range(1, 7)] + [f"J{v}" for v in range(1, 7)]


def normal(move):
    """A move as loaded, its placed dice in order (["6", "2"] places the same dice as ["2", "6"])."""
    loaded = GAME.load_move(json.loads(json.dumps(move)))
    if loaded["type"] == "place":
        loaded["dice"] = sorted(loaded["dice"])
    return json.dumps(loaded, sort_keys=True)


def legal(state, move):
    return GAME.is_legal(state, GAME.load_move(move))


def random_candidates(state, rng, count=60):
    """Moves of every kind, most of them illegal, for the seats that may act."""
    seats = list(state.seats)
    fields = [f.name for f in state.board.street] + ["Geheimbund"]
    for _ in range(count):
        seat = rng.choice(seats)
        kind = rng.choice(["place", "place", "place", "turn_die", "double_move", "gloriette", "take_character",
                           "tiergarten"])
        if kind == "place":
            move = {"type": "place", "seat": seat, "field": rng.choice(fields),
                    "dice": rng.sample(DICE, rng.choice([1, 2]))}
            if move["field"] == "Krieau" or rng.random() < 0.1:
                move.update(gendarme=rng.choice(fields), take=rng.choice(["coin", "vp"]))
            if move["field"] == "Prater" or rng.random() < 0.1:
                move.update(turn=rng.choice(DICE[:12] + ["J"]), to=rng.choice(DICE[:12]))
        elif kind == "turn_die":
            move = {"type": kind, "seat": seat, "die": rng.choice(DICE[:12]), "to": rng.choice(DICE[:12])}
        elif kind == "double_move":
            move = {"type": kind, "seat": seat, "use": rng.random() < 0.5}
        elif kind == "gloriette":
            move = {"type": kind, "seat": seat, "symbol": rng.choice(SYMBOLS)}
        elif kind == "take_character":
            move = {"type": kind, "seat": seat, "card": rng.choice(["Monk", "Empress", "Coachman", "Archduke"])}
        else:
            move = {"type": kind, "seat": seat, "take": {rng.choice(seats): rng.randint(1, 3)}}
        yield move


def reroll(state, rng):
    """Now and then a reroll with its result, as the table enters it (rerolls
    are not listed: their results are too many)."""
    if "reroll" not in GAME.expected(state).moves or rng.random() > 0.1:
        return None
    seat = state.turn
    dice = [d for d in state.player(seat).dice if d != "J"]
    chosen = rng.sample(dice, rng.randint(1, len(dice)))
    return {"type": "reroll", "seat": seat, "dice": chosen,
            "result": [("W" if d.startswith("W") else "") + str(rng.randint(1, 6)) for d in chosen]}


def replay(players, moves):
    state = GAME.setup(players, {})
    for move in moves:
        state, _ = GAME.apply(state, move)
    return state


@pytest.mark.parametrize("count", [3, 4, 5])
@settings(max_examples=examples(2), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_random_game_replays_finishes_and_keeps_every_point_traceable(seed, count):
    rng = random.Random(seed)
    players = NAMES[:count]
    state = GAME.setup(players, GAME.load_options({}))
    vp = dict(GAME.scores(state))
    coins = {p: 0 for p in players}
    moves, step = [], 0
    while not GAME.finished(state):
        step += 1
        assert step < 3000, "the game does not end"
        listed = GAME.legal_moves(state)
        if listed is not None:
            for m in listed:            # each listed move can be posted as it is
                assert m["type"] != "reroll"
                GAME.check(state, m)
            if step % 15 == 0:
                keys = {normal(m) for m in listed}
                for candidate in random_candidates(state, rng):
                    if legal(state, candidate):
                        assert normal(candidate) in keys, candidate
        move = GAME.load_move(json.loads(json.dumps(reroll(state, rng) or random_move(GAME, state, rng))))
        GAME.check(state, move)
        before = copy.deepcopy(state)
        new, outcome = GAME.apply(state, move)
        assert state == before
        # the same move on the same state (undo, then redo) gives the same result
        assert GAME.apply(state, move) == (new, outcome)
        assert json.loads(json.dumps(outcome)) == outcome
        for fact in outcome:
            if fact["fact"] == "scored":
                vp[fact["seat"]] += fact["points"]
            if fact["fact"] == "coins":
                coins[fact["seat"]] += fact["coins"]
        state = new
        moves.append(move)
        assert GAME.scores(state) == vp
        assert {p: state.player(p).coins for p in players} == coins
        assert all(c >= 0 for c in coins.values())
        view = GAME.view(state)
        assert json.loads(json.dumps(view)) == view
    assert replay(players, moves) == state
    assert max(GAME.scores(state).values()) >= 25
    assert GAME.winners(state) and set(GAME.winners(state)) <= set(players)
    assert GAME.legal_moves(state) == []

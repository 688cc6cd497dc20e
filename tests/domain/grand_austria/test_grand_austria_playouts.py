"""Grand Austria Hotel: whole random games for 2, 3 and 4 players. Replay
equals the live game, apply never changes its input, the listed moves are
exactly the legal ones, krones and items never go negative, every point of
the score is an outcome fact, and a player who must move always has a move."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domain.grand_austria import GAME
from domain.grand_austria.modules.start_player import data
from domain.rules import random_move
from randomness import examples

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
QUIET = ("pass", "decline", "end_turn")


def busy_move(state, rng):
    """A random legal move that prefers doing something over passing."""
    if GAME.expected(state).is_chance:
        return GAME.chance_move(state, rng)
    moves = GAME.legal_moves(state)
    active = [m for m in moves if m["type"] not in QUIET]
    if active and rng.random() < 0.85:
        return rng.choice(active)
    return rng.choice(moves)


def legal(state, move):
    return GAME.is_legal(state, GAME.load_move(move))


def probes(state):
    """Moves of the expected types with many field values, legal or not."""
    seat = GAME.expected(state).seats[0]
    out = []
    for kind in GAME.expected(state).moves:
        if kind in ("take_guest",):
            out += [{"type": kind, "seat": seat, "position": p} for p in range(1, 6)]
        elif kind == "take_die":
            out += [{"type": kind, "seat": seat, "value": v, "boost": b} for v in range(1, 7) for b in (False, True)]
        elif kind in ("prepare_room", "occupy_room", "remove_room"):
            out += [{"type": kind, "seat": seat, "room": f"{f}.{c}"} for f in range(1, 5) for c in range(1, 6)]
        elif kind == "split_funds":
            out += [{"type": kind, "seat": seat, "krones": k, "emperor": 3 - k} for k in range(4)]
        elif kind in ("end_turn", "pass", "decline"):
            out.append({"type": kind, "seat": seat})
        elif kind == "claim_objective":
            out += [{"type": kind, "seat": seat, "objective": n} for n in range(105, 117)]
        elif kind == "choose_action":
            out += [{"type": kind, "seat": seat, "action": a} for a in range(1, 6)]
        elif kind == "take_key":
            out += [{"type": kind, "seat": seat}] + [{"type": kind, "seat": seat, "action": a} for a in range(1, 6)]
        elif kind in ("hire", "use_staff", "discard_staff"):
            out += [{"type": kind, "seat": seat, "staff": n} for n in range(1, 49, 3)]
        elif kind in ("send_to_ballroom", "send_dancer"):
            table = {"table": 1} if kind == "send_to_ballroom" else {}
            out += [{"type": kind, "seat": seat, **table, "ballroom": b, "row": r, "section": s}
                    for b in (1, 2, 3) for r in ("top", "middle", "bottom") for s in (1, 2, 3, 4)]
        elif kind == "remove_dancer":
            out += [{"type": kind, "seat": seat, "row": r, "space": n} for r in ("top", "middle", "bottom")
                    for n in range(1, 6)]
        elif kind == "choose_rehearsal":
            out += [{"type": kind, "seat": seat, "board": f"R{n}"} for n in range(1, 6)]
        elif kind == "choose_dustbin":
            out += [{"type": kind, "seat": seat, "colour": c} for c in ("white", "red", "blue", "yellow")]
        elif kind == "exchange":
            items = ("strudel", "cake", "wine", "coffee")
            out += [{"type": kind, "seat": seat, "give": {a: 1}, "take": {b: 1}} for a in items for b in items
                    if a != b]
    return out


def run(players, seed, deep_checks=True, version=None, **options):
    rng = random.Random(seed)
    state = GAME.setup(PLAYERS[:players], GAME.load_options(options), version)
    initial = state
    moves, states = [], [state]
    scored = {seat: 0 for seat in state.players}     # (the solo variant's opponent too)
    for ply in range(6000):
        if GAME.finished(state):
            break
        move = GAME.load_move(busy_move(state, rng))
        GAME.check(state, move)
        if deep_checks and ply % 15 == 0:
            listed = GAME.legal_moves(state)
            if listed is not None:
                for probe in probes(state):
                    assert legal(state, probe) == (probe in listed), probe
                for m in listed[:40]:
                    assert legal(state, m), m
            for seat in PLAYERS[:players]:
                view = GAME.view(state, seat, full=False)
                json.dumps(view)
                for other, data in view["players"].items():
                    if other != seat:
                        assert all(card is None for card in data["hand"] + data["draft_pack"])
            before = copy.deepcopy(state)
            after, out = GAME.apply(state, move)
            assert state == before                      # apply never changes its input
        else:
            after, out = GAME.apply(state, move)
        json.dumps(out)
        for fact in out:
            if fact["fact"] == "scored":
                scored[fact["seat"]] += fact["points"]
        state = after
        moves.append(move)
        states.append(state)
        assert GAME.scores(state) == scored
        for player in state.seats.values():
            assert player.krones >= 0 and min(player.items) >= 0 and player.emperor >= 0
            assert all(min(t.served) >= 0 for t in player.cafe if t)
    assert GAME.finished(state), "the game did not finish"
    assert GAME.winners(state)
    # replay from setup gives the same states (undo to N and redo == replay of the prefix)
    replayed = initial
    cut = rng.randrange(len(moves))
    for i, move in enumerate(moves):
        replayed, _ = GAME.apply(replayed, move)
        if i + 1 == cut:
            assert replayed == states[cut]
    assert replayed == state
    return state, moves


def move_types_played(step, **options):
    """The move types of nine quick whole games (2-4 players, three seeds each; ``step`` spreads the seeds)."""
    seen = set()
    for players in (2, 3, 4):
        for seed in range(3):
            seen |= {m["type"] for m in run(players, seed * step + players, deep_checks=False, **options)[1]}
    return seen


@settings(max_examples=examples(6), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
@example(players=3, seed=127464)      # a guest took Ann's last krone; only space 6 had dice
def test_random_games_are_consistent(players, seed):
    run(players, seed)


def playout_without_dead_ends(players, seed, **options):
    """A cheap busy playout: whenever a player must move, legal_moves lists a
    move; the game ends within the ply limit."""
    rng = random.Random(seed)
    state = GAME.setup(PLAYERS[:players], GAME.load_options(options))
    for ply in range(4000):
        if GAME.finished(state):
            return
        expected = GAME.expected(state)
        if expected.is_chance:
            move = GAME.load_move(GAME.chance_move(state, rng))
        else:
            moves = GAME.legal_moves(state)
            assert moves, f"{players} players, seed {seed}, ply {ply}: {expected} and no legal move"
            active = [m for m in moves if m["type"] not in QUIET]
            move = rng.choice(active if active and rng.random() < 0.85 else moves)
        state, _ = GAME.apply(state, move)
    raise AssertionError(f"{players} players, seed {seed}: the game did not finish in 4000 moves")


@pytest.mark.parametrize("options", [{}, {"modules": ["start_player"]}], ids=["base", "start_player"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_who_must_move_always_has_a_legal_move(players, options):
    for seed in range(40):
        playout_without_dead_ends(players, seed, **options)


@pytest.mark.parametrize("version", ["2", "3"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_of_the_base_game_under_each_rules_version(players, version):
    state, moves = run(players, 20 + players, version=version)
    assert state.config.version.number == version


@pytest.mark.parametrize("version", ["2", "3"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_module_4_start_player(players, version):
    state, moves = run(players, 50 + players, version=version, modules=["start_player"])
    assert any(m["type"] == "take_key" for m in moves)
    assert state.config.tiles == tuple(tuple(t) for t in data()["turn_order"][str(players)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_the_staff_draft(players):
    state, moves = run(players, 40 + players, staff_draft=True)
    picks = [m for m in moves if m["type"] == "draft_pick"]
    assert len(picks) == 6 * players
    assert moves.index(picks[-1]) < min(i for i, m in enumerate(moves) if m["type"] == "take_guest")


def test_whole_games_for_2_3_and_4_players_use_the_whole_vocabulary():
    seen = move_types_played(7)
    assert {"setup", "reveal_guest", "roll", "reroll", "take_guest", "take_die", "serve", "check_in",
            "prepare_room", "choose_items", "split_funds", "hire", "choose_action", "end_turn", "pass"} <= seen


def test_the_plain_random_policy_finishes_too():
    rng = random.Random(3)
    state = GAME.setup(PLAYERS[:3], GAME.load_options({}))
    while not GAME.finished(state):
        state, _ = GAME.apply(state, GAME.load_move(random_move(GAME, state, rng)))
    assert state.round == 7


def test_redacted_moves_hide_other_players_cards():
    state = GAME.setup(PLAYERS[:2], GAME.load_options({}))
    move = GAME.chance_move(state, random.Random(1))
    assert set(GAME.redact_move(move, "Ann")["hands"]) == {"Ann"}
    assert GAME.redact_move({"type": "draw_staff", "seat": "Bob", "cards": [1]}, "Ann") == \
        {"type": "draw_staff", "seat": "Bob"}


def test_whole_games_with_unseen_hands_and_draws():
    """At the table the scorekeeper may not see hands or draws: the cards are
    named only when hired."""
    for players, seed, options in ((2, 1, {}), (3, 2, {}), (4, 3, {}), (3, 4, {"staff_draft": True})):
        rng = random.Random(seed)
        state = GAME.setup(PLAYERS[:players], GAME.load_options(options))
        scored = {seat: 0 for seat in PLAYERS[:players]}
        while not GAME.finished(state):
            move = busy_move(state, rng)
            if move["type"] == "setup":
                move = {k: v for k, v in move.items() if k != "hands"}
            if move["type"] == "draw_staff":
                move = {k: v for k, v in move.items() if k != "cards"}
            if move["type"] == "draft_pick" and rng.random() < 0.9:
                move = {k: v for k, v in move.items() if k != "staff"}
            move = GAME.load_move(move)
            GAME.check(state, move)
            state, out = GAME.apply(state, move)
            for fact in out:
                if fact["fact"] == "scored":
                    scored[fact["seat"]] += fact["points"]
        assert GAME.scores(state) == scored
        hired = [c.number for p in state.seats.values() for c in p.hired]
        assert len(hired) == len(set(hired))

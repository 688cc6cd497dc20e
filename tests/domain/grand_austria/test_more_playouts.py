"""Module 5 in whole random games, alone and with every module built so far
(1 and 4), for 2-4 players: replay equals the live game, the listed moves are
exactly the legal ones, nothing goes negative, every point is an outcome
fact, a player who must move has a move; bell rewards are offered and taken,
and a taken bell card stays face down."""
from __future__ import annotations

import pytest
from test_grand_austria_playouts import playout_without_dead_ends, run

from domain.grand_austria import GAME
from domain.grand_austria.modules.more import of

COMBINATIONS = [["more"], ["more", "ballrooms"], ["more", "start_player"], ["more", "ballrooms", "start_player"],
                ["more", "celebrities"], ["more", "celebrities", "ballrooms", "start_player"]]
IDS = ["m5", "m5+m1", "m5+m4", "m5+m1+m4", "m5+m2", "m5+m2+m1+m4"]


@pytest.mark.parametrize("modules", COMBINATIONS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_module_5(players, modules):
    state, moves = run(players, 130 + players, modules=modules)
    assert state.config.modules == tuple(modules)
    taken = [m for m in moves if m["type"] == "take_bell_reward"]
    face_down = [b for bells in of(state).bells.values() for b in bells if b.taken]
    assert len(face_down) == len(taken)
    for seat, bells in of(state).bells.items():
        assert [b.card for b in bells] == [c for c in state.player(seat).hired if c.kind == "bell"]


def test_whole_module_5_games_use_its_moves():
    seen = set()
    for players in (2, 3, 4):
        for seed in range(4):
            state, moves = run(players, seed * 13 + players, deep_checks=False, modules=["more"])
            seen |= {m["type"] for m in moves}
    assert {"take_bell_reward", "decline"} <= seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_who_must_move_always_has_a_legal_move_with_module_5(players):
    for modules in COMBINATIONS:
        for seed in range(6):
            playout_without_dead_ends(players, seed, modules=modules)
    state, _ = run(players, 8, version="2", modules=["more"])         # under rules version 2 too
    assert state.config.version.number == "2"


def test_the_stacks_of_a_module_5_game_hold_its_cards():
    state = GAME.setup(["Ann", "Bob"], GAME.load_options({"modules": ["more"]}))
    cat = state.config.catalog
    assert set(range(166, 180)) <= set(cat.staff)
    assert {180, 181, 182} <= set(cat.objectives) and {"A6", "B6", "C6"} <= set(cat.emperor_tiles)
    assert sum(1 for c in cat.staff.values() if c.kind == "bell") == 12

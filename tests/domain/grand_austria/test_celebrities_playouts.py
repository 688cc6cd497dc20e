"""Module 2 in whole random games, alone and with modules 1 and 4 in every
combination, with module 5, module 3 and all five, for 2-4 players: replay equals the live game, the listed moves
are exactly the legal ones, nothing goes negative, every point is an outcome
fact, a player who must move has a move; coloured dice are rolled and taken,
the lounge is refilled every round but the last."""
from __future__ import annotations

import pytest
from test_grand_austria_playouts import move_types_played, playout_without_dead_ends, run

from domain.grand_austria.modules.celebrities import of

COMBINATIONS = [["celebrities"], ["celebrities", "ballrooms"], ["celebrities", "start_player"],
                ["ballrooms", "celebrities", "start_player"], ["celebrities", "more"], ["celebrities", "unique_hotels"],
                ["ballrooms", "celebrities", "more", "start_player", "unique_hotels"]]
IDS = ["m2", "m2+m1", "m2+m4", "m1+m2+m4", "m2+m5", "m2+m3", "all"]


@pytest.mark.parametrize("modules", COMBINATIONS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_module_2(players, modules):
    state, moves = run(players, 130 + players, modules=modules)
    assert state.config.dice[-3:] == ("red", "blue", "yellow")
    kinds = [m["type"] for m in moves]
    assert kinds.count("lay_out_lounge") == 1
    assert kinds.count("reveal_celebrity") >= 6            # every round end but the last refills the lounge
    assert any(m["type"] == "take_die" and m.get("colour") for m in moves)
    assert len(of(state).spaces) == 3 and not of(state).held
    assert ("take_key" in kinds) == ("start_player" in modules)
    assert ("choose_rehearsal" in kinds) == ("ballrooms" in modules)


def test_whole_module_2_games_use_its_moves():
    seen = move_types_played(13, modules=["celebrities"])
    assert {"lay_out_lounge", "reveal_celebrity", "exchange"} <= seen


@pytest.mark.parametrize("modules", COMBINATIONS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_who_must_move_always_has_a_legal_move_with_module_2(players, modules):
    for seed in range(6):
        playout_without_dead_ends(players, seed, modules=modules)


def test_module_2_under_rules_version_2_too():
    state, moves = run(3, 9, version="2", modules=["celebrities"])
    assert state.config.version.number == "2"

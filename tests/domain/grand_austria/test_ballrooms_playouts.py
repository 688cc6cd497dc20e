"""Module 1 in whole random games, alone and with module 4, for 2-4 players:
replay equals the live game (undo to N and redo == the replayed prefix), the
listed moves are exactly the legal ones, nothing goes negative, every point is
an outcome fact, a player who must move has a move, and the ballrooms score
after the Emperor scorings of rounds 3, 5 and 7."""
from __future__ import annotations

import pytest
from test_grand_austria_playouts import move_types_played, playout_without_dead_ends, run

from domain.grand_austria.modules.ballrooms import of

MODULES = [["ballrooms"], ["ballrooms", "start_player"]]


@pytest.mark.parametrize("modules", MODULES, ids=["ballrooms", "ballrooms+start_player"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_module_1(players, modules):
    state, moves = run(players, 70 + players, modules=modules)
    assert state.config.items[-1] == "champagne"
    assert all(room.scored for room in of(state).rooms)
    kinds = {m["type"] for m in moves}
    assert "choose_rehearsal" in kinds and "lay_out_ballrooms" not in kinds
    assert len(moves[0]["ballrooms"]) == 3 and len(moves[0]["rehearsal_boards"]) == players   # the setup carries them
    assert ("take_key" in kinds) == ("start_player" in modules)


def test_whole_module_1_games_use_its_moves():
    seen = move_types_played(11, modules=["ballrooms"])
    assert {"choose_rehearsal", "send_to_ballroom", "send_dancer"} <= seen


@pytest.mark.parametrize("modules", MODULES, ids=["ballrooms", "ballrooms+start_player"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_who_must_move_always_has_a_legal_move_with_module_1(players, modules):
    for seed in range(8):
        playout_without_dead_ends(players, seed, modules=modules)


def test_under_rules_version_2_too():
    state, moves = run(3, 5, version="2", modules=["ballrooms"])
    assert state.config.version.number == "2"

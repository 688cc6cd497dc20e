"""Whole random solo games at each level: replay equals the live game, the
listed moves are the legal ones, every point is an outcome fact, the
opponent never passes and takes a die on each of its turns, and every move
of the record reads back from its short notation."""
from __future__ import annotations

import random

import pytest
from test_grand_austria_playouts import playout_without_dead_ends, run

from domain.grand_austria import GAME
from domain.grand_austria.solo.variant import BOT, bot
from domain.table import random_game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_whole_solo_games_at_each_level(level):
    for seed in range(2):
        state, moves = run(1, 90 + seed, solo={"difficulty": level})
        kinds = [m["type"] for m in moves]
        assert kinds.count("draw_instruction") == len(bot(state).drawn) <= 14
        assert "keep_staff" in kinds and "draft_pick" not in kinds
        assert not any(m.get("seat") == BOT for m in moves)       # the table draws; the engine plays
        assert GAME.winners(state) in (["Ann"], [BOT])


def test_a_solo_player_who_must_move_always_has_a_legal_move():
    for seed in range(12):
        playout_without_dead_ends(1, seed, solo={"difficulty": ("easy", "medium", "hard")[seed % 3]})


def test_every_move_of_a_solo_game_reads_back_from_its_notation():
    for seed in range(2):
        for move in random_game(GAME, ["Ann"], GAME.load_options({"solo": {"difficulty": "hard"}}),
                                random.Random(seed)):
            text = GAME.notation(move)
            assert "=" not in text, text
            assert GAME.parse_notation(text, ["Ann", BOT]) == GAME.load_move(move)

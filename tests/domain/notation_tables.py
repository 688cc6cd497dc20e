"""The tests every game's short notation runs over its own tables: the
printed form of each move type, and text that must be refused as malformed.
A game's notation test module binds them to its names:

    test_the_printed_forms, test_malformed_notation_is_refused_as_malformed, \\
        test_every_move_type_has_a_printed_form = notation_table_tests(GAME, SEATS, PRINTED, MALFORMED)
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pytest

from domain.rules import Game, MalformedMove


def notation_table_tests(game: Game, seats: Sequence[str], printed: list[tuple[dict[str, Any], str]],
                         malformed: list[str]) -> tuple[Callable[..., None], ...]:
    @pytest.mark.parametrize("move, text", printed, ids=[text[:60] for _, text in printed])
    def test_the_printed_forms(move, text):
        assert game.notation(game.load_move(move)) == text
        assert game.parse_notation(text, seats) == game.load_move(move)

    @pytest.mark.parametrize("text", malformed)
    def test_malformed_notation_is_refused_as_malformed(text):
        with pytest.raises(MalformedMove):
            game.parse_notation(text, seats)

    def test_every_move_type_has_a_printed_form():
        assert {move["type"] for move, _ in printed} == set(game.move_schemas)

    return test_the_printed_forms, test_malformed_notation_is_refused_as_malformed, \
        test_every_move_type_has_a_printed_form

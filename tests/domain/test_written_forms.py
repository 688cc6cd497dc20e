"""Cards, spaces, rooms and dice are written in short forms; each must be
the whole text. (A pattern ending in ``$`` alone would take ``"L3\\n"`` for
the lady 3: no such card lies on any table, so it is malformed, not a move.)"""
from __future__ import annotations

import pytest

from domain.games import get_game
from domain.rules import MalformedMove

WELL_FORMED = [
    ("wiener_walzer", {"type": "place", "seat": "Ann", "card": "L3", "space": "d4"}),
    ("vienna", {"type": "place", "seat": "Ann", "field": "Oper", "dice": ["2"]}),
    ("vienna", {"type": "place", "seat": "Ann", "field": "Oper", "dice": ["W2"]}),
    ("grand_austria", {"type": "prepare_room", "seat": "Ann", "room": "1.1"}),
    ("willi", {"type": "play", "seat": "Ann", "card": "R5"}),
]


def spoiled(move: dict, text: str) -> list[dict]:
    """The move with each written form (card, space, room, die) changed by ``text``."""
    out = []
    for key, value in move.items():
        if key in ("type", "seat", "field"):
            continue
        if isinstance(value, list):
            out.append({**move, key: [value[0] + text]})
        else:
            out.append({**move, key: value + text})
            out.append({**move, key: text + value})
    return out


@pytest.mark.parametrize("game_id, move", WELL_FORMED)
def test_the_written_forms_are_read(game_id, move):
    assert get_game(game_id).load_move(move)["type"] == move["type"]


@pytest.mark.parametrize("text", ["\n", " ", "\r\n", "#"])
@pytest.mark.parametrize("game_id, move", WELL_FORMED)
def test_anything_before_or_after_a_written_form_makes_the_move_malformed(game_id, move, text):
    for bad in spoiled(move, text):
        with pytest.raises(MalformedMove):
            get_game(game_id).load_move(bad)


@pytest.mark.parametrize("vp", ["3", 2.5, True, None, -1])
def test_a_grand_austria_guest_by_printed_content_has_whole_numbers(vp):
    game = get_game("grand_austria")
    guest = {"colour": "red", "order": {"cake": 1, "wine": 1}, "vp": 4}
    assert game.load_move({"type": "reveal_guest", "card": guest})["card"] == guest
    with pytest.raises(MalformedMove):
        game.load_move({"type": "reveal_guest", "card": {**guest, "vp": vp}})


@pytest.mark.parametrize("cost", ["1", 1.5, False])
def test_a_grand_austria_staff_card_by_printed_content_costs_a_whole_number(cost):
    game = get_game("grand_austria")
    with pytest.raises(MalformedMove):
        game.load_move({"type": "draw_staff", "seat": "Ann", "cards": [{"kind": "once", "cost": cost}]})

"""A flat move loaded before is taken from those kept: each write gets a
move of its own, equal to the one the rules load, and a move the rules
refuse is refused every time."""
from __future__ import annotations

import random

import pytest

from domain.games import get_game
from domain.rules import MalformedMove
from domain.table import random_game
from service.app.games import Games
from service.store.database import open_store

FOUR = ["Ann", "Bob", "Cy", "Di"]
WILLI = get_game("willi")


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'moves.sqlite3'}"))
    yield service
    service.store.close()


def test_a_flat_move_loaded_again_is_a_copy_equal_to_the_rules_own(games):
    data = {"type": "play", "seat": "Ann", "card": "R5"}
    first, again = games._load_move(WILLI, data), games._load_move(WILLI, dict(data))
    assert first == again == WILLI.load_move(data)
    assert first is not again
    again["card"] = "G7"
    assert games._load_move(WILLI, data) == WILLI.load_move(data)


@pytest.mark.parametrize("extra", [1, True, "1"])
def test_a_refused_move_is_refused_each_time_as_the_rules_refuse_it(games, extra):
    data = {"type": "play", "seat": "Ann", "card": "R5", "extra": extra}
    with pytest.raises(MalformedMove) as by_the_rules:
        WILLI.load_move(data)
    for _ in range(2):
        with pytest.raises(MalformedMove) as refused:
            games._load_move(WILLI, data)
        assert refused.value.messages == by_the_rules.value.messages


def test_one_game_recorded_twice_stores_the_same_moves(games):
    moves = random_game(WILLI, FOUR, {}, random.Random(3))[:12]
    stored = []
    for _ in range(2):
        created = games.create("willi", FOUR)
        for move in moves:
            games.record_move(created["id"], move, created["tokens"]["scorekeeper"])
        stored.append([entry.move for entry in games.history(created["id"]).entries])
    assert stored[0] == stored[1] == [WILLI.load_move(move) for move in moves]

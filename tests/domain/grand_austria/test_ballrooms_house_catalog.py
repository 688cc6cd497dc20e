"""Module 1's components the rulebook does not print, entered once as a house
catalog (option ``house_catalog``, in the shape of the shipped data): it
replaces or completes the shipped boards and cards for that game, and is kept
in the game's options (its Started event), so replay never needs it again."""
from __future__ import annotations

import pytest
from grand_austria_table import HANDS, QUEUE, play

from domain.grand_austria import GAME
from domain.grand_austria.modules.ballrooms import of
from domain.rules import MalformedMove, RuleViolation

HOUSE = {
    "guest": [{"number": 142, "name": "Opera Singer", "colour": "blue", "order": {"wine": 1, "champagne": 2},
               "vp": 8, "reward": [{"kind": "dancer", "free": True}]},
              {"number": 134, "name": "Debutante", "colour": "green", "order": {"champagne": 1}, "vp": 2,
               "reward": [{"kind": "item", "item": "champagne", "n": 1}]}],
    "staff": [{"number": 125, "name": "Bandleader", "cost": 3, "kind": "once",
               "on_hire": [{"kind": "item", "item": "champagne", "n": 2}]}],
    "ballroom": [{"name": "Apollosaal", "sides": {"2": {"top": {"spaces": 1, "cost": 4},
                                                        "bottom": {"spaces": 6, "cost": 0}}}}],
    "rehearsal_board": [{"id": "Ours", "sections": [[{"kind": "vp", "n": 2}], [], [], []]}],
}


def game(house=HOUSE, modules=("ballrooms",), players=("Anna", "Beth")):
    return GAME.setup(list(players), GAME.load_options({"modules": list(modules), "house_catalog": house}), "3")


def set_up(state, queue=(142, 134, 49, 50, 51)):
    state, _ = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": list(queue), "start_player": "Anna",
                            "hands": dict(zip(state.players, HANDS.values()))})
    return state


def test_a_house_card_completes_the_catalog_and_a_known_number_is_replaced():
    state = set_up(game())
    assert state.queue[0].name == "Opera Singer" and state.queue[0].order == (0, 0, 1, 0, 2)
    assert state.queue[1].colour == "green" and state.queue[1].vp == 2        # the house's Debutante
    assert state.config.catalog.staff[125].name == "Bandleader"


def test_a_card_of_the_modules_numbers_the_game_lacks_is_refused_by_the_game_not_the_form():
    plain = GAME.setup(["Anna", "Beth"], GAME.load_options({"modules": ["ballrooms"]}), "3")
    with pytest.raises(RuleViolation) as refused:
        GAME.check(plain, GAME.load_move({"type": "setup", "objectives": [105, 109, 113],
                                          "emperor_tiles": ["A1", "B1", "C1"], "queue": [142, 49, 50, 51, 52],
                                          "start_player": "Anna"}))
    assert refused.value.code == "card_not_in_game" and "printed content" in refused.value.message
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "reveal_guest", "card": 170})           # no card carries that number


def test_the_house_boards_replace_the_shipped_side_and_add_a_rehearsal_board():
    state = set_up(game())
    state, facts = play(state, {"type": "lay_out_ballrooms", "ballrooms": ["Zum Sperl", "Odeonsaal", "Apollosaal"],
                                "rehearsal_boards": ["Ours", "R2"]})
    apollosaal = of(state).rooms[2]
    assert [(r.name, r.cost, len(r.spaces)) for r in apollosaal.rows] == [("top", 4, 1), ("bottom", 0, 6)]
    assert apollosaal.row("top").bonus == ({"kind": "krones", "n": 3},)    # printed bonuses stay
    assert of(state).offer[0].bonuses[0] == ({"kind": "vp", "n": 2},)
    assert facts[-1]["boards"][0]["id"] == "Ours"


@pytest.mark.parametrize("house", [
    {"ballroom": [{"name": "Apollosaal", "sides": {"5": {}}}]},
    {"ballroom": [{"name": "Apollosaal", "sides": {"2": {"top": {"spaces": 0, "cost": 1},
                                                         "bottom": {"spaces": 2, "cost": 1}}}}]},
    {"rehearsal_board": [{"id": "Short", "sections": [[], []]}]},
])
def test_a_house_catalog_that_does_not_fit_is_refused_with_the_rule(house):
    with pytest.raises(RuleViolation) as refused:
        game(house)
    assert refused.value.code == "house_catalog"


@pytest.mark.parametrize("house", [{"guest": [{"name": "no number", "colour": "red", "order": {}}]},
                                   {"staff": [{"number": 125, "name": "x", "kind": "sometimes", "cost": 1}]}])
def test_a_house_card_that_is_not_a_card_is_malformed(house):
    with pytest.raises(MalformedMove):
        GAME.load_options({"modules": ["ballrooms"], "house_catalog": house})


def test_a_whole_digital_game_plays_from_the_house_catalog():
    import random
    from domain.table import random_game
    moves = random_game(GAME, ["Anna", "Beth", "Cyril"], {"modules": ["ballrooms"], "house_catalog": HOUSE},
                        random.Random(5))
    state = GAME.setup(["Anna", "Beth", "Cyril"], GAME.load_options({"modules": ["ballrooms"], "house_catalog": HOUSE}))
    for move in moves:
        state, _ = GAME.apply(state, GAME.load_move(move))
    assert GAME.finished(state)
    laid = moves[0]      # the setup carries the boards, by printed content
    assert {b["id"] for b in laid["rehearsal_boards"]} <= {"Ours", "R1", "R2", "R3", "R4"}

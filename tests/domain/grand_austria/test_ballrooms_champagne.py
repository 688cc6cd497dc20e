"""Module 1: champagne, a fifth item that is neither dish nor drink [LW Module 1
Setup, Main Actions, Clarifications, Game End]: 1 in every kitchen at the
start; actions 1 and 2 give strudel >= cake >= champagne and wine >= coffee >=
champagne; serving includes it; "dish or drink" never gives it; 1 VP each at
the end and part of the tie-break."""
from __future__ import annotations

import pytest
from ballrooms_table import guest_served, kitchen, ready, set_up
from grand_austria_table import play, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.scoring import final_scoring, winners
from domain.immutable import evolve
from domain.rules import RuleViolation


def refusal(state, move):
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(move))
    return refused.value


def item_answers(state):
    return [{k: v for k, v in m["items"].items() if v} for m in GAME.legal_moves(state)
            if m["type"] == "choose_items" and "place" not in m]


def after_die(state, value, dice):
    """Anna takes a die from space ``value`` holding ``dice`` dice (no boost)."""
    state = evolve(state, dice=tuple(white_dice(dice)[0] if v == value else c for v, c in enumerate(state.dice, 1)))
    state, _ = play(state, {"type": "take_die", "seat": "Anna", "value": value})
    return state


def test_every_kitchen_starts_with_one_champagne_besides_the_four_items():
    state = set_up()
    assert GAME.view(state)["players"]["Anna"]["items"] == \
        {"strudel": 1, "cake": 1, "wine": 1, "coffee": 1, "champagne": 1}


def test_x01_the_dish_action_with_three_dice_gives_strudel_at_least_cake_at_least_champagne():
    state = after_die(ready(), 1, 3)
    assert item_answers(state) == [{"strudel": 3}, {"strudel": 2, "cake": 1},
                                   {"strudel": 1, "cake": 1, "champagne": 1}]
    for wrong in ({"strudel": 2, "champagne": 1}, {"strudel": 1, "cake": 2}, {"champagne": 3},
                  {"cake": 1, "champagne": 1, "strudel": 2}):
        assert refusal(state, {"type": "choose_items", "seat": "Anna", "items": wrong}).code in \
            ("too_many", "item_count")
    assert "Never take more champagne than cake" in \
        refusal(state, {"type": "choose_items", "seat": "Anna", "items": {"strudel": 2, "champagne": 1}}).message


def test_x02_the_drink_action_with_four_dice_gives_wine_at_least_coffee_at_least_champagne():
    state = after_die(ready(), 2, 4)
    assert item_answers(state) == [{"wine": 4}, {"wine": 3, "coffee": 1}, {"wine": 2, "coffee": 2},
                                   {"wine": 2, "coffee": 1, "champagne": 1}]
    for wrong in ({"wine": 3, "champagne": 1}, {"wine": 1, "coffee": 1, "champagne": 2}):
        assert refusal(state, {"type": "choose_items", "seat": "Anna", "items": wrong}).code == "too_many"
    state, facts = play(state, {"type": "choose_items", "seat": "Anna",
                                "items": {"wine": 2, "coffee": 1, "champagne": 1}})
    assert GAME.view(state)["players"]["Anna"]["items"]["champagne"] == 2


def test_a_dish_or_drink_of_choice_is_never_champagne():
    state = ready()
    from domain.grand_austria.state import Pending
    state = evolve(state, pending=(Pending("Anna", "dish_or_drink", n=1, why="a dish or drink"),))
    assert {"champagne": 1} not in item_answers(state)
    assert refusal(state, {"type": "choose_items", "seat": "Anna", "items": {"champagne": 1}}).code == "wrong_items"


def test_serving_includes_champagne_and_it_counts_among_the_three_items_of_a_krone():
    state = ready()
    debutante = guest_served(state, "Anna", 134)            # orders strudel, wine, champagne
    player = debutante.player("Anna")
    table = player.cafe[0]
    state = evolve(debutante, seats={**debutante.seats, "Anna": evolve(
        player, cafe=(evolve(table, served=debutante.config.nothing),) + player.cafe[1:])})
    state = kitchen(state, "Anna", strudel=1, wine=1, champagne=1)
    move = {"type": "serve", "seat": "Anna", "items": [{"table": 1, "item": "strudel"}, {"table": 1, "item": "wine"},
                                                      {"table": 1, "item": "champagne"}]}
    assert move in GAME.legal_moves(state)
    state, facts = play(state, move)
    assert [f["krones"] for f in facts if f["fact"] == "served"] == [1]
    assert state.player("Anna").cafe[0].complete


def test_a_base_game_has_no_champagne_to_serve_or_take():
    from grand_austria_table import ready as base_ready
    state = base_ready(2, version="3")
    assert refusal(state, {"type": "serve", "seat": "Ann", "items": [{"table": 1, "item": "champagne"}]}).code \
        == "not_in_game"
    assert "champagne" not in GAME.view(state)["players"]["Ann"]["items"]


def test_each_champagne_left_scores_1_vp_and_counts_in_the_tie_break():
    state = ready(("Anna", "Beth"))
    state = kitchen(kitchen(state, "Anna", champagne=3), "Beth", strudel=3)
    state = evolve(state, round=7, seats={s: evolve(p, krones=0, vp=10, cafe=(None,) * 3)
                                          for s, p in kitchen(kitchen(state, "Anna", champagne=3),
                                                              "Beth", strudel=2).seats.items()})
    out = []
    over = final_scoring(state, out)
    lines = [(f["seat"], f["points"], f["why"]) for f in out if f["fact"] == "scored"]
    assert ("Anna", 3, "final scoring: 1 VP per champagne") in lines
    assert ("Beth", 2, "final scoring: 1 VP per item in the kitchen") in lines
    assert not any(s == "Anna" and why == "final scoring: 1 VP per item in the kitchen" for s, _, why in lines)
    assert over.final == {"Anna": 13, "Beth": 12}
    tied = evolve(over, seats={**over.seats, "Beth": evolve(over.player("Beth"), vp=13)})
    assert winners(tied) == ["Anna"]        # 3 champagne against 2 strudel


def test_the_base_items_of_choice_are_dishes_or_drinks_and_the_any_item_icon_may_be_champagne():
    from domain.grand_austria.state import Pending
    state = ready()
    base = evolve(state, pending=(Pending("Anna", "any_items", n=1, why="Emperor tile A2 reward"),))
    assert {"champagne": 1} not in item_answers(base)
    any_item = evolve(state, pending=(Pending("Anna", "any_item", n=1, why="any item"),))
    assert {"champagne": 1} in item_answers(any_item)


def test_losing_all_kitchen_items_loses_the_champagne_too():
    from domain.grand_austria.effects import apply_effects
    state = kitchen(ready(), "Anna", strudel=2, champagne=3)
    out = []
    after = apply_effects(state, "Anna", [{"kind": "lose_items"}], "Emperor tile A2 penalty", out)
    assert GAME.view(after)["players"]["Anna"]["items"] == dict.fromkeys(
        ("strudel", "cake", "wine", "coffee", "champagne"), 0)

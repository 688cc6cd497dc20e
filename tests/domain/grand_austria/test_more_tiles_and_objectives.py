"""Module 5's Emperor tiles and objectives [LW Appendix: Emperor Tiles and
Objective Cards, module 5 (plus symbol); specification M5.R06-R11, M5.A04-A05,
examples M5.X01, X02, X04]."""
from __future__ import annotations

import pytest
from grand_austria_table import points, white_dice
from more_table import arrange, kitchen, mv, play, ready5, staff

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.grand_austria.modules.more import more_view
from domain.immutable import evolve
from domain.rules import RuleViolation


def refusal(state, move):
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(move))
    return refused.value


def emperor_scoring(round_, tile, modules=("more",), ann=None, items=None, hired=()):
    """Ann arranged (Bob well ahead on the track), then round ``round_`` ends
    (both pass the last die) with ``tile`` as that round's Emperor tile."""
    tiles = ["A1", "B1", "C1"]
    tiles["ABC".index(tile[0])] = tile
    state = ready5(tiles=tuple(tiles), modules=modules)
    state = arrange(state, "Ann", **(ann or {}))
    state = arrange(state, "Bob", emperor=1 + round_)
    if items is not None:
        state = kitchen(state, "Ann", **items)
    state = staff(state, "Ann", hired=hired)
    state = evolve(state, round=round_, dice=white_dice(0, 0, 0, 1, 0, 0))
    return play(state, mv("pass", "Ann"), mv("pass", "Bob"))


PENALTY = {"emperor": 0}


# -- tile A: 2 krones and a dish or drink; or pay 2 and return one, else -5 VP ---------------------------
def test_tile_a6_reward_two_krones_and_a_dish_or_drink_of_choice_never_champagne():
    state, _ = emperor_scoring(3, "A6", modules=("more", "ballrooms"), ann={"emperor": 6})
    assert state.player("Ann").krones == 12
    assert state.pending[0].kind == "any_items"
    assert {i for m in GAME.legal_moves(state) for i in m["items"]} == {"strudel", "cake", "wine", "coffee"}


@pytest.mark.parametrize("krones, items, lost_vp", [
    (1, {"wine": 2}, 5),                         # fewer than 2 krones: -5 VP, nothing paid
    (2, {"champagne": 1}, 5),                    # champagne is no dish or drink
    (2, {}, 5),
])
def test_tile_a6_penalty_all_or_nothing(krones, items, lost_vp):
    state, facts = emperor_scoring(3, "A6", modules=("more", "ballrooms"), ann={**PENALTY, "krones": krones},
                                   items=items)
    assert state.player("Ann").krones == krones
    assert state.config.named(state.player("Ann").items) == state.config.named(state.config.vector(items))
    assert any(f["points"] == -lost_vp and f["seat"] == "Ann" and "Emperor tile A6 penalty" in f["why"]
               for f in facts if f["fact"] == "scored")


def test_tile_a6_penalty_pays_2_krones_and_the_only_dish_or_drink_returns_by_itself():
    state, facts = emperor_scoring(3, "A6", ann={**PENALTY, "krones": 3}, items={"coffee": 1})
    assert state.player("Ann").krones == 1 and state.player("Ann").items == (0, 0, 0, 0)
    assert not any(f["seat"] == "Ann" for f in facts if f["fact"] == "scored" and f["points"] < 0)


def test_tile_a6_penalty_lets_the_player_choose_which_dish_or_drink_returns():
    state, _ = emperor_scoring(3, "A6", ann={**PENALTY, "krones": 5}, items={"strudel": 2, "wine": 1})
    assert GAME.expected(state).moves == ("return_item",)
    assert GAME.legal_moves(state) == [mv("return_item", "Ann", item="strudel"), mv("return_item", "Ann", item="wine")]
    assert refusal(state, mv("return_item", "Ann", item="coffee")).code == "not_in_kitchen"
    state, facts = play(state, mv("return_item", "Ann", item="wine"))
    assert state.config.named(state.player("Ann").items) == {"strudel": 2, "cake": 0, "wine": 0, "coffee": 0}
    assert state.player("Ann").krones == 3


# -- tile B: 3 staff and 4 VP; or return 3 hand cards, else -7 VP ------------------------------------
def test_tile_b6_reward_draws_three_staff_into_the_hand_and_scores_4():
    state, facts = emperor_scoring(5, "B6", ann={"emperor": 9})
    assert any(f["points"] == 4 and f["why"] == "Emperor tile B6 reward" for f in facts if f["fact"] == "scored")
    assert GAME.expected(state).moves == ("draw_staff",) and state.pending[0].n == 3
    hand = len(state.player("Ann").hand)
    state, _ = play(state, mv("draw_staff", "Ann", cards=[40, 41, 42]))
    assert len(state.player("Ann").hand) == hand + 3


def test_tile_b6_penalty_returns_three_hand_cards_or_costs_7():
    state, _ = emperor_scoring(5, "B6", ann=PENALTY)
    assert GAME.expected(state).moves == ("return_staff",) and state.pending[0].n == 3
    state, facts = emperor_scoring(5, "B6", ann={**PENALTY, "hand": [1, 2]})
    assert any(f["points"] == -7 for f in facts if f["fact"] == "scored" and f["seat"] == "Ann")


# -- tile C: 5 VP per objective marker; or lose all money and every kitchen item --------------------
def test_tile_c6_reward_5_vp_per_marker_on_the_objective_cards():
    state, facts = emperor_scoring(7, "C6", ann={"emperor": 10, "objectives": (105, 109)})
    assert any(f["points"] == 10 and f["why"] == "Emperor tile C6 reward (2 objective markers)"
               for f in facts if f["fact"] == "scored")


def test_tile_c6_penalty_loses_all_money_and_every_kitchen_item_champagne_included():
    state, facts = emperor_scoring(7, "C6", modules=("more", "ballrooms"), ann={**PENALTY, "krones": 7},
                                   items={"strudel": 1, "cake": 2, "wine": 1, "coffee": 1, "champagne": 3})
    ann = state.player("Ann")
    assert ann.krones == 0 and ann.items == (0,) * 5
    assert {"fact": "items_lost", "seat": "Ann", "cafe": False, "why": "Emperor tile C6 penalty",
            "items": {"strudel": 1, "cake": 2, "wine": 1, "coffee": 1, "champagne": 3}} in facts
    assert {"fact": "krones", "seat": "Ann", "krones": -7, "why": "Emperor tile C6 penalty"} in facts


def test_with_modules_1_and_5_each_emperor_stack_holds_six_tiles():
    state = ready5(modules=("more", "ballrooms"))
    stacks = GAME.view(state)["emperor_tile_stacks"]
    assert [(s["stack"], [t["id"] for t in s["tiles"]]) for s in stacks] == [
        ("A", ["A1", "A2", "A3", "A4", "A5", "A6"]), ("B", ["B1", "B2", "B3", "B4", "B5", "B6"]),
        ("C", ["C1", "C2", "C3", "C4", "C5", "C6"])]
    assert len(GAME.view(ready5())["emperor_tile_stacks"][0]["tiles"]) == 5


def test_the_module_5_tiles_and_objectives_are_refused_in_a_game_without_it():
    from grand_austria_table import SETUP, fresh
    state = fresh(2, version="3")
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move({**SETUP, "emperor_tiles": ["A6", "B1", "C1"]}))
    assert refused.value.code == "bad_emperor_tiles"
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move({**SETUP, "objectives": [180, 109, 113]}))
    assert refused.value.code == "bad_objectives"
    assert 180 not in catalog().objectives


# -- objectives 180-182 ---------------------------------------------------------------------------------
def claim(state, number):
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0))
    return play(state, mv("claim_objective", "Ann", objective=number))


def test_objective_180_needs_3_of_each_dish_and_drink_in_the_kitchen():
    state = ready5(objectives=(180, 109, 113))
    short = kitchen(state, "Ann", strudel=3, cake=3, wine=3, coffee=2)
    with pytest.raises(RuleViolation) as refused:
        claim(short, 180)
    assert refused.value.code == "condition_unmet"
    state, facts = claim(kitchen(state, "Ann", strudel=3, cake=4, wine=3, coffee=3), 180)
    assert points(facts, "Ann") == 15


def test_objective_181_needs_3_occupied_rooms_on_the_top_floor():
    state = ready5(objectives=(105, 181, 113))
    two = arrange(state, "Ann", rooms={"4.1": "occupied", "4.2": "occupied", "3.3": "occupied", "4.3": "prepared"})
    with pytest.raises(RuleViolation):
        claim(two, 181)
    state, facts = claim(arrange(two, "Ann", rooms={"4.5": "occupied"}), 181)
    assert points(facts, "Ann") == 15


def test_objective_182_counts_the_personal_pile_of_guests_of_3_or_more_items_then_discards_it():
    state = ready5(objectives=(105, 109, 182))
    big = [n for n, g in state.config.catalog.guests.items() if g.size >= 3][:5]
    small = [n for n, g in state.config.catalog.guests.items() if g.size < 3][:3]
    cat = state.config.catalog.guests
    four = evolve(state.player("Ann"), guests=tuple(cat[n] for n in big[:4] + small))
    state = evolve(state, seats={**state.seats, "Ann": four})
    assert more_view(state, None, True)["large_order_pile"]["Ann"] == [cat[n].name for n in big[:4]]
    with pytest.raises(RuleViolation):
        claim(state, 182)
    five = evolve(four, guests=four.guests + (cat[big[4]],))
    state, facts = claim(evolve(state, seats={**state.seats, "Ann": five}), 182)
    assert points(facts, "Ann") == 15
    assert more_view(state, None, True)["large_order_pile"] == {"Ann": [], "Bob": []}


def test_objective_182_counts_guests_sent_to_a_ballroom_too():
    from domain.grand_austria.modules.ballrooms import ID as BALLROOMS, of as ballrooms
    state = ready5(modules=("more", "ballrooms"), objectives=(105, 109, 182))
    cat = state.config.catalog.guests
    big = [cat[n] for n, g in cat.items() if g.size >= 3]
    state = evolve(state, seats={**state.seats, "Ann": evolve(state.player("Ann"), guests=tuple(big[:3]))})
    state = evolve(state, modules={**state.modules, BALLROOMS: evolve(ballrooms(state), danced={"Ann": tuple(big[3:5])})})
    state, facts = claim(state, 182)
    assert points(facts, "Ann") == 15

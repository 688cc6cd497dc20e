"""Rules version 3: items gained on your own turn go, right then, onto your
café guests or into your kitchen ("you can place them on guests or in your
kitchen as normal" / "as always", says the Let's Waltz! rulebook of row
bonuses, the Exchange celebrity and the Start Player action); kitchen items
reach guests only by serving, 1 krone for up to 3; items gained outside a
turn go to the kitchen. The Staff Manager hires before or after the main
action. Version 2 games keep playing as they were."""
from __future__ import annotations

import pytest
from grand_austria_table import arrange, mv, play, ready, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.catalog import ITEMS
from domain.immutable import evolve
from domain.rules import RuleViolation

V3 = "3"
POET = 59          # yellow, orders 3 strudel and 1 wine
COMPOSER = 51      # yellow, orders 1 wine; reward: 1 strudel


def items(**counts):
    return tuple(counts.get(i, 0) for i in ITEMS)


def served(state, seat, table):
    return state.player(seat).cafe[table - 1].served


def test_new_games_start_under_version_3_and_version_2_stays_playable():
    assert GAME.rules_version == "3" and GAME.setup(["Ann", "Bob"], {}).config.version.number == "3"
    assert set(GAME.rules_versions) == {"2", "3"}
    assert GAME.setup(["Ann", "Bob"], {}, "3").config.version.number == "3"
    assert GAME.setup(["Ann", "Bob"], {}, "2").config.version.number == "2"
    with pytest.raises(RuleViolation, match="rules versions 2, 3"):
        GAME.setup(["Ann", "Bob"], {}, "7")


def test_a_main_actions_items_go_onto_a_cafe_guest_right_then():
    state = arrange(ready(version=V3), "Ann", cafe=[POET])
    state, facts = play(state, mv("take_die", "Ann", value=1),
                        mv("choose_items", "Ann", items={"strudel": 2}, place={"1": {"strudel": 2}}))
    assert served(state, "Ann", 1) == items(strudel=2)
    assert state.player("Ann").items == items(strudel=1, cake=1, wine=1, coffee=1)    # the kitchen as it was
    assert state.player("Ann").krones == 10
    assert {"fact": "placed", "seat": "Ann", "items": [{"table": 1, "item": "strudel"}] * 2} in facts


def test_items_left_in_the_kitchen_are_served_later_in_the_turn_for_a_krone():
    state = arrange(ready(version=V3), "Ann", cafe=[POET])
    state, facts = play(state, mv("take_die", "Ann", value=1), mv("choose_items", "Ann", items={"strudel": 2}),
                        mv("serve", "Ann", items=[{"table": 1, "item": "strudel"}] * 3))
    assert served(state, "Ann", 1) == items(strudel=3) and state.player("Ann").krones == 9


def test_version_2_serves_a_main_actions_items_free_all_turn():
    state = arrange(ready(version="2"), "Ann", cafe=[POET])
    state, _ = play(state, mv("take_die", "Ann", value=1), mv("choose_items", "Ann", items={"strudel": 2}),
                    mv("serve", "Ann", items=[{"table": 1, "item": "strudel"}] * 2))
    assert state.player("Ann").krones == 10
    with pytest.raises(RuleViolation, match="rules version 2"):
        play(arrange(ready(version="2"), "Ann", cafe=[POET]), mv("take_die", "Ann", value=1),
             mv("choose_items", "Ann", items={"strudel": 2}, place={"1": {"strudel": 2}}))


def test_a_rewards_item_may_be_placed_on_a_guest_right_then():
    state = arrange(ready(version=V3), "Ann", cafe=[(COMPOSER, "all"), POET])
    state, facts = play(state, mv("check_in", "Ann", table=1, room="1.2"))
    assert GAME.expected(state).moves == ("place_items", "decline")
    assert state.pending[0].items == items(strudel=1)
    state, _ = play(state, mv("place_items", "Ann", place={"2": {"strudel": 1}}))
    assert served(state, "Ann", 2) == items(strudel=1)
    assert state.player("Ann").items == items(strudel=1, cake=1, wine=1, coffee=1)


def test_a_rewards_item_declined_stays_in_the_kitchen():
    state = arrange(ready(version=V3), "Ann", cafe=[(COMPOSER, "all"), POET])
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"), mv("decline", "Ann"))
    assert served(state, "Ann", 2) == items() and state.player("Ann").items == items(strudel=2, cake=1, wine=1,
                                                                                     coffee=1)


def test_with_no_guest_to_take_it_an_item_goes_to_the_kitchen_without_asking():
    state = arrange(ready(version=V3), "Ann", cafe=[(COMPOSER, "all")])
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"))
    assert not state.pending and state.player("Ann").items == items(strudel=2, cake=1, wine=1, coffee=1)


def test_a_staff_cards_item_may_be_placed_on_a_guest():
    state = arrange(ready(version=V3), "Ann", cafe=[POET], hired=[1])            # Breakfast Server: 1 strudel
    state, _ = play(state, mv("use_staff", "Ann", staff=1))
    assert state.pending[0].kind == "place_items"
    state, _ = play(state, mv("place_items", "Ann", place={"1": {"strudel": 1}}))
    assert served(state, "Ann", 1) == items(strudel=1)


@pytest.mark.parametrize("place, code", [
    ({"1": {"strudel": 2}}, "not_gained"),          # only the item just gained
    ({"1": {"cake": 1}}, "not_ordered"),         # the Poet ordered no cake
    ({"2": {"strudel": 1}}, "empty_table"),
])
def test_only_the_items_gained_go_onto_guests_who_ordered_them(place, code):
    state = arrange(ready(version=V3), "Ann", cafe=[POET], hired=[1])
    state, _ = play(state, mv("use_staff", "Ann", staff=1))
    with pytest.raises(RuleViolation) as refused:
        play(state, mv("place_items", "Ann", place=place))
    assert refused.value.code == code


def test_a_guest_takes_only_what_it_ordered():
    state = arrange(ready(version=V3), "Ann", cafe=[POET])
    with pytest.raises(RuleViolation) as refused:
        play(state, mv("take_die", "Ann", value=2), mv("choose_items", "Ann", items={"wine": 2},
                                                        place={"1": {"wine": 2}}))
    assert refused.value.code == "not_ordered"


def test_items_gained_outside_a_turn_go_to_the_kitchen():
    state = ready(tiles=("A2", "B1", "C1"), version=V3)          # A2 reward: 2 items of choice
    state = arrange(state, "Ann", emperor=6, cafe=[POET])
    state = arrange(state, "Bob", emperor=4)
    state = evolve(state, round=3, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, _ = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    assert state.pending[0].kind == "any_items" and state.turn is None
    with pytest.raises(RuleViolation) as refused:
        play(state, mv("choose_items", "Ann", items={"strudel": 2}, place={"1": {"strudel": 2}}))
    assert refused.value.code == "not_your_turn_items"
    state, _ = play(state, mv("choose_items", "Ann", items={"strudel": 2}))
    assert state.player("Ann").items[0] == 3


def test_the_staff_manager_may_hire_before_the_main_action():
    state = arrange(ready(version=V3), "Ann", hired=[22], krones=15)            # Staff Manager: die 3
    state, _ = play(state, mv("take_die", "Ann", value=3, staff_first=True))
    assert [p.kind for p in state.pending] == ["hire", "rooms"]
    state, _ = play(state, mv("hire", "Ann", staff=5))
    assert GAME.expected(state).moves == ("prepare_room", "decline")


def test_the_staff_manager_may_hire_after_the_main_action():
    state = arrange(ready(version=V3), "Ann", hired=[22], krones=15)
    state, _ = play(state, mv("take_die", "Ann", value=3))
    assert [p.kind for p in state.pending] == ["rooms", "hire"]


def test_under_version_2_the_staff_manager_hires_after_the_main_action_only():
    state = arrange(ready(version="2"), "Ann", hired=[22], krones=15)
    with pytest.raises(RuleViolation) as refused:
        play(state, mv("take_die", "Ann", value=3, staff_first=True))
    assert refused.value.code == "rules_version"


def test_staff_first_needs_a_staff_card_that_acts_on_that_die():
    state = arrange(ready(version=V3), "Ann", hired=[22])
    with pytest.raises(RuleViolation) as refused:
        play(state, mv("take_die", "Ann", value=1, staff_first=True))
    assert refused.value.code == "no_staff_first"

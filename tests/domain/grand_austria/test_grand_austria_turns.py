"""Grand Austria Hotel: a turn, as "Taking a Turn", the main actions and the
additional actions describe it."""
from __future__ import annotations

import pytest
from grand_austria_table import arrange, mv, play, points, ready, seat_now, white_dice

from domain.grand_austria import GAME
from domain.immutable import evolve
from domain.rules import TABLE, MalformedMove, RuleViolation


def refused(state, *moves, code):
    with pytest.raises(RuleViolation) as error:
        play(state, *moves)
    assert error.value.code == code, error.value.message
    return error.value


# -- taking a guest ------------------------------------------------------------
@pytest.mark.parametrize("position, cost", [(1, 3), (2, 2), (3, 1), (4, 0), (5, 0)])
def test_a_guest_costs_what_is_printed_under_its_queue_position(position, cost):
    state = ready()
    state, _ = play(state, mv("take_guest", "Ann", position=position))
    assert state.player("Ann").krones == 10 - cost
    assert GAME.expected(state).seats == (TABLE,)


def test_no_guest_when_every_cafe_table_is_taken():
    state = arrange(ready(), "Ann", cafe=[49, 50, 52])
    refused(state, mv("take_guest", "Ann", position=4), code="cafe_full")


def test_the_guest_is_taken_before_the_die_and_once_per_turn():
    state = ready()
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0))
    refused(state, mv("take_guest", "Ann", position=4), code="unexpected_move")
    state = ready()
    state, _ = play(state, mv("take_guest", "Ann", position=4), mv("reveal_guest", card=60))
    refused(state, mv("take_guest", "Ann", position=4), code="guest_first")


def test_a_guest_you_cannot_pay_for_is_refused():
    state = arrange(ready(), "Ann", krones=2)
    refused(state, mv("take_guest", "Ann", position=1), code="cannot_pay")


# -- the main action -------------------------------------------------------------
def test_strength_counts_every_die_on_the_space_and_a_boost_adds_one_for_a_krone():
    state = ready(dice=[1, 1, 1, 2, 2, 3, 3, 4, 5, 6])
    after, facts = play(state, mv("take_die", "Ann", value=1, boost=True))
    assert after.pending[0].n == 4 and after.player("Ann").krones == 9
    assert after.dice_on(1) == 2


def test_a_die_must_lie_on_the_space():
    state = ready(dice=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
    refused(state, mv("take_die", "Ann", value=6), code="no_die")


def test_action_1_never_gives_more_cake_than_strudel():
    state, _ = play(ready(), mv("take_die", "Ann", value=1))
    refused(state, mv("choose_items", "Ann", items={"cake": 2}), code="too_many")
    refused(state, mv("choose_items", "Ann", items={"wine": 2}), code="wrong_items")
    refused(state, mv("choose_items", "Ann", items={"strudel": 1}), code="item_count")
    state, _ = play(state, mv("choose_items", "Ann", items={"strudel": 1, "cake": 1}))
    assert state.player("Ann").items == (2, 2, 1, 1)


def test_a_single_option_resolves_by_itself():
    state = ready(dice=[1, 2, 2, 2, 3, 3, 4, 4, 5, 6])
    state, facts = play(state, mv("take_die", "Ann", value=1))
    assert state.player("Ann").items == (2, 1, 1, 1) and not state.pending


def test_action_2_never_gives_more_coffee_than_wine():
    state, _ = play(ready(), mv("take_die", "Ann", value=2))
    refused(state, mv("choose_items", "Ann", items={"coffee": 2}), code="too_many")
    state, _ = play(state, mv("choose_items", "Ann", items={"wine": 2}))
    assert state.player("Ann").items == (1, 1, 3, 1)


def test_items_of_the_main_action_are_served_free_the_kitchen_costs_a_krone():
    state = arrange(ready(), "Ann", cafe=[(90, {})], items={"strudel": 3, "cake": 3})   # wants 1 strudel, 3 cake
    state, _ = play(state, mv("take_die", "Ann", value=1), mv("choose_items", "Ann", items={"strudel": 1, "cake": 1}))
    state, facts = play(state, mv("serve", "Ann", items=[{"table": 1, "item": "strudel"}, {"table": 1, "item": "cake"}]))
    assert state.player("Ann").krones == 10 and facts[-1]["krones"] == 0
    state, facts = play(state, mv("serve", "Ann", items=[{"table": 1, "item": "cake"}, {"table": 1, "item": "cake"}]))
    assert state.player("Ann").krones == 9
    assert state.player("Ann").cafe[0].complete


def test_one_krone_serves_at_most_three_items_from_the_kitchen():
    state = arrange(ready(), "Ann", cafe=[(90, {}), (89, {})], items={"strudel": 4, "cake": 4, "wine": 2})
    four = [{"table": 1, "item": "strudel"}, {"table": 1, "item": "cake"}, {"table": 2, "item": "strudel"},
            {"table": 2, "item": "wine"}]
    refused(state, mv("serve", "Ann", items=four), code="three_items")
    refused(state, mv("serve", "Ann", items=[{"table": 1, "item": "coffee"}]), code="not_ordered")
    refused(arrange(state, "Ann", items={}), mv("serve", "Ann", items=four[:1]), code="not_in_kitchen")


def test_action_3_prepares_up_to_strength_rooms_paying_each_floor():
    state, _ = play(ready(), mv("take_die", "Ann", value=3))
    assert state.pending[0].n == 2
    refused(state, mv("prepare_room", "Ann", room="3.3"), code="cannot_prepare")
    state, facts = play(state, mv("prepare_room", "Ann", room="2.1"), mv("prepare_room", "Ann", room="3.1"))
    assert state.player("Ann").krones == 10 - 1 - 2 and not state.pending


def test_action_3_may_stop_early():
    state, _ = play(ready(), mv("take_die", "Ann", value=3), mv("prepare_room", "Ann", room="1.4"),
                    mv("decline", "Ann"))
    assert not state.pending and state.player("Ann").krones == 10


def test_preparing_the_top_right_rooms_scores_at_once():
    state = arrange(ready(), "Ann", rooms={"4.2": "prepared", "4.4": "prepared"})
    state, _ = play(state, mv("take_die", "Ann", value=3))
    state, facts = play(state, mv("prepare_room", "Ann", room="4.3"), mv("prepare_room", "Ann", room="4.5"))
    assert points(facts, "Ann") == 2 + 4


def test_action_4_splits_the_strength_into_krones_and_emperor_steps():
    state, _ = play(ready(), mv("take_die", "Ann", value=4))
    refused(state, mv("split_funds", "Ann", krones=2, emperor=1), code="split")
    state, _ = play(state, mv("split_funds", "Ann", krones=1, emperor=1))
    assert state.player("Ann").krones == 11 and state.player("Ann").emperor == 1


def test_action_5_hires_from_the_hand_with_strength_as_discount():
    state, _ = play(ready(), mv("take_die", "Ann", value=5))
    refused(state, mv("hire", "Ann", staff=2), code="not_in_hand")
    state, facts = play(state, mv("hire", "Ann", staff=21))             # Chef, cost 3, strength 1
    ann = state.player("Ann")
    assert ann.krones == 8 and [c.name for c in ann.hired] == ["Chef"] and len(ann.hand) == 5
    assert ann.items == (2, 2, 2, 2)                                     # Chef: one of each at once


def test_action_5_may_hire_nobody():
    state, _ = play(ready(), mv("take_die", "Ann", value=5), mv("decline", "Ann"))
    assert not state.pending and len(state.player("Ann").hand) == 6


def test_action_6_costs_a_krone_and_carries_out_action_1_to_5():
    state, _ = play(ready(), mv("take_die", "Ann", value=6))
    assert state.player("Ann").krones == 9
    state, _ = play(state, mv("choose_action", "Ann", action=4), mv("split_funds", "Ann", krones=0, emperor=1))
    assert state.player("Ann").emperor == 1
    refused(arrange(ready(), "Ann", krones=0), mv("take_die", "Ann", value=6), code="cannot_pay")


def test_a_guest_that_would_leave_no_krone_for_the_only_dice_on_space_6_is_refused():
    # "Take a single die ... and carry out the associated main action": the die is not optional
    state = arrange(ready(dice=[6] * 10), "Ann", krones=1)
    error = refused(state, mv("take_guest", "Ann", position=3), code="no_die_left_to_take")
    assert "space 6" in error.message and "krone" in error.message
    state, _ = play(state, mv("take_guest", "Ann", position=4), mv("reveal_guest", card=60))   # free position
    state, _ = play(state, mv("take_die", "Ann", value=6))
    assert state.player("Ann").krones == 0


def test_serving_from_the_kitchen_must_leave_the_krone_for_action_6():
    state = arrange(ready(dice=[6] * 10), "Ann", krones=1, cafe=[51])       # Composer orders wine
    refused(state, mv("serve", "Ann", items=[{"table": 1, "item": "wine"}]), code="no_die_left_to_take")
    state = arrange(ready(dice=[6] * 9 + [1]), "Ann", krones=1, cafe=[51])
    state, _ = play(state, mv("serve", "Ann", items=[{"table": 1, "item": "wine"}]))
    assert state.player("Ann").krones == 0 and mv("take_die", "Ann", value=1, boost=False) in GAME.legal_moves(state)


def test_a_player_who_cannot_pay_for_any_die_passes():
    state = arrange(ready(dice=[6] * 10), "Ann", krones=0)
    refused(state, mv("take_die", "Ann", value=6), code="cannot_pay")
    assert {m["type"] for m in GAME.legal_moves(state)} == {"pass"}
    state, _ = play(state, mv("pass", "Ann"))
    assert seat_now(state) == "Bob"


def test_a_reward_that_spends_the_last_krone_leaves_the_player_to_pass():
    state = arrange(ready(dice=[6] * 10), "Ann", krones=3, cafe=[(64, "all")])   # Duchess: hire 1 cheaper
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.1"), mv("hire", "Ann", staff=1))
    assert state.player("Ann").krones == 0 and not state.pending
    assert GAME.expected(state).moves[-1] == "pass"
    assert {m["type"] for m in GAME.legal_moves(state)} == {"pass"}
    state, facts = play(state, mv("pass", "Ann"))
    assert facts[0]["fact"] == "passed" and seat_now(state) == "Bob"


def test_a_die_cannot_be_taken_without_its_main_action():
    with pytest.raises(MalformedMove) as raised:
        GAME.load_move(mv("take_die", "Ann", value=6, decline=True))
    assert "decline" in raised.value.messages


def test_a_checked_in_guest_whose_krones_pay_for_action_6_lets_you_take_the_die():
    state = arrange(ready(dice=[6] * 10), "Ann", krones=0, cafe=[(52, "all")])   # Tailor: strudel, 2 krones
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"), mv("take_die", "Ann", value=6))
    assert state.player("Ann").krones == 1


def test_an_extra_action_may_take_the_last_die_before_the_main_action():
    state = evolve(arrange(ready(), "Ann", cafe=[(97, "all")]), dice=white_dice(0, 0, 0, 1, 0, 0))   # E. Gizia
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.1"))
    assert state.pending[0].kind == "extra_action"
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0))
    assert facts[0]["extra_action"] and state.turn.die is None and not any(state.dice)
    assert GAME.expected(state).moves == ("take_guest", "serve", "check_in", "use_staff", "claim_objective",
                                          "end_turn")
    assert {m["type"] for m in GAME.legal_moves(state)} == {"take_guest", "end_turn"}
    state, facts = play(state, mv("end_turn", "Ann"))
    assert any(f["fact"] == "round_ended" for f in facts) and state.round == 2


def test_boost_only_once_per_turn():
    state = arrange(ready(), "Ann", cafe=[(97, "all")])                  # E. Gizia: extra action
    state, _ = play(state, mv("take_die", "Ann", value=4, boost=True), mv("split_funds", "Ann", krones=3, emperor=0),
                    mv("check_in", "Ann", table=1, room="1.1"))
    assert state.pending[0].kind == "extra_action"
    refused(state, mv("take_die", "Ann", value=4, boost=True), code="boost_once")
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0))
    assert state.dice_on(4) == 0 and state.turn.die == 4


# -- check-in ---------------------------------------------------------------------
def test_check_in_needs_a_complete_order_and_a_prepared_room_of_the_guests_colour():
    state = arrange(ready(), "Ann", cafe=[(63, {}), (64, "all"), (91, "all")])   # blue, blue, green
    refused(state, mv("check_in", "Ann", table=1, room="1.1"), code="order_incomplete")
    refused(state, mv("check_in", "Ann", table=2, room="1.2"), code="wrong_colour")
    refused(state, mv("check_in", "Ann", table=2, room="1.4"), code="not_prepared")
    state, facts = play(state, mv("check_in", "Ann", table=3, room="1.3"))   # green: any colour
    assert state.player("Ann").cafe[2] is None and state.player("Ann").rooms[2] == 2


def test_check_in_scores_the_guests_vp_and_reward():
    state = arrange(ready(), "Ann", cafe=[(69, "all")])                   # Countess: 7 VP, 3 krones
    state, facts = play(state, mv("check_in", "Ann", table=1, room="1.1"))
    assert points(facts, "Ann") == 7 + 2                                 # + blue single-room group
    assert state.player("Ann").krones == 13


@pytest.mark.parametrize("rooms, last, colour, vp, krones, emperor", [
    ({}, "1.1", "blue", 2, 0, 0),
    ({"3.2": "occupied", "4.2": "prepared"}, "4.2", "red", 0, 3, 0),
    ({"1.2": "occupied", "2.1": "occupied", "2.2": "prepared"}, "2.2", "yellow", 0, 0, 6),
])
def test_the_last_room_of_a_group_pays_the_occupancy_bonus(rooms, last, colour, vp, krones, emperor):
    guest = {"blue": 65, "red": 77, "yellow": 51}[colour]
    state = arrange(ready(), "Ann", rooms={"1.1": "prepared", **rooms}, cafe=[(guest, "all")])
    before = state.player("Ann")
    state, facts = play(state, mv("check_in", "Ann", table=1, room=last))
    after = state.player("Ann")
    reward = {65: (3, 0, 0), 77: (1, 1, 0), 51: (1, 0, 0)}[guest]      # printed VP, krones, (Composer: strudel)
    assert points(facts, "Ann") == vp + reward[0]
    assert after.krones - before.krones == krones + reward[1]
    assert after.emperor - before.emperor == emperor


def test_an_occupancy_bonus_is_paid_once_per_group():
    state = arrange(ready(), "Ann", cafe=[(65, "all"), (66, "all")])
    state, facts = play(state, mv("check_in", "Ann", table=1, room="1.1"))
    assert points(facts) == 3 + 2
    state = arrange(state, "Ann", rooms={"1.1": "prepared"})
    state, facts = play(state, mv("check_in", "Ann", table=2, room="1.1"))
    assert points(facts) == 3


def test_rewards_that_ask_for_a_choice_wait_for_the_player():
    state = arrange(ready(), "Ann", cafe=[(57, "all")])                 # Architect: 2 rooms, 1 krone off each
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"))
    assert [p.kind for p in state.pending] == ["rooms", "rooms"]
    state, _ = play(state, mv("prepare_room", "Ann", room="2.1"), mv("prepare_room", "Ann", room="3.1"))
    assert state.player("Ann").krones == 10 - 0 - 1


def test_a_free_guest_reward_takes_from_the_queue_without_cost():
    state = arrange(ready(), "Ann", cafe=[(63, "all")])                  # Dame: a free guest
    first = state.queue[0]
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.1"), mv("take_guest", "Ann", position=1))
    assert state.player("Ann").krones == 10 and state.player("Ann").cafe[0].guest == first


def test_an_occupy_reward_fills_a_prepared_room_without_a_guest():
    state = arrange(ready(), "Ann", cafe=[(58, "all")])                  # Actress: occupy
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"))
    refused(state, mv("occupy_room", "Ann", room="1.4"), code="not_prepared")
    state, facts = play(state, mv("occupy_room", "Ann", room="1.1"))
    assert state.player("Ann").rooms[:3] == (2, 2, 1)


def test_a_draw_reward_is_dealt_by_the_table():
    state = arrange(ready(), "Ann", cafe=[(55, "all")])                  # Photographer: draw 2 staff
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"))
    assert GAME.expected(state).seats == (TABLE,) and GAME.expected(state).moves == ("draw_staff",)
    state, _ = play(state, mv("draw_staff", "Ann", cards=[40, 41]))
    assert [c.number for c in state.player("Ann").hand][-2:] == [40, 41]


def test_an_offer_hires_one_of_three_drawn_cards():
    state = arrange(ready(), "Ann", cafe=[(76, "all")])                  # Duke: draw 3, hire 1 free
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.1"), mv("draw_staff", "Ann", cards=[31, 32, 33]))
    refused(state, mv("hire", "Ann", staff=1), code="not_in_hand")
    state, _ = play(state, mv("hire", "Ann", staff=33))
    assert [c.number for c in state.player("Ann").hired] == [33] and len(state.player("Ann").hand) == 6


# -- objectives -------------------------------------------------------------------
def test_objectives_pay_15_10_5_once_per_player_on_their_own_turn():
    state = arrange(ready(), "Ann", krones=20)
    state = arrange(state, "Bob", krones=20)
    refused(state, mv("claim_objective", "Bob", objective=105), code="not_your_turn")
    refused(state, mv("claim_objective", "Ann", objective=109), code="condition_unmet")
    refused(state, mv("claim_objective", "Ann", objective=106), code="no_objective")
    state, facts = play(state, mv("claim_objective", "Ann", objective=105))
    assert points(facts, "Ann") == 15
    refused(state, mv("claim_objective", "Ann", objective=105), code="claimed")
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=0, emperor=2),
                    mv("end_turn", "Ann"))
    state, facts = play(state, mv("claim_objective", "Bob", objective=105))
    assert points(facts, "Bob") == 10


def test_a_full_objective_takes_no_more_discs():
    state = arrange(ready(), "Ann", krones=20)
    state = evolve(state, claims=(("x", "y", "z"), (), ()))
    refused(state, mv("claim_objective", "Ann", objective=105), code="objective_full")


@pytest.mark.parametrize("number, rooms", [
    (109, {f"{f}.{c}": "occupied" for f in (1, 2) for c in range(1, 6)}),
    (113, {r: "occupied" for r in ("1.1", "1.5", "3.1", "1.2", "2.1", "2.2", "1.3", "1.4", "2.3")}),
])
def test_objectives_count_occupied_rooms(number, rooms):
    state = arrange(ready(), "Ann", rooms=rooms)
    state, facts = play(state, mv("claim_objective", "Ann", objective=number))
    assert points(facts) == 15


# -- ending a turn, passing, rerolling ------------------------------------------------
def test_a_turn_ends_only_after_taking_a_die_and_passing_only_before_acting():
    state = ready()
    refused(state, mv("end_turn", "Ann"), code="unexpected_move")
    state, _ = play(state, mv("take_guest", "Ann", position=4), mv("reveal_guest", card=60))
    refused(state, mv("pass", "Ann"), code="unexpected_move")


def test_passing_defers_the_turn_then_a_die_goes_to_the_dustbin_and_the_rest_are_rerolled():
    state = ready()
    state, facts = play(state, mv("pass", "Ann"))
    assert seat_now(state) == "Bob"
    for _ in range(2):
        state, _ = play(state, mv("take_die", "Bob", value=4), mv("split_funds", "Bob", krones=1, emperor=0)
                        if state.dice_on(4) == 1 else mv("split_funds", "Bob", krones=2, emperor=0),
                        mv("end_turn", "Bob"))
    # only Ann's turns 1 and 4 are open and she has passed: dustbin + reroll
    assert GAME.expected(state).moves == ("reroll",)
    refused(state, mv("reroll", dice=[1] * 8), code="dice_count")
    state, _ = play(state, mv("reroll", dice=[3] * 7))
    assert state.dustbin == 1 and seat_now(state) == "Ann" and state.turn.number == 1
    state, _ = play(state, mv("pass", "Ann"))
    assert GAME.expected(state).moves == ("reroll",)


def test_a_player_who_passes_waits_until_the_others_take_both_their_turns():
    # Let's Waltz, solo: "waiting until Leopold takes both of his turns, removing one die, and re-rolling the rest"
    state = ready(3, dice=[4] * 12)
    state, facts = play(state, mv("pass", "Ann"))
    assert facts[0] == {"fact": "passed", "seat": "Ann", "number": 1}
    order = []
    while GAME.expected(state).moves != ("reroll",):
        seat = seat_now(state)
        order.append((seat, state.turn.number))
        strength = state.dice_on(4)
        state, _ = play(state, mv("take_die", seat, value=4),
                        mv("split_funds", seat, krones=1, emperor=strength - 1), mv("end_turn", seat))
    assert order == [("Bob", 2), ("Cy", 3), ("Cy", 4), ("Bob", 5)]
    # Ann's tile shows the lowest unused number (1): she removes a die and rerolls the rest
    state, facts = play(state, mv("reroll", dice=[2] * 7))
    assert state.dustbin == 1 and state.dice_count == 7
    assert (seat_now(state), state.turn.number) == ("Ann", 1)
    state, _ = play(state, mv("take_die", "Ann", value=2), mv("choose_items", "Ann", items={"wine": 7}),
                    mv("end_turn", "Ann"))
    assert (seat_now(state), state.turn.number) == ("Ann", 6)


def test_passing_again_and_again_rerolls_until_no_dice_are_left():
    # Let's Waltz, module 4: "you'd keep re-rolling until there are no dice left"
    state = ready()
    for left in range(10, 1, -1):
        state, facts = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
        assert facts[-1] == {"fact": "dustbin", "seat": "Ann", "dice_left": left - 1}
        state, _ = play(state, mv("reroll", dice=[5] * (left - 1)))
    state, facts = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    assert state.dustbin == 0 and state.round == 2                     # the last die went too; a new round
    assert [f["fact"] for f in facts[-3:]] == ["dustbin", "round_ended", "round_started"]


def test_the_round_ends_when_no_dice_are_left():
    state = evolve(ready(), dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0),
                        mv("end_turn", "Ann"))
    assert any(f["fact"] == "round_ended" for f in facts)
    assert state.round == 2 and GAME.expected(state).moves == ("roll",)


def test_the_last_die_of_a_passed_round_goes_to_the_dustbin_and_the_round_ends():
    state = evolve(ready(), dice=white_dice(0, 0, 0, 1, 0, 0))
    state, _ = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    assert state.round == 2


def test_at_the_end_of_a_round_tiles_pass_left_and_staff_turn_upright():
    state = arrange(ready(), "Ann", hired=[1])
    state, _ = play(state, mv("use_staff", "Ann", staff=1))
    refused(state, mv("use_staff", "Ann", staff=1), code="not_usable")
    state = evolve(state, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0),
                        mv("end_turn", "Ann"))
    assert state.tiles == {"Bob": (1, 4), "Ann": (2, 3)}
    assert state.player("Ann").used == frozenset()
    state, _ = play(state, mv("roll", dice=[4] * 10))
    assert seat_now(state) == "Bob"


def test_krones_stop_at_20_and_emperor_steps_beyond_the_track_score():
    state = arrange(ready(), "Ann", krones=19, emperor=12)
    state, facts = play(state, mv("take_die", "Ann", value=4, boost=True), mv("split_funds", "Ann", krones=0, emperor=3))
    assert state.player("Ann").emperor == 13 and points(facts, "Ann") == 2
    state = arrange(ready(), "Ann", krones=19)
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0))
    assert state.player("Ann").krones == 20 and any(f["fact"] == "krones_lost" for f in facts)

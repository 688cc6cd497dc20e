"""Grand Austria Hotel: every kind of staff trigger, and the final scoring."""
from __future__ import annotations

import pytest
from grand_austria_table import arrange, mv, play, points, ready, white_dice

from domain.grand_austria import GAME
from domain.immutable import evolve


def final_points(facts, seat, why):
    return sum(f["points"] for f in facts if f["fact"] == "scored" and f["seat"] == seat and f["why"] == why)


# -- once per round --------------------------------------------------------------
def test_a_once_per_round_staff_gives_its_item_and_turns_sideways():
    state = arrange(ready(), "Ann", hired=[1])                          # Breakfast Server
    state, _ = play(state, mv("use_staff", "Ann", staff=1))
    assert state.player("Ann").items == (2, 1, 1, 1) and state.player("Ann").used == {0}


def test_only_hired_once_per_round_staff_can_be_used():
    state = arrange(ready(), "Ann", hired=[5])
    with pytest.raises(Exception, match="once-per-round"):
        play(state, mv("use_staff", "Ann", staff=5))


# -- on check-in ---------------------------------------------------------------------
@pytest.mark.parametrize("staff, guest, room, krones, emperor, vp", [
    (5, 77, "1.3", 2, 0, 0),        # Groom: red guest, 2 krones
    (6, 65, "1.1", 0, 1, 0),        # Stableman: blue guest, 1 Emperor step
    (7, 51, "1.2", 1, 0, 0),        # Masseuse: yellow guest, 1 krone
    (8, 92, "1.3", 0, 0, 2),        # Tour Guide: green guest, 2 VP
    (33, 59, "1.2", 0, 0, 4),       # Male Floor Housekeeper: an order of 4 items
])
def test_check_in_staff(staff, guest, room, krones, emperor, vp):
    plain = arrange(ready(), "Ann", cafe=[(guest, "all")])
    with_staff = arrange(plain, "Ann", hired=[staff])
    a, fa = play(plain, mv("check_in", "Ann", table=1, room=room))
    b, fb = play(with_staff, mv("check_in", "Ann", table=1, room=room))
    assert b.player("Ann").krones - a.player("Ann").krones == krones
    assert b.player("Ann").emperor - a.player("Ann").emperor == emperor
    assert points(fb) - points(fa) == vp


def test_the_male_floor_housekeeper_ignores_small_orders():
    state = arrange(ready(), "Ann", cafe=[(51, "all")], hired=[33])
    state, facts = play(state, mv("check_in", "Ann", table=1, room="1.2"))
    assert points(facts) == 1


# -- preparing rooms -----------------------------------------------------------------------
@pytest.mark.parametrize("staff, room, cost", [(9, "2.1", 1), (9, "3.1", 0), (11, "2.1", 0), (10, "2.3", 0)])
def test_colour_staff_prepare_rooms_of_their_colour_free(staff, room, cost):
    state = arrange(ready(), "Ann", hired=[staff], rooms={"2.1": "prepared" if room == "3.1" else "empty"})
    state, _ = play(state, mv("take_die", "Ann", value=3), mv("prepare_room", "Ann", room=room))
    assert state.player("Ann").krones == 10 - cost


# -- taking a die -----------------------------------------------------------------------------
@pytest.mark.parametrize("staff, value, vp, emperor", [
    (12, 3, 2, 0), (12, 4, 2, 0), (16, 4, 4, 0), (19, 3, 5, 0), (20, 5, 0, 2)])
def test_staff_rewarding_the_die_taken(staff, value, vp, emperor):
    state = arrange(ready(), "Ann", hired=[staff])
    state, facts = play(state, mv("take_die", "Ann", value=value))
    assert points(facts) == vp and state.player("Ann").emperor == emperor


def test_restaurant_manager_adds_strength_to_dice_1_and_2():
    state = arrange(ready(), "Ann", hired=[13])
    state, _ = play(state, mv("take_die", "Ann", value=1))
    assert state.pending[0].n == 3


def test_decorator_prepares_one_more_room_after_action_1():
    state = arrange(ready(), "Ann", hired=[14])
    state, _ = play(state, mv("take_die", "Ann", value=1))
    assert [p.kind for p in state.pending] == ["items", "rooms"]
    state, _ = play(state, mv("choose_items", "Ann", items={"strudel": 2}), mv("prepare_room", "Ann", room="2.1"))
    assert state.player("Ann").krones == 9


def test_bootblack_gives_krones_and_emperor_steps_for_the_full_strength():
    state = arrange(ready(), "Ann", hired=[15])
    state, _ = play(state, mv("take_die", "Ann", value=4))
    assert not state.pending and state.player("Ann").krones == 12 and state.player("Ann").emperor == 2


def test_kitchen_hand_makes_action_6_free_and_stronger():
    state = arrange(ready(), "Ann", hired=[17])
    state, _ = play(state, mv("take_die", "Ann", value=6))
    assert state.player("Ann").krones == 10 and state.pending[0].n == 2


def test_checker_adds_two_to_the_hiring_discount():
    state = arrange(ready(), "Ann", hired=[18], hand=[4])                # Sous-Chef costs 6
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("hire", "Ann", staff=4))
    assert state.player("Ann").krones == 10 - (6 - 1 - 2)


def test_staff_manager_hires_one_more_at_full_cost_after_action_3():
    state = arrange(ready(), "Ann", hired=[22], hand=[45])
    state, _ = play(state, mv("take_die", "Ann", value=3), mv("decline", "Ann"), mv("hire", "Ann", staff=45))
    assert state.player("Ann").krones == 9 and state.player("Ann").emperor == 3   # Pool Attendant: 3 steps


# -- other permanent staff ------------------------------------------------------------------
def test_custodian_pays_a_krone_for_each_room_occupied():
    state = arrange(ready(), "Ann", hired=[23], cafe=[(58, "all")])     # Actress: occupy a room too
    state, _ = play(state, mv("check_in", "Ann", table=1, room="1.2"), mv("occupy_room", "Ann", room="1.3"))
    assert state.player("Ann").krones == 12


def test_chief_waiter_serves_from_the_kitchen_free():
    state = arrange(ready(), "Ann", hired=[24], cafe=[(90, {})], items={"strudel": 1, "cake": 3})
    state, _ = play(state, mv("serve", "Ann", items=[{"table": 1, "item": "cake"}] * 3 + [{"table": 1, "item": "strudel"}]))
    assert state.player("Ann").krones == 10 and state.player("Ann").cafe[0].complete


def test_delivery_boy_takes_guests_from_the_queue_free():
    state = arrange(ready(), "Ann", hired=[25])
    state, _ = play(state, mv("take_guest", "Ann", position=1))
    assert state.player("Ann").krones == 10


def test_conference_manager_pays_a_krone_instead_of_the_penalty():
    state = arrange(ready(), "Ann", hired=[26], emperor=1)
    state = arrange(state, "Bob", emperor=5)
    state = evolve(state, round=3, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("pass", "Ann"), mv("pass", "Bob"))     # A1 penalty would be 3 krones
    assert state.player("Ann").krones == 9
    assert not any(f["fact"] == "emperor_penalty" and f["seat"] == "Ann" for f in facts)


def test_gardener_adds_5_vp_to_an_emperor_reward():
    state = arrange(ready(), "Ann", hired=[42], emperor=6)
    state = evolve(state, round=3, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    assert any(f["why"] == "staff: Emperor reward" and f["points"] == 5 for f in facts if f["fact"] == "scored")


# -- once on hire --------------------------------------------------------------------------------
@pytest.mark.parametrize("staff, items, emperor", [(36, (1, 1, 5, 1), 0), (39, (1, 5, 1, 1), 0),
                                                   (43, (1, 1, 1, 5), 0), (44, (5, 1, 1, 1), 0),
                                                   (45, (1, 1, 1, 1), 3)])
def test_one_time_staff_act_when_hired(staff, items, emperor):
    state = arrange(ready(), "Ann", hand=[staff])
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("hire", "Ann", staff=staff))
    assert state.player("Ann").items == items and state.player("Ann").emperor == emperor


def test_pageboy_occupies_up_to_two_prepared_rooms():
    state = arrange(ready(), "Ann", hand=[35])
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("hire", "Ann", staff=35),
                    mv("occupy_room", "Ann", room="1.1"), mv("decline", "Ann"))
    assert state.player("Ann").rooms[:3] == (2, 1, 1)


def test_porter_completes_a_guests_order():
    state = arrange(ready(), "Ann", hand=[38], cafe=[(90, {})])
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("hire", "Ann", staff=38),
                    mv("complete_order", "Ann", table=1))
    assert state.player("Ann").cafe[0].complete and state.player("Ann").items == (1, 1, 1, 1)


def test_a_hand_card_the_scorekeeper_has_not_seen_is_named_when_hired():
    state = ready()
    player = state.player("Ann")
    state = evolve(state, seats={**state.seats, "Ann": evolve(player, hand=(None,) * 6)})
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("hire", "Ann", staff=44))
    assert state.player("Ann").hand == (None,) * 5 and state.player("Ann").hired[0].number == 44


# -- final scoring --------------------------------------------------------------------------------
def finish(ann=None, bob=None):
    state = arrange(ready(tiles=("A1", "B1", "C1")), "Ann", emperor=8, **(ann or {}))
    state = arrange(state, "Bob", emperor=8, **(bob or {}))
    state = evolve(state, round=7, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    assert GAME.finished(state)
    return state, facts


def test_final_scoring_counts_rooms_by_floor_krones_items_and_waiting_guests():
    state, facts = finish(ann={"rooms": {"1.1": "occupied", "2.1": "occupied", "3.1": "occupied", "4.1": "occupied"},
                               "krones": 7, "items": {"wine": 3}, "cafe": [51, 52]})
    assert final_points(facts, "Ann", "final scoring: occupied rooms by floor") == 1 + 2 + 3 + 4
    assert final_points(facts, "Ann", "final scoring: 1 VP per krone") == 7
    assert final_points(facts, "Ann", "final scoring: 1 VP per item in the kitchen") == 3
    assert final_points(facts, "Ann", "final scoring: 2 guests still in the café") == -10


OCCUPIED_MIX = {"1.1": "occupied", "1.2": "occupied", "1.3": "occupied", "1.4": "occupied", "1.5": "occupied",
                "2.1": "occupied", "2.2": "occupied", "2.3": "prepared"}


@pytest.mark.parametrize("staff, vp", [
    (27, 6),      # Booking Manager: 2 red occupied x 3
    (28, 6),      # Concierge: 2 blue x 3
    (30, 9),      # Reception Clerk: 3 yellow x 3
    (31, 7),      # Chambermaid: 7 occupied
    (32, 2),      # Assistant Manager: 1 hired x 2
    (34, 8),      # Receptionist: 8 prepared or occupied
    (37, 6),      # Room Service: groups {1.1} {1.2 2.1 2.2} {1.5} x 2
    (40, 0),      # Marketing Director: no objectives
    (41, 2),      # Operator: final Emperor position 1 x 2
    (46, 5),      # Female Floor Housekeeper: floor 1
    (47, 0),      # Liftboy: no full column
    (48, 8),      # Hotel Manager: 2 sets of red/blue/yellow
])
def test_end_game_staff_formulas(staff, vp):
    state, facts = finish(ann={"rooms": OCCUPIED_MIX, "hired": [staff]})
    name = state.player("Ann").hired[0].name
    assert final_points(facts, "Ann", f"final scoring: {name}") == vp


def test_the_secretary_scores_the_best_end_game_staff_of_an_opponent():
    state, facts = finish(ann={"rooms": OCCUPIED_MIX, "hired": [29]}, bob={"hired": [27, 31]})
    assert final_points(facts, "Ann", "final scoring: Secretary") == 7


def test_every_point_of_the_final_score_is_an_outcome_fact():
    state, facts = finish(ann={"rooms": OCCUPIED_MIX, "hired": [31], "vp": 0}, bob={"vp": 0})
    assert GAME.scores(state) == {"Ann": points(facts, "Ann"), "Bob": points(facts, "Bob")}


def test_a_tie_goes_to_more_items_and_krones():
    state, _ = finish(ann={"vp": 10, "krones": 5, "items": {"wine": 2}}, bob={"vp": 11, "krones": 6, "items": {}})
    assert GAME.scores(state)["Ann"] == GAME.scores(state)["Bob"]
    assert GAME.winners(state) == ["Ann"]


def test_a_tie_in_items_and_krones_too_is_a_shared_victory():
    state, _ = finish(ann={"vp": 10, "krones": 5, "items": {"wine": 1}}, bob={"vp": 10, "krones": 6, "items": {}})
    assert GAME.winners(state) == ["Ann", "Bob"]

"""Grand Austria Hotel, a last audit against the rulebook
(../shared/rules/grand-austria-hotel.txt), section by section: each test
sets up the table, makes the move, and checks what the quoted sentence says."""
from __future__ import annotations

import pytest
from grand_austria_table import PLAYERS, SETUP, after_setup, arrange, mv, play, points, ready, seat_now, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.immutable import evolve
from domain.rules import TABLE, RuleViolation


def refused(state, *moves, code):
    with pytest.raises(RuleViolation) as error:
        play(state, *moves)
    assert error.value.code == code, error.value.message
    assert error.value.message and error.value.rule
    return error.value


def scored(facts, seat, why):
    return sum(f["points"] for f in facts if f["fact"] == "scored" and f["seat"] == seat and f["why"] == why)


def end_round(state, round_):
    """Everyone left passes the last die of round ``round_``: it goes to the
    dustbin and the round ends."""
    state = evolve(state, round=round_, dice=white_dice(0, 0, 0, 1, 0, 0))
    facts = []
    while state.turn is not None:
        state, out = play(state, mv("pass", state.turn.seat))
        facts += out
    return state, facts


# -- Starting Guests, Rehearsal Rooms, and Rooms ---------------------------------------
def test_starting_guests_are_free_counter_clockwise_and_the_queue_is_refilled_after_each_pick():
    # "Starting with the player to the right of the start player and proceeding in
    # counter-clockwise order, each player takes one guest from the queue at no cost,
    # refilling the queue after each pick."
    state = after_setup(3)
    picks = []
    for card in (60, 61, 62):
        seat = seat_now(state)
        state, _ = play(state, mv("take_guest", seat, position=1))
        assert state.player(seat).krones == 10                           # position 1 costs nothing now
        picks.append(seat)
        assert GAME.expected(state).moves == ("reveal_guest",)           # refilled before the next pick
        state, _ = play(state, mv("reveal_guest", card=card))
        assert state.queue[0].number == card
    assert picks == ["Cy", "Bob", "Ann"]


def test_starting_rooms_begin_bottom_left_are_orthogonally_adjacent_and_pay_each_floor():
    # "each player prepares 3 rooms on their hotel board, beginning with the bottom-left
    # room and paying the cost printed at the start of each floor. Every subsequent room
    # must be placed orthogonally adjacent to an already-placed room."
    state = after_setup(2)
    for card in (60, 61):
        state, _ = play(state, mv("take_guest", seat_now(state), position=1), mv("reveal_guest", card=card))
    seat = seat_now(state)
    refused(state, mv("prepare_room", seat, room="1.2"), code="cannot_prepare")      # not bottom-left
    state, _ = play(state, mv("prepare_room", seat, room="1.1"))
    refused(state, mv("prepare_room", seat, room="2.2"), code="cannot_prepare")      # diagonal
    state, facts = play(state, mv("prepare_room", seat, room="2.1"), mv("prepare_room", seat, room="3.1"))
    assert state.player(seat).krones == 10 - 0 - 1 - 2
    assert [f["cost"] for f in facts if f["fact"] == "room_prepared"] == [1, 2]


# -- Start of a round ---------------------------------------------------------------------
def test_the_start_player_is_whoever_holds_the_lowest_numbered_turn_order_tile():
    # "At the start of each round, the start player (whoever has the lowest-numbered turn
    # order tile) will take and roll all of the dice"; tiles pass to the left each round.
    state, facts = end_round(ready(3), 1)
    assert state.round == 2 and state.tiles["Bob"] == (1, 6)
    assert GAME.view(state)["start_player"] == "Bob"
    assert {"fact": "round_started", "round": 2, "start_player": "Bob"} in facts
    state, _ = play(state, mv("roll", dice=[4] * 12))
    assert seat_now(state) == "Bob"


def test_the_turn_order_is_a_snake_for_four_players():
    # "In the base game, turn order follows a snake-like pattern determined by the turn order tiles."
    state = ready(4, dice=[4] * 14)
    order = []
    while state.phase == "turns" and state.round == 1:
        seat = seat_now(state)
        order.append(seat)
        state, _ = play(state, mv("take_die", seat, value=4),
                        mv("split_funds", seat, krones=0, emperor=state.dice_on(4)), mv("end_turn", seat))
    assert order == ["Ann", "Bob", "Cy", "Di", "Di", "Cy", "Bob", "Ann"]


# -- Taking a Turn: the guest ----------------------------------------------------------
def test_a_guest_taken_from_the_middle_pays_its_cost_and_the_guests_to_its_left_slide_right():
    # "Pay any cost printed below the space the guest was taken from ... Slide the remaining
    # guests to the right and draw a new guest card into the leftmost space"
    state = ready()
    before = state.queue
    state, facts = play(state, mv("take_guest", "Ann", position=3))
    assert state.player("Ann").krones == 10 - 1
    assert state.player("Ann").cafe[1].guest == before[2]
    assert state.queue[1:] == (before[0], before[1], before[3], before[4])
    assert GAME.expected(state).moves == ("reveal_guest",)
    state, _ = play(state, mv("reveal_guest", card=60))
    assert state.queue[0].number == 60 and state.queue[1:] == (before[0], before[1], before[3], before[4])


def test_the_guest_at_the_left_end_costs_three_krones_a_player_with_two_cannot_take_it():
    state = arrange(ready(), "Ann", krones=2)
    refused(state, mv("take_guest", "Ann", position=1), code="cannot_pay")
    state, _ = play(state, mv("take_guest", "Ann", position=2))
    assert state.player("Ann").krones == 0


# -- Taking a Turn: the die ------------------------------------------------------------
def test_strength_is_the_dice_on_the_space_including_the_die_taken_and_the_die_leaves_the_space():
    # "The strength of the main action is equal to the total number of dice on that space,
    # including the die you took" ... "Remove the chosen die from the action space"
    state = ready(dice=[4, 4, 4, 1, 1, 2, 2, 3, 3, 5])
    state, facts = play(state, mv("take_die", "Ann", value=4))
    assert facts[0]["strength"] == 3 and state.dice_on(4) == 2
    state, _ = play(state, mv("split_funds", "Ann", krones=1, emperor=2), mv("end_turn", "Ann"))
    assert state.player("Ann").krones == 11 and state.player("Ann").emperor == 2
    state, facts = play(state, mv("take_die", "Bob", value=4))
    assert facts[0]["strength"] == 2


def test_a_boost_costs_one_krone_and_needs_the_krone():
    # "You may boost the main action by paying 1 krone to add a virtual die (an extra +1 strength)."
    state = arrange(ready(), "Ann", krones=0)
    refused(state, mv("take_die", "Ann", value=4, boost=True), code="cannot_pay")
    state = arrange(ready(), "Ann", krones=1)
    state, facts = play(state, mv("take_die", "Ann", value=4, boost=True))
    assert facts[0]["strength"] == 3 and state.player("Ann").krones == 0


def test_the_last_die_of_a_space_leaves_it_empty_for_the_next_player():
    # "You may only take a die from a space that has at least one die on it"
    state = ready(dice=[5, 1, 1, 2, 2, 3, 3, 4, 4, 6])
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("decline", "Ann"), mv("end_turn", "Ann"))
    refused(state, mv("take_die", "Bob", value=5), code="no_die")


def test_action_6_costs_a_krone_and_takes_its_strength_from_the_dice_on_space_6():
    state = arrange(ready(dice=[6, 6, 6, 1, 1, 2, 2, 3, 3, 4]), "Ann", krones=0)
    refused(state, mv("take_die", "Ann", value=6), code="cannot_pay")
    state = arrange(state, "Ann", krones=1)
    refused(state, mv("take_die", "Ann", value=6, boost=True), code="cannot_pay")     # 1 + 1 krones
    state = arrange(state, "Ann", krones=2)
    state, facts = play(state, mv("take_die", "Ann", value=6, boost=True), mv("choose_action", "Ann", action=4))
    assert state.player("Ann").krones == 0 and state.pending[0].n == 4     # 3 dice + boost


def test_action_3_pays_each_floor_and_the_top_right_rooms_score_when_prepared():
    # reference: floors 1/2/3/4 cost 0/1/2/3; preparing 4.5 scores 4 VP at once
    state = arrange(ready(dice=[3, 3, 3, 3, 1, 1, 2, 2, 4, 5]), "Ann",
                    rooms={"1.5": "prepared", "2.5": "prepared", "3.5": "prepared"})
    state, facts = play(state, mv("take_die", "Ann", value=3), mv("prepare_room", "Ann", room="4.5"),
                        mv("prepare_room", "Ann", room="4.4"), mv("prepare_room", "Ann", room="3.4"),
                        mv("prepare_room", "Ann", room="2.4"))
    assert state.player("Ann").krones == 10 - 3 - 3 - 2 - 1
    assert points(facts, "Ann") == 4 + 3


def test_a_room_whose_floor_cost_cannot_be_paid_is_refused():
    state = arrange(ready(), "Ann", krones=2, rooms={"2.1": "prepared", "3.1": "prepared"})
    state, _ = play(state, mv("take_die", "Ann", value=3))
    refused(state, mv("prepare_room", "Ann", room="4.1"), code="cannot_prepare")


# -- Additional actions: serve and check in ----------------------------------------------
def test_serving_from_the_kitchen_costs_one_krone_per_three_items():
    # reference: "Serve: pay 1 krone to move up to 3 items from the kitchen onto guests."
    state = arrange(ready(), "Ann", items={"strudel": 2, "cake": 3, "wine": 3},
                    cafe=[(90, {}), (61, {})])          # strudel + 3 cake; strudel + 3 wine
    four = [{"table": 1, "item": "cake"}] * 3 + [{"table": 2, "item": "wine"}]
    refused(state, mv("serve", "Ann", items=four), code="three_items")
    state, facts = play(state, mv("serve", "Ann", items=four[:3]))
    assert state.player("Ann").krones == 9 and state.player("Ann").cafe[0].served == (0, 3, 0, 0)
    state, facts = play(state, mv("serve", "Ann", items=[{"table": 1, "item": "strudel"},
                                                         {"table": 2, "item": "strudel"},
                                                         {"table": 2, "item": "wine"}]))
    assert state.player("Ann").krones == 8 and state.player("Ann").cafe[0].complete
    assert state.player("Ann").items == (0, 0, 2, 0)
    state = arrange(state, "Ann", krones=0)
    refused(state, mv("serve", "Ann", items=[{"table": 2, "item": "wine"}]), code="cannot_pay")


def test_items_of_the_main_action_go_to_guests_free_even_beyond_three():
    # reference: "Items gained from a main action may be placed on guests directly for free."
    guest = next(g for g in catalog().guests.values() if g.order[0] >= 2 and g.order[1] >= 1)
    state = arrange(ready(dice=[1, 1, 1, 1, 2, 2, 3, 3, 4, 5]), "Ann", items={}, cafe=[guest.number])
    state, _ = play(state, mv("take_die", "Ann", value=1),
                    mv("choose_items", "Ann", items={"strudel": 2, "cake": 2}))
    serve = [{"table": 1, "item": "strudel"}] * 2 + [{"table": 1, "item": "cake"}]
    state, facts = play(state, mv("serve", "Ann", items=serve))
    assert state.player("Ann").krones == 10
    assert next(f for f in facts if f["fact"] == "served")["krones"] == 0


def test_an_item_a_guest_did_not_order_cannot_be_served():
    state = arrange(ready(), "Ann", cafe=[(90, "all")])
    refused(state, mv("serve", "Ann", items=[{"table": 1, "item": "strudel"}]), code="not_ordered")


def test_a_guest_checks_in_only_to_a_vacant_room():
    state = arrange(ready(), "Ann", rooms={"1.1": "occupied"}, cafe=[(91, "all")])    # green
    refused(state, mv("check_in", "Ann", table=1, room="1.1"), code="not_prepared")
    refused(state, mv("check_in", "Ann", table=1, room="2.1"), code="not_prepared")


def test_the_red_group_of_four_pays_ten_krones_but_the_money_track_ends_at_20():
    # reference: red groups of size 1/2/3/4 give 1/3/6/10 krones; krones cap at 20
    state = arrange(ready(), "Ann", krones=15, cafe=[(91, "all")],      # Tezcatlipoca (green): draws staff
                    rooms={"1.3": "occupied", "1.4": "occupied", "2.3": "occupied", "2.4": "prepared"})
    state, facts = play(state, mv("check_in", "Ann", table=1, room="2.4"))
    assert state.player("Ann").krones == 20
    assert {"fact": "krones_lost", "seat": "Ann", "krones": 5, "why": "the money track ends at 20"} in facts


def test_a_yellow_group_pays_emperor_steps():
    yellow = 51                                                           # Composer: a strudel
    state = arrange(ready(), "Ann", cafe=[(yellow, "all")],
                    rooms={"2.5": "occupied", "3.4": "occupied", "3.5": "prepared", "1.5": "occupied"})
    state, _ = play(state, mv("check_in", "Ann", table=1, room="3.5"))
    assert state.player("Ann").emperor == 6


# -- Objectives ----------------------------------------------------------------------------
def test_four_players_claim_15_10_5_and_the_fourth_finds_no_space():
    # "place one of your discs on the highest available space of that card and
    # immediately gain the depicted reward"
    state = ready(4, dice=[4] * 14)
    for seat in PLAYERS:
        state = arrange(state, seat, krones=20)
    gained = {}
    for seat in PLAYERS:
        assert seat_now(state) == seat
        if seat == "Di":
            refused(state, mv("claim_objective", seat, objective=105), code="objective_full")
        else:
            state, facts = play(state, mv("claim_objective", seat, objective=105))
            gained[seat] = points(facts, seat)
        state, _ = play(state, mv("take_die", seat, value=4),
                        mv("split_funds", seat, krones=0, emperor=state.dice_on(4)), mv("end_turn", seat))
    assert gained == {"Ann": 15, "Bob": 10, "Cy": 5}
    assert state.claims[0] == ("Ann", "Bob", "Cy")


def test_an_objective_is_not_claimed_outside_your_turn_even_at_the_emperor_scoring():
    # "During your turn, whenever you meet the condition shown on an objective card, you may ..."
    state = arrange(ready(tiles=("A2", "B1", "C1")), "Ann", emperor=10, krones=20)
    state, _ = end_round(state, 3)
    assert state.phase == "round_end" and GAME.expected(state).seats == ("Ann",)
    refused(state, mv("claim_objective", "Ann", objective=105), code="unexpected_move")


# -- Passing and Between Turns ----------------------------------------------------------
def test_when_both_players_pass_the_lowest_unused_number_rerolls_and_goes_first():
    # "the player whose turn order tile shows the lowest unused number will: Take the
    # remaining dice ... Place one of them on the dustbin ... Re-roll the rest"
    state = ready()
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0),
                    mv("end_turn", "Ann"))
    state, _ = play(state, mv("pass", "Bob"))                 # Bob's turns 2 and 3 wait
    assert seat_now(state) == "Ann" and state.turn.number == 4
    state, facts = play(state, mv("pass", "Ann"))
    assert {"fact": "dustbin", "seat": "Bob", "dice_left": 8} in facts    # Bob's 2 is the lowest unused
    state, _ = play(state, mv("reroll", dice=[2] * 8))
    assert (seat_now(state), state.turn.number) == ("Bob", 2)


def test_a_player_who_acted_may_not_pass():
    # "On your turn, you may either take an action or pass."
    state = ready()
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0))
    refused(state, mv("pass", "Ann"), code="unexpected_move")
    state = ready()
    state, _ = play(state, mv("take_guest", "Ann", position=5), mv("reveal_guest", card=60))
    refused(state, mv("pass", "Ann"), code="unexpected_move")


def test_a_reroll_is_refused_with_the_wrong_number_of_dice():
    state = ready()
    state, _ = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    refused(state, mv("reroll", dice=[1] * 10), code="dice_count")
    state, _ = play(state, mv("reroll", dice=[1] * 9))
    assert state.dice_count == 9 and state.dustbin == 1


# -- Emperor Scoring -------------------------------------------------------------------------
def test_emperor_scoring_for_three_players_scores_moves_back_then_rewards_and_penalties():
    # "Each player scores the victory points shown under the space their Emperor marker
    # currently occupies. Each player then moves their Emperor marker back a number of
    # spaces equal to the current round" -- grey 1-2 nothing, yellow 3+ reward, black 0 penalty
    state = ready(3, tiles=("A1", "B2", "C1"))
    state = arrange(state, "Ann", emperor=13)
    state = arrange(state, "Bob", emperor=7)
    state = arrange(state, "Cy", emperor=4, krones=4)
    state, facts = end_round(state, 5)
    track = catalog().emperor_vp
    assert [scored(facts, s, "Emperor scoring, round 5") for s in ("Ann", "Bob", "Cy")] == [track[13], track[7],
                                                                                           track[4]]
    assert track[13] == 9
    assert [state.player(s).emperor for s in ("Ann", "Bob", "Cy")] == [8, 2, 0]
    assert state.player("Ann").krones == 15                                # B2 reward: 5 krones
    assert state.player("Bob").krones == 10                                # grey: nothing
    assert scored(facts, "Cy", "Emperor tile B2 penalty: cannot pay 5 krones") == -7
    assert state.player("Cy").krones == 4


def test_a_marker_that_cannot_move_back_far_enough_stops_on_0_and_takes_the_penalty():
    state = arrange(ready(tiles=("A1", "B1", "C1")), "Ann", emperor=2, krones=6)
    state, facts = end_round(state, 3)
    assert state.player("Ann").emperor == 0 and state.player("Ann").krones == 3
    assert {"fact": "emperor_penalty", "seat": "Ann", "tile": "A1"} in facts


def test_exactly_space_3_after_moving_back_earns_the_reward():
    state = arrange(ready(tiles=("A1", "B1", "C1")), "Ann", emperor=6)
    state, facts = end_round(state, 3)
    assert state.player("Ann").emperor == 3 and state.player("Ann").krones == 13


@pytest.mark.parametrize("round_", [1, 2, 4, 6])
def test_no_emperor_scoring_in_other_rounds(round_):
    state = arrange(ready(), "Ann", emperor=9)
    state, facts = end_round(state, round_)
    assert state.player("Ann").emperor == 9 and not points(facts)
    assert state.round == round_ + 1


# -- End of Game Scoring ------------------------------------------------------------------
def test_round_7_goes_from_the_emperor_scoring_straight_to_final_scoring():
    # "On round 7, after the Emperor scoring ... proceed directly to final scoring"
    state = arrange(ready(tiles=("A1", "B1", "C2")), "Ann", emperor=10, krones=0, items={},
                    rooms={"1.5": "prepared", "2.5": "prepared", "3.5": "prepared"})
    state = arrange(state, "Bob", emperor=3, krones=0, items={}, cafe=[])
    state, facts = end_round(state, 7)
    assert not GAME.finished(state) and state.pending[0].kind == "prepare_occupy"
    state, facts = play(state, mv("prepare_room", "Ann", room="4.5"))     # C2: prepare and occupy any room
    assert GAME.finished(state) and state.round == 7
    assert scored(facts, "Ann", "room 4.5 prepared") == 4
    assert scored(facts, "Ann", "final scoring: occupied rooms by floor") == 4


def test_final_scoring_sums_staff_floors_krones_items_minus_five_per_waiting_guest():
    # "Victory points per occupied room ... 1 VP per krone remaining ... 1 VP per item ...
    # Each player then loses 5 VP for each guest card still in their café."
    state = arrange(ready(tiles=("A1", "B1", "C1")), "Ann", vp=0, emperor=9, hired=[41, 31], krones=6,
                    items={"cake": 2, "coffee": 1}, cafe=[51, 52, 53],
                    rooms={"1.1": "occupied", "2.1": "occupied", "3.1": "occupied", "4.1": "occupied"})
    state = arrange(state, "Bob", vp=0, emperor=0, hired=[], hand=[], krones=0, items={}, cafe=[])
    state, facts = end_round(state, 7)
    assert state.player("Ann").emperor == 2
    assert scored(facts, "Ann", "final scoring: Operator") == 2 * 2         # the position after moving back
    assert scored(facts, "Ann", "final scoring: Chambermaid") == 4
    assert scored(facts, "Ann", "final scoring: occupied rooms by floor") == 1 + 2 + 3 + 4
    assert scored(facts, "Ann", "final scoring: 1 VP per krone") == 6
    assert scored(facts, "Ann", "final scoring: 1 VP per item in the kitchen") == 3
    assert scored(facts, "Ann", "final scoring: 3 guests still in the café") == -15
    assert GAME.scores(state)["Ann"] == points(facts, "Ann")


def test_three_way_tie_on_points_the_largest_kitchen_plus_krones_wins_and_a_full_tie_shares():
    # "In the event of a tie, the tied player with the largest combined total of dishes,
    # drinks ... plus krones on their money track wins. If the tie remains unbroken, the
    # victory is shared."
    state = ready(3)
    state = arrange(state, "Ann", vp=20, krones=3, items={"wine": 2}, emperor=5, cafe=[])
    state = arrange(state, "Bob", vp=19, krones=4, items={"wine": 2}, emperor=5, cafe=[])
    state = arrange(state, "Cy", vp=21, krones=2, items={"wine": 2}, emperor=5, cafe=[])
    state, _ = end_round(state, 7)
    assert len(set(GAME.scores(state).values())) == 1
    assert GAME.winners(state) == ["Bob"]
    state = ready(3)
    for seat, vp in (("Ann", 20), ("Bob", 20), ("Cy", 19)):
        state = arrange(state, seat, vp=vp, krones=5, items={}, emperor=5, cafe=[])
    state, _ = end_round(state, 7)
    assert GAME.winners(state) == ["Ann", "Bob"]


# -- through the API: 422, the rule in words, nothing changed ------------------------------
def test_an_illegal_move_through_the_api_is_a_422_naming_the_rule_and_changes_nothing(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Bob"], "mode": "table"})
    game_id, headers = r.json["id"], {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}

    def post(move):
        return client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=headers)

    setup = {**SETUP, "hands": {"Ann": [1, 5, 9, 13, 21, 27], "Bob": [2, 6, 10, 14, 22, 28]}}
    moves = [setup, mv("take_guest", "Bob", position=1), mv("reveal_guest", card=60),
             mv("take_guest", "Ann", position=1), mv("reveal_guest", card=61)]
    moves += [mv("prepare_room", s, room=r) for s in ("Bob", "Ann") for r in ("1.1", "1.2", "1.3")]
    moves.append(mv("roll", dice=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5]))
    for move in moves:
        assert post(move).status_code == 201, post(move).json
    before = client.get(f"/api/games/{game_id}").json["version"]
    state_before = client.get(f"/api/games/{game_id}/state").json
    for move, code in ((mv("take_die", "Ann", value=6), "no_die"),
                       (mv("take_die", "Bob", value=4), "not_your_turn"),
                       (mv("serve", "Ann", items=[{"table": 1, "item": "strudel"}]), "not_ordered")):
        r = post(move)
        assert r.status_code == 422, r.json
        assert r.json["code"] == code
        assert r.json["detail"] and r.json["rule"]
    assert client.get(f"/api/games/{game_id}").json["version"] == before
    assert client.get(f"/api/games/{game_id}/state").json == state_before


def rooms(*names, status="occupied"):
    return {name: status for name in names}


BLUE = ("1.1", "1.5", "3.1", "3.3", "4.1", "4.3", "4.5")
FLOORS_1_2 = tuple(f"{f}.{c}" for f in (1, 2) for c in range(1, 6))


@pytest.mark.parametrize("number, enough, short", [
    (106, {"rooms": {**rooms(*FLOORS_1_2, status="prepared"), **rooms("3.1", "3.2")}},
     {"rooms": rooms(*FLOORS_1_2, "3.1", status="prepared")}),
    (107, {"hired": [1, 2, 3, 4, 5, 6]}, {"hired": [1, 2, 3, 4, 5]}),
    (108, {"emperor": 10}, {"emperor": 9}),
    (110, {"rooms": rooms("1.1", "1.5", "4.4", "4.5", "3.1", "4.1", "3.2", "4.2")},
     {"rooms": rooms("1.1", "1.5", "4.4", "4.5", "3.1", "4.1", "3.2")}),
    (111, {"rooms": rooms(*BLUE)}, {"rooms": rooms(*BLUE[:-1])}),
    (112, {"rooms": rooms(*(f"{f}.{c}" for f in (1, 2, 3, 4) for c in (1, 2)))},
     {"rooms": rooms(*(f"{f}.{c}" for f in (1, 2, 3, 4) for c in (1, 2) if (f, c) != (4, 2)))}),
    (114, {"rooms": rooms("1.3", "1.4", "2.3", "2.4", "1.2", "2.1", "2.2")},
     {"rooms": rooms("1.3", "1.4", "2.3", "1.2", "2.1", "2.2", "2.5")}),
    (115, {"rooms": rooms("1.2", "2.1", "2.2", "2.5", "1.1", "1.5", "3.1")},
     {"rooms": rooms("1.2", "2.1", "2.2", "1.1", "1.5", "3.1", "3.3")}),
    (116, {"rooms": rooms("1.1", "1.5", "3.1", "3.3", "1.3", "1.4", "2.3")},
     {"rooms": rooms("1.1", "1.5", "3.1", "1.3", "1.4", "2.3", "2.4")}),
])
def test_every_objective_is_claimed_when_its_condition_is_met_and_not_one_short(number, enough, short):
    # "whenever you meet the condition shown on an objective card, you may place one of your discs"
    group = catalog().objectives[number].group
    objectives = tuple(number if g == group else {"A": 105, "B": 109, "C": 113}[g] for g in "ABC")
    state = ready(objectives=objectives)
    refused(arrange(state, "Ann", **short), mv("claim_objective", "Ann", objective=number), code="condition_unmet")
    state, facts = play(arrange(state, "Ann", **enough), mv("claim_objective", "Ann", objective=number))
    assert points(facts, "Ann") == 15 and state.player("Ann").objectives == (number,)

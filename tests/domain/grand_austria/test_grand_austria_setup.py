"""Grand Austria Hotel: the catalog and the setup, as the rulebook's "Setup" tells it."""
from __future__ import annotations

from collections import Counter

import pytest
from grand_austria_table import HANDS, PLAYERS, QUEUE, SETUP, after_setup, fresh, mv, play, ready, seat_now, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.rules import TABLE, MalformedMove, RuleViolation


# -- the catalog ---------------------------------------------------------------
def test_the_catalog_has_56_guests_14_per_colour_and_48_staff():
    cat = catalog()
    assert len(cat.guests) == 56 and sorted(cat.guests) == list(range(49, 105))
    assert Counter(g.colour for g in cat.guests.values()) == {"yellow": 14, "blue": 14, "red": 14, "green": 14}
    assert len(cat.staff) == 48 and sorted(cat.staff) == list(range(1, 49))
    assert Counter(s.kind for s in cat.staff.values()) == {"permanent": 23, "end": 13, "once": 8, "round": 4}


def test_the_objectives_and_emperor_tiles_come_four_per_group():
    cat = catalog()
    assert Counter(o.group for o in cat.objectives.values()) == {"A": 4, "B": 4, "C": 4}
    assert sorted(cat.emperor_tiles) == [f"{g}{i}" for g in "ABC" for i in range(1, 5)]


def test_the_view_offers_the_emperor_tiles_by_stack_with_the_round_each_scores_in():
    """Before the setup the table picks one tile per stack from the view: A
    for round 3, B for round 5, C for round 7, each with its reward and penalty."""
    stacks = GAME.view(fresh())["emperor_tile_stacks"]
    assert [(s["stack"], s["round"]) for s in stacks] == [("A", 3), ("B", 5), ("C", 7)]
    assert [[t["id"] for t in s["tiles"]] for s in stacks] == [[f"{g}{i}" for i in range(1, 5)] for g in "ABC"]
    a1 = stacks[0]["tiles"][0]
    assert a1 == {"id": "A1", "reward": [{"kind": "krones", "n": 3}],
                  "penalty": [{"kind": "pay_or_vp", "krones": 3, "vp": 5}],
                  "reward_words": ["3 krones"], "penalty_words": ["pay 3 krones, else lose 5 VP"]}
    assert all(t["reward"] and t["penalty"] for s in stacks for t in s["tiles"])
    assert GAME.view(after_setup())["emperor_tile_stacks"] == stacks


def test_every_catalog_entry_names_its_source():
    import tomllib
    from domain.grand_austria.catalog import DATA
    cards = tomllib.loads((DATA / "catalog.toml").read_text())
    board = tomllib.loads((DATA / "board.toml").read_text())
    for entry in cards["guest"] + cards["staff"] + board["objective"] + board["emperor_tile"]:
        assert entry["source"]


def test_the_night_side_hotel_has_20_rooms_in_single_colour_groups():
    hotel = catalog().hotel
    assert hotel.size == 20 and len(hotel.groups) == 10
    for group in hotel.groups:
        assert len({hotel.colour(r) for r in group}) == 1
    assert [hotel.colour(r) for r in range(5)] == ["blue", "yellow", "red", "red", "blue"]


def test_rooms_are_named_by_floor_and_column_from_the_bottom_left():
    hotel = catalog().hotel
    assert hotel.name_of(0) == "1.1" and hotel.name_of(6) == "2.2" and hotel.name_of(19) == "4.5"
    assert [hotel.index(hotel.name_of(r)) for r in range(hotel.size)] == list(range(hotel.size))
    # the numbers written otherwise name the same room; a room off the board is none
    assert hotel.index("01.1") == 0 and hotel.index("2.02") == 6
    assert hotel.index("5.1") is None and hotel.index("1.6") is None and hotel.index("lobby") is None


def test_guest_orders_as_printed():
    photographer = catalog().guests[55]
    assert photographer.name == "Photographer" and photographer.colour == "yellow"
    assert photographer.order == (0, 0, 3, 0, 0) and photographer.vp == 7
    assert photographer.reward == ({"kind": "draw_staff", "n": 2},)


# -- setup ---------------------------------------------------------------------
def test_the_table_sets_up_first():
    state = fresh(3)
    assert GAME.expected(state).seats == (TABLE,) and GAME.expected(state).moves == ("setup",)
    with pytest.raises(RuleViolation) as error:
        GAME.check(state, GAME.load_move(mv("take_die", "Ann", value=1)))
    assert error.value.code == "unexpected_move"


def test_each_player_starts_with_10_krones_one_of_each_item_and_6_staff():
    state = after_setup(3)
    for seat in PLAYERS[:3]:
        player = state.player(seat)
        assert player.krones == 10 and player.items == (1, 1, 1, 1)
        assert [c.number for c in player.hand] == HANDS[seat]
    assert [g.number for g in state.queue] == QUEUE


def test_hands_the_scorekeeper_does_not_see_are_unknown():
    state = after_setup(2, {**SETUP})
    assert state.player("Ann").hand == (None,) * 6


@pytest.mark.parametrize("field, value, code", [
    ("objectives", [105, 106, 113], "bad_objectives"),
    ("emperor_tiles", ["A1", "A2", "C1"], "bad_emperor_tiles"),
    ("emperor_tiles", ["A1", "B9", "C1"], "bad_emperor_tiles"),
    ("start_player", "Zed", "unknown_player"),
    ("queue", [49, 49, 77, 91, 50], "duplicate_card"),
    ("hands", {"Ann": [1, 2, 3], "Bob": [4, 5, 6, 7, 8, 9]}, "hand_size"),
    ("hands", {"Ann": [1, 2, 3, 4, 5, 6], "Bob": [6, 7, 8, 9, 10, 11]}, "duplicate_card"),
])
def test_a_wrong_setup_is_refused(field, value, code):
    with pytest.raises(RuleViolation) as error:
        play(fresh(2), {**SETUP, field: value})
    assert error.value.code == code


def test_malformed_cards_are_refused_with_400():
    with pytest.raises(MalformedMove):
        GAME.load_move({**SETUP, "queue": [49, 63, 77, 91, 200]})
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "reveal_guest", "card": {"colour": "purple", "order": {}}})
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "prepare_room", "seat": "Ann", "room": "ground"})


def test_starting_guests_go_counter_clockwise_from_the_start_players_right_free_of_cost():
    state = after_setup(3)
    order = []
    for card in (51, 52, 53):
        seat = seat_now(state)
        order.append(seat)
        state, facts = play(state, mv("take_guest", seat, position=1))
        assert state.player(seat).krones == 10
        assert GAME.expected(state).seats == (TABLE,)          # the queue is refilled each time
        state, _ = play(state, mv("reveal_guest", card=card))
        assert state.queue[0].number == card
    assert order == ["Cy", "Bob", "Ann"]
    assert state.phase == "initial_rooms"


def test_the_queue_slides_right_and_refills_on_the_left():
    state = after_setup(2)
    state, _ = play(state, mv("take_guest", "Bob", position=3), mv("reveal_guest", card=51))
    assert [g.number for g in state.queue] == [51, 49, 63, 91, 50]


def test_a_guest_by_printed_content_joins_the_queue():
    state = after_setup(2)
    printed = {"name": "Waltz King", "colour": "blue", "order": {"cake": 2}, "vp": 3,
               "reward": [{"kind": "krones", "n": 2}]}
    state, _ = play(state, mv("take_guest", "Bob", position=1), mv("reveal_guest", card=printed))
    assert state.queue[0].name == "Waltz King" and state.queue[0].order == (0, 2, 0, 0, 0)


def test_starting_rooms_begin_bottom_left_adjacent_and_pay_the_floor_cost():
    state = after_setup(2)
    state, _ = play(state, mv("take_guest", "Bob", position=1), mv("reveal_guest", card=51),
                    mv("take_guest", "Ann", position=1), mv("reveal_guest", card=52))
    seat = seat_now(state)
    with pytest.raises(RuleViolation, match="bottom-left"):
        play(state, mv("prepare_room", seat, room="1.2"))
    state, _ = play(state, mv("prepare_room", seat, room="1.1"))
    with pytest.raises(RuleViolation, match="next to"):
        play(state, mv("prepare_room", seat, room="2.2"))
    state, _ = play(state, mv("prepare_room", seat, room="2.1"), mv("prepare_room", seat, room="3.1"))
    assert state.player(seat).krones == 10 - 1 - 2
    assert seat_now(state) != seat


@pytest.mark.parametrize("n, dice", [(2, 10), (3, 12), (4, 14)])
def test_the_dice_count_depends_on_the_player_count(n, dice):
    state = ready(n)
    assert state.dice_count == dice


@pytest.mark.parametrize("n, order", [
    (2, ["Ann", "Bob", "Bob", "Ann"]),
    (3, ["Ann", "Bob", "Cy", "Cy", "Bob", "Ann"]),
    (4, ["Ann", "Bob", "Cy", "Di", "Di", "Cy", "Bob", "Ann"]),
])
def test_turns_follow_the_snake_order_of_the_turn_order_tiles(n, order):
    state = ready(n, dice=[4] * {2: 10, 3: 12, 4: 14}[n])
    seats = []
    while state.round == 1 and state.phase == "turns":
        seat = seat_now(state)
        seats.append(seat)
        state, _ = play(state, mv("take_die", seat, value=4))
        p = state.pending[0]
        state, _ = play(state, mv("split_funds", seat, krones=p.n, emperor=0), mv("end_turn", seat))
    assert seats == order


# -- a table's own hotel board (day sides) -----------------------------------------
DAY = {"name": "a day side", "floors": [["red", "blue", "blue"], ["yellow", "yellow", "red"]],
       "groups": [["1.1"], ["1.2", "1.3"], ["2.1", "2.2"], ["2.3"]],
       "floor_costs": [0, 2], "floor_vp": [1, 3], "prepare_vp": {"2.3": 5}}


def test_a_custom_hotel_board_replaces_the_night_side():
    state = after_setup(2, hotel=DAY)
    assert state.hotel.size == 6 and state.hotel.colour(0) == "red"
    state, _ = play(state, mv("take_guest", "Bob", position=1), mv("reveal_guest", card=51),
                    mv("take_guest", "Ann", position=1), mv("reveal_guest", card=52))
    state, facts = play(state, mv("prepare_room", "Bob", room="1.1"), mv("prepare_room", "Bob", room="1.2"),
                        mv("prepare_room", "Bob", room="1.3"))
    with pytest.raises(RuleViolation):
        play(state, mv("prepare_room", "Ann", room="1.4"))


@pytest.mark.parametrize("hotel", [
    {**DAY, "floors": [["red", "blue"], ["yellow"]]},
    {**DAY, "groups": [["1.1"]]},
    {**DAY, "floor_costs": [0]},
])
def test_a_hotel_board_whose_rooms_do_not_add_up_is_refused_by_the_rules(hotel):
    with pytest.raises(RuleViolation) as refused:
        GAME.load_options({"hotel": hotel})
    assert refused.value.code == "not_a_hotel_board"


@pytest.mark.parametrize("hotel", [
    {**DAY, "floors": [["red", "green", "blue"], ["yellow", "yellow", "red"]]},
    {**DAY, "floor_costs": ["0", 1]},
    {key: value for key, value in DAY.items() if key != "groups"},
])
def test_a_malformed_hotel_board_is_refused(hotel):
    with pytest.raises(MalformedMove):
        GAME.load_options({"hotel": hotel})


def test_legal_moves_in_the_setup_steps():
    state = after_setup(2)
    assert GAME.legal_moves(state) == [mv("take_guest", "Bob", position=p) for p in range(1, 6)]
    assert GAME.legal_moves(fresh(2)) is None


def test_an_unseen_hand_card_can_be_returned_unnamed():
    from domain.grand_austria.catalog import catalog
    from domain.immutable import evolve
    state = ready(2)
    ann, bob = state.player("Ann"), state.player("Bob")
    state = evolve(state, seats={"Ann": evolve(ann, hand=(None, catalog().staff[1], None), emperor=0),
                                 "Bob": evolve(bob, emperor=5)},
                   round=3, dice=white_dice(0, 0, 0, 1, 0, 0), emperor_tiles=("A3", "B1", "C1"))
    state, _ = play(state, mv("pass", "Ann"), mv("pass", "Bob"))
    assert state.pending[0].kind == "return_hand"
    assert GAME.legal_moves(state) == [mv("return_staff", "Ann", staff=1), mv("return_staff", "Ann")]
    state, _ = play(state, mv("return_staff", "Ann"))
    state, _ = play(state, mv("return_staff", "Ann"))
    assert state.player("Ann").hand == (catalog().staff[1],)


def test_setup_goes_in_the_rulebooks_order_draft_guests_rooms_then_the_first_roll():
    state = fresh(2, staff_draft=True)
    phases = [state.phase]
    hands = {p: HANDS[p] for p in PLAYERS[:2]}
    state, facts = play(state, {**SETUP, "hands": hands})
    assert facts[0] == {"fact": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                        "queue": ["Sculptor", "Dame", "Apothecary", "Tezcatlipoca", "Musician"],
                        "start_player": "Ann", "staff_draft": True}
    refill = iter([51, 52])
    while state.phase != "turns":
        if state.phase != phases[-1]:
            phases.append(state.phase)
        expected = GAME.expected(state)
        if expected.moves == ("reveal_guest",):
            state, _ = play(state, mv("reveal_guest", card=next(refill)))
        elif expected.moves == ("roll",):
            state, _ = play(state, mv("roll", dice=[1] * 10))
        else:
            state, _ = play(state, GAME.legal_moves(state)[0])
    assert phases == ["setup", "staff_draft", "initial_guests", "initial_rooms", "roll"]
    assert all(state.player(s).rooms[:3] == (1, 1, 1) and len(state.player(s).hand) == 6 for s in PLAYERS[:2])

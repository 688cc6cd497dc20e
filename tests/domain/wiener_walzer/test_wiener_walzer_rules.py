"""Wiener Walzer, rule by rule, as the rulebook tells it (../shared/rules/wiener-walzer.txt)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domain.rules import TABLE, MalformedMove, RuleViolation, random_move
from domain.wiener_walzer import GAME
from domain.wiener_walzer.components import GUEST_CARDS, buffet_points, buffet_sets, default_tiles
from wiener_walzer_table import BALLROOM, Table, facts, pairs


def fresh(players=("Ann", "Ben"), **options):
    return GAME.setup(list(players), GAME.load_options(options))


# -- Setup: the board ---------------------------------------------------------------
@pytest.mark.parametrize("players, fields, gold", [(2, 35, 6), (3, 48, 9), (4, 61, 12), (5, 78, 12)])
def test_the_areas_in_play_grow_with_the_player_count(players, fields, gold):
    board = fresh([f"P{i}" for i in range(players)]).board
    assert len(board.spaces) == fields
    assert len(board.gold) == gold
    assert len(board.buffet_spaces) >= 12 * players


@pytest.mark.parametrize("players, left_over", [(2, 6), (3, 3), (4, 0), (5, 0)])
def test_neutral_guests_are_left_over_only_with_2_and_3_players(players, left_over):
    board = fresh([f"P{i}" for i in range(players)]).board
    assert 12 - len(board.gold) == left_over


def test_the_whole_board_holds_12_neutral_guests_and_66_buffet_tiles():
    board = fresh([f"P{i}" for i in range(5)]).board
    assert len(board.gold) == 12 and len(board.buffet_spaces) == 66 == len(default_tiles())


def test_two_players_use_the_centre_three_add_a_wing_four_both_five_the_foyer():
    def in_play(n):
        return set(fresh([f"P{i}" for i in range(n)]).board.spaces)
    assert "a2" not in in_play(2) and "a2" in in_play(3) and "m2" not in in_play(3)
    assert "m2" in in_play(4) and "g8" not in in_play(4) and "g8" in in_play(5)
    assert in_play(2) < in_play(3) < in_play(4) < in_play(5)


def test_spaces_are_named_from_the_top_left_and_neighbours_are_orthogonal():
    board = fresh().board
    assert board.spaces[0] == "d1"      # the first square in play of the top row
    assert set(board.neighbours["d1"]) == {"e1", "d2"}   # c1 is no space: the edge
    assert set(board.neighbours["e3"]) == {"e2", "f3", "e4", "d3"}
    assert set(board.neighbours["d3"]) == {"d2", "e3", "d4"}  # the west wing is not in play with 2


def test_players_get_the_colours_they_choose_and_the_rest_in_listed_order():
    state = fresh(("Ann", "Ben", "Cy"), colours={"Ben": "red"})
    assert state.colours == ("blue", "red", "green")
    assert fresh(("Ann", "Ben")).colours == ("red", "blue")


def test_two_players_cannot_share_a_colour_and_white_is_neutral():
    with pytest.raises(RuleViolation) as caught:
        fresh(("Ann", "Ben"), colours={"Ann": "red", "Ben": "red"})
    assert caught.value.code == "colour_taken"
    with pytest.raises(MalformedMove):
        GAME.load_options({"colours": {"Ann": "white"}})
    with pytest.raises(RuleViolation) as caught:
        fresh(("Ann", "Ben"), colours={"Zoe": "red"})
    assert caught.value.code == "colour_player"


def test_a_custom_layout_replaces_the_board_and_must_fit_the_components():
    assert fresh(layout=BALLROOM).board.spaces[0] == "a1"
    for rows, code in [(["o" * 23], "layout_too_small"),
                       (["G" * 13 + "o" * 11, "o" * 24], "layout_gold"),
                       (["o" * 20] * 4, "layout_buffet")]:
        with pytest.raises(RuleViolation) as caught:
            fresh(layout=rows)
        assert caught.value.code == code
    with pytest.raises(MalformedMove):
        GAME.load_options({"layout": ["ooo", "oo"]})
    with pytest.raises(MalformedMove):
        GAME.load_options({"layout": ["oxo"]})


@pytest.mark.parametrize("rows, code", [(["o" * 67], "layout_buffet"), (["G" * 13 + "o" * 24], "layout_gold"),
                                        (["G" * 12 + "." * 40 + "o" * 23], "layout_too_small")])
def test_the_layout_limits_are_rules_however_wide_the_rows(rows, code):
    with pytest.raises(RuleViolation) as caught:
        fresh(layout=rows)
    assert caught.value.code == code and caught.value.rule == "Setup"


def test_columns_after_z_are_named_like_a_spreadsheets():
    board = fresh(layout=["G" + "." * 27 + "o" * 24]).board
    assert board.spaces[:3] == ("a1", "ac1", "ad1") and board.spaces[-1] == "az1"
    assert set(board.neighbours["ac1"]) == {"ad1"}     # ab1 is no space: the edge
    assert GAME.load_move({"type": "place", "seat": "Ann", "card": "L3", "space": "ac1"})["space"] == "ac1"


# -- Setup: the table lays out guests and tiles -----------------------------------------
def setup_move(state, **changes):
    move = {"type": "setup", "neutral": {s: card for s, card in zip(sorted(state.board.gold), GUEST_CARDS)},
            "buffet": {s: ["caviar"] for s in state.board.buffet_spaces}}
    move.update(changes)
    return GAME.load_move(move)


def test_the_table_sets_up_before_anyone_places_a_guest():
    state = fresh()
    assert GAME.expected(state).seats == (TABLE,)
    with pytest.raises(RuleViolation) as caught:
        GAME.check(state, GAME.load_move({"type": "place", "seat": "Ann", "card": "L3", "space": "e1"}))
    assert caught.value.code == "not_set_up"
    state, outcome = GAME.play(state, setup_move(state))
    assert GAME.expected(state).seats == ("Ann",) and outcome[0]["starts"] == "Ann"
    with pytest.raises(RuleViolation) as caught:
        GAME.check(state, setup_move(state))
    assert caught.value.code == "already_set_up"


def test_every_gold_space_gets_a_neutral_guest_and_every_other_space_a_tile():
    state = fresh()
    neutral = setup_move(state)["neutral"]
    cases = [
        ({"neutral": dict(list(neutral.items())[1:])}, "neutral_spaces"),
        ({"neutral": {**neutral, "d1": "L5"}}, "neutral_spaces"),
        ({"neutral": dict.fromkeys(neutral, "G2")}, "neutral_card_twice"),
        ({"buffet": {"d1": ["cheese"]}}, "buffet_spaces"),
        ({"stacks": {"Ann": list(GUEST_CARDS)}}, "stacks_players"),
        ({"stacks": {"Ann": list(GUEST_CARDS), "Ben": ["L1"] * 12}}, "stack_cards"),
    ]
    for changes, code in cases:
        with pytest.raises(RuleViolation) as caught:
            GAME.check(state, setup_move(state, **changes))
        assert caught.value.code == code, changes


def test_a_tile_is_written_by_its_delicacies():
    state = fresh()
    with pytest.raises(MalformedMove):
        GAME.load_move({**setup_move(state), "buffet": {"d1": ["strudel"]}})
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "place", "seat": "Ann", "card": "L6", "space": "d1"})


def test_digital_setup_lays_out_all_components_and_shuffles_each_stack():
    state = fresh([f"P{i}" for i in range(5)])
    move = GAME.chance_move(state, random.Random(3))
    GAME.check(state, GAME.load_move(move))
    assert sorted(map(tuple, move["buffet"].values())) == sorted(default_tiles())
    assert sorted(move["neutral"].values()) == sorted(GUEST_CARDS)
    assert all(sorted(stack) == sorted(GUEST_CARDS) for stack in move["stacks"].values())


# -- Course of play ----------------------------------------------------------------------------
def test_placing_a_guest_takes_the_buffet_tile_and_passes_the_turn_clockwise():
    table = Table().tile("d4", "cigar", "cigar")
    outcome = table.place("Blue", "L3", "d4")
    assert facts(outcome, "placed") == [{"fact": "placed", "seat": "Blue", "card": "L3", "space": "d4",
                                          "tile": ["cigar", "cigar"]}]
    assert table.state.collected[0] == (("cigar", "cigar"),)
    assert "d4" not in table.state.tiles and table.guest("d4").owner == "Blue"
    assert table.expected().seats == ("Green",)
    table.place("Green", "G1", "a7")
    table.place("Red", "G1", "b7")
    assert table.expected().seats == ("Blue",)


def test_a_gold_space_has_no_tile_to_take_once_its_guest_moved_away():
    table = Table()
    guests = dict(table.state.guests)
    del guests["b1"]     # as after an event moved the white guest away
    table.state = replace(table.state, guests=guests)
    outcome = table.place("Blue", "L3", "b1")
    assert facts(outcome, "placed")[0]["tile"] is None and table.state.collected[0] == ()


def test_a_placement_is_refused_out_of_turn_on_a_taken_space_off_the_board_or_with_a_placed_card():
    table = Table()
    assert table.refused(type="place", seat="Green", card="L3", space="d4").code == "not_your_turn"
    assert table.refused(type="place", seat="Blue", card="L3", space="b1").code == "space_taken"
    assert table.refused(type="place", seat="Blue", card="L3", space="h1").code == "not_in_play"
    assert table.refused(type="place", seat="Zoe", card="L3", space="d4").code == "unknown_seat"
    table.place("Blue", "L3", "d4")
    table.place("Green", "L3", "a7")
    table.place("Red", "L3", "g7")
    error = table.refused(type="place", seat="Blue", card="L3", space="d5")
    assert error.code == "card_not_held" and "L3" in error.message


def test_in_digital_play_the_card_drawn_from_the_stack_is_placed():
    stacks = {"Blue": ["G5", "L0", "L1", "L2", "L3", "L4", "L5", "G0", "G1", "G2", "G3", "G4"],
              "Green": list(GUEST_CARDS), "Red": list(GUEST_CARDS)}
    table = Table(stacks=stacks)
    error = table.refused(type="place", seat="Blue", card="L3", space="d4")
    assert error.code == "not_drawn_card" and "G5" not in error.message   # only Blue sees it
    assert GAME.legal_moves(table.state)[0]["card"] == "G5"
    table.place("Blue", "G5", "d4")
    assert table.state.cards[0][0] == "L0"


def test_stacks_stay_face_down_and_each_player_sees_only_the_card_in_hand():
    stacks = {p: list(GUEST_CARDS) for p in ("Blue", "Green", "Red")}
    stacks["Green"] = stacks["Green"][::-1]
    table = Table(stacks=stacks)
    seen = GAME.view(table.state, "Green", full=False)["players_detail"]
    assert seen["Green"]["hand"] == "G5" and seen["Blue"]["hand"] is None
    assert seen["Green"]["stack"] is None and seen["Blue"]["stack"] is None
    assert seen["Blue"]["cards_left"] == sorted(GUEST_CARDS)   # what is left is public, the order is not
    assert GAME.view(table.state)["players_detail"]["Green"]["stack"] == stacks["Green"]   # the full record
    setup = {"type": "setup", "neutral": {}, "buffet": {}, "stacks": {"Blue": ["G5"], "Green": ["L1"]}}
    assert GAME.redact_move(setup, "Blue")["stacks"] == {"Blue": None, "Green": None}
    assert GAME.redact_move({"type": "place", "seat": "Blue", "card": "G5", "space": "a1"}, "Green")["card"] == "G5"


def test_the_view_shows_spaces_guests_tiles_and_each_players_tiles_and_cards():
    table = Table()
    table.place("Blue", "L3", "d4")
    view = GAME.view(table.state)
    assert view["spaces"]["d4"]["guest"] == {"card": "L3", "owner": "Blue", "colour": "blue", "sex": "lady",
                                             "value": 3, "turned": False}
    assert view["spaces"]["b1"]["guest"]["colour"] == "white" and view["spaces"]["b1"]["gold"]
    assert view["spaces"]["a1"]["tile"] == ["cheese"]
    assert view["players_detail"]["Blue"]["collected"] == [["cheese"]]
    assert "L3" not in view["players_detail"]["Blue"]["cards_left"]
    assert view["expected"] == {"seats": ["Green"], "moves": ["place"]} and view["scores"]["Blue"] == 0


# -- Dances -------------------------------------------------------------------------------------
def test_rulebook_dance_example_blue_lady_1_encloses_blue_gentleman_3_who_dances_with_green_lady_5():
    table = (Table(players=("Blue", "Green", "Red"))
             .put("c3", "G3", "Blue").put("c2", "L5", "Green").put("b3", "G2", "Red").put("d3", "L2", "Red"))
    outcome = table.place("Blue", "L1", "c4")
    assert pairs(outcome) == [{"c3", "c2"}]
    assert table.points("Blue") == 8 and table.points("Green") == 8 and table.points("Red") == 0
    assert table.guest("c3").turned and table.guest("c2").turned and not table.guest("c4").turned
    assert [f for f in outcome if f["fact"] == "scored"] == [
        {"fact": "scored", "seat": "Blue", "points": 8, "why": "dance of G3 on c3 with L5 on c2"},
        {"fact": "scored", "seat": "Green", "points": 8, "why": "dance of G3 on c3 with L5 on c2"}]


def second_example():
    """Yellow lady 3 in the corner beside the white gentleman 4; the blue lady 4
    beside him too, between red ladies; Green places the gentleman 1 below the
    yellow lady and beside the blue one."""
    return (Table(players=("Green", "Yellow", "Blue", "Red"), neutral={"b1": "G4"})
            .put("a1", "L3", "Yellow").put("b2", "L4", "Blue").put("c2", "L5", "Red").put("b3", "L2", "Red"))


def test_rulebook_dance_example_two_dances_green_decides_the_order():
    table = second_example()
    outcome = table.place("Green", "G1", "a2")
    assert pairs(outcome) == []
    assert table.expected().seats == ("Green",) and table.expected().moves == ("dance",)
    assert facts(outcome, "dance_choice")[0]["options"] == [{"dancer": "a1", "partner": "b1"},
                                                            {"dancer": "b2", "partner": "b1"}]
    outcome = table.do(type="dance", seat="Green", dancer="a1", partner="b1")
    assert pairs(outcome) == [{"a1", "b1"}, {"b2", "a2"}]      # the second dance is then forced
    assert table.points("Yellow") == 7 and table.points("Blue") == 5 and table.points("Green") == 5
    assert all(table.guest(s).turned for s in ("a1", "b1", "b2", "a2"))
    assert table.expected().seats == ("Yellow",)


def test_in_the_other_order_the_blue_lady_takes_the_white_gentleman():
    table = second_example()
    table.place("Green", "G1", "a2")
    table.do(type="dance", seat="Green", dancer="b2", partner="b1")
    assert table.points("Blue") == 8 and table.points("Yellow") == 4 and table.points("Green") == 4


def test_a_dance_choice_must_name_a_due_dancer_and_its_best_partner():
    table = second_example()
    table.place("Green", "G1", "a2")
    assert table.refused(type="dance", seat="Green", dancer="c2", partner="b2").code == "not_due"
    error = table.refused(type="dance", seat="Green", dancer="b2", partner="a2")
    assert error.code == "not_best_partner" and "b1" in error.message
    assert table.refused(type="dance", seat="Yellow", dancer="a1", partner="b1").code == "not_your_turn"
    assert table.refused(type="place", seat="Green", card="L2", space="g7").code == "dance_pending"


def test_a_refused_dance_says_why_the_guest_is_not_due():
    table = second_example().put("e5", "L1", "Red").put("d5", "L3", "Blue").put("f5", "L2", "Blue")
    table.put("e4", "L0", "Blue").put("e6", "G2", "Red", turned=True)
    table.place("Green", "G1", "a2")
    for dancer, why in [("c2", "not enclosed, with c1, d2, c3 free beside it"), ("e6", "has danced"),
                        ("e5", "no face-up guest of the other sex"), ("c5", "no guest card lies there")]:
        error = table.refused(type="dance", seat="Green", dancer=dancer, partner="b1")
        assert error.code == "not_due" and why in error.message and "Due to dance: a1, b2." in error.message


def test_no_dance_move_without_a_choice():
    table = Table()
    assert table.refused(type="dance", seat="Blue", dancer="a1", partner="a2").code == "no_dance_choice"


def test_tied_partners_are_the_active_players_choice():
    table = Table().put("a6", "L2", "Green").put("b7", "L2", "Red")
    outcome = table.place("Blue", "G3", "a7")   # the corner: enclosed by two ladies worth 2
    assert pairs(outcome) == []
    assert facts(outcome, "dance_choice")[0]["options"] == [{"dancer": "a7", "partner": "a6"},
                                                            {"dancer": "a7", "partner": "b7"}]
    outcome = table.do(type="dance", seat="Blue", dancer="a7", partner="b7")
    assert pairs(outcome) == [{"a7", "b7"}] and not table.guest("a6").turned
    assert table.points("Blue") == 5 and table.points("Red") == 5 and table.points("Green") == 0
    assert table.expected().seats == ("Green",)


def test_several_dances_without_a_real_choice_resolve_by_themselves():
    table = (Table().put("a7", "G2", "Green").put("a6", "L4", "Red")
             .put("c7", "G3", "Red").put("d7", "L5", "Green").put("c6", "G0", "Green"))
    outcome = table.place("Blue", "L1", "b7")   # encloses a7 and c7; each has a better lady than Blue's 1
    assert table.expected().moves == ("place",)
    assert pairs(outcome) == [{"a6", "a7"}, {"c7", "d7"}]
    assert table.points("Green") == 6 + 8 and table.points("Red") == 6 + 8 and table.points("Blue") == 0


def test_a_guest_enclosed_only_by_its_own_sex_stays_without_a_partner():
    table = Table().put("a2", "L4", "Green").put("b1", "L5", "Red")
    outcome = table.place("Blue", "L2", "a1")
    assert pairs(outcome) == [] and not table.guest("a1").turned
    assert table.expected().seats == ("Green",)


def test_the_edge_of_the_board_encloses_and_the_partner_need_not_be_enclosed():
    table = Table().put("b7", "L5", "Green")
    outcome = table.place("Blue", "G1", "a7")      # a7's other side a6 is free
    assert pairs(outcome) == []
    table.turn_of("Blue")
    outcome = table.place("Blue", "L0", "a6")
    assert pairs(outcome) == [{"a7", "b7"}] and table.points("Blue") == 6 and table.points("Green") == 6


def test_danced_cards_still_enclose_but_never_dance_again():
    table = Table().put("a6", "G5", "Green", turned=True).put("b7", "G4", "Red")
    outcome = table.place("Blue", "L3", "a7")
    assert pairs(outcome) == [{"a7", "b7"}]         # the turned 5 encloses but does not dance
    assert table.points("Blue") == 7 and table.points("Red") == 7 and table.points("Green") == 0


def test_one_player_with_both_guests_or_with_a_white_guest_scores_the_sum_once():
    table = Table().put("a2", "L5", "Blue")
    table.place("Blue", "G2", "a1")    # a1 neighbours a2 and the neutral b1 (G4): enclosed, lady 5 beside
    assert table.points("Blue") == 7
    table = Table().put("a1", "L5", "Green").put("b2", "G0", "Red")
    table.turn_of("Green")
    table.place("Green", "L1", "c1")   # the white G4 on b1: a1, c1, b2 around it
    assert table.points("Green") == 9   # the white gentleman dances with the lady 5


def test_two_white_guests_dance_for_nobody():
    layout = ["GGoooooo"] + ["oooooooo"] * 5
    table = Table(layout=layout, neutral={"a1": "L3", "b1": "G2"})
    table.place("Blue", "G1", "a2")   # a1 enclosed: b1 the white gentleman 2, a2 blue 1 -> the white 2
    assert pairs(table.outcomes[-1]) == [{"a1", "b1"}]
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 0, "Red": 0}


# -- End of the game & scoring ---------------------------------------------------------------------
def test_rulebook_buffet_example_four_complete_sets_give_20_points():
    tiles = [("cheese",) * 3, ("shrimp_roll",) * 2, ("shrimp_roll",) * 2, ("sachertorte",) * 3,
             ("sachertorte",), ("caviar",) * 2, ("caviar",), ("cigar",) * 3, ("champagne",), ("champagne",),
             ("cigar",)]
    assert buffet_sets(tiles) == 4 and buffet_points(tiles) == 20


def test_champagne_replaces_any_delicacy_and_leftovers_bring_nothing():
    assert buffet_sets([("cheese",), ("shrimp_roll",), ("sachertorte",), ("caviar",), ("champagne",)]) == 1
    assert buffet_sets([("cheese",) * 3, ("caviar",) * 3]) == 0
    assert buffet_sets([("cheese", "cheese"), ("shrimp_roll",) * 2, ("caviar",) * 2, ("cigar",) * 2,
                        ("champagne",) * 2, ("champagne",)]) == 2
    assert buffet_sets([("champagne",) * 3, ("champagne",) * 2]) == 1
    assert buffet_sets([]) == 0


def play_out(players, seed, events=False):
    state = GAME.setup(list(players), GAME.load_options({"events": events}))
    rng = random.Random(seed)
    outcomes = []
    while not GAME.finished(state):
        state, outcome = GAME.play(state, GAME.load_move(random_move(GAME, state, rng)))
        outcomes.append(outcome)
    return state, outcomes


def test_the_game_ends_when_every_guest_is_placed_and_the_buffet_is_scored():
    state, outcomes = play_out(("Ann", "Ben"), seed=1)
    assert not any(state.cards) and GAME.expected(state).seats == ()
    last = outcomes[-1]
    for i, seat in enumerate(state.players):
        sets = buffet_sets(state.collected[i])
        assert {"fact": "buffet", "seat": seat, "sets": sets} in last
        dance_points = sum(d.points for d in state.dances if seat in d.seats)
        assert GAME.scores(state)[seat] == dance_points + 5 * sets
    assert facts(last, "game_over")[0]["winners"] == GAME.winners(state)
    with pytest.raises(RuleViolation) as caught:
        GAME.check(state, GAME.load_move({"type": "place", "seat": "Ann", "card": "L1", "space": "d1"}))
    assert caught.value.code == "game_over"


def test_tied_players_share_the_victory():
    state, _ = play_out(("Ann", "Ben"), seed=1)
    tied = replace(state, points=(40, 40))
    assert GAME.winners(tied) == ["Ann", "Ben"]
    assert GAME.winners(replace(tied, phase="place")) == []


def test_the_vocabulary_names_the_options_and_every_move_type():
    described = GAME.describe()
    assert described["id"] == "wiener_walzer" and described["players"] == {"min": 2, "max": 5}
    assert set(described["options"]["fields"]) == {"colours", "events", "layout"}
    assert set(described["moves"]) == {"setup", "place", "dance", "event", "resolve_event"}
    assert "tortung" in described["moves"]["resolve_event"]["description"]
    assert set(described["moves"]["place"]["fields"]) == {"type", "seat", "card", "space"}

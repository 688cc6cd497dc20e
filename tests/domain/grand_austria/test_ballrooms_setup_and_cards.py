"""Module 1's setup and cards [LW Module 1 Setup; Appendix: Staff Cards, Guest
Cards, Objective Cards, Emperor Tiles]: three ballrooms laid out left to right
(by name or printed content), one rehearsal board per player chosen
counter-clockwise from the start player's right after the staff draft and
before the starting guests; the module's cards only in a game that plays it."""
from __future__ import annotations

import pytest
from ballrooms_table import LAY_OUT, dancing, facts_of, guest_served, kitchen, ready, set_up
from grand_austria_table import HANDS, QUEUE, SETUP, play

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.grand_austria.effects import staff_card
from domain.grand_austria.modules.ballrooms import data, of
from domain.grand_austria.scoring import emperor_scoring
from domain.immutable import evolve
from domain.rules import MalformedMove, RuleViolation


def refusal(state, move):
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(move))
    return refused.value


def after_setup(names=("Anna", "Beth", "Cyril"), **options):
    state = GAME.setup(list(names), GAME.load_options({"modules": ["ballrooms"], **options}), "3")
    state, _ = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": QUEUE, "start_player": "Anna",
                            "hands": dict(zip(names, HANDS.values()))})
    return state


def test_the_ballrooms_are_laid_out_after_the_staff_draft_and_before_the_starting_guests():
    state = after_setup(staff_draft=True)
    assert state.phase == "staff_draft"
    while state.phase == "staff_draft":
        state, _ = play(state, GAME.legal_moves(state)[0])
    assert state.phase == "ballrooms" and GAME.expected(state).moves == ("lay_out_ballrooms",)
    state, facts = play(state, {**LAY_OUT, "rehearsal_boards": ["R1", "R2", "R3"]})
    assert [f["round"] for f in facts_of(facts, "ballroom_laid_out")] == [3, 5, 7]
    assert state.phase == "rehearsal_rooms"


def test_the_setup_move_carries_the_boards_as_laid_out_and_the_rehearsal_boards_come_after_the_draft():
    """The documented form: the table's setup names the three ballrooms and the
    rehearsal boards (by name or printed content); no lay-out move follows,
    and the boards are still chosen after the staff draft."""
    state = GAME.setup(["Anna", "Beth", "Cyril"], GAME.load_options({"modules": ["ballrooms"], "staff_draft": True}),
                       "3")
    printed = {"name": "Odeonsaal", "rows": {"top": {"spaces": 2, "cost": 4}, "bottom": {"spaces": 6, "cost": 0}}}
    board = {"id": "Blue", "sections": [[{"kind": "vp", "n": 1}], [], [], []]}
    state, facts = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B5", "C1"],
                                "queue": QUEUE, "start_player": "Anna", "hands": dict(zip(state.players, HANDS.values())),
                                "ballrooms": ["Zum Sperl", "Apollosaal", printed], "rehearsal_boards": ["R1", board, "R3"]})
    assert [r.name for r in of(state).rooms] == ["Zum Sperl", "Apollosaal", "Odeonsaal"]
    assert [f["round"] for f in facts_of(facts, "ballroom_laid_out")] == [3, 5, 7]
    assert [b.id for b in of(state).offer] == ["R1", "Blue", "R3"]
    assert state.phase == "staff_draft"
    while state.phase == "staff_draft":
        state, _ = play(state, GAME.legal_moves(state)[0])
    assert state.phase == "rehearsal_rooms" and GAME.expected(state).moves == ("choose_rehearsal",)
    assert refusal(state, LAY_OUT).code == "unexpected_move"


def test_a_setup_with_boards_is_refused_with_the_rule_when_they_do_not_fit():
    base = GAME.setup(["Anna", "Beth"], GAME.load_options({}), "3")
    move = {**SETUP, "start_player": "Anna", "ballrooms": ["Apollosaal", "Zum Sperl", "Odeonsaal"],
            "rehearsal_boards": ["R1", "R2"]}
    assert refusal(base, move).code == "module_not_in_play"
    state = GAME.setup(["Anna", "Beth"], GAME.load_options({"modules": ["ballrooms"]}), "3")
    assert refusal(state, {**move, "ballrooms": ["Apollosaal", "Apollosaal", "Odeonsaal"]}).code == "same_ballroom"
    assert refusal(state, {k: v for k, v in move.items() if k != "rehearsal_boards"}).code == "lay_out_both"
    with pytest.raises(MalformedMove):
        GAME.load_move({**move, "ballrooms": ["Prater", "Zum Sperl", "Odeonsaal"]})


def test_rehearsal_boards_are_chosen_counter_clockwise_from_the_start_players_right_the_last_gets_the_rest():
    state = set_up(("Anna", "Beth", "Cyril"), start="Anna")
    assert GAME.expected(state).seats == ("Cyril",)
    assert {m["board"] for m in GAME.legal_moves(state)} == {"R1", "R2", "R3"}
    state, _ = play(state, {"type": "choose_rehearsal", "seat": "Cyril", "board": "R2"})
    assert GAME.expected(state).seats == ("Beth",)
    assert refusal(state, {"type": "choose_rehearsal", "seat": "Beth", "board": "R2"}).code == "no_such_board"
    state, facts = play(state, {"type": "choose_rehearsal", "seat": "Beth", "board": "R3"})
    assert {s: b.id for s, b in of(state).boards.items()} == {"Cyril": "R2", "Beth": "R3", "Anna": "R1"}
    assert of(state).dancers["Anna"] == (1, 2, 3, 4)                     # 10 dancers
    assert state.phase == "initial_guests"


def test_a_board_is_laid_out_by_printed_content_where_the_copy_differs():
    printed = {"name": "Odeonsaal", "rows": {"top": {"spaces": 2, "cost": 4}, "middle": None,
                                            "bottom": {"spaces": 6, "cost": 0, "four_player_only": 2}}}
    board = {"id": "Blue", "sections": [[{"kind": "vp", "n": 1}], [], [], [{"kind": "krones", "n": 9}]]}
    state, _ = play(after_setup(), {"type": "lay_out_ballrooms",
                                                   "ballrooms": ["Apollosaal", "Zum Sperl", printed],
                                                   "rehearsal_boards": ["R1", board, "R4"]})
    odeon = of(state).rooms[2]
    assert [(r.name, r.cost, len(r.spaces)) for r in odeon.rows] == [("top", 4, 2), ("bottom", 0, 4)]
    assert odeon.balcony == ()
    assert of(state).offer[1].bonuses[3] == ({"kind": "krones", "n": 9},)


@pytest.mark.parametrize("ballrooms, boards, code", [
    (["Apollosaal", "Apollosaal", "Zum Sperl"], ["R1", "R2", "R3"], "same_ballroom"),
    (["Apollosaal", "Odeonsaal", "Zum Sperl"], ["R1", "R2"], "rehearsal_boards"),
    (["Apollosaal", "Odeonsaal", "Zum Sperl"], ["R1", "R1", "R2"], "rehearsal_boards"),
])
def test_the_lay_out_is_refused_with_the_rule(ballrooms, boards, code):
    state = after_setup()
    move = {"type": "lay_out_ballrooms", "ballrooms": ballrooms, "rehearsal_boards": boards}
    assert refusal(state, move).code == code


@pytest.mark.parametrize("board", ["Prater", {"name": "Apollosaal", "rows": {"top": {"spaces": 0, "cost": 1},
                                                                             "bottom": {"spaces": 2, "cost": 1}}}])
def test_a_board_that_is_not_one_of_the_five_is_malformed(board):
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "lay_out_ballrooms", "ballrooms": [board, "Zum Sperl", "Odeonsaal"],
                        "rehearsal_boards": ["R1", "R2"]})


def test_boards_typed_loosely_are_recorded_as_printed():
    move = GAME.load_move({"type": "lay_out_ballrooms", "ballrooms": ["apollosaal", "zum sperl", "ZUR KETTENBRUECKE"],
                           "rehearsal_boards": ["r1", "R2"]})
    assert move["ballrooms"] == ["Apollosaal", "Zum Sperl", "Zur Kettenbrücke"]
    assert move["rehearsal_boards"] == ["R1", "R2"]


def test_the_reconstructed_numbers_say_so():
    assert all("reconstructed" in b["source"] for b in data()["ballroom"])
    assert all("reconstructed" in b["source"] for b in data()["rehearsal_board"])


def test_the_modules_cards_are_only_in_a_game_that_plays_it():
    base = GAME.setup(["Anna", "Beth"], GAME.load_options({}), "3")
    refused = refusal(base, {**SETUP, "start_player": "Anna", "queue": [134, 49, 50, 51, 52]})
    assert refused.code == "card_not_in_game"
    assert 134 not in base.config.catalog.guests and 134 in after_setup().config.catalog.guests
    assert {119, 120, 121, 122, 123, 124} <= set(after_setup().config.catalog.staff)
    assert {163, 164, 165} <= set(after_setup().config.catalog.objectives)
    assert {"A5", "B5", "C5"} <= set(after_setup().config.catalog.emperor_tiles)
    assert "A5" not in catalog().emperor_tiles


def test_a_wrong_emperor_tile_or_objective_is_refused_naming_this_games_own():
    state = GAME.setup(["Anna", "Beth"], GAME.load_options({"modules": ["ballrooms"]}), "3")
    tiles = refusal(state, {**SETUP, "start_player": "Anna", "emperor_tiles": ["A1", "B6", "C5"]})
    assert tiles.code == "bad_emperor_tiles" and "A: A1, A2, A3, A4, A5" in tiles.message
    assert "C: C1, C2, C3, C4, C5" in tiles.message and "A1-A4" not in tiles.message
    objectives = refusal(state, {**SETUP, "start_player": "Anna", "objectives": [163, 105, 165]})
    assert objectives.code == "bad_objectives" and "163" in objectives.message and "105-" not in objectives.message
    base = refusal(GAME.setup(["Anna", "Beth"], GAME.load_options({}), "3"),
                   {**SETUP, "start_player": "Anna", "emperor_tiles": ["A5", "B1", "C1"]})
    assert "A: A1, A2, A3, A4;" in base.message


def hire(state, seat, number):
    player = state.player(seat)
    return evolve(state, seats={**state.seats, seat: evolve(player, hired=player.hired + (staff_card(number),))})


def champagne(state, seat="Anna"):
    return GAME.view(state)["players"][seat]["items"]["champagne"]


def test_violinist_gives_3_champagne_once():
    state = ready()
    player = state.player("Anna")
    state = evolve(state, seats={**state.seats, "Anna": evolve(player, krones=10, hand=(staff_card(120),))})
    from domain.grand_austria.state import Pending
    state = evolve(state, pending=(Pending("Anna", "hire", discount=0),))
    state, _ = play(state, {"type": "hire", "seat": "Anna", "staff": 120})
    assert champagne(state) == 4


def test_concertmaster_after_a_1_and_conductor_with_a_4():
    state = hire(hire(ready(), "Anna", 121), "Anna", 124)
    one, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 1})
    assert champagne(one) == 2 and ("Anna", 1) in [(f["seat"], f["points"]) for f in facts_of(facts, "scored")]
    four, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 4})
    assert champagne(four) == 2 and ("Anna", 1) in [(f["seat"], f["krones"]) for f in facts_of(facts, "krones")]


def test_symphonist_spends_exactly_1_champagne_for_5_vp_and_needs_it():
    state = hire(ready(), "Anna", 122)
    vp = state.player("Anna").vp
    after, _ = play(state, {"type": "use_staff", "seat": "Anna", "staff": 122})
    assert champagne(after) == 0 and after.player("Anna").vp == vp + 5
    refused = refusal(kitchen(state, "Anna"), {"type": "use_staff", "seat": "Anna", "staff": 122})
    assert refused.code == "cannot_pay" and "champagne" in refused.message


def test_usherette_spends_exactly_2_krones_for_1_champagne_and_3_vp():
    state = hire(ready(), "Anna", 123)
    krones = state.player("Anna").krones
    after, _ = play(state, {"type": "use_staff", "seat": "Anna", "staff": 123})
    assert (after.player("Anna").krones, champagne(after)) == (krones - 2, 2)
    broke = evolve(state, seats={**state.seats, "Anna": evolve(state.player("Anna"), krones=1)})
    assert refusal(broke, {"type": "use_staff", "seat": "Anna", "staff": 123}).code == "cannot_pay"


def with_objectives(state, numbers):
    return evolve(state, objectives=tuple(numbers), claims=((), (), ()))


def test_objective_163_seven_champagne_in_the_kitchen():
    state = with_objectives(ready(), (163, 164, 165))
    move = {"type": "claim_objective", "seat": "Anna", "objective": 163}
    assert refusal(kitchen(state, "Anna", champagne=6), move).code == "condition_unmet"
    play(kitchen(state, "Anna", champagne=7), move)


def test_objective_164_seven_dancers_the_balcony_included():
    state = with_objectives(ready(), (163, 164, 165))
    move = {"type": "claim_objective", "seat": "Anna", "objective": 164}
    six = dancing(dancing(state, 1, "bottom", ["Anna"] * 3), 2, "bottom", ["Anna"] * 3)
    assert refusal(six, move).code == "condition_unmet"
    from ballrooms_table import on_balcony
    play(on_balcony(six, ["Anna"]), move)


def test_objective_165_four_green_guests_completed_in_rooms_or_ballrooms():
    state = with_objectives(kitchen(ready(), "Anna", champagne=9), (163, 164, 165))
    move = {"type": "claim_objective", "seat": "Anna", "objective": 165}
    greens = [g for g in state.config.catalog.guests.values() if g.colour == "green"]
    anna = state.player("Anna")
    state = evolve(state, seats={**state.seats, "Anna": evolve(anna, guests=tuple(greens[:3]))})
    assert refusal(state, move).code == "condition_unmet"
    state = guest_served(state, "Anna", 137)                             # Prima Ballerina (green) dances
    state, _ = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1, "row": "bottom",
                            "section": 4}, {"type": "decline", "seat": "Anna"}, {"type": "decline", "seat": "Anna"})
    play(state, move)


def test_emperor_tile_a5_reward_2_champagne_penalty_2_champagne_or_5_vp():
    state = evolve(ready(), round=3, emperor_tiles=("A5", "B1", "C1"))
    seats = {"Anna": evolve(state.player("Anna"), emperor=6), "Beth": evolve(state.player("Beth"), emperor=0),
             "Cyril": evolve(state.player("Cyril"), emperor=0)}
    state = kitchen(evolve(state, seats=seats), "Cyril", champagne=3)
    out = []
    after = emperor_scoring(state, out)
    assert champagne(after, "Anna") == 3
    assert champagne(after, "Cyril") == 1
    assert ("Beth", -5) in [(f["seat"], f["points"]) for f in facts_of(out, "scored")]

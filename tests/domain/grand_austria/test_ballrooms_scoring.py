"""Module 1: the ballroom scoring after the Emperor scoring of rounds 3, 5 and 7
(left, middle, right) [LW Module 1 Ballroom Scoring, Appendix: Ballrooms,
Resolving Ties, Appendix: Emperor Tiles]: each ballroom by its own rule, -5 VP
for a player with no dancer there; Emperor penalties remove dancers from the
ballroom about to be scored, before it scores."""
from __future__ import annotations

import pytest
from ballrooms_table import dancing, facts_of, kitchen, on_balcony, ready
from grand_austria_table import play

from domain.grand_austria import GAME
from domain.grand_austria.modules.ballrooms import Ballroom, Row, ballroom_points, of
from domain.grand_austria.state import ROUND_END
from domain.immutable import evolve
from domain.rules import RuleViolation

THREE = ("Anna", "Beth", "Cyril")


def room(scoring, top=(), middle=(), bottom=(), balcony=None, middle_row=True):
    rows = (Row("top", 3, tuple(top) + (None,) * 4),) + \
        ((Row("middle", 2, tuple(middle) + (None,) * 4),) if middle_row else ()) + \
        (Row("bottom", 1, tuple(bottom) + (None,) * 4),)
    return Ballroom(scoring.replace("_", " ").title(), scoring, rows, 3, balcony=balcony)


def test_x04_apollosaal_dancers_times_their_highest_row():
    apollosaal = room("apollosaal", top=["Anna"], middle=["Cyril"] * 3, bottom=["Anna", "Beth"])
    assert ballroom_points(apollosaal, THREE) == {"Anna": 6, "Beth": 1, "Cyril": 6}


def test_x05_goldener_strauss_each_row_7_and_2_with_ties_shared():
    strauss = room("goldener_strauss", middle=["Beth", "Cyril"], bottom=["Anna", "Anna", "Cyril"])
    assert ballroom_points(strauss, THREE) == {"Anna": 7, "Beth": 4, "Cyril": 6}


def test_x06_odeonsaal_by_the_table_and_one_penalty_only_for_none():
    odeon = room("odeonsaal", top=["Anna"] * 2, middle=["Anna"] * 2, bottom=["Anna"] * 2 + ["Beth"])
    assert ballroom_points(odeon, THREE) == {"Anna": 25, "Beth": 1, "Cyril": -5}


def test_x07_zum_sperl_tie_for_first_shares_15_and_10():
    sperl = room("zum_sperl", top=["Anna", "Beth"], middle=["Anna", "Beth", "Cyril"], bottom=["Anna", "Beth"])
    assert ballroom_points(sperl, THREE) == {"Anna": 12, "Beth": 12, "Cyril": 5}


def test_x08_zur_kettenbruecke_7_for_every_second_dancer():
    bridge = room("zur_kettenbruecke", top=["Beth"] * 2, middle=["Cyril"] * 3, bottom=["Anna"] + ["Beth"] * 2)
    assert ballroom_points(bridge, THREE) == {"Anna": 0, "Beth": 14, "Cyril": 7}


def test_x09_goldener_strauss_three_tied_share_7_and_2_and_two_tied_second_share_2():
    assert ballroom_points(room("goldener_strauss", bottom=THREE), THREE) == {"Anna": 3, "Beth": 3, "Cyril": 3}
    behind = room("goldener_strauss", bottom=["Anna", "Anna", "Beth", "Cyril"])
    assert ballroom_points(behind, THREE) == {"Anna": 7, "Beth": 1, "Cyril": 1}


def test_goldener_strauss_has_no_middle_row_in_the_two_player_game():
    assert ready(("Anna", "Beth")).modules["ballrooms"].rooms[0].row("middle") is None
    assert ready(THREE).modules["ballrooms"].rooms[0].row("middle") is not None


def test_x10_zum_sperl_with_two_players_10_and_3_only_with_a_dancer():
    two = ("Anna", "Beth")
    assert ballroom_points(room("zum_sperl", bottom=["Anna", "Anna", "Beth", "Beth"]), two) == {"Anna": 6, "Beth": 6}
    assert ballroom_points(room("zum_sperl", bottom=["Anna"] * 3), two) == {"Anna": 10, "Beth": -5}


def test_x11_zum_sperl_with_four_players_the_fourth_scores_nothing():
    four = THREE + ("Dora",)
    sperl = room("zum_sperl", middle=["Anna"] * 4, bottom=["Beth", "Beth", "Cyril", "Cyril"])
    assert ballroom_points(sperl, four) == {"Anna": 15, "Beth": 7, "Cyril": 7, "Dora": -5}


def test_dancers_on_the_balcony_count_in_the_top_row():
    apollosaal = room("apollosaal", bottom=["Anna"], balcony=("Anna",))
    assert ballroom_points(apollosaal, THREE)["Anna"] == 6


def round_end(state, round_, tiles, emperor):
    """The last turn of round ``round_`` is over; Emperor positions as given."""
    seats = {s: evolve(p, emperor=emperor.get(s, 5), vp=50) for s, p in state.seats.items()}
    state = evolve(state, round=round_, emperor_tiles=tiles, seats=seats, phase=ROUND_END, round_step=0,
                   turn=None)
    out = []
    return GAME._advance(state, out), out


def scored(facts, why_part):
    return {f["seat"]: f["points"] for f in facts_of(facts, "scored") if why_part in f["why"]}


def test_the_leftmost_ballroom_is_scored_after_the_emperor_scoring_of_round_3():
    state = dancing(ready(), 1, "bottom", ["Anna", "Beth"])
    state, facts = round_end(state, 3, ("A1", "B1", "C1"), {})
    kinds = [f["fact"] for f in facts]
    assert kinds.index("ballroom_scored") > max(i for i, k in enumerate(kinds) if k == "emperor")
    assert scored(facts, "Goldener Strauss") == {"Anna": 4, "Beth": 4, "Cyril": -5}
    assert of(state).rooms[0].scored and not of(state).rooms[1].scored
    assert state.phase == "roll" and state.round == 4


def test_x12_the_emperor_b_penalty_removes_the_dancer_before_the_middle_ballroom_scores():
    state = dancing(ready(), 2, "middle", ["Anna", "Beth"])
    state, facts = round_end(state, 5, ("A1", "B5", "C1"), {"Anna": 0, "Beth": 6, "Cyril": 6})
    assert [(f["seat"], f["ballroom"]) for f in facts_of(facts, "dancer_removed")] == [("Anna", "Zum Sperl")]
    assert scored(facts, "Zum Sperl")["Anna"] == -5
    assert of(state).rooms[1].row("middle").spaces[:2] == (None, "Beth")


def test_x12_the_emperor_b_reward_sends_a_free_dancer_before_the_middle_ballroom_scores():
    state = kitchen(ready(), "Anna")                                   # no champagne: the dancer is free
    state, facts = round_end(state, 5, ("A1", "B5", "C1"), {"Anna": 8, "Beth": 6, "Cyril": 6})
    assert state.pending and state.pending[0].kind == "dancer" and state.pending[0].free
    state, facts = play(state, {"type": "send_dancer", "seat": "Anna", "ballroom": 2, "row": "top", "section": 4})
    assert scored(facts, "Zum Sperl")["Anna"] == 15
    assert facts_of(facts, "dancer_placed")[0]["champagne"] == 0


def test_x13_the_emperor_c_penalty_with_one_dancer_costs_10_and_the_dancer_still_scores():
    state = on_balcony(ready(), ["Anna"])
    state, facts = round_end(state, 7, ("A1", "B1", "C5"), {"Anna": 0, "Beth": 8, "Cyril": 8})
    assert ("Anna", -10) in [(f["seat"], f["points"]) for f in facts_of(facts, "scored")]
    assert scored(facts, "ballroom scoring: Apollosaal") == {"Anna": 3}
    assert state.phase == "over"


def test_the_emperor_c_penalty_removes_two_dancers_chosen_by_the_player():
    state = dancing(on_balcony(ready(), ["Anna"]), 3, "bottom", ["Anna", "Beth", "Anna"])
    state, facts = round_end(state, 7, ("A1", "B1", "C5"), {"Anna": 0, "Beth": 8, "Cyril": 8})
    assert GAME.expected(state).moves == ("remove_dancer",)
    assert {"type": "remove_dancer", "seat": "Anna", "row": "top", "space": "balcony"} in GAME.legal_moves(state)
    state, facts = play(state, {"type": "remove_dancer", "seat": "Anna", "row": "bottom", "space": 3},
                        {"type": "remove_dancer", "seat": "Anna", "row": "top", "space": "balcony"})
    assert scored(facts, "ballroom scoring: Apollosaal") == {"Anna": 1, "Beth": 1}


@pytest.mark.parametrize("space", [True, 1.0, "1", 0, 4])
def test_the_dancer_to_remove_is_named_by_its_space_number_or_the_balcony_and_nothing_else(space):
    state = dancing(on_balcony(ready(), ["Anna"]), 3, "bottom", ["Anna", "Beth", "Anna"])
    state, _ = round_end(state, 7, ("A1", "B1", "C5"), {"Anna": 0, "Beth": 8, "Cyril": 8})
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "remove_dancer", "seat": "Anna", "row": "bottom", "space": space})
    assert refused.value.code == "not_your_dancer"


def test_the_emperor_c_reward_scores_2_vp_per_dancer_in_all_ballrooms():
    state = dancing(dancing(on_balcony(ready(), ["Anna"]), 1, "bottom", ["Anna"]), 2, "top", ["Anna"])
    state, facts = round_end(state, 7, ("A1", "B1", "C5"), {"Anna": 10, "Beth": 8, "Cyril": 8})
    assert ("Anna", 6) in [(f["seat"], f["points"]) for f in facts_of(facts, "scored")
                           if "Emperor tile C5 reward" in f["why"]]


def test_a_dancer_may_go_to_an_already_scored_ballroom_and_it_does_not_score_again():
    state = dancing(ready(), 1, "bottom", ["Anna"])
    state, facts = round_end(state, 3, ("A1", "B1", "C1"), {})
    assert of(state).rooms[0].scored
    state, facts = round_end(dancing(state, 1, "bottom", ["Anna", "Beth"]), 5, ("A1", "B1", "C1"), {})
    assert all("Goldener Strauss" not in f["why"] for f in facts_of(facts, "scored"))

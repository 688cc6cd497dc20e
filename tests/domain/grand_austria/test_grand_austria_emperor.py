"""Grand Austria Hotel: Emperor scoring after rounds 3, 5 and 7, each tile's
reward (space 3+) and penalty (space 0), as "Emperor Scoring" tells it."""
from __future__ import annotations

import pytest
from grand_austria_table import arrange, mv, play, points, ready, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.effects import staff_card
from domain.immutable import evolve
from domain.rules import TABLE

def emperor_scoring(round_, tile, ann=None, bob=None):
    """Arrange Ann and Bob, then end round ``round_`` (both pass the last die)
    with ``tile`` as that round's Emperor tile."""
    tiles = ["A1", "B1", "C1"]
    tiles["ABC".index(tile[0])] = tile
    state = ready(tiles=tuple(tiles))
    state = arrange(state, "Ann", **(ann or {}))
    state = arrange(state, "Bob", **(bob or {"emperor": 1 + round_}))
    state = evolve(state, round=round_, dice=white_dice(0, 0, 0, 1, 0, 0))
    return play(state, mv("pass", "Ann"), mv("pass", "Bob"))


def test_emperor_scoring_pays_the_track_then_moves_back_by_the_round():
    state, facts = emperor_scoring(3, "A1", ann={"emperor": 5})
    assert any(f["why"] == "Emperor scoring, round 3" and f["points"] == 4 for f in facts if f["fact"] == "scored")
    assert state.player("Ann").emperor == 2
    assert state.player("Ann").krones == 10                                # space 2: no reward, no penalty


def test_no_emperor_scoring_after_round_2():
    state, facts = emperor_scoring(2, "A1", ann={"emperor": 5})
    assert state.player("Ann").emperor == 5 and not points(facts)


def test_round_5_uses_the_b_tile_and_round_7_the_c_tile():
    state, facts = emperor_scoring(5, "B2", ann={"emperor": 9})
    assert state.player("Ann").krones == 15                                # B2 reward: 5 krones
    state, facts = emperor_scoring(7, "C1", ann={"emperor": 10})
    assert any(f["why"] == "Emperor tile C1 reward" and f["points"] == 8 for f in facts if f["fact"] == "scored")
    assert GAME.finished(state)


@pytest.mark.parametrize("tile, round_, check", [
    ("A1", 3, lambda s, f: s.player("Ann").krones == 13),
    ("B1", 5, lambda s, f: s.player("Ann").items == (2, 2, 2, 2)),
    ("B2", 5, lambda s, f: s.player("Ann").krones == 15),
    ("C1", 7, lambda s, f: points(f, "Ann") >= 8),
    ("C3", 7, lambda s, f: any(x.get("why", "").startswith("Emperor tile C3 reward") and x["points"] == 6
                               for x in f if x["fact"] == "scored")),
])
def test_rewards_without_a_choice(tile, round_, check):
    state, facts = emperor_scoring(round_, tile, ann={"emperor": round_ + 3, "hired": [1, 2, 3]})
    assert check(state, facts)


def test_a2_reward_two_items_of_choice():
    state, _ = emperor_scoring(3, "A2", ann={"emperor": 6})
    assert state.pending[0].kind == "any_items" and GAME.expected(state).seats == ("Ann",)
    state, _ = play(state, mv("choose_items", "Ann", items={"coffee": 2}))
    assert state.player("Ann").items == (1, 1, 1, 3)


def test_a3_reward_draw_three_hire_one_three_krones_cheaper():
    state, _ = emperor_scoring(3, "A3", ann={"emperor": 6})
    assert GAME.expected(state).seats == (TABLE,)
    state, _ = play(state, mv("draw_staff", "Ann", cards=[25, 26, 31]), mv("hire", "Ann", staff=25))
    assert state.player("Ann").krones == 10 - 3 and state.player("Ann").hired[0].number == 25


def test_a4_reward_prepares_a_room_free():
    state, _ = emperor_scoring(3, "A4", ann={"emperor": 6, "rooms": {"2.1": "prepared", "3.1": "prepared"}})
    state, _ = play(state, mv("prepare_room", "Ann", room="4.1"))
    assert state.player("Ann").krones == 10


def test_b3_reward_hires_one_of_three_free():
    state, _ = emperor_scoring(5, "B3", ann={"emperor": 8})
    state, _ = play(state, mv("draw_staff", "Ann", cards=[25, 26, 31]), mv("hire", "Ann", staff=25))
    assert state.player("Ann").krones == 10


def test_b4_reward_prepares_and_occupies_a_room_on_floors_1_and_2():
    state, _ = emperor_scoring(5, "B4", ann={"emperor": 8, "rooms": {"2.1": "prepared", "3.1": "prepared"}})
    with pytest.raises(Exception, match="floors 1 to 2"):
        play(state, mv("prepare_room", "Ann", room="4.1"))
    state, facts = play(state, mv("prepare_room", "Ann", room="2.2"))
    assert state.player("Ann").rooms[6] == 2 and state.player("Ann").krones == 10


def test_c2_reward_prepares_and_occupies_any_room():
    state, _ = emperor_scoring(7, "C2", ann={"emperor": 10, "rooms": {"2.1": "prepared", "3.1": "prepared"}})
    state, facts = play(state, mv("prepare_room", "Ann", room="4.1"))
    assert state.player("Ann").rooms[15] == 2 and GAME.finished(state)


def test_c4_reward_hires_from_the_hand_free():
    state, _ = emperor_scoring(7, "C4", ann={"emperor": 10})
    state, _ = play(state, mv("hire", "Ann", staff=27))
    assert state.player("Ann").krones == 10 and GAME.finished(state)


# -- penalties ------------------------------------------------------------------------
@pytest.mark.parametrize("tile, round_, ann, check", [
    ("A1", 3, {"krones": 4}, lambda s, f: s.player("Ann").krones == 1),
    ("A1", 3, {"krones": 2}, lambda s, f: points(f, "Ann") == -5 and s.player("Ann").krones == 2),
    ("A2", 3, {}, lambda s, f: s.player("Ann").items == (0, 0, 0, 0)),
    ("A3", 3, {"hand": [1]}, lambda s, f: points(f, "Ann") == -5),
    ("A4", 3, {"rooms": {"1.1": "occupied", "1.2": "occupied", "1.3": "occupied"}},
     lambda s, f: points(f, "Ann") == -5),
    ("B1", 5, {"cafe": [(90, {"strudel": 1})]}, lambda s, f: s.player("Ann").items == (0, 0, 0, 0)
     and s.player("Ann").cafe[0].served == (0, 0, 0, 0)),
    ("B2", 5, {"krones": 5}, lambda s, f: s.player("Ann").krones == 0),
    ("B2", 5, {"krones": 4}, lambda s, f: points(f, "Ann") == -7),
    ("B3", 5, {"hand": [1, 2]}, lambda s, f: points(f, "Ann") == -7),
    ("B4", 5, {"rooms": {"1.1": "occupied", "1.2": "occupied"}}, lambda s, f: points(f, "Ann") == -7),
    ("C1", 7, {}, lambda s, f: any(x["points"] == -8 for x in f if x["fact"] == "scored")),
    ("C3", 7, {"hired": [1, 2]}, lambda s, f: any(x["points"] == -4 for x in f if x["fact"] == "scored")),
    ("C4", 7, {"hired": [1]}, lambda s, f: any(x["points"] == -10 for x in f if x["fact"] == "scored")),
])
def test_penalties_without_a_choice(tile, round_, ann, check):
    state, facts = emperor_scoring(round_, tile, ann={"emperor": 0, **ann})
    assert check(state, facts)


def test_a3_penalty_returns_two_hand_cards():
    state, _ = emperor_scoring(3, "A3", ann={"emperor": 2})
    assert state.pending[0].kind == "return_hand" and state.pending[0].n == 2
    state, _ = play(state, mv("return_staff", "Ann", staff=1), mv("return_staff", "Ann", staff=5))
    assert [c.number for c in state.player("Ann").hand] == [9, 13, 21, 27]


def test_a4_penalty_removes_an_empty_room_from_the_highest_floor():
    state, _ = emperor_scoring(3, "A4", ann={"emperor": 1, "rooms": {"2.1": "prepared", "2.2": "prepared"}})
    with pytest.raises(Exception, match="highest floor"):
        play(state, mv("remove_room", "Ann", room="1.3"))
    state, _ = play(state, mv("remove_room", "Ann", room="2.2"))
    assert state.player("Ann").rooms[5:7] == (1, 0)


def test_b4_penalty_removes_two_empty_rooms_from_the_top_down():
    state, _ = emperor_scoring(5, "B4", ann={"emperor": 0, "rooms": {"2.1": "prepared", "1.2": "occupied"}})
    # 2.1 is the only empty room on floor 2: it goes by itself; then floor 1 has 1.1 and 1.3
    assert state.player("Ann").rooms[5] == 0
    state, _ = play(state, mv("remove_room", "Ann", room="1.3"))
    assert state.player("Ann").rooms[:3] == (1, 2, 0)


def test_c2_penalty_removes_an_occupied_room_on_each_of_the_two_highest_occupied_floors():
    state, facts = emperor_scoring(7, "C2", ann={"emperor": 0, "rooms": {
        "1.1": "occupied", "2.1": "occupied", "2.2": "occupied", "3.1": "occupied"}})
    assert state.player("Ann").rooms[10] == 0                             # 3.1: the only one on floor 3
    state, _ = play(state, mv("remove_room", "Ann", room="2.2"))
    assert state.player("Ann").rooms[5:7] == (2, 0) and GAME.finished(state)


def test_c4_penalty_discards_a_hired_end_game_staff():
    state, _ = emperor_scoring(7, "C4", ann={"emperor": 0, "hired": [27, 28, 1]})
    state, _ = play(state, mv("discard_staff", "Ann", staff=28))
    assert [c.number for c in state.player("Ann").hired] == [27, 1]


def test_grey_spaces_give_nothing():
    state, facts = emperor_scoring(3, "A1", ann={"emperor": 4, "krones": 2})
    assert state.player("Ann").emperor == 1 and state.player("Ann").krones == 2
    assert not any(f["fact"] in ("emperor_reward", "emperor_penalty") and f["seat"] == "Ann" for f in facts)


def test_an_extra_action_given_at_the_emperor_scoring_lapses():
    """A printed staff card may give an extra action as an Emperor reward:
    outside a turn there is no turn to take it in, though dice are left."""
    card = {"name": "Herald", "cost": 2, "kind": "permanent",
            "trigger": {"on": "emperor_reward", "effects": [{"kind": "extra_action"}]}}
    state = arrange(ready(), "Ann", emperor=6)
    state = evolve(state, round=3, used_numbers=frozenset({2, 3, 4}),
                   seats={**state.seats, "Ann": evolve(state.player("Ann"), hired=(staff_card(card),))})
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0),
                        mv("end_turn", "Ann"))
    assert {"fact": "lapsed", "seat": "Ann", "step": "extra_action", "why": "staff: Emperor reward"} in facts
    assert state.player("Ann").krones == 15 and state.round == 4 and GAME.expected(state).moves == ("roll",)

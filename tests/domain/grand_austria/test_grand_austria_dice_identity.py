"""A die has an identity, a value (1-6) and a colour.

All dice are white in the base game and modules 1, 3, 4 and 5 (module 2,
Celebrities, adds red, blue and yellow ones). The configuration
lists the game's dice, the action spaces hold dice, not counts; taking a die
takes one die (white unless the move names a colour); strength counts every
die on the space, whatever its colour. Moves and records that name no
colour keep their meaning and their written form."""
from __future__ import annotations

import pytest

from domain.grand_austria import GAME
from domain.grand_austria.state import REROLL, WHITE, Die
from domain.immutable import evolve, put
from domain.rules import MalformedMove, RuleViolation
from grand_austria_table import fresh, mv, play, ready, seat_now, white_dice


def with_die(state, value, colour):
    """One more die of ``colour`` on action space ``value`` (as module 2's rolls put them)."""
    return evolve(state, dice=put(state.dice, value - 1, state.dice[value - 1] + (colour,)))


@pytest.mark.parametrize("players, dice", [(2, 10), (3, 12), (4, 14)])
def test_the_configuration_lists_the_games_dice_all_white(players, dice):
    assert fresh(players).config.dice == (WHITE,) * dice


def test_the_roll_lays_each_die_on_the_space_of_its_value():
    state = ready(dice=[1, 1, 2, 2, 3, 3, 4, 4, 5, 6])
    assert state.dice == white_dice(2, 2, 2, 2, 1, 1)
    assert state.dice_left[0] == Die(1, WHITE) and len(state.dice_left) == state.dice_count == 10


def test_a_die_taken_without_a_colour_is_a_white_one_and_naming_white_is_the_same_move():
    state = ready()
    seat = seat_now(state)
    unnamed, facts = play(state, mv("take_die", seat, value=4))
    named, named_facts = play(state, mv("take_die", seat, value=4, colour="white"))
    assert unnamed.dice[3] == named.dice[3] == (WHITE,)
    assert facts == named_facts and "colour" not in facts[0]


def test_strength_counts_every_die_on_the_space_whatever_its_colour():
    state = with_die(ready(), 4, "red")                      # space 4: two white, one red
    seat = seat_now(state)
    after, facts = play(state, mv("take_die", seat, value=4, colour="red"))
    assert facts[0]["strength"] == 3 and facts[0]["colour"] == "red"
    assert after.dice[3] == (WHITE, WHITE)                   # the red die was the one taken
    after, facts = play(state, mv("take_die", seat, value=4))
    assert facts[0]["strength"] == 3 and after.dice[3] == (WHITE, "red")


def test_a_colour_not_on_the_space_cannot_be_taken():
    state = ready()
    with pytest.raises(RuleViolation) as error:
        play(state, mv("take_die", seat_now(state), value=4, colour="red"))
    assert error.value.code == "no_die"
    assert error.value.message == "There is no red die on action space 4."


def test_with_only_a_coloured_die_on_the_space_a_white_one_cannot_be_taken():
    state = with_die(evolve(ready(), dice=white_dice(0, 0, 0, 0, 1, 0)), 4, "blue")
    with pytest.raises(RuleViolation) as error:
        play(state, mv("take_die", seat_now(state), value=4))
    assert error.value.message == "There is no white die on action space 4."


def test_a_colour_is_a_lower_case_word():
    with pytest.raises(MalformedMove):
        GAME.load_move(mv("take_die", "Ann", value=4, colour="Red!"))


def test_the_legal_moves_take_a_coloured_die_by_its_colour_and_white_ones_without():
    state = ready()
    seat = seat_now(state)
    assert not [m for m in GAME.legal_moves(state) if "colour" in m]
    coloured = [m for m in GAME.legal_moves(with_die(state, 4, "yellow")) if "colour" in m]
    assert {(m["value"], m["colour"]) for m in coloured} == {(4, "yellow")}
    assert all(m["seat"] == seat for m in coloured)


def test_the_reroll_keeps_the_colours_of_the_dice_left_but_a_white_one_goes_to_the_dustbin():
    """Coloured dice go to the dustbin only when no white one is left; the
    reroll's values are the dice left in board order, space 1 up."""
    state = with_die(evolve(ready(), dice=white_dice(1, 0, 0, 0, 0, 0)), 5, "red")
    state = evolve(state, phase=REROLL, turn=None, dustbin=1)
    with pytest.raises(RuleViolation):
        play(state, mv("reroll", dice=[2, 2]))
    after, _ = play(state, mv("reroll", dice=[3]))
    assert after.dice == ((), (), ("red",), (), (), ())


def test_the_view_keeps_its_counts_and_adds_each_spaces_dice_by_colour():
    view = GAME.view(with_die(ready(), 4, "red"))
    assert view["action_spaces"] == {"1": 2, "2": 2, "3": 2, "4": 3, "5": 1, "6": 1}
    assert view["action_space_dice"]["4"] == ["white", "white", "red"]
    assert view["action_space_dice"]["6"] == ["white"]


def test_the_written_form_of_a_white_die_is_unchanged_and_a_colour_is_written_after_the_boost():
    assert GAME.notation(mv("take_die", "Ann", value=4, boost=True)) == "Ann die 4+"
    assert GAME.notation(mv("take_die", "Ann", value=4, boost=False, staff_first=True)) == "Ann die 4 staff first"
    move = GAME.load_move(mv("take_die", "Ann", value=4, boost=True, colour="red", staff_first=True))
    assert GAME.notation(move) == "Ann die 4+ red staff first"
    assert GAME.parse_notation("Ann die 4+ red staff first", ["Ann", "Bob"]) == move
    assert GAME.parse_notation("Ann die 4 staff first", ["Ann", "Bob"]) == GAME.load_move(
        mv("take_die", "Ann", value=4, staff_first=True))

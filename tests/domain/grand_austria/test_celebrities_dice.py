"""Module 2 "Celebrities": the coloured dice. Three coloured dice replace
three white ones; strength counts every die on the space; taking a coloured
die costs 1 krone per other die there (refused when it cannot be paid, the
boost and action 6's krone on top), brings the celebrity of its colour and
its 1, 2 or 4 VP, then the main action; the dustbin takes a white die while
one is left, else the re-roller chooses. Rulebook: "Module 2 Course of Play"."""
from __future__ import annotations

import pytest
from celebrities_table import DICE, chits, facts_of, holding, in_lounge, ready, refused, started, vp_facts
from grand_austria_table import arrange, mv, play

from domain.grand_austria import GAME
from domain.grand_austria.modules.celebrities import of
from domain.grand_austria.state import REROLL, WHITE, Pending
from domain.immutable import evolve


@pytest.mark.parametrize("players, dice", [(2, 10), (3, 12), (4, 14)])
def test_three_coloured_dice_replace_three_white_ones(players, dice):
    config = started(players).config
    assert len(config.dice) == dice
    assert config.dice[-3:] == ("red", "blue", "yellow") and config.dice.count(WHITE) == dice - 3


def test_the_start_player_rolls_the_white_and_coloured_dice_together():
    state = ready()
    assert state.dice[3] == (WHITE, WHITE, WHITE, "red", "blue") and state.dice[5] == ("yellow",)
    _, facts = play(evolve(state, phase="roll", dice=((),) * 6), {"type": "roll", "dice": DICE})
    assert facts_of(facts, "rolled")[0]["coloured"] == {"red": 4, "blue": 4, "yellow": 6}


def example(krones=10):
    """The rulebook's example: five dice on action space 4 (three white, blue,
    red); Gandhi on the red space without a chit, Einstein on the blue one with a 4."""
    state = in_lounge(ready(), "Gandhi", "Albert Einstein", "Marie Curie")
    return arrange(chits(state, 0, 4, 0), "Anna", krones=krones)


@pytest.mark.parametrize("colour, celebrity, vp", [("red", "Gandhi", 1), ("blue", "Albert Einstein", 4)])
def test_the_rulebook_example_pay_4_krones_take_the_celebrity_score_then_strength_5(colour, celebrity, vp):
    state = example()
    after, facts = play(state, mv("take_die", "Anna", value=4, colour=colour))
    assert facts[0]["strength"] == 5 and facts[0]["colour"] == colour
    assert [f["krones"] for f in facts_of(facts, "krones")] == [-4]
    assert after.player("Anna").krones == 6
    taken = facts_of(facts, "celebrity_taken")[0]
    assert (taken["celebrity"], taken["vp"]) == (celebrity, vp)
    assert vp_facts(facts) == [vp] and after.player("Anna").vp == vp
    assert [c.name for c in of(after).held["Anna"]] == [celebrity]
    assert of(after).spaces[["red", "blue", "yellow"].index(colour)].celebrity is None
    assert after.pending[0].kind == "funds" and after.pending[0].n == 5


def test_the_payment_comes_first_then_the_celebrity_then_the_main_action():
    _, facts = play(example(), mv("take_die", "Anna", value=4, colour="red"))
    kinds = [f["fact"] for f in facts]
    assert kinds.index("krones") < kinds.index("celebrity_taken") < kinds.index("scored")


def test_a_white_die_costs_nothing_and_brings_no_celebrity():
    after, facts = play(example(3), mv("take_die", "Anna", value=4))
    assert facts[0]["strength"] == 5 and not facts_of(facts, "celebrity_taken")
    assert after.player("Anna").krones == 3 and not of(after).held


def test_a_player_who_cannot_pay_the_price_cannot_take_the_coloured_die():
    state = example(3)
    error = refused(state, mv("take_die", "Anna", value=4, colour="red"))
    assert error.code == "cannot_pay"
    assert error.message == ("Taking this die costs 4 krones (the red die: 1 krone per other die on action space 4: "
                             "4); you have 3.")
    listed = GAME.legal_moves(state)
    assert not [m for m in listed if m.get("colour") in ("red", "blue")]
    assert {"type": "take_die", "seat": "Anna", "value": 4, "boost": False} in listed


def test_the_boost_is_paid_on_top_of_the_price():
    error = refused(example(4), mv("take_die", "Anna", value=4, boost=True, colour="blue"))
    assert "costs 5 krones" in error.message and "boost: 1" in error.message
    after, facts = play(example(5), mv("take_die", "Anna", value=4, boost=True, colour="blue"))
    assert facts[0]["strength"] == 6 and after.player("Anna").krones == 0
    assert sorted(f["krones"] for f in facts_of(facts, "krones")) == [-4, -1]


def test_a_coloured_die_alone_on_its_space_costs_nothing_and_action_6_still_costs_its_krone():
    state = arrange(ready(), "Anna", krones=1)
    after, facts = play(state, mv("take_die", "Anna", value=6, colour="yellow"))
    assert [f["krones"] for f in facts_of(facts, "krones")] == [-1]        # action 6's krone only
    assert facts_of(facts, "celebrity_taken")[0]["celebrity"] == "Marie Curie"
    state = arrange(ready(), "Anna", krones=0)
    assert refused(state, mv("take_die", "Anna", value=6, colour="yellow")).code == "cannot_pay"


def test_with_only_coloured_dice_left_that_cannot_be_paid_the_player_may_pass():
    state = arrange(evolve(example(0), dice=((), (), (), ("red", "blue"), (), ())), "Anna", krones=0)
    state = evolve(state, turn=evolve(state.turn, acted=True))
    assert GAME.expected(state).moves[-1] == "pass"
    assert GAME.legal_moves(state)[-1] == {"type": "pass", "seat": "Anna"}


def test_a_guest_that_would_leave_no_die_the_player_can_pay_for_is_refused():
    state = arrange(evolve(example(), dice=((), (), (), ("red", "blue"), (), ())), "Anna", krones=3)
    error = refused(state, mv("take_guest", "Anna", position=1))          # 3 krones: then 0 for a 1-krone die
    assert error.code == "no_die_left_to_take"
    play(arrange(state, "Anna", krones=4), mv("take_guest", "Anna", position=1))


def test_two_coloured_dice_two_celebrities_for_the_round():
    state = holding(example(), "Anna", "Marie Curie")
    after, _ = play(state, mv("take_die", "Anna", value=4, colour="red"))
    assert [c.name for c in of(after).held["Anna"]] == ["Marie Curie", "Gandhi"]


def test_an_extra_action_may_take_a_coloured_die_and_pays_for_it():
    state = evolve(example(), pending=(Pending("Anna", "extra_action"),))
    state = evolve(state, turn=evolve(state.turn, main="die", die=1))
    after, facts = play(state, mv("take_die", "Anna", value=4, colour="blue"))
    assert facts[0]["extra_action"] and facts_of(facts, "celebrity_taken")[0]["celebrity"] == "Albert Einstein"
    assert after.player("Anna").krones == 6


# -- the dustbin --------------------------------------------------------------------
def after_everyone_passed(dice):
    state = evolve(ready(), dice=dice)
    state, _ = play(state, mv("pass", "Anna"))
    return play(state, mv("pass", "Beth"))


def test_the_dustbin_takes_a_white_die_while_one_is_left():
    state, facts = after_everyone_passed(((WHITE,), (), (), (), ("red",), ()))
    assert state.phase == REROLL and not state.pending
    assert facts_of(facts, "dustbin")[0]["dice_left"] == 1
    after, facts = play(state, mv("reroll", dice=[3]))
    assert after.dice == ((), (), ("red",), (), (), ()) and facts_of(facts, "rerolled")[0]["coloured"] == {"red": 3}


def test_with_only_coloured_dice_left_the_re_roller_chooses_which_goes_to_the_dustbin():
    state, facts = after_everyone_passed(((), ("red",), (), ("blue",), (), ("yellow",)))
    who = facts_of(facts, "dustbin")[0]["seat"]
    assert who == "Anna" and GAME.expected(state).seats == ("Anna",)
    assert GAME.legal_moves(state) == [{"type": "choose_dustbin", "seat": "Anna", "colour": c}
                                       for c in ("blue", "red", "yellow")]
    error = refused(state, mv("choose_dustbin", "Anna", colour="white"))
    assert error.code == "no_such_die" and "blue, red, yellow" in error.message
    assert refused(state, mv("choose_dustbin", "Beth", colour="red")).code == "not_your_turn"
    state, facts = play(state, mv("choose_dustbin", "Anna", colour="blue"))
    assert facts == [{"fact": "dustbin_die", "seat": "Anna", "colour": "blue"}]
    assert GAME.expected(state).moves == ("reroll",)
    after, facts = play(state, mv("reroll", dice=[5, 1]))
    assert after.dice == (("yellow",), (), (), (), ("red",), ())       # the dice left from space 1 up: red, yellow
    assert facts_of(facts, "rerolled")[0]["coloured"] == {"red": 5, "yellow": 1}
    assert after.binned is None


def test_the_dustbin_choice_reads_and_writes_as_notation():
    move = GAME.load_move(mv("choose_dustbin", "Anna", colour="blue"))
    assert GAME.notation(move) == "Anna dustbin blue"
    assert GAME.parse_notation("Anna dustbin blue", ["Anna", "Beth"]) == move


def test_the_view_lists_the_dice_to_roll_by_colour_for_the_roll_and_the_reroll():
    """A scorekeeper enters a roll die by die: the view says which dice, in the roll's order."""
    state = evolve(ready(), phase="roll", dice=((),) * 6)
    assert GAME.view(state, None)["dice_to_roll"] == [WHITE] * 7 + ["red", "blue", "yellow"]
    assert GAME.view(ready(), None)["dice_to_roll"] == []

"""Hands the scorekeeper did not see: check what can be checked, audit the rest."""
from __future__ import annotations

from dataclasses import replace

from test_willi_rules import FOUR, Table

from domain.willi import GAME


def unseen_table():
    """Alex's hand is known; the others were not seen."""
    t = Table(Alex=["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"], Joe=None, Gunter=None, Hanna=None)
    t.discard(Alex="G2", Joe=None, Gunter=None, Hanna=None)
    return t


def test_a_card_known_to_be_elsewhere_is_refused():
    t = unseen_table()
    t.play("Alex:R1")
    v = t.refused(type="play", seat="Joe", card="R2")
    assert v.code == "not_in_hand" and "Alex" in v.message
    v = t.refused(type="play", seat="Joe", card="R1")
    assert v.code == "not_in_hand" and "already been played" in v.message
    v = t.refused(type="play", seat="Joe", card="G2")       # Alex discarded it face up
    assert v.code == "not_in_hand"


def test_plausible_cards_are_accepted_from_unseen_hands():
    t = unseen_table()
    t.play("Alex:R1", "Joe:B9", "Gunter:B8")
    assert len(t.state.trick.cards) == 3


def test_a_later_card_of_the_colour_not_followed_is_a_renege():
    t = unseen_table()
    t.play("Alex:R1", "Joe:B9")                 # Joe does not follow red: unknown if he could
    assert GAME.findings(t.state) == []
    t.play("Gunter:R9", "Hanna:R8")
    # Alex won with R1 (lowest). Alex leads again; Joe later shows a red card.
    assert t.won("Alex") == 1
    t.play("Alex:Y1", "Joe:R7")
    findings = GAME.findings(t.state)
    assert [(f.kind, f.seat, f.ply) for f in findings] == [("renege", "Joe", 6)]   # deal, 4 discards, R1, then B9
    assert "R7" in findings[0].message


def test_giving_a_card_of_that_colour_in_an_exchange_shows_a_renege_too():
    t = unseen_table()
    t.play("Alex:R1", "Joe:B9", "Joe:meinz", "Gunter:R9", "Hanna:R8")
    assert t.won("Joe") == 1
    t.do(type="exchange", seat="Joe", give="R7", take="R9")
    assert [(f.kind, f.seat) for f in GAME.findings(t.state)] == [("renege", "Joe")]


def test_a_card_taken_in_an_exchange_after_the_lapse_is_no_renege():
    t = unseen_table()
    t.play("Alex:Y1", "Joe:B9", "Joe:meinz", "Gunter:Y9", "Hanna:B8")   # Joe lets yellow go by
    state = t.state
    joe = state.index("Joe")
    # Joe's hand as it would be had he taken Y7 from a trick after that
    hand = replace(state.hands[joe], possible=state.hands[joe].possible | {"Y7"},
                   taken=(("Y7", state.ply),))
    later = replace(state, hands=state.hands[:joe] + (hand,) + state.hands[joe + 1:])
    assert GAME._reneges(later, "Joe", "Y7") == []
    assert [f.kind for f in GAME._reneges(later, "Joe", "Y6")] == ["renege"]


def test_following_by_number_is_no_renege():
    t = unseen_table()
    t.play("Alex:R1", "Joe:B1")                 # a 1 follows the R1 by number
    assert t.state.unfollowed == ()


def test_a_fully_known_table_refuses_a_renege_at_once():
    t = Table(Alex=["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"],
              Joe=["R6", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"])
    t.discard(Alex="G2", Joe="B8", Gunter=None, Hanna=None)
    t.play("Alex:R1")
    assert t.refused(type="play", seat="Joe", card="B2").code == "must_follow"


def test_a_face_down_discard_leaves_a_known_hand_uncertain_by_one_card():
    t = Table(Alex=["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"],
              Joe=["R6", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"], Gunter=None, Hanna=None)
    t.discard(Alex="G2", Joe=None, Gunter=None, Hanna=None)   # Joe may have discarded R6
    t.play("Alex:R1", "Joe:B2")                               # so this is allowed, for now
    t.play("Gunter:G9", "Hanna:G8")
    assert [u.seat for u in t.state.unfollowed] == ["Joe", "Gunter", "Hanna"]
    assert sorted(FOUR) == sorted(t.state.players)

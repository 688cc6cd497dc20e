"""Hands the scorekeeper did not see: check what can be checked, audit the rest."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from test_willi_rules import FOUR, Table

from domain.willi import GAME
from domain.willi.tricks import reneges


def unseen_table():
    """Alex's hand is known; the others were not seen."""
    t = Table(Alex=["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"], Joe=None, Gunter=None, Hanna=None)
    t.discard(Alex="G2", Joe=None, Gunter=None, Hanna=None)
    return t


def test_a_card_known_to_be_elsewhere_is_refused():
    t = unseen_table()
    t.play("Alex:R1")
    v = t.refused(type="play", seat="Joe", card="R2")
    assert v.code == "not_in_hand" and v.message == "You do not hold R2."  # a refusal names no other hand
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
    assert reneges(later, "Joe", "Y7") == []
    assert [f.kind for f in reneges(later, "Joe", "Y6")] == ["renege"]


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


def two_unseen_hands():
    """Alex all red and Gunter all green are known; Joe's and Hanna's hands
    (the yellows and blues between them) were not seen."""
    t = Table(Alex=[f"R{v}" for v in range(1, 10)], Gunter=[f"G{v}" for v in range(1, 10)], Joe=None, Hanna=None)
    t.discard(Alex="R9", Gunter="G9", Joe=None, Hanna=None)
    t.play("Alex:R1", "Alex:meinz", "Joe:Y1", "Gunter:G1", "Hanna:B1")      # Alex 1
    t.play("Alex:R2", "Alex:meinz", "Joe:Y2", "Gunter:G2", "Hanna:B2")      # Alex 2
    t.play("Alex:R3", "Joe:Y3", "Joe:meinz", "Gunter:G3", "Hanna:B3")       # Joe 1
    t.play("Joe:Y4", "Gunter:G4", "Hanna:B4", "Hanna:meinz", "Alex:R4")     # Hanna 1
    t.play("Hanna:B5", "Hanna:meinz", "Alex:R5", "Joe:Y6", "Gunter:G5")     # Hanna 2
    t.play("Hanna:B7", "Alex:R6", "Joe:Y7", "Gunter:G6")                    # G6 after R6, Alex has 2: Gunter 1
    t.play("Gunter:G7", "Hanna:Y5", "Alex:R7", "Joe:B6")                    # Y5 is Hanna's 3rd: Joe's B6
    assert [t.won(s) for s in FOUR] == [2, 2, 1, 2]
    return t


def test_a_hand_that_holds_only_cards_taken_in_exchanges_is_known():
    # Joe, whose hand nobody saw, has one card left and swaps it for the Y5 in
    # the trick he just won: he now holds the Y5 and nothing else.
    t = two_unseen_hands()
    t.do(type="exchange", seat="Joe", give="Y8", take="Y5")
    assert t.state.hand("Joe").possible == {"Y5"} and t.state.hand("Joe").certain
    assert GAME.view(t.state)["hands"]["Joe"]["cards"] == ["Y5"]
    v = t.refused(type="play", seat="Joe", card="B9")
    assert v.code == "not_in_hand" and v.message == "You do not hold B9."
    assert [m["card"] for m in GAME.legal_moves(t.state) if m["type"] == "play"] == ["Y5"]
    t.play("Joe:Y5", "Gunter:G8", "Hanna:B8", "Alex:R8")                    # only Gunter may still take it
    assert [t.won(s) for s in FOUR] == [2, 2, 2, 2] or t.state.round == 2


def test_a_card_taken_in_an_exchange_is_known_to_be_in_that_hand():
    t = Table(Alex=[f"R{v}" for v in range(1, 10)], Gunter=[f"G{v}" for v in range(1, 10)], Joe=None, Hanna=None)
    t.discard(Alex="R9", Gunter="G9", Joe=None, Hanna=None)
    t.play("Alex:R3", "Joe:Y3", "Joe:meinz", "Gunter:G3", "Hanna:B3")
    t.do(type="exchange", seat="Joe", give="B9", take="B3")                 # "shows the others the cards"
    assert GAME.view(t.state)["hands"]["Joe"]["known"] == ["B3"]
    t.play("Joe:Y1", "Gunter:G1")
    v = t.refused(type="play", seat="Hanna", card="B3")
    assert v.code == "not_in_hand" and v.message == "You do not hold B3."  # a refusal names no other hand
    v = t.refused(type="play", seat="Hanna", card="B9")
    assert v.code == "not_in_hand" and "played" in v.message                # B9 lies in Joe's trick now


def consistent(state, face_down: dict) -> bool:
    """Some way of placing the cards fits everything the record shows: every
    hand gets as many cards as it holds from those it may hold, and every face
    down discard one card its seat could have discarded then (a matching)."""
    slots = [hand.possible for hand in state.hands for _ in range(hand.size)] + list(face_down.values())
    owner: dict[str, int] = {}

    def place(slot: int, seen: set) -> bool:
        for card in slots[slot]:
            if card not in seen:
                seen.add(card)
                if card not in owner or place(owner[card], seen):
                    owner[card] = slot
                    return True
        return False

    return all(place(slot, set()) for slot in range(len(slots)))


@pytest.mark.parametrize("seed", range(12))
def test_unseen_hands_never_accept_a_card_that_could_not_be_there(seed):
    rng = random.Random(seed)
    state = GAME.setup(FOUR if seed % 2 else ["Alex", "Joe", "Hanna"], {})
    face_down: dict = {}
    box: set = set()                       # discarded face up
    while not GAME.finished(state):
        if GAME.expected(state).is_chance:
            move = GAME.chance_move(state, rng)
            move["hands"] = {seat: None if rng.random() < 0.6 else cards for seat, cards in move["hands"].items()}
            face_down, box = {}, set()
        else:
            move = rng.choice(GAME.legal_moves(state))
            if move["type"] == "discard" and move["card"] is None:
                face_down[move["seat"]] = state.hand(move["seat"]).possible
            elif move["type"] == "discard":
                box.add(move["card"])
        state, _ = GAME.play(state, move)
        played = {card for trick in state.tricks for card in trick.final_cards}
        played |= {card for _, card in state.trick.cards} if state.trick else set()
        gone = played | box
        assert consistent(state, {seat: cards - gone for seat, cards in face_down.items()}), GAME.notation(move)

"""Willi, rule by rule, as the rulebook tells it (../shared/rules/willi.txt)."""
from __future__ import annotations

import pytest

from domain.rules import RuleViolation
from domain.willi import GAME, MONSTER
from domain.willi.cards import DECK
from domain.willi.state import round_points

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
THREE = ["Alex", "Joe", "Hanna"]


class Table:
    """A Willi table: deal, discard, play, and assert what happens."""

    def __init__(self, players=FOUR, **hands):
        self.state = GAME.setup(players, {})
        self.outcomes = []
        if hands:
            self.deal(**hands)

    def deal(self, **hands):
        """Deal the given hands; unnamed seats get the rest of the deck in order."""
        rest = [c for c in DECK if not any(c in (h or []) for h in hands.values())]
        full = {}
        for seat in self.state.seats:
            if seat in hands:
                full[seat] = hands[seat]
            else:
                full[seat], rest = rest[:9], rest[9:]
        return self.do(type="deal", hands=full)

    def do(self, **move):
        self.state, outcome = GAME.play(self.state, GAME.load_move(move))
        self.outcomes.append(outcome)
        return outcome

    def refused(self, **move) -> RuleViolation:
        before = self.state
        with pytest.raises(RuleViolation) as caught:
            GAME.check(self.state, GAME.load_move(move))
        assert self.state is before
        return caught.value

    def play(self, *plays):
        """plays: "Alex:R5" or "Alex:meinz"."""
        last = None
        for item in plays:
            seat, what = item.split(":")
            last = self.do(type="meinz", seat=seat) if what == "meinz" else self.do(type="play", seat=seat, card=what)
        return last

    def discard(self, **cards):
        for seat, card in cards.items():
            self.do(type="discard", seat=seat, card=card)

    def won(self, seat):
        return self.state.won(seat)


def one_colour_each():
    """Alex all red, Joe all yellow, Gunter all green, Hanna all blue."""
    t = Table(Alex=[f"R{v}" for v in range(1, 10)], Joe=[f"Y{v}" for v in range(1, 10)],
              Gunter=[f"G{v}" for v in range(1, 10)], Hanna=[f"B{v}" for v in range(1, 10)])
    t.discard(Alex="R9", Joe="Y9", Gunter="G9", Hanna="B9")
    return t


# -- Preparation --------------------------------------------------------------
def test_everyone_discards_one_card_before_the_first_lead():
    t = Table(Alex=[f"R{v}" for v in range(1, 10)])
    assert t.refused(type="play", seat="Alex", card="R1").code == "discard_first"
    t.discard(Alex="R9")
    assert t.refused(type="discard", seat="Alex", card="R8").code == "discard_once"
    t.discard(Joe=None, Gunter=None, Hanna=None)
    assert GAME.expected(t.state).seats[0] == "Alex"
    assert t.state.hand("Alex").size == 8


def test_a_deal_gives_nine_different_cards_to_every_seat():
    t = Table()
    v = t.refused(type="deal", hands={"Alex": ["R1"] * 9, "Joe": None, "Gunter": None, "Hanna": None})
    assert v.code == "card_twice"
    v = t.refused(type="deal", hands={"Alex": ["R1", "R2"], "Joe": None, "Gunter": None, "Hanna": None})
    assert v.code == "hand_size"
    v = t.refused(type="deal", hands={"Alex": None, "Joe": None, "Gunter": None})
    assert v.code == "deal_seats"


def test_the_first_listed_player_leads_round_one():
    t = Table()
    t.deal()
    assert t.state.leader_of_round == "Alex"


# -- The Trick-Taking ----------------------------------------------------------
def test_rulebook_follow_example_joe_without_red_may_play_any_card():
    # "Alex starts the trick with the red 5. Joe does not have red cards, but he
    # does have the yellow 5. Joe need not play the yellow 5, but may play any card."
    t = Table(Alex=["R5", "R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9"],
              Joe=["Y5", "Y1", "Y2", "G1", "G2", "G3", "B1", "B2", "B3"])
    t.discard(Alex="R9", Joe="B3", Gunter=None, Hanna=None)
    t.play("Alex:R5")
    t.play("Joe:G1")                      # any card: a renege only if he held red
    assert t.state.trick.cards[-1] == ("Joe", "G1")


def test_rulebook_follow_example_with_red_joe_must_play_red_or_a_five():
    # "If Joe had red cards, he would have had to play either a red card or a number 5 card."
    t = Table(Alex=["R5", "R1", "R2", "R3", "R4", "R6", "R7", "B8", "B9"],
              Joe=["Y5", "R8", "R9", "G1", "G2", "G3", "B1", "B2", "B3"])
    t.discard(Alex="B9", Joe="B3", Gunter=None, Hanna=None)
    t.play("Alex:R5")
    v = t.refused(type="play", seat="Joe", card="G1")
    assert v.code == "must_follow"
    assert "red" in v.message and "5" in v.message
    t.play("Joe:Y5")                      # the number 5 follows too


def test_a_player_plays_only_in_turn_and_only_cards_held():
    t = one_colour_each()
    assert t.refused(type="play", seat="Joe", card="Y1").code == "not_your_turn"
    v = t.refused(type="play", seat="Alex", card="Y1")
    assert v.code == "not_in_hand" and v.message == "You do not hold Y1."  # a refusal names no other hand
    assert t.refused(type="play", seat="Alex", card="R9").code == "not_in_hand"   # discarded


def test_lowest_card_wins_and_the_later_of_equal_cards_is_lower():
    t = one_colour_each()
    # Alex leads R5 and the others play their 5s (no red: any card would do); all equal,
    # so Hanna's, played last, is the lowest.
    t.play("Alex:R5", "Joe:Y5", "Gunter:G5")
    out = t.play("Hanna:B5")
    assert {"fact": "trick_won", "seat": "Hanna", "how": "lowest card", "trick": 1,
            "cards": ["R5", "Y5", "G5", "B5"]} in out


def test_the_winner_leads_the_next_trick():
    t = one_colour_each()
    t.play("Alex:R5", "Joe:Y5", "Gunter:G5", "Hanna:B5")
    assert GAME.expected(t.state).seats[0] == "Hanna"
    assert t.refused(type="play", seat="Alex", card="R1").code == "not_your_turn"


# -- Who Wins the Trick? Meinz -------------------------------------------------------
def test_meinz_calling_windows_follow_the_rulebook_order():
    t = one_colour_each()
    assert t.refused(type="meinz", seat="Alex").code == "meinz_no_trick"
    t.play("Alex:R5")
    # before the next card only the start player may call
    assert GAME.expected(t.state).moves == ("play", "meinz")
    assert "Alex" in GAME.expected(t.state).seats
    assert t.refused(type="meinz", seat="Joe").code == "meinz_before_card"
    t.play("Joe:Y5")
    # now Joe may call, and Alex again
    assert set(t.state.callers()) == {"Alex", "Joe"}
    t.play("Gunter:G5")
    assert set(t.state.callers()) == {"Alex", "Joe", "Gunter"}
    t.play("Gunter:meinz")
    assert t.refused(type="meinz", seat="Alex").code == "meinz_taken"
    out = t.play("Hanna:B5")              # the last player never calls: the trick is over
    assert {"fact": "trick_won", "seat": "Gunter", "how": "meinz", "trick": 1,
            "cards": ["R5", "Y5", "G5", "B5"]} in out


def test_the_caller_takes_the_trick_whatever_is_played_after():
    t = one_colour_each()
    t.play("Alex:R1", "Alex:meinz", "Joe:Y1", "Gunter:G1", "Hanna:B1")
    assert t.won("Alex") == 1


def test_a_player_with_two_tricks_cannot_call_and_is_skipped_for_lowest():
    t = one_colour_each()
    t.play("Alex:R5", "Joe:Y5", "Gunter:G5", "Hanna:B5")          # Hanna 1
    t.play("Hanna:B4", "Alex:R4", "Joe:Y4", "Gunter:G4")          # Gunter 1 (last of equals)
    t.play("Gunter:G3", "Hanna:B3", "Alex:R3", "Joe:Y3")          # Joe 1
    t.play("Joe:Y2", "Gunter:G2", "Hanna:B2", "Alex:R2")          # Alex 1
    t.play("Alex:R1", "Joe:Y1", "Gunter:G1", "Hanna:B1")          # Hanna 2
    assert t.won("Hanna") == 2
    # Hanna leads B6; everyone can only follow with 6s.
    t.play("Hanna:B6")
    assert t.refused(type="meinz", seat="Hanna").code == "meinz_two_tricks"
    t.play("Alex:R6", "Joe:Y6")
    out = t.play("Gunter:G6")
    # Gunter's G6 (last played) is lowest among those with fewer than 2 tricks.
    assert any(f.get("fact") == "trick_won" and f["seat"] == "Gunter" for f in out)
    assert all(t.won(s) <= 2 for s in FOUR)


def test_lowest_card_of_a_player_with_two_tricks_passes_to_the_next_lowest():
    t = Table(Alex=["R1", "R2", "R3", "Y7", "Y8", "Y9", "G7", "G8", "G9"],
              Joe=["R4", "R5", "R6", "Y4", "Y5", "Y6", "G4", "G5", "G6"],
              Gunter=["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"],
              Hanna=["R7", "R8", "R9", "Y1", "Y2", "Y3", "G1", "G2", "G3"])
    t.discard(Alex="G9", Joe="G6", Gunter="B9", Hanna="G3")
    t.play("Alex:R1", "Joe:R4", "Gunter:B1", "Hanna:R7")    # B1 and R1 are lowest, Gunter's is later
    assert t.won("Gunter") == 1
    t.play("Gunter:B2", "Hanna:Y2", "Alex:R2", "Joe:Y5")    # B2,Y2,R2: Alex's R2 is the last played
    assert t.won("Alex") == 1
    t.play("Alex:R3", "Joe:R5", "Gunter:B3", "Hanna:R8")    # Gunter's B3 after R3: Gunter 2
    assert t.won("Gunter") == 2
    # Gunter now plays the 1-lowest card but cannot take a third trick.
    t.play("Gunter:B4", "Hanna:Y1", "Alex:Y7", "Joe:Y4")
    assert t.won("Hanna") == 1 and t.won("Gunter") == 2
    t2 = Table(Alex=["R1", "R2", "R3", "Y7", "Y8", "Y9", "G7", "G8", "G9"],
               Joe=["R4", "R5", "R6", "Y4", "Y5", "Y6", "G4", "G5", "G6"],
               Gunter=["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"],
               Hanna=["R7", "R8", "R9", "Y1", "Y2", "Y3", "G1", "G2", "G3"])
    t2.discard(Alex="G9", Joe="G6", Gunter="B9", Hanna="G3")
    t2.play("Alex:R1", "Joe:R4", "Gunter:B1", "Hanna:R7")
    t2.play("Gunter:B2", "Hanna:Y2", "Alex:R2", "Joe:Y5")
    t2.play("Alex:R3", "Joe:R5", "Gunter:B3", "Hanna:R8")
    out = t2.play("Gunter:B5", "Hanna:Y3", "Alex:Y7", "Joe:Y4")
    # Gunter's B5 is not the lowest (Y3 is), Hanna takes it on her own.
    assert any(f.get("fact") == "trick_won" and f["seat"] == "Hanna" for f in out)


# -- What Can the Player Do with the Trick? ------------------------------------------
def test_the_winner_may_exchange_a_card_of_the_same_colour_and_the_trick_sum_changes():
    t = one_colour_each()
    t.play("Alex:R5", "Joe:Y5", "Gunter:G5", "Hanna:B5")    # Hanna wins 20
    assert GAME.expected(t.state).moves == ("exchange", "play")
    assert t.refused(type="exchange", seat="Alex", give="R1", take="R5").code == "exchange_not_winner"
    assert t.refused(type="exchange", seat="Hanna", give="B1", take="R5").code == "exchange_colour"
    assert t.refused(type="exchange", seat="Hanna", give="B1", take="B9").code == "exchange_not_in_trick"
    out = t.do(type="exchange", seat="Hanna", give="B1", take="B5")
    assert {"fact": "exchanged", "seat": "Hanna", "give": "B1", "take": "B5", "trick_sum": 16} in out
    assert "B5" in t.state.hand("Hanna").possible and "B1" not in t.state.hand("Hanna").possible
    shown = GAME.view(t.state)["tricks"][-1]
    assert [c["card"] for c in shown["cards"]] == ["R5", "Y5", "G5", "B5"]      # as played
    assert shown["exchange"] == {"give": "B1", "take": "B5"} and shown["sum"] == 16
    # only one exchange, and the next lead closes it
    assert t.refused(type="exchange", seat="Hanna", give="B2", take="R5").code == "exchange_closed"


def test_the_next_lead_means_no_exchange():
    t = one_colour_each()
    t.play("Alex:R5", "Joe:Y5", "Gunter:G5", "Hanna:B5", "Hanna:B6")
    assert t.refused(type="exchange", seat="Hanna", give="B1", take="B5").code == "exchange_closed"


# -- Point Distribution -----------------------------------------------------------
def test_rulebook_point_example_51_38_37_31():
    assert round_points({"Alex": 51, "Joe": 38, "Gunter": 37, "Hanna": 31}) == {
        "Alex": 3, "Joe": 1, "Gunter": 0, "Hanna": 2}


def test_rulebook_tie_example_40_40_39_34():
    assert round_points({"Alex": 40, "Joe": 40, "Hanna": 39, "Gunter": 34}) == {
        "Alex": 0, "Joe": 0, "Hanna": 0, "Gunter": 2}


def test_tied_lowest_sums_get_nothing_and_a_tie_in_the_middle_too():
    assert round_points({"a": 50, "b": 40, "c": 30, "d": 30}) == {"a": 3, "b": 1, "c": 0, "d": 0}
    assert round_points({"a": 50, "b": 40, "c": 40, "d": 30}) == {"a": 3, "b": 0, "c": 0, "d": 2}


def play_round_all_fives(t: Table):
    """Everyone holds one colour: each trick is four equal numbers, last one lowest."""
    leader = t.state.leader_of_round
    for _ in range(8):
        leader = GAME.expected(t.state).seats[0]
        order = t.state.seats[t.state.index(leader):] + t.state.seats[:t.state.index(leader)]
        lead = sorted(t.state.hand(leader).possible)[0]
        for seat in order:
            card = next(c for c in t.state.hand(seat).possible if c[1] == lead[1])
            t.play(f"{seat}:{card}")


def test_a_whole_round_is_scored_from_the_sums_of_the_two_tricks():
    t = one_colour_each()
    play_round_all_fives(t)
    last = t.outcomes[-1]
    scored = next(f for f in last if f["fact"] == "round_scored")
    assert all(t.won(s) == 2 for s in FOUR) or t.state.round == 2
    assert sum(scored["sums"].values()) == sum(range(1, 9)) * 4
    assert scored["points"] == round_points(scored["sums"])
    assert t.state.round == 2 and t.state.phase == "deal"
    assert GAME.scores(t.state) == scored["points"]


def test_eight_rounds_each_player_starts_twice_and_ties_share_the_victory():
    t = Table()
    leaders = []
    for _ in range(8):
        t.deal(Alex=[f"R{v}" for v in range(1, 10)], Joe=[f"Y{v}" for v in range(1, 10)],
               Gunter=[f"G{v}" for v in range(1, 10)], Hanna=[f"B{v}" for v in range(1, 10)])
        leaders.append(t.state.leader_of_round)
        t.discard(Alex="R9", Joe="Y9", Gunter="G9", Hanna="B9")
        play_round_all_fives(t)
    assert leaders == FOUR * 2
    assert GAME.finished(t.state)
    scores = GAME.scores(t.state)
    top = max(scores.values())
    assert GAME.winners(t.state) == [s for s in FOUR if scores[s] == top]
    assert t.refused(type="deal", hands={s: None for s in FOUR}).code == "game_over"


# -- The Game with 3 Players ------------------------------------------------------------
def test_three_players_the_card_monster_leads_the_first_round_and_discards_nothing():
    t = Table(THREE)
    assert t.state.seats == (MONSTER, "Alex", "Joe", "Hanna")
    t.deal(monster=["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"])
    assert GAME.expected(t.state).seats == ("Alex", "Joe", "Hanna")
    assert t.refused(type="discard", seat=MONSTER, card="R1").code == "monster_discard"
    t.discard(Alex=None, Joe=None, Hanna=None)
    assert GAME.expected(t.state).seats == (MONSTER,)
    v = t.refused(type="play", seat=MONSTER, card="R2")
    assert v.code == "monster_top_card" and "R1" in v.message
    t.play("monster:R1")
    assert t.refused(type="meinz", seat=MONSTER).code == "monster_meinz"


def monster_table():
    """3 players: the monster's stack alternates red and blue; Alex is yellow, Joe green."""
    t = Table(THREE, monster=["R1", "B9", "R2", "B8", "R3", "B7", "R4", "B6", "R5"],
              Alex=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9"],
              Joe=["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9"],
              Hanna=["B1", "B2", "B3", "B4", "B5", "R6", "R7", "R8", "R9"])
    t.discard(Alex="Y9", Joe="G9", Hanna="R9")
    return t


def test_the_monster_plays_regardless_of_the_rules_and_takes_at_most_two_tricks():
    t = monster_table()
    t.play("monster:R1", "Alex:Y1", "Joe:G1", "Hanna:R6")    # Joe's G1 is later than R1 and Y1
    assert t.won("Joe") == 1
    t.play("Joe:G2", "Hanna:B2", "monster:B9", "Alex:Y2")    # the monster ignores G2 (no follow needed)
    assert t.won("Alex") == 1
    t.play("Alex:Y3", "Joe:G3", "Hanna:B3", "monster:R2")    # the monster's R2 is lowest
    assert t.won(MONSTER) == 1
    t.play("monster:B8", "Alex:Y8", "Joe:G8", "Hanna:B4")
    assert t.won("Hanna") == 1
    t.play("Hanna:B5", "monster:R3", "Alex:Y5", "Joe:G5")    # R3 lowest: monster 2
    assert t.won(MONSTER) == 2
    t.play("monster:B7", "Alex:Y4", "Joe:G4", "Hanna:R7")    # monster has 2: skipped even if lowest
    assert t.won(MONSTER) == 2


def test_the_monster_takes_the_last_two_tricks_when_players_took_the_first_six():
    t = Table(THREE, monster=["R1", "R2", "R3", "R4", "R5", "R6", "B9", "B8", "B7"],
              Alex=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9"],
              Joe=["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9"],
              Hanna=["B1", "B2", "B3", "B4", "B5", "B6", "R7", "R8", "R9"])
    t.discard(Alex="Y9", Joe="G9", Hanna="R9")
    while t.state.round == 1:
        seat = GAME.expected(t.state).seats[0]
        card = [m["card"] for m in GAME.legal_moves(t.state) if m["type"] == "play"][0]
        t.play(f"{seat}:{card}")
        # in the first six tricks the first player to play who can still take a trick calls
        if len(t.state.tricks) < 6 and t.state.trick and seat != MONSTER and seat in t.state.callers():
            t.play(f"{seat}:meinz")
    tricks = [f for o in t.outcomes for f in o if f.get("fact") == "trick_won"]
    assert [f["seat"] == MONSTER for f in tricks] == [False] * 6 + [True, True]
    assert [f["how"] for f in tricks[6:]] == ["lowest card of a seat with fewer than 2 tricks"] * 2
    scored = next(f for f in t.outcomes[-1] if f["fact"] == "round_scored")
    assert scored["sums"][MONSTER] == sum(sum(int(c[1]) for c in f["cards"]) for f in tricks[6:]) + 12


def test_the_monster_is_never_a_winner():
    t = Table(THREE)
    state = t.state.__class__(**{**t.state.__dict__, "phase": "over", "points": (30, 5, 5, 2)})
    assert GAME.winners(state) == ["Alex", "Joe"]


def test_monster_is_a_reserved_name():
    with pytest.raises(RuleViolation) as caught:
        GAME.setup(["monster", "Joe", "Hanna"], {})
    assert caught.value.code == "reserved_name"


def test_willi_is_for_three_or_four_players():
    with pytest.raises(RuleViolation) as caught:
        GAME.setup(["Alex", "Joe"], {})
    assert caught.value.code == "player_count"


# -- Refusals name the rule and say why -------------------------------------------------
def test_the_card_monster_never_exchanges_and_nobody_exchanges_for_it():
    t = monster_table()
    t.play("monster:R1", "Alex:Y2", "Joe:G2", "Hanna:R6")                    # the monster's R1 is lowest
    assert t.won(MONSTER) == 1 and not t.state.exchange_open
    v = t.refused(type="exchange", seat=MONSTER, give="R2", take="R6")
    assert (v.code, v.rule) == ("monster_exchange", "The Game with 3 Players")
    v = t.refused(type="exchange", seat="Hanna", give="R7", take="R6")
    assert v.code == "exchange_not_winner" and "card monster" in v.message


def test_a_winner_without_a_card_of_the_tricks_colours_cannot_exchange():
    t = Table(Alex=["R5", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9"],
              Joe=["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"],
              Gunter=["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9"])
    t.discard(Alex="Y9", Joe="B9", Gunter="G9", Hanna=None)
    t.play("Alex:R5", "Alex:meinz", "Joe:B6", "Gunter:G7", "Hanna:R9")      # Alex has no red, green or blue left
    assert not t.state.exchange_open and GAME.expected(t.state).moves == ("play",)
    assert t.refused(type="exchange", seat="Alex", give="Y1", take="R9").code == "exchange_colour"
    assert t.refused(type="exchange", seat="Joe", give="B1", take="B6").code == "exchange_not_winner"


def test_meinz_refusals_say_which_window_is_shut():
    t = one_colour_each()
    t.play("Alex:R5", "Joe:Y5", "Gunter:G5")
    v = t.refused(type="meinz", seat="Hanna")
    assert v.code == "meinz_before_card" and "last player" in v.message
    t.play("Hanna:B5")                                                       # the trick is complete
    v = t.refused(type="meinz", seat="Alex")
    assert v.code == "meinz_no_trick" and "over" in v.message


def test_a_card_dealt_twice_to_one_seat_is_named():
    t = Table()
    v = t.refused(type="deal", hands={"Alex": ["R1"] * 9, "Joe": None, "Gunter": None, "Hanna": None})
    assert v.code == "card_twice" and v.message == "Alex is dealt R1 twice; the deck has one."


def test_a_card_discarded_face_up_is_refused_like_any_card_not_held():
    t = Table(Alex=["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"], Joe=None, Gunter=None, Hanna=None)
    t.discard(Alex="R2", Joe="B9", Gunter=None, Hanna=None)
    t.play("Alex:R1")
    v = t.refused(type="play", seat="Joe", card="B9")
    assert v.code == "not_in_hand" and v.message == "You do not hold B9."  # a refusal names no other hand

"""A last pass through the Willi rulebook (../shared/rules/willi.txt), section
by section, for what the other Willi tests leave out: the "and so on" of the
2-trick cap, calls around the card monster, its 12 points deciding a tie, the
rules of playing after a call, and cards written with anything more than
colour + value."""
from __future__ import annotations

import random

import pytest

from test_willi_http import Record, suit
from test_willi_rules import FOUR, THREE, Table, one_colour_each

from domain.rules import Expected, MalformedMove
from domain.willi import GAME, MONSTER
from domain.willi.cards import DECK
from domain.willi.state import round_points


# -- Contents ----------------------------------------------------------------------------
def test_contents_36_number_cards_in_4_colours_with_values_1_to_9():
    # "36 number cards (4 colors with values 1-9)"
    assert len(DECK) == len(set(DECK)) == 36
    assert {card[0] for card in DECK} == {"R", "Y", "G", "B"}
    assert sorted({int(card[1]) for card in DECK}) == list(range(1, 10))


@pytest.mark.parametrize("text", ["R5\n", "R5 ", "\nR5", "R55", "RR5"])
def test_a_card_is_colour_and_value_and_nothing_more(text):
    # Cards are written R5, Y1, G9, B3 (colour + value): "R5\n" is not the red 5.
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "play", "seat": "Alex", "card": text})
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "deal", "hands": {"Alex": [text] + suit("Y")[:8], "Joe": None}})


def test_a_card_with_a_trailing_newline_is_malformed_over_http_and_nothing_is_recorded(client):
    game = Record(client, FOUR)
    hands = {"Alex": ["R5\n", "R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9"], "Joe": None, "Gunter": None,
             "Hanna": None}
    game.refused({"type": "deal", "hands": hands}, "malformed")
    game.deal(**{seat: suit(letter) for seat, letter in zip(FOUR, "RYGB")})
    game.refused({"type": "discard", "seat": "Alex", "card": "R9\n"}, "malformed")


# -- Preparation -------------------------------------------------------------------------
def test_the_monsters_stack_and_a_players_hand_cannot_share_a_card():
    # "The card monster is dealt 9 cards face down (like the other players)": from the same deck.
    t = Table(THREE)
    v = t.refused(type="deal", hands={MONSTER: suit("R"), "Alex": ["R9", *suit("Y")[:8]], "Joe": None,
                                      "Hanna": None})
    assert v.code == "card_twice" and "R9" in v.message


def test_a_stale_expected_version_is_409_and_records_nothing(client):
    game = Record(client, FOUR)
    game.deal(**{seat: suit(letter) for seat, letter in zip(FOUR, "RYGB")})
    before = game.state(), game.get("log")
    r = client.post(f"/api/games/{game.id}/moves", headers=game.headers,
                    json={"move": {"type": "discard", "seat": "Alex", "card": "R9"}, "expected_version": 1})
    assert r.status_code == 409
    assert (game.state(), game.get("log")) == before
    r = client.post(f"/api/games/{game.id}/moves", headers=game.headers,
                    json={"move": {"type": "discard", "seat": "Alex", "card": "R9"}, "expected_version": 2})
    assert r.status_code == 201 and r.json["version"] == 3


# -- The Trick-Taking --------------------------------------------------------------------
def test_after_meinz_the_trick_continues_with_no_changes_in_the_rules_of_playing():
    # "After calling "Meinz", the trick continues with no changes in the rules of playing to a trick."
    t = Table(Alex=["R5", "R1", "R2", "R3", "R4", "R6", "R7", "B8", "B9"],
              Joe=["Y5", "R8", "R9", "G1", "G2", "G3", "B1", "B2", "B3"])
    t.discard(Alex="B9", Joe="B3", Gunter=None, Hanna=None)
    t.play("Alex:R5", "Alex:meinz")
    assert t.refused(type="play", seat="Joe", card="G1").code == "must_follow"
    t.play("Joe:R8")


def test_a_player_with_two_tricks_must_still_play_cards_normally():
    # "Once a player has already taken 2 tricks in a round, he must play cards normally,
    # but can take no further trick."
    t = Table(Alex=["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "Y9"], Joe=[*suit("Y")[:8], "R9"],
              Gunter=suit("G"), Hanna=suit("B"))
    t.discard(Alex="R8", Joe="Y8", Gunter="G9", Hanna="B9")
    t.play("Alex:R1", "Alex:meinz", "Joe:Y1", "Gunter:G1", "Hanna:B1")     # Joe follows by number
    t.play("Alex:R2", "Alex:meinz", "Joe:Y2", "Gunter:G2", "Hanna:B2")
    t.play("Alex:R3", "Joe:Y3", "Joe:meinz", "Gunter:G3", "Hanna:B3")
    assert t.won("Alex") == 2
    t.play("Joe:Y4")
    t.play("Gunter:G4", "Hanna:B4")
    v = t.refused(type="play", seat="Alex", card="R5")                    # Alex holds Y9
    assert v.code == "must_follow" and "yellow" in v.message
    out = t.play("Alex:R4")                                                 # a 4 follows too
    # Alex's R4, the last of the equal 4s, is lowest, but he takes no third trick:
    # Hanna's B4 is the next lowest.
    assert {"fact": "trick_won", "seat": "Hanna", "how": "lowest card of a seat with fewer than 2 tricks",
            "trick": 4, "cards": ["Y4", "G4", "B4", "R4"]} in out


# -- Who Wins the Trick? -----------------------------------------------------------------
def alex_calls_twice() -> Table:
    """One colour each (Alex red, Joe yellow, Gunter green, Hanna blue): Alex leads the
    8 and the 7 and calls Meinz on both, so he has his 2 tricks and leads again."""
    t = one_colour_each()
    t.play("Alex:R8", "Alex:meinz", "Joe:Y8", "Gunter:G8", "Hanna:B8")
    t.play("Alex:R7", "Alex:meinz", "Joe:Y7", "Gunter:G7", "Hanna:B7")
    return t


def test_and_so_on_the_third_lowest_card_takes_the_trick():
    # "If the player with the second lowest card already has 2 tricks, the player with
    # the third-lowest card takes the trick, and so on..."
    t = alex_calls_twice()
    t.play("Alex:R6", "Joe:Y6", "Joe:meinz", "Gunter:G6", "Hanna:B6")
    t.play("Joe:Y5", "Joe:meinz", "Gunter:G5", "Hanna:B5", "Alex:R5")
    assert t.won("Alex") == t.won("Joe") == 2
    out = t.play("Joe:Y1", "Gunter:G3", "Hanna:B4", "Alex:R2")
    # Joe's Y1 is the lowest and Alex's R2 the second lowest; both have 2 tricks: Gunter's G3 takes it.
    assert {"fact": "trick_won", "seat": "Gunter", "how": "lowest card of a seat with fewer than 2 tricks",
            "trick": 5, "cards": ["Y1", "G3", "B4", "R2"]} in out


def test_of_equal_lowest_cards_the_earlier_takes_the_trick_when_the_later_player_has_two():
    # "When two or more cards are the lowest, the later played card is the lower" -- unless
    # its player already has 2 tricks: "his card is not considered".
    t = alex_calls_twice()
    t.play("Alex:R1", "Joe:Y1", "Gunter:G2", "Hanna:B3")                # Joe leads next
    out = t.play("Joe:Y2", "Gunter:G4", "Hanna:B5", "Alex:R2")
    assert {"fact": "trick_won", "seat": "Joe", "how": "lowest card of a seat with fewer than 2 tricks",
            "trick": 4, "cards": ["Y2", "G4", "B5", "R2"]} in out


# -- The Game with 3 Players ---------------------------------------------------------------
STACK = suit("B")                                     # the monster's stack, B1 on top


def monster_round() -> Table:
    """The monster turns B1, B2, ...; Alex holds the reds, Joe the yellows, Hanna the
    greens, and each discards the 9: nobody but the leader holds the led colour."""
    t = Table(THREE, monster=STACK, Alex=suit("R"), Joe=suit("Y"), Hanna=suit("G"))
    t.discard(Alex="R9", Joe="Y9", Hanna="G9")
    return t


def test_calls_go_round_the_card_monster_which_never_calls():
    # "He plays a card and can call. If he does not call, the first player can call and
    # then the second player can call": the monster plays, but never calls.
    t = monster_round()
    t.play("monster:B1", "Alex:R2", "Joe:Y2", "Hanna:G2")               # B1 is lowest: the monster's trick
    t.play("monster:B2", "Alex:R1", "Joe:Y3", "Hanna:G3")               # Alex's R1
    t.play("Alex:R4", "Joe:Y1", "Hanna:G4", "monster:B3")               # Joe's Y1
    t.play("Joe:Y4", "Hanna:G1", "monster:B4", "Alex:R5")               # Hanna's G1
    assert GAME.expected(t.state).seats == ("Hanna",)
    t.play("Hanna:G5")
    assert t.state.callers() == ["Hanna"]
    t.play("monster:B5")                                                # second to play: no call
    assert t.state.callers() == ["Hanna"]
    assert GAME.expected(t.state) == Expected(("Alex", "Hanna"), ("play", "meinz"))
    t.play("Alex:R6")
    assert t.state.callers() == ["Hanna", "Alex"]
    assert t.refused(type="meinz", seat="Joe").code == "meinz_before_card"   # the last player never calls
    assert t.refused(type="meinz", seat=MONSTER).code == "monster_meinz"


def test_a_call_takes_the_trick_from_the_monsters_lowest_card():
    # "The card monster gets the trick whenever it played the lowest card and no player called "Meinz"."
    t = monster_round()
    out = t.play("monster:B1", "Alex:R5", "Alex:meinz", "Joe:Y5", "Hanna:G5")
    assert {"fact": "trick_won", "seat": "Alex", "how": "meinz", "trick": 1,
            "cards": ["B1", "R5", "Y5", "G5"]} in out
    assert t.won(MONSTER) == 0


def test_the_monsters_later_equal_card_is_the_lower():
    # "When two or more cards are the lowest, the later played card is the lower" -- the monster's too.
    t = monster_round()
    t.play("monster:B1", "Alex:R1", "Joe:Y2", "Hanna:G3")               # Alex's R1, the later 1
    assert t.won("Alex") == 1 and t.won(MONSTER) == 0
    out = t.play("Alex:R2", "Joe:Y3", "Hanna:G4", "monster:B2")
    assert {"fact": "trick_won", "seat": MONSTER, "how": "lowest card", "trick": 2,
            "cards": ["R2", "Y3", "G4", "B2"]} in out
    # "The player who won the trick plays the first card of the next trick": the monster turns B3.
    assert GAME.expected(t.state).seats == (MONSTER,) and not t.state.exchange_open


def test_the_winner_may_take_the_monsters_card_of_the_same_colour():
    # "exchange one of the cards in his hand with a card of the same color from the trick"
    t = Table(THREE, monster=["R1", *suit("B")[:8]], Alex=["R9", "R2", *suit("Y")[:7]],
              Joe=suit("G"), Hanna=["B9", *suit("R")[2:8], "Y8", "Y9"])
    t.discard(Alex="Y7", Joe="G9", Hanna="Y9")
    t.play("monster:R1", "Alex:R2", "Alex:meinz", "Joe:G5", "Hanna:R3")
    out = t.do(type="exchange", seat="Alex", give="R9", take="R1")
    assert {"fact": "exchanged", "seat": "Alex", "give": "R9", "take": "R1", "trick_sum": 9 + 2 + 5 + 3} in out
    assert "R1" in t.state.hand("Alex").possible


def test_the_monsters_12_points_put_it_level_with_joe_and_both_get_nothing():
    # "During the point distribution, the card monster adds 12 points to the sum of the
    # numbers on its two tricks." "If several players tie with the same sum, they receive nothing at all."
    t = monster_round()
    t.play(*"monster:B1 Alex:R5 Joe:Y2 Hanna:G4".split())                # the monster's B1: 12
    t.play(*"monster:B2 Alex:R8 Joe:Y6 Hanna:G3".split())                # the monster's B2: 19
    t.play(*"monster:B3 Alex:R7 Joe:Y7 Hanna:G8".split())                # the monster has 2: Joe's Y7, 25
    t.play(*"Joe:Y3 Hanna:G5 monster:B4 Joe:meinz Alex:R6".split())      # Joe calls: 18
    t.play(*"Joe:Y8 Hanna:G1 monster:B5 Alex:R3".split())                # Joe has 2: Hanna's G1, 17
    t.play(*"Hanna:G7 Hanna:meinz monster:B6 Alex:R2 Joe:Y1".split())    # Hanna calls: 16
    t.play(*"Hanna:G6 monster:B7 Alex:R1 Joe:Y4".split())                # only Alex may take it: 18
    out = t.play(*"Alex:R4 Joe:Y5 Hanna:G2 monster:B8".split())         # and this one: 19
    scored = next(f for f in out if f["fact"] == "round_scored")
    assert scored["sums"] == {MONSTER: 12 + 19 + 12, "Alex": 37, "Joe": 43, "Hanna": 33}
    # the monster and Joe share the highest sum: no 3 and no 1; Alex is third; Hanna lowest takes a 2.
    assert scored["points"] == {MONSTER: 0, "Alex": 0, "Joe": 0, "Hanna": 2}
    # "Thus, the card monster will have one card left at the end of the round."
    assert t.state.hand(MONSTER).size == 1 and t.state.hand(MONSTER).stack == ("B9",)
    assert all(t.state.hand(seat).size == 0 for seat in THREE)


def test_each_seat_including_the_monster_starts_two_rounds():
    # "8 rounds are played, so that each player (including the card monster) has two rounds
    # of being the start player."
    t = Table(THREE)
    leaders = []
    for _ in range(8):
        t.deal(monster=STACK, Alex=suit("R"), Joe=suit("Y"), Hanna=suit("G"))
        leaders.append(t.state.leader_of_round)
        t.discard(Alex="R9", Joe="Y9", Hanna="G9")
        while t.state.phase == "play":
            t.do(**next(m for m in GAME.legal_moves(t.state) if m["type"] == "play"))
    assert leaders == [MONSTER, "Alex", "Joe", "Hanna"] * 2
    assert GAME.finished(t.state) and MONSTER not in GAME.winners(t.state)


# -- Point Distribution ---------------------------------------------------------------------
@pytest.mark.parametrize("sums, points", [
    ((51, 38, 37, 31), (3, 1, 0, 2)),      # the rulebook's first example
    ((40, 40, 39, 34), (0, 0, 0, 2)),      # its second: "there is no second highest"
    ((40, 39, 39, 34), (3, 0, 0, 2)),      # a tie for second: no 1, and the lowest still takes a 2
    ((40, 39, 34, 34), (3, 1, 0, 0)),      # a tie for lowest: no 2
    ((40, 40, 40, 34), (0, 0, 0, 2)),
    ((40, 34, 34, 34), (3, 0, 0, 0)),
    ((40, 40, 34, 34), (0, 0, 0, 0)),
    ((36, 36, 36, 36), (0, 0, 0, 0)),
])
def test_point_cards_highest_3_second_1_third_0_lowest_2_and_ties_nothing(sums, points):
    # "The player with the highest sum takes a "3" point card. ... second highest ... a "1"
    # ... third highest ... nothing ... lowest sum takes a "2" point card."
    # "If several players tie with the same sum, they receive nothing at all."
    assert round_points(dict(zip(FOUR, sums))) == dict(zip(FOUR, points))


# -- Hands the scorekeeper did not see ------------------------------------------------------
def known_joe_discards_face_down(joe: list[str]) -> Table:
    """Alex leads R5; Joe's hand was seen, but not the card he put in the box;
    Gunter's and Hanna's hands were not seen."""
    t = Table(Alex=["R5", "R1", "R2", "R3", "R4", "R6", "R7", "B8", "B9"], Joe=joe, Gunter=None, Hanna=None)
    t.discard(Alex="B9", Joe=None, Gunter=None, Hanna=None)
    t.play("Alex:R5")
    return t


def test_a_single_red_that_may_be_in_the_box_need_not_be_followed_until_it_shows():
    # Joe's only red may be the card he returned to the box: he may play any card.
    t = known_joe_discards_face_down(["R8", "Y1", "Y2", "G1", "G2", "G3", "B1", "B2", "B3"])
    t.play("Joe:G1")
    lapse = t.state.ply - 1
    assert GAME.findings(t.state) == []
    t.play("Gunter:R9", "Hanna:Y5")                    # Joe's G1 is lowest: he leads next
    t.play("Joe:R8")                                    # he had kept it: "had to play either a red card or a number 5"
    (finding,) = GAME.findings(t.state)
    assert (finding.kind, finding.seat, finding.ply) == ("renege", "Joe", lapse)


def test_two_reds_and_one_card_in_the_box_leave_a_red_in_hand():
    # One card in the box cannot be both reds: "If Joe had red cards, he would have had to
    # play either a red card or a number 5 card."
    t = known_joe_discards_face_down(["R8", "R9", "Y1", "G1", "G2", "G3", "B1", "B2", "B3"])
    v = t.refused(type="play", seat="Joe", card="G1")
    assert v.code == "must_follow" and "red" in v.message


@pytest.mark.parametrize("seed", range(16))
def test_a_game_played_by_the_rules_is_never_refused_when_hands_go_unseen(seed):
    # The engine "accepts plausible plays": the same legal game, recorded with some hands
    # and discards unseen, is accepted move by move, shows no renege and scores the same.
    rng = random.Random(seed)
    players = FOUR if seed % 2 else THREE
    seen_all, unseen = GAME.setup(players, {}), GAME.setup(players, {})
    hidden: set = set()
    while not GAME.finished(seen_all):
        if GAME.expected(seen_all).is_chance:
            move = GAME.chance_move(seen_all, rng)
            hidden = {seat for seat in move["hands"] if rng.random() < 0.6}
            entered = {**move, "hands": {s: None if s in hidden else c for s, c in move["hands"].items()}}
        else:
            moves = GAME.legal_moves(seen_all)
            special = [m for m in moves if m["type"] in ("meinz", "exchange")]
            move = rng.choice(special if special and rng.random() < 0.4 else moves)
            entered = move
            if move["type"] == "discard" and (move["seat"] in hidden or rng.random() < 0.3):
                entered = {**move, "card": None}
        seen_all, _ = GAME.play(seen_all, move)
        unseen, _ = GAME.play(unseen, entered)
    assert GAME.findings(unseen) == []
    assert GAME.scores(unseen) == GAME.scores(seen_all)


def test_an_unseen_monster_stack_turns_any_card_not_known_elsewhere():
    # The monster's stack was not seen: its top card is whatever is turned, if it can be there.
    t = Table(THREE, monster=None, Alex=suit("R"), Joe=None, Hanna=None)
    t.discard(Alex="R9", Joe=None, Hanna=None)
    v = t.refused(type="play", seat=MONSTER, card="R1")
    assert v.code == "not_in_hand" and v.message == "R1 is not in the card monster's stack."  # a refusal names no other hand
    t.play("monster:G7")
    assert GAME.view(t.state)["hands"][MONSTER] == {"count": 8, "stack_known": False, "cards": None, "known": []}


# -- Seats are the player names as given -------------------------------------------------------
@pytest.mark.parametrize("move", [
    {"type": "play", "seat": "Deal", "card": "R5"},
    {"type": "meinz", "seat": "Deal"},
    {"type": "discard", "seat": "Deal", "card": None},
    {"type": "exchange", "seat": "Deal", "give": "R1", "take": "R2"},
    {"type": "deal", "hands": {"Deal": suit("R"), "Joe Meinz": None, "X discards": None, "Hanna": None}},
])
def test_a_record_reads_back_every_move_whatever_the_players_are_called(move):
    # A player may be called "Deal": "Deal R5" is then his red 5, not a deal.
    seats = GAME.seats(GAME.setup(["Deal", "Joe Meinz", "X discards", "Hanna"], {}))
    assert GAME.parse_notation(GAME.notation(move), seats) == move

"""Willi through the HTTP API, as the documentation and the rulebook word it
(../shared/rules/willi.txt): every refusal is a 422 that names the rule in
words (400 when the move is malformed) and changes nothing; the rulebook's
examples are played out as whole rounds."""
from __future__ import annotations

import pytest

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
RULES = {"Preparation", "The Trick-Taking", "Who Wins the Trick?", "What Can the Player Do with the Trick?",
         "Game End", "The Game with 3 Players", "Players"}          # the rulebook's headings
THREE = ["Alex", "Joe", "Hanna"]
COLOUR = {"Alex": "R", "Joe": "Y", "Gunter": "G", "Hanna": "B"}


def suit(letter: str, order: str = "123456789") -> list[str]:
    return [letter + v for v in order]


class Record:
    """A Willi game recorded by its scorekeeper through the API."""

    def __init__(self, client, players):
        self.client = client
        r = client.post("/api/games", json={"game": "willi", "players": players, "mode": "table"})
        assert r.status_code == 201, r.json
        self.id = r.json["id"]
        self.headers = {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}

    def move(self, move: dict, status: int = 201) -> dict:
        r = self.client.post(f"/api/games/{self.id}/moves", json={"move": move}, headers=self.headers)
        assert r.status_code == status, (move, r.json)
        return r.json

    def get(self, path: str) -> dict:
        r = self.client.get(f"/api/games/{self.id}/{path}")
        assert r.status_code == 200, r.json
        return r.json

    def state(self) -> dict:
        return self.get("state")

    def refused(self, move: dict, code: str) -> dict:
        """``move`` is refused with ``code`` (``malformed``: 400, else 422
        naming the rule in words) and the record is exactly as it was."""
        before = self.state(), self.get("log")
        error = self.move(move, status=400 if code == "malformed" else 422)
        assert error["code"] == code, (move, error)
        if code != "malformed":
            assert {"code", "detail", "rule"} <= set(error)
            assert error["detail"].endswith(".") and error["rule"] in RULES, error
        assert (self.state(), self.get("log")) == before
        return error

    def deal(self, **hands) -> dict:
        return self.move({"type": "deal", "hands": hands})

    def discard(self, **cards) -> None:
        for seat, card in cards.items():
            self.move({"type": "discard", "seat": seat, "card": card})

    def play(self, *tricks: str) -> list[dict]:
        """Cards and calls as they happen: "Alex:R5 Joe:Y5 Joe:meinz ..."."""
        answers = []
        for trick in tricks:
            for item in trick.split():
                seat, what = item.split(":")
                move = {"type": "meinz", "seat": seat} if what == "meinz" else {"type": "play", "seat": seat,
                                                                                   "card": what}
                answers.append(self.move(move))
        return answers

    def meinz_callers(self) -> set[str]:
        return {m["seat"] for m in self.get("legal-moves")["moves"] if m["type"] == "meinz"}


def one_colour_each(client) -> Record:
    """Alex holds the reds, Joe the yellows, Gunter the greens, Hanna the blues;
    everyone discards the 9. Nobody ever holds the led colour (unless leading)."""
    game = Record(client, FOUR)
    game.deal(**{seat: suit(COLOUR[seat]) for seat in FOUR})
    game.discard(**{seat: COLOUR[seat] + "9" for seat in FOUR})
    return game


def play_equal_tricks(game: Record, values: str = "12348765") -> None:
    """Eight tricks in which every seat plays the same number: the last card
    played is the lowest, so the seat before the leader takes each trick and
    every seat's two tricks add up to 4 x 9 = 36."""
    for value in values:
        leader = game.state()["to_play"]
        seats = game.state()["seats"]
        start = seats.index(leader)
        for seat in seats[start:] + seats[:start]:
            card = next(c for c in game.state()["hands"][seat]["cards"] if c[1] == value)
            game.move({"type": "play", "seat": seat, "card": card})


# -- Who Wins the Trick? "Meinz" ---------------------------------------------------------
def test_meinz_at_each_boundary_of_its_window(client):
    game = one_colour_each(client)
    assert game.refused({"type": "meinz", "seat": "Alex"}, "meinz_no_trick")["rule"] == "Who Wins the Trick?"
    game.play("Alex:R5")
    # "Before the next player plays a card, the start player can call."
    assert game.meinz_callers() == {"Alex"}
    game.refused({"type": "meinz", "seat": "Joe"}, "meinz_before_card")
    game.refused({"type": "meinz", "seat": "Gunter"}, "meinz_before_card")
    assert "last player" in game.refused({"type": "meinz", "seat": "Hanna"}, "meinz_before_card")["detail"]
    game.play("Joe:Y5")
    # "the next player plays his card and can now call ... the start player can again call"
    assert game.meinz_callers() == {"Alex", "Joe"}
    game.refused({"type": "meinz", "seat": "Gunter"}, "meinz_before_card")
    game.play("Gunter:G5")
    # the third player, then the first, then the second
    assert game.meinz_callers() == {"Alex", "Joe", "Gunter"}
    game.refused({"type": "meinz", "seat": "Hanna"}, "meinz_before_card")   # "the last player ... may not call"
    game.play("Joe:meinz")
    assert game.meinz_callers() == set()
    game.refused({"type": "meinz", "seat": "Alex"}, "meinz_taken")           # one call a trick
    answer = game.play("Hanna:B5")[-1]            # B5 is the lowest (the later of equal cards), yet Joe called
    assert {"fact": "trick_won", "seat": "Joe", "how": "meinz", "trick": 1,
            "cards": ["R5", "Y5", "G5", "B5"]} in answer["outcome"]
    # "If neither calls, the last player plays a card, but may not call, and neither can the other players."
    game.refused({"type": "meinz", "seat": "Hanna"}, "meinz_no_trick")
    game.refused({"type": "meinz", "seat": "Joe"}, "meinz_no_trick")


def test_the_start_player_calls_at_once_and_must_take_the_trick(client):
    game = one_colour_each(client)
    answer = game.play("Alex:R8 Alex:meinz Joe:Y1 Gunter:G1 Hanna:B1")[-1]
    assert answer["state"]["tricks_won"]["Alex"] == 1
    assert answer["state"]["tricks"][0]["sum"] == 11


def test_a_player_with_two_tricks_may_not_call_and_his_lowest_card_is_passed_over(client):
    game = one_colour_each(client)
    game.play("Alex:R1 Alex:meinz Joe:Y2 Gunter:G2 Hanna:B2",
              "Alex:R2 Alex:meinz Joe:Y1 Gunter:G1 Hanna:B1")        # Alex has his 2 tricks
    game.play("Alex:R3")
    error = game.refused({"type": "meinz", "seat": "Alex"}, "meinz_two_tricks")
    assert "2 tricks" in error["detail"]
    answer = game.play("Joe:Y4 Gunter:G5 Hanna:B6")[-1]
    # Alex's R3 is the lowest but he takes no third trick: the second lowest, Joe's Y4, takes it.
    assert {"fact": "trick_won", "seat": "Joe", "how": "lowest card of a seat with fewer than 2 tricks",
            "trick": 3, "cards": ["R3", "Y4", "G5", "B6"]} in answer["outcome"]


# -- The Trick-Taking ------------------------------------------------------------------
def test_rulebook_example_follow_the_colour_or_the_number(client):
    # "Alex starts the trick with the red 5. Joe does not have red cards, but he
    # does have the yellow 5. Joe need not play the yellow 5, but may play any card.
    # If Joe had red cards, he would have had to play either a red card or a number 5 card."
    game = Record(client, FOUR)
    game.deal(Alex=["R5", "R1", "R2", "R3", "R4", "Y6", "Y7", "Y8", "Y9"],
              Joe=["Y5", "Y1", "Y2", "G1", "G2", "G3", "B1", "B2", "R9"],
              Gunter=["G5", "G6", "G7", "G8", "G9", "B3", "B4", "B5", "B6"],
              Hanna=["R6", "R7", "R8", "Y3", "Y4", "G4", "B7", "B8", "B9"])
    game.discard(Alex="Y9", Joe="B2", Gunter="B6", Hanna="B9")
    game.play("Alex:R5")
    error = game.refused({"type": "play", "seat": "Joe", "card": "G1"}, "must_follow")
    assert error["rule"] == "The Trick-Taking" and "red" in error["detail"] and "5" in error["detail"]
    game.play("Joe:Y5")                              # the number 5 follows too
    game.play("Gunter:G5")                           # Gunter has no red: a 5 or anything
    game.refused({"type": "play", "seat": "Hanna", "card": "B7"}, "must_follow")
    answer = game.play("Hanna:R6")[-1]
    assert answer["state"]["tricks"][0]["winner"] == "Gunter"       # G5, the later of the three 5s


def test_only_the_seat_to_play_plays_and_only_a_card_it_holds(client):
    game = one_colour_each(client)
    assert game.refused({"type": "play", "seat": "Joe", "card": "Y1"}, "not_your_turn")["rule"] == "The Trick-Taking"
    # The same words wherever the card is: in Joe's hand, or discarded.
    assert game.refused({"type": "play", "seat": "Alex", "card": "Y1"}, "not_in_hand")["detail"] == "You do not hold Y1."
    game.refused({"type": "play", "seat": "Alex", "card": "R9"}, "not_in_hand")       # discarded
    game.refused({"type": "play", "seat": "monster", "card": "R1"}, "unknown_seat")
    for malformed in ({"type": "play", "seat": "Alex", "card": "R0"}, {"type": "play", "seat": "Alex"},
                      {"type": "play", "seat": "Alex", "card": "r1"}, {"type": "play", "seat": 3, "card": "R1"},
                      {"type": "exchange", "seat": "Alex", "give": "R1"}, {"type": "deal", "hands": ["R1"]},
                      {"type": "shuffle"}):
        game.refused(malformed, "malformed")


# -- What Can the Player Do with the Trick? ---------------------------------------------------
def test_exchange_only_by_the_winner_before_the_next_lead_with_a_card_of_the_trick(client):
    game = one_colour_each(client)
    game.refused({"type": "exchange", "seat": "Alex", "give": "R1", "take": "R2"}, "exchange_closed")
    game.play("Alex:R5 Joe:Y6 Gunter:G7 Hanna:B2")                # Hanna's B2 is lowest: 20
    assert game.state()["expected"] == {"seats": ["Hanna"], "moves": ["exchange", "play"]}
    rule = "What Can the Player Do with the Trick?"
    assert game.refused({"type": "exchange", "seat": "Alex", "give": "R1", "take": "R5"},
                        "exchange_not_winner")["rule"] == rule
    game.refused({"type": "exchange", "seat": "Hanna", "give": "B1", "take": "B9"}, "exchange_not_in_trick")
    game.refused({"type": "exchange", "seat": "Hanna", "give": "B1", "take": "R5"}, "exchange_colour")
    game.refused({"type": "exchange", "seat": "Hanna", "give": "R1", "take": "R5"}, "not_in_hand")
    answer = game.move({"type": "exchange", "seat": "Hanna", "give": "B8", "take": "B2"})
    # "The player who won the trick may exchange one of the cards in his hand with a
    # card of the same color from the trick": the trick now counts B8 instead of B2.
    assert {"fact": "exchanged", "seat": "Hanna", "give": "B8", "take": "B2", "trick_sum": 26} in answer["outcome"]
    assert answer["state"]["tricks"][0]["sum"] == 26
    assert "B2" in answer["state"]["hands"]["Hanna"]["cards"]
    game.refused({"type": "exchange", "seat": "Hanna", "give": "B7", "take": "R5"}, "exchange_closed")


def test_the_next_lead_means_no_exchange(client):
    game = one_colour_each(client)
    game.play("Alex:R5 Joe:Y6 Gunter:G7 Hanna:B2", "Hanna:B4")
    game.refused({"type": "exchange", "seat": "Hanna", "give": "B8", "take": "B2"}, "exchange_closed")


def test_the_exchange_changes_the_round_sum(client):
    game = one_colour_each(client)
    game.play("Alex:R5 Alex:meinz Joe:Y6 Gunter:G7 Hanna:B2")         # Alex takes 20 ...
    game.move({"type": "exchange", "seat": "Alex", "give": "R1", "take": "R5"})   # ... which now holds 16
    answers = game.play("Alex:R8 Alex:meinz Joe:Y8 Gunter:G8 Hanna:B8",   # Alex 32
                        "Alex:R2 Joe:Y1 Gunter:G1 Hanna:B1",               # Hanna 5 (the last 1)
                        "Hanna:B3 Alex:R3 Joe:Y2 Gunter:G2",               # Gunter 10
                        "Gunter:G3 Hanna:B4 Alex:R4 Joe:Y3",               # Joe 14
                        "Joe:Y4 Gunter:G4 Hanna:B5 Alex:R5",               # Gunter 18 (Alex has 2)
                        "Gunter:G5 Hanna:B6 Alex:R6 Joe:Y5",               # Joe 22 (Gunter has 2)
                        "Joe:Y7 Gunter:G6 Hanna:B7 Alex:R7")               # Hanna 27, the only one left
    scored = next(f for f in answers[-1]["outcome"] if f["fact"] == "round_scored")
    assert scored["sums"] == {"Alex": 16 + 32, "Joe": 36, "Gunter": 28, "Hanna": 32}
    assert scored["points"] == {"Alex": 3, "Joe": 1, "Gunter": 2, "Hanna": 0}


# -- Point Distribution: the rulebook's examples as whole rounds ----------------------------
ROUND_51_38_37_31 = (  # Alex leads; everyone holds one colour and discards as shown
    {"Alex": "R9", "Joe": "Y6", "Gunter": "G6", "Hanna": "B2"},
    ["Alex:R8 Joe:Y9 Joe:meinz Gunter:G1 Hanna:B6",
     "Joe:Y3 Gunter:G8 Gunter:meinz Hanna:B5 Alex:R2",
     "Gunter:G4 Hanna:B7 Alex:R3 Alex:meinz Joe:Y8",
     "Alex:R4 Joe:Y4 Joe:meinz Gunter:G3 Hanna:B3",
     "Joe:Y5 Gunter:G5 Hanna:B4 Hanna:meinz Alex:R7",
     "Hanna:B1 Hanna:meinz Alex:R6 Joe:Y1 Gunter:G2",
     "Hanna:B8 Alex:R5 Alex:meinz Joe:Y7 Gunter:G9",
     "Alex:R1 Joe:Y2 Gunter:G7 Gunter:meinz Hanna:B9"])
ROUND_JOE_51 = (  # Joe leads: Joe 51, Alex 38, Hanna 37, Gunter 31
    {"Alex": "R6", "Joe": "Y9", "Gunter": "G7", "Hanna": "B1"},
    ["Joe:Y5 Gunter:G1 Gunter:meinz Hanna:B5 Alex:R7",
     "Gunter:G4 Gunter:meinz Hanna:B4 Alex:R1 Joe:Y4",
     "Gunter:G9 Hanna:B3 Alex:R2 Alex:meinz Joe:Y3",
     "Alex:R9 Joe:Y7 Joe:meinz Gunter:G5 Hanna:B7",
     "Joe:Y6 Gunter:G2 Hanna:B2 Hanna:meinz Alex:R3",
     "Hanna:B6 Alex:R8 Joe:Y1 Joe:meinz Gunter:G8",
     "Joe:Y8 Gunter:G3 Hanna:B8 Hanna:meinz Alex:R5",
     "Hanna:B9 Alex:R4 Alex:meinz Joe:Y2 Gunter:G6"])
ROUND_40_40_39_34 = (  # Gunter leads
    {"Alex": "R5", "Joe": "Y9", "Gunter": "G9", "Hanna": "B4"},
    ["Gunter:G6 Gunter:meinz Hanna:B5 Alex:R7 Joe:Y4",
     "Gunter:G2 Gunter:meinz Hanna:B2 Alex:R3 Joe:Y5",
     "Gunter:G8 Hanna:B3 Alex:R1 Alex:meinz Joe:Y8",
     "Alex:R8 Joe:Y3 Joe:meinz Gunter:G1 Hanna:B7",
     "Joe:Y7 Gunter:G3 Hanna:B8 Hanna:meinz Alex:R6",
     "Hanna:B6 Alex:R9 Joe:Y1 Joe:meinz Gunter:G5",
     "Joe:Y6 Gunter:G4 Hanna:B1 Hanna:meinz Alex:R4",
     "Hanna:B9 Alex:R2 Alex:meinz Joe:Y2 Gunter:G7"])


def play_round(game: Record, discards: dict, tricks: list[str]) -> dict:
    game.deal(**{seat: suit(COLOUR[seat]) for seat in FOUR})
    game.discard(**discards)
    return next(f for f in game.play(*tricks)[-1]["outcome"] if f["fact"] == "round_scored")


def test_rulebook_example_alex_51_joe_38_gunter_37_hanna_31(client):
    # "Alex takes a 3, Joe a 1, Gunter, as third highest, gets nothing, and Hanna, the lowest, takes a 2."
    game = Record(client, FOUR)
    scored = play_round(game, *ROUND_51_38_37_31)
    assert scored["sums"] == {"Alex": 51, "Joe": 38, "Gunter": 37, "Hanna": 31}
    assert scored["points"] == {"Alex": 3, "Joe": 1, "Gunter": 0, "Hanna": 2}
    assert game.state()["scores"] == {"Alex": 3, "Joe": 1, "Gunter": 0, "Hanna": 2}
    assert game.state()["tricks_won"] == {"Alex": 2, "Joe": 2, "Gunter": 2, "Hanna": 2}


def test_rulebook_example_alex_and_joe_tie_on_40(client):
    # "As Alex and Joe are tied with the highest sum, neither gets a point card. As there
    # is a two-way tie for highest, there is no second highest. Thus, Hanna is third
    # highest and gets no point card. Gunter has the lowest sum and takes a "2" point card."
    game = Record(client, FOUR)
    game.deal(**{seat: suit(COLOUR[seat]) for seat in FOUR})
    game.discard(**{seat: COLOUR[seat] + "9" for seat in FOUR})
    play_equal_tricks(game)
    game.deal(**{seat: suit(COLOUR[seat]) for seat in FOUR})
    game.discard(**{seat: COLOUR[seat] + "9" for seat in FOUR})
    play_equal_tricks(game)
    assert game.state()["leader"] == "Gunter"
    scored = play_round(game, *ROUND_40_40_39_34)
    assert scored["sums"] == {"Alex": 40, "Joe": 40, "Gunter": 34, "Hanna": 39}
    assert scored["points"] == {"Alex": 0, "Joe": 0, "Gunter": 2, "Hanna": 0}


def test_four_equal_sums_get_nothing(client):
    game = one_colour_each(client)
    play_equal_tricks(game)
    assert game.state()["history"][0]["sums"] == {"Alex": 36, "Joe": 36, "Gunter": 36, "Hanna": 36}
    assert game.state()["scores"] == {"Alex": 0, "Joe": 0, "Gunter": 0, "Hanna": 0}


# -- Game End ----------------------------------------------------------------------------------
def test_eight_rounds_everyone_leads_twice_and_the_best_share_the_victory(client):
    game = Record(client, FOUR)
    for number in range(1, 9):
        if number == 1:
            play_round(game, *ROUND_51_38_37_31)                # Alex 3, Joe 1, Hanna 2
        elif number == 2:
            play_round(game, *ROUND_JOE_51)                     # Joe 3, Alex 1, Gunter 2
        elif number == 3:
            play_round(game, *ROUND_40_40_39_34)                # Gunter 2
        else:
            game.deal(**{seat: suit(COLOUR[seat]) for seat in FOUR})
            game.discard(**{seat: COLOUR[seat] + "9" for seat in FOUR})
            play_equal_tricks(game)                             # all tie: nothing
    history = game.state()["history"]
    assert [r["round"] for r in history] == list(range(1, 9))
    log = game.get("log")["entries"]
    firsts = [log[i + 5]["move"]["seat"] for i, e in enumerate(log) if e["move"]["type"] == "deal"]
    assert firsts == FOUR * 2                                   # "everyone was twice the start player"
    final = game.state()
    assert final["finished"] and final["scores"] == {"Alex": 4, "Joe": 4, "Gunter": 4, "Hanna": 2}
    assert final["winners"] == ["Alex", "Joe", "Gunter"]         # "each of those players rejoice"
    assert final["expected"] == {"seats": [], "moves": []}
    error = game.refused({"type": "deal", "hands": {seat: None for seat in FOUR}}, "game_over")
    assert error["rule"] == "Game End"
    game.refused({"type": "play", "seat": "Alex", "card": "R1"}, "game_over")


# -- The Game with 3 Players ---------------------------------------------------------------------
MONSTER_STACK = ["B1", "B2", "B3", "B4", "B8", "B7", "B6", "B5", "B9"]   # top first


def three_players_round(game: Record) -> None:
    game.deal(monster=MONSTER_STACK, Alex=suit("R"), Joe=suit("Y"), Hanna=suit("G"))
    game.discard(Alex="R9", Joe="Y9", Hanna="G9")


def test_the_card_monster_leads_round_one_and_turns_its_top_card(client):
    game = Record(client, THREE)
    assert game.state()["seats"] == ["monster", "Alex", "Joe", "Hanna"]
    three_players_round(game)
    rule = "The Game with 3 Players"
    assert game.refused({"type": "discard", "seat": "monster", "card": None}, "monster_discard")["rule"] == rule
    assert game.state()["to_play"] == "monster" and game.state()["expected"]["seats"] == ["monster"]
    error = game.refused({"type": "play", "seat": "monster", "card": "B2"}, "monster_top_card")
    assert "B1" in error["detail"] and error["rule"] == rule
    game.refused({"type": "play", "seat": "Alex", "card": "R1"}, "not_your_turn")
    game.play("monster:B1")
    game.refused({"type": "meinz", "seat": "monster"}, "monster_meinz")
    assert game.meinz_callers() == set()                 # the monster cannot call, nobody else has played
    game.play("Alex:R1 Joe:Y1 Hanna:G1")                 # Hanna's G1, the last of the equal cards
    game.refused({"type": "play", "seat": "monster", "card": "B2"}, "not_your_turn")   # Hanna leads
    game.play("Hanna:G3")
    game.refused({"type": "play", "seat": "Alex", "card": "R3"}, "not_your_turn")      # the monster is next
    game.refused({"type": "play", "seat": "monster", "card": "B3"}, "monster_top_card")
    game.play("monster:B2 Alex:R4 Joe:Y4")               # "regardless of the normal rules": no green needed
    assert game.state()["tricks_won"]["monster"] == 1
    game.refused({"type": "exchange", "seat": "monster", "give": "B3", "take": "B2"}, "monster_exchange")


def test_with_three_players_the_monster_scores_but_never_wins(client):
    game = Record(client, THREE)
    leaders = []
    for _ in range(8):
        three_players_round(game)
        leaders.append(game.state()["to_play"])
        play_equal_tricks(game)
    assert leaders == ["monster", "Alex", "Joe", "Hanna"] * 2
    final = game.state()
    # every seat's two tricks add up to 36, the monster's to 36 + 12: it takes the 3 each round
    assert all(r["sums"] == {"monster": 48, "Alex": 36, "Joe": 36, "Hanna": 36} for r in final["history"])
    assert final["scores"] == {"monster": 24, "Alex": 0, "Joe": 0, "Hanna": 0}
    assert final["winners"] == ["Alex", "Joe", "Hanna"]


def test_the_monster_takes_the_last_two_tricks_when_players_took_the_first_six(client):
    game = Record(client, THREE)
    three_players_round(game)
    game.play("monster:B1 Alex:R1 Alex:meinz Joe:Y1 Hanna:G1",
              "Alex:R2 Alex:meinz Joe:Y2 Hanna:G2 monster:B2",
              "Alex:R3 Joe:Y3 Joe:meinz Hanna:G3 monster:B3",
              "Joe:Y4 Joe:meinz Hanna:G4 monster:B4 Alex:R4",
              "Joe:Y5 Hanna:G5 Hanna:meinz monster:B8 Alex:R5",
              "Hanna:G6 Hanna:meinz monster:B7 Alex:R6 Joe:Y6")
    assert game.meinz_callers() == set()
    answers = game.play("Hanna:G8 monster:B6 Alex:R8 Joe:Y8", "monster:B5 Alex:R7 Joe:Y7 Hanna:G7")
    scored = next(f for f in answers[-1]["outcome"] if f["fact"] == "round_scored")
    assert game.state()["tricks_won"] == {"monster": 2, "Alex": 2, "Joe": 2, "Hanna": 2}
    # the monster's tricks: 8+6+8+8 and 5+7+7+7, and "adds 12 points"
    assert scored["sums"]["monster"] == 30 + 26 + 12


# -- Hands the scorekeeper did not see ----------------------------------------------------------------
def unseen(client) -> Record:
    game = Record(client, FOUR)
    game.deal(Alex=["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"], Joe=None, Gunter=None, Hanna=None)
    game.discard(Alex="G2", Joe=None, Gunter="B9", Hanna=None)
    return game


def test_an_unseen_hand_plays_any_plausible_card_but_none_known_elsewhere(client):
    game = unseen(client)
    game.play("Alex:R1")
    # Played is public; in Alex's hand and discarded get the same words.
    assert game.refused({"type": "play", "seat": "Joe", "card": "R2"}, "not_in_hand")["detail"] == "You do not hold R2."
    assert "played" in game.refused({"type": "play", "seat": "Joe", "card": "R1"}, "not_in_hand")["detail"]
    assert game.refused({"type": "play", "seat": "Joe", "card": "B9"}, "not_in_hand")["detail"] == "You do not hold B9."
    game.refused({"type": "play", "seat": "Joe", "card": "G2"}, "not_in_hand")
    game.play("Joe:R7 Gunter:B8 Hanna:Y9")
    audit = game.get("audit")
    assert audit["ok"] is True and audit["findings"] == []


def test_a_card_of_the_colour_not_followed_shown_later_is_a_renege_at_the_earlier_play(client):
    game = unseen(client)
    game.play("Alex:R1")
    lapse = game.move({"type": "play", "seat": "Joe", "card": "B7"})["index"]    # no red? nobody saw
    game.play("Gunter:R9 Hanna:R8")                                               # Alex's R1 is lowest
    assert game.get("audit")["findings"] == []
    shown = game.play("Alex:Y1 Joe:R6")[-1]                                         # a red card after all
    assert any(f["fact"] == "renege_found" and f["seat"] == "Joe" for f in shown["outcome"])
    audit = game.get("audit")
    assert audit["ok"] is True
    assert [(f["kind"], f["seat"], f["move_index"]) for f in audit["findings"]] == [("renege", "Joe", lapse)]
    assert "R6" in audit["findings"][0]["message"]
    # undoing the card that showed it takes the finding back
    r = game.client.post(f"/api/games/{game.id}/undo", json={}, headers=game.headers)
    assert r.status_code == 201
    assert game.get("audit")["findings"] == []


def test_following_by_number_or_playing_another_colour_later_is_no_renege(client):
    game = unseen(client)
    game.play("Alex:R1 Joe:B1")                                        # a 1 follows the R1 by number
    game.play("Gunter:B7 Hanna:B6")                                   # Joe's B1, the later 1, wins
    game.play("Joe:R8 Gunter:Y8 Hanna:G7 Alex:R2")                    # Joe shows red: no renege
    # Gunter and Hanna did not follow red either, and show no red card yet
    assert game.get("audit")["findings"] == []


def test_a_renege_shown_by_giving_the_card_in_an_exchange(client):
    game = unseen(client)
    lapse = game.play("Alex:R1", "Joe:B7")[-1]["index"]
    game.play("Joe:meinz Gunter:R9 Hanna:R8")
    # "The player shows the others the cards he is exchanging": Joe gives a red card.
    answer = game.move({"type": "exchange", "seat": "Joe", "give": "R6", "take": "R9"})
    assert any(f["fact"] == "renege_found" for f in answer["outcome"])
    assert [(f["kind"], f["seat"], f["move_index"]) for f in game.get("audit")["findings"]] == [
        ("renege", "Joe", lapse)]
    # the R9 he took in the exchange shows nothing more
    game.play("Joe:R9")
    assert len(game.get("audit")["findings"]) == 1


@pytest.mark.parametrize("players", [FOUR, THREE])
def test_refusals_before_the_deal_record_nothing(client, players):
    game = Record(client, players)
    for move in ({"type": "play", "seat": "Alex", "card": "R1"}, {"type": "meinz", "seat": "Alex"},
                 {"type": "discard", "seat": "Alex", "card": None},
                 {"type": "exchange", "seat": "Alex", "give": "R1", "take": "R2"}):
        assert game.refused(move, "not_dealt")["rule"] == "Preparation"
    game.refused({"type": "deal", "hands": {"Alex": None}}, "deal_seats")
    seats = game.state()["seats"]
    game.refused({"type": "deal", "hands": {s: ["R1"] * 9 if s == "Alex" else None for s in seats}}, "card_twice")
    game.refused({"type": "deal", "hands": {s: ["R1"] if s == "Alex" else None for s in seats}}, "hand_size")

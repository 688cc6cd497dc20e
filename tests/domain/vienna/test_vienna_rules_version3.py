"""Vienna's rules version 3 (the double move, the comparison fields and the
card check), each change beside what version 2 did, which games recorded under it keep.

- "Once completing his regular turn, the player can play his double-move
  card and complete another full turn": also when nobody else has dice left.
- The comparison fields give "victory points and coins ... for every tie and
  every majority" (2 VP and 1 coin per majority, 1 VP per tie on the printed
  board): a custom comparison field that leaves an amount out gets the printed one.
- Start and character cards entered at the table are the deck's cards, with
  the contents printed on them, unless the game was started with its own deck.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from domain.rules import RuleViolation
from domain.vienna import GAME
from domain.vienna.components import start_cards
from vienna_table import collection, evaluate, first_display, holding, occupy, play, rolled, with_player

SABRINA, MATTHEW, NANCY = PLAYERS = ["Sabrina", "Matthew", "Nancy"]

# A board where the Hofburg gives the double-move card, everything else goes to the Geheimbund.
DOUBLE_MOVE_BOARD = {"fields": [{"name": "Hofburg", "values": [1], "effects": [{"special": "double_move"}]},
                                {"name": "Geheimbund", "values": [], "kind": "geheimbund", "effects": []}],
                     "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {}}


def start(players, options=None, version="3"):
    return GAME.setup(players, GAME.load_options(options or {}), rules_version=version)


def refused(state, move):
    with pytest.raises(RuleViolation) as error:
        play(state, move)
    return error.value


def place(seat, field, *dice):
    return {"type": "place", "seat": seat, "field": field, "dice": list(dice)}


def roll(seat, *dice):
    return {"type": "roll", "seat": seat, "dice": list(dice)}


def choose_start_cards(state):
    for seat, card in zip(state.start_card_order(), state.deck.start_cards):
        state, _ = play(state, {"type": "choose_start_card", "seat": seat, "card": card.to_json(with_coins=True)})
    return state


def test_new_games_start_under_version_3_and_version_2_stays_playable():
    assert GAME.rules_version == "3"
    assert set(GAME.rules_versions) == {"2", "3"}
    assert "double move" in GAME.rules_versions["3"] and "comparison" in GAME.rules_versions["3"]
    assert start(PLAYERS).edition.version == "3"
    assert start(PLAYERS, version="2").edition.version == "2"
    assert GAME.view(start(PLAYERS, version="2"))["rules_version"] == "2"
    with pytest.raises(RuleViolation) as error:
        start(PLAYERS, version="7")
    assert error.value.code == "rules_version"


# -- the double move when nobody else has dice -------------------------------------------------
def issue_19_table(version="3"):
    """Round 1: Sabrina takes the Hofburg with a 1 and every other die goes to
    the Geheimbund; round 2: Sabrina places one die a turn, the others two,
    until only Sabrina holds dice; she places one of her two."""
    state = choose_start_cards(start(PLAYERS, {"board": DOUBLE_MOVE_BOARD}, version))
    state, _ = play(state, {"type": "reveal_characters", "cards": first_display(2)},
                    roll(SABRINA, "1", "2", "3", "4", "5"), place(SABRINA, "Hofburg", "1"))
    while state.phase == "placing":
        seat, player = state.turn, state.player(state.turn)
        state, _ = play(state, roll(seat, *"23456") if not player.rolled
                        else place(seat, "Geheimbund", *player.dice[:2]))
    assert state.holder("double_move") == SABRINA
    state, _ = play(state, {"type": "reveal_characters", "cards": first_display(2)})
    while state.phase == "placing" and any(state.player(s).dice or not state.player(s).rolled
                                           for s in (MATTHEW, NANCY)):
        seat, player = state.turn, state.player(state.turn)
        dice = player.dice[:1] if seat == SABRINA else player.dice[:2]
        state, _ = play(state, roll(seat, *"65432") if not player.rolled else place(seat, "Geheimbund", *dice))
    assert state.player(SABRINA).dice == ("3", "2") and state.turn == SABRINA
    return play(state, place(SABRINA, "Geheimbund", "3"))[0]


def test_once_only_the_holder_has_dice_the_double_move_is_offered_after_each_regular_turn():
    state = issue_19_table()
    assert state.player(SABRINA).dice == ("2",) and state.turn == SABRINA
    # "Once completing his regular turn, the player can play his double-move card"
    assert state.offer == SABRINA and GAME.view(state)["double_move_offer"] == SABRINA
    assert GAME.expected(state).to_json() == {"seats": [SABRINA],
                                              "moves": ["double_move", "reroll", "turn_die", "place"]}
    assert {"type": "double_move", "seat": SABRINA, "use": True} in GAME.legal_moves(state)
    doubled, outcome = play(state, {"type": "double_move", "seat": SABRINA})
    assert outcome == [{"fact": "double_move", "seat": SABRINA}]
    # "... and complete another full turn"
    doubled, outcome = play(doubled, place(SABRINA, "Geheimbund", "2"))
    assert doubled.offer is None and any(f["fact"] == "evaluation_started" for f in outcome)


def test_the_holders_own_next_move_declines_the_offer():
    state = issue_19_table()
    declined, outcome = play(state, place(SABRINA, "Geheimbund", "2"))
    assert declined.offer is None and any(f["fact"] == "evaluation_started" for f in outcome)
    assert not any(f["fact"].startswith("double_move") for f in outcome)


def test_version_2_games_keep_refusing_that_double_move():
    state = issue_19_table(version="2")
    assert state.offer is None
    assert GAME.expected(state).to_json() == {"seats": [SABRINA], "moves": ["reroll", "turn_die", "place"]}
    assert refused(state, {"type": "double_move", "seat": SABRINA}).code == "double_move_not_now"


def test_on_the_default_board_too_the_last_player_with_dice_is_offered_the_double_move(game):
    state = holding(game, SABRINA, "double_move")
    for seat in (MATTHEW, "Nancy", "Oscar"):
        state = with_player(state, seat, rolled=True, dice=())
    state = rolled(state, SABRINA, ["2", "3", "4", "5"])
    state, _ = play(state, place(SABRINA, "Oper", "2"))
    assert state.turn == SABRINA and state.offer == SABRINA
    assert GAME.expected(state).seats == (SABRINA,)
    # her own next move declines it; after each regular turn it opens again while she has dice
    declined, _ = play(state, place(SABRINA, "Geheimbund", "5"))
    assert declined.offer == SABRINA and not declined.double_move_used
    doubled, _ = play(state, {"type": "double_move", "seat": SABRINA}, place(SABRINA, "Naschmarkt", "3"))
    assert doubled.offer is None and doubled.double_move_used
    # a holder with no dice left is told so
    state = replace(with_player(doubled, SABRINA, dice=()), offer=None)
    assert refused(state, {"type": "double_move", "seat": SABRINA}).message == \
        "Sabrina cannot make a double move: Sabrina has already used the double-move card this round."
    state = replace(state, double_move_used=False)
    assert refused(state, {"type": "double_move", "seat": SABRINA}).message == \
        "Sabrina cannot make a double move: Sabrina has no dice left to place."


@pytest.fixture
def game():
    from vienna_table import table
    return table([SABRINA, MATTHEW, "Nancy", "Oscar"], version="3")


# -- comparison fields without amounts ---------------------------------------------------------
def comparison_board(effect):
    return {"fields": [{"name": "Stephansdom", "values": [9], "effects": [effect]},
                       {"name": "Geheimbund", "values": [], "kind": "geheimbund", "effects": []}],
            "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {}}


def compare_crosses(effect, version="3", neighbours=(1, 1)):
    """Sabrina occupies the comparison field with 2 crosses; Matthew and Nancy have ``neighbours``."""
    state = choose_start_cards(start(PLAYERS, {"board": comparison_board(effect)}, version))
    state, _ = play(state, {"type": "reveal_characters", "cards": first_display(2)})
    state = collection(state, SABRINA, crosses=2, coins=0)
    state = collection(state, MATTHEW, crosses=neighbours[0], coins=0)
    state = collection(state, NANCY, crosses=neighbours[1], coins=0)
    state = occupy(state, "Stephansdom", SABRINA, ["4", "5"])
    state, _ = evaluate(state)
    return state


def gained(state):
    return {seat: (p.vp, p.coins) for seat, p in zip(state.seats, state.players)}


def test_a_comparison_field_without_amounts_gives_the_printed_ones():
    # 2 VP and 1 coin for each majority (over Matthew and over Nancy)
    assert gained(compare_crosses({"compare": "crosses"}))[SABRINA] == (4, 2)
    # a tie gives 1 VP, a majority 2 VP and 1 coin
    assert gained(compare_crosses({"compare": "crosses"}, neighbours=(2, 0)))[SABRINA] == (3, 1)


def test_only_the_amounts_left_out_are_the_printed_ones():
    # only vp given: the coins and the tie's VP are the printed ones
    assert gained(compare_crosses({"compare": "crosses", "vp": 3}, neighbours=(2, 0)))[SABRINA] == (4, 1)
    assert gained(compare_crosses({"compare": "crosses", "vp": 3, "coins": 0, "tie_vp": 0},
                                  neighbours=(2, 0)))[SABRINA] == (3, 0)


def test_the_board_shows_the_amounts_a_comparison_field_gets():
    state = start(PLAYERS, {"board": comparison_board({"compare": "crosses", "vp": 3})})
    assert GAME.view(state)["street"][0]["effects"] == [{"compare": "crosses", "vp": 3, "coins": 1, "tie_vp": 1}]


def test_version_2_games_keep_their_zeros():
    assert gained(compare_crosses({"compare": "crosses"}, version="2"))[SABRINA] == (0, 0)
    assert gained(compare_crosses({"compare": "crosses", "vp": 3}, version="2", neighbours=(2, 0)))[SABRINA] == (3, 0)


# -- cards checked against the deck at the table -----------------------------------------------
POPE = {"name": "Pope", "coins": 4, "citizens": 0, "crosses": 2, "crowns": 0}
RICH_MERCHANT = {"name": "Merchant", "coins": 20, "citizens": 1, "crosses": 0, "crowns": 0}


def choose(state, card):
    return {"type": "choose_start_card", "seat": state.chooser(), "card": card}


def test_a_start_card_the_deck_lacks_is_refused():
    state = start(PLAYERS)
    error = refused(state, choose(state, POPE))
    assert error.code == "unknown_start_card"
    assert error.message == ("The deck has no start card 'Pope'; its start cards are Merchant, Chaplain, Baron, "
                             "Innkeeper, Abbess, Countess. A table whose cards differ starts the game with its own "
                             "deck (the option 'deck').")


def test_a_known_start_card_with_other_contents_is_refused():
    state = start(PLAYERS)
    error = refused(state, choose(state, RICH_MERCHANT))
    assert error.code == "start_card_contents"
    assert error.message == ("The start card Merchant shows 5 coins, 1 citizen, no crosses, no crowns, "
                             "not 20 coins, 1 citizen, no crosses, no crowns.")
    merchant = start_cards()[0].to_json(with_coins=True)
    chosen, _ = play(state, choose(state, merchant))
    assert chosen.player(NANCY).coins == 5


def test_a_character_the_deck_lacks_or_with_other_contents_is_refused():
    state = choose_start_cards(start(PLAYERS))
    jester = {"name": "Jester", "citizens": 1, "crowns": 1}
    error = refused(state, {"type": "reveal_characters", "cards": [first_display(1)[0], jester]})
    assert error.code == "unknown_character" and error.message.startswith("The deck has no character 'Jester'")
    strong_monk = {"name": "Monk", "crosses": 2}
    error = refused(state, {"type": "reveal_characters", "cards": [strong_monk, first_display(2)[0]]})
    assert error.code == "character_contents"
    assert error.message == "The character Monk shows no citizens, 1 cross, no crowns, not no citizens, 2 crosses, " \
                            "no crowns."


def test_version_2_games_take_the_cards_as_entered():
    state = start(PLAYERS, version="2")
    for card in (POPE, RICH_MERCHANT, start_cards()[2].to_json(with_coins=True)):
        state, _ = play(state, choose(state, card))
    assert state.player(MATTHEW).coins == 20
    state, _ = play(state, {"type": "reveal_characters", "cards": [{"name": "Jester", "crowns": 1},
                                                            {"name": "Monk", "crosses": 2}]})
    assert [c.name for c in state.display] == ["Jester", "Monk"]


OWN_DECK = {"start_cards": [POPE, RICH_MERCHANT, {"name": "Abbess", "coins": 3, "crosses": 1, "crowns": 1}],
            "characters": [{"name": "Jester", "citizens": 1, "crowns": 1}, {"name": "Monk", "crosses": 2},
                           {"name": "Mayor", "citizens": 2, "crowns": 1}],
            "copies": 2}


def test_a_game_started_with_its_own_deck_takes_that_decks_cards():
    state = start(PLAYERS, {"deck": OWN_DECK})
    for card in (POPE, RICH_MERCHANT):
        state, _ = play(state, choose(state, card))
    assert state.player(MATTHEW).coins == 20
    # ... and checks them against it
    assert refused(state, choose(state, start_cards()[2].to_json(with_coins=True))).code == "unknown_start_card"
    state, _ = play(state, choose(state, OWN_DECK["start_cards"][2]),
                    {"type": "reveal_characters", "cards": OWN_DECK["characters"][:2]})
    assert [c.name for c in state.display] == ["Jester", "Monk"]
    view = GAME.view(state)
    assert view["deck_source"] == "custom" and [c["name"] for c in view["start_cards"]] == ["Pope", "Merchant", "Abbess"]
    assert [(c["name"], c["copies"], c["to_draw"]) for c in view["character_deck"]] == \
        [("Jester", 2, 1), ("Monk", 2, 1), ("Mayor", 2, 2)]


def test_a_digital_game_deals_from_its_own_deck():
    import random
    state = start(PLAYERS, {"deck": OWN_DECK})
    assert [m["card"]["name"] for m in GAME.legal_moves(state)] == ["Pope", "Merchant", "Abbess"]
    state = choose_start_cards(state)
    reveal = GAME.chance_move(state, random.Random(1))
    assert {c["name"] for c in reveal["cards"]} <= {"Jester", "Monk", "Mayor"}
    with pytest.raises(RuleViolation) as error:
        GAME.complete_move(start(PLAYERS, {"deck": OWN_DECK}), choose(start(PLAYERS), RICH_MERCHANT | {"coins": 5}),
                           random.Random(1))
    assert error.value.code == "start_card_contents"


def test_a_deck_needs_a_start_card_for_every_player():
    with pytest.raises(RuleViolation) as error:
        start(["Anna", "Bert", "Clara", "Dora"], {"deck": OWN_DECK})
    assert error.value.code == "deck_start_cards"
    assert error.value.message == "The deck has 3 start cards: every one of the 4 players chooses one."


# -- through the HTTP API ----------------------------------------------------------------------
def test_over_http_an_invented_start_card_is_a_422_and_a_table_with_its_own_deck_records_it(client):
    def new_game(options=None):
        answer = client.post("/api/games", json={"game": "vienna", "players": PLAYERS, "options": options or {}})
        assert answer.status_code == 201, answer.json
        return f"/api/games/{answer.json['id']}", {"Authorization": f"Bearer {answer.json['tokens']['scorekeeper']}"}

    url, headers = new_game()
    for card, code in ((POPE, "unknown_start_card"), (RICH_MERCHANT, "start_card_contents")):
        answer = client.post(f"{url}/moves", json={"move": {"type": "choose_start_card", "seat": NANCY, "card": card}},
                             headers=headers)
        assert answer.status_code == 422 and answer.json["code"] == code
        assert answer.json["rule"] == "Contents"
    assert client.get(f"{url}/state").json["version"] == 1
    url, headers = new_game({"deck": OWN_DECK})
    answer = client.post(f"{url}/moves", json={"move": {"type": "choose_start_card", "seat": NANCY, "card": POPE}},
                         headers=headers)
    assert answer.status_code == 201, answer.json
    twice = {**OWN_DECK, "characters": [{"name": "Monk", "crosses": 1}, {"name": "Monk", "crosses": 2}]}
    answer = client.post("/api/games", json={"game": "vienna", "players": PLAYERS, "options": {"deck": twice}})
    assert answer.status_code == 422 and "deck" in answer.json["fields"]["options"], answer.json


@pytest.mark.parametrize("options", [{}, {"board": DOUBLE_MOVE_BOARD}], ids=["default board", "double-move board"])
def test_in_random_games_the_offer_follows_every_regular_turn_of_a_holder_with_dice(options):
    import random
    from domain.rules import random_move
    offers = alone = 0
    for seed in range(10):
        rng, state = random.Random(seed), start(PLAYERS, options)
        for _ in range(600):
            if GAME.finished(state):
                break
            move = random_move(GAME, state, rng)
            before = state
            state, _ = play(state, move)
            if move["type"] != "place" or before.double_turn or state.phase != "placing":
                continue
            holder = move["seat"] == state.holder("double_move") and not state.double_move_used
            if holder and state.player(move["seat"]).dice:
                assert state.offer == move["seat"]
                offers += 1
                alone += state.turn == move["seat"]
    assert offers and alone

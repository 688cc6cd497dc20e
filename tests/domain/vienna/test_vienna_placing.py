"""How to Play: rolling, paying to change the roll, placing dice down the street,
the lightning fields, the double move and the dice joker."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domain.rules import TABLE, MalformedMove, RuleViolation
from domain.vienna import GAME
from vienna_table import facts, holding, occupy, play, rolled, table, with_player

PLAYERS = ["Sabrina", "Matthew", "Nancy", "Oscar"]


def place(seat, field, *dice, **extra):
    return {"type": "place", "seat": seat, "field": field, "dice": list(dice), **extra}


def refused(state, move):
    with pytest.raises(RuleViolation) as error:
        play(state, move)
    return error.value


@pytest.fixture
def game():
    """Sabrina (yellow) is the start player; Matthew, Nancy and Oscar follow."""
    return table(PLAYERS)


def roll(seat, *dice):
    return {"type": "roll", "seat": seat, "dice": list(dice)}


def test_the_rulebook_example_sabrina_matthew_and_nancy_place_down_the_street(game):
    # Sabrina rolled 2/2/3/5 and places one of her 2s on the Secession.
    state, outcome = play(game, roll("Sabrina", "2", "2", "3", "5"), place("Sabrina", "Secession", "2"))
    assert state.street[state.board.index("Secession")].seat == "Sabrina"
    assert state.player("Sabrina").dice == ("2", "3", "5")
    assert GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["roll"]}
    # Matthew places his blue 4 on the Heldenplatz, Nancy her red 2 on the Oper.
    state, _ = play(state, roll("Matthew", "4", "6", "3", "3"), place("Matthew", "Heldenplatz", "4"),
                    roll("Nancy", "2", "5", "1", "1"), place("Nancy", "Oper", "2"),
                    roll("Oscar", "6", "6", "6", "6"), place("Oscar", "Geheimbund", "6", "6"))
    # Sabrina places her 2 and 3 (= 5) on the Rathaus; she does not roll again.
    assert GAME.expected(state).to_json() == {"seats": ["Sabrina"], "moves": ["reroll", "turn_die", "place"]}
    state, outcome = play(state, place("Sabrina", "Rathaus", "2", "3"))
    assert facts(outcome, "placed") == [{"fact": "placed", "seat": "Sabrina", "field": "Rathaus", "dice": ["2", "3"]}]
    # Matthew places his 6 on the Café Landtmann, Nancy her 5 on the Universität.
    state, _ = play(state, place("Matthew", "Café Landtmann", "6"), place("Nancy", "Universität", "5"),
                    place("Oscar", "Geheimbund", "6"))
    # The Universität, where Sabrina meant to place her last die, is taken.
    assert refused(state, place("Sabrina", "Universität", "5")).code == "field_occupied"
    # She places her 5 on the Burgtheater, but pays 1 coin: she is already further down the street.
    coins = state.player("Sabrina").coins
    state, outcome = play(state, place("Sabrina", "Burgtheater", "5"))
    assert state.player("Sabrina").coins == coins - 1
    assert facts(outcome, "coins", seat="Sabrina") == [
        {"fact": "coins", "seat": "Sabrina", "coins": -1, "why": "turning the coach back to Burgtheater"}]
    assert state.player("Sabrina").dice == ()


def test_going_back_up_the_street_is_refused_without_a_coin(game):
    state = rolled(game, "Sabrina", ["5", "6", "6", "6"])
    state, _ = play(state, place("Sabrina", "Café Landtmann", "6"))
    state = with_player(state, "Sabrina", coins=0)
    state = play(state, roll("Matthew", "1", "1", "1", "1"), place("Matthew", "Geheimbund", "1"),
                 roll("Nancy", "1", "1", "1", "1"), place("Nancy", "Geheimbund", "1"),
                 roll("Oscar", "1", "1", "1", "1"), place("Oscar", "Geheimbund", "1"))[0]
    error = refused(state, place("Sabrina", "Burgtheater", "5"))
    assert error.code == "no_coin_to_turn_back"
    assert "Café Landtmann" in error.message and "1 coin" in error.message
    # further down the street needs no coin, and the Geheimbund is off the street
    play(state, place("Sabrina", "Schönbrunn", "6", "6"))
    state, outcome = play(state, place("Sabrina", "Geheimbund", "6", "5"))
    assert state.player("Sabrina").coins == 2 and state.player("Sabrina").position == state.board.index("Café Landtmann")


def test_dice_must_match_the_field_value_alone_or_as_a_sum(game):
    state = rolled(game, "Sabrina", ["3", "4", "5", "6"])
    error = refused(state, place("Sabrina", "Oper", "3"))
    assert error.code == "value_mismatch" and error.message == "Oper needs 2; your dice show 3."
    assert refused(state, place("Sabrina", "Stephansdom", "3", "5")).message == \
        "Stephansdom needs 9; your dice show 3 + 5 = 8."
    play(state, place("Sabrina", "Stephansdom", "4", "5"))
    play(state, place("Sabrina", "Universität", "6"))
    play(state, place("Sabrina", "Universität", "5"))


def test_a_player_places_only_dice_in_front_of_them_and_only_on_their_turn(game):
    state = rolled(game, "Sabrina", ["3", "4", "5", "6"])
    assert refused(state, place("Sabrina", "Oper", "2")).code == "die_not_held"
    assert refused(state, place("Matthew", "Heldenplatz", "4")).code == "not_your_turn"
    with pytest.raises(MalformedMove):
        GAME.load_move(place("Sabrina", "Rathaus", "2", "2", "1"))
    assert refused(state, place("Sabrina", "Hauptbahnhof", "3")).code == "unknown_field"


def test_the_doubles_fields_need_a_double_the_white_die_included(game):
    state = rolled(game, "Sabrina", ["3", "3", "4", "6"])
    assert refused(state, place("Sabrina", "Tiergarten", "3", "4")).code == "needs_double"
    assert refused(state, place("Sabrina", "Heuriger", "6")).code == "needs_double"
    play(state, place("Sabrina", "Tiergarten", "3", "3"))
    white = replace(game, white_die="Sabrina")
    state = rolled(white, "Sabrina", ["6", "1", "1", "1", "W6"])
    state, _ = play(state, place("Sabrina", "Heuriger", "W6", "6"))
    assert state.street[-1].dice == ("W6", "6")


def test_the_white_die_goes_only_with_another_die_except_on_the_geheimbund(game):
    state = replace(game, white_die="Sabrina")
    assert refused(state, roll("Sabrina", "1", "2", "3", "4")).code == "dice_count"
    state = rolled(state, "Sabrina", ["1", "2", "3", "4", "W2"])
    error = refused(state, place("Sabrina", "Oper", "W2"))
    assert error.code == "white_die_alone"
    play(state, place("Sabrina", "Rathaus", "W2", "3"))
    new, outcome = play(state, place("Sabrina", "Geheimbund", "W2"))
    assert facts(outcome, "coins") == [{"fact": "coins", "seat": "Sabrina", "coins": 1, "why": "Geheimbund"}]


def test_the_geheimbund_takes_any_dice_of_any_players_and_pays_a_coin_per_die(game):
    state = rolled(game, "Sabrina", ["6", "1", "2", "3"])
    coins = state.player("Sabrina").coins
    state, outcome = play(state, place("Sabrina", "Geheimbund", "6", "1"))
    assert state.player("Sabrina").coins == coins + 2
    state, _ = play(state, roll("Matthew", "6", "1", "2", "3"), place("Matthew", "Geheimbund", "2"))
    assert [(p.seat, p.dice) for p in state.geheimbund] == [("Sabrina", ("6", "1")), ("Matthew", ("2",))]
    assert state.player("Sabrina").position == -1


def test_krieau_places_the_gendarme_and_gives_a_coin_or_a_victory_point(game):
    state = rolled(game, "Sabrina", ["1", "2", "3", "4"])
    assert refused(state, place("Sabrina", "Krieau", "1", take="vp")).code == "krieau_gendarme"
    assert refused(state, place("Sabrina", "Krieau", "1", gendarme="Oper")).code == "krieau_take"
    assert refused(state, place("Sabrina", "Krieau", "1", gendarme="Krieau", take="vp")).code == "gendarme_field"
    assert refused(state, place("Sabrina", "Krieau", "1", gendarme="Geheimbund", take="vp")).code == \
        "gendarme_field"
    assert refused(state, place("Sabrina", "Oper", "2", gendarme="Rathaus")).code == "not_krieau"
    vp = state.player("Sabrina").vp
    state, outcome = play(state, place("Sabrina", "Krieau", "1", gendarme="Oper", take="vp"))
    assert state.player("Sabrina").vp == vp + 1
    assert facts(outcome, "scored") == [{"fact": "scored", "seat": "Sabrina", "points": 1, "why": "Krieau"}]
    assert facts(outcome, "gendarme_placed") == [{"fact": "gendarme_placed", "seat": "Sabrina", "field": "Oper"}]
    # the die stays on the Krieau: it comes back only after the evaluation
    assert state.street[state.board.index("Krieau")].dice == ("1",) and state.player("Sabrina").dice == ("2", "3", "4")
    state, _ = play(state, roll("Matthew", "2", "2", "5", "5"))
    error = refused(state, place("Matthew", "Oper", "2"))
    assert error.code == "gendarme" and "until the evaluation" in error.message
    # the Gendarme goes only on a free field
    other = rolled(game, "Sabrina", ["2", "1", "1", "1"])
    other, _ = play(other, place("Sabrina", "Oper", "2"), roll("Matthew", "1", "2", "3", "4"))
    assert refused(other, place("Matthew", "Krieau", "1", gendarme="Oper", take="coin")).code == "gendarme_field"
    coins = other.player("Matthew").coins
    other, _ = play(other, place("Matthew", "Krieau", "1", gendarme="Secession", take="coin"))
    assert other.player("Matthew").coins == coins + 1


def test_prater_turns_one_of_your_dice_onto_any_side(game):
    state = rolled(game, "Sabrina", ["1", "2", "3", "4"])
    assert refused(state, place("Sabrina", "Prater", "1", turn="2")).code == "prater_turn"
    assert refused(state, place("Sabrina", "Prater", "1", turn="6", to="5")).code == "die_not_held"
    assert refused(state, place("Sabrina", "Prater", "1", turn="2", to="2")).code == "prater_turn"
    assert refused(state, place("Sabrina", "Oper", "2", turn="3", to="6")).code == "not_prater"
    new, outcome = play(state, place("Sabrina", "Prater", "1", turn="2", to="6"))
    assert sorted(new.player("Sabrina").dice) == ["3", "4", "6"]
    assert facts(outcome, "die_turned")[0]["to"] == "6"
    # turning is allowed, not required
    new, _ = play(state, place("Sabrina", "Prater", "1"))
    assert sorted(new.player("Sabrina").dice) == ["2", "3", "4"]


def test_a_reroll_or_a_turn_by_one_costs_a_coin_each_as_often_as_you_can_pay(game):
    state = with_player(rolled(game, "Sabrina", ["1", "2", "3", "6"]), "Sabrina", coins=2)
    state, outcome = play(state, {"type": "reroll", "seat": "Sabrina", "dice": ["1", "2"], "result": ["5", "4"]})
    assert sorted(state.player("Sabrina").dice) == ["3", "4", "5", "6"]
    assert state.player("Sabrina").coins == 1
    error = refused(state, {"type": "turn_die", "seat": "Sabrina", "die": "3", "to": "5"})
    assert error.code == "turn_by_one" and "2 or 4" in error.message
    state, _ = play(state, {"type": "turn_die", "seat": "Sabrina", "die": "6", "to": "5"})
    assert sorted(state.player("Sabrina").dice) == ["3", "4", "5", "5"] and state.player("Sabrina").coins == 0
    assert refused(state, {"type": "turn_die", "seat": "Sabrina", "die": "3", "to": "4"}).code == "no_coin"
    assert GAME.expected(state).moves == ("place",)


def test_a_reroll_needs_its_result_at_the_table_and_the_service_rolls_it_in_digital_mode(game):
    state = rolled(game, "Sabrina", ["1", "2", "3", "6"])
    move = GAME.load_move({"type": "reroll", "seat": "Sabrina", "dice": ["1", "6"]})
    with pytest.raises(RuleViolation) as error:
        GAME.check(state, move)
    assert error.value.code == "reroll_result"
    assert refused(state, {"type": "reroll", "seat": "Sabrina", "dice": ["1"], "result": ["2", "3"]}).code == \
        "reroll_result"
    assert refused(state, {"type": "reroll", "seat": "Sabrina", "dice": ["5"], "result": ["2"]}).code == \
        "die_not_held"
    completed = GAME.complete_move(state, move, random.Random(1))
    assert len(completed["result"]) == 2
    GAME.check(state, completed)
    # rerolls are too many to list (6 faces per die); every listed move can be posted as it is
    listed = GAME.legal_moves(state)
    assert "reroll" in GAME.expected(state).moves and {m["type"] for m in listed} == {"turn_die", "place"}
    for listed_move in listed:
        GAME.check(state, listed_move)


def test_in_digital_mode_the_service_rolls_and_start_cards_come_from_the_default_deck():
    """complete_move runs only in digital mode: there the service rolls, so a
    client's roll or reroll result is refused."""
    state = table(PLAYERS)
    rng = random.Random(1)
    for move in ({"type": "roll", "seat": "Sabrina", "dice": ["6", "6", "6", "6"]},
                 {"type": "reroll", "seat": "Sabrina", "dice": ["1"], "result": ["6"]}):
        with pytest.raises(RuleViolation) as error:
            GAME.complete_move(state, GAME.load_move(move), rng)
        assert error.value.code == "digital_chance" and error.value.rule == "Digital mode"
    # the start cards are the default deck's, not any card a player writes down
    setup = GAME.setup(PLAYERS, {})
    with pytest.raises(RuleViolation) as error:
        GAME.complete_move(setup, GAME.load_move({"type": "choose_start_card", "seat": "Oscar", "card": {
            "name": "Croesus", "coins": 20, "citizens": 9}}), rng)
    assert error.value.code == "unknown_start_card"


def test_a_player_without_dice_forfeits_the_turn():
    state = table(["Anna", "Bert", "Clara"])
    state = play(state, roll("Anna", "2", "2", "3", "4", "5"), place("Anna", "Geheimbund", "2", "2"),
                 roll("Bert", "1", "1", "1", "1", "1"), place("Bert", "Geheimbund", "1"),
                 roll("Clara", "6", "6", "6", "6", "6"), place("Clara", "Geheimbund", "6"),
                 place("Anna", "Geheimbund", "3", "4"), place("Bert", "Geheimbund", "1"),
                 place("Clara", "Geheimbund", "6"), place("Anna", "Geheimbund", "5"),
                 place("Bert", "Geheimbund", "1"))[0]
    state, outcome = play(state, place("Clara", "Geheimbund", "6"))
    assert facts(outcome, "turn_forfeited") == [{"fact": "turn_forfeited", "seat": "Anna", "why": "no dice left"}]
    assert state.turn == "Bert"
    state, _ = play(state, place("Bert", "Geheimbund", "1", "1"))
    # Clara's last dice end the placing: every die is on the board
    state, outcome = play(state, place("Clara", "Geheimbund", "6", "6"))
    assert facts(outcome, "evaluation_started") and state.phase == "reveal"


def test_the_double_move_card_grants_one_more_full_turn_per_round(game):
    state = holding(game, "Sabrina", "double_move")
    state = rolled(state, "Sabrina", ["2", "3", "4", "5"])
    state, _ = play(state, place("Sabrina", "Oper", "2"))
    assert GAME.expected(state).to_json() == {"seats": ["Sabrina", TABLE], "moves": ["double_move", "roll"]}
    assert refused(state, {"type": "double_move", "seat": "Matthew"}).code == "double_move_not_now"
    doubled, outcome = play(state, {"type": "double_move", "seat": "Sabrina"})
    assert outcome == [{"fact": "double_move", "seat": "Sabrina"}]
    assert GAME.expected(doubled).seats == ("Sabrina",)
    doubled, _ = play(doubled, {"type": "turn_die", "seat": "Sabrina", "die": "3", "to": "4"},
                      place("Sabrina", "Heldenplatz", "4"))
    # no second double move after the double move, and once per round only
    assert doubled.offer is None and doubled.turn == "Matthew"
    doubled, _ = play(doubled, roll("Matthew", "1", "1", "1", "1"), place("Matthew", "Geheimbund", "1"),
                      roll("Nancy", "1", "1", "1", "1"), place("Nancy", "Geheimbund", "1"),
                      roll("Oscar", "1", "1", "1", "1"), place("Oscar", "Geheimbund", "1"),
                      place("Sabrina", "Geheimbund", "4"))
    assert doubled.offer is None
    assert refused(doubled, {"type": "double_move", "seat": "Sabrina"}).message == \
        "Sabrina cannot make a double move: Sabrina has already used the double-move card this round."
    # declining: when the table must roll next, the player says so
    declined, outcome = play(state, {"type": "double_move", "seat": "Sabrina", "use": False})
    assert GAME.expected(declined).to_json() == {"seats": [TABLE], "moves": ["roll"]}
    # the next player's move also closes the offer
    moved, _ = play(state, roll("Matthew", "1", "1", "1", "1"))
    assert moved.offer is None
    assert refused(moved, {"type": "double_move", "seat": "Sabrina"}).code == "double_move_not_now"


def test_the_dice_joker_holder_lays_every_1_on_the_card_and_gives_it_any_face(game):
    state = holding(game, "Sabrina", "dice_joker")
    state = rolled(state, "Sabrina", ["1", "1", "3", "4"])
    assert state.player("Sabrina").dice == ("J", "J", "3", "4")
    state = with_player(state, "Sabrina", coins=3)
    state, _ = play(state, {"type": "turn_die", "seat": "Sabrina", "die": "4", "to": "3"},
                    {"type": "reroll", "seat": "Sabrina", "dice": ["3"], "result": ["1"]})
    assert sorted(state.player("Sabrina").dice) == ["3", "J", "J", "J"]
    # a die on the card takes any face when placed: it is neither rerolled nor turned
    assert refused(state, {"type": "reroll", "seat": "Sabrina", "dice": ["J"], "result": ["3"]}).code == "joker_die"
    assert refused(state, {"type": "turn_die", "seat": "Sabrina", "die": "J", "to": "3"}).code == "joker_die"
    assert refused(state, place("Sabrina", "Prater", "J1", turn="J", to="4")).code == "joker_die"
    state, outcome = play(state, place("Sabrina", "Schönbrunn", "J6", "J6"))
    assert state.street[state.board.index("Schönbrunn")].dice == ("J6", "J6")
    assert sorted(state.player("Sabrina").dice) == ["3", "J"]
    # another player's 1 stays a 1
    state, _ = play(state, roll("Matthew", "1", "2", "3", "4"))
    assert "1" in state.player("Matthew").dice


def test_the_gendarme_stays_beside_the_board_when_no_field_is_free(game):
    state = game
    for field in state.board.street[1:]:
        state = occupy(state, field.name, "Oscar", ["6"])
    state = rolled(state, "Sabrina", ["1", "2", "3", "4"])
    state, outcome = play(state, place("Sabrina", "Krieau", "1", take="coin"))
    assert state.gendarme is None and facts(outcome, "gendarme_placed") == []

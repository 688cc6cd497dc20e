"""A last audit of Vienna against its rulebook: the cases the other test
files leave out, each quoting the rule it checks."""
from __future__ import annotations

from dataclasses import replace

import pytest

from domain.rules import TABLE, RuleViolation
from domain.vienna import GAME
from vienna_table import collection, evaluate, facts, holding, occupy, play, rolled, table, with_player

FOUR = ["Sabrina", "Matthew", "Nancy", "Oscar"]


def place(seat, field, *dice, **extra):
    return {"type": "place", "seat": seat, "field": field, "dice": list(dice), **extra}


def roll(seat, *dice):
    return {"type": "roll", "seat": seat, "dice": list(dice)}


def refused(state, move):
    with pytest.raises(RuleViolation) as error:
        play(state, move)
    return error.value


def reveal(state, count):
    """The table turns over ``count`` different characters from the draw pile."""
    cards = list({c.name: c.to_json() for c in state.pile}.values())[:count]
    return {"type": "reveal_characters", "cards": cards}


def scored(outcome, seat):
    return sum(f["points"] for f in facts(outcome, "scored", seat=seat))


@pytest.fixture
def game():
    """Four players with empty collections and no coins, Sabrina the start
    player; Sabrina's neighbours are Matthew (left) and Oscar (right)."""
    state = table(FOUR)
    for seat in FOUR:
        state = collection(state, seat, coins=0)
    return state


# -- Comparison Fields ---------------------------------------------------------------
def test_a_comparison_is_with_both_neighbours_and_never_the_player_across(game):
    # "compares them with the corresponding number of symbols on both of his
    # neighbours' cards": Nancy sits across from Sabrina and does not count.
    state = collection(game, "Sabrina", crowns=2)
    state = collection(state, "Matthew", crowns=2)
    state = collection(state, "Nancy", crowns=9)
    state = collection(state, "Oscar", crowns=3)
    state = occupy(state, "Schloss Belvedere", "Sabrina", ["4", "6"])
    state, outcome = evaluate(state)
    assert [(f["neighbour"], f["mine"], f["theirs"]) for f in facts(outcome, "compared")] == \
        [("Matthew", 2, 2), ("Oscar", 2, 3)]
    # a tie with Matthew gives 1 VP; Oscar's majority gives nothing
    assert scored(outcome, "Sabrina") == 1 and state.player("Sabrina").coins == 0


def test_two_majorities_give_twice_2_vp_and_1_coin(game):
    # "receives victory points and coins, if any, for every tie and every majority"
    state = collection(game, "Sabrina", citizens=1)
    state = occupy(state, "Pestsäule", "Sabrina", ["4", "4"])
    state, outcome = evaluate(state)
    assert scored(outcome, "Sabrina") == 4 and state.player("Sabrina").coins == 2
    # only the player evaluating the field scores: the neighbours get nothing
    assert scored(outcome, "Matthew") == scored(outcome, "Oscar") == 0


def test_cards_taken_earlier_in_the_evaluation_count_at_a_later_comparison(game):
    # "Evaluate in the same order along the street": the Café Landtmann (6)
    # comes before the Stephansdom (9), so the card taken there counts.
    state = with_player(game, "Sabrina", coins=1)
    state = replace(state, display=(state.display[0], replace(state.display[1], name="Cardinal", crosses=2)))
    state = occupy(state, "Café Landtmann", "Sabrina", ["6"])
    state = occupy(state, "Stephansdom", "Sabrina", ["4", "5"])
    state, _ = evaluate(state)
    state, outcome = play(state, {"type": "take_character", "seat": "Sabrina", "card": "Cardinal"})
    assert [(f["mine"], f["theirs"]) for f in facts(outcome, "compared")] == [(2, 0), (2, 0)]
    assert scored(outcome, "Sabrina") == 4 and state.player("Sabrina").coins == 2


def test_the_more_influence_card_takes_its_symbols_to_its_new_holder(game):
    # "unlike the other 'normal' character cards, this card can change hands if
    # another player occupies the corresponding field"
    state = holding(game, "Matthew", "more_influence")
    state = occupy(state, "Universität", "Sabrina", ["6"])
    state = occupy(state, "Pestsäule", "Sabrina", ["4", "4"])
    state, outcome = evaluate(state)
    assert state.holder("more_influence") == "Sabrina"
    assert [(f["neighbour"], f["mine"], f["theirs"]) for f in facts(outcome, "compared")] == \
        [("Matthew", 1, 0), ("Oscar", 1, 0)]
    assert GAME.view(state)["players"]["Matthew"]["symbols"] == {"citizens": 0, "crosses": 0, "crowns": 0}


def test_the_gloriette_pays_like_fields_8_to_10_and_a_tie_gives_1_vp(game):
    # "A majority and a tie both yield the same number of points as on fields
    # 8 through 10"; "Before he can compare, he has to pay 1 coin."
    state = collection(game, "Sabrina", crowns=1, coins=1)
    state = collection(state, "Oscar", crowns=1)
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, outcome = evaluate(state)
    assert facts(outcome, "coins", seat="Sabrina") == [
        {"fact": "coins", "seat": "Sabrina", "coins": -1, "why": "Gloriette"}]
    state, outcome = play(state, {"type": "gloriette", "seat": "Sabrina", "symbol": "crowns"})
    assert scored(outcome, "Sabrina") == 2 + 1 and state.player("Sabrina").coins == 1


def test_the_gloriette_choice_belongs_to_the_occupant_and_counts_for_the_round(game):
    # "a player cannot count the same symbol 2x in the same round": the choice
    # made at the Gloriette is remembered until the round is over.
    state = collection(game, "Sabrina", coins=3)
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, _ = evaluate(state)
    assert GAME.expected(state).to_json() == {"seats": ["Sabrina"], "moves": ["gloriette"]}
    assert refused(state, {"type": "gloriette", "seat": "Matthew", "symbol": "crowns"}).code == "not_your_field"
    state, _ = play(state, {"type": "gloriette", "seat": "Sabrina", "symbol": "crowns"})
    # a new round: nothing is counted any more
    assert state.phase == "reveal" and state.player("Sabrina").counted == frozenset()


def test_each_player_picks_up_their_dice_once_their_field_is_evaluated(game):
    # "Once the action has been completed, and points rewarded, the player picks
    # up his dice from the field and attention is turned to the next occupied
    # field"; dice on the lightning fields stay until the evaluation is over.
    state = occupy(game, "Krieau", "Oscar", ["1"])
    state = occupy(state, "Oper", "Matthew", ["2"])
    state = occupy(state, "Café Landtmann", "Sabrina", ["6"])
    state = occupy(state, "Schönbrunn", "Nancy", ["6", "6"])
    state, _ = evaluate(with_player(state, "Sabrina", coins=1))
    board = {b["field"]: b["seat"] for b in GAME.view(state)["board"] if b["seat"]}
    assert board == {"Krieau": "Oscar", "Café Landtmann": "Sabrina", "Schönbrunn": "Nancy"}
    state, _ = play(state, {"type": "take_character", "seat": "Sabrina", "card": state.display[0].name})
    assert all(b["seat"] is None for b in GAME.view(state)["board"])


# -- Coins, character cards, special cards ---------------------------------------------------
def test_a_payment_the_player_can_just_afford_is_made(game):
    # "the player must (as long as he has enough coins) pay the required amount"
    state = occupy(with_player(game, "Sabrina", coins=3), "Rathaus", "Sabrina", ["5"])
    state, outcome = evaluate(state)
    assert state.player("Sabrina").coins == 0 and scored(outcome, "Sabrina") == 5
    assert facts(outcome, "field_forfeited") == []


def test_coins_won_earlier_in_the_evaluation_pay_for_a_later_field(game):
    # Fields are evaluated one after the other: the Naschmarkt's 2 coins (3)
    # are in hand when the Rathaus (5) asks for 3.
    state = with_player(game, "Sabrina", coins=1)
    state = occupy(state, "Naschmarkt", "Sabrina", ["3"])
    state = occupy(state, "Rathaus", "Sabrina", ["5"])
    state, outcome = evaluate(state)
    assert state.player("Sabrina").coins == 0 and scored(outcome, "Sabrina") == 5


def test_a_forfeited_character_field_leaves_the_card_for_the_next_field(game):
    # "If, however, you do not have enough coins, then you pay zero coins and
    # the action is forfeited." The card stays in the display.
    state = occupy(game, "Café Landtmann", "Sabrina", ["6"])
    state = occupy(state, "Café Sacher", "Matthew", ["6"])
    state = with_player(state, "Matthew", coins=1)
    display = [c.name for c in state.display]
    state, outcome = evaluate(state)
    assert facts(outcome, "cannot_pay_character") == [
        {"fact": "cannot_pay_character", "seat": "Sabrina", "field": "Café Landtmann", "cost": 1}]
    assert GAME.view(state)["pending"] == {"decision": "take_character", "seat": "Matthew", "field": "Café Sacher",
                                           "options": display, "cost": 1}
    state, _ = play(state, {"type": "take_character", "seat": "Matthew", "card": display[2]})
    assert state.player("Matthew").coins == 0 and state.player("Sabrina").characters == ()


def test_a_player_may_hold_the_same_character_twice(game):
    # "A player may very well have the same character card multiple times in his collection."
    card = game.display[0]
    state = with_player(game, "Sabrina", characters=(card,))
    state = occupy(state, "Café Central", "Sabrina", ["6"])
    state, _ = evaluate(state)
    state, _ = play(state, {"type": "take_character", "seat": "Sabrina", "card": card.name})
    assert state.player("Sabrina").characters == (card, card)


def test_the_clock_changes_hands_and_its_new_holder_starts_the_next_round(game):
    # Start player: "This player begins the next round. He is the first to
    # roll his dice". Special cards "stay where they are in front of the players".
    state = holding(game, "Nancy", "double_move")
    state = occupy(state, "Hofburg", "Oscar", ["3"])
    state, outcome = evaluate(state)
    assert facts(outcome, "special_card_taken") == [
        {"fact": "special_card_taken", "seat": "Oscar", "card": "start_player", "from": "Sabrina",
         "field": "Hofburg"}]
    assert state.holder("double_move") == "Nancy"
    state, _ = play(state, reveal(state, 3))
    assert state.turn == "Oscar" and GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["roll"]}
    state, _ = play(state, roll("Oscar", "1", "2", "3", "4"), place("Oscar", "Oper", "2"))
    # then clockwise: Sabrina sits to Oscar's left
    assert state.turn == "Sabrina"


def test_the_heuriger_counts_only_the_special_cards_held_when_it_is_evaluated(game):
    # "For each special card (red background) the player has during the
    # evaluation period, he receives 1 victory point." Sabrina loses the clock
    # at the Hofburg before her Heuriger is evaluated; Matthew has none.
    state = holding(game, "Sabrina", "dice_joker")
    state = occupy(state, "Hofburg", "Matthew", ["3"])
    state = occupy(state, "Heuriger", "Sabrina", ["5", "5"])
    state, outcome = evaluate(state)
    assert facts(outcome, "scored", seat="Sabrina") == [
        {"fact": "scored", "seat": "Sabrina", "points": 1, "why": "Heuriger: 1 special card"}]
    state = occupy(game, "Heuriger", "Matthew", ["5", "5"])
    state, outcome = evaluate(state)
    assert scored(outcome, "Matthew") == 0


# -- Tiergarten ------------------------------------------------------------------------
def test_the_tiergarten_may_take_fewer_than_3_coins_and_lists_its_options(game):
    # "the player can take up to 3 coins from a player, or 1 coin each from two
    # different players"
    state = with_player(with_player(game, "Matthew", coins=2), "Nancy", coins=1)
    state = occupy(state, "Tiergarten", "Sabrina", ["4", "4"])
    state, _ = evaluate(state)      # Oscar's last die goes to the Geheimbund: he has 1 coin too
    options = GAME.view(state)["pending"]["options"]
    assert {"Matthew": 2} in options and {"Matthew": 3} not in options
    assert {"Matthew": 1, "Nancy": 1} in options and {"Nancy": 1, "Oscar": 1} in options
    assert all(sum(o.values()) <= 3 for o in options)
    # only the coins a player has can be taken
    assert refused(state, {"type": "tiergarten", "seat": "Sabrina", "take": {"Nancy": 2}}).message == \
        "You cannot take 2 from Nancy: Nancy has only 1 coin."
    state, outcome = play(state, {"type": "tiergarten", "seat": "Sabrina", "take": {"Matthew": 1}})
    assert facts(outcome, "coins") == [
        {"fact": "coins", "seat": "Matthew", "coins": -1, "why": "Tiergarten: taken by Sabrina"},
        {"fact": "coins", "seat": "Sabrina", "coins": 1, "why": "Tiergarten: taken from Matthew"}]


def test_the_tiergarten_takes_coins_as_they_are_when_it_is_evaluated(game):
    # Matthew pays 3 coins at the Rathaus (5) before the Tiergarten is evaluated.
    state = with_player(game, "Matthew", coins=4)
    state = occupy(state, "Rathaus", "Matthew", ["5"])
    state = occupy(state, "Tiergarten", "Sabrina", ["4", "4"])
    state = with_player(state, "Oscar", coins=-1)       # 0 after his Geheimbund coin
    state, outcome = evaluate(state)
    # Matthew's last coin is all there is: it is taken without a choice
    assert state.player("Matthew").coins == 0 and state.player("Sabrina").coins == 1


# -- Placing: the white die, going back, doubles, the Gendarme ---------------------------------
def test_a_player_left_with_only_the_white_die_places_it_on_the_geheimbund(game):
    # "the additional die can only be placed on the board in combination with
    # another die (exception: Geheimbund)"
    state = replace(game, white_die="Sabrina")
    state = rolled(state, "Sabrina", ["2", "3", "4", "5", "W6"])
    state = with_player(state, "Sabrina", dice=("W6",))
    assert refused(state, place("Sabrina", "Schönbrunn", "W6")).code == "white_die_alone"
    assert refused(state, place("Sabrina", "Heuriger", "W6")).code == "white_die_alone"
    state, outcome = play(state, place("Sabrina", "Geheimbund", "W6"))
    assert state.geheimbund[0].dice == ("W6",) and state.player("Sabrina").coins == 1


def test_going_back_costs_1_coin_however_far_and_counts_from_the_new_field(game):
    # "By paying 1 coin, you can also place your dice on a field further back
    # in the street"; "you always have to place new dice further down the
    # street from where you last placed your dice".
    state = with_player(rolled(game, "Sabrina", ["6", "6", "2", "5"]), "Sabrina", coins=1)
    state, _ = play(state, place("Sabrina", "Schönbrunn", "6", "6"))
    state = replace(state, turn="Sabrina")
    state, outcome = play(state, place("Sabrina", "Oper", "2"))
    assert facts(outcome, "coins") == [
        {"fact": "coins", "seat": "Sabrina", "coins": -1, "why": "turning the coach back to Oper"}]
    state = replace(state, turn="Sabrina")
    state, outcome = play(state, place("Sabrina", "Burgtheater", "5"))
    assert facts(outcome, "coins") == [] and state.player("Sabrina").coins == 0


def test_the_krieau_lies_behind_every_other_field(game):
    # The Krieau is the top of the street: after any other field, going there
    # means turning the coach.
    state = with_player(rolled(game, "Sabrina", ["2", "1", "3", "4"]), "Sabrina", coins=0)
    state, _ = play(state, place("Sabrina", "Secession", "2"))
    state = replace(state, turn="Sabrina")
    assert refused(state, place("Sabrina", "Krieau", "1", gendarme="Oper", take="coin")).code == \
        "no_coin_to_turn_back"


def test_a_doubles_field_with_values_wants_the_double_and_the_sum(game):
    # A custom board: a doubles field that also lists a value.
    board = {"fields": [f.to_json() for f in game.board.street] + [game.board.geheimbund.to_json()],
             "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {"citizens": 1}}
    board["fields"][-2]["values"] = [12]
    state = table(FOUR, {"board": board})
    state = rolled(state, "Sabrina", ["5", "5", "6", "6"])
    assert refused(state, place("Sabrina", "Heuriger", "5", "5")).message == \
        "Heuriger needs a double summing to 12; your dice show 5 + 5 = 10."
    play(state, place("Sabrina", "Heuriger", "6", "6"))


def test_the_gendarme_blocks_even_the_player_who_placed_it(game):
    # "This field can no longer be occupied with dice until after the evaluation period."
    state = rolled(game, "Sabrina", ["1", "2", "2", "4"])
    state, _ = play(state, place("Sabrina", "Krieau", "1", gendarme="Oper", take="coin"))
    state = replace(state, turn="Sabrina")
    assert refused(state, place("Sabrina", "Oper", "2")).code == "gendarme"
    assert refused(state, place("Sabrina", "Oper", "2")).rule == "Special Fields"


# -- the double move and the dice joker ----------------------------------------------------------
def test_a_declined_double_move_can_be_played_after_a_later_turn(game):
    # "Once completing his regular turn, the player can play his double-move
    # card": the card is turned only once it is used.
    state = holding(game, "Sabrina", "double_move")
    state = rolled(state, "Sabrina", ["2", "3", "4", "5"])
    state, _ = play(state, place("Sabrina", "Oper", "2"), {"type": "double_move", "seat": "Sabrina", "use": False},
                    roll("Matthew", "1", "1", "1", "1"), place("Matthew", "Geheimbund", "1"),
                    roll("Nancy", "1", "1", "1", "1"), place("Nancy", "Geheimbund", "1"),
                    roll("Oscar", "1", "1", "1", "1"), place("Oscar", "Geheimbund", "1"),
                    place("Sabrina", "Naschmarkt", "3"))
    assert GAME.expected(state).seats == ("Sabrina", "Matthew")
    state, _ = play(state, {"type": "double_move", "seat": "Sabrina"})
    assert state.turn == "Sabrina" and state.double_move_used


def test_no_double_move_is_offered_to_a_player_without_dice(game):
    # "complete another full turn": with no dice left there is no turn to make.
    state = holding(game, "Sabrina", "double_move")
    state = rolled(state, "Sabrina", ["2", "3", "4", "5"])
    state = with_player(state, "Sabrina", dice=("2",))
    state, _ = play(state, place("Sabrina", "Oper", "2"))
    assert state.offer is None and GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["roll"]}


def test_a_die_turned_to_1_by_its_holder_goes_on_the_dice_joker(game):
    # "Further dice that have been changed to a 1 by either turning them over or
    # rolling them again ... can also be placed on this card. Whenever the player
    # uses one of these dice from this card, he can turn it over onto any side."
    state = holding(game, "Sabrina", "dice_joker")
    state = with_player(rolled(state, "Sabrina", ["2", "3", "3", "5"]), "Sabrina", coins=1)
    state, _ = play(state, {"type": "turn_die", "seat": "Sabrina", "die": "2", "to": "1"})
    assert sorted(state.player("Sabrina").dice) == ["3", "3", "5", "J"]
    state, _ = play(state, place("Sabrina", "Tiergarten", "J3", "3"))
    assert state.street[state.board.index("Tiergarten")].dice == ("J3", "3")


# -- rounds and the end --------------------------------------------------------------------
def test_the_next_round_discards_the_leftover_display_and_shows_players_minus_one_cards(game):
    # "If there are still some remaining character cards lying around from the
    # last round, put these onto the discard pile ... new character cards (one
    # card less than the number of players) are spread out"
    leftover = game.display
    state, _ = evaluate(game)
    assert state.display == () and state.discards == leftover
    assert refused(state, reveal(state, 2)).code == "display_size"
    state, outcome = play(state, reveal(state, 3))
    assert len(state.display) == 3 and facts(outcome, "characters_revealed")[0]["round"] == 2


def test_25_points_reached_while_placing_end_the_game_only_after_the_evaluation(game):
    # "After the evaluation period, as soon as a player has 25 or more victory
    # points, the game is over."
    state = with_player(game, "Sabrina", vp=24)
    state = rolled(state, "Sabrina", ["1", "2", "3", "4"])
    state, _ = play(state, place("Sabrina", "Krieau", "1", gendarme="Oper", take="vp"))
    assert state.player("Sabrina").vp == 25 and not GAME.finished(state)
    assert GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["roll"]}
    state, outcome = evaluate(state)
    assert GAME.finished(state) and outcome[-1]["fact"] == "game_over"


def test_the_final_majorities_are_over_each_neighbour_and_not_the_player_across(game):
    # "Determine if a player has a majority of any of the symbols over either of
    # his two neighbours. For every majority ... 1 point each. ... no points for a tie."
    state = collection(game, "Sabrina", citizens=2, crowns=1)
    state = collection(state, "Matthew", citizens=1, crowns=1)
    state = collection(state, "Nancy", citizens=5)
    state = collection(state, "Oscar", citizens=3)
    state = with_player(state, "Nancy", vp=25)
    state, outcome = evaluate(state)
    finals = {f["why"] for f in facts(outcome, "scored", seat="Sabrina")}
    assert finals == {"final: 2 citizens against Matthew's 1", "final: 1 crowns against Oscar's 0"}
    # Nancy: citizens over Matthew and Oscar; nothing against Sabrina across the table
    assert {f["why"] for f in facts(outcome, "scored", seat="Nancy")} == {
        "final: 5 citizens against Oscar's 3", "final: 5 citizens against Matthew's 1"}


def test_three_coins_make_one_point_and_the_rest_stays_for_the_tie_break(game):
    # "3 coins are worth 1 victory point." 8 coins: 2 points, 2 coins left.
    state = with_player(with_player(game, "Sabrina", vp=25, coins=8), "Matthew", vp=27, coins=0)
    state = holding(state, None, "start_player")
    state, _ = evaluate(state)
    assert GAME.scores(state)["Sabrina"] == 27 and state.player("Sabrina").coins == 2
    # Sabrina and Matthew tie on 27 and on special cards (none): Sabrina's 2 coins win
    assert GAME.winners(state) == ["Sabrina"]
    view = GAME.view(state)
    assert view["finished"] and view["winners"] == ["Sabrina"]


# -- through the HTTP API ----------------------------------------------------------------------
def test_going_back_without_a_coin_is_refused_over_http_and_changes_nothing(client):
    answer = client.post("/api/games", json={"game": "vienna", "players": ["Sabrina", "Matthew", "Nancy"]})
    url, token = f"/api/games/{answer.json['id']}", answer.json["tokens"]["scorekeeper"]
    headers = {"Authorization": f"Bearer {token}"}

    def post(move):
        return client.post(f"{url}/moves", json={"move": move}, headers=headers)

    cards = {"Nancy": ("Merchant", 5, 1, 0, 0), "Matthew": ("Baron", 5, 0, 0, 1), "Sabrina": ("Innkeeper", 3, 1, 1, 0)}
    moves = [{"type": "choose_start_card", "seat": seat, "card": dict(zip(
        ("name", "coins", "citizens", "crosses", "crowns"), cards[seat]))} for seat in ("Nancy", "Matthew", "Sabrina")]
    moves += [{"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1}, {"name": "Mayor", "citizens": 2, "crowns": 1}]},
              roll("Sabrina", "6", "5", "3", "3", "3"), place("Sabrina", "Café Landtmann", "6")]
    moves += [roll("Matthew", "1", "1", "1", "1", "1"), place("Matthew", "Geheimbund", "1"),
              roll("Nancy", "1", "1", "1", "1", "1"), place("Nancy", "Geheimbund", "1")]
    # Sabrina spends her 3 coins turning dice
    moves += [{"type": "turn_die", "seat": "Sabrina", "die": "3", "to": "4"}] * 3
    for move in moves:
        assert post(move).status_code == 201, move
    before = client.get(f"{url}/state").json
    assert before["players"]["Sabrina"]["coins"] == 0
    answer = post(place("Sabrina", "Burgtheater", "5"))
    assert answer.status_code == 422
    error = answer.json
    assert error["code"] == "no_coin_to_turn_back" and error["rule"]
    assert error["detail"] == ("Burgtheater lies behind Café Landtmann, where you last placed: "
                                "turning the coach around costs 1 coin and you have none.")
    assert client.get(f"{url}/state").json == before


def test_at_five_players_the_first_and_last_listed_are_neighbours():
    # Players sit round the table: Emil, listed last, sits between Dora and Anna.
    state = table(["Anna", "Bert", "Clara", "Dora", "Emil"])
    for seat, crosses in zip(state.seats, [3, 0, 9, 1, 2]):
        state = collection(state, seat, crosses=crosses, coins=0)
    state = occupy(state, "Stephansdom", "Emil", ["4", "5"])
    state, outcome = evaluate(state)
    assert [(f["neighbour"], f["theirs"]) for f in facts(outcome, "compared")] == [("Anna", 3), ("Dora", 1)]
    assert scored(outcome, "Emil") == 2


def test_a_custom_field_that_cannot_be_paid_forfeits_every_effect_on_it(game):
    # "If, however, you do not have enough coins, then you pay zero coins and
    # the action is forfeited", whatever order the board lists the effects in.
    board = {"fields": [f.to_json() for f in game.board.street] + [game.board.geheimbund.to_json()],
             "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {"citizens": 1}}
    board["fields"][3]["effects"] = [{"vp": 3}, {"coins": 1}, {"pay": 2}]
    state = table(FOUR, {"board": board})
    for seat in FOUR:
        state = collection(state, seat, coins=0)
    state = occupy(with_player(state, "Sabrina", coins=1), "Oper", "Sabrina", ["2"])
    new, outcome = evaluate(state)
    assert facts(outcome, "field_forfeited")[0]["field"] == "Oper"
    assert new.player("Sabrina").vp == state.player("Sabrina").vp and new.player("Sabrina").coins == 1
    new, outcome = evaluate(with_player(state, "Sabrina", coins=2))
    assert scored(outcome, "Sabrina") == 3 and new.player("Sabrina").coins == 1

"""Evaluation of the Action Fields, Special Fields, Next Round and End of Game."""
from __future__ import annotations

from dataclasses import replace

import pytest

from domain.rules import TABLE, RuleViolation
from domain.vienna import GAME
from vienna_table import collection, evaluate, facts, holding, occupy, play, table, with_player

THREE = ["Sabrina", "Matthew", "Nancy"]


@pytest.fixture
def game():
    """Three players with empty collections and no coins; Sabrina's neighbours are Matthew and Nancy."""
    state = table(THREE)
    for seat in THREE:
        state = collection(state, seat, coins=0)
    return state


def scored(outcome, seat):
    return sum(f["points"] for f in facts(outcome, "scored", seat=seat))


def test_the_rulebook_stephansdom_example_a_majority_and_a_tie(game):
    # Sabrina has 4 crosses, Nancy 2; Matthew has 3 but takes "more influence"
    # at the Universität earlier in this evaluation.
    state = collection(game, "Sabrina", crosses=4, coins=0)
    state = collection(state, "Matthew", crosses=3, coins=0)
    state = collection(state, "Nancy", crosses=2, coins=0)
    state = occupy(state, "Stephansdom", "Sabrina", ["4", "5"])
    state = occupy(state, "Universität", "Matthew", ["5"])
    vp = state.player("Sabrina").vp
    state, outcome = evaluate(state)
    assert facts(outcome, "special_card_taken") == [
        {"fact": "special_card_taken", "seat": "Matthew", "card": "more_influence", "from": None,
         "field": "Universität"}]
    assert [(f["neighbour"], f["mine"], f["theirs"]) for f in facts(outcome, "compared")] == \
        [("Matthew", 4, 4), ("Nancy", 4, 2)]
    # 2 VP and 1 coin for the majority over Nancy, 1 VP for the tie with Matthew
    assert state.player("Sabrina").vp == vp + 3
    assert state.player("Sabrina").coins == 1
    assert facts(outcome, "scored", seat="Sabrina") == [
        {"fact": "scored", "seat": "Sabrina", "points": 1, "why": "Stephansdom: 4 crosses against Matthew's 4"},
        {"fact": "scored", "seat": "Sabrina", "points": 2, "why": "Stephansdom: 4 crosses against Nancy's 2"}]


def test_paying_fields_charge_first_and_forfeit_entirely_without_the_coins(game):
    state = occupy(game, "Rathaus", "Sabrina", ["5"])
    state = occupy(state, "Naschmarkt", "Matthew", ["3"])
    rich = with_player(state, "Sabrina", coins=4)
    new, outcome = evaluate(rich)
    assert new.player("Sabrina").coins == 1 and scored(outcome, "Sabrina") == 5
    poor = with_player(state, "Sabrina", coins=2)
    new, outcome = evaluate(poor)
    assert new.player("Sabrina").coins == 2 and scored(outcome, "Sabrina") == 0
    assert facts(outcome, "field_forfeited") == [{"fact": "field_forfeited", "seat": "Sabrina", "field": "Rathaus",
                                                  "why": "Sabrina cannot pay 3 coins and pays nothing"}]
    # Naschmarkt: 2 coins
    assert new.player("Matthew").coins == 2


def test_coins_and_victory_points_fields_oper_and_hofreitschule(game):
    state = occupy(game, "Oper", "Sabrina", ["2"])
    state = occupy(state, "Hofreitschule", "Matthew", ["3", "4"])
    new, outcome = evaluate(state)
    assert scored(outcome, "Sabrina") == 1 and scored(outcome, "Matthew") == 2
    assert [f["field"] for f in facts(outcome, "placed")] == ["Geheimbund"]


def test_fields_are_evaluated_in_street_order(game):
    state = occupy(game, "Hofreitschule", "Matthew", ["3", "4"])
    state = occupy(state, "Oper", "Sabrina", ["2"])
    state = occupy(state, "Naschmarkt", "Nancy", ["3"])
    _, outcome = evaluate(state)
    order = [f["why"] for f in outcome if f["fact"] in ("scored", "coins") and f["why"] != "Geheimbund"]
    assert order == ["Oper", "Naschmarkt", "Hofreitschule"]


def test_lightning_fields_are_not_evaluated_again(game):
    state = occupy(game, "Krieau", "Sabrina", ["1"])
    state = occupy(state, "Prater", "Matthew", ["1"])
    state, outcome = evaluate(state)
    assert [f for f in outcome if f.get("seat") in ("Sabrina", "Matthew")] == []
    # their dice lay on the street until the evaluation was over
    assert state.street == (None,) * len(state.street) and state.phase == "reveal"


def test_a_character_field_lets_the_occupant_choose_a_card_for_a_coin(game):
    state = occupy(game, "Café Landtmann", "Sabrina", ["6"])
    state = with_player(state, "Sabrina", coins=2)
    display = [c.name for c in state.display]
    state, outcome = evaluate(state)
    assert GAME.expected(state).to_json() == {"seats": ["Sabrina"], "moves": ["take_character"]}
    assert GAME.view(state)["pending"]["options"] == display
    with pytest.raises(RuleViolation) as error:
        play(state, {"type": "take_character", "seat": "Sabrina", "card": "Emperor"})
    assert error.value.code == "not_in_display"
    with pytest.raises(RuleViolation) as error:
        play(state, {"type": "take_character", "seat": "Matthew", "card": display[1]})
    assert error.value.code == "not_your_field"
    state, outcome = play(state, {"type": "take_character", "seat": "Sabrina", "card": display[1]})
    assert [c.name for c in state.player("Sabrina").characters] == [display[1]]
    assert state.player("Sabrina").coins == 1
    assert facts(outcome, "coins", seat="Sabrina")[0]["coins"] == -1
    # the card left in the display goes to the discards at the round's end
    assert state.phase == "reveal" and [c.name for c in state.discards] == [display[0]]


def test_the_last_character_field_is_free_and_may_find_nothing_left(game):
    state = occupy(game, "Café Landtmann", "Sabrina", ["6"])
    state = occupy(state, "Café Sacher", "Matthew", ["6"])
    state = occupy(state, "Café Central", "Nancy", ["3", "3"])
    state = with_player(with_player(state, "Sabrina", coins=1), "Matthew", coins=1)
    state, _ = evaluate(state)
    first = state.display[0].name
    state, outcome = play(state, {"type": "take_character", "seat": "Sabrina", "card": first})
    # one card left: Matthew takes it, no choice to make; Nancy finds none
    assert facts(outcome, "character_taken", seat="Matthew")
    assert facts(outcome, "no_character_left") == [
        {"fact": "no_character_left", "seat": "Nancy", "field": "Café Central"}]
    assert state.player("Matthew").coins == 0


def test_a_character_card_is_not_taken_without_the_coin(game):
    state = occupy(game, "Café Landtmann", "Sabrina", ["6"])
    state = occupy(state, "Café Central", "Matthew", ["6"])
    state, outcome = evaluate(state)
    assert facts(outcome, "cannot_pay_character")[0]["seat"] == "Sabrina"
    assert GAME.expected(state).seats == ("Matthew",)
    state, outcome = play(state, {"type": "take_character", "seat": "Matthew", "card": state.display[0].name})
    assert state.player("Matthew").coins == 0 and len(state.player("Matthew").characters) == 1


def test_special_cards_change_hands_when_another_player_occupies_their_field(game):
    state = holding(game, "Matthew", "dice_joker")
    state = occupy(state, "Kunsthistorisches Museum", "Sabrina", ["4"])
    state = occupy(state, "Hofburg", "Nancy", ["2"])
    state, outcome = evaluate(state)
    assert state.holder("dice_joker") == "Sabrina" and state.holder("start_player") == "Nancy"
    assert facts(outcome, "special_card_taken", card="dice_joker")[0]["from"] == "Matthew"
    # the new start player begins the next round
    assert facts(outcome, "round_started") == [{"fact": "round_started", "round": 2, "start_player": "Nancy"}]
    state, _ = play(state, {"type": "reveal_characters", "cards": [c.to_json() for c in state.pile[:1]]
                            + [c.to_json() for c in state.pile[-1:]]})
    assert state.turn == "Nancy"
    assert GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["roll"]}


def test_the_gloriette_costs_a_coin_and_compares_a_symbol_of_the_players_choice(game):
    state = collection(game, "Sabrina", citizens=2, crowns=1, coins=1)
    state = collection(state, "Matthew", citizens=1, crowns=1)
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, outcome = evaluate(state)
    assert state.player("Sabrina").coins == 0
    assert GAME.view(state)["pending"]["options"] == ["citizens", "crosses", "crowns"]
    state, outcome = play(state, {"type": "gloriette", "seat": "Sabrina", "symbol": "citizens"})
    # citizens: 2 against Matthew's 1 and Nancy's 0: two majorities
    assert scored(outcome, "Sabrina") == 4 and state.player("Sabrina").coins == 2


def test_the_gloriette_cannot_count_a_symbol_already_counted_this_round(game):
    state = collection(game, "Sabrina", crosses=1, coins=5)
    state = occupy(state, "Stephansdom", "Sabrina", ["4", "5"])
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, _ = evaluate(state)
    with pytest.raises(RuleViolation) as error:
        play(state, {"type": "gloriette", "seat": "Sabrina", "symbol": "crosses"})
    assert error.value.code == "symbol_counted"
    assert GAME.view(state)["pending"]["options"] == ["citizens", "crowns"]


def test_the_gloriette_resolves_itself_with_one_symbol_left_and_is_forfeited_with_none(game):
    state = collection(game, "Sabrina", coins=5)
    state = occupy(state, "Pestsäule", "Sabrina", ["4", "4"])
    state = occupy(state, "Stephansdom", "Sabrina", ["4", "5"])
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, outcome = evaluate(state)
    assert [f["symbol"] for f in facts(outcome, "compared")] == ["citizens"] * 2 + ["crosses"] * 2 + ["crowns"] * 2
    assert state.player("Sabrina").coins == 4
    # all three counted: the Gloriette is not paid for
    state = occupy(collection(game, "Sabrina", coins=5), "Pestsäule", "Sabrina", ["4", "4"])
    state = occupy(state, "Stephansdom", "Sabrina", ["4", "5"])
    state = occupy(state, "Schloss Belvedere", "Sabrina", ["4", "6"])
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, outcome = evaluate(state)
    assert facts(outcome, "field_forfeited")[0]["field"] == "Gloriette"
    assert state.player("Sabrina").coins == 5


def test_the_tiergarten_takes_up_to_3_coins_from_one_player_or_1_each_from_two(game):
    state = with_player(with_player(game, "Matthew", coins=5), "Nancy", coins=1)
    state = occupy(state, "Tiergarten", "Sabrina", ["2", "2"])
    state, _ = evaluate(state)     # Nancy's last die to the Geheimbund: she has 2 coins now
    assert GAME.expected(state).to_json() == {"seats": ["Sabrina"], "moves": ["tiergarten"]}
    for take, code in [({"Matthew": 4}, "tiergarten_take"), ({"Matthew": 2, "Nancy": 1}, "tiergarten_take"),
                       ({"Sabrina": 1}, "tiergarten_victim"), ({"Nancy": 3}, "tiergarten_coins")]:
        with pytest.raises(RuleViolation) as error:
            play(state, {"type": "tiergarten", "seat": "Sabrina", "take": take})
        assert error.value.code == code
    one, _ = play(state, {"type": "tiergarten", "seat": "Sabrina", "take": {"Matthew": 3}})
    assert (one.player("Sabrina").coins, one.player("Matthew").coins) == (3, 2)
    two, outcome = play(state, {"type": "tiergarten", "seat": "Sabrina", "take": {"Matthew": 1, "Nancy": 1}})
    assert (two.player("Sabrina").coins, two.player("Matthew").coins, two.player("Nancy").coins) == (2, 4, 1)


def test_the_tiergarten_resolves_itself_when_there_is_one_option_or_none(game):
    state = occupy(game, "Tiergarten", "Sabrina", ["2", "2"])
    lone = with_player(state, "Nancy", coins=-1)   # after her Geheimbund coin Nancy has 0
    new, outcome = evaluate(lone)
    assert facts(outcome, "nothing_to_take") == [{"fact": "nothing_to_take", "seat": "Sabrina", "field": "Tiergarten"}]
    new, outcome = evaluate(state)                  # Nancy has exactly 1 coin: the only option
    assert new.player("Sabrina").coins == 1 and new.player("Nancy").coins == 0


def test_the_heuriger_gives_a_vp_per_special_card_held_at_evaluation(game):
    state = holding(holding(game, "Matthew", "double_move"), "Sabrina", "dice_joker")
    state = occupy(state, "Albertina", "Sabrina", ["3"])          # takes the double move from Matthew first
    state = occupy(state, "Heuriger", "Sabrina", ["6", "6"])
    state, outcome = evaluate(state)
    # the clock (start player), the dice joker and the double move
    assert facts(outcome, "scored", seat="Sabrina")[-1] == {
        "fact": "scored", "seat": "Sabrina", "points": 3, "why": "Heuriger: 3 special cards"}


def test_the_next_round_returns_the_gendarme_and_hands_out_the_white_die(game):
    state = holding(game, "Matthew", "additional_die")
    state = replace(state, gendarme=state.board.index("Oper"), double_move_used=True)
    state = occupy(state, "Krieau", "Sabrina", ["1"])
    state, outcome = evaluate(state)
    assert state.phase == "reveal" and state.round == 2
    assert state.gendarme is None and state.double_move_used is False
    assert all(p is None for p in state.street) and state.geheimbund == ()
    assert state.white_die == "Matthew"
    assert all(not p.rolled and p.dice == () and p.position == -1 for p in state.players)
    state, _ = play(state, {"type": "reveal_characters", "cards": [c.to_json() for c in state.pile[:1]]
                            + [c.to_json() for c in state.pile[-1:]]})
    state, _ = play(state, {"type": "roll", "seat": "Sabrina", "dice": ["1", "2", "3", "4", "5"]},
                    {"type": "place", "seat": "Sabrina", "field": "Oper", "dice": ["2"]})
    with pytest.raises(RuleViolation):
        play(state, {"type": "roll", "seat": "Matthew", "dice": ["1", "2", "3", "4", "5"]})
    state, _ = play(state, {"type": "roll", "seat": "Matthew", "dice": ["1", "2", "3", "4", "5", "W6"]})
    assert "W6" in state.player("Matthew").dice


def test_the_game_ends_after_the_evaluation_in_which_someone_reaches_25(game):
    state = collection(game, "Sabrina", citizens=3, crosses=1, coins=7)
    state = collection(state, "Matthew", citizens=1, crosses=1, coins=2)
    state = collection(state, "Nancy", citizens=1, crowns=1, coins=0)
    state = with_player(state, "Sabrina", vp=24)
    state = with_player(state, "Matthew", vp=20)
    state = with_player(state, "Nancy", vp=10)
    state = occupy(state, "Oper", "Sabrina", ["2"])
    state, outcome = evaluate(state)
    assert GAME.finished(state)
    # Sabrina: 25 (Oper), citizens over both neighbours +2, crosses over Nancy +1, 7 coins = 2 VP (1 left)
    # Matthew: crosses over Nancy +1 (a tie with Sabrina gives nothing), 2 coins trade for nothing
    # Nancy: crowns over both +2, her Geheimbund coin stays
    assert GAME.scores(state) == {"Sabrina": 30, "Matthew": 21, "Nancy": 12}
    assert GAME.winners(state) == ["Sabrina"]
    assert state.player("Sabrina").coins == 1
    finals = [f["why"] for f in facts(outcome, "scored") if f["why"].startswith("final")]
    assert "final: 3 citizens against Matthew's 1" in finals and "final: 6 coins traded" in finals
    assert "final: 1 crosses against Nancy's 0" in finals
    assert outcome[-1]["fact"] == "game_over"
    with pytest.raises(RuleViolation) as error:
        play(state, {"type": "reveal_characters", "cards": []})
    assert error.value.code == "game_over"
    assert GAME.legal_moves(state) == [] and GAME.expected(state).seats == ()


def ended(game, vps, coins, specials):
    state = game
    for seat, vp, c in zip(THREE, vps, coins):
        state = with_player(state, seat, vp=vp, coins=c)
    state = holding(state, None, "start_player")
    for special, seat in specials.items():
        state = holding(state, seat, special)
    return evaluate(state)[0]


def test_a_tie_goes_to_the_most_special_cards_then_the_most_coins_left(game):
    # Nancy's last die earns her a Geheimbund coin: give her one less.
    state = ended(game, [25, 25, 10], [2, 2, -1], {"double_move": "Matthew", "dice_joker": "Matthew",
                                                   "start_player": "Sabrina"})
    assert GAME.winners(state) == ["Matthew"]
    state = ended(game, [25, 25, 10], [2, 1, -1], {"double_move": "Matthew", "start_player": "Sabrina"})
    assert GAME.winners(state) == ["Sabrina"]
    # coins left after the trade: 5 coins leave 2, 4 coins leave 1 (both trade 1 VP)
    state = ended(game, [25, 25, 10], [5, 4, -1], {})
    assert GAME.scores(state)["Sabrina"] == GAME.scores(state)["Matthew"] == 26
    assert GAME.winners(state) == ["Sabrina"]
    state = ended(game, [25, 25, 10], [1, 1, -1], {})
    assert GAME.winners(state) == ["Sabrina", "Matthew"]


def test_the_white_die_counts_for_the_player_who_placed_it_after_the_card_changes_hands(game):
    state = holding(game, "Sabrina", "additional_die")
    state = occupy(state, "Parlament", "Matthew", ["6"])
    state = occupy(state, "Schönbrunn", "Sabrina", ["W6", "6"])
    state, outcome = evaluate(state)
    assert state.holder("additional_die") == "Matthew" and state.white_die == "Matthew"
    assert facts(outcome, "scored", seat="Sabrina") == [
        {"fact": "scored", "seat": "Sabrina", "points": 4, "why": "Schönbrunn"}]


def test_the_view_shows_coins_dice_cards_symbols_specials_board_gendarme_and_display(game):
    state = replace(occupy(game, "Oper", "Nancy", ["2"]), gendarme=game.board.index("Rathaus"))
    view = GAME.view(state, "Matthew", full=False)
    assert {"scores", "finished", "winners", "expected"} <= set(view)
    sabrina = view["players"]["Sabrina"]
    assert {"coins", "vp", "dice", "cards", "symbols", "special_cards", "start_card"} <= set(sabrina)
    assert sabrina["special_cards"] == ["start_player"]
    assert view["board"][3] == {"field": "Oper", "seat": "Nancy", "dice": ["2"]}
    assert view["gendarme"] == "Rathaus"
    assert [c["name"] for c in view["display"]] == [c.name for c in state.display]
    assert view["expected"] == {"seats": ["table"], "moves": ["roll"]}


def test_the_gloriette_is_forfeited_without_a_coin_to_pay(game):
    state = collection(game, "Sabrina", citizens=3, coins=0)
    state = occupy(state, "Gloriette", "Sabrina", ["5", "6"])
    state, outcome = evaluate(state)
    assert facts(outcome, "field_forfeited") == [{"fact": "field_forfeited", "seat": "Sabrina", "field": "Gloriette",
                                                  "why": "Sabrina cannot pay 1 coin and pays nothing"}]
    assert facts(outcome, "compared") == [] and state.phase == "reveal"

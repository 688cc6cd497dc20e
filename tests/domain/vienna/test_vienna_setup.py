"""Getting Started: players, dice, start cards, the character display, the board option."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domain.rules import TABLE, MalformedMove, RuleViolation
from domain.vienna import GAME
from domain.vienna.components import character_deck, characters, default_board, start_cards
from vienna_table import first_display, play, table

THREE = ["Anna", "Bert", "Clara"]
FIVE = ["Anna", "Bert", "Clara", "Dora", "Emil"]


def test_vienna_is_for_three_to_five_players_and_refuses_two_with_a_clear_message():
    with pytest.raises(RuleViolation) as refused:
        GAME.setup(["Anna", "Bert"], {})
    assert refused.value.code == "player_count"
    assert refused.value.message == "Vienna is for 3 to 5 players, not 2."
    with pytest.raises(RuleViolation):
        GAME.setup(FIVE + ["Fritz"], {})
    for players in (THREE, THREE + ["Dora"], FIVE):
        assert GAME.setup(players, {}).seats == tuple(players)


@pytest.mark.parametrize("players, dice", [(THREE, 5), (THREE + ["Dora"], 4), (FIVE, 4)])
def test_each_player_rolls_five_dice_with_three_players_and_four_otherwise(players, dice):
    state = table(players)
    assert GAME.expected(state).seats == (TABLE,)
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "roll", "seat": "Anna", "dice": ["1"] * (dice - 1)})
    assert refused.value.code == "dice_count"
    state, _ = play(state, {"type": "roll", "seat": "Anna", "dice": ["1"] * dice})
    assert state.player("Anna").dice == ("1",) * dice


def test_victory_point_markers_start_on_the_board_field_for_the_player_count():
    board = default_board()
    assert board.source == "reconstructed"
    for players in (THREE, THREE + ["Dora"], FIVE):
        start = board.vp_start[str(len(players))]
        assert GAME.scores(GAME.setup(players, {})) == {p: start for p in players}


def test_the_default_board_has_24_street_fields_plus_the_geheimbund():
    board = default_board()
    assert len(board.street) == 24
    assert board.geheimbund.name == "Geheimbund" and board.geheimbund.kind == "geheimbund"
    assert board.street[0].name == "Krieau" and board.street[0].kind == "krieau"
    assert board.street[-1].name == "Heuriger" and board.street[-1].double
    assert board.street[-2].name == "Tiergarten" and board.street[-2].double
    assert [f.kind for f in board.street if f.lightning] == ["krieau", "prater"]
    values = [v for f in board.street for v in f.values]
    assert values == sorted(values) and min(values) == 1 and max(values) == 12
    named = {f.name: f for f in board.street}
    assert named["Stephansdom"].values == (9,)
    assert named["Pestsäule"].values == (8,) and named["Schloss Belvedere"].values == (10,)
    assert named["Universität"].values == (5, 6)
    assert named["Rathaus"].effects[0] == {"pay": 3}
    assert {"coins": 2} in named["Naschmarkt"].effects
    assert {"vp": 1} in named["Oper"].effects and {"vp": 2} in named["Hofreitschule"].effects
    assert board.index("Burgtheater") < board.index("Rathaus") < board.index("Universität")
    specials = [e["special"] for f in board.street for e in f.effects if "special" in e]
    assert sorted(specials) == sorted(["start_player", "double_move", "dice_joker", "more_influence",
                                       "additional_die"])
    assert all(len(f.values) == 2 for f in board.street if any("special" in e for e in f.effects))
    assert all(f.values == (6,) for f in board.street if any("character" in e for e in f.effects))
    costs = [e["character"] for f in board.street for e in f.effects if "character" in e]
    assert costs[-1] == 0 and all(c == 1 for c in costs[:-1])


def test_start_cards_are_chosen_counter_clockwise_the_start_player_last():
    state = GAME.setup(FIVE, {})
    assert state.holder("start_player") == "Anna"
    order = []
    for card in start_cards()[:5]:
        seat = GAME.expected(state).seats[0]
        order.append(seat)
        state, _ = play(state, {"type": "choose_start_card", "seat": seat, "card": card.to_json(with_coins=True)})
    assert order == ["Emil", "Dora", "Clara", "Bert", "Anna"]
    assert GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["reveal_characters"]}


def test_a_start_card_gives_its_coins_once_and_cannot_be_chosen_twice():
    state = GAME.setup(THREE, {})
    merchant = {"name": "Merchant", "coins": 5, "citizens": 1, "crosses": 0, "crowns": 0}
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "choose_start_card", "seat": "Anna", "card": merchant})
    assert refused.value.code == "not_your_choice"
    state, outcome = play(state, {"type": "choose_start_card", "seat": "Clara", "card": merchant})
    assert state.player("Clara").coins == 5
    assert outcome[-1] == {"fact": "coins", "seat": "Clara", "coins": 5, "why": "start card Merchant"}
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "choose_start_card", "seat": "Bert", "card": merchant})
    assert refused.value.code == "start_card_taken"
    # a table whose edition differs starts with its own deck and records the card it really shows
    printed = {"name": "Hofrat", "coins": 4, "citizens": 0, "crosses": 0, "crowns": 1}
    deck = {"start_cards": [merchant, printed, {"name": "Abbess", "coins": 3, "crosses": 1, "crowns": 1}],
            "characters": [{"name": "Monk", "crosses": 1}, {"name": "Mayor", "citizens": 2, "crowns": 1}]}
    state = GAME.setup(THREE, GAME.load_options({"deck": deck}))
    state, _ = play(state, {"type": "choose_start_card", "seat": "Clara", "card": merchant},
                    {"type": "choose_start_card", "seat": "Bert", "card": printed})
    assert state.player("Bert").coins == 4 and state.symbols("Bert", "crowns") == 1


def test_the_display_shows_players_minus_one_cards_never_the_same_character_twice():
    state = GAME.setup(FIVE, {})
    for seat, card in zip(state.start_card_order(), start_cards()):
        state, _ = play(state, {"type": "choose_start_card", "seat": seat, "card": card.to_json(with_coins=True)})
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "reveal_characters", "cards": first_display(3)})
    assert refused.value.code == "display_size"
    twice = first_display(3) + [first_display(1)[0]]
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "reveal_characters", "cards": twice})
    assert refused.value.code == "same_character_twice"
    state, _ = play(state, {"type": "reveal_characters", "cards": first_display(4)})
    assert len(state.display) == 4 and len(state.pile) == 40
    assert GAME.expected(state).to_json() == {"seats": [TABLE], "moves": ["roll"]}


def test_the_view_lists_the_character_deck_to_pick_the_display_from():
    """Each character of the default deck once, in the data's order, with its
    copies left to draw and discarded: a character none of whose copies is in
    either lies on the display or with the players and cannot be turned over."""
    state = GAME.setup(THREE, {})
    deck = GAME.view(state)["character_deck"]
    assert [c["name"] for c in deck] == [c.name for c in characters()]
    assert len(deck) == 11 and len({c["name"] for c in deck}) == 11
    assert deck[0] == {"name": "Coachman", "citizens": 1, "crosses": 0, "crowns": 0,
                       "copies": 4, "to_draw": 4, "discarded": 0}
    assert sum(c["copies"] for c in deck) == len(character_deck()) == GAME.view(state)["draw_pile"]
    state = table(THREE)                                  # the first display: Archduke, Cardinal
    shown = {c.name for c in state.display}
    deck = {c["name"]: c for c in GAME.view(state)["character_deck"]}
    assert all(deck[n]["to_draw"] == 3 for n in shown)
    # Every copy taken or on the display: the view tells it, the reveal can draw it no more.
    state = replace(state, pile=tuple(c for c in state.pile if c.name != "Monk"),
                    discards=(next(c for c in state.pile if c.name == "Cardinal"),))
    deck = {c["name"]: c for c in GAME.view(state)["character_deck"]}
    assert deck["Monk"]["to_draw"] + deck["Monk"]["discarded"] == 0
    assert deck["Cardinal"]["discarded"] == 1


def test_digital_mode_reveals_distinct_characters_and_reshuffles_an_empty_deck():
    state = table(FIVE)
    state = replace(state, phase="reveal", pile=state.pile[:2], discards=state.pile[2:10], display=())
    move = GAME.chance_move(state, random.Random(3))
    names = [c["name"] for c in move["cards"]]
    assert len(names) == 4 and len(set(names)) == 4
    state, outcome = play(state, move)
    assert len(state.display) == 4 and len(state.pile) + len(state.discards) == 6
    assert {"fact": "deck_reshuffled", "why": "the character deck ran out"} in outcome


def test_a_custom_board_replaces_the_default_one():
    board = {
        "fields": [
            {"name": "Start", "values": [1], "kind": "krieau", "effects": []},
            {"name": "Markt", "values": [2, 3], "effects": [{"coins": 3}]},
            {"name": "Dom", "values": [4], "effects": [{"compare": "crosses", "vp": 3, "coins": 0, "tie_vp": 1}]},
            {"name": "Bund", "values": [], "kind": "geheimbund", "effects": [{"coins": 1}]},
            {"name": "Ende", "values": [], "double": True, "effects": [{"heuriger": 2}]},
        ],
        "vp_start": {"3": 1, "4": 2, "5": 3},
        "more_influence": {"citizens": 2, "crosses": 0, "crowns": 0},
    }
    state = GAME.setup(THREE, GAME.load_options({"board": board}))
    assert [f.name for f in state.board.street] == ["Start", "Markt", "Dom", "Ende"]
    assert state.board.geheimbund.name == "Bund"
    assert GAME.scores(state) == {p: 1 for p in THREE}
    assert state.board.more_influence.citizens == 2


@pytest.mark.parametrize("change, why", [
    ({"values": [3, 5]}, "values"),
    ({"effects": [{"special": "free_beer"}]}, "effects"),
    ({"effects": [{"coins": 1, "vp": 1}]}, "effects"),
    ({"kind": "casino"}, "kind"),
    ({"effects": [{"coins": True}]}, "effects"),
    ({"effects": [{"compare": "crosses", "vp": True}]}, "effects"),
])
def test_a_malformed_custom_board_is_refused(change, why):
    field = {"name": "Markt", "values": [2], "effects": []}
    board = {"fields": [{**field, **change}, {"name": "Bund", "values": [], "kind": "geheimbund"}],
             "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {}}
    with pytest.raises(MalformedMove) as refused:
        GAME.load_options({"board": board})
    assert why in str(refused.value.messages)


@pytest.mark.parametrize("fields, why", [
    ([{"name": "Markt", "values": [2]}, {"name": "Markt", "values": [3]},
      {"name": "Bund", "values": [], "kind": "geheimbund"}], "different name"),
    ([{"name": "Markt", "values": [2]}, {"name": "Dom", "values": [3]}], "Geheimbund"),
])
def test_a_custom_board_needs_its_geheimbund_and_different_names(fields, why):
    board = {"fields": fields, "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {}}
    with pytest.raises(MalformedMove) as refused:
        GAME.load_options({"board": board})
    assert why in str(refused.value.messages)


def test_a_custom_geheimbund_without_effects_pays_the_rulebooks_coin_per_die():
    """Special Fields: "For each die a player places on this field, he immediately receives 1 coin."
    A Geheimbund given without effects pays that coin."""
    board = {"fields": [{"name": "Oper", "values": [2], "effects": [{"vp": 1}]},
                        {"name": "Geheimbund", "values": [], "kind": "geheimbund", "effects": []}],
             "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {}}
    state = table(THREE, {"board": board})
    assert state.board.geheimbund.effects == ({"coins": 1},)
    coins = state.player(THREE[0]).coins
    state, _ = play(state, {"type": "roll", "seat": THREE[0], "dice": ["2", "3", "4", "5", "6"]},
                    {"type": "place", "seat": THREE[0], "field": "Geheimbund", "dice": ["3", "6"]})
    assert state.player(THREE[0]).coins == coins + 2

"""Vienna's short notation for game records: every move of random whole games
(table and digital) reads back as the same move, on the default board and on
one whose field names read almost like notation; the printed form of every
move type; the generic form where a move does not fit; malformed notation is
refused as such."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from domain.rules import Game, random_move
from domain.vienna import GAME
from domain.vienna.components import default_board
from notation_tables import notation_table_tests
from randomness import examples

NAMES = ["Ann", "Bo Lee", "Jürgen", "Dora Maria", "Emil"]
SEATS = NAMES[:3]

# The default board with its fields renamed: commas, arrows, digits.
RENAMED = {"Krieau": "Krieau, Trabrennbahn", "Oper": "Oper -> Staatsoper", "Naschmarkt": "Naschmarkt 1",
           "Café Sacher": "Café Sacher (Hotel)", "Hofreitschule": "Spanische Hofreitschule, on Michaelerplatz"}


def renamed_board() -> dict:
    board = default_board()
    fields = [*board.street, board.geheimbund]
    return {"fields": [{**f.to_json(), "name": RENAMED.get(f.name, f.name)} for f in fields],
            "vp_start": dict(board.vp_start),
            "more_influence": {s: board.more_influence.symbols(s) for s in ("citizens", "crosses", "crowns")}}


def whole_game(players: int, options: dict, seed: int, digital: bool) -> list[dict]:
    """The moves of a random game as loaded; now and then a reroll, entered by
    the table with its result, or in digital mode without (the service rolls)."""
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:players], GAME.load_options(options))
    moves = []
    while not GAME.finished(state):
        move = random_move(GAME, state, rng)
        if "reroll" in GAME.expected(state).moves and rng.random() < 0.1:
            dice = [d for d in state.player(state.turn).dice if d != "J"]
            move = {"type": "reroll", "seat": state.turn, "dice": rng.sample(dice, rng.randint(1, len(dice)))}
            if not digital:
                move["result"] = [d[:-1] + str(rng.randint(1, 6)) for d in move["dice"]]
        move = GAME.load_move(move)
        moves.append(move)
        if digital and move["type"] == "reroll":
            move = GAME.complete_move(state, move, rng)
        state, _ = GAME.play(state, move)
    return moves


@pytest.mark.parametrize("digital", [False, True], ids=["table", "digital"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_move_of_a_random_game_reads_back_as_itself(players, digital):
    seen = set()
    for seed in range(3):
        for move in whole_game(players, {}, seed, digital):
            text = GAME.notation(move)
            assert "=" not in text, f"{move} fell back to the generic form: {text}"
            assert GAME.parse_notation(text, NAMES[:players]) == move
            assert GAME.parse_notation(Game.notation(GAME, move), NAMES[:players]) == move, "generic form"
            seen.add(move["type"])
    assert {"choose_start_card", "reveal_characters", "roll", "reroll", "turn_die", "place", "double_move",
            "take_character"} <= seen


def test_field_names_that_read_almost_like_notation_read_back():
    for seed in range(3):
        for move in whole_game(4, {"board": renamed_board()}, seed, digital=False):
            assert GAME.parse_notation(GAME.notation(move), NAMES[:4]) == move
            assert GAME.parse_notation(Game.notation(GAME, move), NAMES[:4]) == move


PRINTED = [
    ({"type": "choose_start_card", "seat": "Bo Lee",
      "card": {"name": "Baron", "coins": 5, "citizens": 0, "crosses": 0, "crowns": 1}},
     "Bo Lee start card Baron (5 coins, 1 crown)"),
    ({"type": "choose_start_card", "seat": "Ann",
      "card": {"name": "Innkeeper", "coins": 3, "citizens": 1, "crosses": 1, "crowns": 0}},
     "Ann start card Innkeeper (3 coins, 1 citizen, 1 cross)"),
    ({"type": "choose_start_card", "seat": "Ann", "card": {"name": "Pauper", "coins": 0}},
     "Ann start card Pauper"),
    ({"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1},
                                             {"name": "Market Woman", "citizens": 2},
                                             {"name": "Mayor", "citizens": 2, "crowns": 1}]},
     "Reveal Monk (1 cross), Market Woman (2 citizens), Mayor (2 citizens, 1 crown)"),
    ({"type": "roll", "seat": "Ann", "dice": ["2", "2", "3", "5", "W6"]}, "Ann rolls 2 2 3 5 W6"),
    ({"type": "reroll", "seat": "Ann", "dice": ["2", "W3"], "result": ["4", "W6"]}, "Ann rerolls 2 W3 -> 4 W6"),
    ({"type": "reroll", "seat": "Ann", "dice": ["2", "3"]}, "Ann rerolls 2 3"),
    ({"type": "turn_die", "seat": "Ann", "die": "3", "to": "4"}, "Ann turns 3 -> 4"),
    ({"type": "place", "seat": "Ann", "field": "Oper", "dice": ["3", "W4"]}, "Ann places 3 W4 on Oper"),
    ({"type": "place", "seat": "Bo Lee", "field": "Kunsthistorisches Museum", "dice": ["J5"]},
     "Bo Lee places J5 on Kunsthistorisches Museum"),
    ({"type": "place", "seat": "Ann", "field": "Krieau", "dice": ["1"], "gendarme": "Café Sacher", "take": "vp"},
     "Ann places 1 on Krieau, Gendarme on Café Sacher, takes VP"),
    ({"type": "place", "seat": "Ann", "field": "Krieau", "dice": ["1"], "take": "coin"},
     "Ann places 1 on Krieau, takes coin"),
    ({"type": "place", "seat": "Ann", "field": "Prater", "dice": ["1"], "turn": "3", "to": "6"},
     "Ann places 1 on Prater, turns 3 -> 6"),
    ({"type": "double_move", "seat": "Ann"}, "Ann plays double move"),
    ({"type": "double_move", "seat": "Ann", "use": False}, "Ann declines double move"),
    ({"type": "take_character", "seat": "Ann", "card": "Lady-in-waiting"}, "Ann takes Lady-in-waiting"),
    ({"type": "gloriette", "seat": "Ann", "symbol": "crowns"}, "Ann Gloriette crowns"),
    ({"type": "tiergarten", "seat": "Ann", "take": {"Bo Lee": 2, "Jürgen": 1}}, "Ann Tiergarten Bo Lee 2 Jürgen 1"),
]


def test_a_short_form_is_read_forgivingly():
    """Words for one or many, and what a card shows in any order."""
    assert GAME.parse_notation("Reveal Monk (1 crosses), Mayor (1 crown, 2 citizens)", SEATS) == GAME.load_move(
        {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1},
                                                {"name": "Mayor", "citizens": 2, "crowns": 1}]})
    assert GAME.parse_notation("Ann places 1 on Krieau, takes vp", SEATS)["take"] == "vp"


NOT_SHORT = [
    {"type": "reveal_characters", "cards": [{"name": "Monk, the elder", "crosses": 1}]},
    {"type": "reveal_characters", "cards": []},
    {"type": "choose_start_card", "seat": "Ann", "card": {"name": "Baron (old)", "coins": 5, "crowns": 1}},
    {"type": "double_move", "seat": "Ann declines", "use": True},
    {"type": "turn_die", "seat": "Ann places 1 on Prater,", "die": "3", "to": "4"},
    {"type": "place", "seat": "Ann", "field": "Krieau, takes coin", "dice": ["1"]},
    {"type": "place", "seat": "Ann", "field": "Krieau", "dice": ["1"], "gendarme": "Oper, takes coin",
     "take": "vp"},
    {"type": "tiergarten", "seat": "Ann", "take": {"Bo 3 Cy": 1}},
    {"type": "tiergarten", "seat": "Ann", "take": {}},
]


@pytest.mark.parametrize("move", NOT_SHORT, ids=[str(i) for i in range(len(NOT_SHORT))])
def test_a_move_no_short_form_writes_exactly_is_written_in_the_generic_form(move):
    loaded = GAME.load_move(move)
    seats = [*SEATS, move["seat"]] if "seat" in move else SEATS
    text = GAME.notation(loaded)
    assert text == Game.notation(GAME, loaded)
    assert GAME.parse_notation(text, seats) == loaded


# Names made of pieces of the notation itself.
PIECES = [*"aB ,()=\"-12JWü:{}[]", " takes ", " on ", " places ", ", Gendarme on ", " plays double move",
          " Tiergarten ", " Gloriette ", " rolls ", " start card ", "Reveal ", " turns ", " -> ", " 3"]
names = st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join).filter(
    lambda name: name.strip() == name and name not in GAME.reserved_seats)
held, rolled = st.sampled_from(["1", "6", "W3", "J"]), st.sampled_from(["1", "6", "W3"])
cards = st.fixed_dictionaries({"name": names, "citizens": st.integers(0, 3), "crosses": st.integers(0, 3),
                               "crowns": st.integers(0, 3)})
moves = st.one_of(
    st.fixed_dictionaries({"type": st.just("choose_start_card"), "seat": names,
                           "card": cards.flatmap(lambda c: st.integers(0, 6).map(lambda n: {**c, "coins": n}))}),
    st.fixed_dictionaries({"type": st.just("reveal_characters"), "cards": st.lists(cards, max_size=3)}),
    st.fixed_dictionaries({"type": st.just("reroll"), "seat": names, "dice": st.lists(held, min_size=1, max_size=3),
                           "result": st.none() | st.lists(rolled, min_size=1, max_size=3)}),
    st.fixed_dictionaries({"type": st.just("place"), "seat": names, "field": names,
                           "dice": st.lists(st.sampled_from(["1", "W2", "J5"]), min_size=1, max_size=2),
                           "gendarme": st.none() | names, "take": st.sampled_from([None, "coin", "vp"]),
                           "turn": st.none() | held, "to": st.none() | rolled}),
    st.fixed_dictionaries({"type": st.just("double_move"), "seat": names, "use": st.booleans()}),
    st.fixed_dictionaries({"type": st.just("take_character"), "seat": names, "card": names}),
    st.fixed_dictionaries({"type": st.just("tiergarten"), "seat": names,
                           "take": st.dictionaries(names, st.integers(1, 3), max_size=2)}),
)


@settings(max_examples=examples(300), deadline=None)
@given(moves)
def test_names_made_of_notation_read_back_in_either_form(move):
    """Whatever the names, the record's form (short or generic) reads back,
    and the generic form never reads as a short one."""
    move = GAME.load_move(move)
    seats = [move.get("seat", "Ann")]
    assert GAME.parse_notation(GAME.notation(move), seats) == move
    assert GAME.parse_notation(Game.notation(GAME, move), seats) == move


MALFORMED = [
    "",
    "Ann",
    "Ann rolls",
    "Ann rolls 7",                          # a die shows 1 to 6
    "Ann rolls 2 X",
    "Ann rolls 1 2 3 4 5 6 1",              # at most 6 dice
    "Ann rerolls 2 -> W9",
    "Ann turns 3 ->",
    "Ann turns 3 -> J",                     # a die is not turned onto the joker card
    "Ann places 1 2 3 on Oper",             # 1 or 2 dice
    "Ann places 1 on Krieau, takes gold",
    "Ann Gloriette diamonds",
    "Ann Tiergarten Bo two",
    "Ann Tiergarten Bo 0",                  # at least 1 coin from each
    "Reveal Monk (1 pizza)",
    "Reveal Monk (1 cross, 2 crosses)",
    "Reveal Cardinal (10 crosses)",         # a card shows at most 9 of a symbol
    "Ann start card Baron (five coins)",
    "Ann place field=Oper",
]


test_the_printed_forms, test_malformed_notation_is_refused_as_malformed, \
    test_every_move_type_has_a_printed_form = notation_table_tests(GAME, SEATS, PRINTED, MALFORMED)

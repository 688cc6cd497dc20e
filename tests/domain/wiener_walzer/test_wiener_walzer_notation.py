"""Wiener Walzer's short notation for game records: every move of random whole
games reads back as the same move; the printed forms; the generic form where
a move does not fit a short one; malformed notation is refused as such."""
from __future__ import annotations

import random

import pytest

from domain.table import random_game
from domain.wiener_walzer import GAME
from notation_tables import notation_table_tests

NAMES = ["Anna", "Ben Joe", "Cleo", "Dora", "Emil"]
SEATS = NAMES[:3]


def whole_game(players: int, events: bool, seed: int) -> list[dict]:
    return random_game(GAME, NAMES[:players], {"events": events}, random.Random(seed))


@pytest.mark.parametrize("events", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_move_of_a_random_game_reads_back_as_itself(players, events):
    seen = set()
    for seed in range(3):
        for move in whole_game(players, events, seed):
            text = GAME.notation(move)
            assert "=" not in text, f"{move} fell back to the generic form: {text}"
            assert GAME.parse_notation(text, NAMES[:players]) == GAME.load_move(move)
            seen.add(move["type"])
    assert {"setup", "place"} <= seen
    assert ("event" in seen and "resolve_event" in seen) == events


PRINTED = [
    ({"type": "place", "seat": "Anna", "card": "L3", "space": "d4"}, "Anna L3 d4"),
    ({"type": "place", "seat": "Ben Joe", "card": "G0", "space": "h5"}, "Ben Joe G0 h5"),
    ({"type": "dance", "seat": "Cleo", "dancer": "b4", "partner": "c4"}, "Cleo dance b4-c4"),
    ({"type": "event", "card": "solotaenzer"}, "Event solotaenzer"),
    ({"type": "resolve_event", "seat": "Anna", "guest": "h5", "tile": "i5"}, "Anna event guest h5 tile i5"),
    ({"type": "resolve_event", "seat": "Anna", "first": "i5", "second": "i4"}, "Anna event first i5 second i4"),
    ({"type": "resolve_event", "seat": "Ben Joe", "collected": ["cheese", "cheese"], "tile": "c2"},
     "Ben Joe event collected cheese+cheese tile c2"),
    ({"type": "resolve_event", "seat": "Anna", "champagne": "i1", "tile": "a2"}, "Anna event champagne i1 tile a2"),
    ({"type": "resolve_event", "seat": "Anna", "champagne_of": "Ben Joe", "collected": ["champagne"], "tile": "a2"},
     "Anna event champagne_of Ben Joe collected champagne tile a2"),
    ({"type": "resolve_event", "seat": "Cleo", "guest": "e5"}, "Cleo event guest e5"),
    ({"type": "resolve_event", "seat": "Cleo", "lapse": True}, "Cleo event lapses"),
    ({"type": "setup", "neutral": {"b2": "G1", "e2": "L5"}, "buffet": {"d1": ["cigar"], "e1": ["caviar", "caviar"]}},
     "Setup neutral b2 G1, e2 L5; buffet d1 cigar, e1 caviar+caviar"),
    ({"type": "setup", "neutral": {"b2": "G1"}, "buffet": {"d1": ["cigar"]},
      "stacks": {"Anna": ["L0", "G3"], "Ben Joe": ["G5", "L1"]}},
     "Setup neutral b2 G1; buffet d1 cigar; stacks Anna: L0 G3, Ben Joe: G5 L1"),
    ({"type": "setup", "neutral": {}, "buffet": {"a1": ["cheese"]}}, "Setup neutral; buffet a1 cheese"),
]


@pytest.mark.parametrize("move, text", PRINTED, ids=[text for _, text in PRINTED])
def test_the_printed_forms(move, text):
    assert GAME.notation(GAME.load_move(move)) == text
    assert GAME.parse_notation(text, SEATS) == move


UNUSUAL = [
    {"type": "resolve_event", "seat": "Anna", "lapse": False, "guest": "e5"},       # lapse false is not written
    {"type": "resolve_event", "seat": "Anna", "champagne_of": "Ben\nJoe", "collected": ["champagne"], "tile": "a2"},
    {"type": "setup", "neutral": {"b2": "G1"}, "buffet": {"d1": ["cigar"]}, "stacks": {"Ann, Bo": ["L0"]}},
]


@pytest.mark.parametrize("move", UNUSUAL)
def test_a_move_that_does_not_fit_a_short_form_is_written_in_the_generic_form(move):
    text = GAME.notation(GAME.load_move(move))
    assert text == super(type(GAME), GAME).notation(GAME.load_move(move))
    assert GAME.parse_notation(text, SEATS) == move


def test_stacks_hidden_from_a_seat_are_written_in_the_generic_form():
    setup = GAME.load_move({"type": "setup", "neutral": {"b2": "G1"}, "buffet": {"d1": ["cigar"]},
                            "stacks": {"Anna": ["L0"], "Cleo": ["G2"]}})
    seen = GAME.redact_move(setup, "Anna")
    assert GAME.notation(seen) == 'table setup neutral={"b2":"G1"} buffet={"d1":["cigar"]} ' \
                                  'stacks={"Anna":null,"Cleo":null}'


def test_the_generic_form_still_reads():
    assert GAME.parse_notation('Anna place card="L3" space="d4"', SEATS) == \
        {"type": "place", "seat": "Anna", "card": "L3", "space": "d4"}


MALFORMED = [
    "",
    "Anna",
    "Anna L9 d4",                    # no such card
    "Anna L3 D4",                    # a space is lower case
    "Anna dance b4",                 # a dance names the partner too
    "Event",
    "Event no_such_card",
    "Anna event guest",
    "Anna event guest h5 tile",
    "Anna event collected cheese+ tile c2",
    "Setup",
    "Setup neutral b2",
    "Setup neutral b2 G1; buffet d1",
    "Setup neutral b2 G1; neutral c2 L1",
    "Setup neutral b2 X1; buffet d1 cigar",
    "Setup neutral b2 G1; buffet d1 pizza",
    "Setup neutral b2 G1; buffet d1 cigar; stacks Anna L0",
    "Setup neutral b2 G1; ballroom d1 cigar",
    "Nobody place card=\"L3\"",
    "Anna place card=L3",
]


_, test_malformed_notation_is_refused_as_malformed, _ = notation_table_tests(GAME, SEATS, PRINTED, MALFORMED)

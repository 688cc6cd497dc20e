"""A module-2 ("Celebrities") table for tests: set up with a lounge of known
celebrities, and arrange the lounge, the celebrities held and a player's
holdings directly (the state is plain frozen data)."""
from __future__ import annotations

import pytest
from grand_austria_table import HANDS, QUEUE, play

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.grand_austria.modules.celebrities import Space, of, tile_named, with_
from domain.grand_austria.state import ROLL
from domain.immutable import evolve
from domain.rules import RuleViolation

M2 = ("celebrities",)
NAMES = ("Anna", "Beth", "Cyril", "Dora")
LOUNGE = {"type": "lay_out_lounge", "celebrities": ["Gandhi", "Albert Einstein", "Marie Curie"]}
"""Left to right on the shipped (reconstructed) colours: Gandhi red, Einstein blue, Curie yellow."""
SETUP = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"], "queue": QUEUE}
DICE = [1, 2, 3, 4, 4, 4, 5, 4, 4, 6]
"""Ten dice, whites first, then red, blue, yellow: space 4 holds three white dice, the red and the blue one."""


def started(players=2, modules=M2, version="3", **options):
    return GAME.setup(list(NAMES[:players]), GAME.load_options({"modules": list(modules), **options}), version)


def set_up(players=2, modules=M2, version="3", lounge=LOUNGE, **options):
    """The table's setup (Anna starts); the lounge (and module 1's boards) laid out next."""
    names = NAMES[:players]
    state, _ = play(started(players, modules, version, **options),
                    {**SETUP, "start_player": "Anna", "hands": dict(zip(names, HANDS.values()))})
    return until_roll(state, lounge, stop_at_lounge=lounge is None)


def until_roll(state, lounge=LOUNGE, stop_at_lounge=False):
    """Every setup step in its simplest form: the lounge, the shipped ballrooms and
    the first rehearsal board offered, the leftmost starting guests, rooms 1.1-1.3."""
    refill = iter([g for g in catalog().guests if g not in QUEUE])
    while state.phase != ROLL:
        expected = GAME.expected(state)
        kind, seat = expected.moves[0], expected.seats[0]
        if kind == "lay_out_lounge":
            if stop_at_lounge:
                return state
            state, _ = play(state, lounge)
        elif kind == "lay_out_ballrooms":
            boards = ["R1", "R2", "R3", "R4"][:len(state.players)]
            state, _ = play(state, {"type": kind, "ballrooms": ["Goldener Strauss", "Zum Sperl", "Apollosaal"],
                                    "rehearsal_boards": boards})
        elif kind == "choose_rehearsal":
            offer = state.module("ballrooms").offer
            state, _ = play(state, {"type": kind, "seat": seat, "board": offer[0].id})
        elif kind == "take_guest":
            state, _ = play(state, {"type": kind, "seat": seat, "position": 1},
                            {"type": "reveal_guest", "card": next(refill)})
        else:
            state, _ = play(state, *[{"type": "prepare_room", "seat": seat, "room": r} for r in ("1.1", "1.2", "1.3")])
    return state


def ready(players=2, modules=M2, version="3", dice=None, **options):
    """Set up and rolled: Anna's first turn."""
    state = set_up(players, modules, version, **options)
    dice = dice or DICE + [5, 6, 1, 2][:2 * (players - 2)]
    state, _ = play(state, {"type": "roll", "dice": dice[:len(state.config.dice)]})
    return state


def chits(state, *values):
    """The lounge's chits, left to right (0: none)."""
    spaces = of(state).spaces
    return with_(state, spaces=tuple(evolve(s, chit=v) for s, v in zip(spaces, values)))


def holding(state, seat, *names):
    """The seat holds these celebrities this round (as though it had taken them)."""
    tiles = tuple(tile_named(state, n) for n in names)
    lounge = of(state)
    spaces = tuple(Space(s.colour) if s.celebrity in tiles else s for s in lounge.spaces)
    return with_(state, spaces=spaces, held={**lounge.held, seat: lounge.held.get(seat, ()) + tiles})


def in_lounge(state, *names):
    """The lounge holds these celebrities left to right (None: an empty space)."""
    spaces = of(state).spaces
    return with_(state, spaces=tuple(Space(s.colour, tile_named(state, n) if n else None, s.chit)
                                     for s, n in zip(spaces, names)))


def refused(state, move):
    """The refusal of a move (it must be refused)."""
    with pytest.raises(RuleViolation) as error:
        play(state, move)
    return error.value


def facts_of(facts, kind):
    return [f for f in facts if f["fact"] == kind]


def vp_facts(facts, seat=None):
    return [f["points"] for f in facts if f["fact"] == "scored" and (seat is None or f["seat"] == seat)]


__all__ = ["M2", "LOUNGE", "DICE", "started", "set_up", "until_roll", "ready", "chits", "holding", "in_lounge",
           "refused", "facts_of", "vp_facts"]

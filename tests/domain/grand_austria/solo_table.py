"""A solo table for tests: Ann against the opponent (the seat ``bot``),
set up, her 6 of 10 staff kept, her starting guest and rooms, the dice
rolled: the opponent's first turn is next."""
from __future__ import annotations

from grand_austria_table import QUEUE, play, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.cafe import in_play
from domain.grand_austria.catalog import catalog
from domain.grand_austria.solo.variant import BOT
from domain.grand_austria.state import Turn
from domain.immutable import evolve

DEALT = [1, 5, 9, 13, 21, 27, 2, 6, 10, 14]
SETUP = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
         "queue": QUEUE, "start_player": BOT, "hands": {"Ann": DEALT}}


def solo(level="hard", bot_entrance=None, **options):
    entrance = {"bot_entrance": bot_entrance} if bot_entrance else {}
    return GAME.setup(["Ann"], GAME.load_options({"solo": {"difficulty": level, **entrance}, **options}))


BALLROOMS = {"type": "lay_out_ballrooms", "ballrooms": ["Goldener Strauss", "Zum Sperl", "Apollosaal"],
             "rehearsal_boards": ["R2"]}


ENTRANCES = {"type": "lay_out_entrances", "entrances": ["kaufman", "corogari_zant_mainz", "mayenfels"]}
LOUNGE = {"type": "lay_out_lounge", "celebrities": ["Albert Einstein", "Nikola Tesla", "Marie Curie"]}


def solo_ready(level="hard", dice=(1, 1, 2, 2, 3, 3, 4, 4, 5, 6), **options):
    state, _ = play(solo(level, **options), SETUP)
    setup_moves = {"keep_staff": {"type": "keep_staff", "seat": "Ann", "staff": DEALT[:6]},
                   "lay_out_ballrooms": BALLROOMS, "lay_out_lounge": LOUNGE, "lay_out_entrances": ENTRANCES,
                   "choose_entrance": {"type": "choose_entrance", "seat": "Ann", "entrance": "corogari_zant_mainz"}}
    while GAME.expected(state).moves[0] in setup_moves:
        state, _ = play(state, setup_moves[GAME.expected(state).moves[0]])
    state, _ = play(state, {"type": "take_guest", "seat": "Ann", "position": 1},
                    {"type": "reveal_guest", "card": 51},
                    *[{"type": "prepare_room", "seat": "Ann", "room": r} for r in ("1.1", "1.2", "1.3")],
                    {"type": "roll", "dice": list(dice)})
    return state


def with_queue(state, *numbers):
    return evolve(state, queue=tuple(catalog().guests[n] for n in numbers))


def with_dice(state, *counts):
    return evolve(state, dice=white_dice(*counts))


def draw(state, card, *reveals):
    """The table draws the instruction card; then each reveal the opponent's steps ask for."""
    state, facts = play(state, {"type": "draw_instruction", "card": card})
    for reveal in reveals:
        state, more = play(state, reveal)
        facts += more
    return state, facts


def opponent_to_move(state, number=4):
    """The opponent's turn (turn-order number ``number``) comes up, nothing drawn for it yet."""
    return evolve(state, phase="turns", turn=Turn(BOT, number, fresh=state.config.nothing),
                  modules={**state.modules, "solo": evolve(state.module("solo"), steps=None)})


def carry_out(state, card, staff=()):
    """The instruction card drawn, each guest refill revealed from the catalog
    and each private staff card from ``staff``, until the opponent is done."""
    state, facts = play(state, {"type": "draw_instruction", "card": card})
    staff = list(staff)
    while GAME.expected(state).moves in (("reveal_guest",), ("reveal_bot_staff",)):
        if GAME.expected(state).moves == ("reveal_guest",):
            move = {"type": "reveal_guest", "card": next(n for n in catalog().guests if n not in in_play(state))}
        else:
            move = {"type": "reveal_bot_staff", "card": staff.pop(0)}
        state, more = play(state, move)
        facts += more
    return state, facts


def texts(facts):
    return [f["text"] for f in facts if "text" in f]

"""The solo variant's opponent (Leopold, or Elisabeth with modules 1 or 2), the
option ``solo`` and the setup: the opponent's deck, the staff the player keeps."""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Mapping

from marshmallow import Schema, fields, validate

from domain.grand_austria import setup
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.effects import NO_CHANGES, set_player, staff_card
from domain.grand_austria.moves import staff_field
from domain.grand_austria.parts import SetupPhase
from domain.grand_austria.refusals import violation
from domain.grand_austria.solo import entrances
from domain.grand_austria.solo.deck import LEVELS, OPPONENTS, Symbol
from domain.grand_austria.solo.entrances import SoloEntrance
from domain.grand_austria.staff import card_ref, in_play as staff_in_play
from domain.grand_austria.state import EMPTY, Player, State, filled_at_once
from domain.immutable import evolve
from domain.rules import Expected, Move, MoveSchema, Outcome, RuleViolation
from domain.words import N_, said


ID = "solo"
BOT = "bot"
R_SOLO = "Solo Variant: Dinner for One"
R_SOLO_SETUP = "Solo: The Base Game, Setup"
R_SOLO_TURN = "Solo: Leopold's Turn"
R_SOLO_M3 = "Solo: Module 3 (Hautel Couture)"
PRIVATE_DECK = 5          # "draw 5 cards without looking at them"
DEALT, KEPT = 10, 6       # "Draw 10 staff cards ... and select 6 of them"
DANCERS = 10              # "Elisabeth does not get a rehearsal room board, but she does get her 10 dancers"
BALLROOMS = "ballrooms"
CELEBRITIES = "celebrities"
HOTELS = "unique_hotels"


@filled_at_once
@dataclass(frozen=True)
class Bot:
    """The opponent's own things: its deck and level, the instruction cards
    drawn (the last lies face up), the symbols of the card still to carry
    out, the objective countdown (A, B, C: none, "III", "II", claimed) and
    the private staff deck's cards still face down."""

    deck: str
    level: str
    drawn: tuple[int, ...] = ()
    steps: tuple[Symbol, ...] | None = None    # None: no card being carried out
    hand: str = "right"
    progress: tuple[int, int, int] = (0, 0, 0)
    private_left: int = PRIVATE_DECK
    dancers_left: int = 0                     # Elisabeth with module 1: her 10 dancers
    said: tuple[str, ...] = ()                # the steps of the card being (or last) carried out, in words
    entrance: SoloEntrance | None = None      # module 3: the opponent's solo entrance


def bot(state: State) -> Bot:
    return state.modules.get(ID)


def with_bot(state: State, also: Mapping[str, Any] = NO_CHANGES, /, **changes: Any) -> State:
    """The opponent's things with ``changes`` (``also``: changes to the state
    itself, made in the same copy)."""
    # (read straight, not through ``bot``: asked several times a move of the opponent)
    modules = {**state.modules, ID: evolve(state.modules[ID], **changes)}
    # (``also`` unpacked only when it holds changes: a keyword mapping that is
    # not a dictionary is unpacked through its keys, even empty)
    return evolve(state, **also, modules=modules) if also else evolve(state, modules=modules)


def name(state: State) -> str:
    return OPPONENTS[state.modules[ID].deck]


def deck_for(modules: tuple[str, ...]) -> str:
    """Elisabeth's deck with module 1 or 2, else Leopold's (Solo: Combining Modules)."""
    return "elisabeth" if {BALLROOMS, CELEBRITIES} & set(modules) else "leopold"


def fact(out: Outcome, kind: str, text: str, **details: Any) -> None:
    """A step of the opponent's turn, in words for the table."""
    out.append({"fact": kind, "seat": BOT, **details, "text": text})


# -- the option and the setup ----------------------------------------------------------
class SoloSchema(Schema):
    difficulty = fields.String(required=True, validate=validate.OneOf(LEVELS),
                               metadata={"description": N_("easy, medium or hard (Levels of Difficulty)")})
    bot_entrance = fields.String(validate=validate.OneOf(sorted(entrances.NAMES)), metadata={
        "description": N_("module 3: the opponent's solo entrance, chosen or drawn at random at the table")})


class SoloOption(fields.Nested):
    def __init__(self, **kwargs: Any):
        super().__init__(SoloSchema, **kwargs)


def configure(config: Config) -> Config:
    """Set up for 2 players; the player is dealt 10 staff and keeps 6."""
    if "start_player" in config.modules:
        raise RuleViolation("solo_start_player", N_("The solo variant is incompatible with the start player "
                            "module (module 4)."), "Solo: Module 4")
    if config.staff_draft:
        raise RuleViolation("solo_staff_draft", N_("There is no staff draft in the solo variant: you draw 10 "
                            "staff cards and select 6 of them."), R_SOLO_SETUP)
    chosen = config.options[ID].get("bot_entrance")
    if (chosen is not None) != (HOTELS in config.modules):
        raise RuleViolation("solo_entrance", N_("With module 3 the opponent plays a solo entrance (option solo."
                            "bot_entrance), and only with module 3."), entrances.R_SOLO_M3)
    if HOTELS in config.modules:
        config = adjusted(config, start_krones=entrances.START_KRONES)
    return adjusted(config, hand_size=DEALT)


def start(config: Config) -> Bot:
    chosen = config.options[ID].get("bot_entrance")
    return Bot(deck=deck_for(config.modules), level=config.options[ID]["difficulty"],
               dancers_left=DANCERS if BALLROOMS in config.modules else 0,
               entrance=entrances.SoloEntrance(chosen, rooms=entrances.SUSHI_ROOMS if chosen == entrances.SUSHI
                                               else frozenset()) if chosen else None)


def begin(state: State) -> State:
    """The opponent's seat: the night side of a hotel board, no money, no
    items in its kitchen, no staff hand (Solo: The Base Game, Setup)."""
    if len(state.players) != 1:
        raise RuleViolation("player_count", N_("The solo variant is for one player."), R_SOLO)
    config = state.config
    night = config.catalog.hotel
    opponent = Player(krones=0, items=config.nothing, rooms=(EMPTY,) * night.size, hand=(),
                      cafe=(None,) * config.cafe_tables)
    return evolve(state, players=state.players + (BOT,), hotels={**state.hotels, BOT: night},
                  seats={**state.seats, BOT: opponent})


def human(state: State) -> str:
    return state.players[0]


def check_solo_setup(state: State, move: Move) -> None:
    who = name(state)
    if move["start_player"] != BOT:
        raise violation("solo_start", N_("{who} takes the first turn: the start player is bot."), R_SOLO_SETUP,
                        who=who)
    if BOT in move.get("hands", {}):
        raise violation("solo_no_hand", N_("{who} draws no staff cards: deal only your own 10."), R_SOLO_SETUP,
                        who=who)
    setup.check_setup(state, move)


def apply_solo_setup(state: State, move: Move, out: Outcome) -> State:
    """The base setup; the opponent gets no hand and no starting guest or
    rooms, its private deck of 5 end-game staff lies face down (unseen until
    revealed)."""
    state = setup.apply_setup(state, move, out)
    state = set_player(state, BOT, evolve(state.player(BOT), hand=()))
    fact(out, "bot_private_deck", said(N_("{who}'s private deck: 5 staff cards with the end-game symbol, face down."),
                                       who=name(state)), cards=PRIVATE_DECK)
    return evolve(state, setup_order=(human(state),))


def solo_setup_chance(state: State, rng: random.Random) -> Move:
    move = setup.setup_chance(state, rng)
    return {**move, "start_player": BOT, "hands": {human(state): move["hands"][human(state)]}}


class KeepStaffSchema(MoveSchema):
    """Solo: keep 6 of the 10 staff cards dealt; the other 4 go to the bottom of the deck."""

    seat = fields.String(required=True)
    staff = fields.List(staff_field(), metadata={"description": N_("the 6 cards kept; omit when the scorekeeper "
                                                                "has not seen the hand")})


def check_keep_staff(state: State, move: Move) -> None:
    hand = state.player(move["seat"]).hand
    kept = move.get("staff")
    if kept is None:
        if None not in hand:
            raise violation("name_the_cards", N_("Name the 6 staff cards you keep: the scorekeeper has seen them."),
                            R_SOLO_SETUP)
        return
    if len(kept) != KEPT:
        raise violation("keep_six", N_("Select 6 of the 10 staff cards for your initial hand."), R_SOLO_SETUP)
    cards = [staff_card(c, state) for c in kept]
    left = list(hand)
    for card in cards:
        if card in left:
            left.remove(card)
        elif None in left and card.number not in staff_in_play(state):
            left.remove(None)
        else:
            raise violation("not_dealt", N_("{name} is not among the 10 staff cards you drew."), R_SOLO_SETUP,
                            name=card.name)


def apply_keep_staff(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    kept = tuple(staff_card(c, state) for c in move["staff"]) if move.get("staff") is not None else (None,) * KEPT
    state = set_player(state, seat, evolve(state.player(seat), hand=kept))
    out.append({"fact": "staff_kept", "seat": seat, "kept": KEPT, "returned": DEALT - KEPT,
                "text": said(N_("You keep 6 staff cards; the other 4 go to the bottom of the deck."))})
    return state


def keep_candidates(state: State, expected: Expected) -> list[Move]:
    seat = expected.seats[0]
    hand = state.player(seat).hand
    if None in hand:
        return [{"type": "keep_staff", "seat": seat}]
    refs = [card_ref(c) for c in hand]
    return [{"type": "keep_staff", "seat": seat, "staff": list(kept)} for kept in combinations(refs, KEPT)]


# right after the table's setup: "Before drawing your initial hand ... Draw 10 staff cards and select 6"
KEEP_STAFF = SetupPhase("keep_staff", lambda state: len(state.player(human(state)).hand) <= KEPT,
                        lambda state: Expected((human(state),), ("keep_staff",)), keep_candidates)

"""The solo variant with module 3 "Unique Hotels" (Solo: Module 3): you draw
three regular entrances and choose one (no auction, 7 krones to start); the
opponent plays a solo entrance of its own. Built: the Toll Bridge Hotel (a
cogwheel on each space the opponent takes a die from; using such a space
costs you exactly 1 krone, the opponent scores 1 VP per cogwheel there, then
one goes; only when no space can be used, -5 VP and this turn free) and the
Nine Stars Inn (a cogwheel on the stars track for each objective symbol the
opponent carries out, one removed when you complete a floor or column, 5, 10
or 15 VP for the opponent after each Emperor scoring)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from marshmallow import fields

from domain.grand_austria.effects import score
from domain.grand_austria.modules import unique_hotels
from domain.grand_austria.refusals import violation
from domain.grand_austria.state import OCCUPIED, State
from domain.immutable import evolve, put
from domain.rules import Expected, Move, MoveSchema, Outcome, seat_field

TOLL_BRIDGE, NINE_STARS = "toll_bridge_hotel", "nine_stars_inn"
NAMES = {TOLL_BRIDGE: "Toll Bridge Hotel", NINE_STARS: "Nine Stars Inn"}
R_SOLO_M3 = "Solo: Module 3"
START_KRONES = 7          # "You start the game with 7 krones."
DRAWN = 3                 # "Draw three regular hotel entrance tiles and choose one of them for yourself."
TOLL = 1                  # "you must pay exactly 1 krone"
TOLL_WAIVER_VP = 5        # "you immediately lose 5 victory points"
STARS = 9                 # three rows of three cogwheels: "III", "II", "I"
STARS_VP = (0, 5, 5, 5, 10, 10, 10, 15, 15, 15)   # by cogwheels on the track (SO.C04: III -> 5, II -> 10, I -> 15)
TOLL_WHY = "Toll Bridge Hotel: 1 krone for a space with cogwheels"


@dataclass(frozen=True)
class SoloEntrance:
    """The opponent's solo entrance and its cogwheels."""

    id: str
    tolls: tuple[int, ...] = (0,) * 6                     # Toll Bridge: cogwheels on action spaces 1-6
    waived: tuple[int, int] | None = None                 # Toll Bridge: (round, turn number) of a waiver
    stars: int = 0                                        # Nine Stars: cogwheels on the stars track
    lines: frozenset[str] = field(default_factory=frozenset)   # Nine Stars: your completed floors and columns


# -- your entrance: three drawn, one chosen ---------------------------------------------------
def check_lay_out(state: State, move: Move) -> None:
    laid = move["entrances"]
    if len(laid) != DRAWN or len(set(laid)) != DRAWN:
        raise violation("entrance_count", "Solo: draw three different regular hotel entrances; you choose one "
                        "of them.", R_SOLO_M3)
    unique_hotels.check_laid_out(state, move)


def lay_out_chance(state: State, rng: random.Random) -> Move:
    return unique_hotels.lay_out_chance(state, rng, DRAWN)


class ChooseEntranceSchema(MoveSchema):
    """Solo with module 3: choose one of the three entrances drawn (no auction)."""

    seat = seat_field()
    entrance = fields.String(required=True, metadata={"description": "the entrance's id, e.g. mayenfels"})


def check_choose_entrance(state: State, move: Move) -> None:
    offer = unique_hotels.of(state).offer
    if move["entrance"] not in offer:
        raise violation("no_such_entrance", f"Choose one of the three entrances drawn: {', '.join(offer)}.",
                        R_SOLO_M3)


def apply_choose_entrance(state: State, move: Move, out: Outcome) -> State:
    state = unique_hotels.gain(state, move["seat"], move["entrance"], 0, out)
    return unique_hotels.with_(state, offer=())


def choosing(state: State) -> Expected:
    return Expected((state.players[0],), ("choose_entrance",))


def choose_candidates(state: State, expected: Expected) -> list[Move]:
    return [{"type": "choose_entrance", "seat": expected.seats[0], "entrance": e}
            for e in unique_hotels.of(state).offer]


# -- the Toll Bridge Hotel ------------------------------------------------------------------------
def blocked(state: State, seat: str, entrance: SoloEntrance) -> bool:
    """"Only if you cannot use any action space": no krone, and a cogwheel on every space with a die."""
    return state.player(seat).krones == 0 and all(entrance.tolls[v] for v in range(6) if state.dice[v])


def toll(state: State, seat: str, value: int, entrance: SoloEntrance | None, bot: str) -> tuple[int, str] | None:
    """The krone a space with cogwheels costs you (none when the waiver applies this turn)."""
    if entrance is None or entrance.id != TOLL_BRIDGE or seat == bot or not entrance.tolls[value - 1]:
        return None
    turn = (state.round, state.turn.number) if state.turn else None
    if entrance.waived == turn or blocked(state, seat, entrance):
        return None
    return TOLL, TOLL_WHY


def toll_taken(state: State, seat: str, value: int, entrance: SoloEntrance, bot: str, name: str,
               out: Outcome) -> tuple[State, SoloEntrance]:
    """You used a space with cogwheels: the opponent scores 1 VP per cogwheel
    there, then one goes back; without the toll paid (the waiver), -5 VP
    once this turn."""
    cogs = entrance.tolls[value - 1]
    if entrance.id != TOLL_BRIDGE or seat == bot or not cogs:
        return state, entrance
    paid = any(f.get("fact") == "krones" and f.get("why") == TOLL_WHY for f in out)
    turn = (state.round, state.turn.number)
    if not paid and entrance.waived != turn:
        state = score(state, seat, -TOLL_WAIVER_VP, "Toll Bridge Hotel: no action space you could use "
                      "(no krone; this turn free)", out)
        entrance = evolve(entrance, waived=turn)
    out.append({"fact": "bot_toll", "seat": bot, "space": value, "cogwheels": cogs - 1,
                "text": f"Toll Bridge Hotel: {name} scores {cogs} VP for the cogwheels on action space {value}; "
                        f"one goes back ({cogs - 1} left)."})
    state = score(state, bot, cogs, f"Toll Bridge Hotel: cogwheels on action space {value}", out)
    return state, evolve(entrance, tolls=put(entrance.tolls, value - 1, cogs - 1))


def toll_left(entrance: SoloEntrance, value: int) -> SoloEntrance:
    """The opponent took a die: a cogwheel stays on that space."""
    return evolve(entrance, tolls=put(entrance.tolls, value - 1, entrance.tolls[value - 1] + 1)) \
        if entrance.id == TOLL_BRIDGE else entrance


# -- the Nine Stars Inn ----------------------------------------------------------------------------
def star_placed(entrance: SoloEntrance) -> SoloEntrance:
    """An objective symbol carried out: a cogwheel on the stars track (at most nine)."""
    return evolve(entrance, stars=min(STARS, entrance.stars + 1)) if entrance.id == NINE_STARS else entrance


def completed_lines(state: State, seat: str, room: int) -> set[str]:
    """The floor and the column the room completes in the seat's hotel."""
    hotel, rooms = state.hotel_of(seat), state.player(seat).rooms
    column, floor = room % hotel.width, room // hotel.width
    lines = set()
    if all(rooms[f * hotel.width + column] == OCCUPIED for f in range(len(hotel.floors))):
        lines.add(f"column {column + 1}")
    if all(rooms[floor * hotel.width + c] == OCCUPIED for c in range(hotel.width)):
        lines.add(f"floor {floor + 1}")
    return lines


def star_removed(state: State, seat: str, room: int, entrance: SoloEntrance, name: str,
                 out: Outcome) -> SoloEntrance:
    """You complete a floor or column: the latest cogwheel leaves the stars track (each line once)."""
    new = completed_lines(state, seat, room) - entrance.lines
    if entrance.id != NINE_STARS or not new:
        return entrance
    removed = min(entrance.stars, len(new))
    if removed:
        out.append({"fact": "bot_stars", "seat": "bot", "stars": entrance.stars - removed,
                    "text": f"Nine Stars Inn: you completed {' and '.join(sorted(new))}: {removed} cogwheel"
                            f"{'s' if removed > 1 else ''} leave{'' if removed > 1 else 's'} {name}'s stars "
                            f"track ({entrance.stars - removed} left)."})
    return evolve(entrance, stars=entrance.stars - removed, lines=entrance.lines | new)


def stars_vp(entrance: SoloEntrance) -> int:
    """The VP at the right of the bottommost row with a cogwheel: 5, 10 or 15 (0 with none)."""
    return STARS_VP[entrance.stars] if entrance.id == NINE_STARS else 0


def describe(entrance: SoloEntrance | None) -> dict[str, Any] | None:
    if entrance is None:
        return None
    own: dict[str, Any] = {"entrance": entrance.id, "name": NAMES[entrance.id]}
    if entrance.id == TOLL_BRIDGE:
        own["tolls"] = {str(v + 1): n for v, n in enumerate(entrance.tolls)}
    else:
        own.update(stars=entrance.stars, stars_vp=stars_vp(entrance), lines=sorted(entrance.lines))
    return own


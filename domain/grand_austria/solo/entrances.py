"""The solo variant with module 3 "Unique Hotels" (Solo: Module 3): you draw
three regular entrances and choose one (no auction, 7 krones to start); the
opponent plays one of the four solo entrances:

- Toll Bridge Hotel: a cogwheel on each space the opponent takes a die from;
  using such a space costs you exactly 1 krone, the opponent scores 1 VP per
  cogwheel there, then one goes; only when no space can be used, -5 VP and
  this turn free;
- Nine Stars Inn: a cogwheel on the stars track for each objective symbol the
  opponent carries out, one removed when you complete a floor or column, 5,
  10 or 15 VP for the opponent after each Emperor scoring;
- Sushi Resort: six cogwheels on the opponent's hotel; each room it places
  on one sends the cogwheel onto the leftmost queue guest, where it rides:
  1 krone more for you to take that guest, 8 VP for the opponent when it
  takes the guest or the guest reaches the rightmost space;
- Hautel Couture: three guests of 5-7 VP in the opponent's café with rooms
  reserved for them, an 18-item pool, an item on each action space that you
  place on the opponent's guests when you take a die there; a completed
  guest scores and moves into its room.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from marshmallow import fields

from domain.grand_austria.catalog import Guest
from domain.grand_austria.effects import score
from domain.grand_austria.modules import unique_hotels
from domain.grand_austria.refusals import violation
from domain.grand_austria.state import OCCUPIED, State
from domain.immutable import evolve, put
from domain.rules import Expected, Move, MoveSchema, Outcome, seat_field
from domain.words import N_, Listing, ngettext, said

TOLL_BRIDGE, NINE_STARS, SUSHI, HAUTEL = "toll_bridge_hotel", "nine_stars_inn", "sushi_resort", "hautel_couture"
NAMES = {TOLL_BRIDGE: "Toll Bridge Hotel", NINE_STARS: "Nine Stars Inn", SUSHI: "Sushi Resort",
         HAUTEL: "Hautel Couture"}
R_SOLO_M3 = "Solo: Module 3"
START_KRONES = 7          # "You start the game with 7 krones."
DRAWN = 3                 # "Draw three regular hotel entrance tiles and choose one of them for yourself."
TOLL = 1                  # "you must pay exactly 1 krone"
TOLL_WAIVER_VP = 5        # "you immediately lose 5 victory points"
STARS = 9                 # three rows of three cogwheels: "III", "II", "I"
STARS_VP = (0, 5, 5, 5, 10, 10, 10, 15, 15, 15)   # by cogwheels on the track (SO.C04: III -> 5, II -> 10, I -> 15)
TOLL_WHY = "Toll Bridge Hotel: 1 krone for a space with cogwheels"
# "the last two rooms on the first floor", "the first three rooms on the second floor", "the first room on the third"
SUSHI_ROOMS = frozenset({"1.4", "1.5", "2.1", "2.2", "2.3", "3.1"})
SUSHI_VP = 8              # "he immediately scores an additional 8 victory points"
SUSHI_KRONE = 1           # "pay 1 additional krone and return the token"
SUSHI_WHY = "Sushi Resort: 1 krone for a guest with a cogwheel"
HAUTEL_GUESTS, HAUTEL_VP = 3, (5, 6, 7)   # "three guests showing 5, 6, or 7 victory points"
POOL = 18                 # "until the pool holds 18"
POOL_ORDER = ("strudel", "cake", "wine", "coffee")   # "in the order strudel, cake, wine, coffee, strudel, ..."


@dataclass(frozen=True)
class SoloEntrance:
    """The opponent's solo entrance and its cogwheels."""

    id: str
    tolls: tuple[int, ...] = (0,) * 6                     # Toll Bridge: cogwheels on action spaces 1-6
    waived: tuple[int, int] | None = None                 # Toll Bridge: (round, turn number) of a waiver
    stars: int = 0                                        # Nine Stars: cogwheels on the stars track
    lines: frozenset[str] = field(default_factory=frozenset)   # Nine Stars: your completed floors and columns
    rooms: frozenset[str] = field(default_factory=frozenset)   # Sushi: cogwheels on the opponent's hotel spaces
    riders: frozenset[Any] = field(default_factory=frozenset)  # Sushi: the queue guests carrying one (by card)
    waiting: int = 0                                      # Sushi: cogwheels waiting for the queue's refill
    reserved: tuple[str | None, ...] = ()                 # Hautel: the room reserved for each café guest
    pool: tuple[int, ...] = ()                            # Hautel: the pool's items by kind (POOL_ORDER)
    items: tuple[str | None, ...] = (None,) * 6           # Hautel: the item on each action space
    laid: bool = False                                    # Hautel: its guests and items laid out


# -- your entrance: three drawn, one chosen ---------------------------------------------------
def check_lay_out(state: State, move: Move) -> None:
    laid = move["entrances"]
    if len(laid) != DRAWN or len(set(laid)) != DRAWN:
        raise violation("entrance_count", N_("Solo: draw three different regular hotel entrances; you choose one "
                        "of them."), R_SOLO_M3)
    unique_hotels.check_laid_out(state, move)


def lay_out_chance(state: State, rng: random.Random) -> Move:
    return unique_hotels.lay_out_chance(state, rng, DRAWN)


class ChooseEntranceSchema(MoveSchema):
    """Solo with module 3: choose one of the three entrances drawn (no auction)."""

    seat = seat_field()
    entrance = fields.String(required=True, metadata={"description": N_("the entrance's id, e.g. mayenfels")})


def check_choose_entrance(state: State, move: Move) -> None:
    offer = unique_hotels.of(state).offer
    if move["entrance"] not in offer:
        raise violation("no_such_entrance", N_("Choose one of the three entrances drawn: {offer}."),
                        R_SOLO_M3, offer=', '.join(offer))


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
        state = score(state, seat, -TOLL_WAIVER_VP, N_("Toll Bridge Hotel: no action space you could use "
                      "(no krone; this turn free)"), out)
        entrance = evolve(entrance, waived=turn)
    out.append({"fact": "bot_toll", "seat": bot, "space": value, "cogwheels": cogs - 1,
                "text": said(N_("Toll Bridge Hotel: {who} scores {cogs} VP for the cogwheels on action space {value}; "
                                "one goes back ({left} left)."), who=name, cogs=cogs, value=value, left=cogs - 1)})
    state = score(state, bot, cogs, said(N_("Toll Bridge Hotel: cogwheels on action space {value}"), value=value), out)
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
        lines.add(said(N_("column {n}"), n=column + 1))
    if all(rooms[floor * hotel.width + c] == OCCUPIED for c in range(hotel.width)):
        lines.add(said(N_("floor {n}"), n=floor + 1))
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
                    "text": ngettext("Nine Stars Inn: you completed {lines}: {n} cogwheel leaves {who}'s stars track "
                                     "({left} left).", "Nine Stars Inn: you completed {lines}: {n} cogwheels leave "
                                     "{who}'s stars track ({left} left).", removed,
                                     lines=Listing(sorted(new), " and "), who=name, left=entrance.stars - removed)})
    return evolve(entrance, stars=entrance.stars - removed, lines=entrance.lines | new)


def stars_vp(entrance: SoloEntrance) -> int:
    """The VP at the right of the bottommost row with a cogwheel: 5, 10 or 15 (0 with none)."""
    return STARS_VP[entrance.stars] if entrance.id == NINE_STARS else 0


# -- the Sushi Resort ------------------------------------------------------------------------------
def card_key(guest: Guest) -> Any:
    return guest.number if guest.number is not None else guest.name


def rides(state: State, entrance: SoloEntrance, position: int) -> bool:
    guest = state.queue[position]
    return entrance.id == SUSHI and guest is not None and card_key(guest) in entrance.riders


def sushi_surcharge(state: State, seat: str, position: int, entrance: SoloEntrance | None,
                    bot: str) -> tuple[int, str] | None:
    """"You must pay the additional 1 krone even if an effect allows you to take a guest at no cost"."""
    if entrance is None or seat == bot or not rides(state, entrance, position):
        return None
    return SUSHI_KRONE, SUSHI_WHY


def sushi_room(entrance: SoloEntrance, room: str) -> SoloEntrance:
    """The opponent's room on a cogwheel space: the cogwheel waits for the queue's refill."""
    if entrance.id != SUSHI or room not in entrance.rooms:
        return entrance
    return evolve(entrance, rooms=entrance.rooms - {room}, waiting=entrance.waiting + 1)


def sushi_moves(state: State, entrance: SoloEntrance, bot: str, name: str, out: Outcome) -> tuple[State, SoloEntrance]:
    """After every move: a waiting cogwheel onto the leftmost guest of the
    refilled queue (the leftmost present if the deck is empty, SO.A15); a
    guest with a cogwheel that reached the rightmost space scores the opponent
    8 VP and the cogwheel goes back (the guest stays); one taken by you gives
    its cogwheel back."""
    if entrance.id != SUSHI:
        return state, entrance
    queue = [g for g in state.queue if g is not None]
    if entrance.waiting and not state.refill and queue:
        guest = queue[0]
        out.append({"fact": "bot_sushi", "seat": bot, "guest": guest.name,
                    "text": ngettext("Sushi Resort: {n} cogwheel onto {guest}, the leftmost guest of the queue.",
                                     "Sushi Resort: {n} cogwheels onto {guest}, the leftmost guest of the queue.",
                                     entrance.waiting, guest=guest.name)})
        entrance = evolve(entrance, riders=entrance.riders | {card_key(guest)}, waiting=0)
    present = {card_key(g) for g in queue}
    entrance = evolve(entrance, riders=entrance.riders & present)
    last = state.queue[-1]
    if last is not None and card_key(last) in entrance.riders:
        out.append({"fact": "bot_sushi", "seat": bot, "guest": last.name,
                    "text": said(N_("Sushi Resort: {guest} reached the rightmost space of the queue with a cogwheel: "
                                    "{who} scores {vp} VP and the cogwheel goes back."), guest=last.name, who=name,
                                 vp=SUSHI_VP)})
        state = score(state, bot, SUSHI_VP, said(N_("Sushi Resort: {name} on the rightmost queue space"), name=last.name), out)
        entrance = evolve(entrance, riders=entrance.riders - {card_key(last)})
    return state, entrance


def sushi_guest(state: State, entrance: SoloEntrance, guest: Guest, bot: str, name: str,
                out: Outcome) -> tuple[State, SoloEntrance]:
    """The opponent takes a guest with a cogwheel: 8 VP, the cogwheel goes back."""
    if entrance.id != SUSHI or card_key(guest) not in entrance.riders:
        return state, entrance
    out.append({"fact": "bot_sushi", "seat": bot, "guest": guest.name,
                "text": said(N_("Sushi Resort: {guest} carried a cogwheel: {who} scores {vp} VP more and the cogwheel "
                                "goes back."), guest=guest.name, who=name, vp=SUSHI_VP)})
    state = score(state, bot, SUSHI_VP, said(N_("Sushi Resort: {name} with a cogwheel"), name=guest.name), out)
    return state, evolve(entrance, riders=entrance.riders - {card_key(guest)})


# -- Hautel Couture ---------------------------------------------------------------------------------
def hautel_guest_fits(guest: Guest, champagne: bool) -> bool:
    """Printed 5, 6 or 7 VP, and (module 1) no champagne ordered (SO.A14)."""
    return guest.vp in HAUTEL_VP and not (champagne and len(guest.order) > 4 and guest.order[4])


def reserved_rooms(hotel: Any, colours: list[str]) -> list[int]:
    """"Starting from the top floor and from left to right": a vacant room of
    each guest's colour, in the order revealed; a colour the floor lacks on
    the next floor down (SO.A13); green: the first empty space, top floor first."""
    taken: list[int] = []
    w = hotel.width
    top_down = [f * w + c for f in reversed(range(len(hotel.floors))) for c in range(w)]
    for colour in colours:
        room = next(r for r in top_down if r not in taken and (colour == "green" or hotel.colour(r) == colour))
        taken.append(room)
    return taken


def pool_for(guests: list[Guest], items: tuple[str, ...]) -> tuple[int, ...]:
    """The items the guests need, then strudel, cake, wine, coffee, strudel ... until 18."""
    pool = [sum(g.order[items.index(i)] for g in guests) for i in POOL_ORDER]
    k = 0
    while sum(pool) < POOL:
        pool[k % len(POOL_ORDER)] += 1
        k += 1
    return tuple(pool)


def drawn_from(pool: tuple[int, ...], items: list[str]) -> tuple[int, ...] | None:
    """The pool less these items, or None if it does not hold them."""
    left = list(pool)
    for item in items:
        i = POOL_ORDER.index(item)
        if not left[i]:
            return None
        left[i] -= 1
    return tuple(left)


def pool_list(pool: tuple[int, ...]) -> list[str]:
    return [item for item, n in zip(POOL_ORDER, pool) for _ in range(n)]


def describe(entrance: SoloEntrance | None) -> dict[str, Any] | None:
    if entrance is None:
        return None
    own: dict[str, Any] = {"entrance": entrance.id, "name": NAMES[entrance.id]}
    if entrance.id == TOLL_BRIDGE:
        own["tolls"] = {str(v + 1): n for v, n in enumerate(entrance.tolls)}
    elif entrance.id == HAUTEL:
        own.update(reserved=list(entrance.reserved), pool=dict(zip(POOL_ORDER, entrance.pool)),
                   items={str(v + 1): item for v, item in enumerate(entrance.items)})
    elif entrance.id == SUSHI:
        own.update(rooms=sorted(entrance.rooms), riders=sorted(map(str, entrance.riders)), waiting=entrance.waiting)
    else:
        own.update(stars=entrance.stars, stars_vp=stars_vp(entrance), lines=sorted(entrance.lines))
    return own


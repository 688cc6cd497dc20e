"""The hotel: rooms prepared, occupied (with the occupancy bonus) and removed."""
from __future__ import annotations

from typing import Iterator

from domain.grand_austria.catalog import catalog
from domain.grand_austria.effects import (advance_emperor, apply_effects, gain_krones, gained, pay, said_once,
                                          score, set_player, triggers)
from domain.grand_austria.moves import OccupyRoomSchema, PrepareRoomSchema, RemoveRoomSchema
from domain.grand_austria.parts import MoveRule, asked, run_hooks
from domain.grand_austria.refusals import (R_ADDITIONAL, R_EMPEROR, R_MAIN, R_SETUP, counted_down, resolved,
                                           violation, waiting)
from domain.grand_austria.state import EMPTY, INITIAL_ROOMS, OCCUPIED, PREPARED, Pending, State
from domain.immutable import evolve, put
from domain.rules import Move, Outcome
from domain.words import N_, said


def room_named(state: State, seat: str, name: str) -> int:
    room = state.hotel_of(seat).index(name)
    if room is None:
        raise violation("no_such_room", N_("The hotel has no room {name}."), R_MAIN, name=name)
    return room


def room_cost(state: State, seat: str, room: int, pending: Pending | None) -> int:
    hotel = state.hotel_of(seat)
    if pending is not None and (pending.free or pending.kind == "prepare_occupy"):
        return 0
    discount = pending.discount if pending is not None else 0
    price = max(0, hotel.floor_costs[hotel.floor(room) - 1] - discount)
    if not price:
        return 0        # (free whatever the staff say: they are not asked, as for every room of the bottom floor)
    found = triggers(state, seat, "prepare")     # (most seats have none: no generator then)
    if found and any(t.get("free") and t.get("colour", hotel.colour(room)) == hotel.colour(room)
                     for t in found):     # no colour: rooms of any colour
        return 0
    return price


def can_prepare(state: State, seat: str, room: int, pending: Pending | None) -> str | None:
    """Why the room cannot be prepared now, or None."""
    player = state.seats[seat]      # (read straight: asked for each empty room a step may prepare)
    rooms = player.rooms
    hotel = state.hotels[seat]
    if rooms[room] != EMPTY:
        return N_("That room is already prepared or occupied.")
    if pending is not None and hotel.floor(room) > pending.max_floor:
        return said(N_("This room must be on floors 1 to {max_floor}."), max_floor=pending.max_floor)
    if not any(rooms):
        if room != 0:
            return N_("The first room is the bottom-left room.")
    else:
        # (a loop, not ``any`` over a list: no comprehension made and called for each room asked about)
        for near in hotel.neighbours(room):
            if rooms[near] != EMPTY:
                break
        else:
            return N_("A new room must be next to a prepared or occupied room (not diagonally).")
    if room_cost(state, seat, room, pending) > player.krones:
        return N_("You cannot pay this floor's cost.")
    return None


def prepare(state: State, seat: str, room: int, pending: Pending | None, out: Outcome) -> State:
    """The choke point of every room prepared."""
    hotel = state.hotel_of(seat)
    cost = room_cost(state, seat, room, pending)
    if cost:        # (pay says nothing of a free room: its words are not made then)
        state = pay(state, seat, cost, said_once(N_("prepare room {hotel}"), hotel=hotel.name_of(room)), out)
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, rooms=put(player.rooms, room, PREPARED)))
    out.append({"fact": "room_prepared", "seat": seat, "room": hotel.name_of(room), "cost": cost})
    why = said_once(N_("room {hotel} prepared"), hotel=hotel.name_of(room))
    state = score(state, seat, hotel.prepare_vp.get(room, 0), why, out)
    state = gained(state, seat, "room_prepared", 1, why, out)
    return run_hooks(state, "room_prepared", seat, room, out)


def occupy(state: State, seat: str, room: int, out: Outcome) -> State:
    """The choke point of every room occupied: Custodian-type staff and the
    group's occupancy bonus."""
    player = state.player(seat)
    hotel = state.hotel_of(seat)
    player = evolve(player, rooms=put(player.rooms, room, OCCUPIED))
    state = set_player(state, seat, player)
    out.append({"fact": "room_occupied", "seat": seat, "room": hotel.name_of(room)})
    for trigger in triggers(state, seat, "occupy"):
        state = apply_effects(state, seat, trigger["effects"], N_("staff: a room became occupied"), out)
    index = next(i for i, group in enumerate(hotel.groups) if room in group)
    group = hotel.groups[index]
    player = state.player(seat)
    if index not in player.bonuses and all(player.rooms[r] == OCCUPIED for r in group):
        state = set_player(state, seat, evolve(player, bonuses=player.bonuses | {index}))
        colour = hotel.colour(group[0])
        gain, by_size = (asked(state, "occupancy_chart", seat) or catalog().occupancy_bonus)[colour]
        amount = by_size[min(len(group), len(by_size)) - 1]
        why = said(N_("occupancy bonus: {colour} group {rooms}"), colour=colour,
                   rooms=", ".join(hotel.name_of(r) for r in group))
        state = {"vp": score, "krones": gain_krones}.get(gain, advance_emperor)(state, seat, amount, why, out)
    state = run_hooks(state, "room_occupied", seat, room, out)
    return gained(state, seat, "room_occupied", 1, said_once(N_("room {hotel} occupied"), hotel=hotel.name_of(room)), out)


def removable(state: State, p: Pending) -> list[int]:
    rooms = state.player(p.seat).rooms
    hotel = state.hotel_of(p.seat)
    if p.occupied:
        return [r for r, s in enumerate(rooms) if s == OCCUPIED and hotel.floor(r) == p.floor]
    empty = [r for r, s in enumerate(rooms) if s == PREPARED]
    top = max((hotel.floor(r) for r in empty), default=0)
    return [r for r in empty if hotel.floor(r) == top]


ROOM_NAMED = {"prepare_room": EMPTY, "occupy_room": PREPARED}
"""The room a move of each kind may name at all: its check refuses any other
(a step's candidates are tried one by one, each refusal an exception)."""


def prepare_candidates(state: State, p: Pending) -> Iterator[Move]:
    """The rooms a step may prepare, one at a time: those ``can_prepare``
    allows, as ``check_prepare_room`` does (settling the step looks at the
    first, unchecked; each refused candidate would cost a refusal). Only
    the empty rooms are asked about: most of the others are prepared or
    occupied already, and ``can_prepare`` refuses those first."""
    hotel, rooms = state.hotel_of(p.seat), state.player(p.seat).rooms
    return ({"type": "prepare_room", "seat": p.seat, "room": hotel.name_of(room)}
            for room in range(hotel.size) if rooms[room] == EMPTY and can_prepare(state, p.seat, room, p) is None)


def room_moves(state: State, seat: str, kind: str) -> list[Move]:
    needed = ROOM_NAMED.get(kind)
    return [{"type": kind, "seat": seat, "room": name}
            for name, status in zip(state.hotel_of(seat).room_names, state.player(seat).rooms)
            if needed is None or status == needed]


# -- moves ---------------------------------------------------------------------
def check_prepare_room(state: State, move: Move) -> None:
    room = room_named(state, move["seat"], move["room"])
    problem = can_prepare(state, move["seat"], room, waiting(state))
    if problem:
        raise violation("cannot_prepare", problem, R_MAIN if state.phase != INITIAL_ROOMS else R_SETUP)


def apply_prepare_room(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    room = state.hotel_of(seat).index(move["room"])
    p = waiting(state)
    state = prepare(state, seat, room, p, out)
    if p is None:
        return state
    if p.kind == "prepare_occupy":
        return occupy(resolved(state), seat, room, out)
    return counted_down(state)


def check_occupy_room(state: State, move: Move) -> None:
    room = room_named(state, move["seat"], move["room"])
    if state.player(move["seat"]).rooms[room] != PREPARED:
        raise violation("not_prepared", N_("Only a prepared vacant room can be occupied."), R_ADDITIONAL)
    p = waiting(state)
    if p is not None and state.hotel_of(move["seat"]).floor(room) > p.max_floor:
        raise violation("too_high", N_("This room must be on floors 1 to {max_floor}."), R_ADDITIONAL,
                        max_floor=p.max_floor)


def apply_occupy_room(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    return occupy(resolved(state), p.seat, state.hotel_of(p.seat).index(move["room"]), out)


def check_remove_room(state: State, move: Move) -> None:
    p = waiting(state)
    room = room_named(state, move["seat"], move["room"])
    if room not in removable(state, p):
        which = said(N_("occupied room on floor {floor}"), floor=p.floor) if p.occupied else \
            N_("empty room on your highest floor with one")
        raise violation("wrong_room", N_("Remove an {which}."), R_EMPEROR, which=which)


def apply_remove_room(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    room = state.hotel_of(p.seat).index(move["room"])
    player = state.player(p.seat)
    out.append({"fact": "room_removed", "seat": p.seat, "room": move["room"], "why": p.why})
    return set_player(counted_down(state), p.seat, evolve(player, rooms=put(player.rooms, room, EMPTY)))


MOVES = {
    "prepare_room": MoveRule(PrepareRoomSchema, check_prepare_room, apply_prepare_room),
    "occupy_room": MoveRule(OccupyRoomSchema, check_occupy_room, apply_occupy_room),
    "remove_room": MoveRule(RemoveRoomSchema, check_remove_room, apply_remove_room),
}

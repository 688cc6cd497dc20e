"""Elisabeth's dancers (Solo: Module 1): where the dancer symbol sends one,
and the dancer placed there (no champagne, no row bonus, no room tile)."""
from __future__ import annotations

from typing import Sequence

from domain.grand_austria.modules.ballrooms import Ballroom, of, with_
from domain.grand_austria.state import State
from domain.immutable import evolve, put

BOTTOM_UP = ("bottom", "middle", "top")


def has_space(room: Ballroom) -> bool:
    """A free space in a row, or the rightmost ballroom's balcony (unlimited)."""
    return room.balcony is not None or any(None in row.spaces for row in room.rows)


def target_ballroom(rooms: Sequence[Ballroom], arrows: int) -> int:
    """One arrow: the ballroom scored next if it has a space left, else the
    next one to the right with a space; two arrows: the one scored after the
    next, the rightmost in rounds 6 and 7 (the next is then the last) or
    when that one is full. (The rightmost always has its balcony.)"""
    last = len(rooms) - 1
    upcoming = next((i for i, room in enumerate(rooms) if not room.scored), last)
    if arrows == 1:
        return next(i for i in range(upcoming, last + 1) if has_space(rooms[i]) or i == last)
    after = min(upcoming + 1, last)
    return after if has_space(rooms[after]) else last


def dancer_place(room: Ballroom) -> tuple[str, int | str]:
    """The bottommost row with a free space, its first free space from the
    left (1-based); with every row full, the balcony (SO.A04)."""
    for name in BOTTOM_UP:
        row = room.row(name)
        if row is not None and None in row.spaces:
            return name, row.spaces.index(None) + 1
    return "top", "balcony"


def place(state: State, seat: str, arrows: int) -> tuple[State, str, str, int | str]:
    """Her dancer onto its space: the state, the ballroom's name, the row and the space."""
    rooms = of(state).rooms
    index = target_ballroom(rooms, arrows)
    room = rooms[index]
    row, space = dancer_place(room)
    if space == "balcony":
        placed = evolve(room, balcony=room.balcony + (seat,))
    else:
        placed = evolve(room, rows=tuple(evolve(r, spaces=put(r.spaces, space - 1, seat)) if r.name == row else r
                                         for r in room.rows))
    return with_(state, rooms=put(rooms, index, placed)), room.name, row, space

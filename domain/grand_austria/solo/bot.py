"""The solo opponent's decisions, as the rulebook's "Leopold's Turn" gives
them: small pure functions over the state (specification
``shared/reference/lets-waltz.md`` 7.5).

Order convention: a hand pointing right resolves ties left to right
(ascending position), a hand pointing left right to left."""
from __future__ import annotations

from operator import itemgetter
from typing import Callable, Sequence, TypeVar

from domain.grand_austria.catalog import Hotel
from domain.grand_austria.memo import by_identity
from domain.grand_austria.state import EMPTY, Player, State
from domain.words import N_

T = TypeVar("T")
GREEN = "green"


def in_hand_order(items: Sequence[T], hand: str) -> list[T]:
    """Items listed left to right, in the order the hand resolves ties."""
    return list(items) if hand == "right" else list(reversed(items))


@by_identity
def colour_groups(hotel: Hotel) -> tuple[tuple[str, Callable[[tuple[int, ...]], tuple[int, ...]]], ...]:
    """Each room colour of the hotel with what picks its rooms' states out of
    a seat's rooms, in one call and always as a tuple (the first room twice:
    a single room's would be a number); a seat's hotel board stays the same
    object all game."""
    colours = dict.fromkeys(hotel.colour(r) for r in range(hotel.size))
    return tuple((colour, itemgetter(*hotel.rooms_of(colour), hotel.rooms_of(colour)[0])) for colour in colours)


def empty_colours(hotel: Hotel, player: Player) -> set[str]:
    """The colours of the hotel's empty spaces (a look at each colour's rooms at once, not one room at a time)."""
    rooms = player.rooms
    return {colour for colour, states in colour_groups(hotel) if EMPTY in states(rooms)}


def select_guest(state: State, seat: str, colour: str, hand: str) -> int | None:
    """The queue position (0 = leftmost) of the guest the opponent takes:
    of the colour shown, the one with most VP; with none of that colour
    (or no colour shown), the one with most VP; only guests whose colour
    still has an empty room in the opponent's hotel; equal VP by the hand.
    None when no guest fits (Top Section: Guests)."""
    empty = empty_colours(state.hotel_of(seat), state.player(seat))
    any_empty, leftmost = bool(empty), hand == "right"
    # One pass over the queue, keeping the guest of most VP that fits and the
    # one of the colour shown (equal VP: the leftmost for the right hand, the
    # rightmost for the left), not lists of them looked at again: a green
    # guest fits any empty space, the others an empty space of their colour.
    best = best_vp = shown = shown_vp = None
    for position, guest in enumerate(state.queue):
        if guest is None:
            continue
        of = guest.colour
        if of in empty or (of == GREEN and any_empty):
            vp = guest.vp
            if best is None or vp > best_vp or (vp == best_vp and not leftmost):
                best, best_vp = position, vp
            if of == colour and (shown is None or vp > shown_vp or (vp == shown_vp and not leftmost)):
                shown, shown_vp = position, vp
    return shown if colour != "any" and shown is not None else best


def bot_room(hotel: Hotel, player: Player, colour: str) -> int | None:
    """Where the opponent's guest is accommodated: blue, red, yellow the
    first matching space from the left in the bottommost possible floor;
    green the first empty space from the bottom in the rightmost possible
    column (Accommodating Guests: no adjacency, no start at the bottom left)."""
    order = hotel.by_columns_from_the_right if colour == GREEN else hotel.rooms_of(colour)
    rooms = player.rooms
    for room in order:      # (a loop, not next() over a generator resumed for each room)
        if rooms[room] == EMPTY:
            return room
    return None


def select_die(counts: Sequence[int], shown: tuple[int, ...], hand: str) -> int | None:
    """The action space (1-6) whose die the opponent takes: one value shown,
    that one; two, the one with more dice; none shown ("?") or none of those
    on the board, the one with most dice; ties by the hand (Middle Section:
    Die). ``counts``: dice on spaces 1-6. None with no die on the board."""
    leftmost = hand == "right"
    # (one pass over the values shown, then over all: the one of most dice so
    # far kept, equal counts by the hand, not lists of them looked at again)
    for values in (shown, range(1, 7)):
        best = most = None
        for value in values:
            n = counts[value - 1]
            if n and (best is None or n > most or (n == most and not leftmost)):
                best, most = value, n
        if best is not None:
            return best
    return None


NONE, III, II, CLAIMED = 0, 1, 2, 3
PROGRESS_WORDS = (N_("no marker"), N_('onto "III"'), N_('onto "II"'), N_("claimed"))


def objective_target(progress: Sequence[int], letter: str, hand: str) -> int | None:
    """The objective (0 = A) the opponent advances on: the one shown unless
    it is claimed or the symbol shows "?", else the unclaimed one with least
    progress, ties A, B, C in the hand's order; None when all are claimed
    (Bottom Section: objective cards)."""
    if letter != "?" and progress["ABC".index(letter)] != CLAIMED:
        return "ABC".index(letter)
    open_ones = [i for i, p in enumerate(progress) if p != CLAIMED]
    if not open_ones:
        return None
    least = min([progress[i] for i in open_ones])
    return in_hand_order([i for i in open_ones if progress[i] == least], hand)[0]

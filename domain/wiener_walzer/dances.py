"""Dances (rulebook "Dances").

A guest enclosed on all four sides by guest cards or the board's edge dances
with the adjacent guest of the other sex with the highest value. Turned
(danced) cards still enclose but never dance again. When partners tie or
several dances are due, the player whose turn it is chooses, but only when the
choice matters: if every order and every choice among tied partners leads to
the same set of dancing pairs, the dances resolve by themselves.
"""
from __future__ import annotations

from itertools import islice
from typing import Iterator, Mapping, Sequence

from domain.immutable import evolve as replace, put as set_at
from domain.rules import Outcome
from domain.wiener_walzer.board import Board
from domain.wiener_walzer.state import Dance, Guest, WalzerState
from domain.words import N_, said

Step = tuple[str, str]            # (dancer, partner)
Pairs = frozenset[frozenset[str]]  # a set of dancing pairs of spaces


def _value(partner: tuple[str, int]) -> int:
    return partner[1]


def enclosed(board: Board, guests: Mapping[str, Guest], space: str) -> bool:
    """Every neighbouring space in play holds a guest card (edges enclose too)."""
    return guests.keys() >= board.beside[space]


def dance_steps(board: Board, guests: Mapping[str, Guest], also_turned: frozenset[str] = frozenset(),
                among: Sequence[str] | None = None) -> list[Step]:
    """Every dance that may take place next: an enclosed face-up guest with one
    of its highest-valued face-up neighbours of the other sex, in reading
    order. ``among``: the only spaces that can be due (the whole board when
    None), in reading order: after a placement its space and neighbours
    (``Board.around``), after a dance the guests that were due (``dancers``)."""
    steps = []
    neighbours, beside, placed = board.neighbours, board.beside, guests.keys()
    for space in board.spaces if among is None else among:
        me = guests.get(space)
        if me is None or me.turned or space in also_turned or not placed >= beside[space]:   # (enclosed)
            continue
        # Every neighbour holds a guest card: the partners are the face-up ones of the other sex.
        partners = [(n, guest.value) for n in neighbours[space]
                    if not (guest := guests[n]).turned and guest.sex != me.sex and n not in also_turned]
        if partners:
            top = max(partners, key=_value)[1]
            steps += [(space, n) for n, v in partners if v == top]
    return steps


def why_not_due(board: Board, guests: Mapping[str, Guest], space: str) -> str:
    """Why the guest on ``space`` does not dance now, in the rulebook's words."""
    guest = guests.get(space)
    if guest is None:
        return "no guest card lies there"
    if guest.turned:
        return "it has danced and lies face down"
    if not enclosed(board, guests, space):
        free = [n for n in board.neighbours[space] if n not in guests]
        return f"it is not enclosed, with {', '.join(free)} free beside it"
    return "no face-up guest of the other sex stands beside it"


def dancers(steps: Sequence[Step]) -> tuple[str, ...]:
    """The spaces of the guests due in ``steps``, in their order. After a dance
    only they can still be due: turning cards over encloses nobody new and
    gives nobody a new partner, so no guest starts to be due."""
    return tuple(dict.fromkeys(dancer for dancer, _ in steps))


def dance_results(board: Board, guests: Mapping[str, Guest], steps: list[Step]) -> Iterator[Pairs]:
    """Each set of dancing pairs that some order of the dances ``steps`` due
    now and choice of tied partners can produce, once each, one after the
    other (looking only at the guests due now: see ``dancers``). The orders
    are followed depth first, and each set of pairs danced so far only once:
    whichever order led to it, the same dances remain."""
    due = dancers(steps)
    seen: set[Pairs] = set()

    def results(danced: Pairs, turned: frozenset[str]) -> Iterator[Pairs]:
        now = dance_steps(board, guests, turned, due) if turned else steps
        if not now:
            yield danced
        for step in now:
            pair = frozenset(step)
            after = danced | {pair}
            if after not in seen:
                seen.add(after)
                yield from results(after, turned | pair)

    return results(frozenset(), frozenset())


def is_choice(board: Board, guests: Mapping[str, Guest], steps: list[Step]) -> bool:
    """True when the player's choice among the dances ``steps`` due changes who
    dances with whom: a second set of dancing pairs can come about (the
    search stops there)."""
    return len(steps) > 1 and not apart(steps) and len(list(islice(dance_results(board, guests, steps), 2))) > 1


def apart(steps: Sequence[Step]) -> bool:
    """No guest is in two of the pairs: then all of them dance, in any order
    (a dance turns only its own two guests, none of them another's highest
    partner, and makes nobody due), so there is nothing to choose."""
    dancing = [space for pair in {frozenset(step) for step in steps} for space in pair]
    return len(dancing) == len(set(dancing))


def perform_dance(state: WalzerState, dancer: str, partner: str, kind: str = "enclosed") -> tuple[WalzerState, Outcome]:
    """The two guests dance: the sum of their values goes to each player
    involved, once per player (two guests of one colour, or a white guest,
    make one player), and both cards are turned over."""
    a, b = state.guests[dancer], state.guests[partner]
    total = a.value + b.value
    seats = tuple(dict.fromkeys(owner for owner in (a.owner, b.owner) if owner is not None))
    guests = {**state.guests, dancer: a.face_down, partner: b.face_down}
    points = state.points
    for seat in seats:
        i = state.index(seat)
        points = set_at(points, i, points[i] + total)
    dance = Dance(dancer, partner, (a.card, b.card), seats, total, kind)
    why = said(N_("dance of {card} on {dancer} with {partner_card} on {partner}"), card=a.card, dancer=dancer,
               partner_card=b.card, partner=partner)
    outcome: Outcome = [{"fact": "danced", **dance.to_json()}]
    outcome += [{"fact": "scored", "seat": seat, "points": total, "why": why} for seat in seats]
    return replace(state, guests=guests, points=points, dances=state.dances + (dance,)), outcome

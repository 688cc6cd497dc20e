"""Pending decisions: the kinds the base game knows (each with the move that
resolves it, its candidates, and whether it may be declined), the decline,
and settling the steps that offer no choice."""
from __future__ import annotations

from itertools import islice
from typing import Callable

from domain.grand_austria import cafe, dice, hotel, staff
from domain.grand_austria.moves import DeclineSchema
from domain.grand_austria.parts import MoveRule, PendingKind, parts
from domain.grand_austria.refusals import resolved
from domain.grand_austria.state import Pending, State
from domain.rules import Move, Outcome


def _rooms(kind: str) -> Callable[[State, Pending], list[Move]]:
    return lambda state, p: hotel.room_moves(state, p.seat, kind)


def _removals(state: State, p: Pending) -> list[Move]:
    return [{"type": "remove_room", "seat": p.seat, "room": state.hotel_of(p.seat).name_of(r)}
            for r in hotel.removable(state, p)]


def _table_draw(state: State, p: Pending) -> list[Move]:
    return []


PENDING: dict[str, PendingKind] = {
    "items": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable),
    "any_items": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable),
    "any_item": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable),
    "dish_or_drink": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable),
    "funds": PendingKind("split_funds", dice.funds_candidates),
    "imitate": PendingKind("choose_action", dice.imitate_candidates),
    "extra_action": PendingKind("take_die", dice.extra_action_candidates, optional=True),
    "rooms": PendingKind("prepare_room", _rooms("prepare_room"), optional=True),
    "prepare_occupy": PendingKind("prepare_room", _rooms("prepare_room"), optional=True),
    "occupy": PendingKind("occupy_room", _rooms("occupy_room"), optional=True),
    "remove_room": PendingKind("remove_room", _removals),
    "hire": PendingKind("hire", staff.hire_candidates, optional=True),
    "return_hand": PendingKind("return_staff", staff.return_candidates),
    "discard_end_staff": PendingKind("discard_staff", staff.discard_candidates),
    "free_guest": PendingKind("take_guest", cafe.free_guest_candidates, optional=True),
    "complete_order": PendingKind("complete_order", cafe.complete_candidates, optional=True),
    "place_items": PendingKind("place_items", cafe.place_candidates, optional=True),
    "dustbin": PendingKind("choose_dustbin", dice.dustbin_candidates),
    "draw_staff": PendingKind("draw_staff", _table_draw, by_table=True),
    "offer_draw": PendingKind("draw_staff", _table_draw, by_table=True),
}


def kind_of(state: State, p: Pending) -> PendingKind:
    return parts(state).pending[p.kind]


def listable(state: State, p: Pending) -> bool:
    """Whether the step's choices are few enough to list (see PendingKind.listable)."""
    kind = kind_of(state, p)
    return kind.listable is None or kind.listable(state, p)


def candidates(state: State, p: Pending) -> list[Move]:
    """The step's moves to list: every choice, or when there are too many to
    list (``listable``) only the decline, the choice being entered as counts."""
    kind = kind_of(state, p)
    choices = kind.candidates(state, p) if listable(state, p) else ()
    return [*choices, *([{"type": "decline", "seat": p.seat}] if kind.optional else [])]


def check_decline(state: State, move: Move) -> None:
    """Only optional steps offer decline (see expected)."""


def apply_decline(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    out.append({"fact": "declined", "seat": p.seat, "step": p.kind, "why": p.why})
    return resolved(state)


def settle(state: State, out: Outcome, is_legal: Callable[[State, Move], bool],
           apply: Callable[[State, Move, Outcome], State]) -> State:
    """Resolve pending steps that offer no choice: with nothing possible they
    lapse, with one possible (and not optional) it is made. (Not while the
    queue waits for its new guest: a step after taking a guest, such as
    Kaufman's second guest, chooses from the replenished queue.)"""
    while state.pending and not state.refill:
        p = state.pending[0]
        kind = kind_of(state, p)
        if kind.by_table:
            break
        # Whether there is a choice needs at most two legal options (one for an
        # optional step, which never resolves by itself): no need to check them all.
        legal = (m for m in kind.candidates(state, p) if is_legal(state, m))
        options = list(islice(legal, 1 if kind.optional else 2))
        if not options:
            out.append({"fact": "lapsed", "seat": p.seat, "step": p.kind, "why": p.why})
            state = resolved(state)
        elif len(options) == 1 and not kind.optional:
            state = apply(state, options[0], out)
        else:
            break
    if state.pending and kind_of(state, state.pending[0]).move == "draw_staff" and not staff.deck(state) \
            and staff.all_known(state):
        p = state.pending[0]
        out.append({"fact": "lapsed", "seat": p.seat, "step": p.kind, "why": "the staff deck is empty"})
        return settle(resolved(state), out, is_legal, apply)
    return state


MOVES = {"decline": MoveRule(DeclineSchema, check_decline, apply_decline)}

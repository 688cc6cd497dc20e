"""Pending decisions: the kinds the base game knows (each with the move that
resolves it, its candidates, and whether it may be declined), the decline,
and settling the steps that offer no choice."""
from __future__ import annotations

from itertools import islice
from typing import Any, Callable

from domain.grand_austria import cafe, dice, hotel, staff
from domain.grand_austria.moves import DeclineSchema
from domain.grand_austria.parts import MoveRule, PendingKind, parts
from domain.grand_austria.refusals import R_TURN, resolved, violation
from domain.grand_austria.state import Pending, State
from domain.rules import Move, Outcome
from domain.words import N_


def _rooms(kind: str) -> Callable[[State, Pending], list[Move]]:
    return lambda state, p: hotel.room_moves(state, p.seat, kind)


def _removals(state: State, p: Pending) -> list[Move]:
    return [{"type": "remove_room", "seat": p.seat, "room": state.hotel_of(p.seat).name_of(r)}
            for r in hotel.removable(state, p)]


def _table_draw(state: State, p: Pending) -> list[Move]:
    return []


PENDING: dict[str, PendingKind] = {
    "items": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable, checked=True),
    "any_items": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable, checked=True),
    "any_item": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable, checked=True),
    "dish_or_drink": PendingKind("choose_items", dice.items_candidates, listable=dice.items_listable, checked=True),
    "funds": PendingKind("split_funds", dice.funds_candidates, checked=True),
    "imitate": PendingKind("choose_action", dice.imitate_candidates, checked=True),
    "extra_action": PendingKind("take_die", dice.extra_action_candidates, optional=True),
    "rooms": PendingKind("prepare_room", hotel.prepare_candidates, optional=True, checked=True),
    "prepare_occupy": PendingKind("prepare_room", hotel.prepare_candidates, optional=True, checked=True),
    "occupy": PendingKind("occupy_room", _rooms("occupy_room"), optional=True),
    "remove_room": PendingKind("remove_room", _removals),
    "hire": PendingKind("hire", staff.hire_candidates, optional=True, checked=True),
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


HAND_STEPS = ("hire", "return_hand")
"""Steps whose options come from a hand (a hire from hand, an Emperor
penalty's return): whether one lapses, makes itself or waits depends on cards
only their seat sees."""

LAPSED, WAITS, DECK_EMPTY = "lapsed", "waits", "deck_empty"
MADE = "made"
"""A step made by itself is kept as ``{"made": the move}`` (as the table sees it)."""
DECISIONS = (LAPSED, WAITS, DECK_EMPTY)

Decision = Any
"""``LAPSED``, ``WAITS``, ``DECK_EMPTY`` or ``{MADE: move}``."""


class Settling:
    """What ``settle`` decided on hidden information, and what a record says
    it decided. A digital game's record keeps, on the move that set them off,
    the decisions taken on a step whose options come from a hand (``taken``,
    recorded as the move's ``settled``): a replay that cannot see the hand
    (the table's or another seat's view) follows them (``recorded``) instead
    of deriving them again from cards it does not see; where it sees the
    cards, a recorded decision must be the one the rules give. ``seen``
    gives a move as the table sees it."""

    def __init__(self, recorded: list[Decision] | None = None, seen: Callable[[Move], Move] = lambda m: m):
        self.recorded = list(recorded) if recorded is not None else None
        self.taken: list[Decision] = []
        self.seen = seen

    def decide(self, derived: Decision, hidden: bool, p: Pending) -> Decision:
        said = self.recorded.pop(0) if self.recorded else None
        if said is not None and said != derived and not hidden:
            raise violation("settled_differs", N_("The record says {seat}'s {kind} step went otherwise than the rules give ({said} instead of {derived})."), R_TURN,
                            seat=p.seat, kind=p.kind.replace('_', ' '), said=said, derived=derived)
        decision = said if said is not None and hidden else derived
        self.taken.append(decision)
        return decision


def _hand_step(state: State, p: Pending) -> bool:
    return p.kind in HAND_STEPS and not (p.kind == "hire" and p.cards)


def settle(state: State, out: Outcome, is_legal: Callable[[State, Move], bool],
           apply: Callable[[State, Move, Outcome], State], settling: Settling | None = None) -> State:
    """Resolve pending steps that offer no choice: with nothing possible they
    lapse, with one possible (and not optional) it is made. (Not while the
    queue waits for its new guest: a step after taking a guest, such as
    Kaufman's second guest, chooses from the replenished queue.) A step whose
    options come from a hand follows ``settling`` (see Settling); without
    one (no record to follow nor to keep) every decision is derived."""
    kinds = parts(state).pending
    while state.pending and not state.refill:
        p = state.pending[0]
        kind = kinds[p.kind]
        if kind.by_table:
            break
        # Whether there is a choice needs at most two legal options (one for an
        # optional step, which never resolves by itself): no need to check them all.
        legal = kind.candidates(state, p) if kind.checked else \
            (m for m in kind.candidates(state, p) if is_legal(state, m))
        options = list(islice(legal, 1 if kind.optional else 2))
        made = options[0] if len(options) == 1 and not kind.optional else None
        decision = LAPSED if not options else WAITS if made is None else MADE
        if settling is not None and _hand_step(state, p):
            said = settling.decide(decision if made is None else {MADE: settling.seen(made)},
                                   None in state.player(p.seat).hand, p)
            decision, made = (MADE, said[MADE]) if isinstance(said, dict) else (said, None)
            if made is not None and not is_legal(state, made):
                raise violation("settled_differs", N_("The record says {seat}'s {kind} step was made by a move the rules do not allow there."), R_TURN,
                                seat=p.seat, kind=p.kind.replace('_', ' '))
        if decision == LAPSED:
            out.append({"fact": "lapsed", "seat": p.seat, "step": p.kind, "why": p.why})
            state = resolved(state)
        elif decision == MADE:
            state = apply(state, made, out)
        else:
            break
    if state.pending and kinds[state.pending[0].kind].move == "draw_staff" and _deck_ran_out(state, settling):
        p = state.pending[0]
        out.append({"fact": "lapsed", "seat": p.seat, "step": p.kind, "why": N_("the staff deck is empty")})
        return settle(resolved(state), out, is_legal, apply, settling)
    return state


def _deck_ran_out(state: State, settling: Settling | None) -> bool:
    """Whether the staff deck is empty: known when every hand is seen; where
    one is not, a record that says so (``DECK_EMPTY`` among the move's
    decisions, kept only when the deck ran out) is followed."""
    if staff.all_known(state):
        empty = staff.deck_empty(state)
        if empty and settling is not None:
            settling.taken.append(DECK_EMPTY)
            if settling.recorded and settling.recorded[0] == DECK_EMPTY:
                settling.recorded.pop(0)
        return empty
    if settling is not None and settling.recorded and settling.recorded[0] == DECK_EMPTY:
        settling.taken.append(settling.recorded.pop(0))
        return True
    return False


MOVES = {"decline": MoveRule(DeclineSchema, check_decline, apply_decline)}

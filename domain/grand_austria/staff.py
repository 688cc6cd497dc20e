"""Staff: hands and hires, once-per-round cards, the deck and the table's
draws, returns and discards; hired staff as a trigger source."""
from __future__ import annotations

import random
from typing import Any, Iterator, Mapping

from domain.chance import shuffled
from domain.grand_austria.catalog import Staff, every_card
from domain.grand_austria.effects import (NO_TRIGGERS, apply_effects, by_kind, cannot_pay, check_in_game, gained, pay,
                                          said_once, set_player, staff_card)
from domain.grand_austria.memo import by_identity
from domain.grand_austria.moves import (DiscardStaffSchema, DrawStaffSchema, HireSchema, ReturnStaffSchema,
                                        UseStaffSchema)
from domain.grand_austria.parts import MoveRule
from domain.grand_austria.refusals import (R_ADDITIONAL, R_EMPEROR, R_MAIN, R_TURN, counted_down, resolved,
                                           violation, waiting)
from domain.grand_austria.state import Pending, State
from domain.immutable import evolve
from domain.rules import Move, Outcome
from domain.words import N_, said


def hired_staff(state: State, seat: str) -> Mapping[str, tuple[dict, ...]]:
    """The trigger source of the base game: the seat's hired permanent staff."""
    hired = state.seats[seat].hired
    return _triggers_of(hired) if hired else NO_TRIGGERS     # (no staff hired yet: nothing to remember)


@by_identity
def _triggers_of(hired: tuple[Staff, ...]) -> Mapping[str, tuple[dict, ...]]:
    return by_kind(card.trigger for card in hired if card.trigger)


def in_play(state: State) -> set[int]:
    seen = set()
    for player in state.seats.values():
        seen |= {c.number for c in player.hand + player.hired if c}
    for pack in state.packs.values():
        seen |= {c.number for c in pack if c}
    for p in state.pending:
        seen |= {c.number for c in p.cards if c}
    return seen


def deck(state: State) -> list[int]:
    taken = in_play(state)
    return [n for n in state.config.catalog.staff if n not in taken]


def deck_empty(state: State) -> bool:
    """Whether every card of the game's staff stack is in play (asked while a draw waits)."""
    return in_play(state).issuperset(state.config.catalog.staff)


def all_known(state: State) -> bool:
    return all(None not in p.hand for p in state.seats.values()) and \
        all(None not in pack for pack in state.packs.values())


def card_ref(card: Staff) -> Any:
    """A card as a move names it: its number, or its printed content."""
    printed = every_card().staff.get(card.number) if card.number is not None else None
    # (most cards are the catalog's own object: no field by field comparison then)
    return card.number if printed is not None and (printed is card or printed == card) \
        else {k: v for k, v in card.to_json().items() if v is not None}


def named_from(state: State, source: tuple[Staff | None, ...]) -> list[Staff]:
    """The cards one may name from ``source``: those seen, and with an unseen
    card there, any card not in play."""
    cards = [c for c in source if c is not None]
    if len(cards) < len(source):      # (an unseen card: not ``None in source``, which asks every card's __eq__)
        taken = in_play(state)
        cards += [c for n, c in state.config.catalog.staff.items() if n not in taken]
    return cards


def not_named_from(state: State, card: Staff, ref: Any, source: tuple[Staff | None, ...]) -> bool:
    return card not in source and (None not in source or (isinstance(ref, int) and ref in in_play(state)))


def hire_cost(p: Pending, card: Staff) -> int:
    return 0 if p.free else max(0, card.cost - p.discount)


def hire(state: State, p: Pending, card: Staff, out: Outcome) -> State:
    """The choke point of every hire."""
    player = state.player(p.seat)
    if not p.cards:
        hand = list(player.hand)
        hand.remove(card if card in hand else None)
        player = evolve(player, hand=tuple(hand))
    state = set_player(state, p.seat, evolve(player, hired=player.hired + (card,)))
    out.append({"fact": "hired", "seat": p.seat, "staff": card.to_json(), "why": p.why})
    state = pay(state, p.seat, hire_cost(p, card), said_once(N_("hire {name}"), name=card.name), out)
    why = said_once(N_("staff {name} hired"), name=card.name)
    state = apply_effects(state, p.seat, card.on_hire, why, out)
    return gained(state, p.seat, "hired", 1, why, out)


def usable(state: State, seat: str, card: Staff) -> int | None:
    player = state.player(seat)
    return next((i for i, c in enumerate(player.hired)
                 if c == card and c.per_round and i not in player.used), None)


# -- moves ---------------------------------------------------------------------
def check_draw_staff(state: State, move: Move) -> None:
    p = waiting(state)
    if move["seat"] != p.seat:
        raise violation("wrong_player", N_("The cards are drawn for {seat}."), R_TURN, seat=p.seat)
    cards = move.get("cards")
    if cards is not None:
        check_in_game(state, "staff", cards, R_TURN)
        if not 0 < len(cards) <= p.n:
            raise violation("draw_count", N_("{n} staff cards are drawn (fewer only when the deck runs out)."),
                            R_TURN, n=p.n)
        numbers = [c for c in cards if isinstance(c, int)]
        if set(numbers) & in_play(state) or len(set(numbers)) != len(numbers):
            raise violation("duplicate_card", N_("That staff card is already in play."), R_TURN)


def apply_draw_staff(state: State, move: Move, out: Outcome) -> State:
    p, rest = state.pending[0], state.pending[1:]
    cards = move.get("cards")
    drawn = tuple(staff_card(c, state) for c in cards) if cards is not None else (None,) * p.n
    out.append({"fact": "staff_drawn", "seat": p.seat, "count": len(drawn)})
    if p.kind == "offer_draw":
        offer = Pending(p.seat, "hire", discount=p.discount, free=p.free, cards=drawn, why=p.why)
        return evolve(state, pending=(offer,) + rest)
    player = state.player(p.seat)
    state = set_player(state, p.seat, evolve(player, hand=player.hand + drawn))
    return evolve(state, pending=rest)


def draw_chance(state: State, rng: random.Random) -> Move:
    p = state.pending[0]
    return {"type": "draw_staff", "seat": p.seat, "cards": shuffled(rng, deck(state))[:p.n]}


def check_hire(state: State, move: Move) -> None:
    p = waiting(state)
    card = staff_card(move["staff"], state)
    source = p.cards if p.cards else state.player(p.seat).hand
    if not_named_from(state, card, move["staff"], source):
        raise violation("not_in_hand", N_("{name} is not among the cards you may hire from."), R_MAIN, name=card.name)
    cost = hire_cost(p, card)
    if cost > state.player(p.seat).krones:
        raise violation("cannot_pay", N_("Hiring {name} costs {cost} krones."), R_MAIN, name=card.name, cost=cost)


def apply_hire(state: State, move: Move, out: Outcome) -> State:
    return hire(resolved(state), state.pending[0], staff_card(move["staff"], state), out)


def hire_candidates(state: State, p: Pending) -> Iterator[Move]:
    """A hire of each card one may name and pay for, one at a time (with an
    unseen card in hand, every card not in play: settling the step looks at
    the first). Each is a hire ``check_hire`` allows: settling takes it unchecked."""
    source = p.cards if p.cards else state.player(p.seat).hand
    krones = state.player(p.seat).krones
    return ({"type": "hire", "seat": p.seat, "staff": card_ref(c)} for c in named_from(state, source)
            if hire_cost(p, c) <= krones)


def check_use_staff(state: State, move: Move) -> None:
    card = staff_card(move["staff"], state)
    if usable(state, move["seat"], card) is None:
        raise violation("not_usable", N_("Use a hired once-per-round staff card not yet turned sideways."),
                        R_ADDITIONAL)
    for e in card.per_round:
        lacking = cannot_pay(state, move["seat"], e) if e["kind"] == "pay" else None
        if lacking:
            raise violation("cannot_pay", N_("{name}: you {lacking}."), R_ADDITIONAL, name=card.name, lacking=lacking)


def apply_use_staff(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    card = staff_card(move["staff"], state)
    index = usable(state, seat, card)
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, used=player.used | {index}))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    return apply_effects(state, seat, card.per_round, said(N_("staff {name} (once per round)"), name=card.name), out)


def check_return_staff(state: State, move: Move) -> None:
    hand = state.player(move["seat"]).hand
    card = staff_card(move["staff"], state) if move.get("staff") is not None else None
    if card not in hand and (None not in hand or card is None):
        raise violation("not_in_hand", N_("Return a card from your hand."), R_EMPEROR)


def apply_return_staff(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    card = staff_card(move["staff"], state) if move.get("staff") is not None else None
    player = state.player(p.seat)
    hand = list(player.hand)
    hand.remove(card if card in hand else None)
    out.append({"fact": "staff_returned", "seat": p.seat, "staff": card.name if card else None})
    return set_player(counted_down(state), p.seat, evolve(player, hand=tuple(hand)))


def return_candidates(state: State, p: Pending) -> list[Move]:
    hand = state.player(p.seat).hand
    moves = [{"type": "return_staff", "seat": p.seat, "staff": card_ref(c)} for c in hand if c]
    return moves + ([{"type": "return_staff", "seat": p.seat}] if None in hand else [])


def check_discard_staff(state: State, move: Move) -> None:
    card = staff_card(move["staff"], state)
    if card not in state.player(move["seat"]).hired or not card.end:
        raise violation("not_end_staff", N_("Discard one of your hired end-game staff."), R_EMPEROR)


def apply_discard_staff(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    card = staff_card(move["staff"], state)
    player = state.player(p.seat)
    index = player.hired.index(card)
    hired = player.hired[:index] + player.hired[index + 1:]
    used = frozenset(i if i < index else i - 1 for i in player.used if i != index)
    out.append({"fact": "staff_discarded", "seat": p.seat, "staff": card.name, "why": p.why})
    return set_player(resolved(state), p.seat, evolve(player, hired=hired, used=used))


def discard_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "discard_staff", "seat": p.seat, "staff": card_ref(c)}
            for c in state.player(p.seat).hired if c.end]


def use_staff_moves(state: State, seat: str) -> list[Move]:
    return [{"type": "use_staff", "seat": seat, "staff": card_ref(c)} for c in state.player(seat).hired
            if c.per_round]


MOVES = {
    "draw_staff": MoveRule(DrawStaffSchema, check_draw_staff, apply_draw_staff),
    "hire": MoveRule(HireSchema, check_hire, apply_hire),
    "use_staff": MoveRule(UseStaffSchema, check_use_staff, apply_use_staff, before_main=True, additional=True),
    "return_staff": MoveRule(ReturnStaffSchema, check_return_staff, apply_return_staff),
    "discard_staff": MoveRule(DiscardStaffSchema, check_discard_staff, apply_discard_staff),
}

"""Let's Waltz! Module 5 "Would You Like Some More?": bell staff (a one-time
reward when a requirement is met on this or a later turn of the owner, then
the card lies face down for good), three objectives (#180-#182) and three
Emperor tiles, shuffled into the base stacks "without changing any of the base
game rules". Rulebook: "Module 5" and the appendix entries for objectives and
Emperor tiles; data: ``data/more.toml`` (the 14 staff are reconstructed, the
rulebook prints none).

A requirement is an event on the owner's turn (``{"on": "die", "values":
[2]}``) or a state (``{"measure": "occupied_yellow", "at_least": 3}``)
[specification M5.A01]. An event is met each time it happens on the owner's
turn, once the card is in play. A state is met when it holds at a settled
point of the owner's turn (nothing pending) and the card is armed: a card is
armed when hired (a requirement already met then counts, M5.A02) and again
each time the state is seen not to hold; being offered disarms it. So a
declined card waits for the next event, or for its state to fail and return.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from marshmallow import fields, validate

from domain.grand_austria.catalog import BELL_EVENTS, ITEMS, Guest, Staff
from domain.grand_austria.effects import N_, Carrying, Words, apply_effects, describe_all, lose, pay, score, staff_card
from domain.grand_austria.memo import by_identity
from domain.grand_austria.moves import staff_field
from domain.grand_austria.parts import Module, MoveRule, PendingKind
from domain.grand_austria.refusals import counted_down, resolved, violation, waiting
from domain.grand_austria.scoring import completed_guests, measured
from domain.grand_austria.state import OCCUPIED, Pending, State, filled_at_once
from domain.immutable import evolve
from domain.rules import Move, MoveSchema, Outcome, seat_field
from domain.words import N_, ngettext, said

ID = "more"
R_BELL = "Module 5: staff cards with a bell symbol"
R_TILES = "Appendix: Emperor Tiles (module 5)"
LARGE_ORDER = 3          # objective 182: guests who each ordered 3 or more items


# -- the events a requirement may name: fields, and whether a move's facts show one --------
Event = Callable[[State, State, Outcome, str, Mapping[str, Any]], bool]


def _facts(out: Outcome, kind: str, seat: str) -> Iterator[dict]:
    return (f for f in out if f["fact"] == kind and f.get("seat") == seat)


def _die(before: State, after: State, out: Outcome, seat: str, req: Mapping[str, Any]) -> bool:
    return any(f["value"] in req.get("values", range(1, 7)) for f in _facts(out, "die_taken", seat))


def _checked_in(before: State, after: State, out: Outcome, seat: str, req: Mapping[str, Any]) -> bool:
    guests, earlier = after.seats[seat].guests, len(before.seats[seat].guests)
    if len(guests) == earlier:
        return False        # (most moves check in no one)
    return any(g.colour == req.get("colour", g.colour) and g.size >= req.get("min_order", 0) for g in guests[earlier:])


def _rooms(kind: str) -> Event:
    def happened(before: State, after: State, out: Outcome, seat: str, req: Mapping[str, Any]) -> bool:
        hotel = after.hotel_of(seat)
        colours = [hotel.colour(hotel.index(f["room"])) for f in _facts(out, kind, seat)]
        return any(colour == req.get("colour", colour) for colour in colours)
    return happened


def _fact(kind: str) -> Event:
    return lambda before, after, out, seat, req: next(_facts(out, kind, seat), None) is not None


def _claimed(before: State, after: State, out: Outcome, seat: str, req: Mapping[str, Any]) -> bool:
    return len(after.player(seat).objectives) > len(before.player(seat).objectives)


EVENTS: dict[str, tuple[frozenset[str], Event]] = {
    "die": (frozenset({"values"}), _die),                         # take a die showing one of values
    "check_in": (frozenset({"colour", "min_order"}), _checked_in),  # check in a guest (of colour, min_order items)
    "occupy": (frozenset({"colour"}), _rooms("room_occupied")),    # a room (of colour) becomes occupied
    "prepare": (frozenset({"colour"}), _rooms("room_prepared")),   # prepare a room (of colour)
    "hire": (frozenset(), _fact("hired")),                        # hire another staff card
    "take_guest": (frozenset(), _fact("guest_taken")),            # take a guest from the queue
    "serve": (frozenset(), _fact("served")),                      # serve items to café guests
    "claim_objective": (frozenset(), _claimed),                   # place a marker on an objective card
}
BELL_EVENTS.update({on: spec for on, (spec, _) in EVENTS.items()})


# -- the module's state: each seat's bell cards in the order hired ----------------------------
@filled_at_once
@dataclass(frozen=True)
class Bell:
    card: Staff
    armed: bool = True          # a state requirement: may be offered when it holds
    taken: bool = False         # the reward taken: face down for good


@dataclass(frozen=True)
class More:
    bells: Mapping[str, tuple[Bell, ...]] = field(default_factory=dict)


def of(state: State) -> More:
    return state.modules.get(ID)


def holds(state: State, seat: str, requirement: Mapping[str, Any]) -> bool:
    return measured(state, seat, requirement["measure"]) >= requirement["at_least"]


def offered(state: State, seat: str, index: int) -> bool:
    for p in state.pending:
        if p.kind == "bell" and p.seat == seat and p.n == index:
            return True
    return False


@by_identity
def bell_cards(hired: tuple[Staff, ...]) -> tuple[Staff, ...]:
    """The bell cards among a seat's hired cards, in the order hired (the
    watch asks after every move; the hired cards stay the same object
    until the seat hires again)."""
    return tuple(card for card in hired if card.kind == "bell")


def same_turn(before: State, after: State) -> bool:
    was, now = before.turn, after.turn
    return was is not None and now is not None and was.seat == now.seat and was.number == now.number


def observed(before: State, after: State, out: Outcome, seat: str, index: int, bell: Bell, owners_turn: bool,
             in_play: bool) -> tuple[Bell, tuple[Pending, ...]]:
    """One bell card after a move: as it was (the same object), re-armed
    (its state does not hold), or offered (its requirement met on its
    owner's turn)."""
    req = bell.card.requirement
    if bell.taken or (after.pending and offered(after, seat, index)):
        return bell, ()
    if "on" in req:
        met = owners_turn and in_play and EVENTS[req["on"]][1](before, after, out, seat, req)
        return bell, _offer(seat, index, bell) if met else ()
    if bell.armed and (not owners_turn or after.pending):
        return bell, ()     # armed it stays, and it is offered only on its owner's turn with nothing pending
    if not holds(after, seat, req):
        return (bell if bell.armed else evolve(bell, armed=True)), ()
    if owners_turn and bell.armed and not after.pending:
        return evolve(bell, armed=False), _offer(seat, index, bell)
    return bell, ()


def _offer(seat: str, index: int, bell: Bell) -> tuple[Pending]:
    """The decision a bell card's met requirement offers: its reward, taken or declined."""
    return (Pending(seat, "bell", n=index, cards=(bell.card,),
                    why=said(N_("staff {name}: {value}"), name=bell.card.name, value=bell.card.text or 'requirement met')),)


def watch(before: State, after: State, out: Outcome) -> State:
    """After every move: newly hired bell cards join (armed); each card the
    move may have changed (``watched``) is observed; the cards offered wait
    after the decisions already waiting. The state is left as it is (the
    same object) when no card changed.

    Every answer comes from the states and the facts alone, not from what
    the watch saw before."""
    now = after.modules[ID].bells
    seats, players = after.seats, after.players
    if len(now) == len(players) and not any(now.values()):
        for seat in players:
            hired = seats[seat].hired
            if hired and bell_cards(hired):
                break
        else:
            return after        # no seat holds a bell card (most moves of most games)
    on_turn = after.turn.seat if after.turn is not None else None
    changed: dict[str, tuple[Bell, ...]] = {}
    offers: tuple[Pending, ...] = ()
    for seat in players:
        known = now.get(seat)
        hired = seats[seat].hired
        hired = bell_cards(hired) if hired else ()
        if not hired and not known:
            if known is None:
                changed[seat] = ()
            continue
        if known is not None and len(hired) == len(known):
            cards = known       # (no bell card hired since: most moves)
        else:
            known = known if known is not None else ()
            cards = known + tuple(Bell(card) for card in hired[len(known):]) if len(hired) > len(known) else known
        which = watched(cards)
        if seat != on_turn:
            look, earlier = which.off_turn, 0
            if not look and cards is known:
                continue        # off its owner's turn only a declined state card may change
        else:
            look = which.waiting if after.pending else which.settled
            earlier = len(before.modules[ID].bells.get(seat, ())) if look and same_turn(before, after) else 0
        mine = None
        for i in look:
            bell = cards[i]
            seen, offer = observed(before, after, out, seat, i, bell, seat == on_turn, i < earlier)
            if seen is not bell:
                if mine is None:
                    mine = list(cards)
                mine[i] = seen
            offers += offer
        if mine is not None:
            changed[seat] = tuple(mine)
        elif cards is not known or known is not now.get(seat):
            changed[seat] = cards
    if not offers and not changed:
        return after
    bells = {seat: changed[seat] if seat in changed else now[seat] for seat in after.players}
    return evolve(after, modules={**after.modules, ID: More(bells)}, pending=after.pending + offers)


@dataclass(frozen=True)
class Watched:
    """Which of a seat's bell cards a move may change, by index (a taken
    card never): off its owner's turn only a declined state card (it
    re-arms when its state fails); on its owner's turn with a decision
    waiting, also the event cards; on its owner's turn with nothing
    waiting, every card. ``observed`` leaves every other card as it is,
    whatever the state."""
    off_turn: tuple[int, ...]
    waiting: tuple[int, ...]
    settled: tuple[int, ...]


@by_identity
def watched(cards: tuple[Bell, ...]) -> Watched:
    """A seat's bell cards sorted by when a move may change them (the
    seat's cards stay the same object until one of them changes)."""
    live = [i for i, bell in enumerate(cards) if not bell.taken]
    declined = [i for i in live if "on" not in cards[i].card.requirement and not cards[i].armed]
    events = [i for i in live if "on" in cards[i].card.requirement]
    return Watched(tuple(declined), tuple(sorted(declined + events)), tuple(live))


# -- the bell's reward: taken (face down) or declined -------------------------------------------
class TakeBellRewardSchema(MoveSchema):
    """Module 5: take the reward of a bell staff card whose requirement you met
    (it turns face down for good and still counts as hired); ``decline``
    lets it wait for the next time the requirement is met."""

    seat = seat_field()
    staff = staff_field(N_("the bell staff card offered: its number or printed content"), required=True)


def check_take_bell_reward(state: State, move: Move) -> None:
    p = waiting(state)
    if staff_card(move["staff"], state) != p.cards[0]:
        raise violation("not_offered", N_("The bell card whose requirement you met is {name}; take its reward or decline it."), R_BELL, name=p.cards[0].name)


def apply_take_bell_reward(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    card = p.cards[0]
    bells = list(of(state).bells[p.seat])
    bells[p.n] = evolve(bells[p.n], taken=True)
    state = evolve(resolved(state), modules={**state.modules, ID: More({**of(state).bells, p.seat: tuple(bells)})})
    out.append({"fact": "bell_reward", "seat": p.seat, "staff": card.name})
    return apply_effects(state, p.seat, card.reward, said(N_("staff {name} (bell)"), name=card.name), out)


def bell_candidates(state: State, p: Pending) -> list[Move]:
    from domain.grand_austria.staff import card_ref
    return [{"type": "take_bell_reward", "seat": p.seat, "staff": card_ref(p.cards[0])}]


# -- the Emperor tiles' new effects ------------------------------------------------------------
def dishes_and_drinks(state: State, seat: str) -> dict[str, int]:
    """The kitchen's dishes and drinks (champagne is neither)."""
    items = state.config.named(state.player(seat).items)
    return {i: items[i] for i in ITEMS}


def _pay_and_return(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Tile A's penalty: pay the krones and return n dishes or drinks of your
    choice from the kitchen, all or nothing; else lose the VP."""
    krones, n = e.get("krones", 0), e.get("n", 1)
    if doing.player.krones < krones or sum(dishes_and_drinks(doing.state, doing.seat).values()) < n:
        doing.state = score(doing.state, doing.seat, -e["vp"], said(N_("{why}: fewer than {krones} krones or no dish or drink in the kitchen"), why=doing.why, krones=krones), doing.out, doing.bonus)
        return
    doing.state = pay(doing.state, doing.seat, krones, doing.why, doing.out)
    doing.ask("return_item", n=n)


def _vp_per_objective(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Tile C's reward: VP per marker on the objective cards (the common ones)."""
    markers = len(doing.player.objectives)
    doing.state = score(doing.state, doing.seat, e.get("n", 1) * markers,
                        ngettext("{why} ({n} objective marker)", "{why} ({n} objective markers)", markers, why=doing.why), doing.out,
                        doing.bonus)


def _lose_money(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Tile C's penalty: lose all of your money."""
    doing.state = pay(doing.state, doing.seat, doing.player.krones, doing.why, doing.out)


class ReturnItemSchema(MoveSchema):
    """Module 5, Emperor tile A's penalty: return a dish or drink of your choice
    from your kitchen to the supply."""

    seat = seat_field()
    item = fields.String(required=True, validate=validate.OneOf(ITEMS))


def check_return_item(state: State, move: Move) -> None:
    if not dishes_and_drinks(state, move["seat"])[move["item"]]:
        raise violation("not_in_kitchen", N_("Your kitchen holds no {item} to return."), R_TILES, item=move['item'])


def apply_return_item(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    return lose(counted_down(state), p.seat, state.config.vector({move["item"]: 1}), p.why, out)


def return_item_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "return_item", "seat": p.seat, "item": i} for i in ITEMS]


# -- measures for the objectives ------------------------------------------------------------------
def fewest_dish_or_drink(state: State, seat: str) -> int:
    """Objective 180: at least 3 strudel, 3 cake, 3 wine and 3 coffee in the kitchen."""
    return min(dishes_and_drinks(state, seat).values())


def occupied_top_floor(state: State, seat: str) -> int:
    """Objective 181: occupied rooms on the top floor."""
    hotel, rooms = state.hotel_of(seat), state.player(seat).rooms
    top = len(hotel.floors)
    return sum(1 for r, s in enumerate(rooms) if s == OCCUPIED and hotel.floor(r) == top)


def pile(state: State, seat: str) -> tuple[Guest, ...]:
    """Objective 182's personal pile: the guests of 3 or more items whose
    orders the seat completed (discarded once the objective is claimed)."""
    if 182 in state.player(seat).objectives:
        return ()
    return tuple(g for g in completed_guests(state, seat) if g.size >= LARGE_ORDER)


def large_orders(state: State, seat: str) -> int:
    return len(pile(state, seat))


# -- view -------------------------------------------------------------------------------------------
def status(state: State, seat: str, index: int, bell: Bell) -> str:
    if bell.taken:
        return "face_down"
    if offered(state, seat, index):
        return "offered"
    req = bell.card.requirement
    if "measure" in req and not bell.armed and holds(state, seat, req):
        return "declined"       # waits for the requirement to fail and be met again
    return "waiting"


def more_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    mine = of(state)
    answer: dict[str, Any] = {"bells": {
        s: [{"staff": b.card.to_json(), "reward_words": describe_all(b.card.reward), "status": status(state, s, i, b),
             **({"met": holds(state, s, b.card.requirement)} if "measure" in b.card.requirement else {})}
            for i, b in enumerate(bells)] for s, bells in mine.bells.items()}}
    if 182 in state.objectives:
        answer["large_order_pile"] = {s: [g.name for g in pile(state, s)] for s in state.players}
    return answer


MORE = Module(
    id=ID, title="Module 5: Would You Like Some More?",
    moves={"take_bell_reward": MoveRule(TakeBellRewardSchema, check_take_bell_reward, apply_take_bell_reward),
           "return_item": MoveRule(ReturnItemSchema, check_return_item, apply_return_item)},
    effects={"pay_and_return": (frozenset({"krones", "n", "vp"}), _pay_and_return, Words(
                 N_("pay {krones} krones and return a dish or drink, else lose {vp} VP"),
                 N_("pay {krones} krones and return {n} dishes or drinks, else lose {vp} VP"))),
             "vp_per_objective": (frozenset({"n"}), _vp_per_objective,
                                  Words(N_("{n} VP per objective marker"))),
             "lose_money": (frozenset(), _lose_money, Words(N_("lose all your money")))},
    pending={"bell": PendingKind("take_bell_reward", bell_candidates, optional=True),
             "return_item": PendingKind("return_item", return_item_candidates)},
    start=lambda config: More(),
    view=more_view,
    watch=watch,
    staff_kinds=frozenset({"bell"}),
    notation={"take_bell_reward": "{seat:seat} bell {staff:card}",
              "return_item": "{seat:seat} returns {item:word}"},
    cards="more.toml",
    measures={"fewest_dish_or_drink": fewest_dish_or_drink, "occupied_top_floor": occupied_top_floor,
              "large_orders": large_orders},
)

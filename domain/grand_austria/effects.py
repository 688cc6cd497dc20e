"""Grand Austria Hotel's effect vocabulary at work.

Every gain passes one choke point here (VP, krones, Emperor steps, items;
rooms and hires in ``hotel`` and ``staff``), which then fires the seat's
``gained`` triggers once for that source. Printed effects are carried out by
the effect registry (:data:`EFFECTS`, kind -> handler, the fields in
``catalog.EFFECT_FIELDS``, the words in :data:`WORDS`): gains at once,
choices as pending decisions.

Every effect kind registers its words with its handler: one message template
(a singular and a plural form where the count matters) with named
parameters, each marked ``N_`` so that a message catalogue (Babel's
extraction: ``N_`` is one of its default keywords) finds them; the few
fragments a template takes as a parameter (a price, a floor limit) are
marked the same way.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Sequence

from domain.grand_austria.catalog import (EFFECT_FIELDS, MODULE_MEASURES, Guest, Staff, catalog, every_card, guest_from,
                                         staff_from)
from domain.grand_austria.parts import Parts, parts, registered_staff_kinds
from domain.grand_austria.state import PREPARED, OCCUPIED, Pending, Player, State
from domain.immutable import evolve
from domain.rules import Outcome, RuleViolation
from domain.words import Message, N_, filled, said


# -- small helpers over the state ----------------------------------------------
def card_of(deck: str, card: Any, state: State | None = None) -> Any:
    """A card by number (from the game's catalog when ``state`` is given,
    refused if the game's stacks lack it) or by printed content."""
    if not isinstance(card, int):
        found = (guest_from if deck == "guest" else staff_from)(card)
    else:
        cat = every_card() if state is None else state.config.catalog
        cards = cat.guests if deck == "guest" else cat.staff
        if state is not None and card not in cards:
            check_in_game(state, deck, [card], "Setup")     # (refused: only a card the stacks lack is looked at again)
        found = cards[card]
    if state is not None and deck == "staff":
        check_kind_in_game(parts(state), card=found)
    return found


def check_kind_in_game(played: Parts, card: Staff) -> None:
    """A staff card of a module's own kind (bell), or needing a module's
    measure, belongs to a game that plays the module."""
    foreign = card.kind in registered_staff_kinds() and card.kind not in played.staff_kinds
    measure = (card.requirement or {}).get("measure")
    if foreign or (measure in MODULE_MEASURES and measure not in played.measures):
        raise RuleViolation("card_not_in_game", N_("{name} is a staff card of a module this game does not play."), "Setup", name=card.name)


def guest_card(card: Any, state: State | None = None) -> Guest:
    return card_of("guest", card, state)


def staff_card(card: Any, state: State | None = None) -> Staff:
    return card_of("staff", card, state)


def check_in_game(state: State, deck: str, cards: Iterable[Any], rule: str) -> None:
    """Cards named by number belong to the game's stacks (a module's cards only when it is played)."""
    known = state.config.catalog.guests if deck == "guest" else state.config.catalog.staff
    for card in cards:
        if isinstance(card, int) and card not in known:
            raise RuleViolation("card_not_in_game", N_("{deck} card {card} is not in this game's stacks (a module it does not play, or a card its "
                                                       "catalog lacks: give it by its printed content)."), rule, deck=deck.capitalize(), card=card)


@lru_cache(maxsize=2048, typed=True)
def said_once(template: str, **values: str | int) -> Message:
    """``said`` for words whose values are plain names and numbers (a room,
    a card, an action, a round): the same values make the same sentence, so
    it is made once for each (most moves say a few). No value is itself a
    ``Message``: two of the same words but another id would be taken for one another."""
    return said(template, **values)


def set_player(state: State, seat: str, player: Player) -> State:
    return evolve(state, seats={**state.seats, seat: player})


def triggers(state: State, seat: str, on: str) -> list[dict]:
    """The seat's triggers of this kind, from every trigger source in play."""
    found: list[dict] = []
    played = parts(state)
    # (only the sources that may answer this kind: a module's source answering only some is not asked of others)
    for source in played.triggers_on.get(on, played.triggers_else):
        group = source(state, seat).get(on)
        if group:
            found += group
    return found


NO_TRIGGERS: Mapping[str, tuple[dict, ...]] = MappingProxyType({})


def by_kind(found: Iterable[dict]) -> Mapping[str, tuple[dict, ...]]:
    """Triggers grouped by what sets them off (``on``), each group in the
    order given: what a trigger source answers, worked out once for the
    cards or tiles it comes from (a move asks for one kind at a time)."""
    grouped: dict[str, list[dict]] = {}
    for trigger in found:
        grouped.setdefault(trigger["on"], []).append(trigger)
    return MappingProxyType({on: tuple(group) for on, group in grouped.items()}) if grouped else NO_TRIGGERS


def add(a: tuple[int, ...], b: Sequence[int], sign: int = 1) -> tuple[int, ...]:
    """``a`` plus ``b`` item by item (``sign`` -1: minus)."""
    return tuple(map(operator.add if sign > 0 else operator.sub, a, b))


def on_own_turn(state: State, seat: str) -> bool:
    return state.turn is not None and state.turn.seat == seat


# -- the choke points of every gain ---------------------------------------------
def gained(state: State, seat: str, what: str, amount: int, why: str, out: Outcome) -> State:
    """"Whenever you gain ...": the seat's ``gained`` triggers for ``what``,
    once per source; what they give does not trigger again, unless the
    trigger says ``retrigger`` (its gains are sources of their own for the
    other triggers: module 2's 2 VP for a hire meet the VP bonus)."""
    if amount <= 0:
        return state
    for trigger in triggers(state, seat, "gained"):
        if trigger["what"] == what:
            state = apply_effects(state, seat, trigger["effects"], said(N_("{why} (gained {what})"), why=why, what=what), out,
                                  bonus=not trigger.get("retrigger"))
    return state


NO_CHANGES: Mapping[str, Any] = MappingProxyType({})


def score(state: State, seat: str, points: int, why: str, out: Outcome, bonus: bool = False,
          around: Mapping[str, Any] = NO_CHANGES, **also: Any) -> State:
    """``also``: other changes to the seat's things, ``around`` to the
    state's, made in the same copy before the triggers read it (made alone
    when there is nothing to score)."""
    # (``around`` unpacked only when it holds changes: a keyword mapping
    # that is not a dictionary is unpacked through its keys, even empty)
    if not points:
        if not also:
            return evolve(state, **around) if around else state
        seats = {**state.seats, seat: evolve(state.player(seat), **also)}
        return evolve(state, **around, seats=seats) if around else evolve(state, seats=seats)
    player = state.seats[seat]
    out.append({"fact": "scored", "seat": seat, "points": points, "why": why})
    seats = {**state.seats, seat: evolve(player, vp=player.vp + points, **also)}
    state = evolve(state, **around, seats=seats) if around else evolve(state, seats=seats)
    return state if bonus else gained(state, seat, "vp", points, why, out)


def gain_krones(state: State, seat: str, n: int, why: str, out: Outcome, bonus: bool = False) -> State:
    player = state.seats[seat]
    cap = state.config.krones_cap
    krones = min(cap, player.krones + n)
    out.append({"fact": "krones", "seat": seat, "krones": krones - player.krones, "why": why})
    if player.krones + n > cap:
        out.append({"fact": "krones_lost", "seat": seat, "krones": player.krones + n - cap,
                    "why": said(N_("the money track ends at {cap}"), cap=cap)})
    state = set_player(state, seat, evolve(player, krones=krones))
    # krones beyond the track's end are lost, not gained
    return state if bonus else gained(state, seat, "krones", krones - player.krones, why, out)


def pay(state: State, seat: str, n: int, why: str, out: Outcome) -> State:
    if not n:
        return state
    player = state.seats[seat]
    out.append({"fact": "krones", "seat": seat, "krones": -n, "why": why})
    return set_player(state, seat, evolve(player, krones=player.krones - n))


def advance_emperor(state: State, seat: str, n: int, why: str, out: Outcome, bonus: bool = False) -> State:
    player = state.seats[seat]
    last = len(catalog().emperor_vp) - 1
    position = min(last, player.emperor + n)
    out.append({"fact": "emperor", "seat": seat, "steps": position - player.emperor, "why": why})
    state = set_player(state, seat, evolve(player, emperor=position))
    state = score(state, seat, player.emperor + n - position, N_("Emperor steps beyond the last space"), out, bonus)
    return state if bonus else gained(state, seat, "emperor", n, why, out)


def gain_items(state: State, seat: str, items: Sequence[int], why: str, out: Outcome, bonus: bool = False) -> State:
    """Items into the kitchen (placing them on guests is cafe.place_items)."""
    player = state.seats[seat]
    out.append({"fact": "items", "seat": seat, "items": state.config.named(tuple(items)), "why": why})
    state = set_player(state, seat, evolve(player, items=add(player.items, items)))
    return state if bonus else gained(state, seat, "items", sum(items), why, out)


def lose(state: State, seat: str, items: Sequence[int], why: str, out: Outcome) -> State:
    """Items paid or returned from the kitchen."""
    player = state.player(seat)
    out.append({"fact": "items", "seat": seat, "items": {k: -n for k, n in state.config.named(tuple(items)).items()},
                "why": why})
    return set_player(state, seat, evolve(player, items=add(player.items, items, -1)))


def placement_step(state: State, seat: str, items: Sequence[int], why: str) -> Pending | None:
    """Rules version 3: items gained on your own turn without a move of their
    own may be placed right then onto café guests who want them (a step that
    is not offered when no guest can take one)."""
    if not state.config.version.items_placed_on_gain or not on_own_turn(state, seat):
        return None
    cafe = state.player(seat).cafe
    if not any(n and t.wants(i) for t in cafe if t for i, n in enumerate(items)):
        return None
    return Pending(seat, "place_items", items=tuple(items), why=why)


# -- effects: kind -> handler ------------------------------------------------------
@dataclass
class Carrying:
    """Printed effects being carried out for a seat: the state so far, the
    decisions they leave (in printed order) and whether they are a bonus."""

    state: State
    seat: str
    why: str
    out: Outcome
    bonus: bool = False
    new: list[Pending] = field(default_factory=list)

    @property
    def player(self) -> Player:
        return self.state.player(self.seat)

    def ask(self, kind: str, **fields: Any) -> None:
        self.new.append(Pending(self.seat, kind, why=self.why, **fields))


Handler = Callable[[Carrying, Mapping[str, Any]], None]
EFFECTS: dict[str, Handler] = {}


# -- what an effect does, in words ---------------------------------------------------
AT_NO_COST = N_(" at no cost")
KRONE_LESS = N_(" for 1 krone less")
KRONES_LESS = N_(" for {discount} krones less")
ON_FLOORS = N_(" on floors 1–{max_floor}")
ELSE_LOSE = N_(", else lose {vp} VP")


@dataclass(frozen=True)
class Words:
    """An effect kind's words: a template (``many`` when the count ``n`` is
    not 1) over the effect's fields with their defaults, and the fragments
    ``values`` adds (a price, a floor limit) for the hotel's ``floors``."""

    one: str
    many: str | None = None
    values: Callable[[Mapping[str, Any], int], Mapping[str, Any]] | None = None

    def say(self, e: Mapping[str, Any], floors: int) -> Message:
        fields = {"n": 1, "discount": 0, "vp": 0, **e}
        if self.values is not None:
            fields.update(self.values(fields, floors))
        template = self.many if self.many is not None and fields["n"] != 1 else self.one
        return filled(template, fields)


WORDS: dict[str, Words] = {}


def signed(n: int) -> str:
    """A count that may be negative, with a real minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def krones_price(e: Mapping[str, Any], floors: int) -> dict[str, str]:
    """" at no cost", " for 2 krones less" or nothing; a floor limit only where it limits the hotel."""
    discount = e.get("discount")
    price = AT_NO_COST if e.get("free") else filled(KRONE_LESS if discount == 1 else KRONES_LESS, e) \
        if discount else ""
    limit = filled(ON_FLOORS, e) if e.get("max_floor", floors) < floors else ""
    return {"price": price, "up_to": limit}


def or_lose(e: Mapping[str, Any], floors: int) -> dict[str, str]:
    return {"or_lose": filled(ELSE_LOSE, e) if e.get("vp") else ""}


def describe(e: Mapping[str, Any], floors: int = 4) -> str:
    """One printed effect in words (a kind without words of its own: its name and fields)."""
    words = WORDS.get(e["kind"])
    if words is None:
        return " ".join([e["kind"].replace("_", " ")] + [f"{k} {v}" for k, v in e.items() if k != "kind"])
    return words.say(e, floors)


def words_of(kind: str) -> dict[str, str]:
    """An effect kind's templates, as a message catalogue lists them."""
    words = WORDS.get(kind)
    if words is None:
        return {}
    return {"words": Message(words.one), **({"words_many": Message(words.many)} if words.many is not None else {})}


def describe_all(effects: Iterable[Mapping[str, Any]], floors: int = 4) -> list[str]:
    return [describe(e, floors) for e in effects]


def effect(kind: str, fields: Iterable[str] = (), words: Words | None = None) -> Callable[[Handler], Handler]:
    """Register an effect kind: its fields (checked in printed content), its words and handler."""
    def register(handler: Handler) -> Handler:
        EFFECT_FIELDS[kind] = frozenset(fields)
        EFFECTS[kind] = handler
        if words is not None:
            WORDS[kind] = words
        return handler
    return register


def forget_effect(kind: str) -> None:
    EFFECT_FIELDS.pop(kind, None)
    EFFECTS.pop(kind, None)
    WORDS.pop(kind, None)


def apply_effects(state: State, seat: str, effects: Sequence[Mapping[str, Any]], why: str, out: Outcome,
                  front: bool = True, bonus: bool = False) -> State:
    """Carry out printed effects: gains at once, choices as pending decisions
    (in printed order, before older decisions unless ``front`` is False)."""
    doing = Carrying(state, seat, why, out, bonus)
    for e in effects:
        EFFECTS[e["kind"]](doing, e)
    state = doing.state
    if not doing.new:
        return state
    pending = tuple(doing.new) + state.pending if front else state.pending + tuple(doing.new)
    return evolve(state, pending=pending)


@effect("item", ("item", "n"), Words(N_("{n} {item}")))
def _item(doing: Carrying, e: Mapping[str, Any]) -> None:
    config = doing.state.config
    items = config.vector({e["item"]: e.get("n", 1)})
    doing.state = gain_items(doing.state, doing.seat, items, doing.why, doing.out, doing.bonus)
    step = placement_step(doing.state, doing.seat, items, doing.why)
    if step is not None:
        doing.new.append(step)


@effect("krones", ("n",), Words(N_("1 krone"), N_("{n} krones")))
def _krones(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.state = gain_krones(doing.state, doing.seat, e.get("n", 1), doing.why, doing.out, doing.bonus)


@effect("emperor", ("n",), Words(N_("1 Emperor step"), N_("{n} Emperor steps")))
def _emperor(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.state = advance_emperor(doing.state, doing.seat, e.get("n", 1), doing.why, doing.out, doing.bonus)


@effect("vp", ("n",), Words(N_("{signed} VP"), values=lambda e, f: {"signed": signed(e["n"])}))
def _vp(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.state = score(doing.state, doing.seat, e.get("n", 1), doing.why, doing.out, doing.bonus)


@effect("vp_per_hired", ("n",), Words(N_("{signed} VP per staff card hired"),
                                          values=lambda e, f: {"signed": signed(e["n"])}))
def _vp_per_hired(doing: Carrying, e: Mapping[str, Any]) -> None:
    hired = len(doing.player.hired)
    doing.state = score(doing.state, doing.seat, e.get("n", 1) * hired, said(N_("{why} ({hired} staff hired)"), why=doing.why, hired=hired),
                        doing.out, doing.bonus)


@effect("pay_or_vp", ("krones", "vp"), Words(N_("pay {krones} krones, else lose {vp} VP")))
def _pay_or_vp(doing: Carrying, e: Mapping[str, Any]) -> None:
    if doing.player.krones >= e["krones"]:
        doing.state = pay(doing.state, doing.seat, e["krones"], doing.why, doing.out)
    else:
        doing.state = score(doing.state, doing.seat, -e["vp"], said(N_("{why}: cannot pay {krones} krones"), why=doing.why, krones=e['krones']),
                            doing.out, doing.bonus)


def cannot_pay(state: State, seat: str, e: Mapping[str, Any]) -> str | None:
    """Why a printed cost (``pay``: n krones, or n of an item) cannot be paid now."""
    player, n = state.player(seat), e.get("n", 1)
    if "item" not in e:
        return None if player.krones >= n else f"cannot pay {n} krones"
    items = state.config.named(player.items)
    return None if items.get(e["item"], 0) >= n else f"cannot pay {n} {e['item']} from the kitchen"


@effect("pay", ("item", "n", "vp"), Words(
    N_("pay {n} {what}{or_lose}"),
    values=lambda e, f: {"what": e.get("item") or N_("krones"), **or_lose(e, f)}))
def _pay(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Pay n krones or n of an item (a staff card's price; a penalty, else lose vp)."""
    lacking = cannot_pay(doing.state, doing.seat, e)
    if lacking:
        doing.state = score(doing.state, doing.seat, -e.get("vp", 0), said(N_("{why}: {lacking}"), why=doing.why, lacking=lacking), doing.out,
                            doing.bonus)
    elif "item" in e:
        doing.state = lose(doing.state, doing.seat, doing.state.config.vector({e["item"]: e.get("n", 1)}),
                           doing.why, doing.out)
    else:
        doing.state = pay(doing.state, doing.seat, e.get("n", 1), doing.why, doing.out)


@effect("lose_items", ("cafe",), Words(
    N_("lose every item in your kitchen{and_cafe}"),
    values=lambda e, f: {"and_cafe": N_(" and on your café guests") if e.get("cafe") else ""}))
def _lose_items(doing: Carrying, e: Mapping[str, Any]) -> None:
    player, nothing = doing.player, doing.state.config.nothing
    cafe = tuple(evolve(t, served=nothing) if t and e.get("cafe") else t for t in player.cafe)
    doing.out.append({"fact": "items_lost", "seat": doing.seat, "items": doing.state.config.named(player.items),
                      "cafe": bool(e.get("cafe")), "why": doing.why})
    doing.state = set_player(doing.state, doing.seat, evolve(player, items=nothing, cafe=cafe))


def _or_lose_vp(condition: Callable[[Carrying, Mapping[str, Any]], bool], kind: str,
                fields: Callable[[Mapping[str, Any]], dict], lacking: Callable[[Mapping[str, Any]], str]) -> Handler:
    """A penalty that asks for a decision when it can be met, else costs VP."""
    def handler(doing: Carrying, e: Mapping[str, Any]) -> None:
        if condition(doing, e):
            doing.ask(kind, **fields(e))
        else:
            doing.state = score(doing.state, doing.seat, -e["vp"], said(N_("{why}: {e}"), why=doing.why, e=lacking(e)), doing.out,
                                doing.bonus)
    return handler


effect("return_hand", ("n", "vp"), Words(N_("return a staff card from your hand, else lose {vp} VP"),
                                         N_("return {n} staff cards from your hand, else lose {vp} VP")))(_or_lose_vp(
    lambda d, e: len(d.player.hand) >= e.get("n", 1), "return_hand", lambda e: {"n": e.get("n", 1)},
    lambda e: f"fewer than {e.get('n', 1)} staff cards in hand"))
effect("remove_empty_rooms", ("n", "vp"), Words(
    N_("remove an empty room, from the top floor down, else lose {vp} VP"),
    N_("remove {n} empty rooms, from the top floor down, else lose {vp} VP")))(_or_lose_vp(
    lambda d, e: sum(1 for s in d.player.rooms if s == PREPARED) >= e.get("n", 1), "remove_room",
    lambda e: {"n": e.get("n", 1)}, lambda e: f"fewer than {e.get('n', 1)} empty rooms"))
effect("discard_end_staff", ("vp",), Words(N_("discard a hired end-game staff card, else lose {vp} VP")))(_or_lose_vp(
    lambda d, e: any(card.end for card in d.player.hired), "discard_end_staff", lambda e: {},
    lambda e: "no end-game staff hired"))


@effect("remove_occupied_rooms", ("floors",), Words(
    N_("remove an occupied room on each of the {floors} highest floors that have one")))
def _remove_occupied_rooms(doing: Carrying, e: Mapping[str, Any]) -> None:
    hotel = doing.state.hotel_of(doing.seat)
    floors = sorted({hotel.floor(r) for r, s in enumerate(doing.player.rooms) if s == OCCUPIED},
                    reverse=True)[:e["floors"]]
    for f in floors:
        doing.ask("remove_room", occupied=True, floor=f)


@effect("any_items", ("n",), Words(N_("a dish or drink of your choice"), N_("{n} dishes or drinks of your choice")))
def _any_items(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("any_items", n=e.get("n", 1))


@effect("any_item", ("n",), Words(N_("an item of any kind"), N_("{n} items of any kind")))
def _any_item(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("any_item", n=e.get("n", 1))


@effect("draw_staff", ("n",), Words(N_("draw a staff card"), N_("draw {n} staff cards")))
def _draw_staff(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("draw_staff", n=e.get("n", 1))


@effect("offer", ("draw", "discount", "free"), Words(
    N_("draw {draw} staff cards and hire 1 of them{price}"), values=krones_price))
def _offer(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("offer_draw", n=e["draw"], discount=e.get("discount", 0), free=bool(e.get("free")))


@effect("hire", ("discount", "free"), Words(N_("hire a staff card from your hand{price}"),
                                               values=krones_price))
def _hire(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("hire", discount=e.get("discount", 0), free=bool(e.get("free")))


@effect("prepare", ("discount", "free", "max_floor"), Words(N_("prepare a room{price}{up_to}"),
                                                            values=krones_price))
def _prepare(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("rooms", n=1, discount=e.get("discount", 0), free=bool(e.get("free")),
              max_floor=e.get("max_floor", 99))


@effect("prepare_occupy", ("max_floor",), Words(N_("prepare a room at no cost and occupy it{up_to}"),
                                                  values=krones_price))
def _prepare_occupy(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("prepare_occupy", max_floor=e.get("max_floor", 99))


def _single_step(kind: str) -> Handler:
    """A single optional step of the same name."""
    return lambda doing, e: doing.ask(kind)


@effect("occupy", ("max_floor",), Words(N_("occupy a prepared room{up_to}"), values=krones_price))
def _occupy(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("occupy", max_floor=e.get("max_floor", 99))


effect("free_guest", words=Words(N_("take a guest from the queue at no cost")))(_single_step("free_guest"))
effect("extra_action", words=Words(N_("take one more die and carry out its action")))(_single_step("extra_action"))
effect("complete_order", words=Words(N_("fill a café guest's order at no cost")))(_single_step("complete_order"))

"""The queue and the café: guests taken, served, placed on and checked in."""
from __future__ import annotations

import random
from itertools import combinations_with_replacement, product
from typing import Any, Mapping

from domain.grand_austria.effects import (add, apply_effects, check_in_game, gained, guest_card, on_own_turn, pay,
                                          said_once, score, set_player, triggers)
from domain.grand_austria.hotel import occupy, room_named
from domain.grand_austria.moves import (CheckInSchema, CompleteOrderSchema, PlaceItemsSchema, RevealGuestSchema,
                                        ServeSchema, TakeGuestSchema)
from domain.grand_austria.parts import MoveRule, asked, run_hooks
from domain.grand_austria.refusals import R_ADDITIONAL, R_TURN, resolved, violation, waiting
from domain.grand_austria.state import INITIAL_GUESTS, PREPARED, TURNS, Player, State, Table
from domain.immutable import evolve, put
from domain.rules import Move, Outcome
from domain.words import N_


def table_at(state: State, seat: str, number: int) -> Table:
    cafe = state.player(seat).cafe
    table = cafe[number - 1] if 0 < number <= len(cafe) else None
    if table is None:
        raise violation("empty_table", N_("There is no guest at café table {number}."), R_ADDITIONAL, number=number)
    return table


def in_play(state: State) -> set[int]:
    seen = {g.number for g in state.queue if g}
    for player in state.seats.values():
        seen |= {t.guest.number for t in player.cafe if t} | {g.number for g in player.guests}
    return seen


def queue_cost(state: State, seat: str, position: int) -> int:
    found = triggers(state, seat, "take_guest")     # (most seats have none: no generator then)
    if found and any(t.get("free") for t in found):
        return 0
    return state.config.queue_costs[position]


def serve_cost(state: State, seat: str, wanted: tuple[int, ...]) -> tuple[int, int]:
    """The krone a serve costs and how many of its items come from the kitchen
    (rules version 2: a main action's items of this turn are served free)."""
    fresh = state.turn.fresh if state.turn else state.config.nothing
    stale = sum(max(0, w - f) for w, f in zip(wanted, fresh))
    found = triggers(state, seat, "serve")     # (most seats have none: no generator then)
    if found and any(t.get("free") for t in found):
        return 0, 0
    return (1 if stale else 0), stale


def served_onto(player: Player, items: list[str], entries: list[tuple[int, str]]) -> Player:
    """``entries`` (table number, item) added to the café guests' served items."""
    cafe = list(player.cafe)
    for number, item in entries:
        index = number - 1
        served = list(cafe[index].served)
        served[items.index(item)] += 1
        cafe[index] = evolve(cafe[index], served=tuple(served))
    return evolve(player, cafe=tuple(cafe))


def check_onto_guests(state: State, seat: str, entries: list[tuple[int, str]]) -> tuple[int, ...]:
    """Every (table, item) wanted by that guest, as often as given; returns the items by kind."""
    items = list(state.config.items)
    wanted = [0] * len(items)
    for number, item in entries:
        if item not in items:
            raise violation("not_in_game", N_("This game has no {item}."), R_ADDITIONAL, item=item)
        table = table_at(state, seat, number)
        index = items.index(item)
        wanted[index] += 1
        if entries.count((number, item)) > table.wants(index):
            raise violation("not_ordered", N_("The guest at table {number} does not want that much {item}."),
                            R_ADDITIONAL, number=number, item=item)
    return tuple(wanted)


# -- placing items gained on your own turn (rules version 3) -----------------------
def placement_entries(place: Mapping[str, Mapping[str, int]]) -> list[tuple[int, str]]:
    return [(int(number), item) for number, items in place.items() for item, n in items.items() for _ in range(n)]


def check_placement(state: State, seat: str, place: Mapping[str, Mapping[str, int]], gained_items: tuple[int, ...],
                    rule: str) -> tuple[int, ...]:
    if not state.config.version.items_placed_on_gain:
        raise violation("rules_version", N_("Under rules version 2 gained items go to the kitchen; serve them "
                        "from there."), rule)
    if not on_own_turn(state, seat):
        raise violation("not_your_turn_items", N_("Items gained outside your turn go to the kitchen."), rule)
    placed = check_onto_guests(state, seat, placement_entries(place))
    if any(p > g for p, g in zip(placed, gained_items)):
        raise violation("not_gained", N_("Place only the items you are gaining now."), rule)
    return placed


def place(state: State, seat: str, place: Mapping[str, Mapping[str, int]], out: Outcome) -> State:
    """Gained items (already in the kitchen) go onto café guests, free."""
    entries = placement_entries(place)
    if not entries:
        return state
    placed = check_onto_guests(state, seat, entries)
    player = served_onto(state.player(seat), list(state.config.items), entries)
    out.append({"fact": "placed", "seat": seat,
                "items": [{"table": number, "item": item} for number, item in entries]})
    return set_player(state, seat, evolve(player, items=add(player.items, placed, -1)))


def placements(state: State, seat: str, items: tuple[int, ...]) -> list[dict[str, dict[str, int]]]:
    """Every way to place ``items`` (some or none of them) on the seat's café guests."""
    names = state.config.items
    options: list[list[tuple[str, str, int]]] = []
    for number, table in enumerate(state.player(seat).cafe, 1):
        if table is None:
            continue
        for i, n in enumerate(items):
            most = min(n, table.wants(i))
            if most:
                options.append([(str(number), names[i], k) for k in range(most + 1)])
    found = []
    for choice in product(*options):
        used = [0] * len(items)
        layout: dict[str, dict[str, int]] = {}
        for number, item, k in choice:
            used[names.index(item)] += k
            if k:
                layout.setdefault(number, {})[item] = k
        if all(u <= n for u, n in zip(used, items)):
            found.append(layout)
    return found


def most_placed(state: State, seat: str, items: tuple[int, ...]) -> dict[str, dict[str, int]]:
    """The items placed as far as the guests want them, table 1 first."""
    left = list(items)
    layout: dict[str, dict[str, int]] = {}
    for number, table in enumerate(state.player(seat).cafe, 1):
        for i in range(len(left)):
            k = min(left[i], table.wants(i)) if table else 0
            if k:
                layout.setdefault(str(number), {})[state.config.items[i]] = k
                left[i] -= k
    return layout


def check_place_items(state: State, move: Move) -> None:
    p = waiting(state)
    check_placement(state, move["seat"], move["place"], p.items, R_TURN)


def apply_place_items(state: State, move: Move, out: Outcome) -> State:
    return place(resolved(state), move["seat"], move["place"], out)


def place_candidates(state: State, p) -> list[Move]:
    return [{"type": "place_items", "seat": p.seat, "place": layout}
            for layout in placements(state, p.seat, p.items) if layout]


# -- moves ---------------------------------------------------------------------
def check_reveal_guest(state: State, move: Move) -> None:
    check_in_game(state, "guest", [move["card"]], R_TURN)
    if isinstance(move["card"], int) and move["card"] in in_play(state):
        raise violation("duplicate_card", N_("That guest card is already in play."), R_TURN)


def apply_reveal_guest(state: State, move: Move, out: Outcome) -> State:
    guest = guest_card(move["card"], state)
    out.append({"fact": "queue_refilled", "guest": guest.to_json()})
    return evolve(state, queue=(guest,) + state.queue[1:], refill=0, guests_left=state.guests_left - 1)


def reveal_chance(state: State, rng: random.Random) -> Move:
    taken = in_play(state)
    return {"type": "reveal_guest", "card": rng.choice([n for n in state.config.catalog.guests if n not in taken])}


def surcharge(state: State, seat: str, position: int) -> tuple[int, str] | None:
    """A module's extra price for the queue guest, paid even for a free guest
    (the solo variant's Sushi Resort: 1 krone for a guest with a cogwheel)."""
    return asked(state, "guest_surcharge", seat, position)


def check_take_guest(state: State, move: Move) -> None:
    seat = move["seat"]
    player = state.player(seat)
    position = move["position"] - 1
    p = waiting(state)
    if state.queue[position] is None:
        raise violation("empty_space", N_("There is no guest at that queue position."), R_TURN)
    if None not in player.cafe:
        raise violation("cafe_full", N_("Every café table is taken: you cannot take a guest."), R_TURN)
    if state.phase == INITIAL_GUESTS:
        return
    extra, why = surcharge(state, seat, position) or (0, "")
    cost = extra if p is not None and not p.paid else queue_cost(state, seat, position) + extra
    if p is None and (state.turn.main is not None or state.turn.guest_taken):
        raise violation("guest_first", N_("A guest is taken once per turn, before taking the die."), R_TURN)
    if cost > player.krones and extra:
        raise violation("cannot_pay", N_("The guest at position {value} costs {cost} krones, even a free one ({why})."), R_TURN, value=position + 1, cost=cost, why=why)
    if cost > player.krones:
        raise violation("cannot_pay", N_("The guest at position {value} costs {cost} krones."), R_TURN,
                        value=position + 1, cost=cost)


def apply_take_guest(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    position = move["position"] - 1
    guest = state.queue[position]
    p = waiting(state)
    if state.phase == TURNS and p is None:
        state = pay(state, seat, queue_cost(state, seat, position), N_("guest from the queue"), out)
        state = evolve(state, turn=evolve(state.turn, guest_taken=True, acted=True))
    elif p is not None:
        state = resolved(state)
        if p.paid:
            state = pay(state, seat, queue_cost(state, seat, position), N_("guest from the queue"), out)
    extra = surcharge(state, seat, position) if state.phase != INITIAL_GUESTS else None
    if extra:
        state = pay(state, seat, *extra, out)
    player = state.player(seat)
    index = player.cafe.index(None)
    state = set_player(state, seat, evolve(player, cafe=put(player.cafe, index, Table(guest, state.config.nothing))))
    out.append({"fact": "guest_taken", "seat": seat, "guest": guest.name, "position": position + 1,
                "table": index + 1})
    return run_hooks(taken_from_queue(state, position), "guest_taken", seat, p, out)


def taken_from_queue(state: State, position: int) -> State:
    """The guest at ``position`` (0 = leftmost) leaves the queue: those to
    its left move right, and the table reveals a new leftmost guest while the
    deck lasts."""
    return evolve(state, **queue_without(state, position))


def queue_without(state: State, position: int) -> dict[str, Any]:
    """``taken_from_queue``'s changes to the state, for a caller making
    others in the same copy."""
    return {"queue": (None,) + state.queue[:position] + state.queue[position + 1:],
            "refill": 1 if state.guests_left > 0 else 0}


def guest_moves(state: State, seat: str) -> list[Move]:
    return [{"type": "take_guest", "seat": seat, "position": i} for i in range(1, len(state.queue) + 1)]


def check_serve(state: State, move: Move) -> None:
    seat = move["seat"]
    player = state.player(seat)
    wanted = check_onto_guests(state, seat, [(e["table"], e["item"]) for e in move["items"]])
    if any(w > have for w, have in zip(wanted, player.items)):
        raise violation("not_in_kitchen", N_("Your kitchen does not hold those items."), R_ADDITIONAL)
    cost, stale = serve_cost(state, seat, wanted)
    if stale > 3:
        free = N_(" (items from this turn's main action are served free)") \
            if state.config.version.main_action_items_fresh else ""
        raise violation("three_items", N_("One krone serves up to 3 items from the kitchen{free}."), R_ADDITIONAL,
                        free=free)
    if cost > player.krones:
        raise violation("cannot_pay", N_("Serving from the kitchen costs 1 krone."), R_ADDITIONAL)


def apply_serve(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    items = list(state.config.items)
    wanted = [0] * len(items)
    for entry in move["items"]:
        wanted[items.index(entry["item"])] += 1
    cost, _ = serve_cost(state, seat, tuple(wanted))
    state = pay(state, seat, cost, N_("serve from the kitchen"), out)
    player = served_onto(state.player(seat), items, [(e["table"], e["item"]) for e in move["items"]])
    state = set_player(state, seat, evolve(player, items=add(player.items, wanted, -1)))
    fresh = tuple(max(0, f - w) for f, w in zip(state.turn.fresh, wanted))
    out.append({"fact": "served", "seat": seat, "items": list(move["items"]), "krones": cost})
    return evolve(state, turn=evolve(state.turn, fresh=fresh, acted=True))


def serve_moves(state: State, seat: str) -> list[Move]:
    player = state.player(seat)
    pairs = [(t + 1, item) for t, table in enumerate(player.cafe) if table
             for i, item in enumerate(state.config.items) if table.wants(i) and player.items[i]]
    return [{"type": "serve", "seat": seat, "items": [{"table": t, "item": item} for t, item in combo]}
            for size in (1, 2, 3) for combo in combinations_with_replacement(pairs, size)]


def check_check_in(state: State, move: Move) -> None:
    seat = move["seat"]
    table = table_at(state, seat, move["table"])
    if not table.complete:
        raise violation("order_incomplete", N_("{name} has not been served everything ordered."),
                        R_ADDITIONAL, name=table.guest.name)
    room = room_named(state, seat, move["room"])
    if state.player(seat).rooms[room] != PREPARED:
        raise violation("not_prepared", N_("A guest checks in to a prepared vacant room."), R_ADDITIONAL)
    colour = state.hotel_of(seat).colour(room)
    if table.guest.colour != "green" and colour != table.guest.colour:
        raise violation("wrong_colour", N_("A {colour} guest needs a {colour} room (room {room} is {colour2}); only green guests take any room."), R_ADDITIONAL,
                        colour=table.guest.colour, room=move['room'], colour2=colour)


def apply_check_in(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    player = state.player(seat)
    index = move["table"] - 1
    guest = player.cafe[index].guest
    room = state.hotel_of(seat).index(move["room"])
    state = set_player(state, seat, evolve(player, cafe=put(player.cafe, index, None),
                                           guests=player.guests + (guest,)))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    out.append({"fact": "checked_in", "seat": seat, "guest": guest.name, "room": move["room"]})
    state = occupy(state, seat, room, out)
    why = said_once(N_("{name} checked in"), name=guest.name)
    state = score(state, seat, guest.vp, why, out)
    effects = list(guest.reward)
    for trigger in triggers(state, seat, "check_in"):
        if trigger.get("colour", guest.colour) == guest.colour and guest.size >= trigger.get("min_order", 0):
            effects = list(trigger["effects"]) + effects
    state = apply_effects(state, seat, extra_action_last(effects), why, out)
    return gained(state, seat, "guest_checked_in", 1, why, out)


def extra_action_last(effects: list[dict]) -> list[dict]:
    """A reward's extra action comes after its other gains."""
    return [e for e in effects if e["kind"] != "extra_action"] + [e for e in effects if e["kind"] == "extra_action"]


def check_in_moves(state: State, seat: str) -> list[Move]:
    player = state.player(seat)
    hotel = state.hotel_of(seat)
    return [{"type": "check_in", "seat": seat, "table": t + 1, "room": hotel.name_of(r)}
            for t, table in enumerate(player.cafe) if table and table.complete
            for r, s in enumerate(player.rooms) if s == PREPARED]


def check_complete_order(state: State, move: Move) -> None:
    table_at(state, move["seat"], move["table"])


def apply_complete_order(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    player = state.player(p.seat)
    index = move["table"] - 1
    table = player.cafe[index]
    out.append({"fact": "order_completed", "seat": p.seat, "guest": table.guest.name, "why": p.why})
    player = evolve(player, cafe=put(player.cafe, index, evolve(table, served=table.guest.order[:len(table.served)])))
    return set_player(resolved(state), p.seat, player)


def complete_candidates(state: State, p) -> list[Move]:
    return [{"type": "complete_order", "seat": p.seat, "table": t + 1}
            for t, table in enumerate(state.player(p.seat).cafe) if table and not table.complete]


def free_guest_candidates(state: State, p) -> list[Move]:
    return guest_moves(state, p.seat)


MOVES = {
    "reveal_guest": MoveRule(RevealGuestSchema, check_reveal_guest, apply_reveal_guest),
    "take_guest": MoveRule(TakeGuestSchema, check_take_guest, apply_take_guest, before_main=True),
    "serve": MoveRule(ServeSchema, check_serve, apply_serve, before_main=True, additional=True),
    "check_in": MoveRule(CheckInSchema, check_check_in, apply_check_in, before_main=True, additional=True),
    "complete_order": MoveRule(CompleteOrderSchema, check_complete_order, apply_complete_order),
    "place_items": MoveRule(PlaceItemsSchema, check_place_items, apply_place_items),
}

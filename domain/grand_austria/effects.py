"""Grand Austria Hotel's effect vocabulary at work: gains, payments, rooms,
occupancy bonuses, and printed effects turned into gains or pending decisions.
Small pure functions over the frozen state."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.grand_austria.catalog import ITEMS, Guest, Staff, catalog, guest_from, staff_from
from domain.grand_austria.state import EMPTY, OCCUPIED, PREPARED, Pending, Player, State
from domain.immutable import evolve, put
from domain.rules import Outcome


# -- small helpers over the state ----------------------------------------------
def guest_card(card: Any) -> Guest:
    return catalog().guests[card] if isinstance(card, int) else guest_from(card)


def staff_card(card: Any) -> Staff:
    return catalog().staff[card] if isinstance(card, int) else staff_from(card)


def set_player(state: State, seat: str, player: Player) -> State:
    return evolve(state, seats={**state.seats, seat: player})


def triggers(player: Player, on: str) -> list[dict]:
    return [card.trigger for card in player.hired if card.trigger and card.trigger["on"] == on]


def add(a: tuple[int, ...], b: Sequence[int], sign: int = 1) -> tuple[int, ...]:
    return tuple(x + sign * y for x, y in zip(a, b))


def item_vector(items: Mapping[str, int]) -> tuple[int, int, int, int]:
    return tuple(items.get(item, 0) for item in ITEMS)


def turn_order(state: State) -> list[str]:
    """Seats by their lowest turn-order number."""
    return sorted(state.players, key=lambda seat: min(state.tiles[seat]))


def owner(state: State, number: int) -> str:
    return next(seat for seat, numbers in state.tiles.items() if number in numbers)


def score(state: State, seat: str, points: int, why: str, out: Outcome) -> State:
    if not points:
        return state
    player = state.player(seat)
    out.append({"fact": "scored", "seat": seat, "points": points, "why": why})
    return set_player(state, seat, evolve(player, vp=player.vp + points))


def gain_krones(state: State, seat: str, n: int, why: str, out: Outcome) -> State:
    player = state.player(seat)
    cap = state.board["krones_cap"]
    krones = min(cap, player.krones + n)
    out.append({"fact": "krones", "seat": seat, "krones": krones - player.krones, "why": why})
    if player.krones + n > cap:
        out.append({"fact": "krones_lost", "seat": seat, "krones": player.krones + n - cap,
                    "why": f"the money track ends at {cap}"})
    return set_player(state, seat, evolve(player, krones=krones))


def pay(state: State, seat: str, n: int, why: str, out: Outcome) -> State:
    if not n:
        return state
    player = state.player(seat)
    out.append({"fact": "krones", "seat": seat, "krones": -n, "why": why})
    return set_player(state, seat, evolve(player, krones=player.krones - n))


def advance_emperor(state: State, seat: str, n: int, why: str, out: Outcome) -> State:
    player = state.player(seat)
    last = len(catalog().emperor_vp) - 1
    position = min(last, player.emperor + n)
    out.append({"fact": "emperor", "seat": seat, "steps": position - player.emperor, "why": why})
    state = set_player(state, seat, evolve(player, emperor=position))
    return score(state, seat, player.emperor + n - position, "Emperor steps beyond the last space", out)


def gain_items(state: State, seat: str, items: Sequence[int], why: str, out: Outcome) -> State:
    player = state.player(seat)
    out.append({"fact": "items", "seat": seat, "items": dict(zip(ITEMS, items)), "why": why})
    return set_player(state, seat, evolve(player, items=add(player.items, items)))


def room_cost(state: State, seat: str, room: int, pending: Pending | None) -> int:
    hotel = state.hotel
    if pending is not None and (pending.free or pending.kind == "prepare_occupy"):
        return 0
    if any(t.get("free") and t["colour"] == hotel.colour(room) for t in triggers(state.player(seat), "prepare")):
        return 0
    discount = pending.discount if pending is not None else 0
    return max(0, hotel.floor_costs[hotel.floor(room) - 1] - discount)


def can_prepare(state: State, seat: str, room: int, pending: Pending | None) -> str | None:
    """Why the room cannot be prepared now, or None."""
    rooms = state.player(seat).rooms
    if rooms[room] != EMPTY:
        return "That room is already prepared or occupied."
    if pending is not None and state.hotel.floor(room) > pending.max_floor:
        return f"This room must be on floors 1 to {pending.max_floor}."
    if not any(rooms):
        if room != 0:
            return "The first room is the bottom-left room."
    elif not any(rooms[near] != EMPTY for near in state.hotel.neighbours(room)):
        return "A new room must be next to a prepared or occupied room (not diagonally)."
    if room_cost(state, seat, room, pending) > state.player(seat).krones:
        return "You cannot pay this floor's cost."
    return None


def prepare(state: State, seat: str, room: int, pending: Pending | None, out: Outcome) -> State:
    cost = room_cost(state, seat, room, pending)
    state = pay(state, seat, cost, f"prepare room {state.hotel.name_of(room)}", out)
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, rooms=put(player.rooms, room, PREPARED)))
    out.append({"fact": "room_prepared", "seat": seat, "room": state.hotel.name_of(room), "cost": cost})
    return score(state, seat, state.hotel.prepare_vp.get(room, 0),
                 f"room {state.hotel.name_of(room)} prepared", out)


def occupy(state: State, seat: str, room: int, out: Outcome) -> State:
    """A room becomes occupied: Custodian-type staff and the group's occupancy bonus."""
    player = state.player(seat)
    hotel = state.hotel
    player = evolve(player, rooms=put(player.rooms, room, OCCUPIED))
    state = set_player(state, seat, player)
    out.append({"fact": "room_occupied", "seat": seat, "room": hotel.name_of(room)})
    for trigger in triggers(player, "occupy"):
        state = apply_effects(state, seat, trigger["effects"], "staff: a room became occupied", out)
    index = next(i for i, group in enumerate(hotel.groups) if room in group)
    group = hotel.groups[index]
    player = state.player(seat)
    if index not in player.bonuses and all(player.rooms[r] == OCCUPIED for r in group):
        state = set_player(state, seat, evolve(player, bonuses=player.bonuses | {index}))
        colour = hotel.colour(group[0])
        gain, by_size = catalog().occupancy_bonus[colour]
        amount = by_size[min(len(group), len(by_size)) - 1]
        why = f"occupancy bonus: {colour} group {', '.join(hotel.name_of(r) for r in group)}"
        if gain == "vp":
            state = score(state, seat, amount, why, out)
        elif gain == "krones":
            state = gain_krones(state, seat, amount, why, out)
        else:
            state = advance_emperor(state, seat, amount, why, out)
    return state


# -- effects -------------------------------------------------------------------
def apply_effects(state: State, seat: str, effects: Sequence[dict], why: str, out: Outcome,
                  front: bool = True) -> State:
    """Carry out printed effects: gains at once, choices as pending decisions
    (in printed order, before older decisions unless ``front`` is False)."""
    new: list[Pending] = []
    for effect in effects:
        kind = effect["kind"]
        n = effect.get("n", 1)
        player = state.player(seat)
        if kind == "item":
            state = gain_items(state, seat, [n if item == effect["item"] else 0 for item in ITEMS], why, out)
        elif kind == "krones":
            state = gain_krones(state, seat, n, why, out)
        elif kind == "emperor":
            state = advance_emperor(state, seat, n, why, out)
        elif kind == "vp":
            state = score(state, seat, n, why, out)
        elif kind == "vp_per_hired":
            state = score(state, seat, n * len(player.hired), f"{why} ({len(player.hired)} staff hired)", out)
        elif kind == "pay_or_vp":
            if player.krones >= effect["krones"]:
                state = pay(state, seat, effect["krones"], why, out)
            else:
                state = score(state, seat, -effect["vp"], f"{why}: cannot pay {effect['krones']} krones", out)
        elif kind == "lose_items":
            cafe = tuple(evolve(t, served=(0, 0, 0, 0)) if t and effect.get("cafe") else t for t in player.cafe)
            out.append({"fact": "items_lost", "seat": seat, "items": dict(zip(ITEMS, player.items)),
                        "cafe": bool(effect.get("cafe")), "why": why})
            state = set_player(state, seat, evolve(player, items=(0, 0, 0, 0), cafe=cafe))
        elif kind == "return_hand":
            if len(player.hand) >= n:
                new.append(Pending(seat, "return_hand", n=n, why=why))
            else:
                state = score(state, seat, -effect["vp"], f"{why}: fewer than {n} staff cards in hand", out)
        elif kind == "remove_empty_rooms":
            if sum(1 for s in player.rooms if s == PREPARED) >= n:
                new.append(Pending(seat, "remove_room", n=n, why=why))
            else:
                state = score(state, seat, -effect["vp"], f"{why}: fewer than {n} empty rooms", out)
        elif kind == "remove_occupied_rooms":
            floors = sorted({state.hotel.floor(r) for r, s in enumerate(player.rooms) if s == OCCUPIED},
                            reverse=True)[:effect["floors"]]
            new += [Pending(seat, "remove_room", occupied=True, floor=f, why=why) for f in floors]
        elif kind == "discard_end_staff":
            if any(card.end for card in player.hired):
                new.append(Pending(seat, "discard_end_staff", why=why))
            else:
                state = score(state, seat, -effect["vp"], f"{why}: no end-game staff hired", out)
        elif kind == "any_items":
            new.append(Pending(seat, "any_items", n=n, why=why))
        elif kind == "draw_staff":
            new.append(Pending(seat, "draw_staff", n=n, why=why))
        elif kind == "offer":
            new.append(Pending(seat, "offer_draw", n=effect["draw"], discount=effect.get("discount", 0),
                               free=bool(effect.get("free")), why=why))
        elif kind == "hire":
            new.append(Pending(seat, "hire", discount=effect.get("discount", 0), free=bool(effect.get("free")),
                               why=why))
        elif kind == "prepare":
            new.append(Pending(seat, "rooms", n=1, discount=effect.get("discount", 0),
                               free=bool(effect.get("free")), max_floor=effect.get("max_floor", 99), why=why))
        elif kind == "prepare_occupy":
            new.append(Pending(seat, "prepare_occupy", max_floor=effect.get("max_floor", 99), why=why))
        else:   # occupy, free_guest, extra_action, complete_order: a single optional step
            new.append(Pending(seat, kind, why=why))
    pending = tuple(new) + state.pending if front else state.pending + tuple(new)
    return evolve(state, pending=pending)

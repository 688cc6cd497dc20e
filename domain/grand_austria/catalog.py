"""Grand Austria Hotel's components as data: guests, staff, the hotel board,
the Emperor track and tiles, objectives. Loaded from ``data/*.toml``; a card
the catalog lacks can be given by its printed content in the same form."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Mapping

from domain.rules import is_whole

DATA = Path(__file__).parent / "data"


@cache
def data_file(name: str) -> dict[str, Any]:
    """One of the shipped data files (``data/<name>.toml``), read once."""
    with open(DATA / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)

ITEMS = ("strudel", "cake", "wine", "coffee")
ALL_ITEMS = ITEMS + ("champagne",)   # every item a card may name; a game plays config.items of them
DISHES = ("strudel", "cake")      # action 1: never more cake than strudel
DRINKS = ("wine", "coffee")       # action 2: never more coffee than wine
COLOURS = ("red", "blue", "yellow", "green")
ROOM_COLOURS = ("red", "blue", "yellow")
STAFF_KINDS = ("once", "round", "permanent", "end", "bell")
# module 5's bell staff: a requirement (an event on the owner's turn, or a measure reaching a
# threshold) and a one-time reward; the events a requirement may name, with their fields
BELL_EVENTS: dict[str, frozenset[str]] = {}

# The effect vocabulary: every printed reward, bonus and penalty is a list of
# these (a dict with "kind" and the fields named here).
EFFECT_FIELDS: dict[str, frozenset[str]] = {
    "item": frozenset({"item", "n"}),               # n of one item into the kitchen
    "any_items": frozenset({"n"}),                  # n dishes or drinks of the player's choice
    "any_item": frozenset({"n"}),                   # n items of any kind (with module 1: champagne too)
    "krones": frozenset({"n"}),
    "emperor": frozenset({"n"}),                    # Emperor steps
    "vp": frozenset({"n"}),
    "draw_staff": frozenset({"n"}),                 # draw n staff cards into the hand
    "hire": frozenset({"discount", "free"}),        # hire 1 staff from the hand
    "offer": frozenset({"draw", "discount", "free"}),  # draw cards, hire 1 of them, the rest go back
    "prepare": frozenset({"discount", "free", "max_floor"}),
    "prepare_occupy": frozenset({"max_floor"}),     # prepare a room free and occupy it
    "occupy": frozenset({"max_floor"}),             # occupy a prepared vacant room (no guest)
    "free_guest": frozenset(),                      # take a guest from the queue without cost
    "extra_action": frozenset(),                    # take one more die and carry out its action
    "complete_order": frozenset(),                  # a café guest's order is filled for free
    "vp_per_hired": frozenset({"n"}),
    # penalties of the Emperor tiles
    "pay_or_vp": frozenset({"krones", "vp"}),
    "pay": frozenset({"item", "n", "vp"}),          # pay n krones (or n of an item); else lose vp
    "lose_items": frozenset({"cafe"}),
    "return_hand": frozenset({"n", "vp"}),
    "remove_empty_rooms": frozenset({"n", "vp"}),       # each from the highest floor with one
    "remove_occupied_rooms": frozenset({"floors"}),
    "discard_end_staff": frozenset({"vp"}),
}
TRIGGERS = {
    "check_in": frozenset({"colour", "min_order", "effects"}),
    "prepare": frozenset({"colour", "free"}),
    "die": frozenset({"values", "effects", "strength", "no_fee", "hire_discount", "funds_both",
                      "before_or_after"}),
    "occupy": frozenset({"effects"}),
    "serve": frozenset({"free"}),
    "take_guest": frozenset({"free"}),
    "emperor_penalty": frozenset({"pay_krones"}),
    "emperor_reward": frozenset({"effects"}),
    "gained": frozenset({"what", "effects"}),     # whenever the seat gains what (vp, krones, emperor, items, ...)
    "claim_objective": frozenset({"effects"}),    # placing a marker on a common objective card
}
MEASURES = ("krones", "rooms", "hired", "emperor", "occupied", "occupied_red", "occupied_blue",
            "occupied_yellow", "full_floors", "full_groups", "full_colours", "full_columns",
            "colour_sets", "objectives", "copy_opponent")
MODULE_MEASURES: set[str] = set()
"""The measures the registered modules add (a game may use those of the modules it plays)."""


class CatalogError(ValueError):
    """Printed content that does not fit the vocabulary."""


def whole(data: Mapping[str, Any], key: str, default: int | None = None) -> int:
    """``data[key]`` (or ``default`` when absent) as printed: a whole number, not negative."""
    value = data[key] if default is None else data.get(key, default)
    if not is_whole(value) or value < 0:
        raise CatalogError(f"{key} is a whole number, not {value!r}")
    return value


def check_effects(effects: Any, where: str) -> tuple[dict, ...]:
    if not isinstance(effects, (list, tuple)):
        raise CatalogError(f"{where}: effects are a list")
    for effect in effects:
        if not isinstance(effect, Mapping) or effect.get("kind") not in EFFECT_FIELDS:
            raise CatalogError(f"{where}: unknown effect {effect!r}; kinds: {', '.join(EFFECT_FIELDS)}")
        extra = set(effect) - {"kind"} - EFFECT_FIELDS[effect["kind"]]
        if extra:
            raise CatalogError(f"{where}: effect {effect['kind']} has no field {', '.join(sorted(extra))}")
        if effect["kind"] == "item" and effect.get("item") not in ALL_ITEMS:
            raise CatalogError(f"{where}: item must be one of {', '.join(ALL_ITEMS)}")
        for key, value in effect.items():
            if key not in ("kind", "item", "free", "cafe") and not is_whole(value):
                raise CatalogError(f"{where}: {key} is a whole number")
    return tuple(dict(effect) for effect in effects)


@dataclass(frozen=True)
class Guest:
    number: int | None
    name: str
    colour: str
    order: tuple[int, ...]                # by ALL_ITEMS: strudel, cake, wine, coffee, champagne
    vp: int
    reward: tuple[dict, ...]

    @property
    def size(self) -> int:
        return sum(self.order)

    def to_json(self) -> dict:
        return {"number": self.number, "name": self.name, "colour": self.colour,
                "order": {item: n for item, n in zip(ALL_ITEMS, self.order) if n},
                "vp": self.vp, "reward": list(self.reward)}


@dataclass(frozen=True)
class Staff:
    number: int | None
    name: str
    cost: int
    kind: str
    text: str
    on_hire: tuple[dict, ...] = ()
    per_round: tuple[dict, ...] = ()
    trigger: dict | None = None
    end: dict | None = None
    requirement: dict | None = None       # a bell card's requirement (module 5)
    reward: tuple[dict, ...] = ()         # a bell card's one-time reward

    def to_json(self) -> dict:
        data = {"number": self.number, "name": self.name, "cost": self.cost, "kind": self.kind,
                "text": self.text}
        for key in ("on_hire", "per_round", "reward"):
            if getattr(self, key):
                data[key] = list(getattr(self, key))
        for key in ("trigger", "end", "requirement"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data


def guest_from(data: Mapping[str, Any]) -> Guest:
    """A guest card from its printed content (catalog entry or a move's card)."""
    try:
        order = data["order"]
        if set(order) - set(ALL_ITEMS) or any(not is_whole(n) or n < 0 for n in order.values()):
            raise CatalogError(f"order: items {'/'.join(ALL_ITEMS)} with counts")
        if data["colour"] not in COLOURS:
            raise CatalogError(f"colour is one of {', '.join(COLOURS)}")
        return Guest(number=data.get("number"), name=str(data.get("name", "guest")),
                     colour=data["colour"], order=tuple(order.get(item, 0) for item in ALL_ITEMS),
                     vp=whole(data, "vp", 0),
                     reward=check_effects(data.get("reward", []), "guest reward"))
    except KeyError as missing:
        raise CatalogError(f"a guest card needs {missing.args[0]}") from None


def staff_from(data: Mapping[str, Any]) -> Staff:
    """A staff card from its printed content."""
    try:
        kind = data["kind"]
        if kind not in STAFF_KINDS:
            raise CatalogError(f"staff kind is one of {', '.join(STAFF_KINDS)}")
        trigger = data.get("trigger")
        if trigger is not None:
            if not isinstance(trigger, Mapping) or trigger.get("on") not in TRIGGERS:
                raise CatalogError(f"trigger 'on' is one of {', '.join(TRIGGERS)}")
            if set(trigger) - {"on"} - TRIGGERS[trigger["on"]]:
                raise CatalogError(f"trigger {trigger['on']} has fields {', '.join(sorted(TRIGGERS[trigger['on']]))}")
            trigger = dict(trigger)
            if "effects" in trigger:
                trigger["effects"] = list(check_effects(trigger["effects"], "staff trigger"))
        end = data.get("end")
        if end is not None and (not isinstance(end, Mapping) or end.get("measure") not in MEASURES):
            raise CatalogError(f"end scoring measure is one of {', '.join(MEASURES)}")
        if (kind == "bell") != ("requirement" in data):
            raise CatalogError("a bell staff card (and only a bell card) has a requirement")
        return Staff(number=data.get("number"), name=str(data.get("name", "staff")),
                     cost=whole(data, "cost"), kind=kind, text=str(data.get("text", "")),
                     on_hire=check_effects(data.get("on_hire", []), "staff on hire"),
                     per_round=check_effects(data.get("per_round", []), "staff each round"),
                     trigger=trigger, end=dict(end) if end else None,
                     requirement=requirement_from(data["requirement"]) if kind == "bell" else None,
                     reward=check_effects(data.get("reward", []), "bell staff reward"))
    except KeyError as missing:
        raise CatalogError(f"a staff card needs {missing.args[0]}") from None


def requirement_from(data: Any) -> dict:
    """A bell card's requirement: an event on the owner's turn {"on": event, fields}
    (``BELL_EVENTS``) or a state {"measure": name, "at_least": n}."""
    if not isinstance(data, Mapping):
        raise CatalogError("a bell requirement is {on: event, ...} or {measure, at_least}")
    if "on" in data:
        if data["on"] not in BELL_EVENTS or set(data) - {"on"} - BELL_EVENTS[data["on"]]:
            raise CatalogError("a bell requirement's event is one of "
                               + ", ".join(f"{on} ({', '.join(sorted(f)) or 'no fields'})"
                                           for on, f in BELL_EVENTS.items()))
        if "values" in data and (not isinstance(data["values"], list)
                                 or not all(is_whole(v) and 1 <= v <= 6 for v in data["values"])):
            raise CatalogError("a die requirement's values are die faces 1-6")
        if "colour" in data and data["colour"] not in COLOURS:
            raise CatalogError(f"a requirement's colour is one of {', '.join(COLOURS)}")
        if "min_order" in data:
            whole(data, "min_order")
        return dict(data)
    names = MEASURES + tuple(sorted(MODULE_MEASURES))
    if set(data) != {"measure", "at_least"} or data["measure"] not in names:
        raise CatalogError(f"a bell requirement's measure is one of {', '.join(names)}, with at_least")
    whole(data, "at_least")
    return dict(data)


@dataclass(frozen=True)
class Hotel:
    """A hotel board side: rooms by floor (bottom first), groups and costs."""

    name: str
    floors: tuple[tuple[str, ...], ...]
    groups: tuple[tuple[int, ...], ...]     # room indexes
    floor_costs: tuple[int, ...]
    floor_vp: tuple[int, ...]
    prepare_vp: Mapping[int, int]

    # The board's geometry is asked on every room checked or named: worked out once per board.
    @cached_property
    def width(self) -> int:
        return len(self.floors[0])

    @cached_property
    def size(self) -> int:
        return len(self.floors) * self.width

    @cached_property
    def room_names(self) -> tuple[str, ...]:
        """Each room's name by index: floor (bottom first) and column, ``1.1`` bottom left."""
        return tuple(f"{room // self.width + 1}.{room % self.width + 1}" for room in range(self.size))

    @cached_property
    def _rooms_by_name(self) -> Mapping[str, int]:
        return {name: room for room, name in enumerate(self.room_names)}

    @cached_property
    def _rooms_by_colour(self) -> Mapping[str, tuple[int, ...]]:
        rooms: dict[str, tuple[int, ...]] = {}
        for room in range(self.size):
            rooms[self.colour(room)] = rooms.get(self.colour(room), ()) + (room,)
        return rooms

    def rooms_of(self, colour: str) -> tuple[int, ...]:
        """The rooms of this colour, bottom left first, floor by floor."""
        return self._rooms_by_colour.get(colour, ())

    @cached_property
    def by_columns_from_the_right(self) -> tuple[int, ...]:
        """Every room, the rightmost column first, each column from the bottom."""
        return tuple(f * self.width + c for c in reversed(range(self.width)) for f in range(len(self.floors)))

    def colour(self, room: int) -> str:
        return self.floors[room // self.width][room % self.width]

    def floor(self, room: int) -> int:
        """1 = bottom floor."""
        return room // self.width + 1

    def name_of(self, room: int) -> str:
        return self.room_names[room]

    def index(self, name: str) -> int | None:
        """The room named ``name`` (as ``name_of`` writes it, or with the
        numbers written otherwise, ``01.1``), None when there is none."""
        room = self._rooms_by_name.get(name)
        if room is not None:
            return room
        try:
            floor, column = (int(part) for part in name.split("."))
        except ValueError:
            return None
        if 1 <= floor <= len(self.floors) and 1 <= column <= self.width:
            return (floor - 1) * self.width + column - 1
        return None

    def neighbours(self, room: int) -> tuple[int, ...]:
        return _neighbours(self.width, len(self.floors), room)

    def to_json(self) -> dict:
        return {"name": self.name, "floors": [list(f) for f in self.floors],
                "groups": [[self.name_of(r) for r in g] for g in self.groups],
                "floor_costs": list(self.floor_costs), "floor_vp": list(self.floor_vp),
                "prepare_vp": {self.name_of(r): vp for r, vp in self.prepare_vp.items()}}


@cache
def _neighbours(width: int, floors: int, room: int) -> tuple[int, ...]:
    """The rooms beside and above and below ``room`` (not diagonally) on a board of that size."""
    floor, column = divmod(room, width)
    near = []
    if column > 0:
        near.append(room - 1)
    if column < width - 1:
        near.append(room + 1)
    if floor > 0:
        near.append(room - width)
    if floor < floors - 1:
        near.append(room + width)
    return tuple(near)


def hotel_from(data: Mapping[str, Any]) -> Hotel:
    """A hotel board from its printed layout (night side or a table's day side)."""
    floors = tuple(tuple(row) for row in data["floors"])
    if not floors or any(len(row) != len(floors[0]) for row in floors):
        raise CatalogError("every floor of the hotel has the same number of rooms")
    if any(colour not in ROOM_COLOURS for row in floors for colour in row):
        raise CatalogError("room colours are red, blue or yellow")
    skeleton = Hotel("", floors, (), (), (), {})
    groups = []
    for group in data["groups"]:
        rooms = tuple(skeleton.index(name) for name in group)
        if None in rooms:
            raise CatalogError(f"group {group} names a room not on the board")
        groups.append(rooms)
    covered = sorted(room for group in groups for room in group)
    if covered != list(range(skeleton.size)):
        raise CatalogError("the room groups cover every room exactly once")
    if len(data["floor_costs"]) != len(floors) or len(data["floor_vp"]) != len(floors):
        raise CatalogError("floor_costs and floor_vp have one number per floor")
    prepare_vp = {}
    for name, vp in data.get("prepare_vp", {}).items():
        room = skeleton.index(name)
        if room is None:
            raise CatalogError(f"prepare_vp names room {name} not on the board")
        prepare_vp[room] = int(vp)
    return Hotel(str(data.get("name", "custom")), floors, tuple(groups),
                 tuple(data["floor_costs"]), tuple(data["floor_vp"]), prepare_vp)


@dataclass(frozen=True)
class EmperorTile:
    id: str
    reward: tuple[dict, ...]
    penalty: tuple[dict, ...]


@dataclass(frozen=True)
class Objective:
    number: int
    group: str
    text: str
    needs: Mapping[str, int]


@dataclass(frozen=True)
class Catalog:
    rules: Mapping[str, Any]
    hotel: Hotel
    guests: Mapping[int, Guest]
    staff: Mapping[int, Staff]
    emperor_tiles: Mapping[str, EmperorTile]
    objectives: Mapping[int, Objective]
    emperor_vp: tuple[int, ...]
    occupancy_bonus: Mapping[str, tuple[str, tuple[int, ...]]]
    objective_vp: tuple[int, ...]


CARD_FILES: dict[str, str] = {}
"""A module's cards shuffled into the base stacks (module id -> its data file), filled as modules register."""


def catalog(*files: str) -> Catalog:
    """The base game's components, with the cards of these module data files added."""
    return _catalog(tuple(sorted(set(files))))


@cache
def every_card() -> Catalog:
    """The base cards and every registered module's (card numbers never repeat): what a move may name.
    (Kept until a module registers or leaves: ``parts.register`` clears it.)"""
    return catalog(*CARD_FILES.values())


@cache
def _numbered(files: tuple[str, ...], deck: str) -> frozenset[int]:
    """The numbers a deck's cards may carry: the cards known, and the ranges a
    module's data declares for its cards the rulebook does not print."""
    cat = _catalog(files)
    known = set(cat.guests if deck == "guest" else cat.staff)
    for name in files:
        with open(DATA / name, "rb") as handle:
            first, last = tomllib.load(handle).get("numbers", {}).get(deck, (0, -1))
        known |= set(range(first, last + 1))
    return frozenset(known)


def card_numbers(deck: str) -> frozenset[int]:
    """Every number a move may name a guest (``deck = "guest"``) or staff card by."""
    return _numbered(tuple(sorted(set(CARD_FILES.values()))), deck)


def with_house(cat: Catalog, house: Mapping[str, Any]) -> Catalog:
    """The catalog with a house catalog's cards (same shape as the shipped
    data): a card of a known number is replaced, a new one added."""
    from dataclasses import replace
    return replace(cat, guests={**cat.guests, **{g["number"]: guest_from(g) for g in house.get("guest", [])}},
                   staff={**cat.staff, **{c["number"]: staff_from(c) for c in house.get("staff", [])}})


def _merged(tables: list[dict], key: str) -> list[dict]:
    return [entry for table in tables for entry in table.get(key, [])]


@cache
def _catalog(files: tuple[str, ...]) -> Catalog:
    with open(DATA / "board.toml", "rb") as handle:
        board = tomllib.load(handle)
    with open(DATA / "catalog.toml", "rb") as handle:
        cards = tomllib.load(handle)
    extra = []
    for name in files:
        with open(DATA / name, "rb") as handle:
            extra.append(tomllib.load(handle))
    boards, decks = [board] + extra, [cards] + extra
    return Catalog(
        rules=board["game"],
        hotel=hotel_from(board["hotel"]),
        guests={g["number"]: guest_from(g) for g in _merged(decks, "guest")},
        staff={s["number"]: staff_from(s) for s in _merged(decks, "staff")},
        emperor_tiles={t["id"]: EmperorTile(t["id"], check_effects(t["reward"], t["id"]),
                                            check_effects(t["penalty"], t["id"]))
                       for t in _merged(boards, "emperor_tile")},
        objectives={o["number"]: Objective(o["number"], o["group"], o["text"], o["needs"])
                    for o in _merged(boards, "objective")},
        emperor_vp=tuple(board["emperor_track"]["vp"]),
        occupancy_bonus={colour: (spec["gain"], tuple(spec["by_size"]))
                         for colour, spec in board["occupancy_bonus"].items() if colour != "source"},
        objective_vp=tuple(board["objective_vp"]["spaces"]),
    )

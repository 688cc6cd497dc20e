"""Grand Austria Hotel's short notation for game records.

Every move type has one template (:data:`FORMS`, read and written by
:class:`domain.notation.Templates`); a kind (:data:`KINDS`) says what a slot
looks like and how its value is written and read. Cards are written by catalog
number; ``?`` stands for a card (or hands) the record does not show.
"""
from __future__ import annotations

import json
import re
from typing import Any

from domain.grand_austria.moves import ROOM
from domain.notation import Kind, Templates
from domain.rules import MalformedMove

HIDDEN = "?"


def _numbers(text: str) -> list[int]:
    return [int(n) for n in text.split()]


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise MalformedMove({"notation": [f"{text!r} is not JSON."]}) from None


def _hidden_or(kind: Kind) -> Kind:
    """``kind``, or ``?`` where the record does not show the value."""
    return Kind(rf"{kind.pattern}|\{HIDDEN}", lambda v: HIDDEN if v is None else kind.write(v),
                lambda t: None if t == HIDDEN else kind.read(t))


def _placed(place: dict) -> str:
    return " ".join(f"{table}:{n} {item}" for table, items in place.items() for item, n in items.items())


def _read_placed(text: str) -> dict:
    place: dict = {}
    for table, n, item in re.findall(r"(\d):(\d+) ([a-z]+)", text):
        place.setdefault(table, {})[item] = int(n)
    return place


NUMBERS = Kind(r"(?:\d+(?: \d+)*)?", lambda v: " ".join(map(str, v)), _numbers)
KINDS: dict[str, Kind] = {
    "seat": Kind(r".+", str, str),
    "number": Kind(r"\d+", str, int),
    "room": Kind(ROOM.strip("^$"), str, str),
    "plus": Kind(r"\+?", lambda v: "+" if v else "", bool),
    "numbers": NUMBERS,
    "words": Kind(r"\w+(?: \w+)*", " ".join, str.split),
    "card": _hidden_or(Kind(r"\d+", str, int)),
    "cards": _hidden_or(NUMBERS),
    "json": _hidden_or(Kind(r"\{.*\}", lambda v: json.dumps(v, separators=(",", ":"), ensure_ascii=False), _json)),
    "amounts": Kind(r"(?:\d+ [a-z]+(?: \d+ [a-z]+)*)?",
                    lambda v: " ".join(f"{n} {item}" for item, n in v.items()),
                    lambda t: {item: int(n) for n, item in re.findall(r"(\d+) ([a-z]+)", t)}),
    "placing": Kind(r"(?: onto \d:\d+ [a-z]+(?: \d:\d+ [a-z]+)*)?",
                    lambda v: "" if not v else " onto " + _placed(v), lambda t: _read_placed(t) or None),
    "placed": Kind(r"\d:\d+ [a-z]+(?: \d:\d+ [a-z]+)*", lambda v: _placed(v), _read_placed),
    "and_action": Kind(r"(?: and action \d)?", lambda v: "" if v is None else f" and action {v}",
                       lambda t: int(t.split()[-1]) if t else None),
    "colour": Kind(r"(?: (?!staff\b)[a-z]+)?", lambda v: f" {v}" if v else "", lambda t: t.strip() or None),
    "first": Kind(r"(?: staff first)?", lambda v: " staff first" if v else "", lambda t: True if t else None),
    "from": Kind(r"(?: from \d)?", lambda v: "" if v is None else f" from {v}",
                 lambda t: int(t.split()[-1]) if t else None),
    "name": Kind(r"\S+", str, str),
    "word": Kind(r"[a-z]+", str, str),
    "list": Kind(r"\[.*\]", lambda v: json.dumps(v, separators=(",", ":"), ensure_ascii=False), _json),
    "listed": _hidden_or(Kind(r"\[.*\]", lambda v: json.dumps(v, separators=(",", ":"), ensure_ascii=False), _json)),
    "then": Kind(r"(?: then [a-z]+(?: [a-z]+)*)?", lambda v: "" if not v else " then " + " ".join(v),
                 lambda t: t.split()[1:] or None),
    "space": Kind(r"\d+|balcony", str, lambda t: t if t == "balcony" else int(t)),
    "orders": Kind(r"\d:[a-z]+(?: \d:[a-z]+)*",
                   lambda v: " ".join(f"{order['table']}:{order['item']}" for order in v),
                   lambda t: [{"table": int(n), "item": item} for n, item in re.findall(r"(\d):([a-z]+)", t)]),
}

FORMS: dict[str, str] = {
    "setup": "Setup objectives {objectives:numbers}, Emperor {emperor_tiles:words}, queue {queue:numbers}, "
             "{start_player:seat} starts, hands {hands:json}",
    "reveal_guest": "Reveal {card:number}",
    "roll": "Roll {dice:numbers}",
    "reroll": "Reroll {dice:numbers}",
    "choose_dustbin": "{seat:seat} dustbin {colour:word}",
    "draw_staff": "{seat:seat} draws {cards:cards}",
    "draft_pick": "{seat:seat} keeps {staff:card}",
    "take_guest": "{seat:seat} guest @{position:number}",
    "prepare_room": "{seat:seat} room {room:room}",
    "take_die": "{seat:seat} die {value:number}{boost:plus}{colour:colour}{staff_first:first}{move_from:from}"
                "{move_colour:colour}",
    "choose_action": "{seat:seat} action {action:number}",
    "choose_items": "{seat:seat} items {items:amounts}{place:placing}",
    "place_items": "{seat:seat} places {place:placed}",
    "split_funds": "{seat:seat} funds {krones:number} krones {emperor:number} Emperor",
    "hire": "{seat:seat} hire {staff:card}",
    "occupy_room": "{seat:seat} occupy {room:room}",
    "complete_order": "{seat:seat} complete {table:number}",
    "return_staff": "{seat:seat} return {staff:card}",
    "remove_room": "{seat:seat} remove {room:room}",
    "discard_staff": "{seat:seat} discard {staff:card}",
    "decline": "{seat:seat} decline",
    "serve": "{seat:seat} serve {items:orders}",
    "check_in": "{seat:seat} check-in {table:number}->{room:room}",
    "use_staff": "{seat:seat} use {staff:card}",
    "claim_objective": "{seat:seat} objective {objective:number}",
    "end_turn": "{seat:seat} end",
    "pass": "{seat:seat} pass",
}
"""One template per move type of the base game, tried in this order when
reading, after the registered modules' forms (parts.Module.notation)."""


def _setup_field(name: str) -> Kind:
    """A module's field of the setup move, written only when the move has it: ``, name [JSON]``."""
    return Kind(rf"(?:, {name} \[.*?\])?",
                lambda v: "" if v is None else f", {name} " + KINDS["list"].write(v),
                lambda t: _json(t[len(name) + 3:]) if t else None)


def templates() -> Templates:
    """Writes a move in its template if that reads back as exactly this move (not
    so for cards given by printed content, or a seat name that reads as notation).
    The setup's template ends with the registered modules' setup fields."""
    from domain.grand_austria.parts import MODULES
    extra = [name for module in MODULES.values() if module.setup_part for name in module.setup_part.fields]
    forms = {**{kind: form for module in MODULES.values() for kind, form in module.notation.items()}, **FORMS,
             "setup": FORMS["setup"] + "".join(f"{{{name}:setup_{name}}}" for name in extra)}
    if _built.get("forms") != forms:
        kinds = {**KINDS, **{f"setup_{name}": _setup_field(name) for name in extra}}
        _built.update(forms=forms, templates=Templates(forms, kinds))
    return _built["templates"]


_built: dict = {}


def short(move: dict) -> str | None:
    return templates().short(move)


def read(text: str) -> dict | None:
    return templates().read(text)

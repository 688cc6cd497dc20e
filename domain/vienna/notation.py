"""Vienna's short notation for game records.

==================  ===============================================================
move                notation
==================  ===============================================================
choose_start_card   ``Ann start card Baron (5 coins, 1 crown)``
reveal_characters   ``Reveal Monk (1 cross), Mayor (2 citizens, 1 crown)``
roll                ``Ann rolls 2 2 3 5 W6``
reroll              ``Ann rerolls 2 3 -> 4 6``; ``Ann rerolls 2 3`` (digital: the
                    service rolls)
turn_die            ``Ann turns 3 -> 4``
place               ``Ann places 3 W4 on Café Sacher``; Krieau ``Ann places 1 on
                    Krieau, Gendarme on Oper, takes VP``; Prater ``Ann places J1 on
                    Prater, turns 3 -> 6``
double_move         ``Ann plays double move``; ``Ann declines double move``
take_character      ``Ann takes Market Woman``
gloriette           ``Ann Gloriette crowns``
tiergarten          ``Ann Tiergarten Bo 2 Cy 1`` (coins taken from each)
==================  ===============================================================

Cards are written by their printed content: the name, then the coins and
symbols they show in parentheses (none shown: the name alone). Every move type
has one template (:data:`FORMS`, read and written by
:class:`domain.notation.Templates`); a move its template cannot write exactly
(a name with a comma or parentheses, a seat name that reads as notation) has
the generic form.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from marshmallow import ValidationError

from domain.notation import Kind, Templates
from domain.rules import MalformedMove, Move
from domain.vienna.moves import MOVE_SCHEMAS

COUNTS = (("coins", "coin"), ("citizens", "citizen"), ("crosses", "cross"), ("crowns", "crown"))
"""What a card shows, in the order written: its key and the word for one."""
WORDS = {word: key for key, one in COUNTS for word in (key, one)}
NAME = r'[^"=]+?'
"""A name (of a field, a card): no quotes or equals signs, so that text in the
generic form (``key=JSON``) never reads as a short form."""
CARD = r'([^,()"=]+?)(?: \(([^()]*)\))?'
"""A card: its name, then what it shows in parentheses."""
DIE = r"W?[0-9]|J[0-9]?"
DICE = rf"(?:{DIE})(?: (?:{DIE}))*"
TAKE = {"coin": "coin", "vp": "VP"}
"""Krieau: what a player takes, and how it is written."""
TAKEN = {written: take for take, written in TAKE.items()}


def _write_card(card: dict[str, Any]) -> str:
    shown = ", ".join(f"{n} {one if n == 1 else key}" for key, one in COUNTS if (n := card.get(key)))
    return f"{card['name']} ({shown})" if shown else card["name"]


def _read_card(name: str, shown: str | None) -> dict[str, Any]:
    card: dict[str, Any] = {"name": name, "citizens": 0, "crosses": 0, "crowns": 0}
    seen: set[str] = set()
    for entry in shown.split(", ") if shown is not None else ():
        found = re.fullmatch(r"([0-9]+) (\w+)", entry)
        key = WORDS.get(found[2]) if found else None
        if key is None or key in seen:
            raise MalformedMove({"notation": [f"{entry!r}: a card shows e.g. '(2 coins, 1 citizen, 1 cross)'."]})
        seen.add(key)
        card[key] = int(found[1])
    return card


def _read_start_card(text: str) -> dict[str, Any]:
    name, shown = re.fullmatch(CARD, text).groups()
    return {"coins": 0, **_read_card(name, shown)}


def _read_cards(text: str) -> list[dict[str, Any]]:
    return [_read_card(*found.groups()) for found in re.finditer(rf"(?:^|, ){CARD}(?=, |$)", text)]


def _read_coins_taken(text: str) -> dict[str, int]:
    return {seat: int(n) for seat, n in re.findall(rf"({NAME}) ([0-9]+)(?: |$)", text)}


def _optional(before: str, pattern: str, read: Callable[[str], Any] = str,
              write: Callable[[Any], str] = str) -> Kind:
    """A slot written ``before`` + its value, or not at all where the value is None."""
    return Kind(f"(?:{re.escape(before)}(?:{pattern}))?", lambda v: "" if v is None else before + write(v),
                lambda t: read(t[len(before):]) if t else None)


KINDS: dict[str, Kind] = {
    "seat": Kind(r".+", str, str),
    "name": Kind(NAME, str, str),
    "word": Kind(r"\w+", str, str),
    "die": Kind(DIE, str, str),
    "dice": Kind(DICE, " ".join, str.split),
    "result": _optional(" -> ", DICE, str.split, " ".join),
    "field": Kind(NAME, str, str),
    "gendarme": _optional(", Gendarme on ", NAME),
    "take": _optional(", takes ", r"\w+", lambda t: TAKEN.get(t, t), TAKE.__getitem__),
    "turn": _optional(", turns ", DIE),
    "to": _optional(" -> ", DIE),
    "use": Kind(r"plays|declines", lambda v: "plays" if v else "declines", lambda t: t == "plays"),
    "start_card": Kind(CARD, _write_card, _read_start_card),
    "cards": Kind(rf"{CARD}(?:, {CARD})*", lambda v: ", ".join(map(_write_card, v)), _read_cards),
    "coins_taken": Kind(rf"{NAME} [0-9]+(?: {NAME} [0-9]+)*",
                        lambda v: " ".join(f"{seat} {n}" for seat, n in v.items()), _read_coins_taken),
}

FORMS: dict[str, str] = {
    "choose_start_card": "{seat:seat} start card {card:start_card}",
    "reveal_characters": "Reveal {cards:cards}",
    "roll": "{seat:seat} rolls {dice:dice}",
    "reroll": "{seat:seat} rerolls {dice:dice}{result:result}",
    "place": "{seat:seat} places {dice:dice} on {field:field}{gendarme:gendarme}{take:take}{turn:turn}{to:to}",
    "turn_die": "{seat:seat} turns {die:die} -> {to:die}",
    "double_move": "{seat:seat} {use:use} double move",
    "take_character": "{seat:seat} takes {card:name}",
    "gloriette": "{seat:seat} Gloriette {symbol:word}",
    "tiergarten": "{seat:seat} Tiergarten {take:coins_taken}",
}
"""One template per move type, tried in this order when reading (a placement
before ``turns`` and ``takes``, which its Prater and Krieau parts contain)."""

SCHEMAS = {kind: schema() for kind, schema in MOVE_SCHEMAS.items()}


def _load(data: dict[str, Any]) -> Move:
    """The move as Vienna loads it: what a short form leaves out (no result
    of a digital reroll, no Krieau or Prater part) comes back as None."""
    try:
        return SCHEMAS[data["type"]].load(data)
    except ValidationError as error:
        raise MalformedMove(error.messages) from None


TEMPLATES = Templates(FORMS, KINDS, load=_load)
short = TEMPLATES.short
read = TEMPLATES.read

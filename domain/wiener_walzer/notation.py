"""Wiener Walzer's short notation for game records.

========================  ==========================================================
move                      notation
========================  ==========================================================
setup                     ``Setup neutral b2 G1, e2 G5; buffet d1 cheese, e1 caviar+caviar;
                          stacks Anna: G0 L3 ..., Ben: ...`` (stacks only in digital mode)
place                     ``Anna L3 d4``: the guest card, then the space
dance                     ``Anna dance b4-c4``: the dancer, then its partner
event                     ``Event solotaenzer``: the card drawn, by its id
resolve_event             ``Anna event guest h5 tile i5``: the card's fields in a fixed
                          order (guest, first, second, champagne, champagne_of,
                          collected, tile), tiles as ``cheese+cheese``;
                          ``Anna event lapses``
========================  ==========================================================

:func:`short` gives the short form of a move, or None where it cannot write
the move exactly (an unusual field, a seat name that reads as notation, stacks
hidden from a seat's view): the record then has the generic form. :func:`read`
gives the move data a short form stands for, or None for any other text.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from domain.rules import MalformedMove, Move
from domain.wiener_walzer.board import SPACE_PATTERN
from domain.wiener_walzer.components import CARD_PATTERN

SPACE = SPACE_PATTERN.strip("^$")
CARD = CARD_PATTERN.strip("^$")
TILE = r"[a-z_]+(?:\+[a-z_]+)*"

EVENT_FIELDS = (("guest", SPACE), ("first", SPACE), ("second", SPACE), ("champagne", SPACE),
                ("champagne_of", ".+?"), ("collected", TILE), ("tile", SPACE))
"""A resolution's fields in the order they are written, with what each looks like."""


def _tile(items: list[str]) -> str:
    return "+".join(items)


def _space_card(entry: str) -> tuple[str, str]:
    space, card = entry.split(" ")
    return space, card


def _space_tile(entry: str) -> tuple[str, list[str]]:
    space, items = entry.split(" ")
    return space, items.split("+")


def _stack(entry: str) -> tuple[str, list[str]]:
    player, colon, cards = entry.rpartition(":")
    if not colon:
        raise ValueError(entry)
    return player, cards.split()


SETUP_SECTIONS: dict[str, tuple[Callable[[str, Any], str], Callable[[str], tuple[str, Any]]]] = {
    "neutral": (lambda space, card: f"{space} {card}", _space_card),
    "buffet": (lambda space, tile: f"{space} {_tile(tile)}", _space_tile),
    "stacks": (lambda player, cards: f"{player}: {' '.join(cards)}", _stack),
}
"""The set-up's sections: how one entry is written, and read back."""


def _setup(move: Move) -> str:
    sections = (" ".join(filter(None, [name, ", ".join(write_entry(key, value)
                                                       for key, value in move[name].items())]))
                for name, (write_entry, _) in SETUP_SECTIONS.items() if move.get(name) is not None)
    return "Setup " + "; ".join(sections)


def _read_setup(body: str) -> dict[str, Any]:
    data: dict[str, Any] = {"type": "setup"}
    for section in body.split("; "):
        name, _, entries = section.partition(" ")
        if name not in SETUP_SECTIONS or name in data:
            raise ValueError(name)
        read_entry = SETUP_SECTIONS[name][1]
        data[name] = dict(read_entry(entry) for entry in entries.split(", ")) if entries else {}
    return data


def _resolution(move: Move) -> str:
    parts = [move["seat"], "event"] + (["lapses"] if move.get("lapse") else [])
    for name, _ in EVENT_FIELDS:
        if name in move:
            value = move[name]
            parts += [name, _tile(value) if name == "collected" else value]
    return " ".join(parts)


PLACE = re.compile(rf"(?P<seat>.+) (?P<card>{CARD}) (?P<space>{SPACE})")
DANCE = re.compile(rf"(?P<seat>.+) dance (?P<dancer>{SPACE})-(?P<partner>{SPACE})")
EVENT = re.compile(r"Event (?P<card>\w+)")
RESOLUTION = re.compile(r"(?P<seat>.+) event(?P<lapse> lapses)?"
                        + "".join(f"(?: {name} (?P<{name}>{pattern}))?" for name, pattern in EVENT_FIELDS))


WRITERS: dict[str, Callable[[Move], str | None]] = {
    # stacks hidden from a seat's view are left to the generic form
    "setup": lambda move: None if None in (move.get("stacks") or {}).values() else _setup(move),
    "place": lambda move: f"{move['seat']} {move['card']} {move['space']}",
    "dance": lambda move: f"{move['seat']} dance {move['dancer']}-{move['partner']}",
    "event": lambda move: f"Event {move['card']}",
    "resolve_event": _resolution,
}
READERS = (("place", PLACE), ("dance", DANCE), ("event", EVENT), ("resolve_event", RESOLUTION))


def short(move: Move) -> str | None:
    """The short form of ``move`` if it reads back as exactly this move."""
    text = WRITERS[move["type"]](move)
    try:
        return text if text is not None and read(text) == move else None
    except MalformedMove:
        return None


def read(text: str) -> dict[str, Any] | None:
    """The move data ``text`` writes in a short form; None if it is in none."""
    if text.startswith("Setup "):
        try:
            return _read_setup(text[len("Setup "):])
        except ValueError:
            raise MalformedMove({"notation": [f"{text!r}: a set-up is written 'Setup neutral b2 G1, ...; "
                                              "buffet d1 cheese, ...; stacks Anna: G0 L3 ...'."]}) from None
    for kind, pattern in READERS:
        found = pattern.fullmatch(text)
        if found:
            fields = {name: value for name, value in found.groupdict().items() if value is not None}
            if "lapse" in fields:
                fields["lapse"] = True
            if "collected" in fields:
                fields["collected"] = fields["collected"].split("+")
            return {"type": kind, **fields}
    return None

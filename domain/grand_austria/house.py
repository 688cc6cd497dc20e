"""The bounds of a house catalog: what a table's own copy of the components
may print. A catalog comes from anyone who can reach the service, so every
number and every name in it is bounded before a game may use it; the shipped
cards stay well inside (the largest count they print is 60, the longest name
40 characters).

- a card's ``number``: a whole number from 1 to ``MAX_CARD_NUMBER``, each
  number once in its section (``guest``, ``staff``);
- every other number (a cost, VP, krones, an order's count, an effect's
  ``n``): a whole number from 0 to ``MAX_NUMBER``;
- a name, an id, an item, a kind (every text but a card's ``text`` and a
  ``source``): at most ``MAX_NAME`` characters; those two at most ``MAX_TEXT``;
- a list: at most ``MAX_ENTRIES`` entries; the entries of a section named by
  ``name`` or ``id`` (a ballroom, a rehearsal board), each name once.

The game's own checks (domain.grand_austria.catalog and the modules' house
sections) then say whether what is printed means anything.
"""
from __future__ import annotations

from typing import Any, Mapping

from domain.grand_austria.catalog import CatalogError
from domain.rules import is_whole

MAX_NUMBER = 99
MAX_CARD_NUMBER = 999
MAX_NAME = 80
MAX_TEXT = 2000
MAX_ENTRIES = 400
TEXTS = ("text", "source")
NUMBERED = ("guest", "staff")


def check_bounds(content: Mapping[str, Any]) -> None:
    """Raise CatalogError naming the first place (``guest[3].reward[0].n``) outside the bounds."""
    for section, value in content.items():
        _within(value, str(section), str(section))
        if isinstance(value, list):
            _once_each(section, value)


def _within(value: Any, key: str, where: str) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        if key == "number":
            low, high = 1, MAX_CARD_NUMBER
        else:
            low, high = 0, MAX_NUMBER
        if not is_whole(value) or not low <= value <= high:
            raise CatalogError(f"{where}: a whole number from {low} to {high}, not {value!r}")
        return
    if isinstance(value, str):
        most = MAX_TEXT if key in TEXTS else MAX_NAME
        if len(value) > most:
            raise CatalogError(f"{where}: at most {most} characters, not {len(value)}")
        return
    if isinstance(value, Mapping):
        for name, inner in value.items():
            if len(str(name)) > MAX_NAME:
                raise CatalogError(f"{where}: a key of at most {MAX_NAME} characters")
            _within(inner, str(name), f"{where}.{name}")
        return
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ENTRIES:
            raise CatalogError(f"{where}: at most {MAX_ENTRIES} entries, not {len(value)}")
        for i, inner in enumerate(value):
            _within(inner, key, f"{where}[{i}]")


def _once_each(section: str, entries: list[Any]) -> None:
    """Each card number (each board's name or id) once in its section: two would leave one unseen."""
    field = "number" if section in NUMBERED else next(
        (f for f in ("id", "name") if entries and all(isinstance(e, Mapping) and f in e for e in entries)), None)
    if field is None:
        return
    seen: set[Any] = set()
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping) or not isinstance(entry.get(field), (int, str)):
            continue                     # no number or name to tell it by: the game's own checks refuse it
        if entry[field] in seen:
            raise CatalogError(f"{section}[{i}].{field}: {entry[field]!r} is in the catalog twice")
        seen.add(entry[field])

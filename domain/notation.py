"""Short notations for game records, written and read by templates.

A game gives every move type one template: literal words and ``{field:kind}``
slots (``"{seat:seat} die {value:number}{boost:plus}"``). The same template
writes a move and, turned into a regular expression, reads it back; a
:class:`Kind` says what a slot looks like and how its value is written and
read. :class:`Templates` offers the ``short`` and ``read`` that a game's
``short_notation`` module exposes (see :class:`domain.rules.Game`).
"""
from __future__ import annotations

import re
from string import Formatter
from typing import Any, Callable, Mapping, NamedTuple

from domain.rules import MalformedMove, Move


class Kind(NamedTuple):
    """What a slot looks like (a regular expression), and how its value is
    written and read; a value read as None is left out of the move."""

    pattern: str
    write: Callable[[Any], str]
    read: Callable[[str], Any]


class Templates:
    """Move types' templates, tried in the order given when reading.

    ``load`` turns move data as read into the move as the game loads it (its
    schemas' defaults filled in, raising MalformedMove); :meth:`short` keeps
    a short form only if it gives back exactly the move it was written from.
    """

    def __init__(self, forms: Mapping[str, str], kinds: Mapping[str, Kind],
                 load: Callable[[dict[str, Any]], Move] | None = None):
        self.kinds = kinds
        self.parts = {kind: list(Formatter().parse(form)) for kind, form in forms.items()}
        self.patterns = {
            kind: re.compile("".join(re.escape(text) + (f"(?P<{name}>{kinds[slot].pattern})" if name else "")
                                     for text, name, slot, _ in parts))
            for kind, parts in self.parts.items()}
        self.load = load or (lambda data: data)

    def short(self, move: Move) -> str | None:
        """``move`` in its type's template if that reads back as exactly this
        move (not so for a seat name that reads as notation, say): else None,
        and the record has the generic form."""
        text = self.write(move)
        try:
            data = self.read(text)
            return text if data is not None and self.load(data) == move else None
        except MalformedMove:
            return None

    def write(self, move: Move) -> str:
        return "".join(text + (self.kinds[slot].write(move.get(name)) if name else "")
                       for text, name, slot, _ in self.parts[move["type"]])

    def read(self, text: str) -> dict[str, Any] | None:
        """The move data ``text`` writes in a template; None if it fits none."""
        for kind, pattern in self.patterns.items():
            found = pattern.fullmatch(text)
            if found:
                slots = {name: slot for _, name, slot, _ in self.parts[kind] if name}
                values = {name: self.kinds[slots[name]].read(value) for name, value in found.groupdict().items()}
                return {"type": kind, **{name: value for name, value in values.items() if value is not None}}
        return None

"""Vienna's components as data: cards by printed content, the street's
fields and their effects, dice written as strings.

The default board and decks live in ``data/`` (marked ``reconstructed``);
a table whose edition differs starts the game with its own board.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Mapping

DATA = Path(__file__).parent / "data"

SYMBOLS = ("citizens", "crosses", "crowns")
SPECIALS = ("start_player", "double_move", "dice_joker", "more_influence", "additional_die")
KINDS = ("krieau", "prater", "geheimbund")
LIGHTNING = frozenset(KINDS)
# Special Fields: "For each die a player places on this field, he immediately
# receives 1 coin." A Geheimbund given without effects gets this one.
GEHEIMBUND_EFFECTS: tuple[Mapping[str, Any], ...] = ({"coins": 1},)
EFFECT_KEYS = ("coins", "pay", "vp", "character", "special", "compare", "gloriette", "tiergarten", "heuriger")


@cache
def _toml(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


def rules_data() -> dict[str, Any]:
    return _toml("rules.toml")


# -- cards ------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Card:
    """A card by its printed content. Start cards also show coins."""

    name: str
    citizens: int = 0
    crosses: int = 0
    crowns: int = 0
    coins: int = 0

    def symbols(self, symbol: str) -> int:
        return getattr(self, symbol)

    def to_json(self, with_coins: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "citizens": self.citizens,
                               "crosses": self.crosses, "crowns": self.crowns}
        if with_coins:
            out["coins"] = self.coins
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Card":
        return cls(name=data["name"], citizens=data.get("citizens", 0), crosses=data.get("crosses", 0),
                   crowns=data.get("crowns", 0), coins=data.get("coins", 0))


@dataclass(frozen=True)
class Deck:
    """The start cards and the character cards a game is played with, by
    printed content: the default deck (data/cards.toml) or a table's own."""

    start_cards: tuple[Card, ...]
    characters: tuple[Card, ...]      # each character once
    copies: int                       # copies of each character in the box
    source: str = "custom"

    def pile(self) -> tuple[Card, ...]:
        """Every character card in the box, sorted: the deck digital mode draws from."""
        return tuple(sorted(c for c in self.characters for _ in range(self.copies)))

    def start_card(self, name: str) -> Card | None:
        return next((c for c in self.start_cards if c.name == name), None)

    def character(self, name: str) -> Card | None:
        return next((c for c in self.characters if c.name == name), None)


def deck_from_json(data: Mapping[str, Any], source: str = "custom") -> Deck:
    """A deck in the option format (``start_cards`` with their coins,
    ``characters`` each once, ``copies`` of each character)."""
    return Deck(start_cards=tuple(Card.from_json(c) for c in data["start_cards"]),
                characters=tuple(Card.from_json(c) for c in data["characters"]),
                copies=int(data["copies"]), source=source)


@cache
def default_deck() -> Deck:
    data = _toml("cards.toml")
    return deck_from_json(data, data["source"])


def start_cards() -> tuple[Card, ...]:
    return default_deck().start_cards


def characters() -> tuple[Card, ...]:
    """The default deck's characters, each once, in the data's order."""
    return default_deck().characters


def character_deck() -> tuple[Card, ...]:
    return default_deck().pile()


# -- dice -------------------------------------------------------------------------
# "3" a die of the player's colour, "W3" the white die, "J" a die lying on the
# dice-joker card, "J5" such a die placed showing 5.
ROLLED_DIE = r"W?[1-6]"
PLACED_DIE = r"W?[1-6]|J[1-6]"
HELD_DIE = r"W?[1-6]|J"


def is_white(die: str) -> bool:
    return die.startswith("W")


def is_joker(die: str) -> bool:
    return die.startswith("J")


def face(die: str) -> int:
    """The number a rolled or placed die shows."""
    return int(re.sub(r"^[WJ]", "", die))


def held(die: str) -> str:
    """The die in front of the player that a placed die came from ("J5" -> "J")."""
    return "J" if is_joker(die) else die


def with_face(die: str, value: int) -> str:
    """The same die (own colour or white) turned to ``value``."""
    return f"W{value}" if is_white(die) else str(value)


# -- the board ----------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """A field of the street (or the Geheimbund)."""

    name: str
    values: tuple[int, ...]          # () = any dice
    double: bool = False
    kind: str | None = None          # krieau | prater | geheimbund | None
    effects: tuple[Mapping[str, Any], ...] = ()

    @property
    def lightning(self) -> bool:
        return self.kind in LIGHTNING

    def accepts(self, faces: list[int]) -> bool:
        """Whether dice showing ``faces`` match this field's value(s)."""
        if self.double and (len(faces) != 2 or faces[0] != faces[1]):
            return False
        return not self.values or sum(faces) in self.values

    def wants(self) -> str:
        if self.kind == "geheimbund":
            return "any dice"
        need = " or ".join(str(v) for v in self.values)
        if self.double:
            return f"a double{' summing to ' + need if need else ''}"
        return need or "any value"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "values": list(self.values), "double": self.double, "kind": self.kind,
                "effects": [dict(e) for e in self.effects]}


@dataclass(frozen=True)
class Board:
    street: tuple[Field, ...]                 # in street order, without the Geheimbund
    geheimbund: Field | None
    vp_start: Mapping[str, int]
    more_influence: Card
    source: str = "custom"

    @cached_property
    def _positions(self) -> dict[str, int]:
        return {f.name: i for i, f in enumerate(self.street)}

    def index(self, name: str) -> int | None:
        """The street position of field ``name``; None for the Geheimbund or an unknown name."""
        return self._positions.get(name)

    def field(self, name: str) -> Field | None:
        if self.geheimbund is not None and self.geheimbund.name == name:
            return self.geheimbund
        i = self.index(name)
        return None if i is None else self.street[i]


def board_from_json(data: Mapping[str, Any], source: str = "custom",
                    comparison: Mapping[str, int] | None = None) -> Board:
    """A board in the option format (``fields`` in street order, the
    Geheimbund among them, ``vp_start``, ``more_influence``). ``comparison``
    gives a comparison field the amounts it leaves out (none: they are 0)."""
    street, geheimbund = [], None
    for f in data["fields"]:
        effects = tuple({**(comparison or {}), **e} if "compare" in e else dict(e) for e in f.get("effects", ()))
        if f.get("kind") == "geheimbund" and not effects:
            effects = GEHEIMBUND_EFFECTS
        field = Field(name=f["name"], values=tuple(f.get("values", ())), double=bool(f.get("double", False)),
                      kind=f.get("kind"), effects=effects)
        if field.kind == "geheimbund":
            geheimbund = field
        else:
            street.append(field)
    influence = dict(data["more_influence"])
    return Board(street=tuple(street), geheimbund=geheimbund,
                 vp_start={str(k): int(v) for k, v in data["vp_start"].items()},
                 more_influence=Card("more influence", **{s: int(influence.get(s, 0)) for s in SYMBOLS}),
                 source=source)


@cache
def default_board() -> Board:
    data = _toml("board.toml")
    return board_from_json(data, data["source"])

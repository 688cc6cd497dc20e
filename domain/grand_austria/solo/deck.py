"""The solo opponent's instruction decks as data (``data/solo.toml``) and a
card's symbols as the chosen level and modules leave them.

Rulebook: "Solo Variant: Dinner for One", "Levels of Difficulty" (borders),
"Solo: Module 1" and "Solo: Module 2" (dancer and coloured-die symbols)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any, Mapping

from domain.grand_austria.catalog import DATA
from domain.words import N_, Listing, Message, ngettext, said

LEVELS = ("easy", "medium", "hard")
OPPONENTS = {"leopold": "Leopold", "elisabeth": "Elisabeth"}
# a border's symbol counts from this level up; no border: on every level
BORDER_FROM = {None: "easy", "silver": "medium", "gold": "hard"}


@dataclass(frozen=True)
class Symbol:
    """One symbol of an instruction card."""

    kind: str                     # guest, die, emperor, objective, staff, dancer
    colour: str = "any"           # guest: blue, red, yellow, green or any
    dancer: int = 0               # guest with a dancer (Elisabeth), dancer: its arrows (1 or 2)
    n: int = 0                    # emperor: steps
    objective: str = "?"          # objective: A, B, C or ?
    die: tuple[int, ...] = ()     # die: the values shown; () = "?"
    coloured: bool = False        # die: the coloured-die symbol (module 2)
    border: str | None = None

    @cache      # (a symbol's words never change: said once, however often its card is drawn)
    def words(self) -> Message:
        if self.kind == "guest":
            guest = said(N_("a guest")) if self.colour == "any" else said(N_("a {colour} guest"), colour=self.colour)
            return ngettext("{guest} sent as a dancer ({n} arrow)", "{guest} sent as a dancer ({n} arrows)",
                            self.dancer, guest=guest) if self.dancer else guest
        if self.kind == "die":
            if self.coloured:
                return said(N_("a coloured die"))
            if len(self.die) == 1:
                return said(N_("die {value}"), value=self.die[0])
            if len(self.die) == 2:
                return said(N_("die {value} or {other}"), value=self.die[0], other=self.die[1])
            return said(N_("the die with the most dice")) if not self.die \
                else said(N_("die {values}"), values=" or ".join(map(str, self.die)))
        if self.kind == "emperor":
            return ngettext("{n} Emperor step", "{n} Emperor steps", self.n)
        if self.kind == "objective":
            return said(N_("the objective with the least progress")) if self.objective == "?" \
                else said(N_("objective {letter}"), letter=self.objective)
        if self.kind == "staff":
            return said(N_("a private staff card"))
        return ngettext("an additional dancer ({n} arrow)", "an additional dancer ({n} arrows)", self.dancer)


@dataclass(frozen=True)
class Card:
    number: int
    guests: tuple[Symbol, ...]
    die: Symbol
    bottom: tuple[Symbol, ...]
    hand: str                     # right: ties resolve left to right; left: right to left

    @property
    def symbols(self) -> tuple[Symbol, ...]:
        """Top to bottom, as they are carried out."""
        return self.guests + (self.die,) + self.bottom


def _symbol(kind: str, data: Mapping[str, Any]) -> Symbol:
    return Symbol(kind=data.get("kind", kind), colour=data.get("colour", "any"),
                  dancer=data.get("dancer", data.get("arrows", 0)), n=data.get("n", 0),
                  objective=data.get("objective", "?"), border=data.get("border"))


def _card(data: Mapping[str, Any]) -> Card:
    die = data["die"]
    return Card(number=data["number"], guests=tuple(_symbol("guest", g) for g in data["guests"]),
                die=Symbol("die", die=tuple(die) if isinstance(die, list) else (), coloured=die == "colour"),
                bottom=tuple(_symbol("bottom", b) for b in data["bottom"]), hand=data["hand"])


@cache
def decks() -> dict[str, dict[int, Card]]:
    """Leopold's (#193-#212) and Elisabeth's (#213-#232) cards by number."""
    with open(DATA / "solo.toml", "rb") as handle:
        data = tomllib.load(handle)
    return {deck: {c["number"]: _card(c) for c in data[deck]} for deck in OPPONENTS}


def applies(symbol: Symbol, level: str) -> bool:
    """Easy ignores silver and gold borders, medium gold, hard none."""
    return LEVELS.index(level) >= LEVELS.index(BORDER_FROM[symbol.border])


@cache       # (a card's symbols at a level never change: sorted out once)
def filtered(card: Card, level: str, dancers: bool, coloured_dice: bool) -> tuple[Symbol, ...]:
    """The card's symbols the opponent carries out, top to bottom: those of
    the level; without module 1 (or with no dancer left) no dancer symbols (a guest
    with a dancer is a regular guest), without module 2 the coloured-die
    symbol is "the die with the most dice" (Solo: Module 1, Module 2)."""
    kept = []
    for symbol in card.symbols:
        if not applies(symbol, level):
            continue
        if symbol.kind == "dancer" and not dancers:
            continue
        if symbol.kind == "guest" and symbol.dancer and not dancers:
            symbol = Symbol("guest", colour=symbol.colour, border=symbol.border)
        if symbol.kind == "die" and symbol.coloured and not coloured_dice:
            symbol = Symbol("die", border=symbol.border)
        kept.append(symbol)
    return tuple(kept)


@cache       # (asked by numbers and flags, cheap to hash, rather than by the card and its symbols)
def instruction(deck: str, number: int, level: str, dancers: bool, coloured_dice: bool
                ) -> tuple[tuple[Symbol, ...], Listing]:
    """A drawn card's symbols as ``filtered`` leaves them, and their words one after another."""
    steps = filtered(decks()[deck][number], level, dancers, coloured_dice)
    return steps, Listing((s.words() for s in steps), "; ")

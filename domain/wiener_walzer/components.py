"""Wiener Walzer's components as data: guest cards, colours, buffet tiles,
event cards (``data/*.toml``), and the buffet scoring over them."""
from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from importlib import resources
from typing import Iterable, Sequence

from domain.words import pgettext

CARD_PATTERN = r"^[LG][0-5]$"
"""A guest card by sex and value: ``L3`` a lady worth 3, ``G4`` a gentleman worth 4."""


@cache
def data(name: str) -> dict:
    return tomllib.loads(resources.files("domain.wiener_walzer").joinpath(f"data/{name}.toml").read_text())


_GUESTS = data("components")["guests"]
SEXES: dict[str, str] = _GUESTS["sexes"]
VALUES: tuple[int, ...] = tuple(_GUESTS["values"])
EVENT_VALUE: int = _GUESTS["event_value"]
GUEST_CARDS: tuple[str, ...] = tuple(f"{sex}{value}" for sex in SEXES for value in VALUES)
"""One nation's 12 cards (and the 12 neutral ones)."""

PLAYER_COLOURS: tuple[str, ...] = tuple(data("components")["colours"]["players"])
NEUTRAL: str = data("components")["colours"]["neutral"]

_BUFFET = data("components")["buffet"]
DELICACIES: tuple[str, ...] = tuple(_BUFFET["delicacies"])
JOKER: str = _BUFFET["joker"]
ITEMS: tuple[str, ...] = DELICACIES + (JOKER,)
POINTS_PER_SET: int = _BUFFET["points_per_set"]
CAKE = "sachertorte"
CIGAR = "cigar"
ITEM_WORDS = {"cheese": pgettext("Wiener Walzer item", "cheese"),
              "shrimp_roll": pgettext("Wiener Walzer item", "shrimp_roll"),
              "sachertorte": pgettext("Wiener Walzer item", "sachertorte"),
              "caviar": pgettext("Wiener Walzer item", "caviar"), "cigar": pgettext("Wiener Walzer item", "cigar"),
              "champagne": pgettext("Wiener Walzer item", "champagne")}
"""The buffet's items by their names in the data, each a word of the catalog (a sentence says them in its language)."""

Tile = tuple[str, ...]


def default_tiles() -> list[Tile]:
    """The 66 buffet tiles of the reconstructed default mix."""
    tiles: list[Tile] = []
    for group in _BUFFET["tiles"]:
        for kind in group["kinds"]:
            for size, count in group["mix"].items():
                tiles += [(kind,) * int(size)] * count
    return tiles


EVENT_CARDS: dict[str, dict] = {card["id"]: card for card in data("events")["card"]}
EVENT_DECK: tuple[str, ...] = tuple(card for card, spec in EVENT_CARDS.items() for _ in range(spec["count"]))


def sex(card: str) -> str:
    return card[0]


def value(card: str) -> int:
    return int(card[1:])


def buffet_sets(tiles: Iterable[Sequence[str]]) -> int:
    """Complete sets of the 5 delicacies; each champagne replaces any one
    delicacy, a tile showing a delicacy twice counts twice (rulebook "End of
    the Game & Scoring")."""
    counts = Counter(item for tile in tiles for item in tile)
    jokers = counts[JOKER]
    total = sum(counts[d] for d in DELICACIES) + jokers
    sets = total // len(DELICACIES)
    while sets and sum(max(0, sets - counts[d]) for d in DELICACIES) > jokers:
        sets -= 1
    return sets


def buffet_points(tiles: Iterable[Sequence[str]]) -> int:
    return POINTS_PER_SET * buffet_sets(tiles)

"""Willi's number cards, written colour + value: ``R5`` is the red 5."""
from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

CARD_PATTERN = r"^[RYGB][1-9]$"


@cache
def components() -> dict:
    return tomllib.loads(resources.files("domain.willi").joinpath("data/components.toml").read_text())


COLOURS: dict[str, str] = components()["number_cards"]["colours"]
DECK: tuple[str, ...] = tuple(f"{c}{v}" for c in COLOURS for v in components()["number_cards"]["values"])


def colour(card: str) -> str:
    return card[0]


def value(card: str) -> int:
    return int(card[1:])


def colour_name(card_or_colour: str) -> str:
    return COLOURS[card_or_colour[0]]


def follows(card: str, lead: str) -> bool:
    """Playing ``card`` to a trick led by ``lead`` follows: same colour or same number."""
    return colour(card) == colour(lead) or value(card) == value(lead)

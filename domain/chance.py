"""Dice and decks: the random parts, used only to *generate* chance moves in
digital mode. Replay never calls these; it reads what was recorded."""
from __future__ import annotations

import hashlib
import random
from typing import Sequence, TypeVar

T = TypeVar("T")


def rng_for(seed: int, *path: object) -> random.Random:
    """A generator fixed by the game's seed and where in the game it is used,
    so a digital game's chance moves do not depend on what came before."""
    text = ":".join(str(part) for part in (seed, *path))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def roll(rng: random.Random, count: int, sides: int = 6) -> list[int]:
    """``count`` dice with faces 1..sides."""
    return [rng.randint(1, sides) for _ in range(count)]


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A shuffled copy."""
    deck = list(items)
    rng.shuffle(deck)
    return deck


def deal(rng: random.Random, deck: Sequence[T], hands: int, size: int) -> list[list[T]]:
    """Shuffle ``deck`` and deal ``size`` cards to each of ``hands`` hands, one at a time."""
    cards = shuffled(rng, deck)
    return [cards[i:hands * size:hands] for i in range(hands)]

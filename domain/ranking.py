"""Ranking with ties, the way board games hand out places and prizes."""
from __future__ import annotations

from typing import Callable, Hashable, Mapping, TypeVar

K = TypeVar("K", bound=Hashable)


def places(values: Mapping[K, object], key: Callable = lambda v: v, highest_first: bool = True) -> dict[K, int]:
    """Competition ranking: place = 1 + how many are strictly better.

    Tied entries share a place and use up the places after it
    (40, 40, 39, 34 gives places 1, 1, 3, 4).
    """
    ordered = {k: key(v) for k, v in values.items()}
    better = (lambda a, b: a > b) if highest_first else (lambda a, b: a < b)
    return {k: 1 + sum(1 for other in ordered.values() if better(other, mine))
            for k, mine in ordered.items()}


def tied(values: Mapping[K, object], key: Callable = lambda v: v) -> set[K]:
    """The entries whose value another entry shares."""
    keys = [key(v) for v in values.values()]
    return {k for k, v in values.items() if keys.count(key(v)) > 1}


def best(values: Mapping[K, object], key: Callable = lambda v: v) -> list[K]:
    """Every entry with the best (highest) value, in the mapping's order:
    shared victory when several tie."""
    if not values:
        return []
    top = max(key(v) for v in values.values())
    return [k for k, v in values.items() if key(v) == top]


def shared_rank_prizes(counts: Mapping[K, int], prizes: "list[int] | tuple[int, ...]") -> dict[K, int]:
    """Prizes by rank (most first), ties resolved the usual board-game way:
    tied entries share a rank and skip as many ranks after it; the prizes of
    the shared and skipped ranks are added up and split evenly, rounded down.
    Entries past the last prize get 0."""
    place = places(counts)
    prize = {}
    for k, rank in place.items():
        sharing = sum(1 for r in place.values() if r == rank)
        pot = sum(prizes[i] for i in range(rank - 1, rank - 1 + sharing) if i < len(prizes))
        prize[k] = pot // sharing
    return prize

"""Answers about immutable parts of the state, remembered by identity.

A state is copied on every change, but the parts a move does not touch
(a seat's hired cards, its rooms) stay the same objects from move to move:
what is worked out from one of them once holds while it stays the same object."""
from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")
A = TypeVar("A")


def by_identity(answer: Callable[[T], A], size: int = 4096) -> Callable[[T], A]:
    """``answer`` remembered for the last ``size`` objects asked about, by
    identity (each entry holds its object, so that no other object takes its id)."""
    known: dict[int, tuple[T, A]] = {}

    def remembered(part: T) -> A:
        entry = known.get(id(part))
        if entry is not None and entry[0] is part:
            return entry[1]
        found = answer(part)
        if len(known) >= size:
            known.clear()
        known[id(part)] = (part, found)
        return found

    remembered.__doc__ = answer.__doc__
    remembered.__wrapped__ = answer      # type: ignore[attr-defined]
    return remembered

"""Copy-on-write for frozen dataclasses.

``dataclasses.replace`` runs ``__init__`` and sets every field again; a move
changes two or three fields of a state, so ``evolve`` copies the instance
dictionary and overwrites only those. The result is an ordinary frozen
instance (equal, hashable and immutable as before)."""
from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` applied."""
    new = object.__new__(type(obj))
    attrs = new.__dict__
    attrs.update(obj.__dict__)
    attrs.update(changes)
    return new


def put(items: tuple, index: int, item: Any) -> tuple:
    """``items`` with the entry at ``index`` replaced."""
    return items[:index] + (item,) + items[index + 1:]

"""Copy-on-write for frozen dataclasses.

``dataclasses.replace`` runs ``__init__`` and sets every field again; a move
changes two or three fields of a state, so ``evolve`` copies the instance
dictionary and overwrites only those. The result is an ordinary frozen
instance (equal, hashable and immutable as before)."""
from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set_attribute = object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` applied."""
    new = _new(obj.__class__)
    attrs = obj.__dict__.copy()     # (a copy of a whole dict is cheaper than filling an empty one)
    attrs.update(changes)
    _set_attribute(new, "__dict__", attrs)
    return new


def put(items: tuple, index: int, item: Any) -> tuple:
    """``items`` with the entry at ``index`` replaced."""
    return items[:index] + (item,) + items[index + 1:]

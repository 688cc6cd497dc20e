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
    # (a new dictionary of its own, the same keys in the same order, filled in one
    # operation: copying the instance's with ``|`` would keep a dictionary made from
    # an instance's inline attributes a split one, sharing its class's keys, and on
    # such a copy, and all the copies of it, every attribute read misses the
    # interpreter's specialised lookup, about twice the instructions a read)
    _set_attribute(new, "__dict__", {**obj.__dict__, **changes})
    return new


def put(items: tuple, index: int, item: Any) -> tuple:
    """``items`` with the entry at ``index`` replaced."""
    return items[:index] + (item,) + items[index + 1:]

"""Seats around a table: clockwise order, neighbours, rotations."""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")


def left_of(seats: Sequence[T], seat: T, steps: int = 1) -> T:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return seats[(seats.index(seat) + steps) % len(seats)]


def right_of(seats: Sequence[T], seat: T, steps: int = 1) -> T:
    """The seat ``steps`` places counter-clockwise (to the right) of ``seat``."""
    return left_of(seats, seat, -steps)


def clockwise_from(seats: Sequence[T], first: T) -> tuple[T, ...]:
    """All seats in clockwise order starting with ``first``."""
    start = seats.index(first)
    return tuple(seats[start:]) + tuple(seats[:start])


def counter_clockwise_from(seats: Sequence[T], first: T) -> tuple[T, ...]:
    """All seats in counter-clockwise order starting with ``first``."""
    start = seats.index(first)
    return tuple(seats[i % len(seats)] for i in range(start, start - len(seats), -1))

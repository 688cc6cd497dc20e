"""The ballroom: spaces on a grid, gold-framed or buffet, and who neighbours whom.

A layout is a list of equal-length row strings, top row first, one character
per square: ``.`` no space, ``o`` a buffet space, ``G`` a gold-framed space.
Spaces are named by column letter and row number (``a1`` top-left, ``b1`` to
its right, ``a2`` below); a custom layout wider than 26 squares goes on with
``aa``, ``ab``, ... as spreadsheets do. Adjacency is orthogonal; a missing
neighbour or a square not in play is the board's edge.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Mapping, Sequence

from domain.wiener_walzer.components import data

SPACE_PATTERN = r"^[a-z]{1,2}[1-9][0-9]?$"
LAYOUT_PATTERN = r"^[.oG]+$"
MAX_COLUMNS = 26 + 26 * 26     # a to zz
MAX_ROWS = 99


def column_name(column: int) -> str:
    """``a`` to ``z``, then ``aa``, ``ab``, ... (0-based ``column``)."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def space_name(column: int, row: int) -> str:
    return f"{column_name(column)}{row + 1}"


@dataclass(frozen=True)
class Board:
    """The spaces in play."""

    rows: tuple[str, ...]                       # the layout in play
    spaces: tuple[str, ...]                     # reading order: row by row, left to right
    gold: frozenset[str]
    neighbours: Mapping[str, tuple[str, ...]]   # spaces in play beside each space

    @classmethod
    def from_layout(cls, rows: Sequence[str]) -> "Board":
        """The board of ``rows``; one instance per layout (a board is immutable,
        so every game on the same layout shares it and set-up costs no grid walk)."""
        return _board(tuple(rows))

    @classmethod
    def _build(cls, rows: tuple[str, ...]) -> "Board":
        cells = {space_name(c, r): char for r, row in enumerate(rows) for c, char in enumerate(row) if char != "."}
        spaces = tuple(cells)
        neighbours = {}
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char == ".":
                    continue
                around = [(c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)]
                neighbours[space_name(c, r)] = tuple(
                    space_name(x, y) for x, y in around
                    if 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] != ".")
        return cls(tuple(rows), spaces, frozenset(s for s, char in cells.items() if char == "G"), neighbours)

    @cached_property
    def _reading_order(self) -> Mapping[str, int]:
        return {space: i for i, space in enumerate(self.spaces)}

    @cached_property
    def beside(self) -> Mapping[str, frozenset[str]]:
        """The neighbours of each space as a set (enclosure is one subset test)."""
        return {space: frozenset(around) for space, around in self.neighbours.items()}

    @cached_property
    def _around_one(self) -> Mapping[str, tuple[str, ...]]:
        return {space: self._sorted_around((space,)) for space in self.spaces}

    def _sorted_around(self, spaces: Sequence[str]) -> tuple[str, ...]:
        near = set(spaces).union(*(self.neighbours[space] for space in spaces))
        return tuple(sorted(near, key=self._reading_order.__getitem__))

    def around(self, spaces: Sequence[str]) -> tuple[str, ...]:
        """The given spaces and their neighbours, in reading order (looked up
        for one space: a placement asks this every turn)."""
        if len(spaces) == 1:
            return self._around_one[spaces[0]]
        return self._sorted_around(spaces)

    @property
    def buffet_spaces(self) -> tuple[str, ...]:
        return tuple(s for s in self.spaces if s not in self.gold)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())


@lru_cache(maxsize=64)
def _board(rows: tuple[str, ...]) -> Board:
    return Board._build(rows)


@lru_cache(maxsize=None)
def default_layout(players: int) -> tuple[str, ...]:
    """The reconstructed default board with the areas ``players`` use
    (2: light-brown centre, 3: one wing, 4: both wings, 5: the foyer too)."""
    board = data("board")
    return tuple("".join(char if area != "." and int(area) <= players else "."
                         for area, char in zip(area_row, space_row))
                 for area_row, space_row in zip(board["areas"], board["spaces"]))

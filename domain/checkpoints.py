"""A game's states by ply, kept as checkpoints.

A table needs the state before the first move and after each effective move
(``state?at=N``, undo, the chart), but keeping every one makes a long game's
memory grow with its length. ``States`` keeps the state at every ``every``-th
ply (a checkpoint), the states since the last checkpoint (so the next undo or
redo costs nothing) and the effective moves; any other state is rebuilt by
replaying at most ``every - 1`` moves from the checkpoint before it.

It reads like the list it replaces: ``states[i]``, ``states[-1]``,
``len(states)``, a slice (a list, rebuilt in one pass) and iteration.

Given ``earlier`` (a way to fetch an older checkpoint and the moves after
it, e.g. from the store), ``States`` keeps only the newest two checkpoints,
their moves and the states since, so a cached game's memory stays flat in
its length; anything before comes back through ``earlier``. The newest few
segments read back that way (a checkpoint and its ``every`` moves) are kept,
so asking again for a state before them reads nothing.
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Iterator

from cachetools import LRUCache

from domain.rules import Game, Move

EVERY = 16
"""Moves between two checkpoints: a state-at-N replays at most 15 moves (≈0.2-1.5
ms with the engines' apply of 10-110 µs), and a long game keeps one state in 16."""
KEPT_SEGMENTS = 4
"""Segments before the kept checkpoints held after ``earlier`` read them back
(each one state and ``every`` moves): repeated reads of an old state read nothing."""


def replayed(game: Game, state: Any, move: Move) -> Any:
    """The state after ``move`` as a replay makes it: a move the rules cannot
    apply at all leaves the state as it was (the audit says why)."""
    try:
        return game.apply(state, move)[0]
    except Exception:  # noqa: BLE001 - a stored record the rules cannot replay
        return state


Earlier = Callable[[int, int], tuple[Any, list[Move]]]
"""``earlier(start, end)``: the state at checkpoint ply ``start`` and the
effective moves of plies ``start + 1`` .. ``end``."""


class States:
    """The states of one table, by ply (0 = before the first move)."""

    def __init__(self, game: Game, first: Any, every: int = EVERY, earlier: Earlier | None = None):
        if every < 1:
            raise ValueError("A checkpoint every 0 moves keeps nothing.")
        self.game, self.every, self.earlier = game, every, earlier
        self.base = 0                          # the ply of checkpoints[0] (0 unless ``earlier`` drops older ones)
        self.moves: list[Move] = []           # the effective moves after ``base``: ply base + i + 1 = moves[i] on ply base + i
        self.checkpoints: list[Any] = [first]  # the state at plies base, base + every, ...
        self.tail: list[Any] = []              # the states after the last checkpoint, in order
        self.reached: list[tuple[int, Any]] = []   # checkpoints made since the owner last took them (``taken``)
        self.read_back: LRUCache = LRUCache(maxsize=KEPT_SEGMENTS)   # ply of a checkpoint -> (state, its moves)
        self._reading = threading.Lock()      # readers of old states run side by side with a write (cachetools is not thread-safe)

    # -- changing --------------------------------------------------------------------
    def append(self, state: Any, move: Move) -> None:
        """``state`` is the one ``move`` made from the last state."""
        self.moves.append(move)
        if len(self.moves) % self.every:
            self.tail.append(state)
            return
        self.tail = []
        self.checkpoints.append(state)
        if self.earlier is None:
            return
        if len(self.checkpoints) > 2:
            # The older ones can be fetched again: keep this one and the one
            # before (an undo just past a checkpoint reads nothing back).
            self.base += self.every
            del self.moves[:self.every], self.checkpoints[0]
        self.reached.append((len(self) - 1, state))

    def savepoint(self) -> tuple:
        """Where the states stand now, for ``rollback`` (shallow: states are values)."""
        return self.base, list(self.moves), list(self.checkpoints), list(self.tail), list(self.reached)

    def rollback(self, savepoint: tuple) -> None:
        """The states as they stood at ``savepoint``."""
        base, moves, checkpoints, tail, reached = savepoint
        self.base, self.moves, self.checkpoints, self.tail, self.reached = \
            base, list(moves), list(checkpoints), list(tail), list(reached)
        self._forget_gone()

    def taken(self) -> list[tuple[int, Any]]:
        """The checkpoints (ply, state) reached since the last call, for their owner to keep elsewhere."""
        reached, self.reached = self.reached, []
        return reached

    def pop(self) -> Any:
        """Take back the last state (the last effective move's)."""
        if len(self) == 1:
            raise IndexError("pop from the states before the first move")
        if not self.moves:
            self._step_back()
        last = self[-1]
        if len(self.moves) % self.every == 0:
            self.checkpoints.pop()
            self.moves.pop()
            self.tail = self._segment(len(self.checkpoints) - 1, len(self.moves))[1:]
        else:
            self.moves.pop()
            self.tail.pop()
        self._forget_gone()
        return last

    def _forget_gone(self) -> None:
        """Drop the segments read back whose last ply is gone (the moves there may come again, other)."""
        with self._reading:
            for start in [start for start in self.read_back if start + self.every >= len(self)]:
                del self.read_back[start]

    def _step_back(self) -> None:
        """Bring back the checkpoint before ``base`` and the moves from it."""
        start = self.base - self.every
        state, moves = self._read_back(start)
        self.base, self.moves, self.checkpoints, self.tail = start, list(moves), [state, self.checkpoints[0]], []

    def restore(self, ply: int, state: Any) -> None:
        """Use ``state`` as the state at ``ply`` (a checkpoint kept elsewhere,
        e.g. a stored one; ``ply`` a multiple of ``every``, every move up to
        the last already appended): the states after it are rebuilt from it."""
        if ply % self.every or not self.base <= ply <= len(self) - 1:
            raise ValueError(f"Ply {ply} is not a checkpoint of these states.")
        index = (ply - self.base) // self.every
        self.checkpoints[index] = state
        if index == len(self.checkpoints) - 1:
            self.tail = self._segment(index, len(self.moves))[1:]
        else:
            self._rebuild(index)

    def _rebuild(self, index: int) -> None:
        """Every checkpoint after ``index`` (and the tail) again from it."""
        state = self.checkpoints[index]
        del self.checkpoints[index + 1:]
        self.tail = []
        for offset in range(index * self.every, len(self.moves)):
            state = replayed(self.game, state, self.moves[offset])
            if (offset + 1) % self.every == 0:
                self.checkpoints.append(state)
                self.tail = []
            else:
                self.tail.append(state)

    # -- reading ---------------------------------------------------------------------
    def __len__(self) -> int:
        return self.base + len(self.moves) + 1

    def _segment(self, index: int, offset: int) -> list[Any]:
        """The states from checkpoint ``index`` up to ``base + offset``, replayed."""
        state = self.checkpoints[index]
        out = [state]
        for number in range(index * self.every, offset):
            state = replayed(self.game, state, self.moves[number])
            out.append(state)
        return out

    def _read_back(self, start: int) -> tuple[Any, list[Move]]:
        """The state at checkpoint ply ``start`` (below ``base``) and the
        ``every`` effective moves after it, through ``earlier`` once."""
        with self._reading:
            segment = self.read_back.get(start)
            if segment is None:
                segment = self.read_back[start] = self.earlier(start, start + self.every)
            return segment

    def _before_base(self, ply: int) -> Any:
        state, moves = self._read_back(ply - ply % self.every)
        for move in moves[:ply % self.every]:
            state = replayed(self.game, state, move)
        return state

    def __getitem__(self, key: int | slice) -> Any:
        if isinstance(key, slice):
            return list(self._iterate(*key.indices(len(self))))
        ply = key + len(self) if key < 0 else key
        if not 0 <= ply < len(self):
            raise IndexError("state index out of range")
        if ply < self.base:
            return self._before_base(ply)
        index, offset = divmod(ply - self.base, self.every)
        if offset == 0:
            return self.checkpoints[index]
        if index == len(self.checkpoints) - 1:
            return self.tail[offset - 1]
        return self._segment(index, ply - self.base)[-1]

    def _iterate(self, start: int, stop: int, step: int = 1) -> Iterator[Any]:
        if step != 1 or start >= stop:
            yield from (self[ply] for ply in range(start, stop, step))
            return
        if start < self.base:
            # The plies before ``base`` from the checkpoint before ``start``, in one pass.
            first, end = start - start % self.every, min(stop - 1, self.base)
            state, moves = self.earlier(first, end)
            for ply, move in enumerate([None, *moves], first):
                if move is not None:
                    state = replayed(self.game, state, move)
                if ply >= start:
                    yield state
            start = end + 1
            if start >= stop:
                return
        state = self[start]
        yield state
        for ply in range(start + 1, stop):
            index, offset = divmod(ply - self.base, self.every)
            if offset == 0 or index == len(self.checkpoints) - 1:
                state = self[ply]
            else:
                state = replayed(self.game, state, self.moves[ply - self.base - 1])
            yield state

    def __iter__(self) -> Iterator[Any]:
        return self._iterate(0, len(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (States, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def kept(self) -> int:
        """How many states are held (the rest are rebuilt on demand)."""
        return len(self.checkpoints) + len(self.tail)

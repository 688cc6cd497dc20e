"""Elisabeth and the celebrities (Solo: Module 2): which coloured die she
takes, and the bonus of its colour instead of the celebrity's effect."""
from __future__ import annotations

from typing import Sequence

from domain.grand_austria.modules.celebrities import of
from domain.grand_austria.solo.bot import in_hand_order
from domain.grand_austria.state import WHITE, State


def celebrity_vp(state: State, colour: str) -> int:
    """The VP of the celebrity on the lounge space of the die's colour (0 when the space is empty)."""
    lounge = of(state)
    index = lounge.space_of(colour)
    return 0 if index is None or lounge.spaces[index].celebrity is None else lounge.spaces[index].vp


def lounge_order(state: State, colours: Sequence[str]) -> list[str]:
    """The colours as the dice lie on the lounge tile, left to right."""
    order = [s.colour for s in of(state).spaces]
    return sorted(colours, key=lambda c: order.index(c) if c in order else len(order))


def best_coloured(state: State, dice: Sequence[tuple[int, str]], hand: str) -> tuple[int, str] | None:
    """Of coloured dice (space, colour), the one whose celebrity gives most VP;
    ties in the lounge tile's order of the dice, in the hand's direction."""
    coloured = [(v, c) for v, c in dice if c != WHITE]
    if not coloured:
        return None
    most = max(celebrity_vp(state, c) for _, c in coloured)
    tied = lounge_order(state, [c for _, c in coloured if celebrity_vp(state, c) == most])
    colour = in_hand_order(tied, hand)[0]
    return next((v, c) for v, c in coloured if c == colour)


def coloured_on_board(state: State) -> list[tuple[int, str]]:
    return [(v, c) for v, colours in enumerate(state.dice, 1) for c in colours if c != WHITE]

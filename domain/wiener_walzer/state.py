"""Wiener Walzer's immutable state: guests and tiles on the board, each
player's cards, tiles and points."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache

from domain.immutable import evolve as replace
from domain.ranking import best
from typing import Mapping

from domain.wiener_walzer.board import Board
from domain.wiener_walzer.components import NEUTRAL, Tile, sex, value


@dataclass(frozen=True)
class Guest:
    """A guest card on the board. ``owner`` is None for a neutral (white) guest."""

    sex: str            # "L" lady, "G" gentleman
    value: int
    owner: str | None
    turned: bool = False  # has danced: still encloses others, never dances again

    @cached_property
    def card(self) -> str:
        """(Worked out once per instance: a placement and a dance use the
        same few cached guests, see ``of`` and ``face_down``.)"""
        return f"{self.sex}{self.value}"

    @cached_property
    def face_down(self) -> "Guest":
        """This guest turned over after a dance: one value per guest card, as ``of``."""
        return replace(self, turned=True)

    @staticmethod
    def of(card: str, owner: str | None) -> "Guest":
        """The face-up guest ``card`` of ``owner``: a value, so one instance
        serves every placement of it (no ``__init__`` per move)."""
        return _face_up(card, owner)


@lru_cache(maxsize=4096)
def _face_up(card: str, owner: str | None) -> Guest:
    return Guest(sex(card), value(card), owner)


@dataclass(frozen=True)
class Dance:
    """A dance that took place, for the record and the recount."""

    dancer: str
    partner: str
    cards: tuple[str, str]
    seats: tuple[str, ...]   # the players scoring, each once
    points: int              # what each of them scored
    kind: str = "enclosed"   # "enclosed" or "cigar" (the event "... nur eine Zigarre!")

    def to_json(self) -> dict:
        return {"dancer": self.dancer, "partner": self.partner, "cards": list(self.cards),
                "seats": list(self.seats), "points": self.points, "kind": self.kind}


class Phase(StrEnum):
    """Where the game stands: the table's setup, a guest placed, an event card
    drawn and resolved, the dancers moved; ``over`` once scored."""

    SETUP = "setup"
    PLACE = "place"
    EVENT_DRAW = "event_draw"
    EVENT = "event"
    DANCE = "dance"
    OVER = "over"


@dataclass(frozen=True)
class WalzerState:
    players: tuple[str, ...]           # clockwise, the first listed starts
    colours: tuple[str, ...]           # by player
    board: Board
    events: bool                       # the event-card variant
    phase: Phase = Phase.SETUP
    turn: int = 0                      # index of the player whose turn it is
    guests: Mapping[str, Guest] = field(default_factory=dict)
    tiles: Mapping[str, Tile] = field(default_factory=dict)       # buffet tiles on the board
    collected: tuple[tuple[Tile, ...], ...] = ()                  # by player
    cards: tuple[tuple[str, ...], ...] = ()   # by player: cards left (stack order when stacked)
    stacked: bool = False              # digital mode: each player plays their stack's next card
    points: tuple[int, ...] = ()       # scoring track, by player (buffet added at the end)
    event_deck: tuple[str, ...] = ()   # event cards not drawn yet
    event: str | None = None           # the event card being carried out
    dances: tuple[Dance, ...] = ()
    due: tuple[str, ...] | None = None  # while a dance is chosen: the only spaces that can dance (dances.dancers)

    @property
    def active(self) -> str:
        return self.players[self.turn]

    def index(self, seat: str) -> int:
        return self.players.index(seat)

    def colour_of(self, owner: str | None) -> str:
        return NEUTRAL if owner is None else self.colours[self.index(owner)]

    def face_up(self, space: str) -> Guest | None:
        guest = self.guests.get(space)
        return guest if guest is not None and not guest.turned else None


def swap_spaces(state: WalzerState, a: str, b: str) -> WalzerState:
    """Exchange what lies on two spaces (a guest or a buffet tile each)."""
    guests, tiles = dict(state.guests), dict(state.tiles)
    guest_a, guest_b = guests.pop(a, None), guests.pop(b, None)
    tile_a, tile_b = tiles.pop(a, None), tiles.pop(b, None)
    for space, guest, tile in ((b, guest_a, tile_a), (a, guest_b, tile_b)):
        if guest is not None:
            guests[space] = guest
        if tile is not None:
            tiles[space] = tile
    return replace(state, guests=guests, tiles=tiles)


def scores(state: WalzerState) -> dict[str, int]:
    """Every player's points."""
    return dict(zip(state.players, state.points))


def winners(state: WalzerState) -> list[str]:
    """The players with the most points, once the game is over."""
    return best(scores(state)) if state.phase == Phase.OVER else []

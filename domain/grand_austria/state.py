"""Grand Austria Hotel's state: frozen dataclasses and tuples, changed only by
``evolve`` copies (structure sharing)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.grand_austria.catalog import Guest, Hotel, Staff

EMPTY, PREPARED, OCCUPIED = 0, 1, 2

# phases of the game
SETUP = "setup"                    # the table reveals objectives, tiles, queue, hands
STAFF_DRAFT = "staff_draft"        # option: keep one card of the pack, pass the rest left
INITIAL_GUESTS = "initial_guests"  # counter-clockwise from the start player's right
INITIAL_ROOMS = "initial_rooms"    # 3 rooms each from the bottom left
ROLL = "roll"                      # the start player rolls all dice
TURNS = "turns"                    # players take turns (or pass)
REROLL = "reroll"                  # everyone left has passed: dustbin one die, reroll
ROUND_END = "round_end"            # Emperor scoring decisions, then clean-up
OVER = "over"


@dataclass(frozen=True)
class Table:
    """A guest at a café table and the items already served to it."""

    guest: Guest
    served: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def complete(self) -> bool:
        return self.served == self.guest.order

    def wants(self, index: int) -> int:
        return self.guest.order[index] - self.served[index]


@dataclass(frozen=True)
class Player:
    krones: int
    items: tuple[int, int, int, int]          # kitchen: strudel, cake, wine, coffee
    rooms: tuple[int, ...]                    # EMPTY / PREPARED / OCCUPIED by room index
    hand: tuple[Staff | None, ...]            # None: a card the scorekeeper has not seen
    emperor: int = 0
    vp: int = 0
    cafe: tuple[Table | None, ...] = (None, None, None)
    hired: tuple[Staff, ...] = ()
    used: frozenset[int] = frozenset()        # hired indexes turned sideways this round
    guests: tuple[Guest, ...] = ()            # checked in
    bonuses: frozenset[int] = frozenset()     # room groups whose occupancy bonus was paid
    objectives: tuple[int, ...] = ()          # objective numbers claimed


@dataclass(frozen=True)
class Turn:
    """The turn being taken: by whom, on which turn-order number, and what is done."""

    seat: str
    number: int
    acted: bool = False            # anything done yet (then passing is no longer possible)
    guest_taken: bool = False
    die: int | None = None         # value of the die taken for the main action
    boosted: bool = False
    fresh: tuple[int, int, int, int] = (0, 0, 0, 0)   # items from this turn's main action


@dataclass(frozen=True)
class Pending:
    """A decision (or a draw by the table) waiting to be made.

    kind: items (pair), any_items, funds, rooms, hire, offer_draw, draw_staff,
    occupy, free_guest, extra_action, complete_order, imitate, return_hand,
    remove_room, discard_end_staff, prepare_occupy.
    """

    seat: str
    kind: str
    n: int = 1
    discount: int = 0
    free: bool = False
    max_floor: int = 99
    pair: tuple[str, ...] = ()
    cards: tuple[Staff | None, ...] = ()     # an offer's drawn cards
    occupied: bool = False                   # remove_room: an occupied room
    floor: int = 0                           # remove_room: on this floor only (0: any)
    why: str = ""


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    hotel: Hotel
    board: dict[str, Any] = field(repr=False)     # counts from the rules data (dice, costs)
    phase: str = SETUP
    round: int = 1
    seats: dict[str, Player] = field(default_factory=dict)
    queue: tuple[Guest | None, ...] = (None,) * 5
    guests_left: int = 0
    objectives: tuple[int, ...] = ()
    claims: tuple[tuple[str, ...], ...] = ()       # per objective, seats in claim order
    emperor_tiles: tuple[str, ...] = ()
    start_player: str | None = None
    tiles: dict[str, tuple[int, ...]] = field(default_factory=dict)   # turn-order numbers
    used_numbers: frozenset[int] = frozenset()
    passed: frozenset[str] = frozenset()
    dice: tuple[int, ...] = (0, 0, 0, 0, 0, 0)     # dice on action spaces 1..6
    dustbin: int = 0
    turn: Turn | None = None
    pending: tuple[Pending, ...] = ()
    setup_order: tuple[str, ...] = ()              # initial guests / rooms order
    packs: dict[str, tuple[Staff | None, ...]] = field(default_factory=dict)   # staff draft: cards to pick from
    picked: frozenset[str] = frozenset()           # staff draft: who has kept a card from this pack
    refill: int = 0                                # queue spaces waiting for a new guest
    final: dict[str, int] | None = None            # final-scoring totals once over

    def player(self, seat: str) -> Player:
        return self.seats[seat]

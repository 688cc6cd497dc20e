"""Grand Austria Hotel's state: frozen dataclasses and tuples, changed only by
``evolve`` copies (structure sharing)."""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Mapping, TypeVar

from domain.grand_austria.catalog import Guest, Hotel, Staff
from domain.grand_austria.config import WHITE

if TYPE_CHECKING:
    from domain.grand_austria.config import Config

EMPTY, PREPARED, OCCUPIED = 0, 1, 2

C = TypeVar("C", bound=type)


def filled_at_once(cls: C) -> C:
    """A frozen dataclass whose instances are made often, with an
    ``__init__`` that fills the instance's dictionary in one step (the
    dataclass's own sets each field through ``object.__setattr__``): the same
    parameters and defaults, and the same instance, field by field in the
    same order. Its fields all take plain defaults (no factory). The
    dictionary is one of its own, as ``evolve``'s copies have: a line that
    reads an attribute of both made and copied instances keeps one
    specialised lookup (inline values for the ones, a dictionary for the
    others, and it would switch between the two)."""
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    if any(not f.init or f.default_factory is not MISSING for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: every field is set by __init__, from a plain default if any")
    params = ", ".join(name if name not in defaults else f"{name}=defaults[{name!r}]" for name in names)
    filled = ", ".join(f"{name!r}: {name}" for name in names)
    space: dict[str, Any] = {"defaults": defaults, "set_attribute": object.__setattr__}
    exec(f"def __init__(self, {params}):\n    set_attribute(self, '__dict__', {{{filled}}})\n", space)
    init = space["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls

# phases of the game (the setup phases run in the order of setup.SETUP_PHASES)
SETUP = "setup"                    # the table reveals objectives, tiles, queue, hands
STAFF_DRAFT = "staff_draft"        # option: keep one card of the pack, pass the rest left
INITIAL_GUESTS = "initial_guests"  # counter-clockwise from the start player's right
INITIAL_ROOMS = "initial_rooms"    # 3 rooms each from the bottom left
ROLL = "roll"                      # the start player rolls all dice
TURNS = "turns"                    # players take turns (or pass)
REROLL = "reroll"                  # everyone left has passed: dustbin one die, reroll
ROUND_END = "round_end"            # the round-end steps (rounds.ROUND_END), one after the other
OVER = "over"


@filled_at_once
@dataclass(frozen=True)
class Die:
    """One die: the value it shows and its colour."""

    value: int
    colour: str = WHITE


Spaces = tuple[tuple[str, ...], ...]   # action spaces 1..6: the colour of each die lying there
NO_DICE: Spaces = ((),) * 6


@filled_at_once
@dataclass(frozen=True)
class Table:
    """A guest at a café table and the items already served to it."""

    guest: Guest
    served: tuple[int, ...] = (0, 0, 0, 0)

    @property
    def complete(self) -> bool:
        return self.served == self.guest.order[:len(self.served)] and sum(self.served) == self.guest.size

    def wants(self, index: int) -> int:
        return self.guest.order[index] - self.served[index]


@filled_at_once
@dataclass(frozen=True)
class Player:
    krones: int
    items: tuple[int, ...]                    # kitchen, by the game's item list (config.items)
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


@filled_at_once
@dataclass(frozen=True)
class Turn:
    """The turn being taken: by whom, on which turn-order number, and what is done."""

    seat: str
    number: int
    acted: bool = False            # anything done yet (then passing is no longer possible)
    guest_taken: bool = False
    die: int | None = None         # value of the die taken for the main action
    boosted: bool = False
    fresh: tuple[int, ...] = (0, 0, 0, 0)   # rules version 2: items from this turn's main action
    main: str | None = None        # the turn's main step once taken: "die", or a module's (e.g. "key")


@filled_at_once
@dataclass(frozen=True)
class Pending:
    """A decision (or a draw by the table) waiting to be made; its kind is
    one of the registered pending kinds (pending.PENDING and the modules')."""

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
    items: tuple[int, ...] = ()              # place_items: the items just gained
    paid: bool = False                       # a guest step that pays the queue position's cost
    why: str = ""


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    hotels: Mapping[str, Hotel]
    config: Config = field(repr=False)
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
    passed: frozenset[str] = frozenset()           # passed since the last reroll
    passed_round: frozenset[str] = frozenset()     # passed at any time this round
    dice: Spaces = NO_DICE                          # dice on action spaces 1..6, by colour
    dustbin: int = 0
    binned: str | None = None                      # the coloured die the re-roller put on the dustbin (none white left)
    turn: Turn | None = None
    pending: tuple[Pending, ...] = ()
    setup_order: tuple[str, ...] = ()              # initial guests / rooms order
    packs: dict[str, tuple[Staff | None, ...]] = field(default_factory=dict)   # staff draft: cards to pick from
    picked: frozenset[str] = frozenset()           # staff draft: who has kept a card from this pack
    refill: int = 0                                # queue spaces waiting for a new guest
    round_step: int = 0                            # the next round-end step to run
    modules: Mapping[str, Any] = field(default_factory=dict)   # each module's own state, by module id
    final: dict[str, int] | None = None            # final-scoring totals once over

    def player(self, seat: str) -> Player:
        return self.seats[seat]

    def hotel_of(self, seat: str) -> Hotel:
        return self.hotels[seat]

    @property
    def hotel(self) -> Hotel:
        """The hotel board side the table plays (the option ``hotel``)."""
        return self.hotels[self.players[0]]

    def dice_on(self, value: int) -> int:
        """How many dice lie on action space ``value``, whatever their colour."""
        return len(self.dice[value - 1])

    @property
    def dice_count(self) -> int:
        """How many dice are still on the action board."""
        return sum(map(len, self.dice))

    @property
    def dice_left(self) -> tuple[Die, ...]:
        """The dice still on the action board."""
        return tuple(Die(v, c) for v, colours in enumerate(self.dice, 1) for c in colours)

    def module(self, module_id: str) -> Any:
        return self.modules.get(module_id)


def turn_order(state: State) -> list[str]:
    """Seats by their lowest turn-order number."""
    return sorted(state.players, key=lambda seat: min(state.tiles[seat]))

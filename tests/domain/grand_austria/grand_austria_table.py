"""A Grand Austria Hotel table for tests: set up, play moves, and arrange a
player's holdings directly (the state is plain frozen data)."""
from __future__ import annotations

from domain.grand_austria import GAME
from domain.grand_austria.catalog import ITEMS, catalog
from domain.grand_austria.state import EMPTY, OCCUPIED, PREPARED, WHITE, Table
from domain.immutable import evolve

PLAYERS = ("Ann", "Bob", "Cy", "Di")
QUEUE = [49, 63, 77, 91, 50]              # yellow, blue, red, green, yellow
HANDS = {"Ann": [1, 5, 9, 13, 21, 27], "Bob": [2, 6, 10, 14, 22, 28],
         "Cy": [3, 7, 11, 15, 23, 29], "Di": [4, 8, 12, 16, 24, 30]}
VERSION = "2"
"""The rules version these tables play unless a test names one: the tests
written for version 2 keep proving that version-2 games play as they did."""
SETUP = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
         "queue": QUEUE, "start_player": "Ann"}


def white_dice(*counts):
    """Action spaces 1-6 holding so many white dice each."""
    return tuple((WHITE,) * n for n in counts)


def fresh(n=2, version=VERSION, **options):
    return GAME.setup(list(PLAYERS[:n]), GAME.load_options(options), version)


def play(state, *moves):
    """Check and apply each move; return the state and all facts."""
    facts = []
    for move in moves:
        move = GAME.load_move(move)
        GAME.check(state, move)
        state, out = GAME.apply(state, move)
        facts += out
    return state, facts


def after_setup(n=2, setup=None, version=VERSION, **options):
    """The table has set up; starting guests are next."""
    setup = setup or {**SETUP, "hands": {p: HANDS[p] for p in PLAYERS[:n]}}
    state, _ = play(fresh(n, version, **options), setup)
    return state


def ready(n=2, dice=None, tiles=("A1", "B1", "C1"), objectives=(105, 109, 113), version=VERSION, **options):
    """Setup done, starting guests taken (always the leftmost, refilled with
    the next catalog guests), rooms 1.1, 1.2, 1.3 prepared; the dice rolled."""
    state = after_setup(n, {**SETUP, "hands": {p: HANDS[p] for p in PLAYERS[:n]},
                            "emperor_tiles": list(tiles), "objectives": list(objectives)}, version, **options)
    refill = iter([g for g in catalog().guests if g not in QUEUE])
    while state.phase == "initial_guests":
        seat = GAME.expected(state).seats[0]
        state, _ = play(state, {"type": "take_guest", "seat": seat, "position": 1},
                        {"type": "reveal_guest", "card": next(refill)})
    while state.phase == "initial_rooms":
        seat = GAME.expected(state).seats[0]
        state, _ = play(state, *[{"type": "prepare_room", "seat": seat, "room": r} for r in ("1.1", "1.2", "1.3")])
    dice = dice or [1, 1, 2, 2, 3, 3, 4, 4, 5, 6] + [5, 6, 1, 2][:2 * (n - 2)]
    state, _ = play(state, {"type": "roll", "dice": dice})
    return state


def seat_now(state):
    return GAME.expected(state).seats[0]


def arrange(state, seat, **changes):
    """Give a player holdings directly: krones, items (dict), rooms
    (dict name -> 'prepared'/'occupied'/'empty'), hired / hand (numbers),
    cafe (list of guest numbers or (number, served dict)), emperor, vp."""
    player = state.player(seat)
    values = {}
    for key, value in changes.items():
        if key == "items":
            values["items"] = tuple(value.get(i, 0) for i in ITEMS)
        elif key == "rooms":
            rooms = list(player.rooms)
            for name, status in value.items():
                rooms[state.hotel.index(name)] = {"empty": EMPTY, "prepared": PREPARED, "occupied": OCCUPIED}[status]
            values["rooms"] = tuple(rooms)
        elif key in ("hired", "hand"):
            values[key] = tuple(catalog().staff[n] for n in value)
        elif key == "cafe":
            tables = []
            for entry in value:
                if entry is None:
                    tables.append(None)
                    continue
                number, served = entry if isinstance(entry, tuple) else (entry, {})
                guest = catalog().guests[number]
                if served == "all":
                    tables.append(Table(guest, guest.order))
                else:
                    tables.append(Table(guest, tuple(served.get(i, 0) for i in ITEMS)))
            values["cafe"] = tuple(tables + [None] * (len(player.cafe) - len(tables)))
        else:
            values[key] = value
    return evolve(state, seats={**state.seats, seat: evolve(player, **values)})


def points(facts, seat=None):
    return sum(f["points"] for f in facts if f["fact"] == "scored" and (seat is None or f["seat"] == seat))


def mv(kind, seat=None, **fields):
    move = {"type": kind, **fields}
    if seat is not None:
        move["seat"] = seat
    return move

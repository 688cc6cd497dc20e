"""A module-1 ("Vienna Ballrooms") table for tests: set up with the shipped
boards, and arrange ballrooms, rehearsal boards and kitchens directly."""
from __future__ import annotations

from grand_austria_table import HANDS, QUEUE, play

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.grand_austria.effects import guest_card, set_player
from domain.grand_austria.modules.ballrooms import ID, of, with_
from domain.grand_austria.state import Table
from domain.immutable import evolve, put

M1 = {"modules": ["ballrooms"]}
BALLROOMS = ["Goldener Strauss", "Zum Sperl", "Apollosaal"]
LAY_OUT = {"type": "lay_out_ballrooms", "ballrooms": BALLROOMS, "rehearsal_boards": ["R1", "R2", "R3", "R4"]}
DICE = [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 5, 6, 1, 2]


def set_up(names=("Anna", "Beth", "Cyril"), start="Anna", modules=("ballrooms",), version="3", lay_out=None):
    """The table set up (A1/B1/C1, objectives 105/109/113) and the ballrooms laid out."""
    state = GAME.setup(list(names), GAME.load_options({"modules": list(modules)}), version)
    hands = dict(zip(names, HANDS.values()))
    state, _ = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": QUEUE, "start_player": start, "hands": hands})
    lay_out = lay_out or {**LAY_OUT, "rehearsal_boards": LAY_OUT["rehearsal_boards"][:len(names)]}
    state, _ = play(state, lay_out)
    return state


def ready(names=("Anna", "Beth", "Cyril"), start="Anna", modules=("ballrooms",), version="3", dice=None):
    """Set up, rehearsal boards chosen (the first offered each time),
    starting guests (the leftmost) and rooms 1.1-1.3 taken, the dice rolled."""
    state = set_up(names, start, modules, version)
    while state.phase == "rehearsal_rooms":
        seat = GAME.expected(state).seats[0]
        state, _ = play(state, {"type": "choose_rehearsal", "seat": seat, "board": of(state).offer[0].id})
    refill = iter([g for g in catalog().guests if g not in QUEUE])
    while state.phase == "initial_guests":
        state, _ = play(state, {"type": "take_guest", "seat": GAME.expected(state).seats[0], "position": 1},
                        {"type": "reveal_guest", "card": next(refill)})
    while state.phase == "initial_rooms":
        seat = GAME.expected(state).seats[0]
        state, _ = play(state, *[{"type": "prepare_room", "seat": seat, "room": r} for r in ("1.1", "1.2", "1.3")])
    state, _ = play(state, {"type": "roll", "dice": (dice or DICE)[:6 + 2 * len(names)]})
    return state


def kitchen(state, seat, **items):
    """The seat's kitchen holds exactly these items (others 0)."""
    player = state.player(seat)
    return set_player(state, seat, evolve(player, items=state.config.vector(items)))


def guest_served(state, seat, card, table=1):
    """A guest (catalog number) at café table ``table`` with the order complete."""
    g = guest_card(card)
    player = state.player(seat)
    served = g.order[:len(state.config.items)]
    return set_player(state, seat, evolve(player, cafe=put(player.cafe, table - 1, Table(g, served))))


def dancing(state, ballroom, row, seats):
    """Ballroom ``ballroom`` (1-3): the row's spaces hold these seats from the left."""
    rooms = of(state).rooms
    room = rooms[ballroom - 1]
    rows = tuple(evolve(r, spaces=tuple(seats) + (None,) * (len(r.spaces) - len(seats))) if r.name == row else r
                 for r in room.rows)
    return with_(state, rooms=put(rooms, ballroom - 1, evolve(room, rows=rows)))


def on_balcony(state, seats):
    rooms = of(state).rooms
    return with_(state, rooms=put(rooms, 2, evolve(rooms[2], balcony=tuple(seats))))


def sections(state, seat, left):
    """The seat's rehearsal board has ``left`` dancers per section."""
    return with_(state, dancers={**of(state).dancers, seat: tuple(left)})


def facts_of(facts, kind):
    return [f for f in facts if f["fact"] == kind]


__all__ = ["ID", "M1", "set_up", "ready", "kitchen", "guest_served", "dancing", "on_balcony", "sections", "facts_of"]

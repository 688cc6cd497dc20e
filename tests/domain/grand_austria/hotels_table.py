"""A module-3 ("Unique Hotels") table for tests: set up with the entrances
the test lays out, auctions played as the test says, the rest of the setup
played plainly (the leftmost guest, rooms 1.1-1.3, extra steps declined),
and holdings arranged directly."""
from __future__ import annotations

import random

from ballrooms_table import LAY_OUT
from grand_austria_table import HANDS, QUEUE, play

from domain.grand_austria import GAME, staff
from domain.grand_austria.catalog import catalog
from domain.grand_austria.effects import guest_card, set_player
from domain.grand_austria.modules.unique_hotels import ID, of, with_
from domain.grand_austria.state import EMPTY, OCCUPIED, PREPARED, Table
from domain.immutable import evolve, put

NAMES = ("Anna", "Beth", "Cyril")
DICE = [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 5, 6, 1, 2]
WRAY_TILES = ["A2", "A3", "B2", "B3", "C2", "C3"]
TOKENS = [{"top": [{"kind": "krones", "n": 3}], "bottom": [{"kind": "vp", "n": 5}]},
          {"top": [{"kind": "emperor", "n": 2}], "bottom": [{"kind": "vp", "n": 6}]},
          {"top": [{"kind": "vp", "n": 4}], "bottom": [{"kind": "krones", "n": 4}]},
          {"top": [{"kind": "vp", "n": 1}], "bottom": [{"kind": "vp", "n": 2}]},
          {"top": [{"kind": "vp", "n": 7}], "bottom": [{"kind": "vp", "n": 8}]}]
EXTRAS = {"dove": {"dove_tokens": TOKENS}, "ninas_melange": {"ninas_objectives": [106, 110, 114]},
          "grand_wray": {"grand_wray_tiles": WRAY_TILES}}


def lay_out(entrances):
    """The lay-out move for these entrances, with what comes with them."""
    move = {"type": "lay_out_entrances", "entrances": list(entrances)}
    for e in entrances:
        move.update(EXTRAS.get(e, {}))
    return move


def set_up(entrances, names=NAMES, start="Anna", modules=("unique_hotels",), version="3"):
    """The table set up (A1/B1/C1, objectives 105/109/113; with module 1 the
    ballrooms laid out) and these entrances laid out: the auction is next."""
    state = GAME.setup(list(names), GAME.load_options({"modules": list(modules)}), version)
    state, _ = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": QUEUE, "start_player": start, "hands": dict(zip(names, HANDS.values()))})
    while state.phase != "entrance_auction":
        kind = GAME.expected(state).moves[0]
        if kind == "lay_out_entrances":
            state, _ = play(state, lay_out(entrances))
        else:
            state = plainly(state, until=lambda s: GAME.expected(s).moves[0] == "lay_out_entrances"
                            or s.phase == "entrance_auction")
    return state


def auctions(state, *wins):
    """Auctions in order, each (entrance, bid): the opener opens it at that
    bid and everyone else passes; steps the gain asks for are declined or drawn."""
    for entrance, bid in wins:
        if state.phase != "entrance_auction":
            break
        state = plainly(state, until=lambda s: s.phase != "entrance_auction" or GAME.expected(s).moves[0] == "open_auction")
        state, _ = play(state, {"type": "open_auction", "seat": GAME.expected(state).seats[0], "entrance": entrance,
                                "bid": bid})
        while of(state).auction is not None:
            state, _ = play(state, {"type": "pass_bid", "seat": GAME.expected(state).seats[0]})
    return state


def plainly(state, until, dice=DICE):
    """Play on plainly until ``until(state)``: the table reveals the next
    guests and draws the next staff cards, the leftmost guest, rooms 1.1,
    1.2, 1.3, the first rehearsal board, optional steps declined."""
    refill = iter([g for g in catalog().guests if g not in QUEUE])
    while not until(state):
        expected = GAME.expected(state)
        kind, seat = expected.moves[0], expected.seats[0]
        if kind == "reveal_guest":
            taken = {g.number for g in state.queue if g} | {t.guest.number for p in state.seats.values()
                                                           for t in p.cafe if t}
            move = {"type": kind, "card": next(g for g in refill if g not in taken)}
        elif kind == "draw_staff":
            move = {"type": kind, "seat": state.pending[0].seat, "cards": staff.deck(state)[:state.pending[0].n]}
        elif "decline" in expected.moves:
            move = {"type": "decline", "seat": seat}
        elif kind == "lay_out_ballrooms":
            move = {**LAY_OUT, "rehearsal_boards": LAY_OUT["rehearsal_boards"][:len(state.players)]}
        elif kind == "choose_rehearsal":
            move = {"type": kind, "seat": seat, "board": state.module("ballrooms").offer[0].id}
        elif kind == "take_guest":
            move = {"type": kind, "seat": seat, "position": 1}
        elif kind == "prepare_room":
            room = next(r for r in ("1.1", "1.2", "1.3") if not state.player(seat).rooms[state.hotel.index(r)])
            move = {"type": kind, "seat": seat, "room": room}
        elif kind == "roll":
            move = {"type": kind, "dice": dice[:len(state.config.dice)]}
        elif expected.is_chance:          # another module's lay-out: as digital mode makes it
            move = GAME.chance_move(state, random.Random(len(state.players)))
        else:
            raise AssertionError(f"plainly cannot play {expected}")
        state, _ = play(state, move)
    return state


def ready(entrances, wins, names=NAMES, start="Anna", modules=("unique_hotels",), dice=DICE, version="3"):
    """Set up, the auctions won as ``wins`` says, the rest of the setup played
    plainly, the dice rolled: the first turn is next."""
    state = auctions(set_up(entrances, names, start, modules, version), *wins)
    return plainly(state, until=lambda s: s.phase == "turns", dice=dice)


def owning(state, seat, entrance):
    """The seat owns this entrance (given directly)."""
    return with_(state, owners={**of(state).owners, seat: entrance})


def holdings(state, seat, items=None, rooms=None, **values):
    """The seat's kitchen holds exactly ``items``; rooms by name -> prepared /
    occupied / empty; other fields (krones, emperor, vp) as given."""
    player = state.player(seat)
    if items is not None:
        values["items"] = state.config.vector(items)
    if rooms is not None:
        status = list(player.rooms)
        for name, what in rooms.items():
            status[state.hotel.index(name)] = {"empty": EMPTY, "prepared": PREPARED, "occupied": OCCUPIED}[what]
        values["rooms"] = tuple(status)
    return set_player(state, seat, evolve(player, **values))


def served_guest(state, seat, card, table=1):
    """A guest (catalog number) at café table ``table`` with the order complete."""
    g = guest_card(card)
    player = state.player(seat)
    return set_player(state, seat, evolve(player, cafe=put(player.cafe, table - 1,
                                                           Table(g, g.order[:len(state.config.items)]))))


def turn_of(state, seat):
    """It is ``seat``'s turn now (nothing done yet)."""
    number = min(state.tiles[seat])
    return evolve(state, turn=evolve(state.turn, seat=seat, number=number, acted=False, main=None, die=None,
                                     guest_taken=False))


def facts_of(facts, kind):
    return [f for f in facts if f["fact"] == kind]


def points(facts, seat):
    return sum(f["points"] for f in facts if f["fact"] == "scored" and f["seat"] == seat)


__all__ = ["ID", "NAMES", "lay_out", "set_up", "auctions", "plainly", "ready", "owning", "holdings", "served_guest",
           "turn_of", "facts_of", "points", "of", "with_"]

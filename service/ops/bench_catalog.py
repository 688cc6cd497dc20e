"""(f) of the benchmark: a check-in that earns the largest choice a house
catalog may print (domain.grand_austria.house's bounds), against one that
earns one dish or drink of one's choice. Measured here, never timed in a test.

The check-in is what a request does with it: the move checked and applied
(its pending choice settled) and the legal moves listed afterwards. Before
the bounds, ``any_items`` with n = 100 took about a second and n = 1,000,000
never finished: every combination of items was listed."""
from __future__ import annotations

import random
import time
from typing import Any

from domain.grand_austria import GAME
from domain.grand_austria.effects import set_player
from domain.grand_austria.house import MAX_NAME, MAX_NUMBER
from domain.grand_austria.state import PREPARED, TURNS, Table
from domain.immutable import evolve, put
from domain.rules import random_move

GUEST = 134
"""The house guest's number (it replaces the shipped card of that number)."""


def check_in_table(n: int) -> tuple[Any, dict[str, Any]]:
    """A two-player game with a house guest whose reward is ``n`` dishes or
    drinks of one's choice, at the acting seat's café table 1 with its order
    served, and the check-in move that earns it."""
    guest = {"number": GUEST, "name": "N" * MAX_NAME, "colour": "green", "order": {"strudel": 1},
             "vp": MAX_NUMBER, "reward": [{"kind": "any_items", "n": n}]}
    state = GAME.setup(["Ann", "Bob"], GAME.load_options({"house_catalog": {"guest": [guest]}}))
    rng = random.Random(3)
    while state.phase != TURNS or GAME.expected(state).is_chance or state.pending:
        state, _ = GAME.apply(state, random_move(GAME, state, rng))
    seat = GAME.expected(state).seats[0]
    card = state.config.catalog.guests[GUEST]
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, cafe=put(player.cafe, 0, Table(card, card.order[:len(
        state.config.items)]))))
    hotel = state.hotel_of(seat)
    room = next(i for i, kind in enumerate(state.player(seat).rooms) if kind == PREPARED)
    return state, {"type": "check_in", "seat": seat, "table": 1, "room": hotel.name_of(room)}


def check_in_time(n: int, repeat: int) -> float:
    """Seconds for one check-in earning ``n`` items of choice, the best of ``repeat``."""
    state, move = check_in_table(n)
    move = GAME.load_move(move)
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        GAME.check(state, move)
        after, _ = GAME.apply(state, move)
        GAME.legal_moves(after)
        GAME.unlisted_moves(after)
        best = min(best, time.perf_counter() - began)
    return best


def catalog_figures(repeat: int) -> list[tuple]:
    """(f): the row for the benchmark's table (measure, measured, baseline, target)."""
    from service.ops.bench_clients import Absolute
    return [(f"(f) check-in earning {MAX_NUMBER} items of choice (house catalog at its bounds) ÷ 1",
             check_in_time(MAX_NUMBER, repeat), check_in_time(1, repeat), Absolute(0.050, "50 ms"))]

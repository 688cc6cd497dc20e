"""The contract of every combination of Let's Waltz! modules [LW §Combining
Modules]: for every subset of the modules registered when the suite runs
(``parts.choosable()``; modules 2 and 5 join by themselves once they are
registered) x 2, 3 and 4 players x table and digital mode, a whole random
game in the domain layer, one seeded game per configuration (ten under the
long profile), where

- no dead end: whenever a player must act, ``legal_moves`` lists a move,
  and every move listed passes ``check``;
- replay == live: replaying the moves gives the same state, and the replay
  of any prefix is the state after it (undo to N, then redo, is identity);
- every VP is traceable: the scores are the sum of the ``scored`` facts,
  and nothing goes negative;
- outcomes and views are JSON; other players' hands stay hidden.

A sample goes through the service as well: recorded, exported, imported
without differences (test_hotels_api.py).
In table mode the scorekeeper does not see the hands or the draws (the
cards are named when hired); in digital mode every chance move carries
what the service drew."""
from __future__ import annotations

import json
import random
import zlib
from itertools import combinations

import pytest
from test_grand_austria_playouts import PLAYERS, QUIET

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.grand_austria.parts import MODULES, choosable
from randomness import examples


def subsets() -> list[tuple[str, ...]]:
    """Every subset of the registered modules that may be played together."""
    ids = choosable()
    found = []
    for size in range(len(ids) + 1):
        for chosen in combinations(ids, size):
            if not any(MODULES[m].excludes & set(chosen) for m in chosen):
                found.append(chosen)
    return found


CONFIGURATIONS = [(modules, players, mode) for modules in subsets() for players in (2, 3, 4)
                  for mode in ("table", "digital")]


def label(configuration) -> str:
    modules, players, mode = configuration
    return f"{'+'.join(modules) or 'base'}-{players}p-{mode}"


def seeded(configuration, n: int) -> int:
    return zlib.crc32(f"{label(configuration)}/{n}".encode())


def as_table_enters(move: dict, rng: random.Random) -> dict:
    """What a scorekeeper who does not see the hands and draws enters."""
    if move["type"] == "setup":
        return {k: v for k, v in move.items() if k != "hands"}
    if move["type"] == "draw_staff" and rng.random() < 0.7:
        return {k: v for k, v in move.items() if k != "cards"}
    if move["type"] == "draft_pick" and rng.random() < 0.7:
        return {k: v for k, v in move.items() if k != "staff"}
    return move


def busy_choice(listed: list[dict], rng: random.Random) -> dict:
    """A legal move that does something rather than passing, most of the time."""
    active = [m for m in listed if m["type"] not in QUIET]
    return rng.choice(active if active and rng.random() < 0.85 else listed)


def whole_game(modules, players, mode, seed, solo=None):
    """A whole busy random game, checking the contract move by move (``solo``:
    the solo variant's option, one player against the seat bot); returns
    the initial state, the moves and the states after each."""
    rng = random.Random(seed)
    seats = PLAYERS[:players]
    state = GAME.setup(seats, GAME.load_options({"modules": list(modules), **({"solo": solo} if solo else {})}))
    initial, moves, states = state, [], [state]
    scored = dict.fromkeys(state.players, 0)
    for ply in range(8000):
        if GAME.finished(state):
            break
        expected = GAME.expected(state)
        if expected.is_chance:
            move = GAME.chance_move(state, rng)
            if mode == "table":
                move = as_table_enters(move, rng)
        else:
            listed = GAME.legal_moves(state)
            assert listed, f"ply {ply}: {expected} and no legal move (a dead end)"
            move = busy_choice(listed, rng)
        move = GAME.load_move(move)
        GAME.check(state, move)
        state, out = GAME.apply(state, move)
        json.dumps(out)
        for fact in out:
            if fact["fact"] == "scored":
                scored[fact["seat"]] += fact["points"]
        assert GAME.scores(state) == scored, f"ply {ply}: a VP without its fact"
        for player in state.seats.values():
            assert player.krones >= 0 and min(player.items) >= 0 and player.emperor >= 0
        moves.append(move)
        states.append(state)
    assert GAME.finished(state), "the game did not finish"
    assert GAME.winners(state)
    for seat in seats:
        view = GAME.view(state, seat, full=False)
        json.dumps(view)
        assert all(card is None for other, data in view["players"].items() if other != seat for card in data["hand"])
    return initial, moves, states


def replays(initial, moves, states, rng: random.Random) -> None:
    """Replay == live, and the replay of a prefix is the state at that move."""
    cut = rng.randrange(1, len(moves))
    state = initial
    for i, move in enumerate(moves, 1):
        state, _ = GAME.apply(state, move)
        if i == cut:
            assert state == states[cut], f"the replay of the first {cut} moves differs"
    assert state == states[-1]


@pytest.mark.slow
@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=[label(c) for c in CONFIGURATIONS])
def test_every_combination_of_modules_plays_whole_games(configuration):
    modules, players, mode = configuration
    for n in range(examples(1)):
        seed = seeded(configuration, n)
        initial, moves, states = whole_game(modules, players, mode, seed)
        replays(initial, moves, states, random.Random(seed))
        assert states[-1].config.modules == modules
        for module in modules:
            assert took_part(module, moves, states[-1]), f"{module} took no part in the game"


def took_part(module: str, moves, state) -> bool:
    """One of the module's moves was made; or, for a module whose moves only
    answer decisions its cards bring (module 5's bell rewards, tile A's
    return), its cards, Emperor tiles and objectives are in the game's stacks."""
    own = set(MODULES[module].moves)
    if not own or {m["type"] for m in moves} & own:
        return True
    answers = {kind.move for kind in MODULES[module].pending.values()}
    if not own <= answers or MODULES[module].cards is None:
        return False
    mine, stacks = catalog(MODULES[module].cards), state.config.catalog
    return set(mine.staff) <= set(stacks.staff) and set(mine.emperor_tiles) <= set(stacks.emperor_tiles) \
        and set(mine.objectives) <= set(stacks.objectives)


def test_the_matrix_covers_every_registered_module():
    assert len(subsets()) == 2 ** len(choosable()) or any(MODULES[m].excludes for m in choosable())
    assert {m for modules, _, _ in CONFIGURATIONS for m in modules} == set(choosable())

"""The contract of the solo variant with every module combination the solo
rules allow (all but module 4 [LW §Solo: Module 4]) x the three levels x
each built solo entrance with module 3 x table and digital mode: whole
random games checked move by move as test_every_combination checks the
games of people (no dead end, replay == live, every VP a fact, JSON views,
hands hidden). The whole matrix is slow; one game per combination runs in
the developer loop."""
from __future__ import annotations

import random
import zlib
from itertools import combinations

import pytest
from test_every_combination import replays, whole_game

from domain.grand_austria.parts import choosable
from domain.grand_austria.solo.entrances import NAMES
from domain.grand_austria.solo.variant import BOT, bot

LEVELS = ("easy", "medium", "hard")


def solo_subsets() -> list[tuple[str, ...]]:
    ids = [m for m in choosable() if m != "start_player"]
    return [chosen for size in range(len(ids) + 1) for chosen in combinations(ids, size)]


def options(modules, level, entrance):
    return {"difficulty": level, **({"bot_entrance": entrance} if entrance else {})}


CONFIGURATIONS = [(modules, level, entrance, mode) for modules in solo_subsets() for level in LEVELS
                  for entrance in (sorted(NAMES) if "unique_hotels" in modules else [None])
                  for mode in ("table", "digital")]
SAMPLE = [(modules, LEVELS[i % 3], sorted(NAMES)[i % 2] if "unique_hotels" in modules else None, "table")
          for i, modules in enumerate(solo_subsets())]


def label(configuration) -> str:
    modules, level, entrance, mode = configuration
    return "-".join(filter(None, ["+".join(modules) or "base", level, entrance, mode]))


def play(configuration):
    modules, level, entrance, mode = configuration
    seed = zlib.crc32(label(configuration).encode())
    initial, moves, states = whole_game(modules, 1, mode, seed, solo=options(modules, level, entrance))
    replays(initial, moves, states, random.Random(seed))
    final = states[-1]
    assert final.players == ("Ann", BOT) and bot(final).level == level
    assert bot(final).deck == ("elisabeth" if {"ballrooms", "celebrities"} & set(modules) else "leopold")
    assert "draw_instruction" in {m["type"] for m in moves}


@pytest.mark.parametrize("configuration", SAMPLE, ids=[label(c) for c in SAMPLE])
def test_a_solo_game_with_each_module_combination(configuration):
    play(configuration)


@pytest.mark.slow
@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=[label(c) for c in CONFIGURATIONS])
def test_every_solo_combination_level_and_entrance_plays_whole_games(configuration):
    play(configuration)

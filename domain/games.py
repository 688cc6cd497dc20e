"""Every game tablelog knows, by id. A game package exposes ``GAME``."""
from __future__ import annotations

import importlib
from functools import cache

from domain.rules import Game

PACKAGES = {
    "willi": "domain.willi",
    "wiener_walzer": "domain.wiener_walzer",
    "vienna": "domain.vienna",
    "grand_austria": "domain.grand_austria",
}


@cache
def get_game(game_id: str) -> Game:
    """The rules of ``game_id``; KeyError for an unknown id."""
    return importlib.import_module(PACKAGES[game_id]).GAME


def all_games() -> list[Game]:
    return [get_game(game_id) for game_id in PACKAGES]

"""Every game tablelog knows, by id: the games it ships (each a package that
exposes ``GAME``) and any registered beside them (``register``), such as a
game defined in a test. The service asks only this registry."""
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
"""The shipped games and the packages that hold them."""

_REGISTERED: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known by its id, beside the shipped ones."""
    if game.id in PACKAGES:
        raise ValueError(f"{game.id!r} is a shipped game's id.")
    _REGISTERED[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _REGISTERED.pop(game_id, None)


@cache
def _shipped(game_id: str) -> Game:
    return importlib.import_module(PACKAGES[game_id]).GAME


def get_game(game_id: str) -> Game:
    """The rules of ``game_id``; KeyError for an unknown id."""
    registered = _REGISTERED.get(game_id)
    return registered if registered is not None else _shipped(game_id)


def game_ids() -> list[str]:
    """Every known game's id: the shipped ones first."""
    return [*PACKAGES, *_REGISTERED]


def is_game(game_id: object) -> bool:
    return isinstance(game_id, str) and (game_id in PACKAGES or game_id in _REGISTERED)


def all_games() -> list[Game]:
    return [get_game(game_id) for game_id in game_ids()]

"""The game list a page at a time, filtered: by game type, by a player
taking part, finished or not. The list is oldest first and only ever grows
at its end, so a page's cursor (the last game it showed) still marks the same
place later."""
from __future__ import annotations

import base64
import binascii
from typing import Any, Iterable



class NoSuchPage(LookupError):
    """A cursor no page of the list gave (404)."""


def cursor_of(game_id: str) -> str:
    return base64.urlsafe_b64encode(game_id.encode()).decode().rstrip("=")


def after(cursor: str) -> str:
    try:
        return base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise NoSuchPage("Not a cursor this list gave (its next).") from None


def page(summaries: Iterable[dict[str, Any]], limit: int | None = None, cursor: str | None = None,
         game: str | None = None, player: str | None = None, finished: bool | None = None) -> dict[str, Any]:
    """``{"games": [...], "next": cursor or None}``: the games after ``cursor`` that pass the filters,
    at most ``limit`` of them (all without one)."""
    start = after(cursor) if cursor else None
    started = start is None
    games: list[dict[str, Any]] = []
    for summary in summaries:
        if not started:
            started = summary["id"] == start
            continue
        if game is not None and summary["game"] != game:
            continue
        if player is not None and player not in summary["players"]:
            continue
        if finished is not None and bool(summary["finished"]) != finished:
            continue
        if limit is not None and len(games) == limit:
            return {"games": games, "next": cursor_of(games[-1]["id"])}
        games.append(summary)
    if not started:
        raise NoSuchPage("No game of this list is at this cursor.")
    return {"games": games, "next": None}

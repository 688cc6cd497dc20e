"""A finished game as a play for Board Game Stats (BG Stats), the app many
players keep their plays in.

The app takes a play pushed from another app or website as the URL-encoded
JSON of one play on its ``createPlay.html`` page, documented at
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
and used so by public integrations: ``bgstats://app.bgstatsapp.com/createPlay.html?data=...``
opens the app's import on a phone that has it, the same path under
``https://app.bgstatsapp.com/`` from a browser. The mapping from a tablelog
game to that play is documented in ``docs/bgstats.md``.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any, Iterable, Mapping
from urllib.parse import quote
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from domain.ranking import places

SOURCE = "tablelog"
APP_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
WEB_LINK = "https://app.bgstatsapp.com/createPlay.html?data="

BGG_IDS = {"grand_austria": 182874}
"""BoardGameGeek ids where known (source: https://boardgamegeek.com/boardgame/182874/grand-austria-hotel).
The others are left out (the field is optional): the app matches a game by
name once and remembers the match."""

START_FACTS = ("start_player", "starts", "leader")
"""The fields of the first facts that name who starts: Grand Austria Hotel's
setup (``start_player``), Wiener Walzer's (``starts``), Willi's first deal
(``leader``). A game whose record names nobody starts with its first seat."""


def local_zone(name: str | None) -> tzinfo:
    """The time zone a play's date is given in: an IANA name (``Europe/Vienna``),
    an offset (``+02:00``, ``-0530``), or UTC when none is asked for; ValueError
    for anything else."""
    if not name or name.upper() in ("UTC", "Z"):
        return timezone.utc
    if name[0] in "+-":
        digits = name[1:].replace(":", "")
        if not (digits.isdigit() and len(digits) in (2, 4)):
            raise ValueError(f"{name!r} is not an offset such as +02:00.")
        hours, minutes = int(digits[:2]), int(digits[2:] or 0)
        if hours > 14 or minutes > 59:
            raise ValueError(f"{name!r} is not an offset such as +02:00.")
        delta = timedelta(hours=hours, minutes=minutes)
        return timezone(delta if name[0] == "+" else -delta)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not a time zone (an IANA name such as Europe/Vienna, or +02:00).") from None


def start_player(facts: Iterable[Mapping[str, Any]], seats: list[str]) -> str | None:
    """Who starts, as the record's first facts say (see START_FACTS)."""
    for fact in facts:
        for key in START_FACTS:
            if isinstance(fact.get(key), str):
                return fact[key]
    return seats[0] if seats else None


def bgstats_play(summary: dict[str, Any], *, facts: Iterable[Mapping[str, Any]] = (),
                 comments: Iterable[str] = (), opponent: Mapping[str, Any] | None = None,
                 expansions: Iterable[Mapping[str, str]] = (), board: str | None = None,
                 zone: tzinfo = timezone.utc, location: str | None = None) -> dict[str, Any]:
    """The play of a finished game, from the service's summary of it, the
    first facts of its record (who starts), its comments, the opponent the
    rules play in a solo game (its seat, name and level), the expansions and
    board played, and the time zone its date is given in."""
    started_at = datetime.fromisoformat(summary["created_at"])
    played = datetime.fromisoformat(summary["updated_at"]) - started_at
    winners, scores = set(summary["winners"]), summary["scores"]
    people = list(summary["players"])
    bot = opponent["seat"] if opponent else None
    seats = people + ([bot] if bot and bot not in people else [])
    first = start_player(facts, [s for s in summary["seats"] if s in seats])
    ranks = places({p: (p in winners, scores.get(p, 0)) for p in seats})

    def player(seat: str) -> dict[str, Any]:
        is_bot = seat == bot
        return {"name": opponent["name"] if is_bot else seat, "sourcePlayerId": f"{SOURCE}:{seat}" if is_bot else seat,
                "score": scores.get(seat, 0), "rank": ranks[seat], "winner": seat in winners,
                "startPlayer": seat == first, "role": (opponent.get("role") or "") if is_bot else ""}

    game: dict[str, Any] = {"name": summary["title"], "sourceGameId": summary["game"], "highestWins": True,
                            "noPoints": False}
    if summary["game"] in BGG_IDS:
        game["bggId"] = BGG_IDS[summary["game"]]
    expansions = list(expansions)
    if expansions:
        game["expansions"] = expansions
    play: dict[str, Any] = {
        "sourceName": SOURCE, "sourcePlayId": summary["id"],
        "playDate": started_at.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(1, round(played.total_seconds() / 60)),
        "game": game,
        "players": [player(seat) for seat in seats],
    }
    comments = "\n".join(comments)
    for key, value in (("location", location), ("comments", comments), ("board", board)):
        if value:
            play[key] = value
    return play


def bgstats_links(play: dict[str, Any]) -> dict[str, str]:
    """The play as the app's link (``app``) and as the web page that opens it from a browser (``web``)."""
    data = quote(json.dumps(play, separators=(",", ":"), ensure_ascii=False), safe="")
    return {"app": APP_LINK + data, "web": WEB_LINK + data}

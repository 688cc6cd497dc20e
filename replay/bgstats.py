"""A finished game as a play for Board Game Stats (BG Stats), the app many
players keep their plays in.

The format is the app's own, documented at
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ :
a ``bgstats://`` link whose data is the URL-encoded JSON of one play (the
source, the date, the game, each player's score, rank and win). tablelog
names no BoardGameGeek id (the field is optional there): the app matches
the game by name once, and remembers the match.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from urllib.parse import quote

from domain.ranking import places

SOURCE = "tablelog"


def bgstats_play(summary: dict[str, Any]) -> dict[str, Any]:
    """The play of a finished game, from the service's summary of it."""
    started = summary["created_at"][:19].replace("T", " ")
    played = datetime.fromisoformat(summary["updated_at"]) - datetime.fromisoformat(summary["created_at"])
    winners, scores = set(summary["winners"]), summary["scores"]
    ranks = places({p: (p in winners, scores.get(p, 0)) for p in summary["players"]})
    return {
        "sourceName": SOURCE, "sourcePlayId": summary["id"], "playDate": started,
        "durationMin": max(1, round(played.total_seconds() / 60)),
        "game": {"name": summary["title"], "sourceGameId": summary["game"], "highestWins": True, "noPoints": False},
        "players": [{"name": p, "sourcePlayerId": p, "score": scores.get(p, 0), "winner": p in winners,
                     "rank": ranks[p], "startPlayer": i == 0, "role": ""}
                    for i, p in enumerate(summary["players"])],
    }


def bgstats_link(play: dict[str, Any]) -> str:
    return "bgstats://" + quote(json.dumps(play, separators=(",", ":"), ensure_ascii=False), safe="")

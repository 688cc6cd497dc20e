"""A finished game as a play for another app's play log (BG Stats, see
replay.bgstats and docs/bgstats.md): what the record says beside the scores
(who started, the comments, what the game was played with)."""
from __future__ import annotations

from typing import Any, Iterable

from domain.history import GameHistory
from domain.record import GameRecord
from replay.bgstats import bgstats_links, bgstats_play, local_zone

FIRST_MOVES = 3
"""The moves whose facts may name who starts (a setup, a first deal)."""


def comments_of(events: Iterable[Any]) -> list[str]:
    """The record's comments in order: on the whole game as they are, on a move as ``Move N: ...``."""
    return [event.text if not event.number else f"Move {event.number}: {event.text}"
            for event in events if type(event) is GameRecord.Annotated]


def bgstats_answer(hist: GameHistory, summary: dict[str, Any], events: Iterable[Any], zone: str | None = None,
                   location: str | None = None) -> dict[str, Any]:
    """The play, and the links that hand it to the app (``link``: the app's
    own; ``web_link``: the page that opens it from a browser). ``zone`` (an
    IANA name or an offset) is where the play's local date is given;
    ValueError when it is none."""
    facts = [fact for entry in hist.entries_of(hist.effective[:FIRST_MOVES]) for fact in entry.outcome]
    played = hist.game.played_with(hist.state)
    play = bgstats_play(summary, facts=facts, comments=comments_of(events), opponent=played.get("opponent"),
                        expansions=[{"name": title} for title in played.get("expansions", [])],
                        board=played.get("board"), zone=local_zone(zone), location=location)
    links = bgstats_links(play)
    return {"play": play, "link": links["app"], "web_link": links["web"]}

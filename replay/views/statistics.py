"""Player statistics, aggregated when read from one row per game and player."""
from __future__ import annotations

from typing import Any, Iterable


def summed_totals(played: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``ViewTables.totals`` over the games played rows of several shards:
    the copies of one game played on different shards count once, as they
    do within one shard."""
    once: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in played:
        key = (row["player"], row["game"], row["played"])
        seen = once.get(key)
        once[key] = dict(row) if seen is None else {
            **seen, **{column: max(seen[column], row[column]) for column in ("finished", "won", "score")}}
    totals: dict[tuple[str, str], dict[str, Any]] = {}
    for row in once.values():
        total = totals.setdefault((row["game"], row["player"]), {
            "player": row["player"], "game": row["game"], "games": 0, "finished": 0, "won": 0, "total": 0,
            "best": None})
        total["games"] += 1
        total["finished"] += row["finished"]
        total["won"] += row["won"]
        if row["finished"]:
            total["total"] += row["score"]
            total["best"] = row["score"] if total["best"] is None else max(total["best"], row["score"])
    return [totals[key] for key in sorted(totals)]


def stats(row: dict[str, Any]) -> dict[str, Any]:
    """A totals row as the API shows it."""
    finished = int(row["finished"] or 0)
    return {"player": row["player"], "game": row["game"], "games": int(row["games"]), "played": finished,
            "running": int(row["games"]) - finished, "won": int(row["won"] or 0),
            "average_score": round(int(row["total"] or 0) / finished, 2) if finished else None,
            "best_score": int(row["best"]) if row["best"] is not None else None}

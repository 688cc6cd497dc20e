"""Players and leaderboards, read from the views."""
from __future__ import annotations

from typing import Any
from uuid import UUID


from domain.games import game_ids, get_game, is_game
from service.app.errors import NotFound


class Statistics:
    """Players and leaderboards, read from the views."""

    def player(self, name: str, group: UUID | None = None) -> dict[str, Any]:
        """``name``'s results in ``group``'s games (every game's without one: the command line's)."""
        games = self.views.player(name, group)
        if not games:
            raise NotFound(f"No game has a player named {name!r}.")
        return {"name": name, "games": games}

    def leaderboard(self, game_id: str, group: UUID | None = None) -> dict[str, Any]:
        if not is_game(game_id):
            raise NotFound(f"Unknown game {game_id!r}; tablelog knows {', '.join(game_ids())}.")
        return {"game": game_id, "title": get_game(game_id).title, "players": self.views.leaderboard(game_id, group)}

    def leaderboards(self, group: UUID | None = None) -> list[dict[str, Any]]:
        """Every game type's leaderboard that has a player, read together."""
        boards = self.views.leaderboards(game_ids(), group)
        return [{"game": game_id, "title": get_game(game_id).title, "players": players}
                for game_id, players in boards.items() if players]

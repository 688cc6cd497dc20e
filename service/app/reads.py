"""A game's state, legal moves, log and timeline, as the caller may see them."""
from __future__ import annotations

from typing import Any


from domain.record import (SCOREKEEPER)
from domain.rules import TABLE, RuleViolation
from domain.history import GameHistory
from domain.words import N_, said
from service.app.errors import Conflict


LOG_CACHE_ENTRIES = 20_000
"""Log entries kept, in all, of the newest whole logs read (a log read again reads only what changed);
a log longer than that is not kept."""


class Reads:
    """A game's state, legal moves, log and timeline, as the caller may see them."""

    def state(self, game_id: str, token: str | None, at: int | None = None,
              seat: str | None = None, since: int | None = None) -> dict[str, Any]:
        head = self.head(game_id)
        hist, version = head.hist, head.version
        caller = self.caller(hist, token)
        seat = self.viewer(hist, caller, seat)
        self._check_since(hist, since)
        if since is not None and head.state_version <= since:
            # Nothing was recorded, undone or redone since: the reader's state stands.
            return {"id": str(hist.id), "version": version, "since": since, "unchanged": True}
        applied = head.applied if at is None else hist.applied_at(at)
        view = self.view(hist, head.state if at is None else hist.states[applied], caller, seat)
        return {"id": str(hist.id), "version": version, "at": head.last if at is None else at, "moves_applied": applied,
                **({"since": since, "unchanged": False} if since is not None else {}), **view}

    @staticmethod
    def _check_since(hist: GameHistory, since: int | None) -> None:
        if since is not None and since > hist.version:
            raise Conflict(said(N_("The game is at version {version}: since cannot be later."), version=hist.version), "since_ahead")

    def legal_moves(self, game_id: str, token: str | None) -> dict[str, Any]:
        # The version the moves are for: a page draws its form only from answers of one version.
        hist, version, _, _, _, state = self.head(game_id)
        caller = self.caller(hist, token)
        expected = hist.game.expected(state)
        if hist.game.finished(state) and not expected.seats:      # nothing left to list
            return {"version": version, "expected": expected.to_json(), "moves": [], "unlisted": []}
        moves = hist.game.legal_moves(state)
        if moves is not None and self.hidden(hist):
            # A seat sees its own options; the scorekeeper every option when
            # the table's view hides nothing, else those of seats no person
            # holds (the card monster); nobody else sees any.
            if caller.role == "seat":
                moves = [m for m in moves if m.get("seat") == caller.seat]
            elif caller.role == SCOREKEEPER:
                if self._hides_anything(hist, state):
                    moves = [m for m in moves if m.get("seat") not in hist.started.players]
            else:
                moves = None
        if hist.started.mode == "digital" and expected.is_chance:
            moves = []
        return {"version": version, "expected": expected.to_json(), "moves": moves,
                "unlisted": list(hist.game.unlisted_moves(state))}

    def dry_run(self, game_id: str, data: Any, token: str | None) -> dict[str, Any]:
        """Would the rules take this move now? The engine's own check, nothing
        recorded. Asked only by whoever may record the move (``_may_record``:
        in a digital game whose table hides anything, a player's move only by
        that player), so the answer never tells anyone else what a hand holds."""
        hist = self.history(game_id)
        caller = self.caller(hist, token, required=True)
        game, state = hist.game, hist.state
        move = game.named(state, game.load_move(data))
        seat = move.get("seat", TABLE)
        self._may_record(hist, caller, seat)
        if self.hidden(hist) and seat != TABLE:
            move = hist.table.complete(move, hist.record.seed)
        try:
            game.check(state, move)
        except RuleViolation as violation:
            return {"legal": False, **violation.to_json()}
        return {"legal": True}

    def summary(self, hist: GameHistory) -> dict[str, Any]:
        started = hist.started
        game, state = hist.game, hist.state
        return {
            "id": str(hist.id), "game": started.game, "title": game.title, "players": started.players,
            "seats": started.seats, "mode": started.mode, "options": started.options,
            "version": hist.version, "moves": len(hist.effective), "recorded": len(hist.entries),
            "created_at": started.timestamp.isoformat(), "updated_at": hist.last_at.isoformat(),
            "finished": game.finished(state), "scores": game.scores(state), "winners": game.winners(state),
            "expected": game.expected(state).to_json(), "forked_from": hist.record.forked_from,
            **({"seed": seed} if (seed := self.seed_view(hist)) else {}),
        }

    def log(self, game_id: str, token: str | None, seat: str | None = None,
            since: int | None = None, limit: int | None = None) -> dict[str, Any]:
        """Every recorded move, or with ``since`` those recorded, undone,
        redone or commented on after that version (each whole, as it is now);
        with ``limit`` the first ``limit`` of them changed after ``since``,
        in the order they changed, and ``next_since`` to ask for the others."""
        hist = self.history(game_id)
        version = hist.version      # the entries are read from the store while writes may go on
        seat = self.viewer(hist, self.caller(hist, token), seat)
        self._check_since(hist, since)
        next_since = None
        if limit is not None:
            numbers, next_since = hist.changed_page(since or 0, limit)
            entries = [self._log_entry(hist, entry, seat) for entry in hist.entries_of(numbers)]
        elif since is None:
            entries = self._whole_log(hist, version, seat)
        else:
            entries = [self._log_entry(hist, entry, seat) for entry in hist.entries_of(hist.changed_since(since))]
        return {"id": str(hist.id), "game": hist.started.game, "version": version, "since": since,
                "forked_from": hist.record.forked_from, "entries": entries, "next_since": next_since}

    def _log_entry(self, hist: GameHistory, entry: Any, seat: str | None) -> dict[str, Any]:
        return {
            "index": entry.number, "version": entry.version,
            "move": self.move_as_seen(hist, entry.move, seat),
            "outcome": entry.outcome, "recorded_by": entry.recorded_by,
            "recorded_at": entry.recorded_at.isoformat(), "undone": entry.undone,
            "history": [{**h, "at": h["at"].isoformat()} for h in entry.history],
            "annotations": [{**a, "at": a["at"].isoformat()} for a in entry.annotations],
        }

    def _whole_log(self, hist: GameHistory, version: int, seat: str | None) -> list[dict[str, Any]]:
        """Every entry of the log as it was at ``version``, as ``seat`` sees
        it. The newest whole logs read are kept (``LOG_CACHE_ENTRIES``): a
        log read again at a later version rebuilds only the moves recorded,
        undone, redone or commented on since, from the store's events after
        the first of them; at the same version nothing at all. An entry at
        a version is what the events up to it say, so a kept one never goes stale."""
        key = (hist.id, seat)
        with self._guard:
            kept = self._logs.get(key)
        if kept is not None and kept[0] == version:
            entries = kept[1]
        elif kept is not None and kept[0] < version and hist.read is not None:
            entries = list(kept[1])
            for entry in hist.built_entries(hist.changed_since(kept[0]), version):
                if entry.number <= len(entries):
                    entries[entry.number - 1] = self._log_entry(hist, entry, seat)
                else:
                    entries.append(self._log_entry(hist, entry, seat))
        else:
            entries = [self._log_entry(hist, entry, seat) for entry in hist.entries_upto(version)]
        with self._guard:
            held = self._logs.pop(key, None)
            if held is not None and held[0] > version:
                newest = held           # a later read kept a newer log meanwhile
            else:
                newest = (version, entries)
            self._logs[key] = newest
        return entries

    def timeline(self, game_id: str, since: int | None = None) -> dict[str, Any]:
        """Every seat's score before the first move and after each effective
        move; with ``since``, ``after`` names the last point the reader keeps
        from then, and ``points`` are the ones that follow it now."""
        hist = self.history(game_id)
        version = hist.version      # read first: points recorded meanwhile come again after it
        game = hist.game
        self._check_since(hist, since)
        kept = 0 if since is None else hist.kept_since(since)
        points = [{"index": 0, "scores": game.scores(hist.states[0])}] if since is None else []
        points += [{"index": number, "scores": game.scores(state)}
                   for number, state in zip(hist.effective[kept:], hist.states[kept + 1:])]
        return {"id": str(hist.id), "game": hist.started.game, "title": game.title, "seats": hist.started.seats,
                "version": version, "since": since,
                "after": None if since is None else (hist.effective[kept - 1] if kept else 0), "points": points}

"""Who is asking (a token: the scorekeeper, a seat, or nobody known) and
what each may see of a game."""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any


from domain.record import (SCOREKEEPER)
from domain.rules import Move
from domain.history import GameHistory
from domain.words import N_, said
from service.app.errors import Forbidden, NotFound, Unauthorized


@dataclass(frozen=True)
class Caller:
    """Who sent a request: the scorekeeper, a seat, or nobody known."""

    role: str | None = None     # "scorekeeper" | "seat" | None
    seat: str | None = None

    @property
    def name(self) -> str:
        return self.seat if self.role == "seat" else SCOREKEEPER


ANONYMOUS = Caller()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Access:
    """Who is asking (a token: the scorekeeper, a seat, or nobody known) and
    what each may see of a game."""

    def caller(self, hist: GameHistory, token: str | None, required: bool = False) -> Caller:
        if not token:
            if required:
                raise Unauthorized(said(N_("Send the game's scorekeeper token: Authorization: Bearer <token>.")))
            return ANONYMOUS
        known = hist.callers.get(token)
        if known is not None:
            return known
        digest = token_hash(token)
        for key, stored in hist.tokens.items():
            if secrets.compare_digest(stored, digest):
                caller = Caller(SCOREKEEPER) if key == SCOREKEEPER else Caller("seat", key.removeprefix("seat:"))
                hist.callers[token] = caller      # only tokens that belong to the game are kept
                return caller
        if required:
            raise Forbidden(said(N_("That token does not belong to this game.")))
        return ANONYMOUS

    @staticmethod
    def _new_tokens(players: list[str]) -> tuple[dict[str, Any], dict[str, str]]:
        """Fresh tokens as the create answer shows them, and the hashes the record keeps."""
        tokens = {SCOREKEEPER: secrets.token_urlsafe(24), "seats": {p: secrets.token_urlsafe(24) for p in players}}
        hashes = {SCOREKEEPER: token_hash(tokens[SCOREKEEPER])}
        hashes.update({f"seat:{player}": token_hash(token) for player, token in tokens["seats"].items()})
        return tokens, hashes

    def viewer(self, hist: GameHistory, caller: Caller, seat: str | None) -> str | None:
        """Whose view a read shows: ``seat`` when asked for (in a digital
        game only with that seat's own token), else the caller's."""
        if seat is None:
            return caller.seat
        if seat not in hist.started.seats:
            raise NotFound(said(N_("There is no seat {seat!r} in this game."), seat=seat))
        if self.hidden(hist) and caller.seat != seat:
            raise Forbidden(said(N_("{seat}'s view needs {seat}'s own token."), seat=seat))
        return seat

    def _may_record(self, hist: GameHistory, caller: Caller, seat: str) -> None:
        """Who may record (undo, redo) a move of ``seat``. In a digital game
        the scorekeeper is the table: it sees what lies open and nothing
        more, so while the table's view hides anything it records only for
        seats no person holds (the card monster); a player's move is made
        with the player's own token, and its refusal goes to that player."""
        started = hist.started
        if caller.role == SCOREKEEPER:
            if (started.mode == "digital" and seat in started.players
                    and self._hides_anything(hist, hist.state)):
                raise Forbidden(f"In a digital game the scorekeeper is the table and does not see {seat}'s "
                                f"cards: {seat} records their own moves with their own token.")
            return
        if started.mode != "digital":
            raise Forbidden(said(N_("In a table game the scorekeeper records every move; use the scorekeeper's token.")))
        if seat != caller.seat:
            raise Forbidden(said(N_("This token is {seat}'s: it may record only {seat}'s own moves."), seat=caller.seat))

    @staticmethod
    def hidden(hist: GameHistory) -> bool:
        return hist.started.mode == "digital"

    @staticmethod
    def _hides_anything(hist: GameHistory, state: Any) -> bool:
        """Whether the state as the table sees it hides anything the record holds."""
        return hist.game.view(state, None, False) != hist.game.view(state, None, True)

    def move_as_seen(self, hist: GameHistory, move: Move, seat: str | None) -> Move:
        return move if not self.hidden(hist) else hist.game.redact_move(move, seat)

    def view(self, hist: GameHistory, state: Any, caller: Caller, seat: str | None = None) -> dict[str, Any]:
        full = not self.hidden(hist)
        view = hist.game.view(state, seat or caller.seat, full)
        seed = self.seed_view(hist)
        return view if seed is None else {**view, "seed": seed}

    @staticmethod
    def seed_view(hist: GameHistory) -> dict[str, Any] | None:
        """A digital game's commitment to its seed, and once the game is over
        the seed and salt that open it (None in a table game, and in a record
        stored before seeds were committed)."""
        commitment = getattr(hist.started, "seed_commitment", None)
        if not commitment:
            return None
        revealed = hist.revealed
        return {"commitment": commitment, "seed": revealed and revealed["seed"],
                "salt": revealed and revealed["salt"]}

"""Starting games, and every write a player or the scorekeeper makes: a
move, undo, take back, redo, a seat's link, an annotation."""
from __future__ import annotations

import json
import secrets
from typing import Any
from uuid import UUID


from domain.commitment import seed_commitment
from domain.games import game_ids, get_game, is_game
from domain.names import check_new_names
from domain.record import (SCOREKEEPER, SERVICE, NothingToUndo)
from domain.rules import TABLE, Game, MalformedMove, Move, RuleViolation
from domain.table import Table
from domain.history import GameHistory
from domain.words import N_, said
from service.app import seat_links
from service.app.access import Caller, token_hash
from service.app.errors import Conflict, Forbidden, NotFound


MODES = ("table", "digital")
FLAT = frozenset({str, int, bool, type(None)})
LOADED_MOVES = 1024
"""Flat moves kept once loaded (``Commands._load_move``): a few hundred make most of a card game's."""


def flat_items(data: Any) -> tuple | None:
    """A flat move's items, each with its value's type (``1`` and ``True``
    are equal, but not the same move); None for anything else."""
    if type(data) is not dict:
        return None
    items = tuple((key, type(value), value) for key, value in data.items())
    return items if all(type(key) is str and kind in FLAT for key, kind, _ in items) else None


class Commands:
    """Starting games, and every write a player or the scorekeeper makes: a
    move, undo, take back, redo, a seat's link, an annotation."""

    def create(self, game_id: str, players: list[str], mode: str = "table", seed: int | None = None,
               options: dict[str, Any] | None = None, request_id: str | None = None,
               group: UUID | None = None) -> dict[str, Any]:
        """A new game of ``group`` (the default group without one)."""
        self._check_start(game_id, mode, players)
        options = self._with_house_catalog(game_id, options, group)
        self._check_house_catalog(game_id, options, "options")
        game = get_game(game_id)
        Table.start(game, players, options)             # the players and options fit the game
        asked = json.dumps([game_id, list(players), mode, seed, options or {}], sort_keys=True)

        def start(gid: UUID | None) -> dict[str, Any]:
            tokens, hashes = self._new_tokens(players)
            secret = self._new_secret(mode, seed)
            table = Table.start(game, players, options, mode=mode, tokens=hashes, id=gid,
                                seed_commitment=secret and seed_commitment(*secret), anchored=True,
                                group=group and str(group))
            record = table.record
            sealed = self._seal(record, secret)
            # The first deal answers the start, no move request: the start's
            # Idempotency-Key stays off it, so a move sent later with the same
            # key is recorded, not answered with the deal.
            table.auto(secret)
            self.store_of(record.id).save(record, sealed, self._anchored(record, None))
            self._remember_secret(record, secret)
            answer = {"id": str(record.id), "version": record.version, "tokens": tokens,
                      "receipt": self._receipt_of(record)}
            if record.seed_commitment:
                answer["seed_commitment"] = record.seed_commitment
            return answer

        def same(hist: GameHistory) -> bool:
            return (hist.record.forked_from is None and self._started_as(hist, game_id, players, mode, options)
                    and (seed is None or mode != "digital" or self._secret(hist.record)[0] == seed))

        # A retry with the same Idempotency-Key (and the same request) gets
        # the first answer, not a second game.
        return self._once(request_id, f"create {asked}", same, start, group)

    @staticmethod
    def _check_start(game_id: str, mode: str, players: Any, new_names: bool = True) -> None:
        """What every new game needs before its rules are asked: a game tablelog
        knows, a mode, and names a database can keep (no NUL character, which
        PostgreSQL cannot store in text; the API refuses it before this, a
        record imported on the command line meets it here). ``new_names``
        (not a fork, which keeps its origin's players): the names follow
        domain.names' rules."""
        if not is_game(game_id):
            raise MalformedMove({"game": [f"Unknown game {game_id!r}; tablelog knows {', '.join(game_ids())}."]})
        if mode not in MODES:
            raise MalformedMove({"mode": ["The mode is 'table' or 'digital'."]})
        if any(isinstance(name, str) and "\x00" in name for name in players):
            raise MalformedMove({"players": ["A name cannot hold a NUL character."]})
        if new_names:
            check_new_names(players, get_game(game_id).reserved_seats)

    def record_move(self, game_id: str, data: Any, token: str | None, expected_version: int | None = None,
                    request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            table = hist.table
            move = hist.game.named(table.state, self._load_move(hist.game, data))
            self._may_record(hist, caller, move.get("seat", TABLE))
            secret = self._secret(table.record) if table.digital else None
            table.play(table.complete(move, secret and secret[0]), caller.name, request_id)
            table.auto(secret, request_id)

        return self._write(game_id, token, expected_version, request_id, action, "move", data)

    def _load_move(self, game: Game, data: Any) -> Move:
        """``game.load_move(data)``. Loading is stateless (the same data, the
        same move), so a flat move (only text, numbers, booleans and None in
        it, as most are) loaded lately is taken from those kept, as a copy of
        its own: a third of the rules' part of a move."""
        key = flat_items(data)
        if key is None:
            return game.load_move(data)
        key = (game, key)
        loaded = self._loaded_moves.get(key)
        if loaded is None:
            loaded = game.load_move(data)
            if flat_items(loaded) is None:
                return loaded
            self._loaded_moves[key] = loaded
        return dict(loaded)

    def undo(self, game_id: str, token: str | None, expected_version: int | None = None,
             request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            record = hist.record
            number = record.last_move
            if number is None:
                raise Conflict(said(N_("There is no move to undo.")), "nothing_to_undo")
            self._refuse_past_reveal(record)
            if record.mode == "digital" and record.last_move_by_service:
                raise Conflict(said(N_("In a digital game undo cannot go back past a deal, roll or draw the service "
                                       "made.")), "undo_past_chance")
            self._may_record(hist, caller, hist.entry(number).seat)
            hist.table.undo(caller.name, request_id)

        return self._write(game_id, token, expected_version, request_id, action, "undo")

    def take_back(self, game_id: str, number: int, token: str | None, expected_version: int | None = None,
                  request_id: str | None = None) -> dict[str, Any]:
        """Take back move ``number`` and every effective move after it: the
        undo events of them all in one save, so the record keeps each move
        (struck through) as undo does. In a digital game a seat takes back
        only to a move of its own, and nobody past a move the service made."""
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            record = hist.record
            if number not in hist.effective:
                raise Conflict(f"Move {number} is not in effect (undone, or never recorded): nothing to take "
                               "back to.", "not_effective")
            entry = hist.entry(number)
            self._may_record(hist, caller, entry.seat)
            self._refuse_past_reveal(record)
            later = hist.effective[hist.effective.index(number):]
            if record.mode == "digital" and any(e.recorded_by == SERVICE for e in hist.entries_of(later)):
                raise Conflict("In a digital game taking back cannot go past a deal, roll or draw the service "
                               "made.", "undo_past_chance")
            for _ in later:
                hist.table.undo(caller.name, request_id)

        return self._write(game_id, token, expected_version, request_id, action, "take_back", {"move_index": number})

    def redo(self, game_id: str, token: str | None, expected_version: int | None = None,
             request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            table = hist.table
            number = table.record.redoable
            if number is None:
                raise Conflict(said(N_("There is no undone move to redo (or something was recorded since).")),
                               "nothing_to_redo")
            self._may_record(hist, caller, hist.entry(number).seat)
            try:
                table.redo(caller.name, request_id)
            except RuleViolation as violation:
                raise Conflict(f"Move {number} cannot be redone: {violation.message}", "redo_illegal") from None
            table.auto(self._secret(table.record) if table.digital else None, request_id)

        try:
            return self._write(game_id, token, expected_version, request_id, action, "redo")
        except NothingToUndo as error:
            raise Conflict(str(error), "nothing_to_redo") from None

    def seat_link(self, game_id: str, seat: str, token: str | None, revoke: bool = False,
                  expected_version: int | None = None, request_id: str | None = None) -> dict[str, Any]:
        """Hand a seat's link out again (a new token; the one before stops
        working) or revoke it: the scorekeeper's, an event in the record. The
        new token is in this answer only; under an Idempotency-Key it is
        made from the key (seat_links.fresh_token), so a retry gets the first
        answer, the same token, and records nothing new."""
        fresh = None if revoke else seat_links.fresh_token(self.keyring, str(self.parse_id(game_id)), seat, request_id)

        def action(hist: GameHistory, caller: Caller) -> None:
            if caller.role != SCOREKEEPER:
                raise Forbidden(said(N_("Only the scorekeeper hands out and revokes the seats' links.")))
            try:
                hist.record.change_seat_link(seat, None if fresh is None else token_hash(fresh), caller.name, request_id)
            except ValueError as error:
                raise NotFound(str(error)) from None

        request_id = request_id or f"auto-{secrets.token_hex(8)}"
        answer = self._write(game_id, token, expected_version, request_id, action, "seat_link",
                             seat_links.asked(seat, revoke))
        return {**answer, "seat": seat, "token": fresh}

    def annotate(self, game_id: str, number: int, text: str, token: str | None,
                 expected_version: int | None = None, request_id: str | None = None) -> dict[str, Any]:
        request_id = request_id or f"auto-{secrets.token_hex(8)}"

        def action(hist: GameHistory, caller: Caller) -> None:
            try:
                hist.record.annotate(number, text, caller.name, request_id)
            except ValueError as error:
                raise NotFound(str(error)) from None

        return self._write(game_id, token, expected_version, request_id, action, "annotation",
                           {"move_index": number, "text": text})

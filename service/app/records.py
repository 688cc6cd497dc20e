"""Game records: export, import and fork; the BG Stats play."""
from __future__ import annotations

import hashlib
import json
from typing import Any, Iterator
from uuid import UUID


from domain.commitment import seed_commitment
from domain.groups import group_of
from domain.games import get_game
from domain.record import (SCOREKEEPER, hash_of)
from domain.rules import MalformedMove, RuleViolation
from domain.words import N_, said
from domain.table import Table
from domain.history import GameHistory
from replay.records import Record, RecordError, Step, StepKind, format_named, jsonl_lines, read_record, to_text
from replay.verify import verify_jsonl
from service.store import reading
from service.app.imported_seed import check_deals, imported_secret
from service.app.plays import bgstats_answer
from service.app.errors import Conflict, Forbidden, NotFound, Unprocessable, as_json


EXPORT_PAGE = 100
"""Events an export reads from the store at a time: its memory stays flat in the record's length."""


class Records:
    """Game records: export, import and fork; the BG Stats play."""

    def export(self, game_id: str, fmt: str, token: str | None = None, seat: str | None = None,
               whole: bool = False) -> str:
        """The game's record as ``jsonl`` or ``text`` (see ``export_lines``), whole."""
        return "".join(self.export_lines(game_id, fmt, token, seat, whole))

    def stored_events(self, gid: UUID, upto: int | None, page: int | None = None, after: int = 0) -> Iterator[Any]:
        """A game's stored events after version ``after`` up to ``upto`` (None:
        to the end), read ``page`` (by default ``EXPORT_PAGE``) at a time from
        the store of its shard (a long record is never held whole)."""
        return reading.stored_events(self.store_of(gid), gid, after, upto, page or EXPORT_PAGE)

    def export_lines(self, game_id: str, fmt: str, token: str | None = None, seat: str | None = None,
                     whole: bool = False) -> Iterator[str]:
        """The game's record as ``jsonl`` or ``text`` (or a name for one of
        them, see replay.records), in pieces: JSON Lines a line at a time,
        read from the store a page at a time (the API streams them). In a
        digital game the caller sees what its token may see, like the log,
        or asks for its own ``seat``; ``whole`` (the command line, which
        holds the database) gives every move as stored, or as ``seat`` sees
        it. Who may see what is checked before the first piece."""
        try:
            fmt = format_named(fmt)
        except ValueError as error:
            raise MalformedMove({"format": [str(error)]}) from None
        hist = self.history(game_id)
        if whole:
            if seat is not None and seat not in hist.started.seats:
                raise NotFound(said(N_("There is no seat {seat!r} in this game."), seat=seat))
        else:
            seat = self.viewer(hist, self.caller(hist, token), seat)
        view = (seat or "table") if self.hidden(hist) and not (whole and seat is None) else None
        hide_seed = not whole and not hist.game.finished(hist.state)
        if fmt == "jsonl":
            return jsonl_lines(hist.started.game, self.stored_events(hist.id, hist.version), view, hide_seed)
        return iter([to_text(list(self.stored_events(hist.id, hist.version)), hist.state, view, hide_seed)])

    def import_record(self, text: str, fmt: str | None = None, request_id: str | None = None,
                      group: UUID | None = None) -> dict[str, Any]:
        """A new game from a record in ``fmt`` (by default the format it
        looks like), every step checked against the rules of the record's
        version (a version-1 record: the current rules).
        ``differences`` lists the moves whose outcome in the record is not
        what the rules give now."""
        try:
            record = read_record(text, fmt)
        except (RecordError, ValueError) as error:
            raise Unprocessable(f"The text does not read as a game record ({error}); nothing was imported.",
                                "not_a_record", {"record": [str(error)]}) from None
        self._place(record)
        digest = hashlib.sha256(text.encode()).hexdigest()

        def same(hist: GameHistory) -> bool:
            moves = [as_json(step.move) for step in record.steps if step.kind == "move"]
            return (hist.record.forked_from == record.forked
                    and self._started_as(hist, record.game, record.players, record.mode, record.options)
                    and [entry.move for entry in hist.entries[:len(moves)]] == moves)

        chain = self._chain_of(text, fmt)
        if record.mode == "digital":
            self._key("seal an imported digital game's seed")
        secret = imported_secret(record)
        try:
            return self._once(request_id, f"import {digest}", same,
                              lambda gid: {**self._create_from(record, gid, secret, group), "chain": chain}, group)
        except MalformedMove as error:      # a record read, but with steps or a start no game takes
            raise Unprocessable("The record does not hold a game tablelog can play again; nothing was imported.",
                                "not_a_record", error.messages) from None

    @staticmethod
    def _chain_of(text: str, fmt: str | None) -> dict[str, Any]:
        """What an imported record's own hash chain says (replay.verify's
        check of an exported record): a text record carries no hashes."""
        if (format_named(fmt) if fmt else "jsonl" if text.lstrip().startswith("{") else "text") != "jsonl":
            return {"checked": False, "intact": None, "problems": [],
                    "message": "This record carries no hashes (a text record): its hash chain cannot be checked."}
        verdict = verify_jsonl(text)
        problems = [problem.message for problem in verdict.problems]
        return {"checked": True, "intact": not problems, "problems": problems, "message": (
            f"The record's hash chain is intact ({verdict.checked} hashes recomputed)." if not problems else
            f"The record's hash chain is broken in {len(problems)} place(s): it was changed after it was "
            "written; imported as it reads now.")}

    def _place(self, record: Record) -> None:
        """A fork's origin counts only if this service holds that game at
        that version and hash; anything else is imported as a plain game."""
        if record.forked is not None and self._hash_at(record.forked["game"], record.forked["version"]) \
                != record.forked["hash"]:
            record.forked = None

    def _hash_at(self, game_id: str, version: int) -> str | None:
        """The hash of event ``version`` of a game this service holds (None: no such event)."""
        try:
            gid = UUID(str(game_id))
            store = self.store_of(gid)
        except (ValueError, NotFound):
            return None
        event = next(iter(store.events.get(gid, gt=version - 1, lte=version)), None)
        return hash_of(event) if event is not None else None

    def fork(self, game_id: str, at: int, token: str | None, request_id: str | None = None) -> dict[str, Any]:
        """A new game that starts with the effective moves numbered <= ``at``
        of this one, and says so in a Forked event; this game is untouched."""
        hist = self.history(game_id)
        caller = self.caller(hist, token, required=bool(token) or self.hidden(hist))
        if self.hidden(hist) and caller.role != SCOREKEEPER:
            raise Forbidden("Forking a digital game needs its scorekeeper's token: the fork's tokens see every hand.")
        if self.hidden(hist) and not hist.game.finished(hist.state):
            # The fork's seat tokens would see every hand dealt so far, and
            # its moves the origin's seed: a running digital game is forked
            # once it is over (its seed revealed, nothing left to hide).
            raise Conflict("A digital game can be forked once it is over: until then its hands are secret.",
                           "fork_running_digital")
        if at > len(hist.entries):
            raise NotFound(said(N_("There is no move {at} to fork after: the game has {moves} moves."), at=at, moves=len(hist.entries)))
        started = hist.started
        steps = [Step(StepKind.MOVE, i, entry.recorded_by, move=entry.move)
                 for i, entry in enumerate(hist.entries_of(hist.effective[:hist.applied_at(at)]), 1)]
        # A fork gets a fresh seed (and commitment) for its own chance moves.
        record = Record(game=started.game, players=started.players, options=started.options, mode=started.mode,
                        seed=None, rules_version=started.rules_version, steps=steps,
                        forked={"game": str(hist.id), "at": at, "version": hist.version, "hash": hist.record.last_hash})
        def same(fork: GameHistory) -> bool:
            origin = fork.record.forked_from or {}
            return origin.get("game") == str(hist.id) and origin.get("at") == at

        group = group_of(started)      # a fork stays in its origin's group
        return self._once(request_id, f"fork {hist.id} {at}", same,
                          lambda gid: {**self._create_from(record, gid, None, group), "forked_from": record.forked},
                          group)

    @staticmethod
    def _started_as(hist: GameHistory, game: str, players: list[str], mode: str, options: Any) -> bool:
        started = hist.started
        return (started.game, list(started.players), started.mode, as_json(started.options or {})) == \
            (game, list(players), mode, as_json(options or {}))

    def _create_from(self, record: Record, gid: UUID | None = None,
                     imported: tuple[Any, str | None, int | None] | None = None,
                     group: UUID | None = None) -> dict[str, Any]:
        """A new game from ``record``, under the record's rules version (see
        domain.table.rules_to_start), every step played again through the table.
        ``imported``: the seed an imported record's copy deals from, its
        commitment and its first move (service.app.imported_seed); else a fresh one."""
        self._check_start(record.game, record.mode, record.players, new_names=record.forked is None)
        self._check_house_catalog(record.game, record.options, "record")
        tokens, hashes = self._new_tokens(record.players)
        secret = self._new_secret(record.mode, record.seed) if imported is None else imported[0]
        commitment = secret and seed_commitment(*secret) if imported is None else imported[1]
        # A game created for an idempotent request gets the id derived from it.
        table = Table.start(get_game(record.game), record.players, record.options, mode=record.mode,
                            seed_commitment=commitment, tokens=hashes,
                            rules_version=record.rules_version, id=gid, anchored=True,
                            dealt_from=imported[2] if imported is not None else None, group=group and str(group))
        new = table.record
        if record.forked:
            new.fork_of(record.forked["game"], record.forked["at"], record.forked["version"], record.forked["hash"])
        differences = []
        for step in record.steps:
            if step.kind == "annotate":
                try:
                    new.annotate(step.number, step.text or "", step.by, step.request_id)
                except ValueError as error:
                    raise MalformedMove({"record": [str(error)]}) from None
                continue
            if step.kind == "undo":
                if new.last_move != step.number:
                    raise MalformedMove({"record": [f"undo {step.number}: the last effective move is "
                                                    f"{new.last_move}."]})
                table.undo(step.by, step.request_id)
                continue
            if step.kind == "move" and step.number != new.moves + 1:
                raise MalformedMove({"record": [f"move {step.number} follows move {new.moves}: moves are "
                                                "numbered 1, 2, 3, ..."]})
            if step.kind == "redo" and new.redoable != step.number:
                raise MalformedMove({"record": [f"redo {step.number}: the move redo may restore is "
                                                f"{new.redoable}."]})
            try:
                played = (table.play(table.game.load_move(step.move), step.by, step.request_id, as_given=True)
                          if step.kind == "move"
                          else table.redo(step.by, step.request_id))
            except RuleViolation as violation:
                raise RuleViolation(violation.code, N_("Move {number} of the record: {refusal}"),
                                    violation.rule, number=step.number, refusal=violation.message) from None
            # A record written for one seat (or the table) holds the moves as
            # they saw them but the outcomes of the whole game: a hidden card
            # replays as unseen, so its outcome differs without any rule changing.
            if (record.view is None and step.outcome is not None
                    and json.loads(json.dumps(played.outcome)) != step.outcome):
                differences.append(step.number)
        table.auto(secret)
        if imported is not None and new.seed_revealed:
            check_deals(list(new.pending_events))
        self.store_of(new.id).save(new, self._seal(new, secret), self._anchored(new, None))
        self._remember_secret(new, secret)
        answer = {"id": str(new.id), "version": new.version, "tokens": tokens, "differences": differences,
                  "receipt": self._receipt_of(new)}
        if new.seed_commitment:
            answer["seed_commitment"] = new.seed_commitment
        return answer

    def bgstats(self, game_id: str, zone: str | None = None, location: str | None = None) -> dict[str, Any]:
        """A finished game as a BG Stats play and the links that hand it to
        the app (service.app.plays); its date in the time ``zone`` asked for."""
        hist = self.history(game_id)
        if not hist.game.finished(hist.state):
            raise Conflict(said(N_("BG Stats takes finished games: this one is still being played.")), "not_finished")
        try:
            return bgstats_answer(hist, self.summary(hist), self.stored_events(hist.id, hist.version), zone, location)
        except ValueError as error:
            raise MalformedMove({"tz": [str(error)]}) from None

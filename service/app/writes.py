"""The one write pipeline: a write checked against the cached game, saved
with its anchor, tried again when it lost a race, and a retry answered as
the first time (Idempotency-Key)."""
from __future__ import annotations

import random
import time
from typing import Any, Callable
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.persistence import IntegrityError, OperationalError, PersistenceError

from domain.groups import DEFAULT_GROUP, group_of
from domain.record import (GameRecord)
from domain.rules import MalformedMove
from domain.history import GameHistory
from domain.words import N_, said
from service.store.shards import UnknownShard, shard_of
from service.store.failures import WriteConflict, cannot_write
from service.telemetry import metrics
from service.app.access import ANONYMOUS, Caller
from service.app.errors import Conflict, as_json


REQUESTS = uuid5(NAMESPACE_URL, "tablelog:requests")
"""Namespace of the ids of games a fork or import with an Idempotency-Key creates."""


WRITE_ATTEMPTS = 8
"""How often a write that lost a race to another process is tried again
(without ``expected_version``) before it is answered 409 ``stale_version``."""


class Writes:
    """The one write pipeline: a write checked against the cached game, saved
    with its anchor, tried again when it lost a race, and a retry answered as
    the first time (Idempotency-Key)."""

    def _write(self, game_id: str, token: str | None, expected_version: int | None,
               request_id: str, action, kind: str, asked: Any = None) -> dict[str, Any]:
        """Run ``action`` on the game's record and save what it triggered.

        One game at a time in this process. Other processes (workers, other
        servers on the same database) write too, so the record is first
        brought up to date with the store (one query for the events beyond
        the cached version): the move is checked against the game as stored,
        and a retry's key is found whichever process answered it first.
        That query is left out when this host's writers know the cached
        version to be the game's newest (service/store/heads.py): if it is not
        after all, the save fails on the store's unique key, and a request
        refused against the cache is checked again after the query, so the
        answer is the same either way. The save is optimistic: a save that
        lost a race to another process reloads the record and runs the
        action again, or answers 409 when the client named the version it saw.
        """
        gid = self.parse_id(game_id)
        with self._turn(gid):
            # The game's shard, its store and checkpoints: looked up once for every try.
            store = self.store_of(gid)
            kept = self.shard_checkpoints[shard_of(gid)]
            for attempt in range(WRITE_ATTEMPTS):
                cached = self._cached_head(gid, store, expected_version) if attempt == 0 else None
                hist = cached or self._sync(gid, anchor_too=True)
                caller, record, pending, checkpoints = ANONYMOUS, hist.record, [], None
                # Unread, the store may be away: what to go back to if the save fails.
                savepoint = hist.table.savepoint() if cached is not None else None
                try:
                    caller = self.caller(hist, token, required=True)
                    if request_id in hist.answers:
                        return self._first_answer(hist, request_id, kind, asked, caller)
                    if expected_version is not None and expected_version != hist.version:
                        raise Conflict(said(N_("The game is at version {version}, not {expected}: someone recorded something "
                                               "first. Reload and try again."), version=hist.version,
                                            expected=expected_version), "stale_version")
                    anchor = self._anchor_of(hist)
                    action(hist, caller)
                    pending = list(record.pending_events)
                    # Checkpoints the write makes due go in its own transaction,
                    # made from the history as it leaves it (fed the events now).
                    checkpoints = kept.due_with(hist, pending)
                    store.save(record, self._anchored(record, anchor), checkpoints=checkpoints or ())
                except IntegrityError:
                    self._forget(gid)
                    if expected_version is not None:
                        raise Conflict(said(N_("Someone recorded something at the same moment; reload and try again.")),
                                       "stale_version") from None
                    if attempt == WRITE_ATTEMPTS - 1:
                        # Not stale (the client named no version): the store is too busy to take it now.
                        raise WriteConflict(f"game {gid}: every one of {WRITE_ATTEMPTS} tries lost its race "
                                            "to another writer") from None
                    if cached is None:
                        time.sleep(random.uniform(0, 0.002 * (attempt + 1)))   # let the other writer finish
                    continue
                except BaseException as error:
                    # The record and its table were changed but not saved (a
                    # save that failed may have taken the pending events already).
                    if savepoint is not None and checkpoints is None and isinstance(error, Exception) \
                            and cannot_write(error):
                        # The database cannot write: the cache goes back to
                        # where it stood, so reads answer from it meanwhile
                        # (unless the write's events were fed for its
                        # checkpoints: that history is forgotten, read again).
                        hist.table.rollback(savepoint)
                        with self._guard:
                            self._anchors.pop(gid, None)
                        raise
                    if record.pending_events or pending:
                        self._forget(gid)
                    if cached is not None and isinstance(error, Exception) and not isinstance(error,
                                                                                              PersistenceError):
                        continue      # refused against the cache: read the store and check again
                    raise
                if checkpoints is None:
                    hist.feed(pending, applied=True)
                    kept.keep(hist)
                else:
                    kept.written(hist, checkpoints)
                metrics.moves_recorded(hist.game.id, sum(isinstance(e, GameRecord.MoveRecorded) for e in pending))
                self.heads.saw(store.identity, gid, hist.version)
                return self.answer(hist, hist.answers[request_id], caller, kind)
        raise AssertionError("unreachable")

    def _first_answer(self, hist: GameHistory, request_id: str, kind: str, asked: Any,
                      caller: Caller) -> dict[str, Any]:
        """A retry's answer: the first one, if the key was first sent with the
        same request (the same kind: a move, an undo, a redo, an annotation;
        and the same move or comment)."""
        first = hist.answers[request_id]
        # A take-back is stored as undo events: its retry finds an undo's answer.
        if first.kind != kind and (first.kind, kind) != ("undo", "take_back"):
            raise Conflict(f"This Idempotency-Key was already used for another request (a {first.kind}, "
                           f"version {first.version}); a retry repeats the same request, anything else "
                           "needs a new key.", "idempotency_key_reused")
        if not self._asks_the_same(hist, first, asked):
            raise Conflict(f"This Idempotency-Key was already used for another {kind} (version "
                           f"{first.version}); a retry repeats the same request, anything else needs a new key.",
                           "idempotency_key_reused")
        return self.answer(hist, first, caller, kind)

    @staticmethod
    def _asks_the_same(hist: GameHistory, first: Any, asked: Any) -> bool:
        """Whether a retry asks what the first request asked. A move is
        compared as the rules read it, field by field: in a digital game the
        stored move also holds what the service rolled or dealt for it."""
        if first.kind == "undo" and isinstance(asked, dict):      # a take-back: back to the same move
            return asked.get("move_index") == first.index
        if first.kind != "move":
            return asked == first.request
        try:
            move = hist.game.load_move(asked)
        except MalformedMove:
            return False
        stored = as_json(first.request)
        return all(key in stored and stored[key] == value for key, value in as_json(move).items())

    def _once(self, key: str | None, asked: str, same: Callable[[GameHistory], bool],
              create: Callable[[UUID | None], dict[str, Any]], group: UUID | None = None) -> dict[str, Any]:
        """``create`` a game, once per Idempotency-Key: its game id is derived
        from the key, so the store refuses a second game for it in any
        process. ``asked`` names the request (its kind and content); a retry
        that asks the same gets this process's first answer, anything else
        under the key is 409 ``idempotency_key_reused``. The first answer's
        tokens are kept only in memory: a retry that another process (or this
        one after a restart) answered first gets 409 ``duplicate_request``
        naming the game, if the stored game is what the retry asks for
        (``same``). The key's game goes to the shard claimed for the key
        (see ``Shards.claimed_id``), the same in every process. A key is
        ``group``'s own: another group's request with the same key is another
        request (the default group's keys are the ones used before groups)."""
        if not key:
            return create(self.shards.new_id())
        group = group or DEFAULT_GROUP
        if group != DEFAULT_GROUP:
            key = f"{group} {key}"
        base = uuid5(REQUESTS, f"new game {key}")
        with self._lock(base):
            with self._guard:
                first = self._first_answers.get(base)
            if first is not None:
                if first[0] != asked:
                    raise self._key_reused(first[1]["id"])
                return first[1]
            gid = self.shards.claimed_id(base, key)
            try:
                store = self.shards.of(gid)
            except UnknownShard:
                # Claimed by a host whose shard map is longer (a shard is being
                # added): 503, and the retry finds a host that has the shard.
                raise OperationalError(f"shard {shard_of(gid)} is not in this process's shard map yet") from None
            try:
                if next(iter(store.recorder.select_events(gid, limit=1)), None) is not None:
                    raise IntegrityError(gid)
                answer = create(gid)
            except IntegrityError:
                stored = self._sync(gid)
                if group_of(stored.started) != group or not same(stored):
                    raise self._key_reused(gid) from None
                raise Conflict(f"A request with this Idempotency-Key already created game {gid}; its tokens "
                               "were in the answer to that request.", "duplicate_request") from None
            with self._guard:
                self._first_answers[base] = (asked, answer)
            return answer

    @staticmethod
    def _key_reused(gid: UUID | str) -> Conflict:
        return Conflict(f"This Idempotency-Key already started game {gid} with another request; a retry "
                        "repeats the same request, anything else needs a new key.", "idempotency_key_reused")

    def answer(self, hist: GameHistory, answer: Any, caller: Caller, kind: str | None = None) -> dict[str, Any]:
        receipt = self.receipt(hist, answer.version)
        if answer.kind == "undo" and kind == "take_back":
            return {"version": answer.version, "undone": answer.index, "taken_back": answer.taken_back,
                    "receipt": receipt}
        if answer.kind == "undo":
            return {"version": answer.version, "undone": answer.index, "receipt": receipt}
        if answer.kind == "redo":
            return {"version": answer.version, "redone": answer.index, "receipt": receipt}
        if answer.kind == "seat_link":
            return {"version": answer.version, "receipt": receipt}
        if answer.kind == "annotation":
            return {"version": answer.version, "move_index": answer.index, "receipt": receipt}
        last = answer.auto[-1] if answer.auto else answer.index
        return {
            "index": answer.index,
            "version": answer.version,
            "outcome": answer.outcome,
            "auto": [self._auto_entry(hist, number, caller) for number in answer.auto],
            "state": self.view(hist, hist.state_at(last), caller),
            "receipt": receipt,
        }

    def _auto_entry(self, hist: GameHistory, number: int, caller: Caller) -> dict[str, Any]:
        entry = hist.entry(number)
        return {"index": number, "move": self.move_as_seen(hist, entry.move, caller.seat), "outcome": entry.outcome}

"""Where a game's record ends, as its keyed anchor says: the one check that
verify, the audit, the receipt check, the write path and the import of a
record use.

Every write anchors the game's head (its version and newest hash) with an
HMAC made with tablelog's key, kept outside the database (domain.record's
HeadAnchor, service.store.keys). The check asks:

- is there an anchor? A game anchored since its start (``anchored`` in its
  Started event; before that was written, a game whose events commit hidden
  values, which came with anchors) must have one: without it the anchor was
  deleted. A game recorded before anchors has none, and that is no problem;
- was it made with a key this service holds? An anchor under any other key
  id cannot be told from a forgery: it is a failure until an operator
  restores the key, or records a decision (``tablelog key accept-head``,
  a HeadAccepted event in the record, anchored afresh);
- does its MAC hold, and does the record end where it says?

Without any keyring nothing is checked (``not checked: no key``): verify run
where the key is not configured says so rather than guess.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import PersistenceError

from domain.history import Problem
from domain.record import anchor_message, head_anchor_id

UNVERIFIED = ("anchor_missing", "anchor_unverified")
"""Kinds of problem that leave the head unverified (rather than found changed)."""


@dataclass(frozen=True)
class HeadCheck:
    """What the anchor says about the record's end."""

    said: str                                 # "checked", "not checked: ...", "no anchor", "unverified", ...
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def code(self) -> str:
        """The code a refused write answers with: the head cannot be
        verified (``anchor_unverified``), or the record was changed
        (``anchor_mismatch``)."""
        return "anchor_unverified" if all(p.kind in UNVERIFIED for p in self.problems) else "anchor_mismatch"

    @property
    def kinds(self) -> list[str]:
        return [p.kind for p in self.problems]


def anchor_expected(started: Any) -> bool:
    """Whether a game's head has been anchored since its start (its Started event says so)."""
    fields = started.__dict__
    return bool(fields.get("anchored")) or "salts" in fields


def read_anchor(store: Any, game_id: UUID) -> Any:
    """The game's stored anchor, or None (none stored, or one that cannot be
    read: its events were changed). A database that does not answer is
    raised, never taken for a missing anchor."""
    try:
        return store.repository.get(head_anchor_id(game_id))
    except PersistenceError:
        raise
    except (AggregateNotFoundError, ValueError, TypeError, KeyError, AttributeError):
        return None


def check_head(game_id: UUID, anchor: Any, stored: int, hash_at: Callable[[int], str | None], keyring: Any,
               expected: bool) -> HeadCheck:
    """The check. ``stored``: the version the record ends at; ``hash_at``:
    the stored hash of an event by version (None where the caller does not
    have it); ``expected``: ``anchor_expected`` of the game's Started event."""
    head = getattr(anchor, "head", None)
    if head is None:
        if expected:
            return HeadCheck("no anchor", (Problem(
                "anchor_missing", stored, "The record has no anchor, though it was recorded with one from its "
                "start: the anchor was deleted, and where the record ends cannot be checked."),))
        return HeadCheck("not checked: the game was recorded before heads were anchored")
    if keyring is None:
        return HeadCheck("not checked: no key")
    if head["key_id"] not in keyring.keys:
        return HeadCheck("unverified", (Problem(
            "anchor_unverified", head["version"], f"The anchor of the record's end was made with key "
            f"{head['key_id']!r}, which this service does not hold: it cannot be told from a forgery. Restore "
            "that key, or an operator decides (tablelog key accept-head)."),))
    message = anchor_message(game_id, head["version"], head["hash"], head["n"])
    if not keyring.check_mac(message, head["mac"], head["key_id"]):
        return HeadCheck("forged", (Problem(
            "anchor_forged", head["version"], "The anchor of the record's end was not made with tablelog's "
            "key: it was written by someone else."),))
    if stored < head["version"]:
        return HeadCheck("checked", (Problem(
            "events_missing", stored, f"The anchor says the record reached version {head['version']}, but it "
            f"ends at version {stored}: events were deleted from its end."),))
    at = hash_at(head["version"])
    if at is not None and at != head["hash"]:
        return HeadCheck("checked", (Problem(
            "head_changed", head["version"], f"Event {head['version']} is not the event the keyed anchor was "
            "made for: the record was changed and its hashes made again."),))
    if stored > head["version"]:
        return HeadCheck("checked", (Problem(
            "unanchored", head["version"] + 1, f"Events after version {head['version']} were written without "
            "tablelog's key."),))
    return HeadCheck("checked")


def check_stored_head(store: Any, game_id: UUID, started: Any, stored: int,
                      hash_at: Callable[[int], str | None], keyring: Any) -> HeadCheck:
    """``check_head`` of the anchor stored for the game."""
    return check_head(game_id, read_anchor(store, game_id), stored, hash_at, keyring, anchor_expected(started))

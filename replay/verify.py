"""Verify stored games: read every stored event, check the hash chain, replay
every move through the current rules and compare each stored outcome.

Nothing here raises for a damaged or outdated record: an event that cannot
be read, a move the current rules refuse or cannot apply, an outcome that
differs, a broken chain, all become named problems. When the rules' version
changed since the game was recorded, a ``rules_changed`` problem says so
beside the differences it explains.

An event that decodes to the same values after an edit (the hash chain
covers values, not bytes) is caught by encoding it again: ``bytes_changed``.

The newest event of a game has no successor whose ``prev_hash`` would show an
edit; the game list view keeps the hash of the newest event it processed, and
verify compares that witness with the stored event.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.record import hash_of
from replay.history import GameHistory, Problem

RULE_PROBLEMS = ("illegal_move", "unreplayable", "outcome_differs")


@dataclass
class Verdict:
    """What verifying one game found."""

    id: UUID
    version: int = 0
    game: str | None = None
    rules_version: str | None = None     # as recorded
    current_rules: str | None = None     # what it replays under: its own version while still played, else the current
    problems: list[Problem] = field(default_factory=list)
    history: GameHistory | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def _same_bytes(store: Any, record: Any, domain_event: Any) -> bool:
    """Whether encoding the decoded event again gives the stored bytes. The
    hash chain covers what an event means; this catches an edit that decodes
    to the same values (a time's "T" written "t", "+00:00" written "-00:00")."""
    try:
        again = store.mapper.to_stored_event(domain_event)
    except Exception:                       # an event the mapper cannot write back: nothing to compare
        return True
    return again.topic == record.topic and bytes(again.state) == bytes(record.state)


def verify_game(store: Any, game_id: UUID, witness: dict[str, Any] | None = None) -> Verdict | None:
    """The verdict on one stored game, or None when no event has its id.
    ``witness`` is the game's row in the game list view, if any."""
    stored = list(store.recorder.select_events(game_id))
    if not stored:
        return None
    verdict = Verdict(game_id, version=stored[-1].originator_version)
    hashes: list[str] = []
    hist: GameHistory | None = None
    for record in stored:
        version = record.originator_version
        try:
            domain_event = store.mapper.to_domain_event(record)
        except Exception as error:
            verdict.problems.append(Problem(
                "unreadable", version, f"Event {version} cannot be read ({type(error).__name__}: {error}): "
                "the stored record was changed."))
            break
        if not _same_bytes(store, record, domain_event):
            verdict.problems.append(Problem(
                "bytes_changed", version, f"Event {version} reads back, but its stored bytes are not the bytes "
                "tablelog wrote for it: the stored record was changed."))
        hashes.append(hash_of(domain_event))
        try:
            if hist is None:
                hist = GameHistory(domain_event, verify=True)
            else:
                hist.feed([domain_event])
        except Exception as error:
            verdict.problems.append(Problem(
                "unreplayable", version,
                f"Event {version} ({type(domain_event).__name__}) cannot be replayed: {error!r}."))
            break
    if hist is not None:
        verdict.history = hist
        verdict.game = hist.started.game
        verdict.rules_version = hist.started.rules_version
        verdict.current_rules = hist.table.rules_version
        verdict.problems[:0] = hist.problems
        changed = verdict.rules_version != verdict.current_rules
        if changed and any(p.kind in RULE_PROBLEMS for p in verdict.problems):
            verdict.problems.insert(0, Problem(
                "rules_changed", 1,
                f"{hist.game.title} was recorded under rules version {verdict.rules_version}; the current rules "
                f"are version {verdict.current_rules}. The differences below come from that change or from "
                "an edit."))
    if witness is not None:
        seen = int(witness["version"])
        if seen <= len(hashes) and hashes[seen - 1] != witness["head_hash"]:
            verdict.problems.append(Problem(
                "head_hash", seen,
                f"Event {seen} is not the event the game list saw when it was recorded: the stored record "
                "was changed."))
    return verdict

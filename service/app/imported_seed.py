"""A digital record's seed on import: what the new copy commits to, and the
check that its deals are the seed's.

A digital game commits to its seed when it starts (``SeedCommitment``) and
reveals the seed and the commitment's salt when it is over. An imported copy
keeps what the record holds: a finished record's commitment, seed and salt as
recorded (its deals are checked against that seed at import, with the same
check verify and the audit make, so a record that imports verifies ever
after); an unfinished one's seed is still secret, so the copy deals what
follows from a fresh seed of its own, committed to afresh, and says from
which move (``dealt_from``: the moves before were the recorded game's). A record that says
``digital`` but holds no seed commitment (nor, from before commitments, a
seed) is a table record relabelled: whoever wrote it chose the deal, and it
is refused.
"""
from __future__ import annotations

from typing import Any

from domain.commitment import new_salt, new_seed, seed_commitment
from domain.history import GameHistory
from domain.rules import RuleViolation
from domain.table import Secret
from replay.records import Record
from replay.verify import check_revealed_seed

RULE = "Digital mode"


def imported_secret(record: Record) -> tuple[Secret | None, str | None, int | None]:
    """The seed (and salt) the copy of ``record`` deals from, the
    commitment its Started event makes, and the first move that seed deals
    (None: all); (None, None, None) for a table record."""
    if record.mode != "digital":
        return None, None, None
    if record.seed_commitment is None:
        if record.seed is None:
            raise RuleViolation(
                "digital_without_seed", "This record says it is a digital game but holds no seed commitment: "
                "its deals were not made by tablelog from a committed seed. Import it as a table game "
                '(mode "table").', RULE)
        secret = record.seed, new_salt()          # a record from before seeds were committed to
        return secret, seed_commitment(*secret), record.dealt_from
    if record.seed is None or record.seed_salt is None:
        secret = new_seed(), new_salt()           # still running: the rest is dealt from a seed of its own
        moves = sum(step.kind == "move" for step in record.steps)
        return secret, seed_commitment(*secret), moves + 1
    if seed_commitment(record.seed, record.seed_salt) != record.seed_commitment:
        raise RuleViolation("seed_commitment", "The record's revealed seed does not open the seed commitment "
                            "it made when the game started: the seed or the commitment was changed.", RULE)
    return (record.seed, record.seed_salt), record.seed_commitment, record.dealt_from


def check_deals(events: list[Any]) -> None:
    """Refuse (422) a copy whose revealed seed does not give the deals its
    record holds: the one check verify and the audit make of a stored game."""
    hist = GameHistory(events[0])
    hist.feed(events[1:])
    problems = check_revealed_seed(hist)
    if problems:
        raise RuleViolation(problems[0].kind, "The record's deals are not what its revealed seed gives: "
                            + " ".join(p.message for p in problems[:3]), RULE)

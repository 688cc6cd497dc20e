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
verify compares that witness with the stored event. The keyed anchor says
where the record ends (replay.anchors: the same check the writes make).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from domain.chance import rng_for
from domain.commitment import canonical, hidden_commitment, seed_commitment, value_at, with_commitments
from domain.record import SERVICE, event_hash, hash_of, is_game_start_topic, receipt_message
from domain.history import GameHistory, Problem
from replay.anchors import check_stored_head

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
    head: str = "not checked"          # what the keyed anchor says about the record's end
    accepted: list[dict[str, Any]] = field(default_factory=list)   # operators' decisions on heads (HeadAccepted)

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


def check_revealed_seed(hist: GameHistory) -> list[Problem]:
    """Once a digital game is over its seed is revealed: it must open the
    commitment made at the start, and every deal, draw and roll the service
    made must be the one that seed gives at that move. That is all it proves:
    the chance moves were fixed when the game started, not what players did."""
    commitment = getattr(hist.started, "seed_commitment", None)
    if not commitment or hist.revealed is None:
        return []
    seed, salt, version = hist.revealed["seed"], hist.revealed["salt"], hist.revealed["version"]
    if seed_commitment(seed, salt) != commitment:
        return [Problem("seed_commitment", version, "The revealed seed does not open the commitment made when "
                        "the game started: the seed was changed.")]
    problems = []
    blind = False           # the record has hidden a deal: the states after it hold unseen cards
    first = dealt_from(hist)
    for ply, number in enumerate(hist.effective):
        entry = hist.entry(number)
        if entry.recorded_by != SERVICE or number < first:
            continue
        state = hist.states[ply]
        made = hist.game.chance_as_recorded(state, hist.game.chance_move(state, rng_for(seed, number)), entry.move)
        seen = _as_dealt(hist.game, made, entry.move, (None, *hist.started.seats), blind)
        if seen is None:
            problems.append(Problem("seed_differs", entry.version,
                                    f"Move {number}, made by the service, is not what the revealed seed gives "
                                    "there: the deal or roll was changed.", number))
        blind = blind or seen
    return problems


def dealt_from(hist: GameHistory) -> int:
    """The first move the game's own seed dealt: a fork's moves up to the
    move it branched at, and an imported record's moves of a game that was
    not over, were dealt by the seed of the game they come from."""
    forked = hist.record.forked_from
    return max(getattr(hist.started, "dealt_from", None) or 1, forked["at"] + 1 if forked else 1)


def _as_dealt(game: Any, made: Any, recorded: Any, viewers: tuple, blind: bool) -> bool | None:
    """Whether a service's move in the record is the one the seed gives:
    False when it is that move, True when it is that move as one viewer saw
    it (a record written for the table or a seat holds what its exporter
    saw), None when it is not. Once a record has hidden a deal (``blind``)
    its replay holds unseen cards, from which the seed's later deals cannot
    be drawn again: they are compared as the table sees them. The decisions
    the rules took on a move, which the record keeps beside it
    (Game.apply_to_record), are checked by the replay, not here."""
    recorded = {k: v for k, v in recorded.items() if k not in game.recorded_decisions}
    if canonical(made) == canonical(recorded):
        return False
    if any(canonical(game.redact_move(made, viewer)) == canonical(recorded) for viewer in viewers):
        return True
    if blind and canonical(game.redact_move(made, None)) == canonical(game.redact_move(recorded, None)):
        return True
    return None


def verify_game(store: Any, game_id: UUID, witness: dict[str, Any] | None = None,
                keyring: Any = None) -> Verdict | None:
    """The verdict on one stored game, or None when no event has its id.
    ``witness`` is the game's row in the game list view, if any; ``keyring``
    checks the keyed anchor of the game's head (without it: "not checked")."""
    stored = list(store.recorder.select_events(game_id))
    if not stored or not is_game_start_topic(stored[0].topic):
        return None         # no game: nothing stored, or another record's id (an anchor's, a catalog's)
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
        verdict.accepted = list(hist.accepted)
        changed = verdict.rules_version != verdict.current_rules
        if changed and any(p.kind in RULE_PROBLEMS for p in verdict.problems):
            verdict.problems.insert(0, Problem(
                "rules_changed", 1,
                f"{hist.game.title} was recorded under rules version {verdict.rules_version}; the current rules "
                f"are version {verdict.current_rules}. The differences below come from that change or from "
                "an edit."))
    if hist is not None:
        verdict.problems += check_revealed_seed(hist)
    if witness is not None:
        seen = int(witness["version"])
        if seen > len(stored):
            verdict.problems.append(Problem(
                "events_missing", seen,
                f"The game list saw version {seen}, but the record ends at version {len(stored)}: events "
                "were deleted from its end."))
        elif seen <= len(hashes) and hashes[seen - 1] != witness["head_hash"]:
            verdict.problems.append(Problem(
                "head_hash", seen,
                f"Event {seen} is not the event the game list saw when it was recorded: the stored record "
                "was changed."))
    if hashes and len(hashes) == len(stored) and hist is not None:
        check = check_stored_head(store, game_id, hist.started, len(hashes), lambda v: hashes[v - 1], keyring)
        verdict.head = check.said
        verdict.problems += check.problems
    return verdict


def stored_hash(store: Any, game_id: UUID, version: int) -> str | None:
    """The hash of the game's stored event at ``version`` (None: no such event, or unreadable)."""
    events = list(store.recorder.select_events(game_id, gt=version - 1, lte=version))
    if not events:
        return None
    try:
        return hash_of(store.mapper.to_domain_event(events[0]))
    except Exception:
        return None


def check_receipt(store: Any, game_id: UUID, receipt: dict[str, Any], keyring: Any) -> list[Problem]:
    """Whether the event a receipt names (given to a client when its write was
    acknowledged) is still in the record, unchanged, and the record's end
    still verifies (replay.anchors). This is what catches a rollback: events
    deleted from the end together with the anchor."""
    try:
        version, head, key_id, mac = (int(receipt["version"]), str(receipt["hash"]), str(receipt["key_id"]),
                                      str(receipt["mac"]))
    except (KeyError, TypeError, ValueError):
        return [Problem("receipt_unreadable", 0, "A receipt holds version, hash, key_id and mac.")]
    if keyring is None:
        return []           # not checked: no key here
    if key_id not in keyring.keys:
        return [Problem("receipt_unverified", version, "This receipt was made with a key this service does not "
                        "hold: it cannot be told from a forgery.")]
    if str(receipt.get("game", game_id)) != str(game_id) or not keyring.check_mac(
            receipt_message(game_id, version, head), mac, key_id):
        return [Problem("receipt_forged", version, "This receipt was not given by tablelog for this game.")]
    problems = []
    stored = stored_hash(store, game_id, version)
    if stored is None and not list(store.recorder.select_events(game_id, gt=version - 1, lte=version)):
        problems.append(Problem("receipt_missing", version, f"The record no longer holds version {version}, "
                                "which this receipt acknowledged: events were deleted from its end (and the "
                                "anchor rolled back)."))
    elif stored != head:
        problems.append(Problem("receipt_changed", version, f"Event {version} is not the event this receipt "
                                "acknowledged: the record was changed."))
    last = list(store.recorder.select_events(game_id, desc=True, limit=1))
    first = list(store.recorder.select_events(game_id, limit=1))
    try:
        started = store.mapper.to_domain_event(first[0])
    except Exception:
        return problems + [Problem("unreadable", 1, "The record's first event cannot be read: the stored "
                                   "record was changed.")]
    check = check_stored_head(store, game_id, started, last[0].originator_version,
                              lambda v: stored_hash(store, game_id, v), keyring)
    return problems + list(check.problems)


# -- an exported record alone --------------------------------------------------------
TOPIC = "domain.record:GameRecord"
_LINE_META = ("event", "version", "at", "id", "view", "format_version", "hash", "committed", "salts", "commitments", "tokens_digest")


@dataclass
class RecordVerdict:
    """What checking an exported record (JSON Lines) found. It proves only the
    record's internal chain: that no event was changed, added or taken out
    between its first and its last line. Whether the last line is the game's
    newest event needs the store and the key (the anchor) or a receipt."""

    events: int = 0
    checked: int = 0               # events whose hash was recomputed from what the record shows
    problems: list[Problem] = field(default_factory=list)
    unchecked: list[int] = field(default_factory=list)   # versions shown without a hash (hidden under a bare one)

    @property
    def ok(self) -> bool:
        return not self.problems


def _event_fields(line: dict[str, Any]) -> dict[str, Any]:
    """The stored event's own fields in an exported line (a fork mark's
    move, its field ``at``, is written ``fork_at`` beside the line's time)."""
    fields = {k: v for k, v in line.items() if k not in _LINE_META}
    if "fork_at" in fields:
        fields["at"] = fields.pop("fork_at")
    return fields


def line_hash(line: dict[str, Any], game_id: str) -> str | None:
    """An exported event's hash recomputed from the line, where it can be:
    not an older Started event, whose hash covers the token hashes the
    record leaves out, nor an older event after one whose bare hash was left
    out (its own hash covers that one)."""
    if "committed" not in line and (line["event"] == "Started" or "prev_hash" not in line):
        return None
    if line["event"] == "Forked" and not isinstance(line.get("at"), str):
        # An older export let a fork mark's move (its field ``at``) take the
        # place of its time in the line: without the time it cannot be hashed.
        return None
    if "committed" not in line:
        fields = _event_fields(line)
        fields.update(originator_id=game_id, originator_version=line["version"],
                      timestamp=str(datetime.fromisoformat(line["at"])))
        return event_hash(line["event"], fields)
    fields = _event_fields(line)
    fields.update(originator_id=game_id, originator_version=line["version"],
                  timestamp=str(datetime.fromisoformat(line["at"])), committed=line["committed"])
    if line["event"] == "Started":
        fields["originator_topic"] = TOPIC
    if "tokens_digest" in line:
        fields["tokens"] = line["tokens_digest"]
    commitments = dict(line.get("commitments") or {})
    for key, salt in (line.get("salts") or {}).items():
        path = tuple(json.loads(key))
        commitments[key] = hidden_commitment(salt, path, value_at(line["move"], path))
    if line["committed"]:
        if set(commitments) != set(line["committed"]):
            return ""
        fields["move"] = with_commitments(line["move"], commitments)
    return event_hash(line["event"], fields)


def verify_jsonl(text: str) -> RecordVerdict:
    """Check an exported record's chain: each event's hash recomputed from
    its line, and each line's ``prev_hash`` the hash before it."""
    verdict = RecordVerdict()
    previous: str | None = None
    game_id = None
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            line = None
        if not isinstance(line, dict):
            verdict.problems.append(Problem("unreadable", number, f"Line {number} is not a JSON object."))
            previous = None
            continue
        verdict.events += 1
        version = line.get("version", number)
        game_id = line.get("id", game_id)
        shown = line.get("hash")
        try:
            computed = line_hash(line, game_id)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            computed = ""           # a line missing what its hash covers (or holding the wrong kinds)
        if shown is None:
            verdict.unchecked.append(version)
        elif computed is not None:
            verdict.checked += 1
            if computed != shown:
                verdict.problems.append(Problem("hash_mismatch", version, f"Event {version} is not the event "
                                                "its hash was made for: the record was changed."))
        prev = line.get("prev_hash")
        if prev is not None and previous is not None and prev != previous:
            verdict.problems.append(Problem("hash_chain", version, f"Event {version} does not follow the event "
                                            "before it in this record: an event was changed, added or taken out."))
        previous = computed or shown
    return verdict

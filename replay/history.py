"""A game's history rebuilt from its stored events: the log, the state after
every effective move, and the answers to earlier requests (idempotency).

It is a projection kept in memory and brought up to date incrementally
(``feed`` the events after ``version``), so recording a move, undoing it or
asking for the state at move N costs the same in a long game as in a short
one. The table keeps a state every K moves and those since the last one
(domain.checkpoints); any other state is rebuilt from at most K - 1 moves.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from domain.record import GENESIS, SERVICE, GameRecord
from domain.rules import Game
from domain.table import Replayed, Table


@dataclass
class Entry:
    """One recorded move, as the log shows it."""

    number: int
    move: dict[str, Any]
    outcome: list[dict[str, Any]]
    recorded_by: str
    recorded_at: datetime
    request_id: str | None
    version: int
    undone: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)   # undo/redo of this move
    annotations: list[dict[str, Any]] = field(default_factory=list)

    @property
    def seat(self) -> str:
        return self.move.get("seat", "table")


@dataclass
class Answer:
    """What a write request answered, kept to answer its retries the same way."""

    kind: str                  # move | undo | redo | annotation
    version: int
    index: int | None = None
    outcome: list[dict[str, Any]] = field(default_factory=list)
    auto: list[int] = field(default_factory=list)
    taken_back: list[int] = field(default_factory=list)   # an undo's moves, the last first
    request: Any = None        # what was asked (the move, the comment): a retry must ask the same


@dataclass
class Problem:
    """A difference between the stored record and what the rules or the hash chain say."""

    kind: str
    version: int
    message: str
    move_index: int | None = None


class GameHistory:
    """Everything derived from one game's events, in memory. Its ``table``
    (domain.table) holds the record and the states; the service's writes go
    through that table, and their events are then fed back here for the log."""

    def __init__(self, started: Any, verify: bool = False):
        self.id = started.originator_id
        self.table = Table.from_started(started)
        self.game: Game = self.table.game
        self.started = started
        self.verify = verify
        self.entries: list[Entry] = []
        self.effective: list[int] = []
        # What changed when, for readers that already hold the game up to a
        # version (``?since=V``): the version at which each effective move
        # became effective (ascending, as moves only come and go at the end),
        # every (version, move number) that recorded, undid, redid or
        # commented on a move, and the version of the last change of state.
        self.effective_since: list[int] = []
        self.touched: list[tuple[int, int]] = []
        self.state_version = 0
        self.answers: dict[str, Answer] = {}
        self.callers: dict[str, Any] = {}   # the service's: each token of this game already checked, and whose it is
        self.tokens: dict[str, str] = dict(started.tokens)   # each role's token hash now (seat links change)
        self.problems: list[Problem] = []
        self.revealed: dict[str, Any] | None = None     # a digital game's seed and salt, once over
        self._chained(started, GENESIS)
        self.last_at: datetime = started.timestamp

    @property
    def record(self) -> GameRecord:
        return self.table.record

    @property
    def states(self) -> list[Any]:
        return self.table.states

    @property
    def version(self) -> int:
        return self.record.version

    # -- reading events ---------------------------------------------------------
    def feed(self, events: Iterable[Any], applied: bool = False) -> None:
        """Take in stored events after ``version`` (or, ``applied``, events the
        service just triggered through ``table`` and saved: the table already
        holds their states)."""
        for domain_event in events:
            if not applied:
                if domain_event.originator_version <= self.record.version:
                    continue
                self._chained(domain_event, self.record.last_hash)
                replayed = self.table.replay(domain_event, check=self.verify)
                if replayed is not None:
                    self._judge(replayed, domain_event)
            getattr(self, "_on_" + type(domain_event).__name__)(domain_event)
            self.last_at = domain_event.timestamp

    def _chained(self, domain_event: Any, previous: str) -> None:
        if domain_event.prev_hash != previous:
            self.problems.append(Problem(
                "hash_chain", domain_event.originator_version,
                f"Event {domain_event.originator_version} ({type(domain_event).__name__}) does not "
                "follow the event before it: the stored record was changed."))

    def _judge(self, replayed: Replayed, e: Any) -> None:
        """What the rules now say of a replayed move, for the audit."""
        version, number = e.originator_version, replayed.number
        if replayed.refused is not None:
            self.problems.append(Problem(
                "illegal_move", version,
                f"Move {number} breaks the rules as they are now: {replayed.refused.message}", number))
        if replayed.failed is not None:
            self.problems.append(Problem(
                "unreplayable", version, f"Move {number} cannot be replayed: {replayed.failed!r}", number))
        elif self.verify and replayed.outcome != e.outcome:
            self.problems.append(Problem(
                "outcome_differs", version,
                f"Move {number}: the rules now give {replayed.outcome}, the record holds {e.outcome}.", number))

    def _on_SeedRevealed(self, e: Any) -> None:
        self.revealed = {"seed": e.seed, "salt": e.salt, "version": e.originator_version}

    def _on_MoveRecorded(self, e: Any) -> None:
        self.entries.append(Entry(e.number, e.move, e.outcome, e.recorded_by, e.timestamp, e.request_id,
                                  e.originator_version))
        self._effective(e.originator_version, e.number)
        answer = self.answers.get(e.request_id) if e.request_id else None
        if e.request_id and (answer is None or e.recorded_by != SERVICE):
            self.answers[e.request_id] = Answer("move", e.originator_version, e.number, e.outcome, request=e.move)
        elif answer is not None:
            answer.auto.append(e.number)
            answer.version = e.originator_version

    def _on_MoveUndone(self, e: Any) -> None:
        entry = self.entry(e.number)
        self.effective.pop()
        self.effective_since.pop()
        self._touch(e.originator_version, e.number)
        entry.undone = True
        entry.history.append({"event": "undone", "version": e.originator_version,
                              "by": e.recorded_by, "at": e.timestamp})
        if e.request_id:
            # Taking back several moves is one request: its undo events share its id.
            first = self.answers.get(e.request_id)
            taken = first.taken_back if first is not None and first.kind == "undo" else []
            self.answers[e.request_id] = Answer("undo", e.originator_version, e.number,
                                                taken_back=[*taken, e.number])

    def _on_MoveRedone(self, e: Any) -> None:
        entry = self.entry(e.number)
        entry.undone = False
        entry.history.append({"event": "redone", "version": e.originator_version,
                              "by": e.recorded_by, "at": e.timestamp})
        self._effective(e.originator_version, e.number)
        if e.request_id:
            self.answers[e.request_id] = Answer("redo", e.originator_version, e.number)

    def _on_Forked(self, e: Any) -> None:
        """Where the game came from is kept on ``record.forked_from``; the
        moves copied from the origin follow as ordinary MoveRecorded events."""

    def _on_SeatLinkChanged(self, e: Any) -> None:
        self.tokens.pop(f"seat:{e.seat}", None)
        self.tokens.update(e.tokens)
        self.callers.clear()          # a token checked before may be the one revoked
        if e.request_id:
            self.answers[e.request_id] = Answer("seat_link", e.originator_version)

    def _on_Annotated(self, e: Any) -> None:
        note = {"text": e.text, "by": e.recorded_by, "at": e.timestamp, "version": e.originator_version}
        if e.number:
            self.entry(e.number).annotations.append(note)
            self.touched.append((e.originator_version, e.number))
        if e.request_id:
            self.answers[e.request_id] = Answer("annotation", e.originator_version, e.number,
                                                request={"move_index": e.number, "text": e.text})

    def _effective(self, version: int, number: int) -> None:
        """Move ``number`` became effective at ``version`` (recorded or redone)."""
        self.effective.append(number)
        self.effective_since.append(version)
        self._touch(version, number)

    def _touch(self, version: int, number: int) -> None:
        self.touched.append((version, number))
        self.state_version = version

    # -- asking -------------------------------------------------------------------
    def changed_since(self, version: int) -> list[int]:
        """The numbers of the moves recorded, undone, redone or commented on
        after ``version``, in order."""
        start = bisect_right(self.touched, (version, float("inf")))
        return sorted({number for _, number in self.touched[start:]})

    def changed_page(self, version: int, limit: int) -> tuple[list[int], int | None]:
        """The first ``limit`` moves changed after ``version`` (in the order
        of their first change then, returned by number), and the version to
        ask the next page after (None: there are no more). A move changed
        again after that version comes again in a later page, as it is then."""
        start = bisect_right(self.touched, (version, float("inf")))
        numbers: dict[int, None] = {}
        last = version
        for touched_at, number in self.touched[start:]:
            if number not in numbers and len(numbers) == limit:
                return sorted(numbers), last
            numbers[number] = None
            last = touched_at
        return sorted(numbers), None

    def kept_since(self, version: int) -> int:
        """How many effective moves are the same as at ``version``: the
        effective moves are those of then up to the first undone since, and
        what came after."""
        return bisect_right(self.effective_since, version)

    def entry(self, number: int) -> Entry:
        return self.entries[number - 1]

    @property
    def state(self) -> Any:
        return self.states[-1]

    def applied_at(self, at: int | None) -> int:
        """How many effective moves have numbers <= ``at`` (all when None)."""
        if at is None:
            return len(self.effective)
        return bisect_right(self.effective, at)

    def state_at(self, at: int | None) -> Any:
        return self.states[self.applied_at(at)]

    def move_number_of_ply(self, ply: int) -> int | None:
        return self.effective[ply] if 0 <= ply < len(self.effective) else None

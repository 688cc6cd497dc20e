"""A game's history rebuilt from its stored events: the log, the state after
every effective move, and the answers to earlier requests (idempotency).

It is a projection kept in memory and brought up to date incrementally
(``feed`` the events after ``version``), so recording a move, undoing it or
asking for the state at move N costs the same in a long game as in a short
one. States share structure, so keeping one per effective move is cheap.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from domain.games import get_game
from domain.record import GENESIS, SERVICE, GameRecord
from domain.rules import Game, RuleViolation


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
    states: int = 0            # how many effective moves the state in the answer had
    request: Any = None        # what was asked (the move, the comment): a retry must ask the same


@dataclass
class Problem:
    """A difference between the stored record and what the rules or the hash chain say."""

    kind: str
    version: int
    message: str
    move_index: int | None = None


class GameHistory:
    """Everything derived from one game's events, in memory."""

    def __init__(self, started: Any, verify: bool = False):
        self.id = started.originator_id
        self.game: Game = get_game(started.game)
        self.started = started
        self.verify = verify
        # States this process already computed for events it is saving, by
        # version: feeding those events back takes them instead of applying
        # the move a second time.
        self.computed: dict[int, Any] = {}
        self.record: GameRecord | None = None
        self.entries: list[Entry] = []
        self.effective: list[int] = []
        self.states: list[Any] = []
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
        self.last_at: datetime = started.timestamp
        self.feed([started])

    @property
    def version(self) -> int:
        return self.record.version

    # -- reading events ---------------------------------------------------------
    def feed(self, events: Iterable[Any], applied: bool = False) -> None:
        """Take in stored events (or, ``applied``, events this process just
        triggered on ``record`` and saved)."""
        for domain_event in events:
            if not applied:
                if self.record is not None and domain_event.originator_version <= self.record.version:
                    continue
                previous = self.record.last_hash if self.record is not None else GENESIS
                if domain_event.prev_hash != previous:
                    self.problems.append(Problem(
                        "hash_chain", domain_event.originator_version,
                        f"Event {domain_event.originator_version} ({type(domain_event).__name__}) does not "
                        "follow the event before it: the stored record was changed."))
                self.record = domain_event.mutate(self.record)
            getattr(self, "_on_" + type(domain_event).__name__)(domain_event)
            self.last_at = domain_event.timestamp
        self.computed.clear()

    def _on_Started(self, e: Any) -> None:
        self.states = [self.game.setup(e.players, e.options)]
        self.revealed: dict[str, Any] | None = None     # a digital game's seed and salt, once over

    def _on_SeedRevealed(self, e: Any) -> None:
        self.revealed = {"seed": e.seed, "salt": e.salt, "version": e.originator_version}

    def _on_MoveRecorded(self, e: Any) -> None:
        entry = Entry(e.number, e.move, e.outcome, e.recorded_by, e.timestamp, e.request_id,
                      e.originator_version)
        self.entries.append(entry)
        self._reapply(entry, e.outcome, e.originator_version)
        answer = self.answers.get(e.request_id) if e.request_id else None
        if e.request_id and (answer is None or e.recorded_by != SERVICE):
            self.answers[e.request_id] = Answer("move", e.originator_version, e.number, e.outcome,
                                                states=len(self.states) - 1, request=e.move)
        elif answer is not None:
            answer.auto.append(e.number)
            answer.version = e.originator_version
            answer.states = len(self.states) - 1

    def _reapply(self, entry: Entry, stored_outcome: list[dict[str, Any]], version: int) -> None:
        self.effective_since.append(version)
        self._touch(version, entry.number)
        state = self.states[-1]
        computed = self.computed.pop(version, None)
        if computed is not None and not self.verify:
            self.states.append(computed)
            self.effective.append(entry.number)
            return
        if self.verify:
            try:
                self.game.check(state, entry.move)
            except RuleViolation as violation:
                self.problems.append(Problem(
                    "illegal_move", version,
                    f"Move {entry.number} breaks the rules as they are now: {violation.message}", entry.number))
        try:
            new, outcome = self.game.apply(state, entry.move)
        except Exception as error:  # a record the current rules cannot replay at all
            self.problems.append(Problem(
                "unreplayable", version, f"Move {entry.number} cannot be replayed: {error!r}", entry.number))
            new, outcome = state, stored_outcome
        if self.verify and outcome != stored_outcome:
            self.problems.append(Problem(
                "outcome_differs", version,
                f"Move {entry.number}: the rules now give {outcome}, the record holds {stored_outcome}.",
                entry.number))
        self.states.append(new)
        self.effective.append(entry.number)

    def _on_MoveUndone(self, e: Any) -> None:
        entry = self.entry(e.number)
        self.effective.pop()
        self.effective_since.pop()
        self.states.pop()
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
        self._reapply(entry, e.outcome, e.originator_version)
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

    def _touch(self, version: int, number: int) -> None:
        self.touched.append((version, number))
        self.state_version = version

    # -- asking -------------------------------------------------------------------
    def changed_since(self, version: int) -> list[int]:
        """The numbers of the moves recorded, undone, redone or commented on
        after ``version``, in order."""
        start = bisect_right(self.touched, (version, float("inf")))
        return sorted({number for _, number in self.touched[start:]})

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

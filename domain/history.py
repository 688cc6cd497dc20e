"""A game's history rebuilt from its stored events: the log, the state after
every effective move, and the answers to earlier requests (idempotency).

It is a projection kept in memory and brought up to date incrementally
(``feed`` the events after ``version``), so recording a move, undoing it or
asking for the state at move N costs the same in a long game as in a short
one. The table keeps a state every K moves and those since the last one
(domain.checkpoints); any other state is rebuilt from at most K - 1 moves.

Given ``read`` (the service's way to read the game's events from the store),
a history keeps only what a request needs at once, so a cached game's memory
stays small: compact indexes (which move is effective at each ply, when each
move changed, where each move's event is), the newest answers, entries and
moves, the newest checkpoint and the states since. Everything older is read
again from the store when asked for (an old retry's answer, the log, a
state before the newest checkpoint), and the whole of it can be written down
(``checkpoint``) and taken up again (``restored``) so that a cold start reads
only the events after it. Such a history trusts the stored hash chain on
load and hashes only the newest event: verify and audit check the chain.
"""
from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Iterable, Iterator

from cachetools import LRUCache

from domain.checkpoints import replayed
from domain.record import GENESIS, SERVICE, GameRecord, hash_of
from domain.rules import Game, Move
from domain.table import Replayed, Table, setup

Reader = Callable[[int, "int | None"], Iterable[Any]]
"""``read(after, upto)``: the game's stored events with versions after
``after`` up to ``upto`` (None: to the end), in order, read a page at a time."""

StoredCheckpoint = Callable[[int, int], Any]
"""``checkpoint_at(ply, number)``: the state at ply ``ply`` kept in the store,
if one is there and still fits (the effective move of that ply is
``number``), else None."""

KEPT_ANSWERS = 32
"""Answers kept in memory: a retry of an older request is answered from the store."""
KEPT_ENTRIES = 16
"""Log entries kept in memory (the newest: the answer's auto moves, undo's last move)."""
KEPT_MOVES = 16
"""Recorded moves kept in memory (the newest: a redo's move)."""
INDEX = "i"
"""The type of a history's compact indexes (``GameHistory.INDEXES``: versions
and move numbers), 32-bit numbers: a game's record stays far below 2^31
events, and a head checkpoint pickles and compresses half the bytes 64-bit
ones took (the pickle an index is written as holds its bytes as they are)."""


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

    def __reduce__(self) -> tuple[Any, ...]:
        # Written down (a checkpoint keeps the newest answers) as its fields
        # in order, not as a dictionary of them; one written before as a
        # dictionary reads back as it always did.
        return Answer, (self.kind, self.version, self.index, self.outcome, self.auto, self.taken_back, self.request)


@dataclass
class Problem:
    """A difference between the stored record and what the rules or the hash chain say."""

    kind: str
    version: int
    message: str
    move_index: int | None = None


def request_key(request_id: str) -> int:
    """A request id as 64 bits: kept for every request of a game, so a new
    key is known to be new without reading the store."""
    return int.from_bytes(hashlib.blake2b(request_id.encode(), digest_size=8).digest(), "big", signed=True)


class Kept(LRUCache):
    """The ``size`` most recently used items of a map; a missing key is asked
    of ``load`` (KeyError when there is none) and kept."""

    def __init__(self, size: int, load: Callable[[Any], Any]):
        super().__init__(maxsize=size)
        self.load = load

    def __missing__(self, key: Any) -> Any:
        value = self.load(key)
        self[key] = value
        return value

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "load": None}       # ``load`` belongs to the process


class Answers:
    """The answers to a game's write requests, the newest ``size`` of them in
    memory, each older one rebuilt from the store (``load``) when its retry
    comes; a 64-bit digest of every request id tells a new key from an old one."""

    _last: tuple[str, int] | None = None
    """The last request id asked about and its key: a write asks whether its
    id is new, then adds its answer (the key reckoned once)."""

    def __init__(self, load: Callable[[str], "Answer | None"], size: int = KEPT_ANSWERS):
        self.load, self.size = load, size
        self.kept: LRUCache = LRUCache(maxsize=size)
        self.seen = array("q")          # sorted

    def _key(self, request_id: str) -> int:
        last = self._last
        if last is None or last[0] != request_id:
            last = self._last = (request_id, request_key(request_id))
        return last[1]

    def get(self, request_id: str) -> "Answer | None":
        """Only a kept answer (the events of one request follow each other)."""
        return self.kept.get(request_id)

    def __setitem__(self, request_id: str, answer: "Answer") -> None:
        key = self._key(request_id)
        at = bisect_left(self.seen, key)
        if at == len(self.seen) or self.seen[at] != key:
            self.seen.insert(at, key)
        self._keep(request_id, answer)

    def _keep(self, request_id: str, answer: "Answer") -> None:
        self.kept[request_id] = answer

    def __contains__(self, request_id: str) -> bool:
        if request_id in self.kept:
            return True
        key = self._key(request_id)
        at = bisect_left(self.seen, key)
        if at == len(self.seen) or self.seen[at] != key:
            return False
        answer = self.load(request_id)
        if answer is not None:
            self._keep(request_id, answer)
        return answer is not None

    def __getitem__(self, request_id: str) -> "Answer":
        if request_id not in self:
            raise KeyError(request_id)
        return self.kept[request_id]

    def __getstate__(self) -> dict[str, Any]:
        return {"size": self.size, "kept": self.kept, "seen": self.seen}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, load=None)


# -- what each event does to the answers and to its move's log entry -------------------
def answer_move(answers: Any, e: Any) -> None:
    answer = answers.get(e.request_id)
    if answer is None or e.recorded_by != SERVICE:
        answers[e.request_id] = Answer("move", e.originator_version, e.number, e.outcome, request=e.move)
    else:
        answer.auto.append(e.number)
        answer.version = e.originator_version


def answer_undo(answers: Any, e: Any) -> None:
    # Taking back several moves is one request: its undo events share its id.
    first = answers.get(e.request_id)
    taken = first.taken_back if first is not None and first.kind == "undo" else []
    answers[e.request_id] = Answer("undo", e.originator_version, e.number, taken_back=[*taken, e.number])


ANSWERS: dict[type, Callable[[Any, Any], None]] = {
    GameRecord.MoveRecorded: answer_move,
    GameRecord.MoveUndone: answer_undo,
    GameRecord.MoveRedone: lambda answers, e: answers.__setitem__(e.request_id, Answer("redo", e.originator_version,
                                                                              e.number)),
    GameRecord.SeatLinkChanged: lambda answers, e: answers.__setitem__(e.request_id, Answer(
        "seat_link", e.originator_version, request={"seat": e.seat, "revoke": not e.tokens})),
    GameRecord.Annotated: lambda answers, e: answers.__setitem__(e.request_id, Answer(
        "annotation", e.originator_version, e.number, request={"move_index": e.number, "text": e.text})),
}
"""How each kind of event answers its request (``request_id``)."""


def new_entry(e: Any, outcome: Any = None) -> Entry:
    """A move's entry; ``outcome``, where given, the stored one as the rules gave it again (its sentences by id)."""
    return Entry(e.number, e.move, e.outcome if outcome is None else outcome, e.recorded_by, e.timestamp,
                 e.request_id, e.originator_version)


def _changed(entry: Entry, e: Any, undone: bool) -> None:
    entry.undone = undone
    entry.history.append({"event": "undone" if undone else "redone", "version": e.originator_version,
                          "by": e.recorded_by, "at": e.timestamp})


def _noted(entry: Entry, e: Any) -> None:
    entry.annotations.append({"text": e.text, "by": e.recorded_by, "at": e.timestamp,
                              "version": e.originator_version})


ENTRY_CHANGES: dict[type, Callable[[Entry, Any], None]] = {
    GameRecord.MoveUndone: lambda entry, e: _changed(entry, e, True),
    GameRecord.MoveRedone: lambda entry, e: _changed(entry, e, False),
    GameRecord.Annotated: _noted,
}
"""What each kind of event does to the log entry of the move it names."""


class StoredEntries(Sequence):
    """A history's log entries read from the store (see GameHistory): it
    reads like the list of every recorded move's entry."""

    def __init__(self, hist: "GameHistory"):
        self.hist = hist

    def __len__(self) -> int:
        return self.hist.record.moves

    def __getitem__(self, key: int | slice) -> Any:
        numbers = range(1, len(self) + 1)[key]
        return self.hist.entries_of(numbers) if isinstance(key, slice) else self.hist.entry(numbers)

    def __iter__(self) -> Iterator[Entry]:
        yield from self.hist.built_entries(None)


class GameHistory:
    """Everything derived from one game's events, in memory. Its ``table``
    (domain.table) holds the record and the states; the service's writes go
    through that table, and their events are then fed back here for the log.
    With ``read``, older parts are read back from the store (module doc)."""

    def __init__(self, started: Any, verify: bool = False, read: Reader | None = None,
                 checkpoint_at: StoredCheckpoint | None = None, trusted: bool = False):
        self.id = started.originator_id
        self.read, self.checkpoint_at = read, checkpoint_at
        # The store's own events (verify and audit check their chain): fed
        # unhashed, the chain checked where they join on, the last one hashed.
        self.trusted = trusted or read is not None
        self.started = started
        self.verify = verify
        self.said_outcome: Any = None
        """The outcome of the move being taken in as the rules just gave it
        again: the same facts as the stored ones, their sentences by id."""
        if read is None:
            self.table = Table.from_started(started)
            self.entries: Any = []
            self.answers: Any = {}
        else:
            self.table = Table.from_started(started, Kept(KEPT_MOVES, self._stored_move), self._earlier)
            self.entries = StoredEntries(self)
            self._kept_entries: LRUCache = LRUCache(maxsize=KEPT_ENTRIES)
            self.answers = Answers(self._stored_answer)
        self.game: Game = self.table.game
        self.effective = array(INDEX)
        # What changed when, for readers that already hold the game up to a
        # version (``?since=V``): the version at which each effective move
        # became effective (ascending, as moves only come and go at the end),
        # every (version, move number) that recorded, undid, redid or
        # commented on a move, and the version of the last change of state;
        # and the version of each move's MoveRecorded event.
        self.effective_since = array(INDEX)
        self.touched_versions, self.touched_numbers = array(INDEX), array(INDEX)
        self.recorded = array(INDEX)
        self.state_version = 0
        self.callers: dict[str, Any] = {}   # the service's: each token of this game already checked, and whose it is
        self.tokens: dict[str, str] = dict(started.tokens)   # each role's token hash now (seat links change)
        self.problems: list[Problem] = []
        self.revealed: dict[str, Any] | None = None     # a digital game's seed and salt, once over
        self.accepted: list[dict[str, Any]] = []       # operators' HeadAccepted decisions among the events fed
        self._chained(started, GENESIS)
        self.last_at: datetime = started.timestamp
        # The service's, for its stored checkpoints (service.store.snapshots):
        # the version of the newest head checkpoint written, and the move
        # of each ply whose checkpoint this process wrote.
        self.checkpointed = 0
        self.written_plies: dict[int, int] = {}

    @property
    def record(self) -> GameRecord:
        return self.table.record

    @property
    def states(self) -> Any:
        return self.table.states

    @property
    def version(self) -> int:
        return self.record.version

    # -- a history written down and taken up again ------------------------------------
    SAVED = ("effective", "effective_since", "touched_versions", "touched_numbers", "recorded", "state_version",
             "tokens", "revealed", "last_at", "answers")
    INDEXES = ("effective", "effective_since", "touched_versions", "touched_numbers", "recorded")
    """The compact indexes among ``SAVED`` (arrays of ``INDEX``)."""

    def checkpoint(self) -> dict[str, Any]:
        """Everything this history holds, as plain data (a stored history's;
        what the store holds anyway, the log entries, is left out)."""
        states = self.states
        return {"record": self.record, "moves": self.table.moves, "base": states.base,
                "checkpoints": states.checkpoints, "since_base": states.moves,
                **{name: getattr(self, name) for name in self.SAVED}}

    @classmethod
    def restored(cls, started: Any, saved: dict[str, Any], read: Reader,
                 checkpoint_at: StoredCheckpoint | None = None) -> GameHistory:
        """The history ``checkpoint`` wrote down, reading from ``read`` again."""
        hist = cls(started, read=read, checkpoint_at=checkpoint_at)
        for name in cls.SAVED:
            setattr(hist, name, saved[name])
        for name in cls.INDEXES:
            if saved[name].typecode != INDEX:         # written before as 64-bit numbers
                setattr(hist, name, array(INDEX, saved[name]))
        hist.answers.load = hist._stored_answer
        hist.table.record = saved["record"]
        hist.table.moves = saved["moves"]
        hist.table.moves.load = hist._stored_move
        states = hist.states
        states.base, states.checkpoints, states.moves = saved["base"], list(saved["checkpoints"]), \
            list(saved["since_base"])
        states.restore(states.base, states.checkpoints[0])
        return hist

    # -- reading events ---------------------------------------------------------
    def feed(self, events: Iterable[Any], applied: bool = False, head: str | None = None) -> None:
        """Take in stored events after ``version`` (or, ``applied``, events the
        service just triggered through ``table`` and saved: the table already
        holds their states). ``head``: the last event's hash, where its keyed
        anchor holds it, for a trusted history not to compute it again."""
        stored = self.trusted
        last = None
        for domain_event in events:
            if not applied:
                if domain_event.originator_version <= self.record.version:
                    continue
                if not stored or last is None:      # a stored history checks where the events join on
                    self._chained(domain_event, self.record.last_hash)
                replayed_ = self.table.replay(domain_event, check=self.verify, hashed=not stored)
                if replayed_ is not None:
                    self._judge(replayed_, domain_event)
                    if replayed_.failed is None and replayed_.outcome == getattr(domain_event, "outcome", None):
                        self.said_outcome = replayed_.outcome
                last = domain_event
            ON_EVENT[type(domain_event)](self, domain_event)
            self.said_outcome = None
            if getattr(domain_event, "request_id", None):
                ANSWERS[type(domain_event)](self.answers, domain_event)
            self.last_at = domain_event.timestamp
        if stored and last is not None:
            self.record.last_hash = head or hash_of(last)
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

    def _on_seed_revealed(self, e: Any) -> None:
        self.revealed = {"seed": e.seed, "salt": e.salt, "version": e.originator_version}

    def _on_move_recorded(self, e: Any) -> None:
        entry = new_entry(e, self.said_outcome)
        if self.read is None:
            self.entries.append(entry)
        else:
            self._keep_entry(entry)
        self.recorded.append(e.originator_version)
        self._effective(e.originator_version, e.number)

    def _on_move_undone(self, e: Any) -> None:
        self.effective.pop()
        self.effective_since.pop()
        self._touch(e.originator_version, e.number)
        self._change_entry(e)

    def _on_move_redone(self, e: Any) -> None:
        self._effective(e.originator_version, e.number)
        self._change_entry(e)

    def _on_forked(self, e: Any) -> None:
        """Where the game came from is kept on ``record.forked_from``; the
        moves copied from the origin follow as ordinary MoveRecorded events."""

    def _on_head_accepted(self, e: Any) -> None:
        """An operator took the head as the record's end (the audit shows it): no move changes."""
        self.accepted.append({"version": e.originator_version, "by": e.recorded_by, "why": e.why,
                              "found": list(e.found)})

    def _on_seat_link_changed(self, e: Any) -> None:
        self.tokens.pop(f"seat:{e.seat}", None)
        self.tokens.update(e.tokens)
        self.callers.clear()          # a token checked before may be the one revoked

    def _on_annotated(self, e: Any) -> None:
        if e.number:
            self._change_entry(e)
            self._touched(e.originator_version, e.number)

    def _change_entry(self, e: Any) -> None:
        entry = self.entries[e.number - 1] if self.read is None else self._kept_entries.get(e.number)
        if entry is not None:
            ENTRY_CHANGES[type(e)](entry, e)

    def _effective(self, version: int, number: int) -> None:
        """Move ``number`` became effective at ``version`` (recorded or redone)."""
        self.effective.append(number)
        self.effective_since.append(version)
        self._touch(version, number)

    def _touch(self, version: int, number: int) -> None:
        self._touched(version, number)
        self.state_version = version

    def _touched(self, version: int, number: int) -> None:
        self.touched_versions.append(version)
        self.touched_numbers.append(number)

    # -- what a stored history reads back ------------------------------------------------
    def _keep_entry(self, entry: Entry) -> None:
        self._kept_entries[entry.number] = entry

    def built_entries(self, numbers: Iterable[int] | None, upto: int | None = None) -> Iterator[Entry]:
        """The log entries of moves ``numbers`` (None: every move), by number,
        built from the events that name them, read from the store in one pass
        from the first of them; each entry goes out as soon as it and those
        before it are complete (no later event names them), so the whole log
        is never held. ``upto``: as they were at that version (a reader's
        view while this process's writes go on)."""
        wanted = None if numbers is None else set(numbers)
        if wanted is not None and not wanted:
            return
        last_touch: dict[int, int] = {}
        for version, number in zip(self.touched_versions, self.touched_numbers):
            if (wanted is None or number in wanted) and (upto is None or version <= upto):
                last_touch[number] = version
        first = 0 if wanted is None else self.recorded[min(wanted) - 1] - 1
        built: dict[int, Entry] = {}
        done: dict[int, Entry] = {}
        order, ready = sorted(last_touch), 0
        for e in self.read(first, max(last_touch.values(), default=first)):
            number = getattr(e, "number", None)
            if number not in last_touch:
                continue
            kind = type(e)
            if kind is GameRecord.MoveRecorded:
                built[number] = new_entry(e)
            elif kind in ENTRY_CHANGES and number in built:
                ENTRY_CHANGES[kind](built[number], e)
            if e.originator_version == last_touch[number] and number in built:
                done[number] = built.pop(number)
                while ready < len(order) and order[ready] in done:
                    yield done.pop(order[ready])
                    ready += 1

    def entries_of(self, numbers: Iterable[int]) -> list[Entry]:
        """The log entries of these moves, in this order."""
        numbers = list(numbers)
        if self.read is None:
            return [self.entries[n - 1] for n in numbers]
        kept = {n: e for n in numbers if (e := self._kept_entries.get(n)) is not None}
        kept.update((entry.number, entry) for entry in self.built_entries([n for n in numbers if n not in kept]))
        return [kept[n] for n in numbers]

    def entries_upto(self, version: int) -> Iterable[Entry]:
        """Every move's entry as it was at ``version``, in order."""
        return self.entries if self.read is None else self.built_entries(None, version)

    def _stored_move(self, number: int) -> Move:
        if not 1 <= number <= self.record.moves:
            raise KeyError(number)
        return self.entry(number).move

    def _stored_answer(self, request_id: str) -> Answer | None:
        """The answer to ``request_id`` rebuilt from every stored event of that request."""
        answers: dict[str, Answer] = {}
        for e in self.read(0, self.version):
            if getattr(e, "request_id", None) == request_id:
                ANSWERS[type(e)](answers, e)
        return answers.get(request_id)

    def _earlier(self, start: int, end: int) -> tuple[Any, list[Move]]:
        """domain.checkpoints.Earlier: the state at ply ``start`` (a stored
        checkpoint when one fits, else replayed from the start) and the
        effective moves up to ``end``."""
        state = self.checkpoint_at(start, self.effective[start - 1]) if start and self.checkpoint_at else None
        begin = start if state is not None else 0
        moves = self.effective_moves(begin, end)
        if state is None:
            state = setup(self.game, self.started.players, self.started.options, self.table.rules_version)
            for move in moves[:start]:
                state = replayed(self.game, state, move)
            if start:
                self.states.reached.append((start, state))    # the stored one did not fit: to write again
        return state, moves[start - begin:]

    def effective_moves(self, begin: int, end: int) -> list[Move]:
        """The effective moves of plies ``begin + 1`` .. ``end``, read from the
        store (their events come in the order of the plies)."""
        numbers = self.effective[begin:end]
        if not numbers:
            return []
        wanted, found = set(numbers), {}
        for e in self.read(self.recorded[numbers[0] - 1] - 1, self.recorded[numbers[-1] - 1]):
            if type(e) is GameRecord.MoveRecorded and e.number in wanted:
                found[e.number] = e.move
        return [found[n] for n in numbers]

    # -- asking -------------------------------------------------------------------
    def changed_since(self, version: int) -> list[int]:
        """The numbers of the moves recorded, undone, redone or commented on
        after ``version``, in order."""
        start = bisect_right(self.touched_versions, version)
        return sorted(set(self.touched_numbers[start:]))

    def changed_page(self, version: int, limit: int) -> tuple[list[int], int | None]:
        """The first ``limit`` moves changed after ``version`` (in the order
        of their first change then, returned by number), and the version to
        ask the next page after (None: there are no more). A move changed
        again after that version comes again in a later page, as it is then."""
        start = bisect_right(self.touched_versions, version)
        numbers: dict[int, None] = {}
        last = version
        for touched_at, number in zip(self.touched_versions[start:], self.touched_numbers[start:]):
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
        if self.read is None:
            return self.entries[number - 1]
        if not 1 <= number <= self.record.moves:
            raise IndexError(f"There is no move {number}.")
        entry = self._kept_entries.get(number)
        if entry is None:
            entry = self.entries_of([number])[0]
            self._keep_entry(entry)
        return entry

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


ON_EVENT: dict[type, Callable[[GameHistory, Any], None]] = {
    GameRecord.SeedRevealed: GameHistory._on_seed_revealed,
    GameRecord.MoveRecorded: GameHistory._on_move_recorded,
    GameRecord.MoveUndone: GameHistory._on_move_undone,
    GameRecord.MoveRedone: GameHistory._on_move_redone,
    GameRecord.Forked: GameHistory._on_forked,
    GameRecord.SeatLinkChanged: GameHistory._on_seat_link_changed,
    GameRecord.HeadAccepted: GameHistory._on_head_accepted,
    GameRecord.Annotated: GameHistory._on_annotated,
}
"""What each kind of a game's event does to its history, by the event's type."""

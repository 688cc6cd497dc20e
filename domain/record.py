"""The record of one game: an eventsourcing aggregate whose events are the
only thing tablelog stores. Nothing is ever updated or deleted; undo and redo
are events too.

Every event carries ``prev_hash``, the SHA-256 of the previous event in
canonical JSON, so an audit can prove that the stored log was not edited.
Events stored since hidden values are committed carry ``salts`` (a move's
hidden places, each with its own salt): their hash covers each hidden value's
salted commitment instead of the value, and the token hashes' digest instead
of the token hashes, so an export that hides the value (and the tokens) still
shows a hash anyone can recompute, and that reveals nothing. Older events
keep their bare hashes.

The aggregate stays small on purpose (a cached ``repository.get`` deep-copies
it): it keeps the undo and redo stacks as short strings of move numbers, not
the moves. The moves live in the events; states are rebuilt by replay.
"""
from __future__ import annotations

import functools
import hashlib
import json
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import get_topic

from domain.commitment import canonical_bytes, hidden_commitment, value_at, with_commitments

GENESIS = "0" * 64
SERVICE = "service"
"""Who recorded a move the service made itself (a digital mode deal or roll)."""
SCOREKEEPER = "scorekeeper"
"""Who records a table game's moves (and who starts every game)."""


def event_hash(name: str, fields: dict[str, Any]) -> str:
    """SHA-256 over the canonical JSON of an event's name and fields (keys
    sorted, no spaces, ids and times as their text)."""
    return hashlib.sha256(canonical_bytes({"event": name, **fields})).hexdigest()


def hash_of(domain_event: Any) -> str:
    return event_hash(type(domain_event).__name__, hashed_fields(domain_event.__dict__))


def hashed_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """What an event's hash covers: every field as stored (an event stored
    before commitments), else with the hidden values committed (see the
    module's doc)."""
    if "group" in fields:
        # Where the record is kept, not the game played: like its storage
        # key, out of the hash (and of the export).
        fields = {k: v for k, v in fields.items() if k != "group"}
    if "salts" not in fields:
        return fields
    salts = fields["salts"] or {}
    out = {k: v for k, v in fields.items() if k != "salts"}
    out["committed"] = sorted(salts)
    if salts:
        out["move"] = with_commitments(fields["move"], {
            key: hidden_commitment(salt, tuple(json.loads(key)), value_at(fields["move"], json.loads(key)))
            for key, salt in salts.items()})
    if "tokens" in out:
        out["tokens"] = tokens_digest(out["tokens"])
    return out


def tokens_digest(tokens: dict[str, str]) -> str:
    return "sha256:" + hashlib.sha256(canonical_bytes(tokens)).hexdigest()


class Stack:
    """A stack of move numbers kept as text ("1 2 5"), which is immutable, so
    copying the aggregate costs nothing however long the game. A number that
    ends in ``s`` was recorded by the service."""

    @staticmethod
    def push(stack: str, token: str) -> str:
        return f"{stack} {token}" if stack else token

    @staticmethod
    def top(stack: str) -> str | None:
        return stack.rpartition(" ")[2] or None

    @staticmethod
    def pop(stack: str) -> str:
        return stack.rpartition(" ")[0]

    @staticmethod
    def number(token: str) -> int:
        return int(token.rstrip("s"))


class ChainedEvent:
    """Keeps the aggregate's ``last_hash`` as each event is applied, both when
    a command triggers it and when the record is rebuilt from the store."""

    def mutate(self, aggregate):  # type: ignore[no-untyped-def]
        aggregate = super().mutate(aggregate)  # type: ignore[misc]
        aggregate.last_hash = hash_of(self)
        return aggregate


def unhashed_mutate(domain_event: Any, aggregate: Any) -> Any:
    """``domain_event`` applied to ``aggregate`` without recomputing its hash
    (a quarter of a long record's load): the service's load trusts the stored
    chain, which verify and audit check, and hashes only the last event it
    reads (``last_hash``, the next event's ``prev_hash``)."""
    return super(ChainedEvent, domain_event).mutate(aggregate)


class GameRecord(Aggregate):
    """One game: who plays what, and every move, undo, redo and comment."""

    seed_revealed = False       # a class default: snapshots taken before reveals existed lack it
    seed_commitment = None
    anchored = False            # likewise: games started before it was written

    def __getstate__(self) -> dict[str, Any]:
        """A record written down (a stored checkpoint's pickle, a copy) holds
        what is stored: events not saved yet belong to the save under way,
        as eventsourcing's own snapshots leave them out."""
        return {**self.__dict__, "_pending_events": []}

    def __copy__(self) -> GameRecord:
        """The copy ``copy.copy`` makes from ``__getstate__``, made directly
        (half the time)."""
        return type(self).restored(self.__dict__)

    @classmethod
    def restored(cls, fields: dict[str, Any]) -> GameRecord:
        """A record with ``fields`` (a record's ``__dict__``, or a copy of it
        a savepoint kept: domain.table), as ``__getstate__`` writes it down:
        no events pending."""
        record = object.__new__(cls)
        state = record.__dict__
        state.update(fields)
        state["_pending_events"] = []
        return record

    class Event(ChainedEvent, Aggregate.Event):
        pass

    class Created(ChainedEvent, Aggregate.Created):
        pass

    @event("Started")
    def __init__(self, game: str, rules_version: str, players: list[str], seats: list[str],
                 options: dict[str, Any], mode: str, seed: int | None, started_by: str,
                 tokens: dict[str, str],
                 prev_hash: str = GENESIS, id: UUID | None = None,  # noqa: A002
                 seed_commitment: str | None = None, salts: dict[str, str] | None = None,
                 anchored: bool = False, dealt_from: int | None = None, group: str | None = None):
        # ``group``: the group the game belongs to (domain.groups); older
        # Started events lack it and belong to the default group.
        # ``anchored``: the service keys this game's head from its first
        # event on (see HeadAnchor), so a missing anchor is never taken for a
        # game recorded before anchors. Older Started events lack it.
        # ``dealt_from``: a digital game imported from a record of a game not
        # yet over deals from a seed of its own the moves after the record's
        # last; the ones before were dealt by the seed of the game recorded.
        # ``tokens`` (SHA-256 of each token, by role) stays in the Started
        # event, where the service reads it; the aggregate need not copy it.
        # ``id``: eventsourcing takes a given id as the record's (a game made
        # for an idempotent request), else makes a new one; it is not stored
        # in the event.
        # ``seed``: only records stored before seeds were sealed hold it
        # here; a newer digital game keeps ``seed=None`` and a commitment to
        # its seed, which is sealed apart (SealedSeed) and revealed at the end.
        self.game = game
        self.rules_version = rules_version
        self.players = players
        self.seats = seats
        self.options = options
        self.mode = mode
        self.seed = seed
        self.seed_commitment = seed_commitment
        self.anchored = anchored
        self.started_by = started_by
        self.forked_from: dict[str, Any] | None = None   # set by a Forked event
        self.moves = 0          # move numbers handed out so far
        self.effective = ""     # Stack of effective move numbers
        self.undone = ""        # Stack of undone move numbers redo may restore
        self.annotations = 0

    @property
    def last_move(self) -> int | None:
        top = Stack.top(self.effective)
        return Stack.number(top) if top else None

    @property
    def last_move_by_service(self) -> bool:
        top = Stack.top(self.effective)
        return bool(top and top.endswith("s"))

    @property
    def redoable(self) -> int | None:
        top = Stack.top(self.undone)
        return Stack.number(top) if top else None

    def record_move(self, move: dict[str, Any], outcome: list[dict[str, Any]], recorded_by: str,
                    request_id: str | None = None, salts: dict[str, str] | None = None) -> int:
        """``salts``: a salt for each hidden place in the move (see hashed_fields)."""
        number = self.moves + 1
        self.trigger_event(self.MoveRecorded, number=number, move=move, outcome=outcome, recorded_by=recorded_by,
                           request_id=request_id, prev_hash=self.last_hash, salts=salts or {})
        return number

    class MoveRecorded(Event):
        """A move recorded: the one event of every move, so declared with its
        own ``apply`` and triggered directly (``trigger_event``), without the
        ``@event`` decorator's generic matching of arguments to fields on
        every trigger and every replay. Its fields, in this order, are the
        ones the decorated method declared before: the stored events and
        their hashes do not change."""
        number: int
        move: dict[str, Any]
        outcome: list[dict[str, Any]]
        recorded_by: str
        request_id: str | None
        prev_hash: str
        salts: dict[str, str] | None = None

        def apply(self, record: GameRecord) -> None:
            record.moves = self.number
            record.effective = Stack.push(record.effective,
                                          f"{self.number}s" if self.recorded_by == SERVICE else str(self.number))
            record.undone = ""

    def undo(self, recorded_by: str, request_id: str | None = None) -> int:
        number = self.last_move
        if number is None:
            raise NothingToUndo("There is no move to undo.")
        self._move_undone(number=number, recorded_by=recorded_by, request_id=request_id,
                          prev_hash=self.last_hash)
        return number

    @event("MoveUndone")
    def _move_undone(self, number: int, recorded_by: str, request_id: str | None, prev_hash: str) -> None:
        token = Stack.top(self.effective)
        self.effective = Stack.pop(self.effective)
        self.undone = Stack.push(self.undone, token)

    def redo(self, outcome: list[dict[str, Any]], recorded_by: str, request_id: str | None = None) -> int:
        number = self.redoable
        if number is None:
            raise NothingToUndo("There is no undone move to redo.")
        self._move_redone(number=number, outcome=outcome, recorded_by=recorded_by, request_id=request_id,
                          prev_hash=self.last_hash)
        return number

    @event("MoveRedone")
    def _move_redone(self, number: int, outcome: list[dict[str, Any]], recorded_by: str,
                     request_id: str | None, prev_hash: str) -> None:
        token = Stack.top(self.undone)
        self.undone = Stack.pop(self.undone)
        self.effective = Stack.push(self.effective, token)

    def annotate(self, number: int, text: str, recorded_by: str, request_id: str | None = None) -> None:
        if not 0 <= number <= self.moves:
            raise ValueError(f"There is no move {number} to comment on.")
        self._annotated(number=number, text=text, recorded_by=recorded_by, request_id=request_id,
                        prev_hash=self.last_hash)

    @event("Annotated")
    def _annotated(self, number: int, text: str, recorded_by: str, request_id: str | None,
                   prev_hash: str) -> None:
        self.annotations += 1


    def change_seat_link(self, seat: str, token_hash: str | None, recorded_by: str,
                         request_id: str | None = None) -> None:
        """A seat's link handed out again (``token_hash``: the SHA-256 of its
        new token; the old one stops working) or revoked (None)."""
        if seat not in self.players:
            raise ValueError(f"There is no seat {seat!r} in this game.")
        self._seat_link_changed(seat=seat, tokens={} if token_hash is None else {f"seat:{seat}": token_hash},
                                recorded_by=recorded_by, request_id=request_id, prev_hash=self.last_hash)

    @event("SeatLinkChanged")
    def _seat_link_changed(self, seat: str, tokens: dict[str, str], recorded_by: str, request_id: str | None,
                           prev_hash: str) -> None:
        """``tokens`` like the Started event's: left out of exported records."""

    def fork_of(self, origin: str, at: int, origin_version: int, origin_hash: str) -> None:
        """Record, before any move, that this game branches from game
        ``origin`` after its move ``at`` (the origin at ``origin_version``,
        whose newest event hashed to ``origin_hash``)."""
        if self.moves:
            raise ValueError("A game is forked before its first move.")
        self._forked(origin=origin, at=at, origin_version=origin_version, origin_hash=origin_hash,
                     prev_hash=self.last_hash)

    @event("Forked")
    def _forked(self, origin: str, at: int, origin_version: int, origin_hash: str, prev_hash: str) -> None:
        self.forked_from = {"game": origin, "at": at, "version": origin_version, "hash": origin_hash}


    def accept_head(self, recorded_by: str, why: str, found: list[str]) -> None:
        """An operator's decision, kept in the record: the head as it stands
        is taken as the record's end although its keyed anchor could not
        vouch for it (``found``: what the check found, e.g. an anchor under
        a key the service does not hold). The service anchors it afresh."""
        self._head_accepted(recorded_by=recorded_by, why=why, found=list(found), prev_hash=self.last_hash)

    @event("HeadAccepted")
    def _head_accepted(self, recorded_by: str, why: str, found: list[str], prev_hash: str) -> None:
        pass

    def reveal_seed(self, seed: int, salt: str) -> None:
        """At the end of a digital game: the seed and the salt of the
        commitment made at its start, so anyone can check every deal and roll."""
        if self.seed_revealed:
            raise ValueError("The seed was revealed already.")
        self._seed_revealed(seed=seed, salt=salt, prev_hash=self.last_hash)

    @event("SeedRevealed")
    def _seed_revealed(self, seed: int, salt: str, prev_hash: str) -> None:
        self.seed_revealed = True


class SealedSeed(Aggregate):
    """A digital game's seed (and its commitment's salt), encrypted with the
    key kept outside the database. A separate aggregate, saved with the
    game's first events in one transaction: never in the game's own events,
    so no export, log or snapshot of the game holds it."""

    @event("Sealed")
    def __init__(self, game_id: str, key_id: str, nonce: str, ciphertext: str,
                 id: UUID | None = None):  # noqa: A002
        self.game_id = game_id
        self.key_id = key_id
        self.nonce = nonce
        self.ciphertext = ciphertext


SEALED_SEEDS = uuid5(NAMESPACE_URL, "tablelog:sealed-seed")


def sealed_seed_id(game_id: UUID) -> UUID:
    return uuid5(SEALED_SEEDS, str(game_id))


class HeadAnchor(Aggregate):
    """Where a game's record ends, keyed: after every write, in the same
    transaction, the game's version and newest hash with an HMAC made with
    the key kept outside the database (see service.store.keys). Someone with the
    database but not the key can delete events from the end, or change one
    and re-chain the rest, but cannot make the anchor that would match."""

    @event("Opened")
    def __init__(self, game_id: str, version: int, head_hash: str, key_id: str, mac: str,
                 id: UUID | None = None):  # noqa: A002
        """The first anchor (number 1) of a game."""
        self.game_id = game_id
        self.head = {"version": version, "hash": head_hash, "n": 1, "key_id": key_id, "mac": mac}

    @property
    def next_number(self) -> int:
        """The number the next anchor gets (anchors are counted from 1)."""
        return self.version + 1

    def anchor(self, version: int, head_hash: str, key_id: str, mac: str) -> None:
        self.trigger_event(self.Anchored, version=version, head_hash=head_hash, n=self.next_number, key_id=key_id,
                           mac=mac)

    class Anchored(Aggregate.Event):
        """The anchor moved to the game's new head: one every write, so, like
        ``GameRecord.MoveRecorded``, declared with its own ``apply``."""
        version: int
        head_hash: str
        n: int
        key_id: str
        mac: str

        def apply(self, anchor: HeadAnchor) -> None:
            anchor.head = {"version": self.version, "hash": self.head_hash, "n": self.n, "key_id": self.key_id,
                           "mac": self.mac}


HEAD_ANCHORS = uuid5(NAMESPACE_URL, "tablelog:head-anchor")


@functools.lru_cache(maxsize=1024)
def head_anchor_id(game_id: UUID) -> UUID:
    """The id of the game's anchor (asked for the games of every batch the views process)."""
    return uuid5(HEAD_ANCHORS, str(game_id))


@functools.lru_cache(maxsize=4096)
def id_text(game_id: UUID | str) -> str:
    """``str(game_id)``, kept for the games written lately: a write's anchor
    and its receipt name the game by it, and ``UUID`` writes it in Python
    (about 7,000 instructions) each time."""
    return str(game_id)


def anchor_message(game_id: UUID | str, version: int, head_hash: str, n: int) -> str:
    """What an anchor's HMAC covers: the game, its version and newest hash,
    and the anchor's own number (it counts every anchor of the game)."""
    return f"tablelog/anchor/v1|{id_text(game_id)}|{version}|{head_hash}|{n}"


def receipt_message(game_id: UUID | str, version: int, event_hash_: str) -> str:
    """What a receipt's HMAC covers: the game, the version a write reached and that event's hash."""
    return f"tablelog/receipt/v1|{id_text(game_id)}|{version}|{event_hash_}"


class HouseCatalog(Aggregate):
    """A table's own copy of a game's components (a house catalog, in the
    shape of the shipped data), stored once and never changed: its id is
    made from the game and its content, so the same content is the same
    catalog. A game that names it copies the content into its own record."""

    @event("Stored")
    def __init__(self, game: str, name: str, content: dict[str, Any], id: UUID | None = None,  # noqa: A002
                 group: str | None = None):
        """``group``: the group it belongs to (older ones lack it: the default group)."""
        self.game, self.name, self.content = game, name, content
        self.group = group

    @property
    def digest(self) -> str:
        return house_catalog_digest(self.content)


HOUSE_CATALOGS = uuid5(NAMESPACE_URL, "tablelog:house-catalog")


def house_catalog_digest(content: Any) -> str:
    """The content's SHA-256 over its canonical JSON (sorted keys, no spaces)."""
    return hashlib.sha256(canonical_bytes(content)).hexdigest()


def house_catalog_id(game: str, content: Any, group: UUID | None = None) -> UUID:
    """A house catalog's id: the same game and content in the same group,
    the same id (the default group's ids are the ones made before groups)."""
    key = f"{game}|{house_catalog_digest(content)}"
    return uuid5(HOUSE_CATALOGS, key if group is None else f"{group}|{key}")


def is_game_start(domain_event: Any) -> bool:
    """Whether an event is a game's first (its Started event): the ids of
    anchors, sealed seeds and house catalogs name records of their own."""
    return isinstance(domain_event, GameRecord.Started)


def is_game_start_topic(topic: str) -> bool:
    """Whether a stored event's topic is a game's Started event's (read without decoding it)."""
    return topic == f"{GameRecord.__module__}:{GameRecord.__qualname__}.Started"


def is_game_event(domain_event: Any) -> bool:
    """Whether an event in the store is one of a game's (not a sealed seed's or an anchor's)."""
    return isinstance(domain_event, (GameRecord.Event, GameRecord.Created))


def game_event_topics() -> list[str]:
    """The stored topics of a game's own events (the notification log also
    holds sealed seeds and anchors)."""
    kinds = [v for k, v in vars(GameRecord).items() if isinstance(v, type) and k not in ("Event", "Created")
             and issubclass(v, (GameRecord.Event, GameRecord.Created))]
    return [get_topic(kind) for kind in kinds]


def anchor_event_topics() -> frozenset[str]:
    """The stored topics of a game's keyed anchor's events."""
    return frozenset(get_topic(kind) for kind in (HeadAnchor.Opened, HeadAnchor.Anchored))


class NothingToUndo(Exception):
    """Undo with no effective move, or redo with nothing undone (HTTP 409)."""

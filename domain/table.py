"""A game at the table: its rules, its record and the state after every
effective move. It is the one place where a move is checked, applied and
recorded (python-chess's ``Board.push``/``pop`` over an event log): the
service's moves, undo, redo and digital chance moves, an imported or forked
record, the history rebuilt from stored events and a random playout all go
through it.

Commands (``play``, ``undo``, ``redo``, ``auto``) trigger events on the
record and keep the states in step; ``replay`` takes in an event that is
already stored. No I/O: the service saves the record's pending events, and
hands in a digital game's seed (kept sealed outside the record), from which
:mod:`domain.chance` draws the chance moves.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, MutableMapping, Sequence

from domain.chance import rng_for
from domain.checkpoints import Earlier, States
from domain.commitment import hidden_paths, new_salt, path_key
from domain.games import get_game
from domain.record import SCOREKEEPER, SERVICE, GameRecord, NothingToUndo, unhashed_mutate
from domain.rules import TABLE, Game, Move, Outcome, RuleViolation, random_move
from domain.words import N_

LEGACY_RULES = "1"
"""The version of records from before each game kept its rules versions:
they are played under the current rules (their differences are the audit's
``rules_changed``)."""


Secret = tuple[int, str]
"""A digital game's seed and the salt of the commitment to it."""


def salts_for(game: Game, mode: str, move: Move) -> dict[str, str]:
    """A fresh salt for each place of ``move`` the table may not see (a
    digital game's hands, face-down cards): the hash chain commits to them."""
    if mode != "digital":
        return {}
    return {path_key(path): new_salt() for path in hidden_paths(move, game.redact_move(move, None))}


@dataclass(frozen=True)
class Played:
    """A move the table recorded: its number and the facts it caused."""

    number: int
    move: Move
    outcome: Outcome


@dataclass(frozen=True)
class Replayed:
    """A stored move played again: what the rules give now, and what went
    wrong (``refused`` only when the table was asked to check)."""

    number: int
    outcome: Outcome
    refused: RuleViolation | None = None
    failed: Exception | None = None


def rules_to_start(game: Game, recorded: str | None) -> str:
    """The rules version a new game (or an imported or forked record made
    under ``recorded``) starts under: the record's own when the engine still
    plays it, the current one for a new game or a version-1 record; any other
    version is refused."""
    if recorded is None or recorded == LEGACY_RULES and recorded not in game.rules_versions:
        return game.rules_version
    if recorded not in game.rules_versions:
        raise RuleViolation(
            "unplayable_rules_version",
            N_("This record was played under {title} rules version {recorded}; this tablelog plays {title} "
               "under rules version {rules_versions} only."),
            "Rules versions",
            title=game.title, recorded=recorded, rules_versions=' or '.join(sorted(game.rules_versions)))
    return recorded


def setup(game: Game, players: Sequence[str], options: Mapping[str, Any] | None, rules_version: str) -> Any:
    """The state before the first move, from the options as given (the game's
    schema loads them, with its defaults, the same way for a new game and for
    a replay)."""
    return game.setup(list(players), game.load_options(options), rules_version=rules_version)


def rules_to_replay(game: Game, recorded: str) -> str:
    """The rules version a stored game replays under: its own when the
    engine still plays it, else the current one (the audit then reports
    ``rules_changed`` beside the differences)."""
    return recorded if recorded in game.rules_versions else game.rules_version


class Table:
    """One game being played or replayed: ``game``, ``record`` (the event
    aggregate), ``moves`` (every recorded move by number, undone ones too) and
    ``states`` (the state before the first move and after each effective move,
    kept as checkpoints: domain.checkpoints)."""

    def __init__(self, game: Game, record: GameRecord, rules_version: str, first: Any,
                 moves: MutableMapping[int, Move] | None = None, earlier: Earlier | None = None):
        """``moves`` and ``earlier``: where a long game's moves and older
        states come back from when they are not all kept (see domain.history)."""
        self.game = game
        self.record = record
        self.rules_version = rules_version
        """The rules the states follow (the record's own version, or the
        current one for a record whose version is no longer played)."""
        self.moves: MutableMapping[int, Move] = {} if moves is None else moves
        self.states = States(game, first, earlier=earlier)

    # -- starting ------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game, players: Sequence[str], options: Mapping[str, Any] | None = None, *,
              mode: str = "table", seed_commitment: str | None = None, started_by: str = SCOREKEEPER,
              tokens: Mapping[str, str] | None = None, rules_version: str | None = None,
              id: Any = None, anchored: bool = False,
              dealt_from: int | None = None, group: str | None = None) -> Table:  # noqa: A002
        """A new game (a Started event on a new record); ``anchored``: the
        service keys its head from the start (domain.record.HeadAnchor). ``rules_version`` is
        the version of the record it comes from (import, fork); None for a new
        game. The options are checked by the game's schema; the record keeps
        them as given. A digital game's seed is not in the record, only
        ``seed_commitment``; ``dealt_from`` is the first move that seed deals
        (a record of a digital game not yet over, imported); ``group``: the
        group it belongs to (domain.groups)."""
        version = rules_to_start(game, rules_version)
        first = setup(game, players, options, version)
        record = GameRecord(game=game.id, rules_version=version, players=list(players),
                            seats=list(game.seats(first)), options=dict(options or {}), mode=mode, seed=None,
                            seed_commitment=seed_commitment, started_by=started_by, tokens=dict(tokens or {}),
                            id=id, salts={}, anchored=anchored,
                            dealt_from=dealt_from, group=group)
        return cls(game, record, version, first)

    @classmethod
    def from_started(cls, started: Any, moves: MutableMapping[int, Move] | None = None,
                     earlier: Earlier | None = None) -> Table:
        """The table of a stored game, from its Started event."""
        game = get_game(started.game)
        version = rules_to_replay(game, started.rules_version)
        return cls(game, started.mutate(None), version, setup(game, started.players, started.options, version),
                   moves, earlier)

    # -- reading ---------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def digital(self) -> bool:
        return self.record.mode == "digital"

    def _rng(self, seed: int | None) -> random.Random:
        """The generator of the record's next move in digital mode."""
        return rng_for(seed, self.record.moves + 1)

    # -- commands ----------------------------------------------------------------------
    def play(self, move: Move, by: str, request_id: str | None = None, as_given: bool = False) -> Played:
        """Check ``move``, apply it and record it (RuleViolation when illegal).
        In digital mode the record keeps the move with the decisions the rules
        took on hidden cards (Game.apply_to_record); ``as_given`` (a record
        imported) keeps it as the record gave it."""
        if not self.digital or as_given:
            state, outcome = self.game.play(self.state, move)
            return self._recorded(move, state, outcome, by, request_id)
        self.game.check(self.state, move)
        state, outcome, move = self.game.apply_to_record(self.state, move)
        return self._recorded(move, state, outcome, by, request_id)

    def complete(self, move: Move, seed: int | None) -> Move:
        """A move as entered at the table, made ready to play: in digital mode
        the service makes the chance moves (the table entering one is
        refused), and draws from ``seed`` what a player's move leaves to chance."""
        if not self.digital:
            return move
        if move.get("seat", TABLE) == TABLE:
            raise RuleViolation("digital_chance", N_("In a digital game the service rolls, deals and draws "
                                "itself; the table does not enter chance moves."), "Digital mode")
        return self.game.complete_move(self.state, move, self._rng(seed))

    def savepoint(self) -> tuple:
        """What ``rollback`` needs to take back the commands that follow
        (a save of their events that failed, with no store to read again).
        A shallow copy of the record's fields is enough, and a tenth of a
        deep one on every write: its events only ever assign its fields
        afresh (numbers, text, new dicts and lists), never change them in
        place. Only ``rollback`` makes a record of them again (with no
        events pending: GameRecord.restored), so a write that is saved
        makes none."""
        return self.record.__dict__.copy(), self.states.savepoint(), self.record.moves

    def rollback(self, savepoint: tuple) -> None:
        """The table as it stood at ``savepoint``: its record (pending events
        dropped with it), its states, and no move recorded since."""
        fields, states, moves = savepoint
        for number in [number for number in self.moves if number > moves]:     # the keys held, none fetched
            del self.moves[number]
        self.record = type(self.record).restored(fields)
        self.states.rollback(states)

    def auto(self, secret: Secret | None, request_id: str | None = None) -> list[Played]:
        """In digital mode, every chance move due now (deals, rolls, draws),
        drawn from the seed in ``secret`` and recorded by the service; once
        the game is over the record reveals the seed its start committed to."""
        made: list[Played] = []
        if not self.digital:
            return made
        while not self.game.finished(self.state) and self.game.expected(self.state).is_chance:
            move = self.game.chance_move(self.state, self._rng(secret[0]))
            state, outcome, move = self.game.apply_to_record(self.state, move)
            made.append(self._recorded(move, state, outcome, SERVICE, request_id))
        if self.game.finished(self.state) and self.record.seed_commitment and not self.record.seed_revealed:
            self.record.reveal_seed(*secret)
        return made

    def undo(self, by: str, request_id: str | None = None) -> int:
        """Take back the last effective move (NothingToUndo when there is none)."""
        number = self.record.undo(by, request_id)
        self.states.pop()
        return number

    def redo(self, by: str, request_id: str | None = None) -> Played:
        """Play the last undone move again, if nothing was recorded since
        (NothingToUndo otherwise; RuleViolation if the rules now refuse it)."""
        number = self.record.redoable
        if number is None:
            raise NothingToUndo("There is no undone move to redo.")
        state, outcome = self.game.play(self.state, self.moves[number])
        self.record.redo(outcome, by, request_id)
        self.states.append(state, self.moves[number])
        return Played(number, self.moves[number], outcome)

    def _recorded(self, move: Move, state: Any, outcome: Outcome, by: str, request_id: str | None) -> Played:
        number = self.record.record_move(move, outcome, by, request_id, salts_for(self.game, self.record.mode, move))
        self.moves[number] = move
        self.states.append(state, move)
        return Played(number, move, outcome)

    # -- stored events -------------------------------------------------------------------
    def replay(self, stored: Any, check: bool = False, hashed: bool = True) -> Replayed | None:
        """Take in a stored event after ``record``'s version: the record takes
        it, and a recorded or redone move is played again through the rules
        (``check``: also asked whether it is legal now). A move the rules
        cannot apply at all leaves the state as it was. Returns None for an
        event that moves nothing. ``hashed=False``: the record's ``last_hash``
        is left for the caller (domain.record.unhashed_mutate)."""
        kind = type(stored)
        self.record = stored.mutate(self.record) if hashed else unhashed_mutate(stored, self.record)
        if kind is GameRecord.MoveUndone:
            self.states.pop()
        if kind is GameRecord.MoveRecorded:
            self.moves[stored.number] = stored.move
        elif kind is not GameRecord.MoveRedone:
            return None
        move, state = self.moves[stored.number], self.state
        refused = None
        if check:
            try:
                self.game.check(state, move)
            except RuleViolation as violation:
                refused = violation
        try:
            new, outcome = self.game.apply(state, move)
        except Exception as error:  # a record the rules cannot replay at all
            self.states.append(state, move)
            return Replayed(stored.number, stored.outcome, refused, error)
        self.states.append(new, move)
        return Replayed(stored.number, outcome, refused)


def random_game(game: Game, players: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list[Move]:
    """The moves of a whole random game at the table (its chance moves
    included), each checked by the rules as the table plays it."""
    table = Table.start(game, players, options)
    while not game.finished(table.state):
        table.play(random_move(game, table.state, rng), table.record.started_by)
    return list(table.moves.values())

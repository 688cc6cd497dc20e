"""The contract every game implements, and the errors it raises.

A game is an object (a subclass of :class:`Game`) with pure functions over an
immutable state, in the spirit of OpenSpiel's ``State`` and python-chess's
``Board.push``:

- ``setup(players, options) -> state``
- ``expected(state) -> Expected``: who must act next and which move types
- ``check(state, move)``: raises :class:`RuleViolation` for an illegal move
- ``apply(state, move) -> (state, outcome)``: never mutates its input
- ``legal_moves(state)``: every legal move now, or ``None`` where there are
  too many to list (a deal, a roll: chance moves by the table)
- ``view(state, seat, full)``: what a viewer may see, as JSON
- ``result(state)``: final scores and winners, ``None`` while running

Moves are plain JSON dicts with a ``"type"``; the game's marshmallow schemas
(``move_schemas``) turn request data into them and reject malformed ones.
Chance is a move by :data:`TABLE`: what was rolled or drawn is written in the
move by its printed content, so replay never depends on a random generator.
"""
from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, ClassVar, Mapping, Sequence

from marshmallow import Schema, ValidationError, fields, validate

from domain.words import Message
from domain.words import N_

TABLE = "table"
"""The seat that makes chance moves: rolls, deals, draws, reveals."""

RESERVED_SEATS = frozenset({TABLE, "service"})

Move = dict[str, Any]
Outcome = list[dict[str, Any]]


class RuleViolation(Exception):
    """A well-formed move that the rules forbid (HTTP 422).

    ``code`` is a stable machine name (``must_follow``), ``message`` a sentence
    a player understands, ``rule`` names the rulebook passage.
    """

    def __init__(self, code: str, message: str, rule: str, **params: Any):
        said = message if isinstance(message, Message) else Message(message, params)
        super().__init__(said)
        self.code = code
        self.message = said
        """The sentence by id (``domain.words.Message``), itself the English words."""
        self.rule = rule

    @property
    def params(self) -> dict[str, Any]:
        """The values the sentence was made from, for programs (no words of any language)."""
        return self.message.plain()

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "rule": self.rule, "params": self.params}


class MalformedMove(ValueError):
    """Data that is not a move of this game at all (HTTP 400)."""

    def __init__(self, messages: Any):
        super().__init__(str(messages))
        self.messages = messages


@dataclass(frozen=True)
class Expected:
    """Who must act next and which move types they may make."""

    seats: tuple[str, ...]
    moves: tuple[str, ...]

    @property
    def is_chance(self) -> bool:
        return self.seats == (TABLE,)

    def to_json(self) -> dict[str, list[str]]:
        return {"seats": list(self.seats), "moves": list(self.moves)}


NOBODY = Expected((), ())


@dataclass(frozen=True)
class MoveRule:
    """One move type of a game, declared once: its form (the schema a move of
    this type is read with), its check (raises ``RuleViolation`` naming the
    rule) and what it does: ``apply(state, move, out)`` gives the new state and
    appends the facts the move caused to ``out``. A game lists its move types
    so, by type; its ``check`` and ``apply`` look the move's rule up there.

    The rest serves a game whose turn is a string of moves by one seat (Grand
    Austria Hotel): ``before_main``, it may come in a turn before the main
    step; ``additional``, an additional action, before or after the main step;
    ``candidates(state, seat)``, the moves of this type to try in a turn;
    ``out_of_turn(state, move)``, refuses, in words, a seat that may not make
    it now (before the plain "it is X's move")."""

    schema: type[Schema]
    check: Callable[[Any, Move], None]
    apply: Callable[[Any, Move, Outcome], Any]
    before_main: bool = False
    additional: bool = False
    candidates: Callable[[Any, str], list[Move]] | None = None
    out_of_turn: Callable[[Any, Move], None] | None = None

    def carry_out(self, state: Any, move: Move) -> tuple[Any, Outcome]:
        """The new state and the facts the move caused; ``state`` is untouched."""
        out: Outcome = []
        return self.apply(state, move, out), out


def _appending(apply: Callable[[Any, Move], tuple[Any, Outcome]]) -> Callable[[Any, Move, Outcome], Any]:
    """A move's effect written as ``(state, move) -> (state, facts)``, in the
    shape of :attr:`MoveRule.apply`."""
    def applied(state: Any, move: Move, out: Outcome) -> Any:
        state, facts = apply(state, move)
        out.extend(facts)
        return state
    return applied


def move_rules(schemas: Mapping[str, type[Schema]], **rules: tuple[Callable[[Any, Move], None],
                                                                 Callable[[Any, Move], tuple[Any, Outcome]]]
               ) -> dict[str, MoveRule]:
    """A game's move types, each its schema from ``schemas`` with its
    ``(check, apply)``, in the schemas' order, where ``apply(state, move)``
    gives the new state and the facts; every schema needs its rule."""
    missing = set(schemas) ^ set(rules)
    if missing:
        raise TypeError(f"Move types without both a schema and a rule: {sorted(missing)}")
    return {kind: MoveRule(schema, rules[kind][0], _appending(rules[kind][1])) for kind, schema in schemas.items()}


@dataclass(frozen=True)
class Finding:
    """A rule problem found in a record (e.g. a renege), for the audit.

    ``ply`` counts the effective moves before the one concerned (0-based);
    the record maps it to the move's number.
    """

    kind: str
    seat: str
    ply: int
    message: str


class MoveSchema(Schema):
    """Base of every move schema: a ``type`` and, for players, a ``seat``."""

    type = fields.String(required=True)


class WholeText(validate.Regexp):
    """A pattern the whole text must match. marshmallow's ``Regexp`` lets
    ``$`` match before a final newline, so ``"R5\\n"`` would pass for a card
    no deck holds; every game's written forms (cards, spaces, rooms, dice)
    are checked with this instead."""

    def __call__(self, value: str) -> str:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


def is_whole(value: Any) -> bool:
    """A JSON whole number: not true/false, not "3", not 2.5."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(**kwargs) -> fields.Integer:
    """A JSON integer: ``"2"``, ``2.5``, ``2.0`` and ``true`` are malformed, not read as a number."""
    return fields.Integer(strict=True, **kwargs)


def die_face(description: str | None = None, **kwargs) -> fields.Integer:
    """A die's face, 1-6: a client offers the six faces of a die, never a card
    that happens to bear the same number (the vocabulary says ``holds: die``)."""
    metadata = {"holds": "die", **({"description": description} if description else {})}
    return whole_number(validate=validate.Range(min=1, max=6), metadata=metadata, **kwargs)


class YesNo(fields.Boolean):
    """JSON ``true`` or ``false``: ``"yes"``, ``1`` or ``"no"`` are malformed,
    not read as a choice the player did not write."""

    def _deserialize(self, value, attr, data, **kwargs):  # type: ignore[no-untyped-def]
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def seat_field(**kwargs) -> fields.String:
    return fields.String(required=True, validate=validate.Length(min=1), **kwargs)


class Game(ABC):
    """Base class of a game's rules. Subclasses fill in the class attributes
    and the abstract rule functions; the rest is shared by all games."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    """The rules version new games start under."""
    rules_versions: ClassVar[Mapping[str, str]] = {}
    """Every rules version this engine still plays, each with one line saying
    what changed in it. A game keeps the version it started under; a record
    of a version not listed here (version 1, from before versions were kept)
    replays under the current rules (see domain.table)."""
    reserved_seats: ClassVar[frozenset[str]] = RESERVED_SEATS
    options_schema: ClassVar[type[Schema]]
    moves: ClassVar[Mapping[str, MoveRule]] = {}
    """Every move type, declared once by type (:class:`MoveRule`: its form,
    its check and what it does)."""

    @cached_property
    def move_schemas(self) -> Mapping[str, type[Schema]]:
        """The form of each move type: by default the schemas of ``moves``."""
        return {kind: rule.schema for kind, rule in self.moves.items()}

    # -- set-up -------------------------------------------------------------
    def validate_players(self, players: Sequence[str]) -> None:
        """Raise RuleViolation unless the names can be this game's seats."""
        if not self.min_players <= len(players) <= self.max_players:
            count = (f"{self.min_players}" if self.min_players == self.max_players
                     else f"{self.min_players} to {self.max_players}")
            raise RuleViolation(
                "player_count",
                N_("{title} is for {count} players, not {players}."),
                "Players", title=self.title, count=count, players=len(players))
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise RuleViolation("player_name", N_("Every player needs a name."), "Players")
            if name in self.reserved_seats:
                raise RuleViolation(
                    "reserved_name",
                    N_("'{name}' is reserved in {title}; choose another name."), "Players",
                    name=name, title=self.title)
        if len(set(players)) != len(players):
            raise RuleViolation("duplicate_player", N_("Every player needs a different name."), "Players")

    def load_options(self, data: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options as the schema loads them, or MalformedMove (HTTP 400)."""
        try:
            return self.options_schema().load(dict(data or {}))
        except ValidationError as error:
            raise MalformedMove({"options": error.messages}) from None

    def check_house_catalog(self, content: Any) -> dict[str, Any]:
        """A table's own copy of the components (a house catalog), checked for
        the shape of the shipped data; MalformedMove (HTTP 400) if it does not
        fit, or if the game takes none."""
        raise MalformedMove({"content": [f"{self.title} takes no house catalog."]})

    @abstractmethod
    def setup(self, players: Sequence[str], options: Mapping[str, Any], rules_version: str | None = None) -> Any:
        """The state before the first move under ``rules_version`` (one of
        ``rules_versions``; None: the current ``rules_version``), from options
        as ``load_options`` gives them; RuleViolation for a bad combination."""

    @abstractmethod
    def seats(self, state: Any) -> tuple[str, ...]:
        """Every seat at the table in playing order (may include non-players)."""

    # -- moves ----------------------------------------------------------------
    def load_move(self, data: Any) -> Move:
        """Turn request data into a move, or raise MalformedMove (HTTP 400)."""
        if not isinstance(data, Mapping):
            raise MalformedMove({"move": ["A move is an object with a 'type'."]})
        kind = data.get("type")
        schema = self.move_schemas.get(kind) if isinstance(kind, str) else None
        if schema is None:
            raise MalformedMove({"type": [
                f"Unknown move type {kind!r}; {self.title} knows "
                + ", ".join(sorted(self.move_schemas)) + "."]})
        try:
            return self._schema(kind).load(dict(data))
        except ValidationError as error:
            raise MalformedMove(error.messages) from None

    def _schema(self, kind: str) -> Schema:
        """One schema instance per move type, made once (loading is stateless)."""
        schemas = self.__dict__.setdefault("_schemas", {})
        if kind not in schemas:
            schemas[kind] = self.move_schemas[kind]()
        return schemas[kind]

    @abstractmethod
    def expected(self, state: Any) -> Expected:
        """Who must act next and which move types are allowed."""

    @abstractmethod
    def check(self, state: Any, move: Move) -> None:
        """Raise RuleViolation if ``move`` is illegal now."""

    @abstractmethod
    def apply(self, state: Any, move: Move) -> tuple[Any, Outcome]:
        """The new state and the facts the move caused; ``state`` is untouched.
        Assumes ``check`` passed."""

    recorded_decisions: tuple[str, ...] = ()
    """The fields ``apply_to_record`` adds to a move."""

    def apply_to_record(self, state: Any, move: Move) -> tuple[Any, Outcome, Move]:
        """``apply``, and the move as a digital game's record keeps it: with
        every decision the rules took on what not every seat sees (a step
        that lapsed for want of a card in a hand), so that a replay from a
        seat's or the table's view follows the record instead of deriving
        it again from cards it cannot see. Most games decide nothing so."""
        state, outcome = self.apply(state, move)
        return state, outcome, move

    def is_legal(self, state: Any, move: Move) -> bool:
        """True if ``check`` accepts ``move`` now."""
        try:
            self.check(state, move)
        except RuleViolation:
            return False
        return True

    def play(self, state: Any, move: Move) -> tuple[Any, Outcome]:
        """check, then apply."""
        self.check(state, move)
        return self.apply(state, move)

    @abstractmethod
    def legal_moves(self, state: Any) -> list[Move] | None:
        """Every legal move now, or None where they are too many to list."""

    def unlisted_moves(self, state: Any) -> tuple[str, ...]:
        """The move kinds expected now that ``legal_moves`` does not list in
        full (a roll's result, a move whose choices are too many): an entry
        form is offered for each beside the listed moves. By default every
        expected kind; a game whose listing is complete for some kinds names
        only the others, so that nothing impossible is offered."""
        return self.expected(state).moves

    # -- chance in digital mode -----------------------------------------------
    @abstractmethod
    def chance_move(self, state: Any, rng: random.Random) -> Move:
        """The table's move, generated: used in digital mode and playouts."""

    def chance_as_recorded(self, state: Any, made: Move, recorded: Move) -> Move:
        """The chance move the seed gives (``made``) in the shape an older
        engine recorded it (``recorded``), for checking a revealed seed; most
        games never changed the shape of their chance moves."""
        return made

    def complete_move(self, state: Any, move: Move, rng: random.Random) -> Move:
        """Fill in what a player's move leaves to chance in digital mode
        (e.g. a reroll's result). Most moves need nothing."""
        return move

    def named(self, state: Any, move: Move) -> Move:
        """The move with each name typed in it (a field, a card) as printed
        in ``state``'s components, matched by ``domain.names.canonical``; the
        move is recorded so. Games whose moves name things say where."""
        return move

    def catalog(self, options: Mapping[str, Any]) -> dict[str, Any] | None:
        """The game's components by name and printed content, for pickers
        (``GET /api/game-types/<game>/catalog``); None for a game without any."""
        return None

    def played_with(self, state: Any) -> dict[str, Any]:
        """What a game was played with, for a play log such as BG Stats:
        ``expansions`` (the titles of the expansion modules in play),
        ``board`` (the board or its side), ``opponent`` (a seat the rules
        play, as ``seat``, ``name`` and ``role``). Most games name none."""
        return {}

    # -- what people see ------------------------------------------------------
    @abstractmethod
    def view(self, state: Any, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        """The state as JSON. ``full`` shows all that the record holds (table
        mode); otherwise hidden things are shown only to their ``seat``.
        Always has ``scores``, ``finished``, ``winners`` and ``expected``."""

    def redact_move(self, move: Move, seat: str | None) -> Move:
        """A recorded move as ``seat`` may see it when hidden things are hidden."""
        return move

    # -- notation for game records ----------------------------------------------
    #: A game's own short forms: a module with ``short(move) -> str | None``
    #: (None when it cannot write that move exactly) and ``read(text) -> data
    #: | None`` (None when the text is in none of its forms).
    short_notation: Any = None

    def notation(self, move: Move) -> str:
        """The move in a game record's text form: the game's short form where
        it has one, else the generic form."""
        short = self.short_notation.short(move) if self.short_notation else None
        return short or self.generic_notation(move)

    def parse_notation(self, text: str, seats: Sequence[str]) -> Move:
        """The move that ``notation`` wrote as ``text`` at a table with
        ``seats``, loaded through the move schemas (MalformedMove otherwise)."""
        data = self.short_notation.read(text) if self.short_notation else None
        return self.parse_generic_notation(text, seats) if data is None else self.load_move(data)

    def generic_notation(self, move: Move) -> str:
        """The seat (``table`` for a chance move), the move's type and every
        other field as key=JSON."""
        rest = " ".join(f"{key}={json.dumps(value, separators=(',', ':'), ensure_ascii=False)}"
                        for key, value in move.items() if key not in ("type", "seat"))
        return " ".join(part for part in (move.get("seat", TABLE), move["type"], rest) if part)

    def parse_generic_notation(self, text: str, seats: Sequence[str]) -> Move:
        """The move ``generic_notation`` wrote as ``text``."""
        seat = next((s for s in sorted([*seats, TABLE], key=len, reverse=True) if text.startswith(s + " ")), None)
        if seat is None:
            raise MalformedMove({"notation": [f"{text!r} does not start with a seat of this game."]})
        kind, _, rest = text[len(seat) + 1:].partition(" ")
        data: dict[str, Any] = {"type": kind} if seat == TABLE else {"type": kind, "seat": seat}
        decoder, pos = json.JSONDecoder(), 0
        rest = rest.strip()
        while pos < len(rest):
            equals = rest.find("=", pos)
            try:
                if equals < 0:
                    raise ValueError(rest[pos:])
                data[rest[pos:equals]], pos = decoder.raw_decode(rest, equals + 1)
            except ValueError:
                raise MalformedMove({"notation": [f"{text!r}: fields are written key=JSON."]}) from None
            while pos < len(rest) and rest[pos] == " ":
                pos += 1
        return self.load_move(data)

    @abstractmethod
    def scores(self, state: Any) -> dict[str, int]:
        """Points by seat now."""

    @abstractmethod
    def finished(self, state: Any) -> bool:
        """True once the game is over."""

    @abstractmethod
    def winners(self, state: Any) -> list[str]:
        """The winning seats once finished (ties share), else []."""

    def result(self, state: Any) -> dict[str, Any] | None:
        if not self.finished(state):
            return None
        return {"scores": self.scores(state), "winners": self.winners(state)}

    def findings(self, state: Any) -> list[Finding]:
        """Rule problems the record shows (e.g. a renege found later)."""
        return []

    def common_view(self, state: Any, expected: Expected | None = None) -> dict[str, Any]:
        """The four keys every game's view has (``expected``: ``self.expected(state)``, where the view reckoned it)."""
        return {
            "scores": self.scores(state),
            "finished": self.finished(state),
            "winners": self.winners(state),
            "expected": (self.expected(state) if expected is None else expected).to_json(),
        }

    def describe(self) -> dict[str, Any]:
        """The game's vocabulary for ``GET /api/game-types``."""
        from domain.vocabulary import describe_schema
        return {
            "id": self.id,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "reserved_seats": sorted(self.reserved_seats),
            "rules_version": self.rules_version,
            "rules_versions": dict(sorted(self.rules_versions.items(), key=lambda item: _version_order(item[0]))),
            "options": describe_schema(self.options_schema()),
            "moves": {kind: describe_schema(schema())
                      for kind, schema in sorted(self.move_schemas.items())},
        }


def _version_order(version: str) -> tuple[int, str]:
    return (int(version), "") if version.isdigit() else (0, version)


def random_move(game: Game, state: Any, rng: random.Random) -> Move:
    """A random legal move: the table's chance move, or one of the listed moves."""
    if game.expected(state).is_chance:
        return game.chance_move(state, rng)
    moves = game.legal_moves(state)
    if not moves:
        raise RuleViolation("no_move", N_("Nobody can move."), "")
    return game.complete_move(state, rng.choice(moves), rng)

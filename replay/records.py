"""Game records: a game's stored events written out, and read back in.

Two formats:

- **JSON Lines** (``jsonl``): one object per stored event, in order, with
  every field the event holds (``event``, ``version``, ``at``, the fields,
  ``prev_hash`` and the event's ``hash``). Only the seat tokens' hashes are
  left out: an imported game gets new tokens.
- **text** (``tablelog-text``), tablelog's own readable record, in the spirit
  of PGN but not PGN: header tags (Game, Date, Site, Players, Options,
  Result, then Mode, SeedCommitment, Seed, SeedSalt, DealtFrom, Rules, Id,
  Fork, View, Format), then one line per
  recorded move in the game's notation (``12. Alex R5``), undone moves marked
  ``(undone)``, undo and redo where they happened (``undo 12``), comments in
  braces after the move they are on, and ``; by NAME`` where someone other
  than the scorekeeper recorded it.

The JSON Lines record is published as a JSON Schema per line kind
(``replay/schemas``, versioned: the Started line's ``format_version``).

Both read back into a :class:`Record` (the game's set-up and its steps in
order), from which the service creates a new game. A record seen by one seat
(``view``) has the moves as that seat may see them.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Callable, Iterable, Iterator, Sequence

import orjson

from domain.games import all_games, get_game
from domain.commitment import hidden_commitment, value_at
from domain.record import SCOREKEEPER, GameRecord, hash_of, tokens_digest
from domain.rules import Game, Move, is_whole
from domain.table import rules_to_start, setup
from replay.schemas import FORMAT_VERSION

FORMATS = ("jsonl", "text")
FORMAT_NAMES = {"jsonl": "jsonl", "jsonlines": "jsonl", "json-lines": "jsonl", "ndjson": "jsonl", "json": "jsonl",
                "text": "text", "txt": "text", "tablelog-text": "text", "pgn": "text"}
"""Every name a format is asked for by, and the format it means. The text
record is tablelog's own (``tablelog-text``): it borrows PGN's header tags
and move numbers, but no PGN tool reads it; ``pgn`` is still accepted for it,
as clients asked for it so before."""
TEXT_FORMAT = f"tablelog-text {FORMAT_VERSION}"
"""The text record's last tag, ``[Format "..."]``: its name and version."""
_META = ("originator_id", "originator_version", "timestamp", "originator_topic", "tokens", "prev_hash", "salts",
         "group")


class RecordError(ValueError):
    """A game record that cannot be read (HTTP 400), with the line it failed on."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class StepKind(StrEnum):
    """What a step after the start is."""

    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    ANNOTATE = "annotate"


@dataclass
class Step:
    """One event after the start: a move recorded, undone or redone, or a comment."""

    kind: StepKind
    number: int
    by: str = SCOREKEEPER
    move: Move | None = None
    outcome: list[dict[str, Any]] | None = None   # as stored; None when the format has none
    text: str | None = None
    request_id: str | None = None


@dataclass
class Record:
    """A game as a record holds it: its set-up and every step in order."""

    game: str
    players: list[str]
    options: dict[str, Any]
    mode: str = "table"
    seed: int | None = None        # a digital game's seed: revealed at its end (or an older record's own)
    seed_commitment: str | None = None   # the commitment to it made when the game started
    seed_salt: str | None = None   # the salt that opens the commitment, revealed with the seed
    dealt_from: int | None = None  # the first move that seed dealt (an import of a game not yet over)
    rules_version: str | None = None   # the rules it was played under; None: not said (the current ones)
    forked: dict[str, Any] | None = None
    steps: list[Step] = field(default_factory=list)
    view: str | None = None        # the seat (or the table) the record was written for
    id: str | None = None          # the game's id where the record was written (its Id)


# -- writing -----------------------------------------------------------------------
def _seen(game: Game, move: Move, view: str | None) -> Move:
    return move if view is None else game.redact_move(move, None if view == "table" else view)


def to_jsonl(events: Sequence[Any], view: str | None = None, hide_seed: bool = False) -> str:
    """The stored events as JSON Lines (see ``jsonl_lines``)."""
    return "".join(jsonl_lines(events[0].game, events, view, hide_seed))


def _line(fields: dict[str, Any]) -> str:
    """One JSON Line: orjson's compact UTF-8 (a third of json.dumps's time),
    json's for what orjson does not take (an integer past 64 bits)."""
    try:
        return orjson.dumps(fields, option=orjson.OPT_APPEND_NEWLINE).decode()
    except TypeError:
        return json.dumps(fields, ensure_ascii=False, separators=(",", ":")) + "\n"


def jsonl_lines(game_id: str, events: Iterable[Any], view: str | None = None,
                hide_seed: bool = False) -> Iterator[str]:
    """The stored events of a ``game_id`` game as JSON Lines, one line at a
    time (an export streams them: its memory does not grow with the record).
    ``view`` (a seat, or ``table``) hides what that viewer may not see; it
    is then named on the first line. ``hide_seed``: a running digital game
    stored before seeds were sealed holds its seed in the Started event; the
    seed and that event's hash (which would give the seed away by trial) are
    left out."""
    game = get_game(game_id)
    hidden_hash = False          # the event before hid a value under a bare hash
    for domain_event, after in _with_next(events):
        stored = domain_event.__dict__
        fields = {k: v for k, v in stored.items() if k not in _META}
        if "move" in fields:
            fields["move"] = _seen(game, fields["move"], view)
        line: dict[str, Any] = {"event": type(domain_event).__name__, "version": domain_event.originator_version,
                                "at": domain_event.timestamp.isoformat()}
        if domain_event.originator_version == 1:
            line["format_version"] = FORMAT_VERSION
            line["id"] = str(domain_event.originator_id)
            line["view"] = view
        if "at" in fields:              # a fork mark's move: the line's "at" is its time
            fields["fork_at"] = fields.pop("at")
        line.update(fields)
        if "salts" in stored:
            line.update(_committed(stored, fields.get("move")))
        line["prev_hash"] = domain_event.prev_hash
        # An event's hash is the next one's prev_hash (the store's chain);
        # only the last is worked out. Whether each hash fits its event is
        # what verify checks, of the store and of this export alike.
        line["hash"] = after.prev_hash if after is not None else hash_of(domain_event)
        if hidden_hash:
            del line["prev_hash"]
        # A bare hash of a value the viewer may not see would give the value
        # away by trial (36 cards): it is left out, here and in the next event.
        hidden_hash = "salts" not in stored and "move" in fields and fields["move"] != stored["move"]
        if hide_seed and line.get("seed") is not None:
            hidden_hash = True
            del line["seed"]
        if hidden_hash:
            del line["hash"]
        yield _line(line)


def _with_next(events: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
    """Each event with the one after it (None after the last)."""
    iterator = iter(events)
    current = next(iterator, None)
    while current is not None:
        after = next(iterator, None)
        yield current, after
        current = after


def _committed(stored: dict[str, Any], seen_move: Any) -> dict[str, Any]:
    """What lets anyone recompute an event's hash (see domain.record): the
    hidden places, the salt of each one the viewer sees (to check it), the
    commitment of each one it does not, and the token hashes' digest."""
    hidden = stored["salts"] or {}
    out: dict[str, Any] = {"committed": sorted(hidden)}
    if "tokens" in stored:
        out["tokens_digest"] = tokens_digest(stored["tokens"])
    salts, commitments = {}, {}
    for key, salt in hidden.items():
        path = tuple(json.loads(key))
        value = value_at(stored["move"], path)
        if _holds(seen_move, path) and value_at(seen_move, path) == value:
            salts[key] = salt
        else:
            commitments[key] = hidden_commitment(salt, path, value)
    if salts:
        out["salts"] = salts
    if commitments:
        out["commitments"] = commitments
    return out


def _holds(value: Any, path: tuple) -> bool:
    try:
        value_at(value, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _players_text(players: Sequence[str]) -> str:
    if any(", " in p for p in players):
        return json.dumps(list(players), ensure_ascii=False)
    return ", ".join(players)


def _by(name: str) -> str:
    return "" if name == SCOREKEEPER else f" ; by {name}"


def _comment(text: str, by: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("}", "\\}").replace(";", "\\;").replace("\n", "\\n")
    return "{" + escaped + "}" + _by(by)


def result_text(game: Game, state: Any) -> str:
    scores = ", ".join(f"{seat} {points}" for seat, points in game.scores(state).items())
    if not game.finished(state):
        return f"* ({scores})"
    return f"{scores}; won by {', '.join(game.winners(state))}"


def to_text(events: Sequence[Any], final_state: Any, view: str | None = None, hide_seed: bool = False) -> str:
    """The stored events as a readable game record (see the module's doc)."""
    started = events[0]
    game = get_game(started.game)
    tags = [
        ("Game", game.title), ("Date", started.timestamp.strftime("%Y.%m.%d")), ("Site", "?"),
        ("Players", _players_text(started.players)),
        ("Options", json.dumps(started.options, separators=(",", ":"), sort_keys=True)),
        ("Result", result_text(game, final_state)), ("Mode", started.mode),
    ]
    revealed = next((e for e in events if type(e) is GameRecord.SeedRevealed), None)
    if getattr(started, "seed_commitment", None):
        tags.append(("SeedCommitment", started.seed_commitment))
    if revealed is not None:
        tags += [("Seed", str(revealed.seed)), ("SeedSalt", revealed.salt)]
    elif started.seed is not None and not hide_seed:
        tags.append(("Seed", str(started.seed)))
    if getattr(started, "dealt_from", None):
        tags.append(("DealtFrom", str(started.dealt_from)))
    tags += [("Rules", started.rules_version), ("Id", str(started.originator_id))]
    comments: dict[int, list[str]] = {}
    undone: set[int] = set()
    for e in events:
        kind = type(e)
        if kind is GameRecord.Forked:
            tags.append(("Fork", f"{e.origin} at {e.at} (version {e.origin_version}, hash {e.origin_hash})"))
        elif kind is GameRecord.Annotated:
            comments.setdefault(e.number, []).append(_comment(e.text, e.recorded_by))
        elif kind is GameRecord.MoveUndone:
            undone.add(e.number)
        elif kind is GameRecord.MoveRedone:
            undone.discard(e.number)
    if view is not None:
        tags.append(("View", view))
    tags.append(("Format", TEXT_FORMAT))
    lines = [_tag(name, value) for name, value in tags] + [""]
    lines += comments.get(0, [])
    for e in events:
        kind = type(e)
        if kind is GameRecord.MoveRecorded:
            mark = " (undone)" if e.number in undone else ""
            lines.append(f"{e.number}. {game.notation(_seen(game, e.move, view))}{mark}{_by(e.recorded_by)}")
            lines += comments.get(e.number, [])
        elif kind is GameRecord.MoveUndone:
            lines.append(f"undo {e.number}{_by(e.recorded_by)}")
        elif kind is GameRecord.MoveRedone:
            lines.append(f"redo {e.number}{_by(e.recorded_by)}")
    return "\n".join(lines) + "\n"


def format_named(name: str) -> str:
    """The format ``name`` means (``pgn`` is ``text``, ``ndjson`` is ``jsonl``, ...)."""
    fmt = FORMAT_NAMES.get(name.strip().lower())
    if fmt is None:
        raise ValueError(f"Unknown format {name!r}: jsonl (the stored events, also json or ndjson) or text "
                         "(tablelog's readable record, also tablelog-text or txt).")
    return fmt


# -- reading -------------------------------------------------------------------------
def read_record(text: str, fmt: str | None = None) -> Record:
    """A record in ``fmt``, or when that is not given in the format it
    looks like (JSON Lines start with ``{``)."""
    if not text.strip():
        raise RecordError(1, "the record is empty.")
    if fmt is None:
        fmt = "jsonl" if text.lstrip().startswith("{") else "text"
    return read_jsonl(text) if format_named(fmt) == "jsonl" else read_text(text)


def _need(line: int, data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise RecordError(line, f"{data.get('event', 'the event')} needs {key!r} ({getattr(kind, '__name__', kind)}).")
    return value


LineReader = Callable[[Record, int, dict[str, Any], str, str | None], None]
"""What a JSON line of one event kind adds to the record: (record, line
number, the line's data, who recorded it, its request id)."""


def _read_fork(record: Record, number: int, data: dict[str, Any], by: str, request_id: str | None) -> None:
    # Older exports let the fork's move stand in the line's "at" (its time).
    at = _need(number, data, "fork_at" if "fork_at" in data else "at", int)
    record.forked = {"game": _need(number, data, "origin", str), "at": at,
                     "version": _need(number, data, "origin_version", int),
                     "hash": _need(number, data, "origin_hash", str)}


def _read_move(record: Record, number: int, data: dict[str, Any], by: str, request_id: str | None) -> None:
    record.steps.append(Step(StepKind.MOVE, _need(number, data, "number", int), by,
                             move=_need(number, data, "move", dict), outcome=_need(number, data, "outcome", list),
                             request_id=request_id))


def _read_step(kind: StepKind) -> LineReader:
    """An undo or a redo: the move's number, and the outcome where the line has one."""
    def read(record: Record, number: int, data: dict[str, Any], by: str, request_id: str | None) -> None:
        record.steps.append(Step(kind, _need(number, data, "number", int), by, outcome=data.get("outcome"),
                                 request_id=request_id))
    return read


def _read_comment(record: Record, number: int, data: dict[str, Any], by: str, request_id: str | None) -> None:
    record.steps.append(Step(StepKind.ANNOTATE, _need(number, data, "number", int), by,
                             text=_need(number, data, "text", str), request_id=request_id))


def _read_seed(record: Record, number: int, data: dict[str, Any], by: str, request_id: str | None) -> None:
    # The seed of a game that is over, and the salt that opens its
    # commitment: the imported game keeps both, as recorded.
    seed = _need(number, data, "seed", int)
    record.seed = record.seed if record.seed is not None else seed
    record.seed_salt = _need(number, data, "salt", str)


def _skipped(record: Record, number: int, data: dict[str, Any], by: str, request_id: str | None) -> None:
    """A line the imported game has its own of: new tokens bring new seat
    links, and an operator's decision on the origin's anchor stays there."""


_LINE_READERS: dict[str, LineReader] = {
    "Forked": _read_fork,
    "MoveRecorded": _read_move,
    "MoveUndone": _read_step(StepKind.UNDO),
    "MoveRedone": _read_step(StepKind.REDO),
    "Annotated": _read_comment,
    "SeedRevealed": _read_seed,
    "SeatLinkChanged": _skipped,
    "HeadAccepted": _skipped,
}
"""How each kind of line after ``Started`` is read, by the line's ``event``."""


def read_jsonl(text: str) -> Record:
    record: Record | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except ValueError as error:
            raise RecordError(number, f"not JSON: {error}") from None
        if not isinstance(data, dict):
            raise RecordError(number, "each line is one JSON object.")
        kind = data.get("event")
        if record is None:
            if kind != "Started":
                raise RecordError(number, "the first event is Started.")
            record = Record(game=_need(number, data, "game", str), players=_need(number, data, "players", list),
                            options=data.get("options") or {}, mode=data.get("mode") or "table",
                            seed=data.get("seed"), seed_commitment=data.get("seed_commitment"),
                            dealt_from=data.get("dealt_from"),
                            rules_version=data.get("rules_version"),
                            view=data.get("view") if isinstance(data.get("view"), str) else None,
                            id=data.get("id") if isinstance(data.get("id"), str) else None)
            written = data.get("format_version", 1)
            if not is_whole(written) or written > FORMAT_VERSION:
                raise RecordError(number, f"this record's format is version {written!r}; this tablelog reads "
                                  f"versions 1 to {FORMAT_VERSION} (see GET /api/record-schemas).")
            if not isinstance(record.options, dict):
                raise RecordError(number, "options are an object.")
            if not isinstance(record.rules_version, (str, type(None))):
                raise RecordError(number, "the rules version is text.")
            if record.seed is not None and not is_whole(record.seed):
                raise RecordError(number, "the seed is a whole number.")
            if not isinstance(record.seed_commitment, (str, type(None))):
                raise RecordError(number, "the seed commitment is text.")
            if record.dealt_from is not None and not (is_whole(record.dealt_from) and record.dealt_from > 0):
                raise RecordError(number, "dealt_from is a move number.")
            continue
        by = data.get("recorded_by") or SCOREKEEPER
        request_id = data.get("request_id")
        if not isinstance(by, str) or not isinstance(request_id, (str, type(None))):
            raise RecordError(number, "recorded_by and request_id are text.")
        reader = _LINE_READERS.get(kind) if isinstance(kind, str) else None
        if reader is None:
            raise RecordError(number, f"unknown event {kind!r}.")
        reader(record, number, data, by, request_id)
    if record is None:
        raise RecordError(1, "the record is empty.")
    return record


_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_MOVE = re.compile(r"^(\d+)\. (.+?)( \(undone\))?$")
_UNDO = re.compile(r"^(undo|redo) (\d+)$")
_FORK = re.compile(r"^(\S+) at (\d+) \(version (\d+), hash (\w+)\)$")


def _unescape(text: str, special: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" and special == "}" else m[1], text)


def _game_by_name(name: str) -> Game | None:
    return next((g for g in all_games() if name.lower() in (g.title.lower(), g.id)), None)


def read_text(text: str) -> Record:
    tags: dict[str, str] = {}
    record: Record | None = None
    seats: Sequence[str] = ()
    game: Game | None = None
    last = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        tag = _TAG.match(line)
        if tag:
            if record is not None:
                raise RecordError(number, "header tags come before the moves.")
            tags[tag[1]] = _unescape(tag[2], '"')
            continue
        if record is None:
            record, game, seats = _text_header(tags, number)
        body, _, by = line.rpartition(" ; by ") if " ; by " in line else (line, "", SCOREKEEPER)
        if body.startswith("{") and body.endswith("}"):
            record.steps.append(Step(StepKind.ANNOTATE, last, by, text=_unescape(body[1:-1], "}")))
            continue
        undo = _UNDO.match(body)
        if undo:
            record.steps.append(Step(StepKind(undo[1]), int(undo[2]), by))
            continue
        move = _MOVE.match(body)
        if not move:
            raise RecordError(number, f"not a move, undo, redo or comment: {line!r}")
        last = int(move[1])
        try:
            parsed = game.parse_notation(move[2], seats)
        except ValueError as error:
            raise RecordError(number, f"{move[2]!r} is not a {game.title} move: {error}") from None
        record.steps.append(Step(StepKind.MOVE, last, by, move=parsed))
    if record is None:
        record, _, _ = _text_header(tags, 1)
    return record


def _text_header(tags: dict[str, str], line: int) -> tuple[Record, Game, Sequence[str]]:
    written = tags.get("Format", TEXT_FORMAT)
    name, _, version = written.rpartition(" ")
    if name != "tablelog-text" or not version.isdigit() or int(version) > FORMAT_VERSION:
        raise RecordError(line, f"the record's format is {written!r}; this tablelog reads tablelog-text 1 to "
                          f"{FORMAT_VERSION}.")
    for name in ("Game", "Players"):
        if name not in tags:
            raise RecordError(line, f"the header has no {name} tag.")
    game = _game_by_name(tags["Game"])
    if game is None:
        raise RecordError(line, f"tablelog does not know the game {tags['Game']!r}.")
    players_tag = tags["Players"]
    try:
        players = json.loads(players_tag) if players_tag.startswith("[") else players_tag.split(", ")
        options = json.loads(tags.get("Options") or "{}")
        seed = int(tags["Seed"]) if "Seed" in tags else None
        dealt_from = int(tags["DealtFrom"]) if "DealtFrom" in tags else None
    except ValueError as error:
        raise RecordError(line, f"a header tag does not parse: {error}") from None
    if not isinstance(options, dict):
        raise RecordError(line, "the Options tag holds a JSON object.")
    record = Record(game=game.id, players=players, options=options, mode=tags.get("Mode", "table"), seed=seed,
                    seed_commitment=tags.get("SeedCommitment"), seed_salt=tags.get("SeedSalt"), dealt_from=dealt_from,
                    rules_version=tags.get("Rules"), view=tags.get("View"), id=tags.get("Id"))
    if "Fork" in tags:
        fork = _FORK.match(tags["Fork"])
        if not fork:
            raise RecordError(line, "the Fork tag reads 'ID at N (version V, hash H)'.")
        record.forked = {"game": fork[1], "at": int(fork[2]), "version": int(fork[3]), "hash": fork[4]}
    try:
        seats = game.seats(setup(game, players, options, rules_to_start(game, record.rules_version)))
    except ValueError as error:
        raise RecordError(line, f"the players or options do not fit {game.title}: {error}") from None
    return record, game, seats


"""The HTTP API for what reads the record back: game records (export,
import), forks, comments, the score timeline and the players' results."""
from __future__ import annotations

import json
from typing import Any

from flask import Response, request, url_for
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError, fields, pre_load, validate

from domain.rules import MalformedMove
from replay.records import FORMAT_NAMES, format_named
from replay.schemas import FORMAT_VERSION, names as schema_names, schema as record_schema
from service.app.errors import NotFound, Unprocessable
from service.http.answers import Answer
from service.http.caching import expected_version
from service.http.access import OPTIONAL, REQUIRED, bearer, idempotency_key, member, needs
from service.http.api import games, group_of_caller, with_receipt
from service.http.schemas import CreatedSchema, MoveNumber, SeatQuerySchema, since_field
from service.http.resources import Resource, arguments

blp = Blueprint("records", __name__, url_prefix="/api",
                description="Game records, forks, comments, score timelines and player statistics.")

CONTENT_TYPES = {"jsonl": "application/x-ndjson; charset=utf-8", "text": "text/plain; charset=utf-8"}


def renamed(data: Any, aliases: dict[str, str]) -> Any:
    """A body with fields sent under another name clients use (``aliases``:
    that name -> the field) under the field's own name."""
    if not isinstance(data, dict):
        return data
    data = dict(data)
    for alias, name in aliases.items():
        if alias in data and name not in data:
            data[name] = data.pop(alias)
    return data


class FormatField(fields.String):
    """A record format by any of its names; loads as ``jsonl`` or ``text``."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        try:
            return format_named(super()._deserialize(value, attr, data, **kwargs))
        except ValueError as error:
            raise ValidationError(str(error)) from None


FORMAT_HELP = ("jsonl (also json, ndjson): every stored event, one JSON object a line (lossless; its JSON "
               "Schemas at /api/record-schemas); text (also tablelog-text, txt; pgn accepted): tablelog's own "
               "readable record, in the spirit of PGN but not read by PGN tools")


class ExportQuerySchema(SeatQuerySchema):
    format = FormatField(load_default="jsonl", metadata={"description": FORMAT_HELP,
                                                         "enum": sorted(FORMAT_NAMES)})


class ImportSchema(Schema):
    record = fields.String(required=True, validate=validate.Length(min=1),
                           metadata={"description": "a game record as GET .../export writes it, in either format "
                                                    "(also accepted as text, data or content)"})
    format = FormatField(load_default=None, metadata={"description": "the record's format (default: as it looks)",
                                                      "enum": sorted(FORMAT_NAMES)})

    @pre_load
    def aliases(self, data: Any, **kwargs: Any) -> Any:
        return renamed(data, {"text": "record", "data": "record", "content": "record"})


IMPORT_BODY = {
    "required": True,
    "description": "The record as JSON ({\"record\": ...}), or the record file itself as the body "
                   "(text/plain, application/x-ndjson) or as a multipart file upload.",
    "content": {"application/json": {"schema": ImportSchema},
                "text/plain": {"schema": {"type": "string"}},
                "application/x-ndjson": {"schema": {"type": "string"}},
                "multipart/form-data": {"schema": {"type": "object",
                                                   "properties": {"file": {"type": "string", "format": "binary"}}}}},
}


def posted_record() -> tuple[str, str | None]:
    """The record an import request carries, and its format if named."""
    if request.is_json:
        data = request.get_json(silent=True)
        if isinstance(data, dict) and "event" not in data:     # {"record": ...}, not a record's first line
            try:
                body = ImportSchema().load(data)
            except ValidationError as error:
                raise MalformedMove(error.messages) from None
            return body["record"], body["format"]
        if isinstance(data, str):                                # the record as one JSON string
            return data, None
    upload = next(iter(request.files.values()), None)
    raw = upload.read() if upload is not None else request.get_data()
    try:
        return raw.decode("utf-8-sig"), None
    except UnicodeDecodeError:
        raise Unprocessable("A record is UTF-8 text; this file is not: nothing was imported.", "not_a_record",
                            {"record": ["A record is UTF-8 text."]}) from None


class ChainSchema(Answer):
    sometimes = ("intact", "problems")

    checked = fields.Boolean(metadata={"description": "false for a record without hashes (a text record)"})
    intact = fields.Boolean(allow_none=True)
    problems = fields.List(fields.String(), metadata={"description": "each break in the record's own hash chain"})
    message = fields.String()


class ImportedSchema(CreatedSchema):
    sometimes = ("seed_commitment", "chain")

    differences = fields.List(fields.Integer(), metadata={
        "description": "moves whose outcome in the record differs from what the rules give now"})
    chain = fields.Nested(ChainSchema, metadata={"description": "what the record's own hash chain says"})


class ForkQuerySchema(Schema):
    at = MoveNumber(required=True, validate=validate.Range(min=0),
                        metadata={"description": "the new game starts with the effective moves numbered <= at"})


class ForkedFromSchema(Answer):
    game = fields.String()
    at = fields.Integer()
    version = fields.Integer()
    hash = fields.String()


class ForkedSchema(CreatedSchema):
    forked_from = fields.Nested(ForkedFromSchema)


class AnnotationSchema(Schema):
    move_index = fields.Integer(required=True, strict=True, validate=validate.Range(min=0),
                                metadata={"description": "the move commented on; 0 comments on the whole game "
                                                         "(also accepted as index or move)"})
    text = fields.String(required=True, validate=validate.Length(min=1, max=2000),
                         metadata={"description": "the comment (also accepted as comment)"})
    expected_version = fields.Integer(load_default=None, allow_none=True, strict=True)

    @pre_load
    def aliases(self, data: Any, **kwargs: Any) -> Any:
        return renamed(data, {"index": "move_index", "move": "move_index", "comment": "text"})


class AnnotatedSchema(Answer):
    version = fields.Integer()
    move_index = fields.Integer()


class TimelinePointSchema(Answer):
    index = fields.Integer(metadata={"description": "the move number; 0 is before the first move"})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer())


class TimelineQuerySchema(Schema):
    since = since_field()


class TimelineSchema(Answer):
    id = fields.String()
    game = fields.String()
    title = fields.String()
    seats = fields.List(fields.String())
    version = fields.Integer()
    since = fields.Integer(allow_none=True)
    after = fields.Integer(allow_none=True, metadata={
        "description": "with since: keep your points up to this move number; points are those after it now"})
    points = fields.List(fields.Nested(TimelinePointSchema))


class PlayerGameSchema(Answer):
    game = fields.String()
    games = fields.Integer(metadata={"description": "games taken part in, running ones included"})
    played = fields.Integer(metadata={"description": "finished games"})
    running = fields.Integer()
    won = fields.Integer()
    average_score = fields.Float(allow_none=True, metadata={"description": "over finished games"})
    best_score = fields.Integer(allow_none=True, metadata={"description": "over finished games"})
    rank = fields.Integer(metadata={"description": "place on this game's leaderboard"})
    ranked = fields.Integer(metadata={"description": "players on this game's leaderboard"})


class PlayerSchema(Answer):
    name = fields.String()
    games = fields.List(fields.Nested(PlayerGameSchema))


class LeaderboardEntrySchema(Answer):
    rank = fields.Integer()
    player = fields.String()
    games = fields.Integer()
    played = fields.Integer()
    running = fields.Integer()
    won = fields.Integer()
    average_score = fields.Float(allow_none=True)
    best_score = fields.Integer(allow_none=True)


class LeaderboardSchema(Answer):
    game = fields.String()
    title = fields.String()
    players = fields.List(fields.Nested(LeaderboardEntrySchema))


class LeaderboardsSchema(Answer):
    games = fields.List(fields.Nested(LeaderboardSchema))


@blp.route("/games/<game_id>/export")
class Export(Resource):
    @needs(token=OPTIONAL)
    @arguments(blp, ExportQuerySchema, location="query")
    @blp.response(200, content_type="text/plain", description="the readable record (format=text)")
    @blp.alt_response(200, description="the game's record, as format asks: JSON Lines (jsonl) or text",
                      content_type="application/x-ndjson",
                      success=True)
    @blp.doc(responses={200: {"content": {
        "text/plain": {"schema": {"type": "string", "description": "tags in the spirit of PGN, then the numbered "
                                                                   "moves with comments and undone moves"}},
        "application/x-ndjson": {"schema": {"type": "string", "description": "one JSON object a line: every "
                                            "stored event ({event, version, ...}); GET .../export and POST "
                                            "/api/games/import round-trip it"}}}}})
    def get(self, query: dict[str, Any], game_id: str):
        """The game's record (in a digital game, as the token's holder may see it)."""
        fmt = query["format"]
        body = games().export_lines(game_id, fmt, bearer(), query["seat"])     # streamed
        extension = "jsonl" if fmt == "jsonl" else "txt"
        return Response(body, content_type=CONTENT_TYPES[fmt],
                        headers={"Content-Disposition": f'attachment; filename="{game_id}.{extension}"'})


@blp.route("/games/import")
class Import(Resource):
    @needs(idempotency_key=True, member=OPTIONAL)
    @blp.doc(requestBody=IMPORT_BODY)
    @blp.response(201, ImportedSchema)
    def post(self):
        """Create a new game from a record; every step is checked against the rules of its version.
        With an Idempotency-Key header, a retry returns the first answer and creates nothing."""
        record, fmt = posted_record()
        return with_receipt(games().import_record(record, fmt, idempotency_key(), group_of_caller()))


class RecordSchemasSchema(Schema):
    format_version = fields.Integer(metadata={"description": "the record format these schemas describe"})
    schemas = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "each line kind (and record, any line) -> the URL of its JSON Schema"})


@blp.route("/record-schemas")
class RecordSchemas(Resource):
    @blp.response(200, RecordSchemasSchema)
    def get(self):
        """The JSON Schemas of a JSON Lines record, one per line kind, and their format version."""
        return {"format_version": FORMAT_VERSION,
                "schemas": {name: url_for("records.RecordSchema", name=name) for name in schema_names()}}


@blp.route("/record-schemas/<name>")
class RecordSchema(Resource):
    @blp.response(200, content_type="application/schema+json", description="the JSON Schema (draft 2020-12)")
    @blp.doc(responses={200: {"content": {"application/schema+json": {"schema": {"type": "object"}}}}})
    def get(self, name: str):
        """One JSON Schema of a JSON Lines record: a line kind (Started, MoveRecorded, ...) or record (any line)."""
        try:
            body = record_schema(name.removesuffix(".json"))
        except KeyError:
            raise NotFound(f"There is no record schema {name!r}; there are {', '.join(schema_names())}.") from None
        return Response(json.dumps(body, indent=2, ensure_ascii=False), content_type="application/schema+json")


@blp.route("/games/<game_id>/fork")
class Fork(Resource):
    @needs(token=OPTIONAL, idempotency_key=True)
    @arguments(blp, ForkQuerySchema, location="query")
    @blp.response(201, ForkedSchema)
    def post(self, query: dict[str, Any], game_id: str):
        """Start a new game from this one's first moves ("what if"); this game is untouched.
        With an Idempotency-Key header, a retry returns the first answer and creates nothing."""
        return with_receipt(games().fork(game_id, query["at"], bearer(), idempotency_key()))


@blp.route("/games/<game_id>/annotations")
class Annotations(Resource):
    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, AnnotationSchema)
    @blp.response(201, AnnotatedSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Attach a comment to a move (needs one of the game's tokens)."""
        return with_receipt(games().annotate(game_id, body["move_index"], body["text"], bearer(),
                                             expected_version(body["expected_version"]), idempotency_key()))


@blp.route("/games/<game_id>/timeline")
class Timeline(Resource):
    @arguments(blp, TimelineQuerySchema, location="query")
    @blp.response(200, TimelineSchema)
    def get(self, query: dict[str, Any], game_id: str):
        """Every seat's score before the first move and after each effective move
        (with since=V: the points after the last one unchanged since version V)."""
        return games().timeline(game_id, query["since"])


class BGStatsSchema(Answer):
    play = fields.Dict(metadata={"description": "the play in BG Stats' own format (see docs/bgstats.md)"})
    link = fields.String(metadata={"description": "bgstats://app.bgstatsapp.com/createPlay.html?data=<the play as "
                                                  "URL-encoded JSON>: opens the app's import"})
    web_link = fields.String(metadata={"description": "https://app.bgstatsapp.com/createPlay.html?data=...: the "
                                                      "same play, opened from a browser"})


class BGStatsQuerySchema(Schema):
    tz = fields.String(load_default=None, validate=validate.Length(max=64), metadata={
        "description": "the time zone the play's local date is given in: an IANA name (Europe/Vienna) or an "
                       "offset (+02:00); default UTC"})
    location = fields.String(load_default=None, validate=validate.Length(max=200),
                             metadata={"description": "where the game was played"})


@blp.route("/games/<game_id>/bgstats")
class BGStats(Resource):
    @arguments(blp, BGStatsQuerySchema, location="query")
    @blp.response(200, BGStatsSchema)
    def get(self, query: dict[str, Any], game_id: str):
        """A finished game as a play for Board Game Stats (409 while it is played)."""
        return games().bgstats(game_id, query["tz"], query["location"])


@blp.route("/players/<name>")
class Player(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, PlayerSchema)
    def get(self, name: str):
        """A player's results across the group's games, per game type, with the leaderboard place."""
        return games().player(name, member().group)


@blp.route("/leaderboard/<game>")
class Leaderboard(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, LeaderboardSchema)
    def get(self, game: str):
        """Every player of a game type in the group: most wins first, then the best average score."""
        return games().leaderboard(game, member().group)


@blp.route("/leaderboard")
class Leaderboards(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, LeaderboardsSchema)
    def get(self):
        """Every game type's leaderboard in the group (a game type nobody has played yet is left out)."""
        return {"games": games().leaderboards(member().group)}

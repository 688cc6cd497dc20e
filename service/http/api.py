"""The HTTP API: flask-smorest blueprints with a marshmallow schema for every
body. Bodies that do not parse are 400; moves the rules forbid are 422 with
the rule's code and message; a stale ``expected_version`` is 409."""
from __future__ import annotations

import json
import re
from typing import Any

import orjson
import segno
from flask import Response, current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import INCLUDE, Schema, fields, validate
from webargs import core
from webargs.flaskparser import FlaskParser

from domain.games import all_games
from service.app import health
from service.app.errors import Unavailable
from domain.rules import MalformedMove
from service.app import game_list
from service.http import i18n, move_schemas
from service.http.answers import Answer
from service.http.caching import expected_version
from service.http.access import OPTIONAL, REQUIRED, bearer, idempotency_key, needs
from service.http.openapi import move_field


class BodyParser(FlaskParser):
    """webargs' parser, with every JSON body that cannot be read a 400 like
    any other body that does not parse: an integer too long to convert, an
    array or object nested too deep to decode, text that is no Unicode (a
    lone surrogate such as ``"\\ud800"``, which no store can keep)."""

    # Malformed bodies are 400; 422 is kept for moves the rules forbid.
    DEFAULT_VALIDATION_STATUS = 400

    # A lone surrogate arrives only as a JSON escape (raw bytes that are no
    # UTF-8 fail to decode already): only a body with such an escape is checked.
    SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")

    def _raw_load_json(self, req):
        try:
            data = super()._raw_load_json(req)
            if data is not core.missing and self.SURROGATE_ESCAPE.search(req.get_data(cache=True)):
                json.dumps(data, ensure_ascii=False).encode("utf-8")
        except json.JSONDecodeError:
            raise                   # webargs' own handling: an empty body is no body
        except (ValueError, RecursionError) as error:   # UnicodeEncodeError is a ValueError
            return self._handle_invalid_json_error(error, req)
        return data


# Set before any blueprint's @arguments: both blueprints parse with it.
Blueprint.ARGUMENTS_PARSER = BodyParser()

blp = Blueprint("games", __name__, url_prefix="/api", description="Game records: create, record, undo, read.")


def games():
    return current_app.extensions["tablelog"]


def asked_language() -> str:
    """The language the caller reads (``Accept-Language``; English when it names none of ours)."""
    return i18n.language(request.accept_languages)


RECEIPT_HEADER = "Tablelog-Receipt"


def with_receipt(answer: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A write's answer, its receipt (the event's hash and the keyed
    head) in the ``Tablelog-Receipt`` header as compact JSON: a client keeps
    it and may POST it to ``/api/games/<id>/receipt`` later."""
    receipt = answer.get("receipt")
    body = {k: v for k, v in answer.items() if k != "receipt"}
    return body, ({RECEIPT_HEADER: orjson.dumps(receipt).decode()} if receipt else {})


def written(answer: dict[str, Any], status: int = 201) -> Response:
    """A write's answer as its response, written once: the service builds it
    with exactly the fields of the endpoint's schema, so flask-smorest's dump
    through that schema (a copy of every field, the state's too) is skipped;
    the schema still documents it."""
    body, headers = with_receipt(answer)
    response = current_app.json.response(body)
    response.status_code = status
    response.headers.update(headers)
    return response


# -- schemas -------------------------------------------------------------------
class CreateGameSchema(Schema):
    game = fields.String(required=True, metadata={"description": "a game id from /api/game-types"})
    players = fields.List(fields.String(validate=validate.Length(min=1)), required=True,
                          metadata={"description": "player names in seating order (clockwise); they are the seats"})
    mode = fields.String(load_default="table", validate=validate.OneOf(["table", "digital"]))
    seed = fields.Integer(load_default=None, allow_none=True, strict=True,
                          metadata={"description": "digital mode: seed of the service's dice and decks"})
    options = fields.Dict(load_default=dict, metadata={"description": "the game's options (see /api/game-types)"})


class TokensSchema(Answer):
    sometimes = ("seats",)

    scorekeeper = fields.String()
    seats = fields.Dict(keys=fields.String(), values=fields.String())


class ReceiptSchema(Schema):
    game = fields.String(required=True)
    version = fields.Integer(required=True, strict=True)
    hash = fields.String(required=True, metadata={"description": "the hash of the event at that version"})
    key_id = fields.String(required=True)
    mac = fields.String(required=True, metadata={"description": "HMAC-SHA256 of game, version and hash with "
                                                 "tablelog's key"})


class CreatedSchema(Answer):
    sometimes = ("seed_commitment",)

    id = fields.String()
    version = fields.Integer()
    tokens = fields.Nested(TokensSchema)
    seed_commitment = fields.String(metadata={"description": "digital mode: SHA-256 commitment to the seed, "
                                              "which is revealed when the game is over"})


class MoveRequestSchema(Schema):
    move = move_field()
    expected_version = fields.Integer(load_default=None, allow_none=True, strict=True,
                                      metadata={"description": "the version you saw; a stale one gets 409"})


class VersionOnlySchema(Schema):
    expected_version = fields.Integer(load_default=None, allow_none=True, strict=True,
                                      metadata={"description": "the version you saw; a stale one gets 409"})


class ExpectedSchema(Answer):
    seats = fields.List(fields.String())
    moves = fields.List(fields.String())


class AutoMoveSchema(Answer):
    index = fields.Integer()
    move = fields.Dict()
    outcome = fields.List(fields.Dict())


class MoveRecordedSchema(Answer):
    index = fields.Integer()
    version = fields.Integer()
    outcome = fields.List(fields.Dict())
    auto = fields.List(fields.Nested(AutoMoveSchema))
    state = fields.Dict()


class UndoneSchema(Answer):
    version = fields.Integer()
    undone = fields.Integer()


class TakenBackSchema(UndoneSchema):
    undone = fields.Integer(metadata={"description": "the move taken back to (the last undone)"})
    taken_back = fields.List(fields.Integer(), metadata={"description": "every move taken back, the last first"})


class TakeBackSchema(VersionOnlySchema):
    move_index = fields.Integer(required=True, strict=True, validate=validate.Range(min=1), metadata={
        "description": "the move taken back, with every effective move after it"})


class RedoneSchema(Answer):
    version = fields.Integer()
    redone = fields.Integer()


class MoveNumber(fields.Integer):
    """A move number in a query string: ASCII digits only (Python's int()
    would also read "+1", "1_0" as 10, or other scripts' digits)."""

    def _deserialize(self, value, attr, data, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(value, str) and not (value.isascii() and value.isdigit()):
            raise self.make_error("invalid", input=value)
        return super()._deserialize(value, attr, data, **kwargs)


SINCE_HELP = ("a version the reader already holds the game at: only what was recorded, undone, redone or "
              "commented on after it")


LOG_PAGE_LIMIT = 5000
"""The largest page of the log one request asks for."""


def since_field() -> MoveNumber:
    return MoveNumber(load_default=None, validate=validate.Range(min=0), metadata={"description": SINCE_HELP})


class StateQuerySchema(Schema):
    at = MoveNumber(load_default=None, validate=validate.Range(min=0),
                        metadata={"description": "the state after the effective moves numbered <= at"})
    seat = fields.String(load_default=None)
    since = since_field()


class SummarySchema(Answer):
    sometimes = ("status", "last_move_at")

    id = fields.String()
    game = fields.String()
    title = fields.String()
    players = fields.List(fields.String())
    seats = fields.List(fields.String())
    mode = fields.String()
    options = fields.Dict()
    version = fields.Integer()
    moves = fields.Integer(metadata={"description": "effective moves"})
    recorded = fields.Integer(metadata={"description": "moves ever recorded, undone ones included"})
    created_at = fields.String()
    updated_at = fields.String()
    finished = fields.Boolean()
    scores = fields.Dict(keys=fields.String(), values=fields.Integer())
    winners = fields.List(fields.String())
    expected = fields.Nested(ExpectedSchema)
    status = fields.String(metadata={"description": "in the game list: playing | finished"})
    last_move_at = fields.String(allow_none=True, metadata={
        "description": "in the game list: when a move was last recorded, undone or redone"})
    forked_from = fields.Dict(allow_none=True, metadata={
        "description": "a fork's origin: {game, at, version, hash} (null for a game that is no fork)"})


class GameListSchema(Answer):
    games = fields.List(fields.Nested(SummarySchema))
    next = fields.String(allow_none=True, metadata={
        "description": "the cursor of the next page (GET /api/games?cursor=...), null on the last page"})


class GameListQuerySchema(Schema):
    limit = fields.Integer(load_default=None, validate=validate.Range(min=1, max=1000),
                           metadata={"description": "at most this many games (a page); next asks for the rest"})
    cursor = fields.String(load_default=None, validate=[validate.Length(min=1, max=200),
                                                        validate.Regexp(r"^[A-Za-z0-9_-]+$")],
                           metadata={"description": "a next from an earlier page: the games after it"})
    game = fields.String(load_default=None, metadata={"description": "only this game type (e.g. willi)"})
    player = fields.String(load_default=None, metadata={"description": "only games this player takes part in"})
    finished = fields.Boolean(load_default=None, metadata={"description": "only finished (true) or running "
                                                                           "(false) games"})


class LegalMovesSchema(Answer):
    expected = fields.Nested(ExpectedSchema)
    moves = fields.List(fields.Dict(), allow_none=True)
    unlisted = fields.List(fields.String(), metadata={
        "description": "the move kinds expected now that moves does not list in full (each needs an entry form); "
                       "a kind neither listed nor here is not possible now"})


class LogEntrySchema(Answer):
    index = fields.Integer()
    version = fields.Integer()
    move = fields.Dict()
    outcome = fields.List(fields.Dict())
    recorded_by = fields.String()
    recorded_at = fields.String()
    undone = fields.Boolean()
    history = fields.List(fields.Dict())
    annotations = fields.List(fields.Dict())


class LogSchema(Answer):
    id = fields.String()
    game = fields.String()
    version = fields.Integer()
    since = fields.Integer(allow_none=True, metadata={
        "description": "as asked: entries are then only the moves changed after this version"})
    forked_from = fields.Dict(allow_none=True)
    entries = fields.List(fields.Nested(LogEntrySchema))
    next_since = fields.Integer(allow_none=True, metadata={
        "description": "with limit: the since of the next page (None: this page is the last)"})


class FindingSchema(Answer):
    sometimes = ("seat", "move_index")

    kind = fields.String()
    seat = fields.String()
    move_index = fields.Integer(allow_none=True)
    message = fields.String()


class AuditProblemSchema(Answer):
    sometimes = ("move_index", "version")

    kind = fields.String()
    version = fields.Integer()
    move_index = fields.Integer(allow_none=True)
    message = fields.String()


class AuditSchema(Answer):
    id = fields.String()
    ok = fields.Boolean(metadata={"description": "hash chain intact and replay reproduces every stored outcome"})
    version = fields.Integer()
    head = fields.String(metadata={"description": "what the keyed anchor says of the record's end: checked, "
                                   "unverified (a key this service does not hold), no anchor, forged, or not "
                                   "checked and why (no key here, recorded before anchors)"})
    problems = fields.List(fields.Nested(AuditProblemSchema))
    findings = fields.List(fields.Nested(FindingSchema))
    accepted = fields.List(fields.Dict(), metadata={
        "description": "operators' decisions to take the head as the record's end although its anchor could not "
                       "vouch for it (tablelog key accept-head): version, by, why, found"})


class ReceiptCheckSchema(Answer):
    sometimes = ("problems",)

    id = fields.String()
    ok = fields.Boolean(metadata={"description": "the receipt's event is still in the record, unchanged"})
    checked = fields.Boolean(metadata={"description": "false when this service lacks the receipt's key"})
    problems = fields.List(fields.Nested(AuditProblemSchema))


class GameTypeListSchema(Answer):
    games = fields.List(fields.Dict())


class MoveJSONSchema(Schema):
    class Meta:
        unknown = INCLUDE

    schema_ = fields.String(data_key="$schema", attribute="$schema", required=True)
    title = fields.String(required=True)
    ref = fields.String(data_key="$ref", attribute="$ref", required=True)
    defs = fields.Dict(data_key="$defs", attribute="$defs", required=True,
                       metadata={"description": "every move schema of the game, and what they refer to"})


# -- endpoints ---------------------------------------------------------------------
class HealthSchema(Answer):
    ok = fields.Boolean()
    database = fields.String()


class LiveSchema(Schema):
    ok = fields.Boolean()


def ready_answer():
    answer = health.readiness(games())
    if not answer["ok"]:
        raise Unavailable("Not ready: " + "; ".join(answer["problems"]) + ".", "not_ready")
    return {"ok": True, "database": answer["database"]}


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, description="not ready (Retry-After says when to ask again)")
    def get(self):
        """Readiness, as /api/health/ready (kept for the containers that ask it)."""
        return ready_answer()


@blp.route("/health/live")
class Liveness(MethodView):
    @blp.response(200, LiveSchema)
    def get(self):
        """Liveness: the process answers. Asks nothing of the database (a process is not restarted
        for a database that is away)."""
        return {"ok": True}


@blp.route("/health/ready")
class Readiness(MethodView):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, description="not ready (Retry-After says when to ask again)")
    def get(self):
        """Readiness: it can serve writes and keep its views. Every store answers and may write (not
        read-only, its lock given in time, room on SQLite's disk) and the views' runner did not fail
        its last try; else 503 with Retry-After, naming what failed."""
        return ready_answer()


@blp.route("/game-types")
class GameTypes(MethodView):
    @blp.response(200, GameTypeListSchema)
    def get(self):
        """Every game's title, player counts, options and move vocabulary."""
        return {"games": [game.describe() for game in all_games()]}


@blp.route("/game-types/<game>/move-schema")
class MoveSchema(MethodView):
    @blp.response(200, MoveJSONSchema)
    def get(self, game: str):
        """A game's moves as a JSON Schema of their own: a oneOf of its move schemas, decided by ``type``
        (the same schemas as the document's ``<Game>Move``)."""
        known = {g.id for g in all_games()}
        if game not in known:
            from service.app.errors import NotFound
            raise NotFound(f"No game '{game}'; the games are {', '.join(sorted(known))}.")
        served = current_app.extensions.setdefault("tablelog.move_schemas", {})
        if game not in served:
            served[game] = move_schemas.standalone(current_app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
                                                   .spec.to_dict(), game)
        return served[game]


class CatalogSchema(Answer):
    sometimes = ("modules", "cards", "fields_", "emperor_tiles", "effects", "ballrooms", "balcony_cost", "rehearsal_boards")

    game = fields.String()
    modules = fields.List(fields.String(), metadata={"description": "the modules whose components are listed"})
    cards = fields.List(fields.Dict(), metadata={
        "description": "every card by name and printed content, each with its deck (and what it does in words)"})
    fields_ = fields.List(fields.Dict(), data_key="fields", attribute="fields", metadata={"description": "a board's fields, in order"})
    emperor_tiles = fields.List(fields.Dict(), metadata={"description": "the Emperor tiles: reward and penalty, "
                                                                        "as data and in words"})
    effects = fields.Dict(metadata={"description": "the effect vocabulary: kind -> its fields and its words "
                                                   "(message templates)"})
    ballrooms = fields.List(fields.Dict(), metadata={"description": "module 1: the five ballroom boards"})
    balcony_cost = fields.Integer(metadata={"description": "module 1: the balcony's champagne"})
    rehearsal_boards = fields.List(fields.Dict(), metadata={"description": "module 1: the rehearsal room boards"})


class CatalogQuerySchema(Schema):
    modules = fields.String(load_default=None, metadata={
        "description": "modules whose cards, tiles and boards to list too, comma-separated (e.g. ballrooms)"})


class WordsSchema(Answer):
    language = fields.String()
    words = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the page's words: English (as the page writes them) -> this language; empty for English"})


@blp.route("/words/<language>")
class Words(MethodView):
    @blp.response(200, WordsSchema)
    def get(self, language: str):
        """The scorekeeper's page's words in a language (en, de), from the service's message catalog."""
        if language not in i18n.LANGUAGES:
            from service.app.errors import NotFound
            raise NotFound(f"The page speaks {' and '.join(i18n.LANGUAGES)}, not '{language}'.")
        return {"language": language, "words": i18n.words(language)}


@blp.route("/game-types/<game>/catalog")
class Catalog(MethodView):
    @blp.arguments(CatalogQuerySchema, location="query")
    @blp.response(200, CatalogSchema)
    def get(self, query: dict[str, Any], game: str):
        """A game's components by name and printed content (cards, tiles, boards, fields), for pickers;
        with ?modules=..., the modules' components too."""
        modules = [m.strip() for m in (query["modules"] or "").split(",") if m.strip()]
        try:
            catalog = games().catalog(game, {"modules": modules} if modules else {})
        except MalformedMove:
            # Modules a game does not have are components there are none of.
            from service.app.errors import NotFound
            raise NotFound(f"'{game}' has no modules {', '.join(modules)}.") from None
        return i18n.spoken(catalog, asked_language())


@blp.route("/games/<game_id>/catalog")
class GameCatalog(MethodView):
    @blp.response(200, CatalogSchema)
    def get(self, game_id: str):
        """The components as this game has them: its modules' and its house catalog's."""
        return i18n.spoken(games().game_catalog(game_id), asked_language())


@blp.route("/games")
class GameList(MethodView):
    @blp.arguments(GameListQuerySchema, location="query")
    @blp.response(200, GameListSchema)
    def get(self, query: dict[str, Any]):
        """The games, oldest first, a page at a time with limit (next is the following page's cursor),
        filtered by game type, player and finished."""
        try:
            return game_list.page(games().views.summaries(), **query)
        except game_list.NoSuchPage as error:
            from service.app.errors import NotFound
            raise NotFound(str(error)) from None

    @needs(idempotency_key=True)
    @blp.arguments(CreateGameSchema())
    @blp.response(201, CreatedSchema)
    def post(self, body: dict[str, Any]):
        """Start a game. Keep the tokens: the scorekeeper's records moves."""
        return with_receipt(games().create(body["game"], body["players"], body["mode"], body["seed"],
                                           body["options"], idempotency_key()))


@blp.route("/games/<game_id:game_id>")
class GameSummary(MethodView):
    @blp.response(200, SummarySchema)
    def get(self, game_id: str):
        """A game's summary: players, version, scores, who acts next. A page
        that follows a game asks again with its ETag in If-None-Match and is
        answered 304, without a body, while nothing changed (service.http.caching)."""
        return games().summary(games().history(game_id))


@blp.route("/games/<game_id>/moves")
class Moves(MethodView):
    @needs(token=REQUIRED, idempotency_key=True)
    @blp.arguments(MoveRequestSchema())
    @blp.response(201, MoveRecordedSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Record a move (needs the scorekeeper's token, or in a digital game the acting seat's)."""
        return written(games().record_move(game_id, body["move"], bearer(), expected_version(body["expected_version"]),
                                           idempotency_key()))


@blp.route("/games/<game_id>/receipt")
class Receipt(MethodView):
    @blp.arguments(ReceiptSchema())
    @blp.response(200, ReceiptCheckSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Check a receipt from an earlier write: is its event still in the record?"""
        return games().check_receipt(game_id, body)


@blp.route("/games/<game_id>/undo")
class Undo(MethodView):
    @needs(token=REQUIRED, idempotency_key=True)
    @blp.arguments(VersionOnlySchema(), required=False)
    @blp.response(201, UndoneSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Retract the last effective move; it stays in the log, marked undone."""
        return with_receipt(games().undo(game_id, bearer(), expected_version(body["expected_version"]), idempotency_key()))


class CheckRequestSchema(Schema):
    move = fields.Dict(required=True, metadata={"description": "the move, as it would be recorded"})


class CheckSchema(Answer):
    sometimes = ("code", "message", "rule")

    legal = fields.Boolean()
    code = fields.String(metadata={"description": "when not legal: the rule's code"})
    message = fields.String(metadata={"description": "when not legal: why, in the rule's words"})
    rule = fields.String()


@blp.route("/games/<game_id>/check")
class Check(MethodView):
    @needs(token=REQUIRED)
    @blp.arguments(CheckRequestSchema())
    @blp.response(200, CheckSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Dry run: would the rules take this move now, and if not, why (nothing is recorded).
        Only for whoever may record it; in a digital game a player's move only with that player's token."""
        return i18n.translated_error(games().dry_run(game_id, body["move"], bearer()), asked_language())


@blp.route("/games/<game_id>/take-back")
class TakeBack(MethodView):
    @needs(token=REQUIRED, idempotency_key=True)
    @blp.arguments(TakeBackSchema())
    @blp.response(201, TakenBackSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Take back a move and every move after it, in one request (one Idempotency-Key) and one save;
        each stays in the log, marked undone, as with undo."""
        return with_receipt(games().take_back(game_id, body["move_index"], bearer(), expected_version(body["expected_version"]),
                                              idempotency_key()))


class SeatLinkSchema(Answer):
    version = fields.Integer()
    seat = fields.String()
    token = fields.String(allow_none=True, metadata={
        "description": "the seat's new token (shown once; null when revoked): its link is "
                       "<page>#/game/<id>/as/<seat>/<token>"})


@blp.route("/games/<game_id>/seats/<seat>/link")
class SeatLink(MethodView):
    @needs(token=REQUIRED, idempotency_key=True)
    @blp.arguments(VersionOnlySchema())
    @blp.response(201, SeatLinkSchema)
    def post(self, body: dict[str, Any], game_id: str, seat: str):
        """Hand out a seat's link again (the scorekeeper's token): a new token, the old one stops working."""
        return games().seat_link(game_id, seat, bearer(), False, expected_version(body["expected_version"]), idempotency_key())

    @needs(token=REQUIRED, idempotency_key=True)
    @blp.arguments(VersionOnlySchema())
    @blp.response(200, SeatLinkSchema)
    def delete(self, body: dict[str, Any], game_id: str, seat: str):
        """Revoke a seat's link (the scorekeeper's token): its token stops working until a new link is handed out."""
        return games().seat_link(game_id, seat, bearer(), True, expected_version(body["expected_version"]), idempotency_key())


class QRRequestSchema(Schema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=1000),
                         metadata={"description": "what the code holds, e.g. a seat's link"})


class QRSchema(Answer):
    svg = fields.String(metadata={"description": "the QR code as an SVG image"})


@blp.route("/qr")
class QRCode(MethodView):
    @blp.arguments(QRRequestSchema())
    @blp.response(200, QRSchema)
    def post(self, body: dict[str, Any]):
        """A QR code of a text (a seat's link, to scan from another phone); sent in the body, never in an address."""
        code = segno.make(body["text"], error="m")
        return {"svg": code.svg_inline(scale=4, border=2, dark="#000", light="#fff")}


@blp.route("/games/<game_id>/redo")
class Redo(MethodView):
    @needs(token=REQUIRED, idempotency_key=True)
    @blp.arguments(VersionOnlySchema(), required=False)
    @blp.response(201, RedoneSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Re-apply the most recently undone move, if nothing was recorded since."""
        return with_receipt(games().redo(game_id, bearer(), expected_version(body["expected_version"]), idempotency_key()))


class GameStateSchema(Answer):
    """A game's state as the asker may see it: these fields, and the game's own view (its board, hands, ...)."""

    class Meta:
        unknown = INCLUDE

    sometimes = ("at", "moves_applied", "expected", "scores", "finished", "winners", "since", "unchanged")
    id = fields.String()
    version = fields.Integer()
    at = fields.Integer(metadata={"description": "the state after the effective moves numbered <= at"})
    moves_applied = fields.Integer()
    expected = fields.Nested(ExpectedSchema)
    scores = fields.Dict(keys=fields.String(), values=fields.Integer())
    finished = fields.Boolean()
    winners = fields.List(fields.String())
    since = fields.Integer(metadata={"description": "as asked"})
    unchanged = fields.Boolean(metadata={"description": "with since: true when nothing changed since (then only "
                                                        "id, version, since and unchanged are sent)"})


@blp.route("/games/<game_id>/state")
class State(MethodView):
    @needs(token=OPTIONAL)
    @blp.arguments(StateQuerySchema(), location="query")
    @blp.response(200, GameStateSchema)
    def get(self, query: dict[str, Any], game_id: str):
        """The state after the effective moves numbered <= at (default: all)."""
        return written(i18n.spoken(games().state(game_id, bearer(), query["at"], query["seat"], query["since"]),
                                   asked_language()), 200)


@blp.route("/games/<game_id>/legal-moves")
class LegalMoves(MethodView):
    @needs(token=OPTIONAL)
    @blp.response(200, LegalMovesSchema)
    def get(self, game_id: str):
        """Who must act and every legal move now (null where too many to list)."""
        return games().legal_moves(game_id, bearer())


class SeatQuerySchema(Schema):
    seat = fields.String(load_default=None, metadata={
        "description": "as this seat may see it (in a digital game only with the seat's own token)"})


class LogQuerySchema(SeatQuerySchema):
    since = since_field()
    limit = fields.Integer(load_default=None, validate=validate.Range(min=1, max=LOG_PAGE_LIMIT), metadata={
        "description": "at most this many entries (a page); next_since asks for the next one"})


@blp.route("/games/<game_id>/log")
class Log(MethodView):
    @needs(token=OPTIONAL)
    @blp.arguments(LogQuerySchema, location="query")
    @blp.response(200, LogSchema)
    def get(self, query: dict[str, Any], game_id: str):
        """Every recorded move, undone ones marked, with who recorded it and when
        (with since=V: only the moves recorded, undone, redone or commented on after version V;
        with limit=L: the first L of them, and next_since for the rest)."""
        return written(games().log(game_id, bearer(), query["seat"], query["since"], query["limit"]), 200)


@blp.route("/games/<game_id>/audit")
class Audit(MethodView):
    @blp.response(200, AuditSchema)
    def get(self, game_id: str):
        """Check the hash chain, replay through the current rules, report findings."""
        return games().audit(game_id)

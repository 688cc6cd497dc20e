"""The HTTP API: flask-smorest blueprints with a marshmallow schema for every
body. Bodies that do not parse are 400; moves the rules forbid are 422 with
the rule's code and message; a stale ``expected_version`` is 409."""
from __future__ import annotations

import json
import re
from typing import Any

import orjson
import segno
from flask import Response, current_app
from flask_smorest import Blueprint
from webargs import core
from webargs.flaskparser import FlaskParser

from domain.games import all_games
from service.app import health
from service.app.errors import Unavailable
from domain.rules import MalformedMove
from service.app import game_list
from service.http import components, i18n, move_schemas
from service.http.caching import expected_version
from service.http.access import OPTIONAL, REQUIRED, bearer, idempotency_key, member, needs
from service.http.schemas import (AuditSchema, CatalogQuerySchema, CatalogSchema, CheckRequestSchema, CheckSchema,
                                  CreateGameSchema, CreatedSchema, GameListQuerySchema, GameListSchema, GameStateSchema,
                                  GameTypeListSchema, HealthSchema, LegalMovesSchema, LiveSchema, LogQuerySchema,
                                  LogSchema, MoveJSONSchema, MoveRecordedSchema, MoveRequestSchema, QRRequestSchema,
                                  QRSchema, ReceiptCheckSchema, ReceiptSchema, RedoneSchema, SeatLinkSchema,
                                  StateQuerySchema, SummarySchema, TakeBackSchema, TakenBackSchema, UndoneSchema,
                                  VersionOnlySchema, WordsSchema)
from service.http.resources import Resource, arguments, writes_its_answer


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
    # The app itself, not a read through Flask's proxy (which looks it up again).
    return current_app._get_current_object().extensions["tablelog"]


def group_of_caller() -> Any:
    """The group a new game or catalog goes to: the caller's (None: no member)."""
    found = member()
    return found.group if found is not None else None


def asked_language() -> str:
    """The language the caller reads (``Accept-Language``; English when it names none of ours)."""
    return i18n.request_language()


RECEIPT_HEADER = "Tablelog-Receipt"


def with_receipt(answer: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A write's answer, its receipt (the event's hash and the keyed
    head) in the ``Tablelog-Receipt`` header as compact JSON: a client keeps
    it and may POST it to ``/api/games/<id>/receipt`` later."""
    body = dict(answer)         # the answer's fields in their order, copied at once
    receipt = body.pop("receipt", None)
    return body, ({RECEIPT_HEADER: orjson.dumps(receipt).decode()} if receipt else {})


def written(answer: dict[str, Any], status: int = 201) -> Response:
    """A write's answer as its response, written once: the service builds it
    with exactly the fields of the endpoint's schema, so flask-smorest's dump
    through that schema (a copy of every field, the state's too) is skipped;
    the schema still documents it."""
    body, headers = with_receipt(answer)
    return current_app._get_current_object().json.answer(body, status, headers)


# -- schemas -------------------------------------------------------------------


# -- endpoints ---------------------------------------------------------------------


def ready_answer():
    answer = health.readiness(games())
    if not answer["ok"]:
        raise Unavailable("Not ready: " + "; ".join(answer["problems"]) + ".", "not_ready")
    return {"ok": True, "database": answer["database"]}


@blp.route("/health")
class Health(Resource):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, description="not ready (Retry-After says when to ask again)")
    def get(self):
        """Readiness, as /api/health/ready (kept for the containers that ask it)."""
        return ready_answer()


@blp.route("/health/live")
class Liveness(Resource):
    @blp.response(200, LiveSchema)
    def get(self):
        """Liveness: the process answers. Asks nothing of the database (a process is not restarted
        for a database that is away)."""
        return {"ok": True}


@blp.route("/health/ready")
class Readiness(Resource):
    @blp.response(200, HealthSchema)
    @blp.alt_response(503, description="not ready (Retry-After says when to ask again)")
    def get(self):
        """Readiness: it can serve writes and keep its views. Every store answers and may write (not
        read-only, its lock given in time, room on SQLite's disk) and the views' runner did not fail
        its last try; else 503 with Retry-After, naming what failed."""
        return ready_answer()


@blp.route("/game-types")
class GameTypes(Resource):
    @blp.response(200, GameTypeListSchema)
    def get(self):
        """Every game's title, player counts, options and move vocabulary."""
        return {"games": [game.describe() for game in all_games()]}


@blp.route("/game-types/<game>/move-schema")
class MoveSchema(Resource):
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


@blp.route("/words/<language>")
class Words(Resource):
    @blp.response(200, WordsSchema)
    def get(self, language: str):
        """The scorekeeper's page's words in a language (en, de, ...), from the service's message catalog,
        and every language the service speaks, each by its own name."""
        if language not in i18n.LANGUAGES:
            from service.app.errors import NotFound
            raise NotFound(f"The page speaks {' and '.join(i18n.LANGUAGES)}, not '{language}'.")
        return {"language": language, "words": i18n.words(language),
                "languages": {lang: i18n.own_name(lang) for lang in i18n.LANGUAGES}}


@blp.route("/game-types/<game>/catalog")
class Catalog(Resource):
    @arguments(blp, CatalogQuerySchema, location="query")
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
class GameCatalog(Resource):
    @blp.response(200, CatalogSchema)
    def get(self, game_id: str):
        """The components as this game has them: its modules' and its house catalog's."""
        return i18n.spoken(games().game_catalog(game_id), asked_language())


@blp.route("/games")
class GameList(Resource):
    @needs(member=REQUIRED)
    @arguments(blp, GameListQuerySchema, location="query")
    @blp.response(200, GameListSchema)
    def get(self, query: dict[str, Any]):
        """The group's games, oldest first, a page at a time with limit (next is the following page's cursor),
        filtered by game type, player and finished."""
        try:
            return game_list.page(games().views.summaries(member().group), **query)
        except game_list.NoSuchPage as error:
            from service.app.errors import NotFound
            raise NotFound(str(error)) from None

    @needs(idempotency_key=True, member=OPTIONAL)
    @arguments(blp, CreateGameSchema())
    @blp.response(201, CreatedSchema)
    def post(self, body: dict[str, Any]):
        """Start a game, in the caller's group (without a group token: the default group, whose games
        only their own tokens open). Keep the tokens: the scorekeeper's records moves."""
        try:
            return with_receipt(games().create(body["game"], body["players"], body["mode"], body["seed"],
                                               body["options"], idempotency_key(), group_of_caller()))
        except MalformedMove as error:
            refusal = components.refused(body["game"], body["options"], error.messages)
            if refusal is None:
                raise
            raise refusal from None


@blp.route("/games/<game_id:game_id>")
class GameSummary(Resource):
    @blp.response(200, SummarySchema)
    def get(self, game_id: str):
        """A game's summary: players, version, scores, who acts next. A page
        that follows a game asks again with its ETag in If-None-Match and is
        answered 304, without a body, while nothing changed (service.http.caching)."""
        return games().summary(games().history(game_id))


@blp.route("/games/<game_id>/moves")
class Moves(Resource):
    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, MoveRequestSchema())
    @writes_its_answer(blp, 201, MoveRecordedSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Record a move (needs the scorekeeper's token, or in a digital game the acting seat's)."""
        recorded = games().record_move(game_id, body["move"], bearer(), expected_version(body["expected_version"]),
                                       idempotency_key())
        return written(i18n.spoken(recorded, asked_language()))


@blp.route("/games/<game_id>/receipt")
class Receipt(Resource):
    @arguments(blp, ReceiptSchema())
    @blp.response(200, ReceiptCheckSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Check a receipt from an earlier write: is its event still in the record?"""
        return games().check_receipt(game_id, body)


@blp.route("/games/<game_id>/undo")
class Undo(Resource):
    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, VersionOnlySchema(), required=False)
    @blp.response(201, UndoneSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Retract the last effective move; it stays in the log, marked undone."""
        return with_receipt(games().undo(game_id, bearer(), expected_version(body["expected_version"]), idempotency_key()))


@blp.route("/games/<game_id>/check")
class Check(Resource):
    @needs(token=REQUIRED)
    @arguments(blp, CheckRequestSchema())
    @blp.response(200, CheckSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Dry run: would the rules take this move now, and if not, why (nothing is recorded).
        Only for whoever may record it; in a digital game a player's move only with that player's token."""
        return i18n.translated_error(games().dry_run(game_id, body["move"], bearer()), asked_language())


@blp.route("/games/<game_id>/take-back")
class TakeBack(Resource):
    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, TakeBackSchema())
    @blp.response(201, TakenBackSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Take back a move and every move after it, in one request (one Idempotency-Key) and one save;
        each stays in the log, marked undone, as with undo."""
        return with_receipt(games().take_back(game_id, body["move_index"], bearer(), expected_version(body["expected_version"]),
                                              idempotency_key()))


@blp.route("/games/<game_id>/seats/<seat>/link")
class SeatLink(Resource):
    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, VersionOnlySchema())
    @blp.response(201, SeatLinkSchema)
    def post(self, body: dict[str, Any], game_id: str, seat: str):
        """Hand out a seat's link again (the scorekeeper's token): a new token, the old one stops working."""
        return games().seat_link(game_id, seat, bearer(), False, expected_version(body["expected_version"]), idempotency_key())

    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, VersionOnlySchema())
    @blp.response(200, SeatLinkSchema)
    def delete(self, body: dict[str, Any], game_id: str, seat: str):
        """Revoke a seat's link (the scorekeeper's token): its token stops working until a new link is handed out."""
        return games().seat_link(game_id, seat, bearer(), True, expected_version(body["expected_version"]), idempotency_key())


@blp.route("/qr")
class QRCode(Resource):
    @arguments(blp, QRRequestSchema())
    @blp.response(200, QRSchema)
    def post(self, body: dict[str, Any]):
        """A QR code of a text (a seat's link, to scan from another phone); sent in the body, never in an address."""
        code = segno.make(body["text"], error="m")
        return {"svg": code.svg_inline(scale=4, border=2, dark="#000", light="#fff")}


@blp.route("/games/<game_id>/redo")
class Redo(Resource):
    @needs(token=REQUIRED, idempotency_key=True)
    @arguments(blp, VersionOnlySchema(), required=False)
    @blp.response(201, RedoneSchema)
    def post(self, body: dict[str, Any], game_id: str):
        """Re-apply the most recently undone move, if nothing was recorded since."""
        return with_receipt(games().redo(game_id, bearer(), expected_version(body["expected_version"]), idempotency_key()))


@blp.route("/games/<game_id>/state")
class State(Resource):
    @needs(token=OPTIONAL)
    @arguments(blp, StateQuerySchema(), location="query")
    @writes_its_answer(blp, 200, GameStateSchema)
    def get(self, query: dict[str, Any], game_id: str):
        """The state after the effective moves numbered <= at (default: all)."""
        return written(i18n.spoken(games().state(game_id, bearer(), query["at"], query["seat"], query["since"]),
                                   asked_language()), 200)


@blp.route("/games/<game_id>/legal-moves")
class LegalMoves(Resource):
    @needs(token=OPTIONAL)
    @blp.response(200, LegalMovesSchema)
    def get(self, game_id: str):
        """Who must act and every legal move now (null where too many to list)."""
        return games().legal_moves(game_id, bearer())


@blp.route("/games/<game_id>/log")
class Log(Resource):
    @needs(token=OPTIONAL)
    @arguments(blp, LogQuerySchema, location="query")
    @writes_its_answer(blp, 200, LogSchema)
    def get(self, query: dict[str, Any], game_id: str):
        """Every recorded move, undone ones marked, with who recorded it and when
        (with since=V: only the moves recorded, undone, redone or commented on after version V;
        with limit=L: the first L of them, and next_since for the rest)."""
        return written(i18n.spoken(games().log(game_id, bearer(), query["seat"], query["since"], query["limit"]),
                                   asked_language()), 200)


@blp.route("/games/<game_id>/audit")
class Audit(Resource):
    @blp.response(200, AuditSchema)
    def get(self, game_id: str):
        """Check the hash chain, replay through the current rules, report findings."""
        return games().audit(game_id)

"""The OpenAPI document as the service answers: its error body, every
game's moves, who must send a token, the Idempotency-Key header, and 405.

flask-smorest writes the document from the blueprints' schemas; this module
adds what they cannot say: the error envelope every error is sent in, every
game's moves (service.http.move_schemas), bearer security and the
Idempotency-Key header on the operations that take them.
"""
from __future__ import annotations

from typing import Any

from apispec import BasePlugin
from werkzeug.routing import BaseConverter
from flask_smorest import Api
from marshmallow import INCLUDE, Schema, fields

from service.http import move_schemas


class ProblemSchema(Schema):
    """Problem details (RFC 9457), as every error is answered
    (``application/problem+json``); see service.http.problems."""

    class Meta:
        unknown = INCLUDE         # some problems say more: the game and event of a damaged record, ...

    type = fields.String(required=True, metadata={
        "description": "the problem's type, urn:tablelog:problem:<code>", "example": "urn:tablelog:problem:not_found"})
    title = fields.String(required=True, metadata={"description": "the same for every problem of its type"})
    status = fields.Integer(required=True, metadata={"description": "the HTTP status"})
    detail = fields.String(required=True, metadata={"description": "a sentence for people, in the language "
                                                                   "Accept-Language asks for (English or German)"})
    instance = fields.String(required=True, metadata={"description": "the path asked"})
    code = fields.String(required=True, metadata={"description": "what went wrong, for programs "
                                                                 "(malformed, stale_version, a rule's code, ...)"})
    params = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the values the English sentence was made from, by name (empty when it was made from "
                       "none): a program words the problem itself from code and params"})
    rule = fields.String(metadata={"description": "a 422: the rule broken, as the rulebook names it"})
    fields_ = fields.Dict(data_key="fields", metadata={"description": "a 400: what does not fit the schema"})


IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string"},
    "description": "any text unique to this request: a retry with the same key and the same request gets the "
                   "first answer and records nothing new; another request under the key is 409 "
                   "idempotency_key_reused",
}
BEARER = "bearerAuth"
ERROR_REF = {"$ref": "#/components/schemas/Problem"}
PROBLEM = "application/problem+json"

# (path suffix, method) -> does the operation need the token (True), take it (None, optional)?
TOKEN = {("/moves", "post"): True, ("/undo", "post"): True, ("/redo", "post"): True,
         ("/annotations", "post"): True, ("/fork", "post"): None, ("/state", "get"): None,
         ("/log", "get"): None, ("/legal-moves", "get"): None, ("/export", "get"): None}
KEYED = {("/games", "post"), ("/games/import", "post"), ("/moves", "post"), ("/undo", "post"),
         ("/redo", "post"), ("/annotations", "post"), ("/fork", "post")}


SCHEMA_REF = "x-schema"
"""A field's metadata naming the component schema the field is documented
as (a ``fields.Dict`` whose shape only a component says: the move)."""


class ServicePlugin(BasePlugin):
    """Adds security, the Idempotency-Key header and 405 to each operation,
    and puts a component in place of each field that names one (SCHEMA_REF)."""

    def schema_helper(self, name: str, definition: dict, **kwargs: Any) -> dict | None:
        for key, prop in definition.get("properties", {}).items():
            if SCHEMA_REF in prop:
                described = {"description": prop["description"]} if "description" in prop else {}
                definition["properties"][key] = {"allOf": [{"$ref": f"#/components/schemas/{prop[SCHEMA_REF]}"}],
                                                 **described}
        return None

    def operation_helper(self, path: str | None = None, operations: dict | None = None, **kwargs: Any) -> None:
        if not path or not operations:
            return
        tail = path.rstrip("/").rsplit("/{game_id}", 1)[-1] or path
        for method, operation in operations.items():
            key = next((k for k in (path.removeprefix("/api"), tail) if (k, method) in KEYED), None)
            if key is not None:
                operation.setdefault("parameters", []).append(IDEMPOTENCY_KEY)
            needs = TOKEN.get((tail, method), False)
            if needs is not False:
                operation["security"] = [{BEARER: []}] if needs else [{BEARER: []}, {}]
            responses = operation.setdefault("responses", {})
            if (tail, method) == ("/moves", "post"):
                responses["422"] = {"description": "a move the rules forbid (or a move of another game that "
                                                   "happens to parse): nothing recorded",
                                    "content": {PROBLEM: {"schema": ERROR_REF}}}
        # Every path answers other methods with 405 and an Allow header.
        allowed = ", ".join(sorted(m.upper() for m in operations))
        for method, operation in operations.items():
            operation.setdefault("responses", {})["405"] = {
                "description": f"another method than {allowed}",
                "headers": {"Allow": {"schema": {"type": "string"}, "description": "the methods this path takes"}},
                "content": {PROBLEM: {"schema": ERROR_REF}}}


class GameId(BaseConverter):
    """A game's id in a path: any one segment but ``import`` (``/api/games/import``
    is the import, which takes POST only; no game is named ``import``)."""

    regex = r"(?!import$)[^/]+"


class TablelogApi(Api):
    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app: Any) -> None:
        app.url_map.converters["game_id"] = GameId
        super().__init__(app, spec_kwargs={"extra_plugins": [ServicePlugin()]})
        self.register_converter(GameId, lambda converter: {"type": "string"})
        self.spec.components.security_scheme(BEARER, {
            "type": "http", "scheme": "bearer",
            "description": "a token from the create answer: the scorekeeper's, or in a digital game a seat's"})
        move_schemas.register(self.spec, self.ma_plugin.converter)

    def _register_responses(self) -> None:
        """flask-smorest's responses for every status, each error as problem details."""
        content_type = self.DEFAULT_RESPONSE_CONTENT_TYPE
        self.DEFAULT_RESPONSE_CONTENT_TYPE = PROBLEM
        try:
            super()._register_responses()
        finally:
            self.DEFAULT_RESPONSE_CONTENT_TYPE = content_type


def move_field() -> fields.Dict:
    """The ``move`` of a move request: a move of one of the games."""
    return fields.Dict(required=True, metadata={
        "description": "the move, e.g. {\"type\": \"play\", ...}: one of the game's moves (its own "
                       "discriminated schema: GET /api/game-types/{game}/move-schema)",
        SCHEMA_REF: "Move"})

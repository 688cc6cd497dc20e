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
from marshmallow import INCLUDE, Schema, fields, validate

from service.http import caching, examples, move_schemas
from service.http.access import DECLARATION, GROUP_HEADER, OPTIONAL, REQUIRED


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
    params = fields.Dict(keys=fields.String(), values=fields.Raw(), metadata={
        "description": "the values the sentence was made from, by its template's names (empty when it was made "
                       "from none), the same in every language: numbers and names as they are, a value that is "
                       "itself a sentence as its English words; a program words the problem itself from code and "
                       "params"})
    rule = fields.String(metadata={"description": "a 422 by a rule of the game: the rule broken, as the "
                                                  "rulebook names it"})
    fields_ = fields.Dict(data_key="fields", metadata={
        "description": "a 400: what does not fit the schema; a 422 for what the body says (a record, a house "
                       "catalog, a board): where"})


IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string"},
    "description": "any text unique to this request: a retry with the same key and the same request gets the "
                   "first answer and records nothing new; another request under the key is 409 "
                   "idempotency_key_reused",
}
BEARER = "bearerAuth"
SHARE = "shareToken"
GROUP = "groupToken"
ERROR_REF = {"$ref": "#/components/schemas/Problem"}
PROBLEM = "application/problem+json"

SCHEMA_REF = "x-schema"
"""A field's metadata naming the component schema the field is documented
as (a ``fields.Dict`` whose shape only a component says: the move)."""


HEADERS = {
    "Retry-After": {"description": "seconds to wait before trying again", "schema": {"type": "integer"}},
    "WWW-Authenticate": {"description": "the scheme to authenticate with: Bearer", "schema": {"type": "string"}},
    "Allow": {"description": "the methods this path takes", "schema": {"type": "string"}},
    "Accept": {"description": "the media types the endpoint reads", "schema": {"type": "string"}},
    "X-RateLimit-Limit": {"description": "requests this client may start games with in the window",
                          "schema": {"type": "integer"}},
    "X-RateLimit-Remaining": {"description": "of them, left in this window", "schema": {"type": "integer"}},
    "X-RateLimit-Reset": {"description": "when the window ends (Unix time)", "schema": {"type": "integer"}},
    "Tablelog-Receipt": {"description": "the write's receipt as compact JSON ({game, version, hash, key_id, mac}): "
                                        "keep it and POST it to /api/games/{game_id}/receipt later to check "
                                        "the event is still in the record", "schema": {"type": "string"}},
}
RATE_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")

PROBLEMS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "400": ("Malformed", "the request does not fit the schema (fields says where), or holds what no record can "
                         "keep (a NUL character, a lone surrogate)", ()),
    "401": ("Unauthorized", "no token, where the operation needs one", ("WWW-Authenticate",)),
    "403": ("Forbidden", "the token may not do this (another game's, a seat's where the scorekeeper's is needed, "
                         "a revoked link)", ()),
    "404": ("NotFound", "no such game, seat, game type or catalog", ()),
    "409": ("Conflict", "the game is at another version than expected_version (stale_version), the "
                        "Idempotency-Key was used for another request (idempotency_key_reused), or the game is "
                        "not in a state for it (nothing_to_undo, ...)", ()),
    "412": ("PreconditionFailed", "If-Match named another version than the game is at: nothing recorded; read "
                                  "the game again", ()),
    "413": ("TooLarge", "the body is larger than the endpoint takes; nothing read", ()),
    "415": ("UnsupportedMediaType", "a body of a type the endpoint does not read", ("Accept",)),
    "422": ("RuleRefused", "a rule of the game forbids it (rule names the rule, params the values its "
                           "sentence was made from), or a body of the documented form is refused for what it "
                           "says (fields says where): not_a_record (an import's text that does not read as a "
                           "record), not_a_house_catalog (cards or boards that do not read as the game's "
                           "components), components_refused (a start's board, deck or layout the game cannot "
                           "play with), catalog_and_house_catalog, catalog_of_another_game; nothing "
                           "recorded", ()),
    "429": ("RateLimited", "too many requests from this client (too many games started, or too many refused "
                           "tokens); try again after Retry-After", ("Retry-After", *RATE_HEADERS)),
    "503": ("Unavailable", "the database does not answer just now (or the service has no key); nothing "
                           "recorded that a retry with the same Idempotency-Key would record twice",
            ("Retry-After",)),
}
"""Every error an operation may answer, as a response component: problem details, and its headers."""

RECEIPTS = frozenset({"games.GameList", "games.Moves", "games.Undo", "games.Redo", "games.TakeBack",
                      "records.Import", "records.Fork", "records.Annotations"})
"""The writes whose answer carries a Tablelog-Receipt."""
RATE_LIMITED = frozenset({"games.GameList", "records.Import", "records.Fork", "catalogs.HouseCatalogs"})
"""The operations (POST) the limiter counts: their answers carry X-RateLimit-*."""
CONFLICTS_ON_READ = frozenset({"records.BGStats"})
"""Reads that answer 409 (a finished game's play, asked while it is played); and every read with since
(a since later than the game)."""
RULED = frozenset({"games.GameList", "games.Moves", "games.Redo", "records.Import", "records.Fork",
                   "catalogs.HouseCatalogs"})
"""The writes that may be refused 422: by a rule of the game (a move, a redone move, the players and options
of a start, an imported or forked game's moves) or for what the body says (a record, a house catalog, a
start's own components)."""

OPERATION_NAMES = {
    ("games.GameList", "get"): "listGames", ("games.GameList", "post"): "createGame",
    ("games.GameSummary", "get"): "getGame", ("games.Moves", "post"): "recordMove",
    ("games.Undo", "post"): "undoMove", ("games.Redo", "post"): "redoMove", ("games.Check", "post"): "checkMove",
    ("games.TakeBack", "post"): "takeBack", ("games.SeatLink", "post"): "handOutSeatLink",
    ("games.SeatLink", "delete"): "revokeSeatLink", ("games.Receipt", "post"): "checkReceipt",
    ("games.QRCode", "post"): "makeQrCode", ("games.Catalog", "get"): "getGameTypeCatalog",
    ("records.Export", "get"): "exportRecord", ("records.Import", "post"): "importRecord",
    ("records.Fork", "post"): "forkGame", ("records.Annotations", "post"): "annotateMove",
    ("catalogs.HouseCatalogs", "get"): "listHouseCatalogs", ("catalogs.HouseCatalogs", "post"): "storeHouseCatalog",
    ("catalogs.HouseCatalogById", "get"): "getHouseCatalog",
    ("groups.Groups", "post"): "createGroup", ("groups.OwnGroup", "get"): "getGroup",
    ("groups.Invites", "post"): "makeInvite", ("groups.Invite", "delete"): "revokeInvite",
    ("groups.Member", "delete"): "revokeMember", ("groups.Join", "post"): "joinGroup",
    ("groups.Shares", "post"): "shareGame", ("groups.Share", "delete"): "revokeShare",
}
"""Operation names that read better than the view's (``getLegalMoves`` and the like need none)."""


def problem_responses(spec: Any) -> None:
    for status, (name, description, headers) in PROBLEMS.items():
        spec.components.response(name, {
            "description": description, "content": {PROBLEM: {"schema": ERROR_REF}},
            **({"headers": {h: HEADERS[h] for h in headers}} if headers else {})})


def operation_id(endpoint: str, method: str) -> str:
    """``games.LegalMoves`` GET -> ``getLegalMoves``: one name per operation, from its view."""
    return OPERATION_NAMES.get((endpoint, method.lower())) or method.lower() + endpoint.rsplit(".", 1)[-1]


def security_of(path: str, declared: dict) -> list[dict[str, list]]:
    """Who an operation lets in, as its view declares it (service.http.access):
    a game's own token where one is required (a write); else, for one game,
    any of its own tokens, a share of it or a member's group token
    (service.app.groups); a group's lists and statistics a member's token."""
    if declared.get("member") == REQUIRED:
        return [{GROUP: []}]
    if declared.get("member") == OPTIONAL:
        return [{GROUP: []}, {}]
    if declared.get("token") == REQUIRED:
        return [{BEARER: []}]
    if "{game_id}" in path:
        return [{BEARER: []}, {SHARE: []}, {GROUP: []}]
    if declared.get("token") == OPTIONAL:
        return [{BEARER: []}, {}]
    return []


class ServicePlugin(BasePlugin):
    """Adds to each operation what its view declares (service.http.access.needs:
    security, the Idempotency-Key header), its name, every error it may
    answer and the headers of its answers; and puts a component in place of
    each field that names one (SCHEMA_REF)."""

    def schema_helper(self, name: str, definition: dict, **kwargs: Any) -> dict | None:
        for key, prop in definition.get("properties", {}).items():
            if SCHEMA_REF in prop:
                described = {"description": prop["description"]} if "description" in prop else {}
                definition["properties"][key] = {"allOf": [{"$ref": f"#/components/schemas/{prop[SCHEMA_REF]}"}],
                                                 **described}
        return None

    @staticmethod
    def add_examples(operation: dict) -> None:
        """The operation's recorded example (service.http.examples): its request body and its answer."""
        example = examples.examples().get(operation["operationId"], {})
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body is not None and "request" in example:
            body["example"] = example["request"]
        for code, response in operation.get("responses", {}).items():
            content = response.get("content", {}) if isinstance(response, dict) else {}
            media = next((content[kind] for kind in content if kind.endswith(("/json", "+json"))), None)
            if str(code).startswith("2") and media is not None and "response" in example:
                media["example"] = example["response"]
                break
            text = response.get("content", {}).get("text/plain") if isinstance(response, dict) else None
            if str(code).startswith("2") and text is not None and "text" in example:
                text["example"] = example["text"]

    def operation_helper(self, path: str | None = None, operations: dict | None = None, **kwargs: Any) -> None:
        if not path or not operations:
            return
        rule = kwargs.get("rule")
        endpoint = rule.endpoint if rule is not None else path
        allowed = ", ".join(sorted(m.upper() for m in operations))
        for method, operation in operations.items():
            declared = operation.pop(DECLARATION, {})
            operation.setdefault("operationId", operation_id(endpoint, method))
            if endpoint == "games.GameList" and method == "post":
                operation["requestBody"]["content"]["application/json"]["schema"] = {
                    "$ref": "#/components/schemas/NewGame"}
            self.add_examples(operation)
            if declared.get("idempotency_key"):
                operation.setdefault("parameters", []).append(IDEMPOTENCY_KEY)
            security = security_of(path, declared)
            if security:
                operation["security"] = security
            statuses = {"400", "429", "503"}
            if "{" in path:
                statuses.add("404")
            if declared.get("token") or declared.get("member") or "{game_id}" in path:
                statuses |= {"401", "403"}
            body = "requestBody" in operation
            if body:
                statuses |= {"413", "415"}
            if method in ("post", "delete") and (declared.get("idempotency_key") or "{game_id}" in path):
                statuses.add("409")
            if endpoint in CONFLICTS_ON_READ or (method == "get" and any(
                    p.get("name") == "since" for p in operation.get("parameters", []) if isinstance(p, dict))):
                statuses.add("409")
            if method == "post" and endpoint in RULED:
                statuses.add("422")
            if endpoint in caching.CONDITIONAL_READS and method == "get":
                operation.setdefault("parameters", []).append(caching.IF_NONE_MATCH)
                operation["responses"]["304"] = {"description": "Not Modified: the answer If-None-Match names "
                                                                "still holds", "headers": {"ETag": caching.HEADERS["ETag"]}}
            if endpoint in caching.VERSIONED_WRITES:
                operation.setdefault("parameters", []).append(caching.IF_MATCH)
                statuses.add("412")
            responses = operation.setdefault("responses", {})
            for status in sorted(statuses):
                responses[status] = PROBLEMS[status][0]
            if endpoint == "games.Moves":
                responses["422"] = {"description": "a move the rules forbid (or a move of another game that "
                                                   "happens to parse): nothing recorded",
                                    "content": {PROBLEM: {"schema": ERROR_REF}}}
            # Every path answers other methods with 405 and an Allow header.
            responses["405"] = {"description": f"another method than {allowed}",
                                "headers": {"Allow": HEADERS["Allow"]}, "content": {PROBLEM: {"schema": ERROR_REF}}}
            success = [code for code in responses if str(code).startswith("2") and isinstance(responses[code], dict)]
            for code in success:
                headers = responses[code].setdefault("headers", {})
                if endpoint in RECEIPTS and method == "post":
                    headers["Tablelog-Receipt"] = HEADERS["Tablelog-Receipt"]
                if endpoint in RATE_LIMITED and method == "post":
                    headers.update({name: HEADERS[name] for name in RATE_HEADERS})
                if endpoint in caching.CONDITIONAL_READS and method == "get":
                    headers["ETag"] = caching.HEADERS["ETag"]
                if str(code) == "201":
                    headers["Location"] = caching.HEADERS["Location"]
                if not headers:
                    del responses[code]["headers"]


def named_keys(converter: Any, field: fields.Field, ret: dict, **kwargs: Any) -> dict:
    """A mapping whose keys are one of a few names (a board's player counts "3", "4", "5"): those names
    as its properties and no others (OpenAPI 3.0 has no propertyNames to say it)."""
    keys = getattr(field, "key_field", None) if isinstance(field, fields.Dict) else None
    choices = [check for check in (keys.validators if keys is not None else ()) if isinstance(check, validate.OneOf)]
    if not choices:
        return {}
    value = ret.get("additionalProperties", {})
    return {"properties": {str(name): value for name in choices[0].choices}, "additionalProperties": False}


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
        self.spec.components.security_scheme(SHARE, {
            "type": "http", "scheme": "bearer",
            "description": "a share of one game (POST /api/games/{game_id}/shares): reads it as the table sees it"})
        self.spec.components.security_scheme(GROUP, {
            "type": "apiKey", "in": "header", "name": GROUP_HEADER,
            "description": "a group member's token (the owner's from POST /api/groups, a device's from "
                           "POST /api/groups/join): the group's games, lists and statistics"})
        self.ma_plugin.converter.add_attribute_function(named_keys)
        move_schemas.register(self.spec, self.ma_plugin.converter)
        problem_responses(self.spec)

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

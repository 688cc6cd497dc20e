"""The API's request and answer schemas (marshmallow): what the routes of
service.http.api read and write, and what the OpenAPI document says of them."""
from __future__ import annotations


from marshmallow import INCLUDE, Schema, fields, validate

from service.http.answers import Answer
from service.http.openapi import move_field


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
    version = fields.Integer(metadata={"description": "the game's version the moves are for"})
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


class HealthSchema(Answer):
    ok = fields.Boolean()
    database = fields.String()


class LiveSchema(Schema):
    ok = fields.Boolean()


class CatalogSchema(Answer):
    sometimes = ("modules", "cards", "fields_", "emperor_tiles", "effects", "ballrooms", "balcony_cost", "rehearsal_boards",
                 "celebrities", "lounge_colours", "hotel_entrances")

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
    celebrities = fields.List(fields.Dict(), metadata={"description": "module 2: the celebrity tiles in the stack, each "
                                                                      "with its effect in words"})
    lounge_colours = fields.Dict(metadata={"description": "module 2: the lounge spaces' colours"})
    hotel_entrances = fields.List(fields.Dict(), metadata={"description": "module 3: the hotel entrances by their printed names"})


class CatalogQuerySchema(Schema):
    modules = fields.String(load_default=None, metadata={
        "description": "modules whose cards, tiles and boards to list too, comma-separated (e.g. ballrooms)"})


class WordsSchema(Answer):
    language = fields.String()
    words = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the page's words: English (as the page writes them) -> this language; empty for English"})
    languages = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "every language the service speaks -> its name in itself"})


class CheckRequestSchema(Schema):
    move = fields.Dict(required=True, metadata={"description": "the move, as it would be recorded"})


class CheckSchema(Answer):
    sometimes = ("code", "message", "rule")

    legal = fields.Boolean()
    code = fields.String(metadata={"description": "when not legal: the rule's code"})
    message = fields.String(metadata={"description": "when not legal: why, in the rule's words"})
    rule = fields.String()


class SeatLinkSchema(Answer):
    version = fields.Integer()
    seat = fields.String()
    token = fields.String(allow_none=True, metadata={
        "description": "the seat's new token (shown once; null when revoked): its link is "
                       "<page>#/game/<id>/as/<seat>/<token>"})


class QRRequestSchema(Schema):
    text = fields.String(required=True, validate=validate.Length(min=1, max=1000),
                         metadata={"description": "what the code holds, e.g. a seat's link"})


class QRSchema(Answer):
    svg = fields.String(metadata={"description": "the QR code as an SVG image"})


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


class SeatQuerySchema(Schema):
    seat = fields.String(load_default=None, metadata={
        "description": "as this seat may see it (in a digital game only with the seat's own token)"})


class LogQuerySchema(SeatQuerySchema):
    since = since_field()
    limit = fields.Integer(load_default=None, validate=validate.Range(min=1, max=LOG_PAGE_LIMIT), metadata={
        "description": "at most this many entries (a page); next_since asks for the next one"})

"""The HTTP API for house catalogs: a table's own copy of a game's
components (JSON in the shape of the shipped data), stored once and never
changed, named by id when a game starts (option ``catalog``)."""
from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from service.http.answers import Answer
from service.http import house_schema
from service.http.access import REQUIRED, member, needs
from service.http.api import games
from service.http.openapi import SCHEMA_REF
from service.http.resources import Resource, arguments

blp = Blueprint("catalogs", __name__, url_prefix="/api",
                description="House catalogs: a table's own copy of a game's components, stored once.")


class HouseCatalogRequestSchema(Schema):
    game = fields.String(required=True, metadata={"description": "the game the components are for, e.g. "
                                                                 "grand_austria"})
    name = fields.String(load_default="", validate=validate.Length(max=200),
                         metadata={"description": "a name to know it by (the first name stored stays)"})
    content = fields.Dict(required=True, metadata={
        "description": "the components in the shape of the shipped data (Grand Austria Hotel: guest and staff "
                       "cards with their numbers, the modules' own sections); what does not read as the "
                       "game's components is refused 422 not_a_house_catalog, nothing stored",
        SCHEMA_REF: house_schema.NAME})


class HouseCatalogEntrySchema(Answer):
    id = fields.String(metadata={"description": "made from the game and the content: the same content, the same id"})
    game = fields.String()
    name = fields.String()
    digest = fields.String(metadata={"description": "SHA-256 of the content's canonical JSON"})
    stored_at = fields.String()
    size = fields.Integer(metadata={"description": "bytes of canonical JSON"})


class HouseCatalogSchema(HouseCatalogEntrySchema):
    content = fields.Dict()


class StoredHouseCatalogSchema(HouseCatalogSchema):
    created = fields.Boolean(metadata={"description": "false: this content was stored before, nothing new was"})


class HouseCatalogListSchema(Answer):
    catalogs = fields.List(fields.Nested(HouseCatalogEntrySchema))


@blp.route("/house-catalogs")
class HouseCatalogs(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, HouseCatalogListSchema)
    def get(self):
        """The group's stored house catalogs, oldest first (GET one by id for its content)."""
        return {"catalogs": games().house_catalogs(member().group)}

    @needs(member=REQUIRED)
    @arguments(blp, HouseCatalogRequestSchema)
    @blp.response(201, StoredHouseCatalogSchema)
    @blp.alt_response(200, schema=StoredHouseCatalogSchema, description="the same content was stored before")
    def post(self, body: dict[str, Any]):
        """Store a house catalog once; start a game with options {"catalog": id} to play with it (its
        content is copied into the game's record)."""
        stored, created = games().store_house_catalog(body["game"], body["content"], body["name"], member().group)
        return {**stored, "created": created}, 201 if created else 200


@blp.route("/house-catalogs/<catalog_id>")
class HouseCatalogById(Resource):
    @needs(member=REQUIRED)
    @blp.response(200, HouseCatalogSchema)
    def get(self, catalog_id: str):
        """A stored house catalog of the group, with its content (it never changes)."""
        return games().house_catalog(catalog_id, group=member().group)

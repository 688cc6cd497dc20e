"""Every game's moves in the OpenAPI document, and served one game at a time.

Each move schema fixes its ``type`` (an ``enum`` of one value: the document
is OpenAPI 3.0.3, which has no ``const``). A move name several games share
gets one schema, ``<Type>Move``, where every such game's fields agree, and
one per game, ``<Game><Type>Move``, where they differ. Each game's moves are
its own discriminated ``oneOf`` (``WilliMove``, ...: ``discriminator`` on
``type`` with a mapping), so a client reads a move into the one schema its
type names. The move request's ``move`` is the union (``anyOf``) of the
games' moves: one endpoint takes every game's, and ``pass`` means another
move in another game, which no single discriminator can say.
"""
from __future__ import annotations

import json
import re
from typing import Any

from domain.games import all_games
from domain.grand_austria.moves import HouseCatalogOption
from domain.rules import Game
from service.http import house_schema

REF = "#/components/schemas/"


def camel(*words: str) -> str:
    return "".join(part.capitalize() for word in words for part in re.split(r"[_\-]", word))


def game_schema_name(game: Game) -> str:
    """``WilliMove``, ``GrandAustriaMove``: the oneOf of one game's moves."""
    return camel(game.id, "move")


def move_components(converter: Any) -> tuple[dict[str, dict], dict[str, dict[str, str]]]:
    """Every move schema by component name, and per game its moves' type ->
    that name. ``converter`` turns a marshmallow schema into JSON Schema
    (apispec's, so nested schemas become components as everywhere else)."""
    written: dict[str, dict[str, dict]] = {}          # move type -> game id -> its JSON Schema
    for game in all_games():
        for move_type, schema in sorted(game.move_schemas.items()):
            body = converter.schema2jsonschema(schema)
            body["properties"] = {"type": {"type": "string", "enum": [move_type]},
                                  **{k: v for k, v in body["properties"].items() if k != "type"}}
            written.setdefault(move_type, {})[game.id] = body
    components: dict[str, dict] = {}
    names: dict[str, dict[str, str]] = {game.id: {} for game in all_games()}
    for move_type, by_game in written.items():
        shared = len({json.dumps(body, sort_keys=True) for body in by_game.values()}) == 1 and len(by_game) > 1
        for game_id, body in by_game.items():
            name = camel(move_type, "move") if shared else camel(game_id, move_type, "move")
            components[name] = body
            names[game_id][move_type] = name
    return components, names


def game_moves(names: dict[str, str]) -> dict[str, Any]:
    """One game's moves: a oneOf its ``type`` decides."""
    return {"oneOf": [{"$ref": REF + name} for name in sorted(set(names.values()))],
            "discriminator": {"propertyName": "type",
                              "mapping": {move_type: REF + name for move_type, name in sorted(names.items())}}}


def new_game(game: Game, converter: Any) -> dict[str, Any]:
    """The body that starts a game of ``game``: its players within the game's counts, its own options."""
    options = converter.schema2jsonschema(game.options_schema)
    declared = game.options_schema().fields
    for name, prop in options.get("properties", {}).items():
        if isinstance(declared.get(name), HouseCatalogOption):
            described = {"description": prop["description"]} if "description" in prop else {}
            options["properties"][name] = {"allOf": [{"$ref": REF + house_schema.NAME}], **described}
        elif any(alt.get("nullable") and "$ref" not in alt for alt in prop.get("anyOf", ())):
            # apispec's "or null" beside a nested schema (OpenAPI 3.0) is any object: here null only
            prop["anyOf"] = [alt if "$ref" in alt else {"type": "object", "nullable": True, "enum": [None]}
                             for alt in prop["anyOf"]]
        elif not {"type", "$ref", "allOf", "oneOf", "anyOf"} & set(prop):
            prop["type"] = "object"            # a field of its own kind: an object, never null
    return {"type": "object", "required": ["game", "players"], "additionalProperties": False,
            "description": f"start a game of {game.title}",
            "properties": {
                "game": {"type": "string", "enum": [game.id]},
                "players": {"type": "array", "minItems": game.min_players, "maxItems": game.max_players,
                            "items": {"type": "string", "minLength": 1},
                            "description": "player names in seating order (clockwise); they are the seats"},
                "mode": {"type": "string", "enum": ["table", "digital"], "default": "table"},
                "seed": {"type": "integer", "nullable": True,
                         "description": "digital mode: seed of the service's dice and decks"},
                "options": {**options, "description": f"{game.title}'s options (see /api/game-types)"}}}


def register(spec: Any, converter: Any) -> None:
    """The move schemas, each game's oneOf and the union ``Move`` in ``spec``;
    the body that starts a game, one schema per game decided by ``game`` (``NewGame``)."""
    components, names = move_components(converter)
    spec.components.schema(house_schema.NAME, component=house_schema.house_catalog())
    for name, body in sorted(components.items()):
        spec.components.schema(name, component=body)
    for game in all_games():
        spec.components.schema(game_schema_name(game), component={
            **game_moves(names[game.id]), "description": f"a move of {game.title}"})
    for game in all_games():
        spec.components.schema(camel("new", game.id, "game"), component=new_game(game, converter))
    spec.components.schema("NewGame", component={
        "description": "the game to start: its players and options as that game takes them",
        "oneOf": [{"$ref": REF + camel("new", game.id, "game")} for game in all_games()],
        "discriminator": {"propertyName": "game", "mapping": {
            game.id: REF + camel("new", game.id, "game") for game in all_games()}}})
    spec.components.schema("Move", component={
        "description": "a move of the game's kind (each game's moves: GET /api/game-types/{game}/move-schema)",
        "anyOf": [{"$ref": REF + game_schema_name(game)} for game in all_games()]})


def json_schema(node: Any) -> Any:
    """An OpenAPI 3.0 schema as plain JSON Schema: ``nullable`` becomes ``null`` among the types."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False):
        if isinstance(node.get("type"), str) and "enum" not in node:
            node["type"] = [node["type"], "null"]
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    return node


def standalone(document: dict[str, Any], game_id: str) -> dict[str, Any]:
    """One game's moves as a JSON Schema of their own (its ``$defs`` hold
    every schema they refer to): what a client validates a move against
    before it sends it."""
    schemas = document["components"]["schemas"]
    root = next(game_schema_name(game) for game in all_games() if game.id == game_id)
    wanted, todo = set(), [root]
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo.extend(re.findall(re.escape(REF) + r"([A-Za-z0-9_.\-]+)", json.dumps(schemas[name])))
    text = json.dumps({name: schemas[name] for name in sorted(wanted)}).replace(REF, "#/$defs/")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": root,
            "$ref": f"#/$defs/{root}", "$defs": json_schema(json.loads(text))}

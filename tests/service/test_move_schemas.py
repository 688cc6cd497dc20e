"""Each game's moves in the document: every move schema fixes its type, each
game's moves are a oneOf decided by ``type``, and every move the engine
lists as legal in random digital games fits exactly one of them."""
from __future__ import annotations

import json
import random
import tempfile

import jsonschema
import pytest

from domain.games import all_games, get_game
from domain.rules import random_move
from domain.table import Table
from service.http.app import create_app

PLAYOUTS = [
    ("willi", ["Ann", "Bob", "Cid", "Dee"], {}, 1),
    ("willi", ["Ann", "Bob", "Cid"], {}, 2),
    ("wiener_walzer", ["Ann", "Bob", "Cid"], {}, 3),
    ("wiener_walzer", ["Ann", "Bob", "Cid", "Dee", "Eve"], {"events": True}, 4),
    ("vienna", ["Ann", "Bob", "Cid"], {}, 5),
    ("vienna", ["Ann", "Bob", "Cid", "Dee"], {}, 6),
    ("grand_austria", ["Ann", "Bob"], {}, 7),
    ("grand_austria", ["Ann", "Bob", "Cid"],
     {"modules": ["ballrooms", "celebrities", "more", "start_player", "unique_hotels"]}, 8),
    ("grand_austria", ["Ann"], {"solo": {"difficulty": "hard"}, "modules": ["ballrooms", "celebrities"]}, 9),
]


@pytest.fixture(scope="module")
def document():
    return create_app(f"sqlite:///{tempfile.mkdtemp()}/doc.sqlite3").test_client().get("/api/openapi.json").json


def test_every_move_schema_fixes_its_type_and_each_game_is_a_discriminated_one_of(document):
    schemas = document["components"]["schemas"]
    for game in all_games():
        moves = schemas[f"{''.join(w.capitalize() for w in game.id.split('_'))}Move"]
        mapping = moves["discriminator"]["mapping"]
        assert moves["discriminator"]["propertyName"] == "type" and set(mapping) == set(game.move_schemas)
        assert sorted({ref["$ref"] for ref in moves["oneOf"]}) == sorted(set(mapping.values()))
        for move_type, ref in mapping.items():
            assert schemas[ref.rsplit("/", 1)[1]]["properties"]["type"]["enum"] == [move_type]
    union = schemas["Move"]["anyOf"]
    assert len(union) == len(all_games())
    move = schemas["MoveRequest"]["properties"]["move"]
    assert move["allOf"] == [{"$ref": "#/components/schemas/Move"}]


def test_a_move_name_shared_by_games_has_one_schema_only_where_the_fields_agree(document):
    schemas = document["components"]["schemas"]
    by_type: dict[str, set[str]] = {}
    for game in all_games():
        name = f"{''.join(w.capitalize() for w in game.id.split('_'))}Move"
        for move_type, ref in schemas[name]["discriminator"]["mapping"].items():
            by_type.setdefault(move_type, set()).add(ref)
    for move_type, refs in by_type.items():
        bodies = {json.dumps(schemas[ref.rsplit("/", 1)[1]], sort_keys=True) for ref in refs}
        assert len(bodies) == len(refs), move_type          # two names only for two different schemas


def test_the_move_schema_of_an_unknown_game_is_404(client):
    answer = client.get("/api/game-types/chess/move-schema")
    assert answer.status_code == 404


@pytest.mark.parametrize("game_id, players, options, seed", PLAYOUTS)
def test_every_legal_move_fits_exactly_one_move_schema_of_its_game(client, game_id, players, options, seed):
    served = client.get(f"/api/game-types/{game_id}/move-schema").json
    defs = served["$defs"]
    root = defs[served["$ref"].rsplit("/", 1)[1]]
    whole = jsonschema.Draft202012Validator(served)
    alternatives = {ref["$ref"]: jsonschema.Draft202012Validator({"$ref": ref["$ref"], "$defs": defs})
                    for ref in root["oneOf"]}
    mapping = root["discriminator"]["mapping"]
    game, rng = get_game(game_id), random.Random(seed)
    table = Table.start(game, players, game.load_options(options))
    checked = 0
    while not game.finished(table.state) and checked < 4000:
        listed = [] if game.expected(table.state).is_chance else (game.legal_moves(table.state) or [])
        move = random_move(game, table.state, rng)
        for candidate in [*rng.sample(listed, min(len(listed), 12)), move]:
            written = json.loads(json.dumps(candidate))
            fits = [ref for ref, validator in alternatives.items() if validator.is_valid(written)]
            assert fits == [mapping[written["type"]]], (written, fits)
            whole.validate(written)
            checked += 1
        table.play(move, table.record.started_by)
    assert checked > 50





def test_a_move_of_a_type_already_seen_makes_no_schema(client, monkeypatch):
    """Each game type's move schemas, and the move request's, are made once
    per process (each when its first move comes), never per request."""
    from marshmallow import Schema

    from helpers import Api
    from service.http.schemas import MoveRequestSchema
    api = Api(client, "willi", ["Ann", "Bob", "Cid", "Dee"])
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(40):
        move = api.random_move(rng)
        seen.add(move["type"])
        api.move(move)
    watched = {*get_game("willi").move_schemas.values(), MoveRequestSchema}
    made: list[str] = []
    real_init = Schema.__init__

    def counted(self, *args, **kwargs):
        if type(self) in watched:
            made.append(type(self).__name__)
        real_init(self, *args, **kwargs)
    monkeypatch.setattr(Schema, "__init__", counted)
    again = 0
    for _ in range(60):
        move = api.random_move(rng)
        if move["type"] in seen:
            again += 1
            api.move(move)
    assert again > 20 and made == []

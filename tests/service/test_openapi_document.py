"""The OpenAPI document matches the service: the error body it sends, the
bodies each operation takes, a move schema per game, the security scheme
and the Idempotency-Key header. A bounded schemathesis run (a few examples
per operation, well under 60 s) checks every answer against the document."""
from __future__ import annotations

import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from schemathesis.config import PositiveDataAcceptanceConfig

from domain.games import all_games
from service.http.app import create_app

APP = create_app(f"sqlite:///{tempfile.mkdtemp(prefix='tablelog-schemathesis-')}/api.sqlite3")
# One client sends every case: the limits on refused tokens and on starts would soon answer 429 to all.
APP.config.update(RATELIMIT_WRONG_TOKEN="100000 per minute", RATELIMIT_START="100000 per minute")
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


def spec() -> dict:
    return APP.test_client().get("/api/openapi.json").json


def test_errors_are_documented_in_the_shape_they_are_sent():
    document = spec()
    problem = document["components"]["schemas"]["Problem"]
    assert set(problem["required"]) == {"type", "title", "status", "detail", "instance", "code"}
    assert {"params", "rule", "fields"} <= set(problem["properties"])
    assert "application/problem+json" in document["components"]["responses"]["DEFAULT_ERROR"]["content"]
    answer = APP.test_client().get("/api/games/nothing-here")
    assert answer.mimetype == "application/problem+json"
    assert set(problem["required"]) <= set(answer.json) <= set(problem["properties"])
    assert answer.json["status"] == 404 and answer.json["instance"] == "/api/games/nothing-here"


def test_the_move_is_one_of_the_games_discriminated_moves():
    document = spec()
    schemas = document["components"]["schemas"]
    assert schemas["MoveRequest"]["properties"]["move"]["allOf"] == [{"$ref": "#/components/schemas/Move"}]
    for game in all_games():
        moves = schemas["".join(w.capitalize() for w in game.id.split("_")) + "Move"]
        assert moves["discriminator"]["propertyName"] == "type"
        assert set(moves["discriminator"]["mapping"]) == set(game.move_schemas), game.id
    assert "422" in document["paths"]["/api/games/{game_id}/moves"]["post"]["responses"]


def test_writes_name_bearer_security_and_the_idempotency_key():
    document = spec()
    assert document["components"]["securitySchemes"]["bearerAuth"] == {
        **document["components"]["securitySchemes"]["bearerAuth"], "type": "http", "scheme": "bearer"}
    for path in ("/api/games/{game_id}/moves", "/api/games/{game_id}/undo", "/api/games/{game_id}/redo"):
        operation = document["paths"][path]["post"]
        assert operation["security"] == [{"bearerAuth": []}]
        assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in operation["parameters"])
    assert document["paths"]["/api/games/{game_id}/undo"]["post"]["requestBody"]["required"] is False


def test_the_document_is_valid_openapi_and_every_operation_is_named_with_an_example():
    from openapi_spec_validator import validate
    from openapi_schema_validator import OAS30Validator
    document = spec()
    validate(document)
    names = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            names.add(operation["operationId"])
            examples = []
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body and "example" in body:
                examples.append((body["schema"], body["example"]))
            for code, response in operation["responses"].items():
                for media in response.get("content", {}).values() if code.startswith("2") else ():
                    if "example" in media:
                        examples.append((media["schema"], media["example"]))
            assert examples, (method, path)
            for schema, example in examples:
                errors = list(OAS30Validator({**schema, "components": document["components"]}).iter_errors(example))
                assert not errors, (method, path, errors[0].message[:300])
    assert len(names) == sum(len([m for m in item if m != "parameters"]) for item in document["paths"].values())


def test_a_start_the_game_does_not_take_is_outside_the_document():
    from openapi_schema_validator import OAS30Validator
    document = spec()
    start = OAS30Validator({"$ref": "#/components/schemas/NewGame", "components": document["components"]})
    assert start.is_valid({"game": "willi", "players": ["Ann", "Bob", "Cid"]})
    assert start.is_valid({"game": "grand_austria", "players": ["Ann", "Bob"], "options": {"modules": ["more"]}})
    for body in ({"game": "willi", "players": []}, {"game": "", "players": ["Ann", "Bob", "Cid"]},
                 {"game": "willi", "players": ["Ann", "Bob", "Cid"], "options": {"modules": ["more"]}},
                 {"game": "vienna", "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]}):
        assert not start.is_valid(body), body


def valid(document: dict, operation: dict, body) -> bool:
    from openapi_schema_validator import OAS30Validator
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    return OAS30Validator({**schema, "components": document["components"]}).is_valid(body)


HOTEL = {"floors": [["red", "blue"], ["yellow", "red"]], "groups": [["1.1", "1.2"], ["2.1"]],
         "floor_costs": [0, 1], "floor_vp": [1, 2]}
"""A hotel board of the documented form whose groups leave room 2.2 out."""


@pytest.mark.parametrize("path, body, code", [
    ("/api/games/import", {"record": "these words are no record"}, "not_a_record"),
    ("/api/house-catalogs", {"game": "grand_austria", "content": {"guest": [{"number": 500}]}},
     "not_a_house_catalog"),
    ("/api/games", {"game": "grand_austria", "players": ["Ann", "Bob"], "options": {"hotel": HOTEL}},
     "not_a_hotel_board"),
    ("/api/games", {"game": "grand_austria", "players": ["Ann", "Bob"],
                    "options": {"house_catalog": {"staff": [{"number": 7, "name": "Nobody"}]}}},
     "not_a_house_catalog"),
    ("/api/games", {"game": "wiener_walzer", "players": ["Ann", "Bob"], "options": {"layout": ["ooo", "o"]}},
     "components_refused"),
])
def test_a_body_the_document_allows_is_refused_422_for_what_it_says(path, body, code):
    """Never 400: the body fits the document; what it says is refused, with a code and the place or rule."""
    document = spec()
    assert valid(document, document["paths"][path]["post"], body)
    answer = APP.test_client().post(path, json=body)
    assert answer.status_code == 422 and answer.json["code"] == code, answer.json
    assert answer.json.get("fields") or answer.json.get("rule"), answer.json
    assert "422" in document["paths"][path]["post"]["responses"]


def test_a_body_outside_the_document_is_still_400():
    document = spec()
    bodies = [("/api/games", {"game": "grand_austria", "players": ["Ann", "Bob"],
                              "options": {"hotel": {**HOTEL, "floor_costs": ["0", 1]}}}),
              ("/api/games", {"game": "grand_austria", "players": ["Ann", "Bob"], "options": {"house_catalog": []}}),
              ("/api/house-catalogs", {"game": "grand_austria", "content": "guests"}),
              ("/api/games/import", {"record": "x", "format": "xml"})]
    for path, body in bodies:
        assert not valid(document, document["paths"][path]["post"], body), body
        answer = APP.test_client().post(path, json=body)
        assert answer.status_code == 400 and answer.json["code"] == "malformed", (body, answer.json)


def test_another_method_is_405_with_allow():
    answer = APP.test_client().delete("/api/games")
    assert answer.status_code == 405 and set(answer.headers["Allow"].split(", ")) >= {"GET", "POST"}
    assert answer.json["code"] == "method_not_allowed"
    assert "405" in spec()["paths"]["/api/games"]["get"]["responses"]


# A request the document allows is never refused as malformed (400, 413, 415): it is
# taken, or refused for what no schema can say (no such game, a stale version, a
# rule of the game, which names the rule).
schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(
    expected_statuses=["2xx", "304", "401", "403", "404", "409", "412", "422"])


# A NUL character is refused in any text (no record can keep one; the 400 says so).
schema.config.generation.update(allow_x00=False)

# A record to import as JSON Lines is a text (the document's schema of it): sent as it is, like text/plain.
schemathesis.serializer.alias("application/x-ndjson", "text/plain")

@schema.parametrize()
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_conforms_to_the_document(case):
    # The WSGI transport does not decompress: answers are asked for plain.
    response = case.call_and_validate(headers={"Accept-Encoding": "identity"})
    if response.status_code == 422:      # a rule of the game (named), or what the body says refused (where)
        problem = response.json()
        assert problem["code"] not in ("malformed", "bad_request"), problem
        assert problem.get("rule") or problem.get("fields"), problem

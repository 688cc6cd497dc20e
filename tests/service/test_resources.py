"""A resource's method declares its body or query and its answer once:
flask-smorest documents them exactly as its own decorators would, and the
method runs without their wrappers, its body parsed by the API's parser."""
from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from service.http.resources import arguments, writes_its_answer

blp = Blueprint("declared", __name__)


class BodySchema(Schema):
    move = fields.Dict(required=True)


class AnswerSchema(Schema):
    version = fields.Integer()


def method(self, body, game_id):
    return body, game_id


def test_a_body_is_documented_as_flask_smorest_documents_it():
    ours = arguments(blp, BodySchema, required=False, description="a move")(method)._apidoc
    assert ours == blp.arguments(BodySchema, required=False, description="a move")(method)._apidoc


def test_a_query_is_documented_as_flask_smorest_documents_it():
    schema = BodySchema()
    assert arguments(blp, schema, location="query")(method)._apidoc == \
        blp.arguments(schema, location="query")(method)._apidoc


def test_a_written_answer_is_documented_as_flask_smorest_documents_it():
    def answering(self):
        return None
    schema = AnswerSchema()
    theirs = blp.response(201, schema, description="recorded")(answering)._apidoc
    assert writes_its_answer(blp, 201, schema, description="recorded")(answering)._apidoc == theirs
    assert getattr(writes_its_answer(blp, 201, AnswerSchema)(answering), "__wrapped__", None) is None


def test_the_parsed_body_comes_after_the_positional_arguments(app):
    declared = arguments(blp, BodySchema)(method)
    with app.test_request_context("/api/x", method="POST", json={"move": {"type": "deal"}}):
        assert declared("resource", game_id="g1") == ({"move": {"type": "deal"}}, "g1")


def test_a_body_that_does_not_fit_is_the_apis_400(client):
    created = client.post("/api/games", json={"game": "willi", "players": ["A", "B", "C", "D"]}).get_json()
    token = created["tokens"]["scorekeeper"]
    refused = client.post(f"/api/games/{created['id']}/moves", json={"moved": {}},
                          headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 400 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["fields"] == {"json": {"move": ["Missing data for required field."],
                                                     "moved": ["Unknown field."]}}

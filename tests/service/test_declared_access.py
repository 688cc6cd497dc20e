"""What a route needs (a token, an Idempotency-Key) is declared once, on the
route: the document says it, the route does it, and the seat-link POST and
DELETE honour the key like every other write."""
from __future__ import annotations

import pytest

from helpers import Api
from service.http.access import OPTIONAL, REQUIRED, Needs

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
SKIPPED = {"static", "web", "docs_assets", "api-docs"}


def operations(app):
    """Every API operation the URL map routes: (rule, method, its view's declaration)."""
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/") or rule.endpoint.split(".")[0] in SKIPPED:
            continue
        view_class = getattr(app.view_functions[rule.endpoint], "view_class", None)
        if view_class is None:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield rule, method, getattr(getattr(view_class, method.lower()), "needs", Needs())


def openapi_path(rule) -> str:
    path = rule.rule
    for argument in rule.arguments:
        path = path.replace(f"<{argument}>", f"{{{argument}}}")
        path = path.replace(f"<game_id:{argument}>", f"{{{argument}}}")
    return path


def test_every_operation_is_documented_as_its_route_declares(app):
    document = app.test_client().get("/api/openapi.json").json
    seen = 0
    for rule, method, declared in operations(app):
        operation = document["paths"][openapi_path(rule)][method.lower()]
        # A group's lists need a member's group token; a write, the game's own
        # token; any other request about one game, any token that opens it.
        one_game = "{game_id}" in openapi_path(rule)
        expected = ({REQUIRED: [{"groupToken": []}], OPTIONAL: [{"groupToken": []}, {}]}.get(declared.member)
                    or {REQUIRED: [{"bearerAuth": []}]}.get(declared.token)
                    or ([{"bearerAuth": []}, {"shareToken": []}, {"groupToken": []}] if one_game else None)
                    or {OPTIONAL: [{"bearerAuth": []}, {}]}.get(declared.token))
        assert operation.get("security") == expected, (rule.rule, method)
        keyed = any(p["in"] == "header" and p["name"] == "Idempotency-Key" for p in operation.get("parameters", []))
        assert keyed == declared.idempotency_key, (rule.rule, method)
        seen += 1
    assert seen >= 30


def test_every_route_reads_only_what_it_declares_and_requires_its_token(app):
    client = app.test_client()
    api = Api(client, "willi", FOUR)
    values = {"game_id": api.id, "seat": "Alex", "game": "willi", "language": "en", "name": "Alex",
              "catalog_id": "none"}
    for rule, method, declared in operations(app):
        path = rule.rule
        for argument in rule.arguments:
            path = path.replace(f"<{argument}>", values.get(argument, "x")).replace(
                f"<game_id:{argument}>", values.get(argument, "x"))
        body = {"json": {}} if method in ("POST", "DELETE") else {}
        sent = client.open(path, method=method, headers={**api.auth(), "Idempotency-Key": f"k-{path}-{method}"},
                           **body)
        assert sent.status_code < 500, (path, method, sent.get_data(as_text=True)[:300])
        if declared.token == REQUIRED:
            bare = client.open(path, method=method, **body)
            assert bare.status_code == 401 and bare.headers["WWW-Authenticate"].startswith("Bearer"), (path, method)


def test_reading_an_undeclared_token_is_a_bug_not_a_silent_none(app):
    from service.http.access import Undeclared, bearer
    with app.test_request_context("/api/games", headers={"Authorization": "Bearer t"}):
        with pytest.raises(Undeclared):
            bearer()


@pytest.mark.parametrize("method", ["POST", "DELETE"])
def test_a_seat_link_retried_under_its_key_answers_the_first_answer_and_records_nothing(client, method):
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    url = f"/api/games/{api.id}/seats/Alex/link"
    headers = {**api.auth(), "Idempotency-Key": "link-1"}
    first = client.open(url, method=method, json={}, headers=headers)
    assert first.status_code in (200, 201), first.json
    version = api.get("")["version"]
    again = client.open(url, method=method, json={}, headers=headers)
    assert again.status_code == first.status_code and again.json == first.json
    assert api.get("")["version"] == version == first.json["version"]
    if method == "POST":
        assert first.json["token"] and first.json["token"] != api.seat_tokens["Alex"]
        assert client.get(f"/api/games/{api.id}/state?seat=Alex", headers=api.auth(first.json["token"])).status_code == 200
    # the key for another request is refused, nothing recorded
    other = client.open(f"/api/games/{api.id}/seats/Joe/link", method=method, json={}, headers=headers)
    assert other.status_code == 409 and other.json["code"] == "idempotency_key_reused"
    assert api.get("")["version"] == version


def test_without_a_key_each_seat_link_is_a_new_token(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    one, two = api.post("seats/Alex/link"), api.post("seats/Alex/link")
    assert one["token"] != two["token"] and two["version"] == one["version"] + 1

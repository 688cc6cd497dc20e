"""Every error is problem details (RFC 9457): the standard members, the
service's own (code, params, rule, fields), the sentence in the caller's
language, 401 naming its scheme, Retry-After only where a retry is asked."""
from __future__ import annotations

from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
STANDARD = {"type", "title", "status", "detail", "instance"}


def test_a_rule_refusal_is_problem_details_with_the_rule_and_its_parameters(client):
    api = Api(client, "willi", FOUR)
    api.move({"type": "deal", "hands": dict.fromkeys(FOUR)})
    url = f"/api/games/{api.id}/moves"
    answer = client.post(url, headers=api.auth(), json={"move": {"type": "play", "seat": "Joe", "card": "R5"}})
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    problem = answer.json
    assert STANDARD | {"code", "params", "rule"} == set(problem)
    assert problem["type"] == "urn:tablelog:problem:discard_first" == "urn:tablelog:problem:" + problem["code"]
    assert problem["status"] == 422
    assert problem["instance"] == url and problem["rule"]
    german = client.post(url, headers={**api.auth(), "Accept-Language": "de"},
                         json={"move": {"type": "play", "seat": "Joe", "card": "R5"}}).json
    assert german["detail"] != problem["detail"]
    assert {k: v for k, v in german.items() if k != "detail"} == {k: v for k, v in problem.items() if k != "detail"}


def test_a_body_that_does_not_fit_names_the_fields(client):
    answer = client.post("/api/games", json={"game": "willi", "players": 7})
    assert answer.status_code == 400 and answer.mimetype == "application/problem+json"
    assert answer.json["code"] == "malformed" and answer.json["fields"] == {"json": {"players": ["Not a valid list."]}}
    assert STANDARD <= set(answer.json)


def test_401_names_the_bearer_scheme_and_403_does_not(client):
    api = Api(client, "willi", FOUR)
    url = f"/api/games/{api.id}/moves"
    answer = client.post(url, json={"move": {"type": "deal", "hands": dict.fromkeys(FOUR)}})
    assert answer.status_code == 401 and answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert answer.json["code"] == "unauthorized"
    answer = client.post(url, headers={"Authorization": "Bearer nothing"},
                         json={"move": {"type": "deal", "hands": dict.fromkeys(FOUR)}})
    assert answer.status_code in (401, 403)
    if answer.status_code == 403:
        assert "WWW-Authenticate" not in answer.headers


def test_retry_after_is_sent_only_where_a_retry_is_asked(client):
    created = client.post("/api/games", json={"game": "willi", "players": FOUR})
    assert created.status_code == 201 and "Retry-After" not in created.headers
    assert "X-RateLimit-Limit" in created.headers
    client.application.config["RATELIMIT_START"] = "1 per hour"
    refused = [client.post("/api/games", json={"game": "willi", "players": FOUR}) for _ in range(3)]
    assert refused[-1].status_code == 429 and int(refused[-1].headers["Retry-After"]) > 0
    assert refused[-1].mimetype == "application/problem+json" and refused[-1].json["code"] == "rate_limited"

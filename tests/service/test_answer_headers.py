"""An answer's headers, in the order the service sends them: the hooks
around a request (caching, compression, security, the limits, the request
id) each add theirs in a fixed order, whatever the answer."""
from __future__ import annotations

import pytest

from helpers import Api
from service.http.app import create_app

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
UNSEEN = {seat: None for seat in FOUR}
SECURITY = ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]


@pytest.fixture
def limited_app(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'headers.sqlite3'}")
    app.config["RATELIMIT_WRONG_TOKEN"] = "2 per minute"
    yield app
    app.extensions["tablelog"].store.close()


def names(response) -> list[str]:
    return [name for name, _ in response.headers]


@pytest.mark.parametrize("encoding", [None, "gzip, br"])
def test_a_recorded_moves_answer_has_its_headers_in_order(client, encoding):
    api = Api(client, "willi", FOUR)
    headers = {**api.auth(), "X-Request-Id": "move-1", **({"Accept-Encoding": encoding} if encoding else {})}
    r = client.post(f"/api/games/{api.id}/moves", json={"move": {"type": "deal", "hands": UNSEEN}}, headers=headers)
    assert r.status_code == 201
    assert len(r.data) < client.application.config["COMPRESS_MIN_SIZE"]     # a small answer: sent as it is
    assert names(r) == ["Content-Type", "Content-Length", "Tablelog-Receipt", "Cache-Control", "Vary", "Location",
                        *SECURITY, "X-Request-Id"]
    assert r.headers["Vary"] == "Authorization, Accept-Language, Accept-Encoding"
    assert r.headers["Location"] == f"/api/games/{api.id}/log?since=1"
    assert r.headers["X-Request-Id"] == "move-1"


def test_a_started_game_carries_the_start_limits_headers_and_no_retry_after(client):
    r = client.post("/api/games", json={"game": "willi", "players": FOUR})
    assert r.status_code == 201
    assert names(r) == ["Content-Type", "Content-Length", "Tablelog-Receipt", "Cache-Control", "Vary", "Location",
                        *SECURITY, "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"]


def test_wrong_tokens_are_counted_and_the_429_says_when_to_come_back(limited_app):
    client = limited_app.test_client()
    api = Api(client, "willi", FOUR)
    move = {"move": {"type": "deal", "hands": UNSEEN}}
    wrong = {"Authorization": "Bearer not-a-token-of-this-game"}
    assert [client.post(f"/api/games/{api.id}/moves", json=move, headers=wrong).status_code
            for _ in range(2)] == [403, 403]
    r = client.post(f"/api/games/{api.id}/moves", json=move, headers=api.auth())
    assert r.status_code == 429
    assert names(r) == ["Content-Type", "Content-Length", "Vary", "Retry-After", "Cache-Control", *SECURITY,
                        "X-Request-Id"]
    assert int(r.headers["Retry-After"]) >= 1


def test_no_answer_sets_a_cookie_and_the_session_cannot_be_written(app, client):
    r = client.post("/api/games", json={"game": "willi", "players": FOUR}, headers={"Cookie": "session=abc"})
    assert r.status_code == 201 and "Set-Cookie" not in r.headers
    with app.test_request_context("/api/health", headers={"Cookie": "session=abc"}):
        from flask import session
        assert dict(session) == {}
        with pytest.raises(RuntimeError, match="secret key"):
            session["seat"] = "Alex"
    assert dict(app.session_interface.open_session(app, None)) == {}     # nothing kept from the refused write

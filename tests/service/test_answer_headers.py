"""An answer's headers, in the order the service sends them: the hooks
around a request (caching, compression, security, the limits, the request
id) each add theirs in a fixed order, whatever the answer."""
from __future__ import annotations

import pytest
from flask import request
from flask_compress import Compress

from helpers import Api
from service.http.app import create_app, left_as_it_is

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


@pytest.fixture(scope="module")
def plain_app(tmp_path_factory):
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('compress') / 'compress.sqlite3'}")
    yield app
    app.extensions["tablelog"].store.close()


@pytest.mark.parametrize("accepts", [None, "", "gzip, br", "identity", "*", "gzip;q=0", "zstd;q=0.5, deflate"])
@pytest.mark.parametrize("vary", [None, "Accept-Language", "Authorization, Accept-Language, Accept-Encoding"])
@pytest.mark.parametrize("size", [10, 1023, 1024, 5000])
def test_an_answer_not_given_to_flask_compress_is_one_it_would_leave_as_it_is(plain_app, size, vary, accepts):
    compress = Compress(plain_app)      # the app's settings, as the app's own hook uses them

    def made():
        response = plain_app.response_class(b"x" * size, 201, mimetype="application/json")
        if vary:
            response.headers.add("Vary", vary)
        return response

    sent = {"Accept-Encoding": accepts} if accepts is not None else {}
    with plain_app.test_request_context("/api/games/g1/moves", method="POST", headers=sent):
        ours = made()
        left = left_as_it_is(ours, request._get_current_object(), plain_app.config["COMPRESS_MIN_SIZE"])
        assert left == (vary is not None and "Accept-Encoding" in vary
                        and (accepts in (None, "", "identity") or size < 1024))
        if left:
            theirs = compress.after_request(made())
            assert list(theirs.headers) == list(ours.headers) and theirs.get_data() == ours.get_data()

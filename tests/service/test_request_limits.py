"""Limits with clear errors: a player's name is at most 64 characters, a
body's length is refused by its Content-Length before it is read, and how
often a client starts games is limited."""
from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, strategies as st

from helpers import Api
from service.settings import load
from werkzeug.test import create_environ
from werkzeug.wrappers import Request
from werkzeug.wsgi import get_content_length

from service.http.app import ServiceRequest, create_app
from service.http.limits import BODY_LIMIT, IMPORT_LIMIT, SQLiteStorage

FOUR = ["Ann", "Bob", "Cid", "Dee"]


@pytest.fixture
def sqlite_app(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'limits.sqlite3'}")
    yield app
    app.extensions["tablelog"].store.close()


def start(client, players=FOUR, **headers):
    return client.post("/api/games", json={"game": "willi", "players": players}, headers=headers)


class Unread(io.RawIOBase):
    """A request body that counts how much of it the service reads."""

    def __init__(self, size: int):
        self.size, self.read_bytes = size, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = min(len(buffer), self.size - self.read_bytes)
        buffer[:n] = b"x" * n
        self.read_bytes += n
        return n


@pytest.mark.parametrize("path", ["/api/games", "/api/games/00000000-0000-0000-0000-000000000001/moves",
                                  "/api/games/00000000-0000-0000-0000-000000000001/annotations"])
def test_a_body_over_one_mebibyte_is_refused_before_it_is_read(sqlite_app, path):
    body = Unread(20 * 1024 * 1024)
    environ = create_environ(path, method="POST", content_type="application/json")
    environ.update({"wsgi.input": body, "CONTENT_LENGTH": str(body.size)})
    answered = []
    chunks = sqlite_app(environ, lambda status, headers: answered.append(status))
    assert answered == ["413 REQUEST ENTITY TOO LARGE"]
    assert json.loads(b"".join(chunks))["code"] == "too_large"
    assert body.read_bytes == 0


def test_a_hundred_megabyte_name_is_not_stored(sqlite_app):
    client = sqlite_app.test_client()
    r = start(client, ["x" * (BODY_LIMIT + 1), "Bob", "Cid", "Dee"])
    assert r.status_code == 413
    assert client.get("/api/games").json["games"] == []


def test_an_import_may_carry_a_record_of_several_megabytes(sqlite_app):
    client = sqlite_app.test_client()
    r = client.post("/api/games/import", data="x" * (3 * 1024 * 1024), content_type="text/plain")
    assert r.status_code == 422, r.json                 # read in full: not a record, but not too large
    r = client.post("/api/games/import", data="x" * (IMPORT_LIMIT + 1), content_type="text/plain")
    assert r.status_code == 413


@pytest.mark.parametrize("name, code", [
    ("x" * 65, "name_too_long"),
    ("Ann\nBob", "name_character"),
    ("\x1b[2JAnn", "name_character"),
    ("Ann\u200b", "name_character"),
    ("\u202eAnn", "name_character"),
    ("TABLE", "reserved_name"),
    ("Service", "reserved_name"),
    (" Monster ", "reserved_name"),
])
def test_a_new_name_is_short_printable_and_not_reserved_in_any_case(sqlite_app, name, code):
    r = start(sqlite_app.test_client(), [name, "Bob", "Cid", "Dee"])
    assert r.status_code == 422 and r.json["code"] == code, r.json


@pytest.mark.parametrize("twins", [["Ann", "Ann "], ["Zo\u00eb", "Zoe\u0308"]])
def test_names_that_normalise_alike_are_one_player(sqlite_app, twins):
    r = start(sqlite_app.test_client(), [*twins, "Cid", "Dee"])
    assert r.status_code == 422 and r.json["code"] == "duplicate_player", r.json


def test_a_name_of_sixty_four_characters_and_any_script_is_kept_as_given(sqlite_app):
    client = sqlite_app.test_client()
    players = ["y" * 64, "Zoë", "Ōta 太郎", "Ann-Marie O'Neil"]
    r = start(client, players)
    assert r.status_code == 201, r.json
    assert client.get(f"/api/games/{r.json['id']}").json["players"] == players


def test_starting_games_is_rate_limited_per_client(sqlite_app):
    sqlite_app.config["RATELIMIT_START"] = "3 per minute"
    client = sqlite_app.test_client()
    assert [start(client).status_code for _ in range(3)] == [201] * 3
    r = start(client)
    assert r.status_code == 429 and r.json["code"] == "rate_limited" and int(r.headers["Retry-After"]) > 0
    assert client.get("/api/games").status_code == 200             # reading is not limited
    other = client.post("/api/games", json={"game": "willi", "players": FOUR}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201                                  # another client is not


def test_forwarded_for_is_believed_only_from_the_trusted_proxy(sqlite_app, monkeypatch):
    sqlite_app.config["RATELIMIT_START"] = "2 per minute"
    client = sqlite_app.test_client()

    def from_(remote: str, forwarded: str):
        return client.post("/api/games", json={"game": "willi", "players": FOUR},
                           headers={"X-Forwarded-For": forwarded}, environ_base={"REMOTE_ADDR": remote})

    # a client that names other addresses itself is still one client
    assert [from_("10.0.0.5", f"192.0.2.{i}").status_code for i in range(3)] == [201, 201, 429]
    monkeypatch.setenv("TABLELOG_TRUSTED_PROXIES", "10.0.0.1")
    sqlite_app.extensions["tablelog_settings"] = load()        # as a service started with it reads it
    assert [from_("10.0.0.1", f"203.0.113.7, 192.0.2.{i}").status_code for i in range(3)] == [201, 201, 201]
    # the address the proxy saw is the client: 192.0.2.0 came once before
    assert [from_("10.0.0.1", "192.0.2.0").status_code for _ in range(2)] == [201, 429]


def test_wrong_tokens_are_rate_limited_per_client(sqlite_app):
    sqlite_app.config["RATELIMIT_WRONG_TOKEN"] = "3 per minute"
    client = sqlite_app.test_client()
    game = start(client).json
    wrong = {"Authorization": "Bearer guess"}
    codes = [client.post(f"/api/games/{game['id']}/undo", headers=wrong).status_code for _ in range(4)]
    assert codes == [403, 403, 403, 429]
    right = {"Authorization": f"Bearer {game['tokens']['scorekeeper']}"}
    assert client.post(f"/api/games/{game['id']}/undo", headers=right).status_code == 429   # until the minute ends


def test_the_workers_share_their_counters(tmp_path):
    one, two = (SQLiteStorage(f"tablelog-sqlite:///{tmp_path / 'limits.sqlite3'}") for _ in range(2))
    assert one.incr("start/127.0.0.1", 60) == 1
    assert two.incr("start/127.0.0.1", 60) == 2 and one.get("start/127.0.0.1") == 2
    assert one.incr("soon", 0) == two.incr("soon", 0) == 1            # an expired window starts again


def test_the_page_is_served_with_security_headers(sqlite_app):
    """Was no CSP, X-Content-Type-Options, Referrer-Policy or frame protection."""
    client = sqlite_app.test_client()
    for path in ("/", "/api/games"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert "script-src" not in headers["Content-Security-Policy"]        # default-src 'self': no inline script
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Frame-Options"] == "DENY"


def test_a_route_without_a_start_limit_asks_the_limiter_only_for_the_wrong_token_window(sqlite_app, monkeypatch):
    """A move is guarded by the wrong-token limit (one read of the client's
    count) and by nothing of Flask-Limiter's: it writes no counter and gets
    no rate-limit headers; a start is still counted and told its limit."""
    (limiter,) = sqlite_app.extensions["limiter"]
    storage = limiter.storage
    touched: list[tuple[str, str]] = []
    for method in ("incr", "get", "get_expiry", "clear"):
        def recorded(key, *args, method=method, real=getattr(storage, method), **kwargs):
            touched.append((method, key))
            return real(key, *args, **kwargs)
        monkeypatch.setattr(storage, method, recorded)
    asked = []           # Flask-Limiter's hooks after a request ask for the request's limit
    real_limit = type(limiter).current_limit
    monkeypatch.setattr(type(limiter), "current_limit",
                        property(lambda self: asked.append(1) or real_limit.fget(self)))
    client = sqlite_app.test_client()
    started = start(client)
    assert started.status_code == 201 and "X-RateLimit-Limit" in started.headers and asked
    assert any(method == "incr" and "start" in key for method, key in touched)
    game = started.json
    scorekeeper = {"Authorization": f"Bearer {game['tokens']['scorekeeper']}"}
    move = Api(client, "willi", FOUR).random_move(random.Random(1))     # the deal, from the rules
    touched.clear()
    asked.clear()
    moved = client.post(f"/api/games/{game['id']}/moves", json={"move": move}, headers=scorekeeper)
    assert moved.status_code == 201, moved.json
    assert not any(name.startswith("X-RateLimit") for name in moved.headers.keys())
    assert len(touched) == 1 and touched[0][0] == "get" and "wrong_token" in touched[0][1]
    assert not asked


@given(length=st.one_of(st.none(), st.sampled_from(["0", "12", "-1", "abc", " 7", "1e3", "99999999999999999999"]),
                        st.text(max_size=8)),
       encoding=st.one_of(st.none(), st.sampled_from(["chunked", "CHUNKED", "gzip, chunked", "identity", ""])))
def test_the_body_length_read_from_the_environ_is_werkzeugs_requests(length, encoding):
    """The body cap and the media-type check read a request's length with
    werkzeug's ``get_content_length`` over its environ: the same number as
    the request's own ``content_length``, for every header sent."""
    environ = create_environ("/api/games/g/moves", method="POST")
    environ.pop("CONTENT_LENGTH", None)
    if length is not None:
        environ["CONTENT_LENGTH"] = length
    if encoding is not None:
        environ["HTTP_TRANSFER_ENCODING"] = encoding
    assert get_content_length(environ) == Request(environ).content_length


def test_a_body_that_ends_before_its_length_is_refused_and_records_nothing(sqlite_app):
    client = sqlite_app.test_client()
    game = start(client).json
    headers = {"Authorization": f"Bearer {game['tokens']['scorekeeper']}"}
    body = json.dumps({"move": {"type": "deal", "seat": "table"}}).encode()
    environ = create_environ(f"/api/games/{game['id']}/moves", method="POST", content_type="application/json",
                             headers=headers)
    environ.update({"wsgi.input": io.BytesIO(body[:-5]), "CONTENT_LENGTH": str(len(body))})
    answered = []
    chunks = sqlite_app(environ, lambda status, headers: answered.append(status))
    assert answered[0].startswith("400")
    assert json.loads(b"".join(chunks))["code"] == "malformed"
    assert client.get(f"/api/games/{game['id']}").json["version"] == game["version"]


@given(body=st.binary(max_size=64), short=st.integers(min_value=0, max_value=3),
       longer=st.binary(max_size=4), limit=st.one_of(st.none(), st.integers(min_value=0, max_value=80)),
       terminated=st.booleans(), declared=st.booleans())
def test_the_service_reads_a_body_as_werkzeug_reads_it(body, short, longer, limit, terminated, declared):
    """The service's request reads a body of a known length in one call:
    the same bytes as werkzeug's stream, and the same refusal where the
    body ends early (the client gone) or its length is over the limit. A
    server that ends the stream itself ends it at the body's end (or
    earlier, the client gone); any other may hold more after it."""
    sent = body[:max(0, len(body) - short)] + (b"" if terminated else longer)

    def read(kind):
        environ = create_environ("/api/games/g/moves", method="POST")
        environ["wsgi.input"] = io.BytesIO(sent)
        environ.pop("CONTENT_LENGTH", None)
        if declared:
            environ["CONTENT_LENGTH"] = str(len(body))
        if terminated:
            environ["wsgi.input_terminated"] = True
        req = kind(environ)
        req.max_content_length = limit
        try:
            return req.get_data(cache=True)
        except Exception as error:
            return type(error)

    assert read(ServiceRequest) == read(Request)

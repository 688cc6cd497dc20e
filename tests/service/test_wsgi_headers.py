"""An answer is handed to the WSGI server with its own headers, not with
werkzeug's copy of them: what reaches the client is what werkzeug would
send, for every kind of answer (a 201's Location made a URI, a 204 or a
304 without what they may not carry, a body whose length is still to be
counted)."""
from __future__ import annotations

import pytest
from flask import Response
from hypothesis import given, strategies as st
from werkzeug.urls import iri_to_uri

from service.http.app import ALREADY_A_URI, ServiceResponse

ENVIRON = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/games/x/moves", "SERVER_NAME": "localhost",
           "SERVER_PORT": "80", "wsgi.url_scheme": "http", "HTTP_HOST": "localhost"}


def answers():
    """(name, a function making the answer anew): each is built twice, once for each class."""
    def made(body=b'{"version":2}\n', status=201, **headers):
        def make(cls):
            response = cls(body, status, mimetype="application/json")
            for name, value in headers.items():
                response.headers.add(name.replace("_", "-"), value)
            return response
        return make

    def streamed(cls):
        return cls(iter([b"a", b"b"]), 200, mimetype="text/plain")

    def unsized(cls):
        response = cls(b"four", 200)
        response.headers.remove("Content-Length")
        return response

    return [
        ("a move's answer", made(Cache_Control="private, no-cache", Location="/api/games/g1/log?since=1")),
        ("a Location that is no URI yet", made(Location="/api/games/Zoë's game/log?since=1")),
        ("a Location with a space", made(Location="/api/games/g 1/log?since=1")),
        ("a Location with an empty query", made(Location="/api/games/g1/log?")),
        ("a Location with a fragment", made(Location="/api/games/g1/log#since")),
        ("a Location naming a host", made(Location="//example.org/api/games/g1")),
        ("a Content-Location", made(status=200, Content_Location="/api/games/ö")),
        ("no Content-Length yet", unsized),
        ("a stream", streamed),
        ("204", made(body=b"", status=204)),
        ("304", made(status=304, ETag='"v2-abc"')),
        ("404", made(status=404)),
        ("a redirect", made(status=302, Location="/api/docs/")),
    ]


@pytest.mark.parametrize("make", [make for _, make in answers()], ids=[name for name, _ in answers()])
def test_the_headers_sent_are_werkzeugs(make):
    ours, theirs = make(ServiceResponse), make(Response)
    assert ours.get_wsgi_response(dict(ENVIRON))[1:] == theirs.get_wsgi_response(dict(ENVIRON))[1:]


def test_a_location_added_twice_is_sent_once_as_werkzeug_sends_it():
    def make(cls):
        response = cls(b"{}", 201, mimetype="application/json")
        response.headers.add("Location", "/first")
        response.headers.add("Location", "/sëcond")
        return response
    sent = make(ServiceResponse).get_wsgi_response(dict(ENVIRON))[2]
    assert sent == make(Response).get_wsgi_response(dict(ENVIRON))[2]
    assert [value for name, value in sent if name == "Location"] == ["/s%C3%ABcond"]


def test_the_service_answers_with_its_own_response_class(app, client):
    assert app.response_class is ServiceResponse
    created = client.post("/api/games", json={"game": "willi", "players": ["A", "B", "C", "D"]})
    assert created.status_code == 201 and created.headers["Location"] == f"/api/games/{created.get_json()['id']}"


# Letters and digits, what iri_to_uri never quotes, what it quotes or reads
# as a part of a URL, and what urlsplit strips.
URL_TEXT = st.text(st.sampled_from("aZ09._~-/?=&#%:@+ \t\nöé"), max_size=12)


@given(st.builds(lambda head, rest: head + rest, st.sampled_from(["/", "//", "", "/api/games/g1"]), URL_TEXT))
def test_a_location_sent_as_it_is_is_one_iri_to_uri_gives_back_unchanged(location):
    if ALREADY_A_URI.fullmatch(location):
        assert iri_to_uri(location) == location


def test_the_services_own_locations_are_sent_as_they_are():
    for location in ("/api/games/8d5e2c1a-0b7f-4c53-9a0e-2f1d3c4b5a69", "/api/games/g1/log?since=12",
                     "/api/house-catalogs/c-1"):
        assert ALREADY_A_URI.fullmatch(location)


def sent(response, method="POST"):
    """What the WSGI server is handed and sends: the status, the headers and the body's bytes."""
    app_iter, status, headers = response.get_wsgi_response({**ENVIRON, "REQUEST_METHOD": method})
    try:
        return status, headers, b"".join(app_iter)
    finally:
        getattr(app_iter, "close", lambda: None)()


@pytest.mark.parametrize("method", ["POST", "HEAD"])
@pytest.mark.parametrize("make", [make for _, make in answers()], ids=[name for name, _ in answers()])
def test_the_body_sent_is_werkzeugs(make, method):
    assert sent(make(ServiceResponse), method) == sent(make(Response), method)


def test_a_body_with_something_to_call_as_it_closes_is_closed_by_werkzeug():
    closed = []
    response = ServiceResponse(b"{}", 200, mimetype="application/json")
    response.call_on_close(lambda: closed.append(True))
    assert sent(response)[2] == b"{}" and closed == [True]


def test_a_list_of_bytes_is_handed_on_as_it_is():
    response = ServiceResponse(b"{}", 200, mimetype="application/json")
    assert response.get_app_iter(dict(ENVIRON)) is response.response


def test_werkzeug_keeps_what_to_call_as_a_body_closes_in_a_list():
    """Fails when a werkzeug upgrade keeps ``call_on_close``'s functions elsewhere: ``get_app_iter`` reads them."""
    response = Response(b"{}")
    assert response._on_close == []
    response.call_on_close(print)
    assert response._on_close == [print]

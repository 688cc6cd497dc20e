"""A route found for a path is kept (service.http.routes): the app's
matcher answers every path, method and host as werkzeug's own matcher
does, refuses what it refuses, and hands out values of the request's own;
the map binds to an environ as werkzeug does, once for the same values."""
from __future__ import annotations

import pytest
from werkzeug.routing import Map
from werkzeug.routing.exceptions import NoMatch
from werkzeug.routing.matcher import StateMachineMatcher

from service.http.routes import RouteMap, RouteMemo

GAME = "0b7e4c3a-65f1-4d9e-9a53-2f1c0d6e8a11"
PATHS = ["/api/games", f"/api/games/{GAME}", f"/api/games/{GAME}/moves", f"/api/games/{GAME}/state",
         f"/api/games/{GAME}/seats/Alex/link", "/api/games/import", f"/api/games/{GAME}/export",
         "/api/game-types/willi/move-schema", "/api/health", "/api/nothing-here", "/api/games/", "/",
         f"/g/{GAME}", "/api/docs/assets/swagger-ui.css", "/api/games/import/moves", "/api//games", "/api/games//x"]
METHODS = ["GET", "POST", "DELETE", "PUT", "HEAD", "OPTIONS"]


def werkzeugs(matcher, *args):
    """What werkzeug's own matcher answers (its route and values, or the refusal's class)."""
    try:
        rule, values = StateMachineMatcher.match(matcher, *args)
    except Exception as refusal:       # no route (NoMatch), a slash to add or merge (RequestPath), ...
        return type(refusal)
    return rule, values


def kept(matcher, *args):
    try:
        rule, values = matcher.match(*args)
    except Exception as refusal:
        return type(refusal)
    return rule, values


def test_the_app_matches_with_the_memo(app):
    assert type(app.url_map._matcher) is RouteMemo


@pytest.mark.parametrize("path", PATHS)
def test_every_path_and_method_as_werkzeug_answers_it_twice(app, path):
    matcher = app.url_map._matcher
    for method in METHODS:
        for domain in ("", "localhost"):
            args = (domain, path, method, False)
            expected = werkzeugs(matcher, *args)
            assert kept(matcher, *args) == expected        # found now
            assert kept(matcher, *args) == expected        # found kept


def test_values_are_the_requests_own(app):
    matcher = app.url_map._matcher
    args = ("", f"/api/games/{GAME}/moves", "POST", False)
    _, values = matcher.match(*args)
    values["game_id"] = "changed"
    values["more"] = 1
    assert matcher.match(*args)[1] == {"game_id": GAME}


def test_a_route_added_is_found(app):
    matcher = app.url_map._matcher
    args = ("", "/api/added-later", "GET", False)
    assert kept(matcher, *args) is NoMatch
    app.url_map.add(type(app.url_map._rules[0])("/api/added-later", endpoint="added"))
    app.url_map.update()
    rule, values = matcher.match(*args)
    assert (rule.endpoint, values) == ("added", {})


def test_paths_kept_are_bounded(app, monkeypatch):
    matcher = app.url_map._matcher
    monkeypatch.setattr(RouteMemo, "MOST_KEPT", 8)
    for n in range(50):
        matcher.match("", f"/api/games/{GAME[:-2]}{n:02d}/state", "GET", False)
        assert len(matcher._found) <= 8


ENVIRONS = [{"wsgi.url_scheme": "http", "SERVER_NAME": "localhost", "SERVER_PORT": "80", "SCRIPT_NAME": "",
             "PATH_INFO": f"/api/games/{GAME}/moves", "QUERY_STRING": "", "REQUEST_METHOD": "POST"},
            {"wsgi.url_scheme": "https", "HTTP_HOST": "Tablelog.example:443", "SERVER_NAME": "0.0.0.0",
             "SERVER_PORT": "8443", "SCRIPT_NAME": "/prefix", "PATH_INFO": "/api/games", "QUERY_STRING": "mine=1",
             "REQUEST_METHOD": "GET", "HTTP_CONNECTION": "Upgrade", "HTTP_UPGRADE": "websocket"},
            {"wsgi.url_scheme": "http", "HTTP_HOST": "bücher.example", "SERVER_NAME": "localhost", "SERVER_PORT": "80",
             "PATH_INFO": "/api/h\xc3\xa9", "REQUEST_METHOD": "GET"}]
ADAPTER = ("server_name", "script_name", "subdomain", "url_scheme", "path_info", "default_method", "query_args",
           "websocket")


def adapter_of(adapter):
    return tuple(getattr(adapter, name) for name in ADAPTER)


@pytest.mark.parametrize("environ", ENVIRONS)
def test_an_adapter_is_werkzeugs_for_the_environ_and_kept(app, environ):
    url_map = app.url_map
    expected = adapter_of(Map.bind_to_environ(url_map, dict(environ), subdomain=""))
    first = url_map.bind_to_environ(dict(environ), subdomain="")
    assert adapter_of(first) == expected
    assert url_map.bind_to_environ(dict(environ), subdomain="") is first
    assert adapter_of(url_map.bind_to_environ({**environ, "QUERY_STRING": "other"}, subdomain="")) != expected


class Reads(dict):
    """An environ that notes the names read from it."""

    def __init__(self, *args):
        super().__init__(*args)
        self.read = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)


@pytest.mark.parametrize("environ", ENVIRONS)
def test_werkzeug_binds_from_the_values_the_adapter_is_kept_by(app, environ):
    """Fails when a werkzeug upgrade reads more of the environ to bind: that name belongs in ``BOUND_BY``."""
    env = Reads(environ)
    Map.bind_to_environ(app.url_map, env, subdomain="")
    assert env.read <= set(RouteMap.BOUND_BY)


def test_adapters_kept_are_bounded(app, monkeypatch):
    monkeypatch.setattr(RouteMap, "MOST_BOUND", 8)
    for n in range(50):
        app.url_map.bind_to_environ({**ENVIRONS[0], "PATH_INFO": f"/api/games/{n}/state"}, subdomain="")
        assert len(app.url_map._bound) <= 8


def test_without_a_subdomain_werkzeug_binds_every_time(app):
    url_map = app.url_map
    assert url_map.bind_to_environ(dict(ENVIRONS[0])) is not url_map.bind_to_environ(dict(ENVIRONS[0]))

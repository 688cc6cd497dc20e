"""A route found for a path is kept (service.http.routes): the app's
matcher answers every path, method and host as werkzeug's own matcher
does, refuses what it refuses, and hands out values of the request's own."""
from __future__ import annotations

import pytest
from werkzeug.routing.exceptions import NoMatch
from werkzeug.routing.matcher import StateMachineMatcher

from service.http.routes import RouteMemo

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

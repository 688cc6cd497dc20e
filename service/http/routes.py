"""The app's routes, matched by werkzeug and kept for the paths asked lately.

werkzeug matches each request's path against every route anew: a walk of
its state machine, a regular expression looked up for each part that is a
value (a game's id), the values converted. A route found for a host, a path,
a method (and whether it is a WebSocket) is always the same route with the
same values while no route is added, so the routes found lately are kept
(``RouteMemo``): a move's request matched about 550 of Python's steps, a
kept one takes a dictionary look-up and a copy of its values (the request's
own: Flask hands them to the view, which may change them). What werkzeug
refuses (no route, a method the route does not take, a redirect to add a
slash) is asked of it every time, so it is refused as before."""
from __future__ import annotations

from typing import Any

from werkzeug.routing import Map
from werkzeug.routing.matcher import StateMachineMatcher


class RouteMemo(StateMachineMatcher):
    """werkzeug's matcher, keeping the routes it found lately."""

    MOST_KEPT = 4096
    """Paths kept (each game has a few); all are dropped when more are asked, and found again."""

    def __init__(self, merge_slashes: bool) -> None:
        super().__init__(merge_slashes)
        self._found: dict[tuple[str, str, str, bool], tuple[Any, dict[str, Any]]] = {}

    def add(self, rule: Any) -> None:
        self._found.clear()
        super().add(rule)

    def update(self) -> None:
        self._found.clear()
        super().update()

    def match(self, domain: str, path: str, method: str, websocket: bool) -> tuple[Any, dict[str, Any]]:
        key = (domain, path, method, websocket)
        found = self._found.get(key)
        if found is None:
            found = super().match(domain, path, method, websocket)       # raises what it refuses
            if len(self._found) >= self.MOST_KEPT:
                self._found.clear()
            self._found[key] = found = (found[0], dict(found[1]))
        return found[0], dict(found[1])


class RouteMap(Map):
    """werkzeug's map of the routes, matched by a ``RouteMemo`` (where werkzeug
    matches with its own state machine, as it has since 2.2; else as it does)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        matcher = getattr(self, "_matcher", None)
        if type(matcher) is StateMachineMatcher and not self._rules:
            self._matcher = RouteMemo(matcher.merge_slashes)

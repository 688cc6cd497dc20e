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
slash) is asked of it every time, so it is refused as before.

Before matching, Flask binds the map to each request's environ: werkzeug
reads the host (through the IDNA codec), the scheme, the path and the
query again and makes a new ``MapAdapter`` (about 18 µs a request). An
adapter made from the same values is the same, and nothing changes one
once it is made (Flask matches and builds URLs with it), so ``RouteMap``
keeps the adapters it made lately, by the environ's values werkzeug reads."""
from __future__ import annotations

from typing import Any

from werkzeug.routing import Map, MapAdapter
from werkzeug.routing.matcher import StateMachineMatcher


def kept(memo: dict, most: int, key: Any, value: Any) -> Any:
    """``value`` kept in ``memo`` under ``key``; ``memo`` emptied first when
    it holds ``most`` (what was dropped is worked out again when asked)."""
    if len(memo) >= most:
        memo.clear()
    memo[key] = value
    return value


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
            found = kept(self._found, self.MOST_KEPT, key, (found[0], dict(found[1])))
        return found[0], dict(found[1])


class RouteMap(Map):
    """werkzeug's map of the routes, matched by a ``RouteMemo`` (where werkzeug
    matches with its own state machine, as it has since 2.2; else as it does),
    and bound to an environ once for the same values."""

    BOUND_BY = ("wsgi.url_scheme", "HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "HTTP_CONNECTION", "HTTP_UPGRADE",
                "SCRIPT_NAME", "PATH_INFO", "QUERY_STRING", "REQUEST_METHOD")
    """The environ's values werkzeug's ``bind_to_environ`` reads (the host through ``get_host``)."""
    MOST_BOUND = 4096
    """Adapters kept; all are dropped when more are made, and made again."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._bound: dict[tuple[Any, ...], MapAdapter] = {}
        matcher = getattr(self, "_matcher", None)
        if type(matcher) is StateMachineMatcher and not self._rules:
            self._matcher = RouteMemo(matcher.merge_slashes)

    def bind_to_environ(self, environ: Any, server_name: str | None = None,
                        subdomain: str | None = None) -> MapAdapter:
        """werkzeug's adapter for ``environ``, kept by the values it is made
        from. Without a subdomain werkzeug works one out (and may warn that
        the server name does not match): that is left to it every time."""
        if subdomain is None:
            return super().bind_to_environ(environ, server_name, subdomain)
        env = getattr(environ, "environ", environ)          # a request stands for its environ, as in werkzeug
        key = (server_name, subdomain, *map(env.get, self.BOUND_BY))
        adapter = self._bound.get(key)
        if adapter is None:
            adapter = kept(self._bound, self.MOST_BOUND, key,
                           super().bind_to_environ(environ, server_name, subdomain))    # raises what it refuses
        return adapter

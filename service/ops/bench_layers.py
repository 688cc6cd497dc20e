"""Where a recorded move's time goes inside the service: the framework's
layers around the handler, and the handler's own work.

A second app over the same store records Willi games move by move through
the in-process WSGI call (``WSGIClient``), with each part of the request
timed where it starts and ends: every before-, after- and teardown-request
hook (the rate limiter's apart from the others), webargs' parsing and
checking of the body, the game's work (``Games.record_move``: the rules, the
event, the save), the answer written as JSON, and the rest of the route
(flask-smorest's wrappers, ``@needs``, the answer's words in the caller's
language). What is left of the WSGI call is Flask's and werkzeug's own
dispatch: the request context, routing, the response object and its headers.
The figures are medians per move of the perf counter (a wrapper costs a
fraction of a microsecond), and the process's CPU time per move over all of
them.
"""
from __future__ import annotations

import statistics
import time
from collections import defaultdict
from functools import wraps
from typing import Any, Callable

from flask import Flask
from flask_smorest import Blueprint

from service.http.app import create_app
from service.ops.bench_clients import WSGIClient, load_average

HANDLER = "the handler: rules, event and store (Games.record_move)"
DISPATCH = "Flask and werkzeug: request context, routing, response"
HOOKS = "before/after/teardown hooks (observe, access, caching, i18n, security headers, compression)"
LIMITER = "the limiter (body limit, wrong-token count, Flask-Limiter's headers)"
PARSING = "webargs/marshmallow: parsing and checking the body"
ROUTE = "flask-smorest's wrappers and the route (@needs, the answer's words)"
ANSWER = "the answer written as JSON"
FRAMEWORK = (DISPATCH, HOOKS, LIMITER, PARSING, ROUTE, ANSWER)
"""Every layer but the handler's: the framework's share of a move."""
ENDPOINT = "games.Moves"
LIMITER_MODULES = ("service.http.limits", "flask_limiter", "limits")


def layer_of(hook: Callable) -> str:
    """A hook's layer, by the module that defines it."""
    module = getattr(hook, "__module__", "") or ""
    return LIMITER if module.startswith(LIMITER_MODULES) else HOOKS


class Timings:
    """Seconds per layer, added up for the request under way."""

    def __init__(self) -> None:
        self.current: dict[str, float] = defaultdict(float)

    def timed(self, layer: str, fn: Callable) -> Callable:
        @wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.current[layer] += time.perf_counter() - start
        return run

    def take(self) -> dict[str, float]:
        taken, self.current = self.current, defaultdict(float)
        return taken


def instrument(app: Flask) -> Timings:
    """Every layer of ``app``'s move endpoint timed (the app is the bench's own, used for nothing else)."""
    timings = Timings()
    for funcs in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        for key, hooks in funcs.items():
            funcs[key] = [timings.timed(layer_of(hook), hook) for hook in hooks]
    view = app.view_functions[ENDPOINT]
    app.view_functions[ENDPOINT] = timings.timed(ROUTE, view)
    games = app.extensions["tablelog"]
    games.record_move = timings.timed(HANDLER, games.record_move)
    app.json.answer = timings.timed(ANSWER, app.json.answer)     # Flask's JSON responses are written by it too
    parser = Blueprint.ARGUMENTS_PARSER
    parser.parse = timings.timed(PARSING, parser.parse)
    return timings


def layer_figures(url: str, keyring: Any, games: int, moves_of: Callable[[int], list[dict]],
                  recorder: Callable[[WSGIClient, int], Any]) -> dict[str, Any]:
    """The median seconds per move of each layer over ``games`` recorded games,
    the framework's together, the whole WSGI call's, and the process's CPU time per move."""
    app = create_app(url, keyring=keyring)
    parser = Blueprint.ARGUMENTS_PARSER
    try:
        timings = instrument(app)
        client = WSGIClient(app)
        per_move: list[dict[str, float]] = []
        cpu = 0.0
        for g in range(games):
            moves = moves_of(g)
            rec = recorder(client, g)
            timings.take()
            for move in moves:
                before_cpu, before = time.process_time(), client.served
                rec.post_move(move)
                cpu += time.process_time() - before_cpu
                split = timings.take()
                split["total"] = client.served - before
                split[ROUTE] -= split[HANDLER] + split[PARSING] + split[ANSWER]
                split[DISPATCH] = split["total"] - sum(split[layer] for layer in (HOOKS, LIMITER, ROUTE, HANDLER,
                                                                                  PARSING, ANSWER))
                split["framework"] = split["total"] - split[HANDLER]
                per_move.append(split)
    finally:
        parser.__dict__.pop("parse", None)          # the shared parser as it was
        app.extensions["tablelog"].store.close()
    names = (*FRAMEWORK, "framework", HANDLER, "total")
    return {"median": {name: statistics.median(split.get(name, 0.0) for split in per_move) for name in names},
            "mean": {name: statistics.fmean(split.get(name, 0.0) for split in per_move) for name in names},
            "moves": len(per_move), "cpu": cpu / max(1, len(per_move)), "load": load_average()}


def layer_rows(figures: dict[str, Any]) -> list[tuple]:
    """The bench's rows: each layer's median ÷ the median move; the framework's together."""
    median, total = figures["median"], figures["median"]["total"]
    rows = [("(a) the framework around the handler ÷ the recorded move (in-process)", median["framework"], total,
             None)]
    rows += [(f"    {layer}", median[layer], total, None) for layer in (*FRAMEWORK, HANDLER)]
    return rows


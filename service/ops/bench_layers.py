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
from contextlib import contextmanager, nullcontext
from functools import wraps
from typing import Any, Callable, Iterator

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
        self.parse: Callable | None = None
        """The shared parser's ``parse``, timed (``instrument``)."""

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


def handler_timed(app: Flask) -> Timings:
    """Only ``app``'s handler timed: the framework's share of a move is the
    rest of the WSGI call, without the other layers' wrappers in it."""
    timings = Timings()
    games = app.extensions["tablelog"]
    games.record_move = timings.timed(HANDLER, games.record_move)
    return timings


def instrument(app: Flask) -> Timings:
    """Every layer of ``app``'s move endpoint timed (the app is the bench's own, used for nothing else)."""
    timings = handler_timed(app)
    for funcs in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        for key, hooks in funcs.items():
            funcs[key] = [timings.timed(layer_of(hook), hook) for hook in hooks]
    view = app.view_functions[ENDPOINT]
    app.view_functions[ENDPOINT] = timings.timed(ROUTE, view)
    app.json.answer = timings.timed(ANSWER, app.json.answer)     # Flask's JSON responses are written by it too
    # The parser is every app's (flask-smorest's, shared): timed only while
    # this app's requests run (``parsing``), set on it and taken off again.
    timings.parse = timings.timed(PARSING, Blueprint.ARGUMENTS_PARSER.parse)
    return timings


@contextmanager
def parsing(timings: Timings) -> Iterator[None]:
    """The shared parser timed by ``timings`` (made by ``instrument``) while the block runs."""
    parser = Blueprint.ARGUMENTS_PARSER
    parser.parse = timings.parse
    try:
        yield
    finally:
        parser.__dict__.pop("parse", None)          # the shared parser as it was


def layer_figures(url: str, keyring: Any, games: int, moves_of: Callable[[int], list[dict]],
                  recorder: Callable[[WSGIClient, int], Any]) -> dict[str, Any]:
    """The median seconds per move of each layer over ``games`` recorded games,
    the framework's together, the whole WSGI call's, and the process's CPU time per move.

    Two apps over the store record the same moves by turns: one with every
    layer timed (``median``, ``mean``: the layers, which add up to its whole
    call), and one with only the handler timed (``plain``: the framework's
    share and the whole call without the other layers' wrappers, which cost
    about 44,000 instructions a move, some 10 µs; the figure (a) shows)."""
    apps = {name: create_app(url, keyring=keyring) for name in ("split", "plain")}
    try:
        timings = {"split": instrument(apps["split"]), "plain": handler_timed(apps["plain"])}
        clients = {name: WSGIClient(app) for name, app in apps.items()}
        per_move: dict[str, list[dict[str, float]]] = {"split": [], "plain": []}
        cpu = 0.0
        for g in range(games):
            moves = moves_of(g)
            recs = {name: recorder(client, g) for name, client in clients.items()}
            for name in apps:
                timings[name].take()
            for move in moves:
                for name, rec in recs.items():
                    client = clients[name]
                    before_cpu, before = time.process_time(), client.served
                    with parsing(timings[name]) if name == "split" else nullcontext():
                        rec.post_move(move)
                    if name == "plain":
                        cpu += time.process_time() - before_cpu
                    split = timings[name].take()
                    split["total"] = client.served - before
                    split["framework"] = split["total"] - split[HANDLER]
                    if name == "split":
                        split[ROUTE] -= split[HANDLER] + split[PARSING] + split[ANSWER]
                        split[DISPATCH] = split["total"] - sum(split[layer] for layer in (HOOKS, LIMITER, ROUTE,
                                                                                          HANDLER, PARSING, ANSWER))
                    per_move[name].append(split)
    finally:
        for app in apps.values():
            app.extensions["tablelog"].store.close()
    names = (*FRAMEWORK, "framework", HANDLER, "total")
    split, plain = per_move["split"], per_move["plain"]
    return {"median": {name: statistics.median(each.get(name, 0.0) for each in split) for name in names},
            "mean": {name: statistics.fmean(each.get(name, 0.0) for each in split) for name in names},
            "plain": {name: statistics.median(each[name] for each in plain) for name in ("framework", HANDLER,
                                                                                          "total")},
            "moves": len(split), "cpu": cpu / max(1, len(plain)), "load": load_average()}


def layer_rows(figures: dict[str, Any]) -> list[tuple]:
    """The bench's rows: each layer's median ÷ the median move; the framework's together."""
    plain, median, total = figures["plain"], figures["median"], figures["median"]["total"]
    rows = [("(a) the framework around the handler ÷ the recorded move (in-process)", plain["framework"],
             plain["total"], None)]
    rows += [(f"    {layer}", median[layer], total, None) for layer in (*FRAMEWORK, HANDLER)]
    rows.append(("    reference: the framework with every layer timed (their wrappers in it)", median["framework"],
                 total, None))
    return rows


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
    app.json.response = timings.timed(ANSWER, app.json.response)
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


def run_layers(database: str | None, games: int, rounds: int) -> int:
    """``tablelog bench --layers``: the layers of a recorded move, ``rounds``
    times over ``games`` random Willi games each, on a scratch store (or
    ``database``); each round's figures and the medians over the rounds."""
    import os
    import tempfile

    from rich.table import Table

    from service.ops.bench import Recorder, wide_console, willi_game     # bench imports this module
    from service.ops.bench_clients import machine
    from service.store.database import database_url
    from service.store.keys import ENV_KEY, load_keyring, new_env_key

    url = database_url(database) if database else \
        f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='tablelog-bench-'), 'layers.sqlite3')}"
    keyring = load_keyring(env={ENV_KEY: new_env_key()})[0]
    moves = {g: willi_game(g) for g in range(-1, games)}
    layer_figures(url, keyring, 1, lambda g: moves[-1], lambda client, g: Recorder(client, seed=-1))  # warm-up
    results = [layer_figures(url, keyring, games, moves.__getitem__, lambda client, g: Recorder(client, seed=g))
               for _ in range(max(1, rounds))]
    table = Table(title=f"a recorded move's layers, in-process, on {url.split('://')[0]} — {machine()}; "
                        f"{results[0]['moves']} moves a round, {len(results)} rounds")
    table.add_column("layer")
    table.add_column("median µs a move (rounds' median)")
    table.add_column("share of the move")
    table.add_column("rounds' medians, µs")
    total = statistics.median(r["median"]["total"] for r in results)
    for name in (*FRAMEWORK, "framework", HANDLER, "total"):
        each = [r["median"][name] for r in results]
        table.add_row(name, f"{statistics.median(each) * 1e6:.1f}", f"{statistics.median(each) / total:.1%}",
                      " ".join(f"{v * 1e6:.0f}" for v in each))
    table.add_row("CPU time a move (process)", f"{statistics.median(r['cpu'] for r in results) * 1e6:.1f}", "",
                  " ".join(f"{r['cpu'] * 1e6:.0f}" for r in results))
    wide_console().print(table)
    print("load average at each round's end: " + "; ".join(r["load"] for r in results))
    return 0

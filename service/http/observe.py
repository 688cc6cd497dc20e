"""What an operator sees of each request: its id, one log line, its metrics;
and ``GET /metrics`` for Prometheus.

The request id is the client's ``X-Request-Id`` when it is a plain token
(letters, digits, ``.-_:``, at most 128), else a new one; the answer echoes
it and every log line written while the request is answered carries it.
The log line names the route's template (``/api/games/<game_id>/moves``),
never the path or the query as sent, and no header: a seat's token, a seed
or a hidden card can reach no log.
"""
from __future__ import annotations

import hmac
import logging
import re
import secrets
import time
import uuid
from typing import Any

from flask import Flask, Response, current_app, g, request

from service.telemetry import logs, metrics

log = logging.getLogger("tablelog.request")
HEADER = "X-Request-Id"
HEADER_KEY = "HTTP_X_REQUEST_ID"
"""The same header as the WSGI environ names it (a dictionary look-up, not werkzeug's search of the headers)."""
GIVEN_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
ENV_METRICS_TOKEN = "TABLELOG_METRICS_TOKEN"
ENV_METRICS_TOKEN_FILE = "TABLELOG_METRICS_TOKEN_FILE"
CANONICAL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
"""A game id as ``str(UUID)`` writes it."""
UNMATCHED = "<unmatched>"
"""The route of a request no route took (its path is not logged)."""


def metrics_token() -> str | None:
    """The operator's token for ``/metrics`` (from the environment, or the
    file it names: a compose secret); None: ``/metrics`` is off."""
    return current_app.extensions["tablelog_settings"].metrics_token or None


def game_of(view_args: dict[str, Any] | None) -> str | None:
    """The game a request names, when it names one by a well-formed id."""
    text = (view_args or {}).get("game_id")
    if type(text) is str and CANONICAL_ID.fullmatch(text):
        return text             # already as the log writes it
    try:
        return str(uuid.UUID(str(text))) if text is not None else None
    except ValueError:
        return None


def refusal_code(response: Response) -> str | None:
    """The code of an error answer (``{"error": {"code": …}}``, or a problem
    document's ``code``)."""
    if response.status_code < 400 or not response.is_json:
        return None
    body = response.get_json(silent=True)
    if not isinstance(body, dict):
        return None
    inner = body.get("error")
    code = inner.get("code") if isinstance(inner, dict) else body.get("code")
    return code if isinstance(code, str) and len(code) <= 64 else None


def begin() -> None:
    context = g._get_current_object()      # read once: every read through Flask's proxy looks it up again
    given = request._get_current_object().environ.get(HEADER_KEY, "")
    context.request_id = given if GIVEN_ID.fullmatch(given) else secrets.token_hex(16)
    context.request_token = logs.request_id.set(context.request_id)
    context.request_started = time.perf_counter()


def finish(response: Response) -> Response:
    context, req = g._get_current_object(), request._get_current_object()
    request_id = context.get("request_id") or uuid.uuid4().hex
    response.headers.add(HEADER, request_id)       # its only writer: nothing to look for and replace
    seconds = time.perf_counter() - context.get("request_started", time.perf_counter())
    route = req.url_rule.rule if req.url_rule is not None else UNMATCHED
    status = response.status_code
    code = refusal_code(response)
    metrics.answered(req.method, route, status, seconds, code)
    if not log.isEnabledFor(logging.INFO):
        return response         # no line to write: none is made
    fields: dict[str, Any] = {"method": req.method, "route": route, "status": status,
                              "duration_ms": round(seconds * 1000, 3), "request_id": request_id}
    game = game_of(req.view_args)
    if game:
        fields["game"] = game
    if code:
        fields["code"] = code
    log.info("%s %s %s", req.method, route, status, extra=fields)
    return response


def end(_error: BaseException | None) -> None:
    token = g._get_current_object().pop("request_token", None)
    if token is not None:
        logs.request_id.reset(token)


def serve_metrics() -> Response:
    token = metrics_token()
    if token is None:
        return Response("Not found: /metrics answers when an operator's token is set "
                        f"(${ENV_METRICS_TOKEN} or ${ENV_METRICS_TOKEN_FILE}).\n", 404, mimetype="text/plain")
    sent = request.headers.get("Authorization", "")
    if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
        return Response("The metrics need the operator's token: Authorization: Bearer <token>.\n", 401,
                        {"WWW-Authenticate": 'Bearer realm="metrics"'}, mimetype="text/plain")
    from flask import current_app
    body, content_type = metrics.exposition(current_app.extensions["tablelog"].shard_views)
    return Response(body, 200, {"Cache-Control": "no-store"}, content_type=content_type)


def install(app: Flask) -> None:
    """Before every other hook: the id is there for whatever they log, and
    the line is written with the final answer."""
    app.before_request(begin)
    app.after_request(finish)
    app.teardown_request(end)
    app.add_url_rule("/metrics", "metrics", serve_metrics, methods=["GET"])
    # The metrics (and prometheus_client's import) made now, once per
    # process, rather than by the first request a process answers; by now
    # ``serve --production`` has chosen its multiprocess mode.
    metrics.instruments()

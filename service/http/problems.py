"""Every error the API answers, as RFC 9457 problem details.

``application/problem+json``: ``type`` (``urn:tablelog:problem:<code>``),
``title`` (the same for every problem of its type), ``status``, ``detail``
(the sentence for people, in the caller's language: the answer varies
with ``Accept-Language``), ``instance`` (the path
asked), and the extension members ``code`` (for programs), ``params`` (the
values the English sentence was made from), ``rule`` (a 422: the rule broken)
and ``fields`` (a 400: what does not fit the schema). A 401 names the scheme
(``WWW-Authenticate: Bearer``); a 429 and a 503 say when to come back
(``Retry-After``), and no other answer does.
"""
from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

import orjson
from flask import Request, Response, g, request
from werkzeug.wsgi import get_content_length

from domain.words import N_, Message, said
from service.http import i18n

MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "urn:tablelog:problem:"
RULE_TITLE = "A rule of the game forbids it"
WHEN_TO_RETRY = (429, 503)
"""The only answers a Retry-After means something on."""


def title(status: int, code: str, rule: str | None = None) -> str:
    if status == 422 and rule:
        return RULE_TITLE
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def body(status: int, code: str, detail: str, **extensions: Any) -> dict[str, Any]:
    """The problem's members; ``detail`` (a ``Message`` by id, or English words) said in the caller's language."""
    lang = i18n.request_language()
    return {"type": TYPE_PREFIX + code, "title": title(status, code, extensions.get("rule")), "status": status,
            "detail": i18n.say(detail, lang), "instance": request.path, "code": code,
            "params": detail.plain() if isinstance(detail, Message) else {},
            **{key: value for key, value in extensions.items() if value is not None}}


def problem(status: int, code: str, detail: str, headers: dict[str, str] | None = None,
            **extensions: Any) -> Response:
    """The answer: the problem's body and its headers."""
    members = body(status, code, detail, **extensions)
    try:
        text = orjson.dumps(members, option=orjson.OPT_NON_STR_KEYS)
    except (orjson.JSONEncodeError, TypeError):      # a value past 64 bits among the params: the standard library's JSON
        text = json.dumps(members, ensure_ascii=False, separators=(",", ":")).encode()
    response = Response(text + b"\n", status=status, mimetype=MEDIA_TYPE)
    response.vary.add("Accept-Language")
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="tablelog"'
    response.headers.update(headers or {})
    if "Retry-After" in response.headers:
        g.retry_after = response.headers["Retry-After"]
    return response


def only_where_it_means_something(response: Response) -> Response:
    """Drop the Retry-After the rate limiter adds to every answer of a
    limited endpoint (a 201 too): only a 429 or a 503 asks to retry later,
    and then after the time the problem named (the limiter's own otherwise)."""
    if response.status_code not in WHEN_TO_RETRY:
        if response.headers.getlist("Retry-After"):      # looked for without raising a KeyError
            response.headers.remove("Retry-After")
    elif g.get("retry_after"):
        response.headers["Retry-After"] = g.retry_after
    return response


JSON = "application/json"
BODY_TYPES: dict[str, tuple[str, ...]] = {
    "records.Import": (JSON, "text/plain", "application/x-ndjson", "multipart/form-data"),
}
"""The media types an endpoint's body may have, where other than JSON."""


def refuse_other_media_types(req: Request) -> Response | None:
    """415 for a request body in a type its endpoint does not read (a form
    post to a JSON endpoint), before anything reads it."""
    if not req.path.startswith("/api/") or req.method not in ("POST", "PUT", "PATCH", "DELETE"):
        return None
    # The length from the environ, as werkzeug's request reads it but without its search of the headers.
    if not get_content_length(req.environ) and "chunked" not in req.headers.get("Transfer-Encoding", "").lower():
        return None                      # no body: the endpoint says whether it needs one
    taken = BODY_TYPES.get(req.endpoint or "", (JSON,))
    mimetype = req.mimetype
    if mimetype in taken or (JSON in taken and mimetype.endswith("+json")):
        return None
    sent = mimetype or "no Content-Type"
    return problem(415, "unsupported_media_type",
                   said(N_("This endpoint reads a body of {taken}, not {sent}; nothing was read or recorded."),
                        taken=", ".join(taken), sent=sent),
                   headers={"Accept": ", ".join(taken)})

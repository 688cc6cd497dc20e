"""HTTP's own caching and concurrency on the API.

- A game's reads (its summary, state, log, legal moves) carry an ``ETag``:
  ``"v<version>-<digest>"``, the digest over the answer, the token it was
  asked with and the language, so one seat's view never validates another's.
  ``If-None-Match`` with it answers 304 and no body.
- Every API answer is ``Cache-Control: private, no-cache`` and varies with
  ``Authorization`` and ``Accept-Language``: no shared cache keeps a seat's
  hand, and a browser asks again (cheaply, with the ETag) every time.
- A write may name the version it saw as ``If-Match: "v<version>..."`` (any
  of the reads' ETags) instead of ``expected_version``: another version is
  412 Precondition Failed.
- Every 201 says where to find what it made (``Location``).
- A page watching a game asks for its summary every 0.8 s with the ETag it
  holds: a tag this worker gave for the summary, still at the game's newest
  version (read from the store, as every read is), is answered 304 before
  the summary is made again (``unchanged_summary``), so an idle page costs
  the service one small query.
"""
from __future__ import annotations

import hashlib
import re
from typing import Any

import orjson
from flask import Request, Response, current_app, g, request

from domain.rules import MalformedMove
from service.app.caches import Recent
from service.http import i18n
from service.http.headers import add_known, known

CONDITIONAL_READS = frozenset({"games.GameSummary", "games.State", "games.Log", "games.LegalMoves"})
"""The reads that carry an ETag and answer If-None-Match."""
VERSIONED_WRITES = frozenset({"games.Moves", "games.Undo", "games.Redo", "games.TakeBack", "games.SeatLink",
                              "records.Annotations"})
"""The writes that take expected_version, and so If-Match instead."""
VERSION_TAG = re.compile(r'^\s*(?:W/)?"v(\d+)-')
CACHE_CONTROL = "private, no-cache"
VARY = ("Authorization", "Accept-Language", "Accept-Encoding")
"""What every API answer varies with: the token it was asked with, the
caller's language, and the encodings it takes (which Flask-Compress adds to
every answer after this: named here, it finds it there and adds nothing)."""
VARIES = ", ".join(VARY)
CACHE_CONTROL_HEADER = known(("Cache-Control", CACHE_CONTROL))
VARY_HEADER = known(("Vary", VARIES))
GAME_CREATORS = frozenset({"games.GameList", "records.Import", "records.Fork"})
SUMMARY = "games.GameSummary"
ISSUED_MOST = 4096
"""Summary tags a worker remembers (the newest ones): one for each page watching a game."""
_issued = Recent(ISSUED_MOST)
"""tag -> (game id, the viewer it was made for), the newest tags a worker gave."""


def viewer() -> str:
    """Whose answer it is: the token it was asked with and the language."""
    return "\n".join((request.headers.get("Authorization", ""), request.headers.get("Tablelog-Group", ""),
                      i18n.request_language()))


def etag(response: Response, version: int) -> str:
    digest = hashlib.sha256(response.get_data() + b"\n" + viewer().encode()).hexdigest()[:24]
    return f"v{version}-{digest}"


def remember_summary(tag: str) -> None:
    _issued[tag] = ((request.view_args or {}).get("game_id", ""), viewer())


def unchanged_summary(req: Request) -> Response | None:
    """304 for a summary asked with a tag this worker gave to the same viewer,
    while the game (as the store has it) is still at the tag's version."""
    if req.method != "GET" or req.endpoint != SUMMARY:
        return None
    sent = req.headers.get("If-None-Match", "").strip().removeprefix("W/").strip('"')
    game_id = (req.view_args or {}).get("game_id")
    issued = _issued.get(sent)
    found = VERSION_TAG.match(f'"{sent}')
    if issued != (game_id, viewer()) or found is None:
        return None
    if current_app.extensions["tablelog"].history(game_id).version != int(found.group(1)):
        return None
    response = Response(status=304)
    response.set_etag(sent)
    return response


def game_version(response: Response) -> int | None:
    body = written_answer(response)
    version = body.get("version") if isinstance(body, dict) else None
    if isinstance(version, int):
        return version
    game_id = (request.view_args or {}).get("game_id")
    return current_app.extensions["tablelog"].history(game_id).version if game_id else None


def conditional(response: Response, req: Request, present: set[str]) -> Response:
    """The headers every API answer carries, an ETag on a game's reads, 304
    where the asker has it. ``present``: the names of the headers the answer
    has (lower case), read once by the hook that calls this (an absent
    header is added, not looked for again)."""
    if not req.path.startswith("/api/") or req.path.startswith("/api/docs"):
        return response
    headers = response.headers
    if "cache-control" not in present:
        add_known(headers, CACHE_CONTROL_HEADER)
    if "vary" in present:
        response.vary.update(VARY)
    else:
        add_known(headers, VARY_HEADER)        # the usual case: nothing to read and merge first
    if response.status_code == 201:
        location = created_at(response, req)
        if location:
            if "location" in present:
                headers["Location"] = location
            else:
                headers.add("Location", location)       # nothing to look for and replace
    if req.method == "GET" and response.status_code == 200 and req.endpoint in CONDITIONAL_READS:
        version = game_version(response)
        if version is not None:
            tag = etag(response, version)
            response.set_etag(tag)
            if req.endpoint == SUMMARY:
                remember_summary(tag)
            response.make_conditional(req)
    return response


def written_answer(response: Response) -> Any:
    """The answer ``response`` carries: the one its JSON was written from
    (``written_from``, service.http.app.FastJSONProvider.answer), else read
    back from its JSON (None: no JSON)."""
    kept = getattr(response, "written_from", None)
    if kept is not None:
        return kept
    try:
        return orjson.loads(response.get_data())
    except orjson.JSONDecodeError:
        return None


def created_at(response: Response, req: Request) -> str | None:
    """Where a 201's new thing is: a new game, a stored catalog, or the log entries a write changed."""
    body = written_answer(response)
    if not isinstance(body, dict):
        return None
    endpoint = req.endpoint
    if endpoint in GAME_CREATORS and body.get("id"):
        return f"/api/games/{body['id']}"
    if endpoint == "catalogs.HouseCatalogs" and body.get("id"):
        return f"/api/house-catalogs/{body['id']}"
    game_id = (req.view_args or {}).get("game_id")
    if game_id and isinstance(body.get("version"), int):
        return f"/api/games/{game_id}/log?since={body['version'] - 1}"
    return None


def expected_version(sent: int | None) -> int | None:
    """The version a write expects: ``expected_version`` from its body, or the version ``If-Match`` names
    (then a stale one is 412, see precondition_failed)."""
    header = request._get_current_object().environ.get("HTTP_IF_MATCH")     # not read through the proxy
    if header is None or header.strip() == "*":
        return sent
    found = VERSION_TAG.match(header)
    if found is None:
        raise MalformedMove({"If-Match": ["An entity tag of this API's reads, e.g. \"v12-…\" (or *)."]})
    version = int(found.group(1))
    g.if_match = True
    if sent is not None and sent != version:
        # Two preconditions that cannot both hold: the write cannot happen.
        from service.app.errors import Conflict
        raise Conflict(f"If-Match names version {version}, expected_version {sent}: not both can hold.",
                       "stale_version")
    return version


def precondition_failed(code: str) -> bool:
    """Whether a stale version is answered 412: it was named by If-Match."""
    return code == "stale_version" and bool(g.get("if_match"))


HEADERS: dict[str, dict[str, Any]] = {
    "ETag": {"description": "this answer's entity tag, \"v<version>-<digest>\": send it as If-None-Match to get "
                            "304 while nothing changed, or as If-Match on a write", "schema": {"type": "string"}},
    "Location": {"description": "where the new game, catalog or the log entries the write changed are",
                 "schema": {"type": "string"}},
}
IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"},
                 "description": "an ETag of an earlier answer: 304 and no body when it still holds"}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False,
            "schema": {"type": "string", "pattern": r'^(\*|(W/)?"v[0-9]+-[^"]*")$'},
            "description": "an ETag of a read of this game (\"v<version>-...\"), instead of expected_version: "
                           "the write happens only if the game is still at that version, else 412"}

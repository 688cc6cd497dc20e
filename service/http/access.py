"""What a route needs, declared once: a token, a group member's token, an Idempotency-Key.

``@needs(token=REQUIRED, idempotency_key=True)`` on a view both documents
and enforces: the OpenAPI operation gets its ``security`` and the
``Idempotency-Key`` header parameter from it (service.http.openapi reads the
declaration), a route that requires a token answers 401 without one before
anything is read, and ``bearer()`` and ``idempotency_key()`` give a route only
what it declared: reading an undeclared one is a programming error, so the
document cannot drift from what the route reads.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache, wraps
from typing import Any, Callable
from urllib.parse import urlsplit

from flask import Flask, Request, current_app, g, request
from flask_smorest import Blueprint

from domain.words import N_, said
from service.app.errors import NotFound, Unauthorized
from service.app.groups import LOCAL_MEMBER

REQUIRED, OPTIONAL = "required", "optional"
DECLARATION = "x-tablelog-needs"
"""The operation's doc key the declaration travels under to the document (removed there)."""


@dataclass(frozen=True)
class Needs:
    token: str | None = None              # REQUIRED, OPTIONAL or None
    idempotency_key: bool = False
    member: str | None = None             # REQUIRED, OPTIONAL or None: a group member's token


GROUP_HEADER = "Tablelog-Group"
"""The header a group member's token travels in."""
GROUP_KEY = "HTTP_TABLELOG_GROUP"
"""The same header as the WSGI environ names it."""
LOCAL_ADDRESSES = frozenset({"127.0.0.1", "::1"})
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
FORWARDED = ("X-Forwarded-For", "X-Forwarded-Host", "Forwarded", "X-Real-Ip")
FORWARDED_KEYS = tuple("HTTP_" + name.upper().replace("-", "_") for name in FORWARDED)
"""The same headers as the WSGI environ names them: a dictionary look-up each,
where a look-up in werkzeug's headers compares every header's name."""
LOCAL_GROUP = "tablelog.local_group"
"""The app's extension that says its own machine belongs to the default group (not in production)."""


class Undeclared(AssertionError):
    """A route read a token or a key it does not declare (a bug, never the client's)."""


def needs(token: str | None = None, idempotency_key: bool = False, member: str | None = None) -> Callable:
    """Declare what a view reads: ``token`` (REQUIRED: 401 without one;
    OPTIONAL: read when sent), ``member`` (the same, of a group member's
    token) and whether it honours an Idempotency-Key."""
    declared = Needs(token, idempotency_key, member)

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            g._get_current_object().needs = declared
            if declared.token == REQUIRED and _bearer() is None:
                raise Unauthorized(said(N_("Send the game's scorekeeper token: Authorization: Bearer <token>.")))
            if declared.member == REQUIRED and _membership() is None:
                raise Unauthorized(said(N_("Send a group member's token: {header}: <token>."), header=GROUP_HEADER),
                                   "not_a_member")
            return view(*args, **kwargs)
        wrapper.needs = declared
        # flask-smorest writes the declaration into the operation's doc; its
        # wrapper around the view, one more call a request, is not kept.
        wrapper._apidoc = Blueprint.doc(**{DECLARATION: asdict(declared)})(wrapper)._apidoc
        return wrapper
    return decorator


# Here and below the request and ``g`` are read with their proxy's
# ``_get_current_object()``: any other read through a proxy (``request.environ``)
# looks the context up again, about ten times the cost, and a move reads them
# a dozen times.
def _declared() -> Needs:
    return g._get_current_object().get("needs") or Needs()


def _bearer(environ: dict[str, Any] | None = None) -> str | None:
    """The bearer token of the request (its WSGI ``environ``, default: the current request's)."""
    if environ is None:
        environ = request._get_current_object().environ
    scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def bearer() -> str | None:
    """The request's bearer token, in a route that declared it reads one."""
    if _declared().token is None:
        raise Undeclared(f"{request.endpoint} reads a token it does not declare (@needs(token=...))")
    return _bearer()


def local(req: Request | None = None, app: Flask | None = None) -> bool:
    """Whether the request comes from a browser on the embedded service's own
    machine (see the module's notes); the request and the app default to the
    current ones."""
    # The request and the app read once each: every read through Flask's proxies looks them up again.
    req = request._get_current_object() if req is None else req
    app = current_app._get_current_object() if app is None else app
    if not app.extensions.get(LOCAL_GROUP) or req.remote_addr not in LOCAL_ADDRESSES:
        return False
    if not req.environ.keys().isdisjoint(FORWARDED_KEYS):    # each looked up in C
        return False
    return local_host(req.host)


@lru_cache(maxsize=64)
def local_host(host: str) -> bool:
    """Whether a Host header names this machine (its port aside); a browser sends the same one every time."""
    try:
        return urlsplit("//" + host).hostname in LOCAL_NAMES
    except ValueError:
        return False


def _membership(req: Request | None = None, app: Flask | None = None) -> Any:
    """The group member the request is (service.app.groups.Member), or None;
    401 for a group token that is no member's. The request and the app
    default to the current ones."""
    context = g._get_current_object()
    if "member" not in context:
        req = request._get_current_object() if req is None else req
        app = current_app._get_current_object() if app is None else app
        sent = req.environ.get(GROUP_KEY, "").strip()
        context.member = (app.extensions["tablelog"].member(sent) if sent
                          else LOCAL_MEMBER if local(req, app) else None)
    return context.member


def member() -> Any:
    """The group member the request is, in a route that declared it reads one."""
    if _declared().member is None:
        raise Undeclared(f"{request.endpoint} reads a group token it does not declare (@needs(member=...))")
    return _membership()


def admit_game(req: Request) -> None:
    """A request about one game (its id in the path) goes on only for a member
    of its group, or with one of the game's own tokens or a share of it
    (service.app.groups.Groups.admit): anyone else is answered as for no game."""
    game_id = (req.view_args or {}).get("game_id")
    if game_id is not None and req.path.startswith("/api/games/"):
        app = current_app._get_current_object()
        token = _bearer(req.environ)
        member = _membership(req, app)
        try:
            app.extensions["tablelog"].admit(game_id, token, member)
        except NotFound:
            # A token sent by someone of no group, for a game it does not open
            # or none at all (the same answer): a wrong token (service.http.limits).
            g.token_refused = token is not None and member is None
            raise


def idempotency_key() -> str | None:
    """The request's Idempotency-Key, in a route that declared it honours one."""
    if not _declared().idempotency_key:
        raise Undeclared(f"{request.endpoint} reads an Idempotency-Key it does not declare "
                         "(@needs(idempotency_key=True))")
    return request._get_current_object().environ.get("HTTP_IDEMPOTENCY_KEY") or None

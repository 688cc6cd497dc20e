"""What a route needs, declared once: a token, an Idempotency-Key.

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
from functools import wraps
from typing import Any, Callable

from flask import g, request
from flask_smorest import Blueprint

from domain.words import N_, said

REQUIRED, OPTIONAL = "required", "optional"
DECLARATION = "x-tablelog-needs"
"""The operation's doc key the declaration travels under to the document (removed there)."""


@dataclass(frozen=True)
class Needs:
    token: str | None = None              # REQUIRED, OPTIONAL or None
    idempotency_key: bool = False


class Undeclared(AssertionError):
    """A route read a token or a key it does not declare (a bug, never the client's)."""


def needs(token: str | None = None, idempotency_key: bool = False) -> Callable:
    """Declare what a view reads: ``token`` (REQUIRED: 401 without one;
    OPTIONAL: read when sent) and whether it honours an Idempotency-Key."""
    declared = Needs(token, idempotency_key)

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            g.needs = declared
            if declared.token == REQUIRED and _bearer() is None:
                from service.app.errors import Unauthorized
                raise Unauthorized(said(N_("Send the game's scorekeeper token: Authorization: Bearer <token>.")))
            return view(*args, **kwargs)
        wrapper.needs = declared
        return Blueprint.doc(**{DECLARATION: asdict(declared)})(wrapper)
    return decorator


def _declared() -> Needs:
    return g.get("needs") or Needs()


def _bearer() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def bearer() -> str | None:
    """The request's bearer token, in a route that declared it reads one."""
    if _declared().token is None:
        raise Undeclared(f"{request.endpoint} reads a token it does not declare (@needs(token=...))")
    return _bearer()


def idempotency_key() -> str | None:
    """The request's Idempotency-Key, in a route that declared it honours one."""
    if not _declared().idempotency_key:
        raise Undeclared(f"{request.endpoint} reads an Idempotency-Key it does not declare "
                         "(@needs(idempotency_key=True))")
    return request.headers.get("Idempotency-Key") or None

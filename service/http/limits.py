"""What one request, and one client, may ask of the service.

- Bodies: at most ``BODY_LIMIT`` (1 MiB) for every request to the API but an
  import, which may carry a record of ``IMPORT_LIMIT``; a larger body is 413
  as soon as its ``Content-Length`` says so, before any of it is read.
- Rate limits (Flask-Limiter), per client: starting games (create, import,
  fork) and requests whose token does not belong to the game (a token that
  opens no game, a wrong group token, a wrong or revoked invite). Counters live
  in storage every worker shares: ``TABLELOG_RATE_LIMIT_STORAGE`` (any
  storage URI of the ``limits`` library, e.g. ``redis://host``; ``serve
  --production`` gives its workers a shared SQLite file,
  ``tablelog-sqlite:///path``), else in this process's memory.
- The client is the connection's address; ``X-Forwarded-For`` is read only
  when the connection comes from a proxy named in ``TABLELOG_TRUSTED_PROXIES``
  (comma-separated addresses), and then its last address, the one that proxy
  saw.
"""
from __future__ import annotations

import logging
import math
import sqlite3
import threading
import time
from functools import lru_cache, partial, wraps
from typing import Any, Callable

from flask import Flask, Request, Response, current_app, g, request
from flask_limiter import Limiter
from limits import RateLimitItem, parse
from limits.storage import Storage
from werkzeug.exceptions import TooManyRequests
from werkzeug.wsgi import get_content_length

from domain.words import N_, said

from service.http.problems import WHEN_TO_RETRY, only_where_it_means_something, problem

log = logging.getLogger("tablelog")

BODY_LIMIT = 1024 * 1024
IMPORT_LIMIT = 8 * 1024 * 1024
"""An import carries a whole record: a 5,000-event export is about 3 MB."""
LARGE_BODIES = {"records.Import"}
"""The endpoints whose body may be ``IMPORT_LIMIT`` long."""

START_LIMIT = "120 per minute"
"""New games per client: far above a table's needs, the test suite's and the load benchmark's."""
WRONG_TOKEN_LIMIT = "60 per minute"
"""Requests answered 401/403 per client: a client guessing tokens is slowed to a crawl."""


def body_limit(req: Request) -> int:
    return IMPORT_LIMIT if req.endpoint in LARGE_BODIES else BODY_LIMIT


def refuse_large_body(req: Request) -> Any:
    """413 for a body longer than its endpoint takes, said by its
    Content-Length before a byte of it is read; a body sent without one
    (chunked) is cut off at the limit as it is read."""
    limit = body_limit(req)
    req.max_content_length = limit
    length = get_content_length(req.environ)    # from the environ: werkzeug's request reads it through its headers
    if length is not None and length > limit:
        return too_large(limit)
    return None


def too_large(limit: int) -> Response:
    return problem(413, "too_large", said(N_("The request body is larger than this endpoint takes ({mib} MiB); nothing "
                                         "was read or recorded."), mib=limit // 1024 // 1024),
                   headers={"Connection": "close"})       # the unread rest of the body is not waited for


def client_address(req: Request | None = None, app: Flask | None = None) -> str:
    """The client a request comes from (see the module's notes on proxies);
    the request and the app default to the current ones."""
    req = request._get_current_object() if req is None else req
    remote = req.remote_addr or "?"
    trusted = (app or current_app).extensions["tablelog_settings"].trusted_proxies
    if remote in trusted:
        forwarded = [a.strip() for a in req.headers.get("X-Forwarded-For", "").split(",") if a.strip()]
        if forwarded:
            return forwarded[-1]
    return remote


START_ENDPOINTS = ("games.GameList", "records.Import", "records.Fork", "catalogs.HouseCatalogs")
"""The endpoints that start games (POST): Flask-Limiter counts these."""


@lru_cache(maxsize=16)
def rate(text: str) -> RateLimitItem:
    """A limit as the ``limits`` library reads it ("60 per minute"), parsed once per text."""
    return parse(text)


class WrongTokenLimit:
    """Requests answered 401/403, counted per client with the ``limits``
    library in the limiter's storage: once a client is over, every request
    it sends is 429 until the window ends. Flask-Limiter's own application
    limit does the same, but resolves and filters its limits on every
    request (about a tenth of a recorded move's time); this is one counter
    read before a request and one increment after a refused one."""

    SCOPE = "wrong_token"

    def __init__(self, app: Flask, limiter: Limiter):
        self.app, self.limiter = app, limiter

    def item(self) -> RateLimitItem:
        return rate(self.app.config.get("RATELIMIT_WRONG_TOKEN")
                    or self.app.extensions["tablelog_settings"].rate_limit_wrong_token
                    or WRONG_TOKEN_LIMIT)

    def check(self, req: Request) -> None:
        item = self.item()
        client = client_address(req, self.app)
        try:
            allowed = self.limiter.limiter.test(item, self.SCOPE, client)
        except Exception:       # a limiter that cannot count lets the request through
            log.exception("the rate limit's storage cannot count; request let through")
            return
        if not allowed:
            reset = self.limiter.limiter.get_window_stats(item, self.SCOPE, client).reset_time
            raise TooManyRequests(str(item), retry_after=max(1, math.ceil(reset - time.time())))

    def count(self, response: Response, req: Request) -> Response:
        # A token sent for a game it does not open is answered as for no game
        # (404, service.http.access.admit_game), and counted as a wrong token.
        if response.status_code in (401, 403) or g._get_current_object().get("token_refused"):
            try:
                self.limiter.limiter.hit(self.item(), self.SCOPE, client_address(req, self.app))
            except Exception:
                log.exception("the rate limit's storage cannot count; refusal not counted")
        return response


def only_where_limited(app: Flask, limiter: Limiter, limited: frozenset[str]) -> list[Callable]:
    """Flask-Limiter's hooks after a request (its rate-limit headers, the
    end of its context) run only for the ``limited`` endpoints: the others
    have no limit of Flask-Limiter's, so the hooks would find nothing to do
    there, at a cost on every request. Its hooks after a request are taken
    out of the app's and returned, for ``install_limits``'s own hook to run
    where they apply; its hook at a request's end stays, guarded."""
    def ours(hook: Any) -> bool:
        return getattr(hook, "__self__", None) is limiter or (isinstance(hook, partial) and limiter in hook.args)

    def guarded(hook: Callable) -> Callable:
        @wraps(hook)
        def run(error: Any) -> Any:
            return hook(error) if request._get_current_object().endpoint in limited else None
        return run

    hooks = app.after_request_funcs.get(None, [])
    theirs = [hook for hook in hooks if ours(hook)]
    app.after_request_funcs[None] = [hook for hook in hooks if not ours(hook)]
    hooks = app.teardown_request_funcs.get(None, [])
    app.teardown_request_funcs[None] = [guarded(hook) if ours(hook) else hook for hook in hooks]
    return theirs


def install_limits(app: Flask) -> Limiter:
    """The body cap and the rate limits on ``app``'s API: one hook before a
    request (the body cap, then the wrong-token limit) and one after (the
    wrong-token count, Flask-Limiter's headers where it limits, then
    Retry-After only where it means something)."""
    limiter = Limiter(
        client_address, app=app,
        storage_uri=app.config.get("RATELIMIT_STORAGE_URI") or app.extensions["tablelog_settings"].rate_limit_storage
        or "memory://",
        strategy="fixed-window", headers_enabled=True,
        # The database's trouble is answered as such; a limiter that cannot
        # count lets the request through rather than refuse it.
        swallow_errors=True,
    )
    # Flask-Limiter's limits are the start endpoints' own, checked by their
    # decorators: its check before every request (which would find no
    # limit for any other endpoint, after resolving them all) is left out.
    app.before_request_funcs[None].remove(limiter._check_request_limit)
    limited = frozenset(START_ENDPOINTS)
    theirs = only_where_limited(app, limiter, limited)
    start = limiter.shared_limit(
        lambda: app.config.get("RATELIMIT_START") or app.extensions["tablelog_settings"].rate_limit_start
        or START_LIMIT,
        scope="start", methods=["POST"])
    for endpoint in START_ENDPOINTS:
        if endpoint in app.view_functions:
            app.view_functions[endpoint] = start(app.view_functions[endpoint])
    wrong = WrongTokenLimit(app, limiter)

    @app.before_request
    def limit() -> Any:
        req = request._get_current_object()     # one look-up, not one a step
        answer = refuse_large_body(req)
        if answer is None:
            wrong.check(req)
        return answer

    @app.after_request
    def count(response: Response) -> Response:
        req = request._get_current_object()
        response = wrong.count(response, req)
        if req.endpoint in limited:
            for hook in reversed(theirs):       # in Flask's order: the last registered first
                response = hook(response)
        elif response.status_code not in WHEN_TO_RETRY:
            return response     # no Retry-After to drop: only the limiter's hooks add one to any other answer
        return only_where_it_means_something(response)

    return limiter


class SQLiteStorage(Storage):
    """Fixed-window counters in a SQLite file that every worker on this
    machine opens: ``tablelog-sqlite:///path/to/file``."""

    STORAGE_SCHEME = ["tablelog-sqlite"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any):
        super().__init__(uri, wrap_exceptions, **options)
        self.path = (uri or "").split("://", 1)[1]
        self._local = threading.local()
        with self._connection() as db:
            db.execute("CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER, expires REAL)")

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = sqlite3.connect(self.path, timeout=2, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
        return db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM counters WHERE key = ? AND expires <= ?", (key, now))
            db.execute("INSERT INTO counters VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET count = count + ?",
                       (key, amount, now + expiry, amount))
            (count,) = db.execute("SELECT count FROM counters WHERE key = ?", (key,)).fetchone()
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return count

    def get(self, key: str) -> int:
        row = self._connection().execute("SELECT count FROM counters WHERE key = ? AND expires > ?",
                                         (key, time.time())).fetchone()
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._connection().execute("SELECT expires FROM counters WHERE key = ?", (key,)).fetchone()
        return row[0] if row else time.time()

    def check(self) -> bool:
        try:
            self._connection().execute("SELECT 1")
            return True
        except sqlite3.Error:
            return False

    def reset(self) -> int | None:
        return self._connection().execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        self._connection().execute("DELETE FROM counters WHERE key = ?", (key,))

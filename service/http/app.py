"""The Flask application factory."""
from __future__ import annotations

import encodings.idna  # noqa: F401  werkzeug encodes each request's host name with it: loaded with the app, not by its first request
import io
import logging
import re
import sqlite3
from operator import itemgetter
from typing import Any, Sequence

import orjson
import psycopg
from eventsourcing.persistence import MapperDeserialisationError, PersistenceError
from psycopg_pool import PoolTimeout
from flask import Flask, Request, Response, request, send_from_directory
from flask_compress import Compress
from flask.json.provider import DefaultJSONProvider
from flask.sessions import NullSession, SessionInterface
from werkzeug.datastructures import Headers
from werkzeug.exceptions import ClientDisconnected, HTTPException
from werkzeug.urls import iri_to_uri
from werkzeug.utils import cached_property
from werkzeug.wsgi import get_content_length

from domain.rules import MalformedMove, RuleViolation
from domain.words import N_, said
from service.http import caching, observe, problems
from service.http.access import LOCAL_GROUP, admit_game
from service.http.headers import add_known, known
from service.app.games import Games
from service.settings import Settings, load
from service.app.errors import ServiceError
from service.store.keys import Keyring
from service.http.limits import install_limits
from service.http.openapi import TablelogApi
from service.http.routes import RouteMap
from service.store.failures import WriteConflict, cannot_write
from service.store.shards import Shards, open_shards
from service.store.database import Tablelog

log = logging.getLogger("tablelog")
RETRY_AFTER = 2
"""Seconds a client is asked to wait after a 503 (the database away)."""


SCHEMA = said(N_("The request does not fit the schema."))
HTTP_WORDS = {404: said(N_("There is nothing at this address: GET /api/docs lists the API.")),
              413: said(N_("The request body is larger than this endpoint takes; nothing was read or recorded."))}
"""The service's own words for the answers werkzeug gives in English (its description of a 404 or a 413)."""


def error(status: int, code: str, message: str, **extra: Any):
    """An error answer: problem details (service.http.problems)."""
    return problems.problem(status, code, message, **extra)


class FastJSONProvider(DefaultJSONProvider):
    """Flask's JSON answers written by orjson (about a fifth of the time the
    standard library takes for a game's state), with Flask's own conversions
    for what orjson leaves to it (dates as HTTP dates, dataclasses, UUIDs).
    An answer with a key that is not text (a number) is written again with
    orjson's ``OPT_NON_STR_KEYS``, which writes such keys as the standard
    library does but takes orjson's slower way through every dict (about
    three quarters more instructions for a move's answer), so it is asked
    only of such an answer. Anything orjson refuses (an integer beyond 64
    bits) falls back to the standard library, so the answer is the same JSON
    either way."""

    OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
    NON_STR_KEYS = OPTIONS | orjson.OPT_NON_STR_KEYS

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:
            return super().dumps(obj, **kwargs)
        return self._bytes(obj).decode()

    def _bytes(self, obj: Any) -> bytes:
        for option in (self.OPTIONS, self.NON_STR_KEYS):
            try:
                return orjson.dumps(obj, default=self.default, option=option)
            except (orjson.JSONEncodeError, TypeError):
                continue        # a key that is not text, or what orjson cannot write: the next way
        return super().dumps(obj, separators=(",", ":")).encode()

    def response(self, *args: Any, **kwargs: Any):
        return self.answer(self._prepare_response_obj(args, kwargs))

    def answer(self, obj: Any, status: int = 200, headers: dict[str, str] | None = None):
        """``obj`` as a JSON response with its status and further headers
        (added after its own, each once: a response built once, not changed
        after), which keeps ``obj`` (``ServiceResponse.written_from``)."""
        if self._app.debug:
            response = super().response(obj)
            response.status_code = status
        else:
            response = self._app.response_class(self._bytes(obj) + b"\n", status, mimetype=self.mimetype)
        for name, value in (headers or {}).items():
            response.headers.add(name, value)
        response.written_from = obj
        return response


ALREADY_A_URI = re.compile(r"/(?!/)[A-Za-z0-9._~/-]*(?:\?[A-Za-z0-9._~/=&-]+)?")
"""A path (and a query) that ``iri_to_uri`` gives back as it is: ASCII
letters, digits, ``._~-`` and ``/`` (never quoted), a query of them and
``=&``; not ``//`` first (a host), no empty query (dropped), no space (quoted)."""


class ServiceResponse(Response):
    """Flask's response, handed to the WSGI server with its own headers.
    werkzeug's ``get_wsgi_headers`` copies them first, checking every value
    again, so that one response object could be sent more than once (a
    recorded move's answer has eleven headers: the copy was about 7 % of
    the framework's instructions for it); the service makes every response
    for its one request. What werkzeug changes on the way
    is changed here too: a Location made a URI (unless it is one already,
    as the service's are: about 2 µs each); any other case it corrects
    (an answer outside 2xx, or 204, a Content-Location, a body whose
    Content-Length is still to be counted) is left to werkzeug."""

    written_from: Any = None
    """The answer a JSON body was written from (``FastJSONProvider.answer``):
    what the headers made from the answer (a 201's Location) read, rather
    than the JSON read back."""

    def get_wsgi_headers(self, environ: Any) -> Headers:
        status = self.status_code
        if status < 200 or status >= 300 or status == 204 or self.autocorrect_location_header:
            return super().get_wsgi_headers(environ)
        headers = self.headers
        # Each name (lower case) to its last value, as werkzeug reads them; made in C, not by a Python step a header.
        found = dict(zip(map(str.lower, map(itemgetter(0), headers)), map(itemgetter(1), headers)))
        if "content-location" in found:
            return super().get_wsgi_headers(environ)
        if "content-length" not in found and self.automatically_set_content_length and self.is_sequence:
            return super().get_wsgi_headers(environ)
        location = found.get("location")
        if location is not None and not ALREADY_A_URI.fullmatch(location):
            headers["Location"] = iri_to_uri(location)
        return headers

    def get_app_iter(self, environ: Any) -> Any:
        """The body as written, when it is a list of bytes with nothing to
        call as it closes: werkzeug wraps any body in a generator encoding
        its parts and an iterator calling ``close`` at the end, which here
        would hand on the same bytes and close nothing (a list has no
        ``close``, no function asked to be called). A body werkzeug leaves
        out (HEAD, 1xx, 204, 304), one passed through directly, a stream and
        a body with text in it are left to werkzeug."""
        body, status = self.response, self.status_code
        if (type(body) is list and getattr(self, "_on_close", None) == [] and not self.direct_passthrough
                and 200 <= status and status not in (204, 304) and environ["REQUEST_METHOD"] != "HEAD"
                and all(map(bytes.__instancecheck__, body))):
            return body
        return super().get_app_iter(environ)


class ServiceRequest(Request):
    """Flask's request, whose body of a known length within the limit is
    read in one call of the WSGI server's stream. werkzeug's ``stream``
    wraps it in a ``LimitedStream``, whose reads go through Python a step at
    a time (about 12 µs for a move's body, the largest single cost before
    the route), for the same bytes: exactly ``Content-Length`` of them, and
    ``ClientDisconnected`` (400) where they end early; from a server that
    ends the stream itself (``wsgi.input_terminated``, as waitress does) the
    bytes there are, as werkzeug reads them (it reads such a stream to its
    end, which that server puts at the body's). A body with no length
    (chunked), over the limit (413) or under a limit of 0 is left to werkzeug."""

    @cached_property
    def stream(self) -> Any:
        environ = self.environ
        length = get_content_length(environ)
        limit = self.max_content_length
        if self.shallow or length is None or (limit is not None and (length > limit or limit == 0)):
            return super().stream
        try:
            data = environ["wsgi.input"].read(length)
        except (OSError, ValueError):
            raise ClientDisconnected() from None
        if len(data) < length and "wsgi.input_terminated" not in environ:
            raise ClientDisconnected()
        return io.BytesIO(data)


class NoSessions(SessionInterface):
    """The service keeps no session: no cookie is read or set (a caller is
    known by its tokens). Every request gets the one null session, as Flask
    gives one without a secret key (writing to it is an error), without
    making one anew and reading the configuration for a key each time."""

    NULL = NullSession()

    def open_session(self, app: Flask, request: Any) -> NullSession:
        return self.NULL

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        """Not called: Flask saves no null session."""


class Service(Flask):
    """Flask, asking once per function whether it is a coroutine: Flask asks
    ``ensure_sync`` of every hook and view on every request (about twenty
    a request here, each an inspection of the function's code flags), and
    the answer for a function never changes. Bound methods are asked of
    their function, so a view made per request adds nothing to keep."""

    request_class = ServiceRequest
    response_class = ServiceResponse
    session_interface = NoSessions()
    url_map_class = RouteMap

    MOST_KEPT = 1024
    """Functions whose answer is kept (the app's hooks and views are far fewer)."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._synchronous: dict[Any, bool] = {}

    def ensure_sync(self, func: Any) -> Any:
        try:
            if self._synchronous[getattr(func, "__func__", func)]:
                return func
        except (KeyError, TypeError):
            return self._asked(func)
        return super().ensure_sync(func)

    def _asked(self, func: Any) -> Any:
        """Flask's answer for ``func``, kept (by its function) for the next time."""
        converted = super().ensure_sync(func)
        if len(self._synchronous) < self.MOST_KEPT:
            try:
                self._synchronous[getattr(func, "__func__", func)] = converted is func
            except TypeError:           # an unhashable callable: asked every time
                pass
        return converted


def create_app(database: str | None = None, store: Tablelog | Shards | None = None,
               keyring: Keyring | None | str = "configured", shards: Sequence[str] | None = None,
               settings: Settings | None = None, local_group: bool = True) -> Flask:
    """The service over ``store`` (one store, or the shards), or over the
    database at ``database`` (default: ``TABLELOG_DATABASE_URL``, else
    ``sqlite:///tablelog.sqlite3``) and the shards ``TABLELOG_SHARDS`` adds
    to it, with ``keyring`` (default: the key configured for this user, see
    service.store.keys). ``local_group``: the embedded service, whose own
    machine is its default group's owner (service.http.access); production
    serves groups only."""
    app = Service(__name__)
    app.extensions[LOCAL_GROUP] = local_group
    settings = settings or load()            # read and checked once, then handed to whatever needs one
    app.extensions["tablelog_settings"] = settings
    app.json = FastJSONProvider(app)
    app.config.update(
        API_TITLE="tablelog",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL="/api/docs/assets/",
        JSON_SORT_KEYS=False,
        COMPRESS_MIN_SIZE=1024,
        COMPRESS_STREAMS=False,          # an export is streamed as it is read: sent as it comes
        COMPRESS_MIMETYPES=["application/json", "application/problem+json", "text/html", "text/css",
                            "text/javascript", "application/javascript", "image/svg+xml", "text/plain"],
        COMPRESS_REGISTER=False,         # called by the app's own hook after a request (``answer``)
    )
    app.json.sort_keys = False
    observe.install(app)
    app.extensions["tablelog"] = Games(store or open_shards(database or settings.database_url,
                                                            settings.shards if shards is None else shards), keyring)
    api = TablelogApi(app)

    from service.http.api import blp
    from service.http.catalogs import blp as catalogs_blp
    from service.http.records import blp as records_blp
    from service.http.groups import blp as groups_blp
    api.register_blueprint(blp)
    api.register_blueprint(records_blp)
    api.register_blueprint(catalogs_blp)
    api.register_blueprint(groups_blp)
    install_limits(app)
    register_errors(app)
    compress = Compress(app)
    app.before_request(receive)

    @app.after_request
    def answer(response):
        """The caching headers, then compression (answers above
        COMPRESS_MIN_SIZE, as the client accepts: a compressed answer's ETag
        names its encoding), then the security headers."""
        req = request._get_current_object()     # one look-up, not one a step
        present = {name.lower() for name, _ in response.headers}    # neither step adds another's
        caching.conditional(response, req, present)
        if not left_as_it_is(response, req, app.config["COMPRESS_MIN_SIZE"]):
            response = compress.after_request(response)
        return security_headers(response, req, present)

    @app.get("/api/docs/assets/<path:filename>")
    def docs_assets(filename: str):
        """Swagger UI, served from the installed package: no internet needed."""
        import swagger_ui_bundle
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)

    from service.http.web import web
    app.register_blueprint(web)
    return app


NO_ENCODING = ("", "identity")
"""``Accept-Encoding`` values that accept no encoding (Flask-Compress chooses none for them)."""


def left_as_it_is(response: Response, req: Any, min_size: int) -> bool:
    """Whether Flask-Compress would leave ``response`` to ``req`` as it is:
    it varies with ``Accept-Encoding`` already (all Flask-Compress would
    add), and the client accepts no encoding (it names none, or only
    ``identity``, as Python's http.client does) or the body is known to be
    smaller than ``COMPRESS_MIN_SIZE`` (``min_size``). Every API answer
    varies so (service.http.caching): not asking saves reading the request's
    Accept-Encoding again and choosing an encoding for it."""
    if "accept-encoding" not in (response.headers.get("Vary") or "").lower():
        return False
    if req.environ.get("HTTP_ACCEPT_ENCODING", "") in NO_ENCODING:
        return True
    length = response.content_length
    return length is not None and length < min_size


NUL_ESCAPE = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
"""A NUL written as JSON escapes it (backslash u0000), unless that backslash is itself escaped."""


def receive() -> Any:
    """The app's checks before a request, in this order (the first answer
    given is the request's): a NUL anywhere, a body of a type its endpoint
    does not read, a game the caller may not open, a summary the caller
    already holds. The request is looked up once for all of them."""
    req = request._get_current_object()
    for check in CHECKS:
        answer = check(req)
        if answer is not None:
            return answer
    return None


def refuse_nul(req: Any) -> Any:
    """A NUL character anywhere in a request to the API is refused before
    anything reads it: PostgreSQL's text columns (the game list, the
    players' views) cannot hold one, so a name with a NUL would be stored in
    the events and then break every later read of the views."""
    environ = req.environ
    if not environ.get("PATH_INFO", "").startswith("/api/"):
        return None
    # the path, the query and every header, in one pass (picked out in C, not by a Python step a value)
    text = "".join(filter(str.__instancecheck__, environ.values()))
    found = "\x00" in text or "%00" in environ.get("QUERY_STRING", "")
    if not found and environ.get("REQUEST_METHOD") in ("POST", "PUT", "PATCH"):
        data = req.get_data(cache=True)
        found = b"\x00" in data or (b"u0000" in data and NUL_ESCAPE.search(data) is not None)
    if found and req.endpoint == "records.Import":     # a file of the documented form: not a record
        return error(422, "not_a_record", "The record holds a NUL character (\\u0000); no record can keep one.",
                     fields={"record": ["A record holds no NUL character."]})
    if found:
        return error(400, "malformed", "The request holds a NUL character (\\u0000); no record can keep one.")
    return None


CHECKS = (refuse_nul, problems.refuse_other_media_types, admit_game, caching.unchanged_summary)
"""``receive``'s checks, in order."""


PAGE_POLICY = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
               "form-action 'self'; frame-ancestors 'none'")
"""The scorekeeper's page loads only its own scripts, styles and images
(no inline script), and no other site may frame it."""
SECURITY_HEADERS = known(("Content-Security-Policy", PAGE_POLICY), ("X-Content-Type-Options", "nosniff"),
                         ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"))
"""Every answer's, the policy first: the docs page's answers have all but it."""


def security_headers(response, req, present: set[str]):
    """Every answer: no content sniffing, no referrer sent on, no framing;
    the page and the API also a Content-Security-Policy (Swagger UI's docs
    page, which runs an inline script, keeps only the others); the API's
    answers vary with the caller's language. ``present``: the names of the
    answer's headers, lower case."""
    docs = req.path.startswith("/api/docs")
    # one look at the headers, not one per header
    add_known(response.headers, [pair for pair in SECURITY_HEADERS[docs:] if pair[0].lower() not in present])
    if docs:
        # Refusals, the state and the catalogs speak the caller's language:
        # a cache must not hand one caller's German answer to another (the
        # API's other answers are told so with their caching headers,
        # service.http.caching.conditional).
        response.vary.add("Accept-Language")
    return response


def keep_retry_after(response):
    """A 503 says when to try again itself (``RETRY_AFTER``): the rate
    limiter's Retry-After (its window's reset) is for its own 429s."""
    if response.status_code == 503:
        response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def register_errors(app: Flask) -> None:
    app.after_request_funcs.setdefault(None, []).insert(0, keep_retry_after)     # the last to run

    @app.errorhandler(RuleViolation)
    def rule_violation(e: RuleViolation):
        return error(422, e.code, e.message, rule=e.rule)

    @app.errorhandler(MalformedMove)
    def malformed(e: MalformedMove):
        return error(400, "malformed", SCHEMA, fields=e.messages)

    @app.errorhandler(ServiceError)
    def service_error(e: ServiceError):
        extra = {k: v for k, v in e.to_json().items() if k not in ("code", "message")}
        retry = {"headers": {"Retry-After": str(RETRY_AFTER)}} if e.status == 503 else {}
        if caching.precondition_failed(e.code):
            return error(412, "precondition_failed", e.message, **extra)
        return error(e.status, e.code, e.message, **retry, **extra)

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        messages = getattr(e, "data", {}).get("messages") if hasattr(e, "data") else None
        code = {400: "malformed", 404: "not_found", 405: "method_not_allowed", 413: "too_large",
                429: "rate_limited"}.get(e.code, "http_error")
        if messages:
            return error(e.code or 400, code, SCHEMA, fields=messages)
        if e.code == 405:
            return error(405, code, e.description or e.name,
                         headers={"Allow": dict(e.get_headers()).get("Allow", "")})
        if e.code == 429:
            retry_after = dict(e.get_headers()).get("Retry-After")
            return error(429, code, said(N_("Too many requests from your address (at most {limit}); try again after "
                                            "the seconds Retry-After says."), limit=e.description),
                         headers={"Retry-After": retry_after} if retry_after else {})
        return error(e.code or 500, code, HTTP_WORDS.get(e.code) or e.description or e.name)

    # Input no reader can take, wherever a request's text is read (the API's
    # bodies are refused as they are parsed, see service.http.api.BodyParser; a
    # record sent to import is read later): a 400, and nothing recorded,
    # because both are raised before anything is saved.
    @app.errorhandler(RecursionError)
    def too_deep(e: RecursionError):
        log.warning("request nested too deep: %s", e)
        return error(400, "malformed", said(N_("The request is nested too deeply to read.")))

    @app.errorhandler(UnicodeEncodeError)
    def not_unicode(e: UnicodeEncodeError):
        log.warning("request text is no Unicode: %s", e)
        return error(400, "malformed", "The request holds text that is no valid Unicode (a lone surrogate "
                                       "such as \\ud800); send UTF-8 text.")

    # The database cannot write (a server that is down or restarting, a
    # pool with no connection to give, a connection an administrator ended,
    # a read-only database, a full disk, SQLite's file locked by another
    # writer past its lock timeout, a write that lost every race: see
    # service.store.failures): 503 with Retry-After, fast. A write whose
    # commit was cut off may or may not be stored: sent again under its
    # Idempotency-Key it is recorded once either way. Any other database
    # error is the program's own: 500.
    @app.errorhandler(PersistenceError)
    @app.errorhandler(PoolTimeout)
    @app.errorhandler(psycopg.Error)
    @app.errorhandler(sqlite3.Error)
    @app.errorhandler(WriteConflict)
    @app.errorhandler(OSError)
    def database_away(e: Exception):
        if not cannot_write(e):
            return unexpected(e)
        log.warning("database unavailable: %s", str(e).strip().splitlines()[0] if str(e).strip() else repr(e))
        return error(503, "database_unavailable", "The database cannot record anything just now; "
                     "nothing new was recorded that a retry with the same Idempotency-Key would "
                     "record twice. Try again in a few seconds.", headers={"Retry-After": str(RETRY_AFTER)})

    @app.errorhandler(MapperDeserialisationError)
    def damaged(e: MapperDeserialisationError):
        # Not bad input: the stored record itself was changed outside tablelog.
        found = re.search(r"originator_id '([^']+)' and originator_version (\d+)", str(e))
        game, version = found.groups() if found else ("?", "?")
        log.warning("damaged record: %s", e)
        return error(500, "damaged_record",
                     f"Game {game}'s stored record cannot be read from event {version} on: it was changed "
                     f"outside tablelog. GET /api/games/{game}/audit and `tablelog replay verify {game}` "
                     "name the damage; nothing was recorded.", game=game, version=version)

    @app.errorhandler(Exception)
    def unexpected(e: Exception):
        log.exception("unexpected error")
        return error(500, "internal", "Something went wrong inside tablelog; nothing was recorded.")

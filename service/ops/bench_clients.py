"""What the benchmark measures with: stock eventsourcing's save as the
baseline (and the project's own fastest save beside it), the service
in-process (WSGI) and over real HTTP, per-call timing, and the machine and
its load average printed with every figure."""
from __future__ import annotations

import http.client
import io
import json
import os
import platform
import re
import socket
import statistics
import threading
import time
from typing import Any, Callable

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from service.store.database import Tablelog, persistence_env


class Counter(Aggregate):
    """The baseline: an aggregate whose every command is one small event."""

    @event("Created")
    def __init__(self) -> None:
        self.count = 0

    @event("Counted")
    def count_one(self) -> None:
        self.count += 1


class BaselineApp(Tablelog):
    """The project's own fastest save: its application with its insert
    function (PostgreSQL) and its group commit, and none of a game's work."""
    name = "benchbaseline"
    snapshotting_intervals = {}
    env = {}


class StockApp(Application):
    """Stock eventsourcing: a plain ``Application`` with the persistence its
    documentation gives (``PERSISTENCE_MODULE`` and the database's name,
    host, port, user and password), nothing of the project's."""
    name = "benchstock"


STOCK_SETTINGS = ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_PORT",
                  "POSTGRES_USER", "POSTGRES_PASSWORD")
"""The settings stock eventsourcing's documentation names for its SQLite and PostgreSQL persistence."""


def stock_env(url: str) -> dict[str, str]:
    """The documented settings of eventsourcing's own persistence for ``url`` (the project's tuning left out)."""
    env = persistence_env(url)
    return {key: env[key] for key in STOCK_SETTINGS if key in env}


def machine() -> str:
    """The machine a figure was measured on."""
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def load_average() -> str:
    """The load average now (1, 5, 15 minutes): printed with every figure, the machine being shared."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def served_per_call(client: "WSGIClient", fn: Callable[[], object], repeat: int) -> float:
    """The median time the service spent on the requests of one ``fn()``."""
    times = []
    for _ in range(repeat):
        before = client.served
        fn()
        times.append(client.served - before)
    return statistics.median(times)


def per_call(fn: Callable[[], object], repeat: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """The median seconds of ``fn`` over ``repeat`` calls, on ``clock``
    (``time.process_time``: this process's CPU time, which other work on a
    shared machine moves far less than the wall clock)."""
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return statistics.median(times)


class RawSaver:
    """The baseline: one ``save()`` of one small event, on the same store as
    the games: stock eventsourcing's (``stock``), else the project's own
    application's."""

    def __init__(self, url: str, stock: bool = True):
        self.app = StockApp(env=stock_env(url)) if stock else BaselineApp(env=persistence_env(url))
        self.counter = Counter()
        self.app.save(self.counter)

    def save_one(self) -> None:
        self.counter.count_one()
        self.app.save(self.counter)

    def timed(self) -> float:
        start = time.perf_counter()
        self.save_one()
        return time.perf_counter() - start

    def close(self) -> None:
        self.app.close()


def raw_save_time(url: str, repeat: int, stock: bool = True) -> float:
    """The median raw save in a loop of its own (warm: nothing runs between)."""
    saver = RawSaver(url, stock)
    result = per_call(saver.save_one, repeat)
    saver.close()
    return result


class WSGIClient:
    """HTTP requests handed to the Flask app as a WSGI server (gunicorn) hands
    them over: an environ in, status and body out. ``served`` adds up the
    time from each WSGI call to the last byte of its answer: the service's own
    time. Building the request and reading the answer are the
    client's (Werkzeug's test client adds about 0.15 ms a request here)."""

    def __init__(self, app):
        self.app = app
        self.served = 0.0

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict[str, str] | None = None, raw: bool = False) -> tuple[int, Any]:
        path, _, query = path.partition("?")
        data = json.dumps(body).encode() if body is not None else b""
        environ = {
            "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query, "SCRIPT_NAME": "",
            "SERVER_NAME": "localhost", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data),
            "wsgi.errors": io.StringIO(), "wsgi.multithread": True, "wsgi.multiprocess": False,
            "wsgi.run_once": False, "wsgi.version": (1, 0),
            "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data)),
        }
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        status: list[str] = []
        start = time.perf_counter()
        chunks = self.app(environ, lambda line, _headers, _exc=None: status.append(line))
        try:
            payload = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        self.served += time.perf_counter() - start
        return int(status[0].split()[0]), payload if raw else json.loads(payload)


class HTTPClient:
    """The same requests over real HTTP: the app served by waitress (as each
    ``serve --production`` worker serves it, with its threads) on a loopback
    port in this process, and one kept-alive connection to it. ``served``
    adds up the time from sending each request to receiving the last byte of
    its answer: the service's time with the HTTP layer's (the socket, the
    server's parsing and its threads).

    Inside that time the client does no more than a browser's network
    thread: it writes the request at once (its head and a small body in one
    write, as browsers do) and receives bytes until the answer's
    ``Content-Length`` is in. Building the request and parsing the answer
    are the client's, done outside it: the answer is read by Python's own
    ``http.client`` once it is all in, and must end where its length said.
    With ``stdlib=True`` the client is ``http.client`` itself, inside the
    time (it sends the head and the body in two writes and parses the head
    with the email package: about 0.09 ms a request on the bench's machine),
    for the bench's reference row. ``alongside``: another client whose
    server this one sends to (one server for both)."""

    def __init__(self, app, stdlib: bool = False, alongside: "HTTPClient | None" = None):
        from service.ops.serving import waitress_server
        self.app = app
        self.served = 0.0
        self.owns_server = alongside is None
        if alongside is None:
            self.server = waitress_server(app, host="127.0.0.1", port=0)
            self.thread = threading.Thread(target=self.server.run, name="bench-waitress", daemon=True)
            self.thread.start()
        else:
            self.server = alongside.server
        self.connection = http.client.HTTPConnection("127.0.0.1", self.server.effective_port, timeout=30) \
            if stdlib else None
        self.socket: socket.socket | None = None

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict[str, str] | None = None, raw: bool = False) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else b""
        sent = {"Content-Type": "application/json", "Content-Length": str(len(data)), **(headers or {})}
        if self.connection is not None:
            start = time.perf_counter()
            self.connection.request(method, path, data, sent)
            response = self.connection.getresponse()
            payload = response.read()
            self.served += time.perf_counter() - start
            return response.status, payload if raw else json.loads(payload)
        head = "".join(f"{name}: {value}\r\n" for name, value in {"Host": "127.0.0.1", **sent}.items())
        written = f"{method} {path} HTTP/1.1\r\n{head}\r\n".encode("latin-1") + data
        if self.socket is None:
            self.socket = socket.create_connection(("127.0.0.1", self.server.effective_port), timeout=30)
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        start = time.perf_counter()
        self.socket.sendall(written)
        received = received_answer(self.socket)
        self.served += time.perf_counter() - start
        if CONNECTION_CLOSE.search(received, 0, received.index(b"\r\n\r\n") + 2):
            self.socket.close()         # the server ends the connection: the next request opens another
            self.socket = None
        status, payload = read_answer(received, method)
        return status, payload if raw else json.loads(payload)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
        if self.socket is not None:
            self.socket.close()
        if self.owns_server:
            # Every socket of the server (its channels, its listening socket,
            # its trigger) closed by its own loop thread, between two of its
            # selects; the loop then ends, its map empty. (Closed from this
            # thread, a channel still open meanwhile leaves the loop
            # selecting on closed descriptors.)
            from waitress import wasyncore
            self.server.trigger.pull_trigger(lambda: wasyncore.close_all(self.server._map))
            self.thread.join(timeout=5)
            self.server.task_dispatcher.shutdown(timeout=5)


CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)", re.IGNORECASE)
CONNECTION_CLOSE = re.compile(rb"\r\nconnection:[ \t]*close[ \t]*\r\n", re.IGNORECASE)


def received_answer(sock: socket.socket) -> bytes:
    """The bytes of one answer on a kept-alive connection: its head, then as
    many bytes as its ``Content-Length`` says (every answer of the service
    has one; an answer without one is refused here, not guessed at)."""
    data = sock.recv(65536)
    while b"\r\n\r\n" not in data:
        data += more(sock)
    ends = data.index(b"\r\n\r\n") + 4
    length = CONTENT_LENGTH.search(data, 0, ends)
    if length is None:
        raise AssertionError(f"an answer without Content-Length: {data[:ends]!r}")
    whole = ends + int(length.group(1))
    while len(data) < whole:
        data += more(sock)
    if len(data) != whole:
        raise AssertionError(f"{len(data) - whole} bytes after the answer's Content-Length")
    return data


def more(sock: socket.socket) -> bytes:
    data = sock.recv(65536)
    if not data:
        raise ConnectionError("the server closed the connection in the middle of an answer")
    return data


class _Received:
    """An answer's bytes, handed to ``http.client.HTTPResponse`` as its socket."""

    def __init__(self, data: bytes):
        self.data = data

    def makefile(self, mode: str) -> io.BytesIO:
        return io.BytesIO(self.data)


def read_answer(data: bytes, method: str) -> tuple[int, bytes]:
    """(status, body) of an answer's bytes, read by ``http.client``, which
    must find its end where the bytes end."""
    response = http.client.HTTPResponse(_Received(data), method=method)
    response.begin()
    payload = response.read()
    if response.fp is not None and response.fp.read():
        raise AssertionError("bytes after the answer")
    return response.status, payload


class Absolute:
    """A target on the measured figure itself (not on its ratio to the baseline)."""

    def __init__(self, most: float, text: str):
        self.most, self.text = most, text


PAGE_READS = ("log?since={since}", "timeline?since={since}", "legal-moves")
"""What the scorekeeper's page asks for after a tap, holding the game at
version ``since`` (service/http/static/game.js ``refresh``; an e2e test checks
that the page asks for exactly these). The state after the move comes in the
move's answer; after an undo, whose answer has none, the page reads
``state?since={since}`` as well."""

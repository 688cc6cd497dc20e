"""What ``tablelog serve --production`` starts survives slow clients: with 24
connections sending headers or body a piece every 3 s, the health probes
still answer (2 workers x 4 threads, no thread held by a slow client). These
are liveness bounds, not measures of speed."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import closing

import pytest


def free_port() -> int:
    with closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def production(tmp_path):
    """``tablelog serve --production`` with two workers on a SQLite file."""
    port = free_port()
    log = open(tmp_path / "serve.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "service.ops.cli", "serve", "--production", "--workers", "2", "--port", str(port),
         "--database", f"sqlite:///{tmp_path / 'served.sqlite3'}"], stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if probe(url):
                break
        except OSError:
            time.sleep(0.2)
    else:
        process.terminate()
        pytest.fail((tmp_path / "serve.log").read_text())
    yield url
    process.terminate()
    process.wait(timeout=20)
    log.close()


def probe(url: str, timeout: float = 3) -> bool:
    with urllib.request.urlopen(f"{url}/api/health", timeout=timeout) as answer:
        return answer.status == 200 and json.load(answer)["ok"] is True


def trickle(port: int, pieces: list[bytes], every: float, stop: threading.Event) -> None:
    """A client that sends its request a piece at a time."""
    with closing(socket.create_connection(("127.0.0.1", port))) as conn:
        for piece in pieces:
            if stop.wait(every):
                return
            try:
                conn.sendall(piece)
            except OSError:
                return


@pytest.mark.slow       # clients that send a piece every few seconds
def test_slow_clients_leave_the_service_answering(production):
    port = int(production.rsplit(":", 1)[1])
    headers = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n"
    slow_headers = [headers[i:i + 4] for i in range(0, len(headers), 4)]
    slow_body = [headers] + [b"{" + b" " * 3] * 14
    stop = threading.Event()
    clients = [threading.Thread(target=trickle, args=(port, slow_headers if i % 2 else slow_body, 1.0, stop))
               for i in range(24)]
    for client in clients:
        client.start()
    time.sleep(2)                                  # every slow client has started sending
    answered = []
    for _ in range(8):
        try:
            answered.append(probe(production))
        except OSError:
            answered.append(False)
        time.sleep(0.5)
    stop.set()
    for client in clients:
        client.join()
    assert answered == [True] * 8

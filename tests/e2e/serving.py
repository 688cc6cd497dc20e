"""The service at http://127.0.0.1:<free port>/ in a background thread."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from werkzeug.serving import WSGIRequestHandler, make_server

from service.http.app import create_app


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args) -> None:
        """Hundreds of requests per test: errors still show, requests do not."""


@contextmanager
def serving(database: Path) -> Iterator[str]:
    """The service over a fresh SQLite file, by its address, until the block ends."""
    app = create_app(f"sqlite:///{database}")
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join()
        app.extensions["tablelog"].store.close()

"""``tablelog serve --production``: gunicorn's master keeps the workers
running (restarts one that dies, stops them on SIGTERM), and each worker
serves with waitress.

Why waitress inside the workers: gunicorn's own threaded worker reads a
request in the thread that will run it, so a client sending its headers or
body a piece at a time holds a thread; a few dozen slow clients hold them
all and the service stops answering. Waitress reads every request whole in
one I/O loop (a buffer per connection, no thread) and gives a thread only a
complete request, so slow clients cost memory, bounded by the limits below,
not the service's attention.

The views' runner is a child of the master (``tablelog views``), never a
worker's thread: the master starts it with the workers, starts it again
when it ends, and stops it when the server stops.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any, Sequence

from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter
from gunicorn.workers.base import Worker

from service.telemetry import logs, metrics
from service.store import heads
from service.settings import Settings
from service.http.limits import IMPORT_LIMIT

THREADS = 4
"""Threads per worker that run complete requests."""
CONNECTIONS = 1000
"""Open connections one worker keeps (waitress refuses more until some close)."""
IDLE_TIMEOUT = 30
"""Seconds a connection may send nothing before waitress closes it."""
VIEWS_RESTART = 1.0
"""Seconds the master waits before it starts again a views' runner that ended."""
VIEWS_STOP = 10.0
"""Seconds the master gives its views' runner to stop before it kills it."""


def waitress_server(app: Any, threads: int = THREADS, **where: Any) -> Any:
    """Waitress serving ``app`` as each worker serves it (its limits, its
    threads), on ``where``: the worker's listening sockets, or a host and
    port (the benchmark's, which so measures what production runs). A
    proxy's headers reach the app as they came: the app itself trusts only
    the proxies ``TABLELOG_TRUSTED_PROXIES`` names (service.http.limits)."""
    from waitress.server import create_server
    return create_server(app, **where, threads=threads, connection_limit=CONNECTIONS, channel_timeout=IDLE_TIMEOUT,
                         max_request_body_size=IMPORT_LIMIT, max_request_header_size=64 * 1024, ident="tablelog",
                         clear_untrusted_proxy_headers=False)


class WaitressWorker(Worker):
    """A gunicorn worker that serves its share of the listening sockets with waitress."""

    def run(self) -> None:
        server = waitress_server(self.wsgi, self.cfg.threads, sockets=[listener.sock for listener in self.sockets])
        loop = threading.Thread(target=server.run, name="waitress", daemon=True)
        loop.start()
        # Tell the master this worker is alive, until it asks the worker to
        # stop (or dies itself); waitress serves meanwhile.
        while self.alive and loop.is_alive() and self.ppid == os.getppid():
            self.notify()
            loop.join(timeout=min(1.0, self.timeout / 4))
        server.task_dispatcher.shutdown(timeout=self.cfg.graceful_timeout)


class ViewsChild:
    """``tablelog views`` as a child of the master, with the master's settings."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.process: subprocess.Popen | None = None
        self.ended_at: float | None = None

    def keep(self, log: Any) -> None:
        """Start the runner, or start it again a moment after it ended."""
        if self.process is not None:
            # The master reaps every child (gunicorn's waitpid(-1)): an ended
            # runner's status may be gone, Popen then reports it ended.
            if self.process.poll() is None:
                return
            log.warning("the views' runner (pid %s) ended; starting it again", self.process.pid)
            self.process, self.ended_at = None, time.monotonic()
        if self.ended_at is not None and time.monotonic() - self.ended_at < VIEWS_RESTART:
            return
        env = dict(os.environ, TABLELOG_DATABASE_URL=self.settings.database_url,
                   TABLELOG_SHARDS=",".join(self.settings.shards), TABLELOG_LOG_LEVEL=self.settings.log_level,
                   TABLELOG_LOG_FORMAT=self.settings.log_format)
        self.process = subprocess.Popen([sys.executable, "-m", "service.ops.cli", "views", "--stop-with-parent"],
                                        env=env, stdin=subprocess.DEVNULL)
        log.info("started the views' runner (pid %s)", self.process.pid)

    def ask_to_stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()        # it ends its batch and lets the lock go

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(VIEWS_STOP)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Master(Arbiter):
    """gunicorn's master, which also keeps the views' runner (when there is one to keep)."""

    def __init__(self, app: "Production"):
        self.views = ViewsChild(app.settings) if app.views else None
        super().__init__(app)

    def manage_workers(self) -> None:
        # Called at the start and about once a second after (gunicorn's main loop).
        super().manage_workers()
        if self.views is not None:
            self.views.keep(self.log)

    def stop(self, graceful: bool = True) -> None:
        views, self.views = self.views, None        # stopped once, and never started again
        if views is not None:
            views.ask_to_stop()          # beside the workers, not after them
        try:
            super().stop(graceful)
        finally:
            if views is not None:
                views.stop()


class Production(BaseApplication):
    def __init__(self, database: str | None, shards: Sequence[str], host: str, port: int, workers: int,
                 settings: Settings, views: bool = True):
        self.database, self.shards, self.host, self.port, self.workers = database, shards, host, port, workers
        self.settings, self.views = settings, views
        super().__init__()

    def run(self) -> None:
        try:
            Master(self).run()
        except RuntimeError as error:        # as gunicorn's own run says a start it refused
            print(f"\nError: {error}\n", file=sys.stderr, flush=True)
            sys.exit(1)

    def load_config(self) -> None:
        self.cfg.set("bind", f"{self.host}:{self.port}")
        self.cfg.set("workers", self.workers)
        self.cfg.set("threads", THREADS)
        self.cfg.set("worker_class", f"{__name__}.WaitressWorker")
        # The request lines are the application's (service.http.observe):
        # gunicorn's access log would stay empty under waitress workers.
        self.cfg.set("logconfig_dict", logs.config(self.settings.log_format, self.settings.log_level))
        self.cfg.set("child_exit", child_exit)
        self.cfg.set("graceful_timeout", 10)
        # gunicorn's control socket (one path per user, $HOME/.gunicorn) is
        # not used: every server on the machine would share it, and stopping
        # it holds the master's shutdown for seconds.
        self.cfg.set("control_socket_disable", True)

    def load(self) -> Any:
        from service.http.app import create_app
        # No views' runner here: the master's child runs it (or tablelog views, elsewhere).
        return create_app(self.database, shards=self.shards, settings=self.settings, local_group=False)


def child_exit(server: Any, worker: Worker) -> None:
    metrics.worker_exited(worker.pid)


def serve_production(settings: Settings, host: str, port: int, workers: int, views: bool = True) -> int:
    """``serve --production``: gunicorn's workers, each made with ``settings`` (read at the command's
    start), and the views' runner beside them unless ``views`` is false."""
    # Before any worker counts anything: the workers' metrics, summed at each scrape.
    metrics.prepare_multiprocess()
    if not settings.rate_limit_storage:
        # The workers count requests for the rate limits in one file.
        scratch = tempfile.mkdtemp(prefix="tablelog-limits-")
        storage = f"tablelog-sqlite:///{os.path.join(scratch, 'limits.sqlite3')}"
        settings = settings.model_copy(update={"rate_limit_storage": storage})
    # The workers, forked from this process, share the games' newest versions.
    heads.share()
    Production(settings.database_url, settings.shards, host, port, workers, settings, views).run()
    return 0

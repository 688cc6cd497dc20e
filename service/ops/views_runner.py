"""``tablelog views``: the views' runner in a process of its own, beside the
servers that answer requests (``serve --production`` starts one as a child
of its master; compose runs it as a service of its own).

It keeps each database's game list and players' rows up to date while it
holds that database's views lock (one process at a time; a second
``tablelog views`` waits as a standby and takes over when the first ends).
SIGTERM or SIGINT stops it: the batch under way is finished, the lock let go.
"""
from __future__ import annotations

import logging
import os
import signal
import threading
from pathlib import Path

from service.settings import Settings
from service.telemetry import logs

log = logging.getLogger("tablelog.views")

HEARTBEAT = 5.0
"""Seconds between two writes of the health file, and between two checks that the parent still runs."""


def run_views(settings: Settings, health_file: str | None = None, stop_with_parent: bool = False) -> int:
    """Runs the views of ``settings``' databases until SIGTERM or SIGINT (or,
    with ``stop_with_parent``, until the process that started it ends)."""
    from service.app.games import Games
    from service.store.shards import open_shards
    logs.configure(settings.log_format, settings.log_level)
    parent = os.getppid()
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    shards = open_shards(settings.database_url, settings.shards)
    games = Games(shards, keyring=None)      # the views need no key: they trust the stored chain
    every = games.shard_views
    health = Path(health_file) if health_file else None
    log.info("the views' runner started (process %s, %s database%s)", os.getpid(), len(every),
             "" if len(every) == 1 else "s")
    games.views.start()
    try:
        while True:
            if health is not None:
                _say_health(health, [views.failing for views in every if views.failing])
            if stop.wait(HEARTBEAT):
                break
            if stop_with_parent and os.getppid() != parent:
                log.warning("the process that started the views' runner ended; the runner stops too")
                break
    finally:
        games.views.stop()          # the batch under way ends, the lock goes
        if health is not None:
            health.unlink(missing_ok=True)
        shards.close()
        log.info("the views' runner stopped")
    return 0


def _say_health(path: Path, failing: list[str]) -> None:
    """The health file is there, freshly written, while the runner works
    (running the views or standing by for the process that runs them) and
    did not fail its last try; a container's health check reads its age."""
    try:
        if failing:
            path.unlink(missing_ok=True)
        else:
            path.write_text("ok\n", encoding="utf-8")
    except OSError:
        log.warning("the health file %s cannot be written", path, exc_info=True)

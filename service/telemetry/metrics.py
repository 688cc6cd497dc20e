"""The service's Prometheus metrics (served at ``/metrics``, see
service.http.observe).

prometheus_client is imported on first use (as the app is made,
service.http.observe), not with this module: it chooses between one
process's counters and its multiprocess mode (every gunicorn worker writing
its own files in ``PROMETHEUS_MULTIPROC_DIR``, one scrape adding them up) as
it is imported, and ``serve --production`` sets that folder before its
workers make their apps.

Labels are bounded: a route's template (never its path), a status, a
refusal's code, a game's kind (``willi``), never a game id or a name.
"""
from __future__ import annotations

import functools
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

ENV_MULTIPROC = "PROMETHEUS_MULTIPROC_DIR"
STORE_CODES = frozenset({"database_unavailable", "damaged_record"})
"""Refusal codes whose cause is the store, not the request."""
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
BATCH_BUCKETS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128)


@dataclass(frozen=True)
class Instruments:
    requests: Any
    latency: Any
    moves: Any
    refusals: Any
    store_errors: Any
    unavailable: Any
    batches: Any


_MAKING = threading.Lock()


def instruments() -> Instruments:
    """The metrics, made once per process: a worker's first requests come on
    several threads at once, and a metric registered twice is an error."""
    with _MAKING:
        return _instruments()


@functools.cache
def _instruments() -> Instruments:
    from prometheus_client import Counter, Histogram
    meters = Instruments(
        requests=Counter("tablelog_requests", "Requests answered, by method, route template and status.",
                         ["method", "route", "status"]),
        latency=Histogram("tablelog_request_duration_seconds", "Seconds from reading a request to its answer, "
                          "by method and route template.", ["method", "route"], buckets=LATENCY_BUCKETS),
        moves=Counter("tablelog_moves_recorded", "Moves recorded (saved), by game.", ["game"]),
        refusals=Counter("tablelog_refusals", "Answers of 400 and above, by the refusal's code.", ["code"]),
        store_errors=Counter("tablelog_store_errors", "Answers whose cause was the store (database away, "
                             "damaged record), by code.", ["code"]),
        unavailable=Counter("tablelog_unavailable_answers", "503 answers (the database did not answer)."),
        batches=Histogram("tablelog_group_commit_batch_size", "Saves committed in one transaction by the group "
                          "commit.", buckets=BATCH_BUCKETS),
    )
    for code in sorted(STORE_CODES):       # shown at 0 before the first one, so an alert has a series
        meters.store_errors.labels(code)
    return meters


def answered(method: str, route: str, status: int, seconds: float, code: str | None) -> None:
    """One answered request (``code``: its refusal's code, for 400 and above)."""
    count, latency = request_meters(method, route, status)
    count.inc()
    latency.observe(seconds)
    if status < 400:
        return
    meters = instruments()
    meters.refusals.labels(code or str(status)).inc()
    if code in STORE_CODES:
        meters.store_errors.labels(code).inc()
    if status == 503:
        meters.unavailable.inc()


@functools.lru_cache(maxsize=1024)
def request_meters(method: str, route: str, status: int) -> tuple[Any, Any]:
    """The request counter and the latency histogram of one method, route and
    status, looked up once (prometheus_client's ``labels`` takes a lock and
    checks the labels on every call; its own advice is to keep the child)."""
    meters = instruments()
    return meters.requests.labels(method, route, str(status)), meters.latency.labels(method, route)


def moves_recorded(game: str, count: int) -> None:
    if count:
        moves_meter(game).inc(count)


@functools.lru_cache(maxsize=256)
def moves_meter(game: str) -> Any:
    """The moves counter of one game, looked up once (see ``request_meters``)."""
    return instruments().moves.labels(game)


def batch_committed(size: int) -> None:
    batches_meter().observe(size)


@functools.cache
def batches_meter() -> Any:
    """The group commit's histogram, looked up once (every save asks, and ``instruments`` takes a lock)."""
    return instruments().batches


class ViewsLag:
    """A collector asked at each scrape: how many events each shard's views
    (the game list, the players' tables) have still to process."""

    def __init__(self, shard_views: Iterable[Any]):
        self.shard_views = list(shard_views)

    def collect(self):
        from prometheus_client.core import GaugeMetricFamily
        lag = GaugeMetricFamily("tablelog_views_lag_events", "Events stored but not yet in the views, by shard.",
                                labels=["shard"])
        for number, views in enumerate(self.shard_views):
            try:
                lag.add_metric([str(number)], views.pending())
            except Exception:        # the database away: no figure rather than no scrape
                continue
        yield lag


def exposition(shard_views: Iterable[Any]) -> tuple[bytes, str]:
    """The text a scrape answers: every worker's counters (multiprocess mode)
    or this process's, and the views' lag read now."""
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
    instruments()
    if os.environ.get(ENV_MULTIPROC):
        counted = CollectorRegistry()
        multiprocess.MultiProcessCollector(counted)
    else:
        counted = REGISTRY
    now = CollectorRegistry()
    now.register(ViewsLag(shard_views))
    return generate_latest(counted) + generate_latest(now), CONTENT_TYPE_LATEST


def prepare_multiprocess() -> str:
    """The folder the workers' metric files go to: ``$PROMETHEUS_MULTIPROC_DIR``
    emptied of a previous run's files, else a new one (set in the environment
    the workers inherit)."""
    folder = os.environ.get(ENV_MULTIPROC)
    if folder:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        for stale in path.glob("*.db"):
            stale.unlink()
    else:
        folder = tempfile.mkdtemp(prefix="tablelog-metrics-")
        os.environ[ENV_MULTIPROC] = folder
    return folder


def worker_exited(pid: int) -> None:
    """gunicorn's ``child_exit``: a dead worker's live gauges leave the sum."""
    if os.environ.get(ENV_MULTIPROC):
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(pid)

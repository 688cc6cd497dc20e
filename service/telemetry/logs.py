"""The service's logs: one JSON object a line on standard error, set up once
through ``logging.config.dictConfig`` (the development server and
``serve --production``'s master and workers alike).

Every line written while a request is answered carries that request's id
(``X-Request-Id``, see service.http.observe): a filter on the handler reads
it from a context variable, so a warning logged deep in the store is found
with the request that caused it. ``TABLELOG_LOG_FORMAT=text`` writes the same
lines as plain text for a person at a terminal (never colour codes);
``TABLELOG_LOG_LEVEL`` sets the level (default INFO).
"""
from __future__ import annotations

import contextvars
import logging
import logging.config
from typing import Any

ENV_FORMAT = "TABLELOG_LOG_FORMAT"
ENV_LEVEL = "TABLELOG_LOG_LEVEL"
FORMATS = ("json", "text")

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("tablelog_request_id", default=None)
"""The id of the request this thread answers now (None between requests)."""


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.get() or "-"
        return True


def config(fmt: str | None = None, level: str | None = None) -> dict[str, Any]:
    """The ``dictConfig`` of the service's logging (also handed to gunicorn,
    whose own loggers then write the same lines)."""
    from service.settings import load
    settings = load() if fmt is None or level is None else None     # checked there: a bad value is refused
    fmt = (fmt or settings.log_format).lower()
    if fmt not in FORMATS:
        raise ValueError(f"${ENV_FORMAT} is json or text, not {fmt!r}")
    level = (level or settings.log_level).upper()
    if not isinstance(logging.getLevelName(level), int):
        raise ValueError(f"${ENV_LEVEL} is a logging level (DEBUG, INFO, WARNING, ERROR), not {level!r}")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {
            "json": {"()": "pythonjsonlogger.json.JsonFormatter",
                     "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                     "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
                     "json_ensure_ascii": False},
            "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        },
        "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                                "formatter": fmt, "filters": ["request_id"]}},
        "loggers": {
            "tablelog": {"level": level, "handlers": ["stderr"], "propagate": False},
            # gunicorn's master and worker messages, in the same form
            "gunicorn.error": {"level": level, "handlers": ["stderr"], "propagate": False},
            # the request lines are tablelog.request's: gunicorn's (which
            # waitress workers never write) and werkzeug's (coloured) stay off
            "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
            "werkzeug": {"level": "WARNING", "handlers": ["stderr"], "propagate": False},
            "waitress": {"level": "WARNING", "handlers": ["stderr"], "propagate": False},
        },
        "root": {"level": "WARNING", "handlers": ["stderr"]},
    }


def configure(fmt: str | None = None, level: str | None = None) -> dict[str, Any]:
    """Sets the service's logging up (once per process start) and returns the configuration."""
    settings = config(fmt, level)
    logging.config.dictConfig(settings)
    return settings

"""How the ``tablelog`` command talks: results on standard output (text, or
JSON with ``--json``), progress and errors on standard error. Progress bars
only when standard error is a terminal, so a pipe or a log file gets the
results alone; every error is one line ``tablelog: …`` and a non-zero exit.
Its sentences are said in the reader's language (``--lang``, else the
environment's ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``, as
gettext reads them), by id from the service's catalog: a rule's refusal,
or a sentence of the command's own marked ``N_``."""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Mapping

from rich.console import Console
from rich.progress import Progress

from service.http import i18n

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a command finds its reader's language, first found first (gettext's order)."""
spoken = {"language": i18n.DEFAULT}
"""The language this run of the command speaks (``main`` sets it once)."""


def reader_language(asked: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """``--lang`` if given, else the first language variable that is set
    ("de_AT.UTF-8" is German; ``LANGUAGE`` may list several, "fr:de"):
    the first of those the service speaks, English otherwise."""
    if asked:
        return i18n.language([(asked, 1)])
    for name in LANGUAGE_VARIABLES:
        value = environ.get(name, "")
        if value:
            tags = [tag.split(".")[0] for tag in value.split(":") if tag and tag.split(".")[0] not in ("C", "POSIX")]
            return i18n.language([(tag, 1) for tag in tags])
    return i18n.DEFAULT


def said(text: Any) -> Any:
    """``text`` in the reader's language (a ``Message`` by its id)."""
    return i18n.say(text, spoken["language"])


class Failure(Exception):
    """A command that cannot do what was asked: said as ``tablelog: <message>``, exit ``status``."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.message, self.status = message, status


def fail(message: str, status: int = 1) -> int:
    print(f"tablelog: {said(message)}", file=sys.stderr)
    return status


def progress(transient: bool = True) -> Progress:
    """A progress display on standard error, shown only at a terminal."""
    console = Console(stderr=True)
    return Progress(console=console, transient=transient, disable=not console.is_terminal)


def say(text: str) -> None:
    """A note on what the command is doing (standard error: not part of its result)."""
    print(f"tablelog: {said(text)}", file=sys.stderr, flush=True)


def print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False, default=str))


class Stages(Progress):
    """Progress through named stages: bars at a terminal, else one line on
    standard error as each stage begins (a long run piped or logged still
    says what it does)."""

    def add_task(self, description: str, *args: Any, **kwargs: Any):  # type: ignore[override]
        if self.disable:
            say(description)
        return super().add_task(description, *args, **kwargs)


def stages() -> Stages:
    console = Console(stderr=True)
    return Stages(console=console, transient=True, disable=not console.is_terminal)


def shown(url: str) -> str:
    """A database URL as it may be printed: its password starred out."""
    from urllib.parse import urlparse
    parts = urlparse(url)
    if not parts.password:
        return url
    return parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)).geturl()

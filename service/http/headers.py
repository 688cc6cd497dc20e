"""Headers every answer carries, checked once rather than on every answer.

werkzeug checks each header value as it is added (it scans the whole value
for a newline, which would split the header): for the service's own
constant headers (the page policy, caching, the security headers: about a
third of an answer's hook) that is the same scan of the same text on every
answer. ``known`` checks them as werkzeug would, once, as they are made;
``add_known`` adds them to an answer's headers as werkzeug keeps them (its
list of pairs, in order), and adds them one by one with werkzeug's own
check where its headers are not kept so."""
from __future__ import annotations

from typing import Iterable

from werkzeug.datastructures import Headers


def known(*pairs: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    """``pairs`` of (name, value), refused as werkzeug refuses a value with a newline."""
    for name, value in pairs:
        Headers().add(name, value)            # werkzeug's own check, once
    return pairs


def add_known(headers: Headers, pairs: Iterable[tuple[str, str]]) -> None:
    """Add ``pairs`` (made by ``known``) to ``headers`` after those it has."""
    kept = getattr(headers, "_list", None)
    if type(headers) is Headers and type(kept) is list:
        kept.extend(pairs)
    else:
        for name, value in pairs:
            headers.add(name, value)

"""Reading a game's stored events fast: the log, the export, a cold start
and an old retry's answer read them page by page.

eventsourcing's mapper decodes each event's JSON with a Python hook called
for every object in it (the moves, the outcomes): 60 % of reading an event.
A game's event holds one transcoded value, its timestamp, and the domain's
sentences (service/store/sentences.py), so here orjson decodes the state,
the timestamp is made a datetime again and the sentences ``Message`` again. Any
event that holds more (another transcoded value, an upcast class version,
a number orjson cannot hold exactly)
or a store that compresses or encrypts goes through the mapper as before,
and so does one that no longer decodes (its error names the event).
"""
from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any, Iterator
from uuid import UUID

import orjson
from eventsourcing.utils import resolve_topic

from service.store.sentences import read_back

TIMESTAMP = b'"timestamp":{"_type_":"datetime_iso","_data_":'
SENTENCES = (b'"_type_":"message"', b'"_type_":"listing"')
DIGIT_MAP = bytes(ord("1") if chr(b).isdigit() and b < 128 else ord("0") for b in range(256))
LONG_NUMBER = b"1" * 19
"""Digits an integer past 64 bits may have (a digital game's 128-bit seed):
orjson would read it as a float, json reads it exactly. Looked for in the
stored bytes with every digit mapped to 1 (a C translate and a substring
search: a sixth of a regular expression's time, which was most of a read)."""


def long_number(state: bytes) -> bool:
    """Whether ``state`` holds a run of 19 digits or more."""
    return LONG_NUMBER in state.translate(DIGIT_MAP)


@lru_cache(maxsize=64)
def event_class(topic: str) -> type | None:
    """The class of a topic, if its events decode without upcasting."""
    cls = resolve_topic(topic)
    return cls if getattr(cls, "class_version", 1) == 1 else None


def decoded(mapper: Any, stored: Any) -> Any:
    """The domain event of one stored event, as ``mapper.to_domain_event`` makes it."""
    state, cls = stored.state, event_class(stored.topic)
    sentences = sum(state.count(kind) for kind in SENTENCES)
    if cls is None or state.count(b'"_type_"') != 1 + sentences or TIMESTAMP not in state or long_number(state) \
            or mapper.cipher is not None or mapper.compressor is not None:
        return mapper.to_domain_event(stored)
    try:
        fields = orjson.loads(state)
    except orjson.JSONDecodeError:
        return mapper.to_domain_event(stored)      # a damaged record: the mapper's error names the event
    if "class_version" in fields:
        return mapper.to_domain_event(stored)
    if sentences:
        fields = read_back(fields)
    fields["timestamp"] = datetime.fromisoformat(fields["timestamp"]["_data_"])
    originator = stored.originator_id
    fields["originator_id"] = originator if isinstance(originator, UUID) else UUID(str(originator))
    fields["originator_version"] = stored.originator_version
    event = object.__new__(cls)
    object.__setattr__(event, "__dict__", fields)
    return event


def stored_events(store: Any, gid: UUID, after: int, upto: int | None, page: int) -> Iterator[Any]:
    """A game's events after version ``after`` up to ``upto`` (None: to the end), ``page`` at a time."""
    mapper, recorder = store.mapper, store.recorder
    while upto is None or after < upto:
        batch = recorder.select_events(gid, gt=after, lte=upto, limit=page)
        for stored in batch:
            yield decoded(mapper, stored)
        if len(batch) < page:
            return
        after = batch[-1].originator_version

"""The canonical JSON every hash is taken over is the same text whichever
encoder writes it: orjson where it writes each part as Python's json does,
json itself for anything else (floats, integers past 64 bits, other types)."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from enum import Enum
from uuid import UUID

from hypothesis import given, strategies as st

from domain.commitment import canonical, canonical_bytes, written_alike
from domain.words import Message


def by_json(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


class Phase(str, Enum):
    OVER = "over"


texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(-2**63, 2**64) | texts
           | st.floats(allow_nan=True, allow_infinity=True) | st.uuids()
           | st.datetimes(timezones=st.just(timezone.utc)) | st.sampled_from([Phase.OVER, Message("x {n}", {"n": 1})]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(texts, inner, max_size=4), max_leaves=20)


@given(values)
def test_the_canonical_text_is_the_one_json_writes(value):
    assert canonical(value) == by_json(value)
    assert canonical_bytes(value) == by_json(value).encode()


def test_an_event_s_fields_are_written_by_orjson_and_a_float_by_json():
    fields = {"event": "MoveRecorded", "originator_id": UUID(int=7), "originator_version": 3,
              "timestamp": datetime(2026, 1, 2, 3, 4, 5, 6, timezone(timedelta(hours=1))),
              "move": {"type": "play", "seat": "Änne", "card": "R5"},
              "outcome": [{"fact": "played", "why": Message("place {n}", {"n": 4})}], "salts": {}}
    assert written_alike(fields)
    assert canonical(fields) == by_json(fields)
    assert not written_alike({"score": 1e-07})
    assert canonical({"score": 1e-07}) == '{"score":1e-07}'


def test_text_json_escapes_is_written_as_json_writes_it():
    every = "".join(chr(c) for c in range(0x3000) if not 0xD800 <= c < 0xE000) + "\u2028\U0001F600"
    assert canonical({"t": every, every: 1}) == by_json({"t": every, every: 1})


def test_a_lone_surrogate_fails_where_it_failed():
    assert canonical("\ud800") == by_json("\ud800")

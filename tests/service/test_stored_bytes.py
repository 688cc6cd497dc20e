"""An event is stored as the same bytes whichever encoder writes them:
orjson where it writes every part as eventsourcing's json encoder does, that
encoder for anything else (ids, floats, integers past 64 bits)."""
from __future__ import annotations

from datetime import timezone
from decimal import Decimal

from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, JSONTranscoder, UUIDAsHex
from hypothesis import given, strategies as st

from domain.words import Listing, Message
from service.store.sentences import SentenceTranscoder, kept


def transcoders() -> tuple[SentenceTranscoder, JSONTranscoder]:
    ours, stock = SentenceTranscoder(), JSONTranscoder()
    for transcoder in (ours, stock):
        for transcoding in (UUIDAsHex(), DatetimeAsISO(), DecimalAsStr()):
            transcoder.register(transcoding)
    return ours, stock


OURS, STOCK = transcoders()
texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
scalars = (st.none() | st.booleans() | st.integers() | st.integers(-2**63, 2**64) | texts | st.floats()
           | st.uuids() | st.datetimes(timezones=st.just(timezone.utc)) | st.just(Decimal("1.5"))
           | st.just(Message("place {n} in round {r}", {"n": 4, "r": 1})) | st.just(Listing(["R5", "G7"], ", ")))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                      | st.dictionaries(texts, inner, max_size=4), max_leaves=20)


@given(st.dictionaries(texts, values, max_size=6))
def test_an_event_s_state_is_stored_as_eventsourcing_s_encoder_writes_it(state):
    assert OURS.encode(state) == STOCK.encode(kept(state))

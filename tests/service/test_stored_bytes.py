"""An event is stored as the same bytes whichever encoder writes them:
orjson where it writes every part as eventsourcing's json encoder does, that
encoder for anything else (ids, floats, integers past 64 bits)."""
from __future__ import annotations

from datetime import timezone
from decimal import Decimal

from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, JSONTranscoder, UUIDAsHex
from hypothesis import given, strategies as st

from domain.words import Listing, Message
import orjson

from service.store.sentences import SentenceTranscoder, kept, read_back


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


def test_a_sentence_is_kept_by_id_where_nothing_else_in_the_state_needs_it():
    """A state with no sentence is written as it is; one sentence in it,
    however deep, and the state is written with the sentence by id."""
    plain = {"number": 3, "move": {"card": "G3"}, "outcome": [("a", 1)]}
    said = {**plain, "outcome": [{"reason": Message("place {n} in round {r}", {"n": 4, "r": 1})}]}
    assert OURS.encode(plain) == STOCK.encode(plain) == b'{"number":3,"move":{"card":"G3"},"outcome":[["a",1]]}'
    assert OURS.encode(said) == STOCK.encode(kept(said))
    assert b'{"_type_":"message","_data_":{"id":"place {n} in round {r}"' in OURS.encode(said)


def typed(value):
    """``value`` with each part's type beside it, a sentence's id and values too (``==`` takes a sentence for its words)."""
    if isinstance(value, (Message, Listing)):
        return type(value), str(value), typed(dict(vars(value)))
    if isinstance(value, dict):
        return dict, [(key, typed(inner)) for key, inner in value.items()]
    if isinstance(value, (list, tuple)):
        return list, [typed(inner) for inner in value]
    return type(value), value


sentences = (st.just(Message("place {n} in round {r}", {"n": 4, "r": 1}))
             | st.just(Message("{n} guest", {}, plural="{n} guests", n=3))
             | st.just(Message("May", {}, context="month"))
             | st.just(Message("{who} scores {why}", {"who": "Ida", "why": Message("a tie", {})}))
             | st.just(Listing(["R5", Message("{card} left", {"card": "G7"})], ", ")))
plain_values = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | texts | sentences,
                            lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
                            max_leaves=20)


@given(st.dictionaries(texts, plain_values, max_size=6))
def test_a_state_read_back_the_fast_way_holds_the_sentences_the_transcoder_reads(state):
    """orjson and ``read_back`` give the sentences back as eventsourcing's
    transcoder with its hook does, and as they were written: the same class,
    words, id and values, at any depth, in lists and dictionaries."""
    stored = OURS.encode(state)
    assert typed(read_back(orjson.loads(stored))) == typed(OURS.decode(stored)) == typed(state)

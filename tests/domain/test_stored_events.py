"""A move's event and its anchor's are stored as the same bytes, and hash
alike, however their classes are declared: the bytes below are the ones the
``@event``-decorated methods wrote, so a record stored before still chains
and verifies."""
from __future__ import annotations

from datetime import datetime, timezone
from uuid import UUID

import pytest
from eventsourcing.domain import CanCreateTimestamp
from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, Mapper, UUIDAsHex

from domain.record import SERVICE, GameRecord, HeadAnchor, hash_of
from service.store.sentences import SentenceTranscoder

AT = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=timezone.utc)
STAMP = '{"timestamp":{"_type_":"datetime_iso","_data_":"2026-01-02T03:04:05.678901+00:00"},'


@pytest.fixture
def mapper(monkeypatch) -> Mapper:
    """The store's mapper, every event stamped ``AT``."""
    monkeypatch.setattr(CanCreateTimestamp, "create_timestamp", staticmethod(lambda: AT))
    transcoder = SentenceTranscoder()
    for transcoding in (UUIDAsHex(), DatetimeAsISO(), DecimalAsStr()):
        transcoder.register(transcoding)
    return Mapper(transcoder)


def table_game() -> GameRecord:
    return GameRecord(game="willi", rules_version="1", players=["Ann", "Bo"], seats=["Ann", "Bo"], options={},
                      mode="table", seed=None, started_by="scorekeeper", tokens={}, id=UUID(int=7))


def test_recorded_moves_are_stored_hashed_and_applied_as_before(mapper):
    record = table_game()
    assert record.record_move({"type": "play", "seat": "Ann", "card": "G3"}, [], "scorekeeper", "r1") == 1
    assert record.record_move({"type": "deal", "card": "R5"}, [{"kind": "dealt"}], SERVICE, "r1",
                              {'["card"]': "ab"}) == 2
    played, dealt = record.pending_events[1:]
    assert mapper.to_stored_event(played).state.decode() == STAMP + (
        '"number":1,"move":{"type":"play","seat":"Ann","card":"G3"},"outcome":[],"recorded_by":"scorekeeper",'
        '"request_id":"r1","prev_hash":"967c3378b181566dca98aa6a875b47ed8910e6519e175cd51fb1c977cc172d05",'
        '"salts":{}}')
    assert hash_of(played) == "d862b5d9c8ccd70a99b8476c0b59d583d58df159e5704bcadec407687ab8244d"
    assert mapper.to_stored_event(dealt).state.decode() == STAMP + (
        '"number":2,"move":{"type":"deal","card":"R5"},"outcome":[{"kind":"dealt"}],"recorded_by":"service",'
        '"request_id":"r1","prev_hash":"d862b5d9c8ccd70a99b8476c0b59d583d58df159e5704bcadec407687ab8244d",'
        '"salts":{"[\\"card\\"]":"ab"}}')
    assert record.last_hash == hash_of(dealt) == "47ac0759f85321bd7e1422317224d27aec70ea2951e80c391514857dc912bea6"
    assert (record.version, record.moves, record.effective, record.undone) == (3, 2, "1 2s", "")


def test_a_stored_move_read_back_rebuilds_the_same_record(mapper):
    record = table_game()
    record.record_move({"type": "play", "seat": "Ann", "card": "G3"}, [], "scorekeeper", "r1")
    record.undo("scorekeeper")
    record.record_move({"type": "play", "seat": "Ann", "card": "R5"}, [], SERVICE)
    rebuilt = None
    for stored in [mapper.to_stored_event(e) for e in record.pending_events]:
        rebuilt = mapper.to_domain_event(stored).mutate(rebuilt)
    assert (rebuilt.version, rebuilt.moves, rebuilt.effective, rebuilt.undone, rebuilt.last_hash) == \
        (record.version, 2, "2s", "", record.last_hash)


def test_an_anchor_moved_on_is_stored_as_before(mapper):
    anchor = HeadAnchor(game_id=str(UUID(int=7)), version=2, head_hash="h1", key_id="k", mac="m1", id=UUID(int=8))
    anchor.anchor(3, "h2", "k", "m2")
    moved = anchor.pending_events[-1]
    assert mapper.to_stored_event(moved).state.decode() == STAMP + (
        '"version":3,"head_hash":"h2","n":2,"key_id":"k","mac":"m2"}')
    assert anchor.head == {"version": 3, "hash": "h2", "n": 2, "key_id": "k", "mac": "m2"}
    assert (anchor.version, anchor.next_number) == (2, 3)
    rebuilt = None
    for stored in [mapper.to_stored_event(e) for e in anchor.pending_events]:
        rebuilt = mapper.to_domain_event(stored).mutate(rebuilt)
    assert rebuilt.head == anchor.head

"""The corpus: recorded games of every engine, as JSON Lines written by the
command line's whole export (``tests/corpus/<game>/*.jsonl``). A change to an
engine must leave every one of them replaying the way it was recorded (the
way 18xx replays its fixture games in CI): imported into a fresh store, every
move gives the outcome the record holds, ``replay verify`` finds nothing, and
the game exported again is the record it came from (but for ids, times and
hashes) and imports once more without differences."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.games import Games
from service.store import open_store

CORPUS = Path(__file__).parent
FIXTURES = sorted(CORPUS.glob("*/*.jsonl"))
UNSTORED = ("id", "at", "hash", "prev_hash")


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    service = Games(open_store(f"sqlite:///{tmp_path_factory.mktemp('corpus') / 'corpus.sqlite3'}"))
    yield service
    service.store.close()


def comparable(text: str) -> list[dict]:
    """A record as it must survive: everything but the id, times and hashes."""
    return [{k: v for k, v in json.loads(line).items() if k not in UNSTORED} for line in text.splitlines()]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f"{p.parent.name}/{p.stem}" for p in FIXTURES])
def test_a_recorded_game_replays_as_it_was_recorded(games, fixture):
    recorded = fixture.read_text(encoding="utf-8")
    created = games.import_record(recorded)
    assert created["differences"] == [], "these moves' outcomes differ from the record"
    verdict = games.verify(created["id"])
    assert verdict.ok, [f"{p.kind}: {p.message}" for p in verdict.problems]
    exported = games.export(created["id"], "jsonl", whole=True)
    assert comparable(exported) == comparable(recorded)
    assert games.import_record(exported)["differences"] == []

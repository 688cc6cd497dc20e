"""The corpus of recorded games replays as it was recorded.

Every ``tests/corpus/<game>/*.jsonl`` is a whole export (``tablelog export``)
of a game played through the service. A rule change must not silently
change an old game: each fixture is replayed under the rules version it was
recorded with, every move must still be legal and give the outcome stored
with it, the final scores and winners must be the stored ones, and the
game exported again must be the record it came from (but for ids, times and
hashes) and import once more without differences, and ``replay verify`` must
find nothing (the way 18xx replays its fixture games in CI).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.games import get_game
from domain.rules import Game
from service.app.games import Games
from service.store.database import open_store

CORPUS = Path(__file__).parent
FIXTURES = sorted(CORPUS.glob("*/*.jsonl"))
# What a record must keep through import and export: the game as played.
# Ids, times, hashes, commitments and salts are the storing service's; a
# fork whose origin this service does not hold comes in as a plain game, and
# a finished digital game's seed is revealed once it is stored here.
KEPT = ("event", "game", "rules_version", "players", "seats", "options", "mode",
        "number", "move", "outcome", "recorded_by", "text")
THE_STORES_OWN = ("Forked", "SeedRevealed")


def events_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def set_up(game: Game, started: dict[str, Any]) -> Any:
    """The state before the first move, under the rules version the game was
    recorded with: a version-1 record replays under the current rules; any
    other version must be one the engine can still play."""
    version = started["rules_version"]
    options = game.load_options(started["options"])
    if version in ("1", game.rules_version):
        return game.setup(started["players"], options)
    playable = getattr(game, "rules_versions", {})
    assert version in playable, (f"{game.title} can no longer play rules version {version} "
                                 f"(playable: {', '.join(playable) or game.rules_version})")
    return game.setup(started["players"], options, rules_version=version)


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_there_is_a_corpus():
    assert {path.parent.name for path in FIXTURES} >= {"willi", "wiener_walzer", "vienna", "grand_austria"}


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_recorded_game_replays_as_recorded(path):
    events = events_of(path)
    started = events[0]
    assert started["event"] == "Started"
    for before, event in zip(events, events[1:]):
        assert event["prev_hash"] == before["hash"], f"{path.name}: event {event['version']} was edited"
    game = get_game(started["game"])
    states = [set_up(game, started)]
    moves: dict[int, Any] = {}
    last_outcome: list[dict[str, Any]] = []
    for event in events[1:]:
        kind, number = event["event"], event.get("number")
        if kind == "MoveUndone":
            states.pop()
            continue
        if kind == "MoveRecorded":
            moves[number] = game.load_move(event["move"])
        elif kind != "MoveRedone":
            continue                    # comments and fork marks change no state
        state, outcome = game.play(states[-1], moves[number])
        assert as_json(outcome) == event["outcome"], f"{path.name}: move {number} ({kind}) gives another outcome"
        states.append(state)
        last_outcome = event["outcome"]
    final = states[-1]
    over = [fact for fact in last_outcome if fact.get("fact") == "game_over"]
    if game.finished(final):
        assert over, f"{path.name}: the game ends without its final scoring in the record"
        assert over[-1]["scores"] == as_json(game.scores(final))
        assert over[-1]["winners"] == as_json(game.winners(final))
    else:
        assert not over


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    service = Games(open_store(f"sqlite:///{tmp_path_factory.mktemp('corpus') / 'corpus.sqlite3'}"))
    yield service
    service.store.close()


def as_imported(events: list[dict]) -> list[dict]:
    """A record as this service imports it: a fork whose origin it does not
    hold is imported as a plain game, without its Forked event."""
    if not any(e["event"] == "Forked" for e in events):
        return events
    return [{**e, "version": i} for i, e in enumerate((e for e in events if e["event"] != "Forked"), 1)]


def comparable(text: str) -> list[dict]:
    """A record as it must survive: the game as played, event by event."""
    events = (json.loads(line) for line in text.splitlines())
    return [{k: v for k, v in event.items() if k in KEPT} for event in events
            if event["event"] not in THE_STORES_OWN]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_recorded_game_imports_verifies_and_exports_as_recorded(games, path):
    recorded = path.read_text(encoding="utf-8")
    created = games.import_record(recorded)
    assert created["differences"] == [], "these moves' outcomes differ from the record"
    verdict = games.verify(created["id"])
    assert verdict.ok, [f"{p.kind}: {p.message}" for p in verdict.problems]
    exported = games.export(created["id"], "jsonl", whole=True)
    assert comparable(exported) == as_imported(comparable(recorded))
    assert games.import_record(exported)["differences"] == []

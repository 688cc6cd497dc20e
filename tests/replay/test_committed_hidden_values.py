"""A redacted export's hashes reveal nothing it hides.

Before: a redacted export kept the SHA-256 of the unredacted event, so
trying the 36 cards recovered all four face-down discards from an anonymous
export. Now the chain hashes a salted commitment of each hidden value (a
fresh 128-bit salt per occurrence, with domain separation); the export shows
the commitment, the salt only to whoever may see the value, and the chain of
a full record and of a seat's export both verify.
"""
from __future__ import annotations

import hashlib
import json
import random
from datetime import datetime, timezone
from uuid import uuid4

import pytest

from domain.commitment import canonical
from domain.record import GENESIS, event_hash
from domain.willi.cards import DECK
from replay.records import to_jsonl
from replay.verify import verify_jsonl
from service.app.games import Games
from service.store.database import open_store

FOUR = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'records.sqlite3'}"))
    yield service
    service.store.close()


def discarded_game(games: Games, seed: int | None = None) -> tuple[str, dict]:
    """A digital Willi game in which every player has discarded, face down."""
    created = games.create("willi", FOUR, mode="digital", seed=seed)
    gid, tokens = created["id"], created["tokens"]["seats"]
    rng = random.Random(4)
    for _ in FOUR:
        hist = games.history(gid)
        move = rng.choice(hist.game.legal_moves(hist.state))
        games.record_move(gid, move, tokens[move["seat"]])
    return gid, tokens


def every_hash_in(text: str) -> set[str]:
    found = set()
    for raw in text.splitlines():
        line = json.loads(raw)
        found |= {line.get("hash"), line.get("prev_hash"), *(line.get("commitments") or {}).values()}
    return {h.removeprefix("commit:") for h in found if h}


def bare_guesses(line: dict, card: str, game_id: str) -> set[str]:
    """Every hash an attacker could make of the line with ``card`` as its
    hidden discard, without the salt: the old bare event hash, and the card's
    own SHA-256 in the usual encodings."""
    fields = {k: v for k, v in line.items() if k in ("number", "outcome", "recorded_by", "request_id", "prev_hash")}
    fields.update(move={**line["move"], "card": card}, originator_id=game_id, originator_version=line["version"],
                  timestamp=str(datetime.fromisoformat(line["at"])))
    texts = [card, json.dumps(card), canonical([["card"], card])]
    return {event_hash("MoveRecorded", fields), *(hashlib.sha256(t.encode()).hexdigest() for t in texts)}


@pytest.mark.parametrize("viewer", [None, "table", "Ann"])
def test_trying_every_card_against_a_redacted_export_recovers_no_discard(games, viewer):
    gid, tokens = discarded_game(games)
    token = tokens.get(viewer)
    text = games.export(gid, "jsonl", token=token, seat=viewer if viewer in FOUR else None)
    shown = every_hash_in(text)
    lines = [json.loads(raw) for raw in text.splitlines()]
    discards = [line for line in lines if line["event"] == "MoveRecorded" and line["move"]["type"] == "discard"]
    hidden = [line for line in discards if line["move"]["card"] is None]
    assert len(hidden) == (3 if viewer == "Ann" else 4)
    for line in hidden:
        assert "salts" not in line and set(line["commitments"]) == {'["card"]'}
        for card in DECK:
            assert not bare_guesses(line, card, gid) & shown
    own = [line for line in discards if line["move"]["card"] is not None]
    assert all("salts" in line for line in own)     # the salt only to whoever may see the value
    verdict = verify_jsonl(text)
    assert verdict.ok and verdict.checked == verdict.events and not verdict.unchecked


def test_the_full_record_and_each_seats_export_verify_and_an_edit_is_found(games):
    gid, tokens = discarded_game(games)
    for seat, token in [(None, None), *tokens.items()]:
        text = games.export(gid, "jsonl", token=token, seat=seat)
        assert verify_jsonl(text).ok
    whole = games.export(gid, "jsonl", whole=True)
    assert verify_jsonl(whole).ok
    # Ann's own discard changed in her export: its salt no longer opens the commitment.
    ann = games.export(gid, "jsonl", token=tokens["Ann"], seat="Ann").splitlines()
    for i, raw in enumerate(ann):
        line = json.loads(raw)
        if line["event"] == "MoveRecorded" and line["move"].get("seat") == "Ann":
            other = next(c for c in DECK if c != line["move"]["card"])
            ann[i] = json.dumps({**line, "move": {**line["move"], "card": other}})
    verdict = verify_jsonl("\n".join(ann))
    assert [p.kind for p in verdict.problems][:1] == ["hash_mismatch"]


def test_equal_hidden_values_never_give_equal_commitments(games):
    a, _ = discarded_game(games, seed=77)
    b, _ = discarded_game(games, seed=77)
    deal = [json.loads(games.export(g, "jsonl").splitlines()[1]) for g in (a, b)]
    assert deal[0]["move"] == deal[1]["move"]                       # the same seed, the same (hidden) deal
    assert not set(deal[0]["commitments"].values()) & set(deal[1]["commitments"].values())


def test_an_event_stored_before_commitments_loses_its_bare_hash_in_a_redacted_export():
    """Old events keep their bare hashes (they still verify in the store); a
    redacted export leaves out the hash of such a hidden event, and the next
    event's prev_hash, rather than show it."""
    gid, at = uuid4(), datetime(2026, 1, 1, tzinfo=timezone.utc)

    def stored(cls: str, version: int, prev: str, **fields):
        e = type(cls, (), {})()
        e.__dict__.update(originator_id=gid, originator_version=version, timestamp=at, prev_hash=prev, **fields)
        return e

    from domain.record import hash_of
    started = stored("Started", 1, GENESIS, originator_topic="domain.record:GameRecord", game="willi",
                     rules_version="1", players=FOUR, seats=FOUR, options={}, mode="digital", seed=None,
                     started_by="scorekeeper", tokens={})
    discard = stored("MoveRecorded", 2, hash_of(started), number=1, recorded_by="Ann", request_id=None,
                     move={"type": "discard", "seat": "Ann", "card": "R3"}, outcome=[])
    comment = stored("Annotated", 3, hash_of(discard), number=1, text="old", recorded_by="scorekeeper",
                     request_id=None)
    events = [started, discard, comment]
    hidden = hash_of(discard)
    for view in ("table", "Bob"):
        text = to_jsonl(events, view)
        assert hidden not in text
        verdict = verify_jsonl(text)
        assert verdict.ok and verdict.unchecked == [2]
    mine = to_jsonl(events, "Ann")
    assert hidden in mine and verify_jsonl(mine).ok


def test_the_command_line_checks_an_exported_record_alone(games, tmp_path, capsys):
    from service.ops.cli import main
    gid, tokens = discarded_game(games)
    path = tmp_path / "ann.jsonl"
    path.write_text(games.export(gid, "jsonl", token=tokens["Ann"], seat="Ann"))
    assert main(["replay", "verify", "--record", str(path)]) == 0
    assert "the chain is intact" in capsys.readouterr().out
    lines = path.read_text().splitlines()
    lines[2] = lines[2].replace('"recorded_by":"', '"recorded_by":"x', 1)
    path.write_text("\n".join(lines))
    assert main(["replay", "verify", "--record", str(path)]) == 1
    assert "hash_mismatch" in capsys.readouterr().out


HIDDEN_GAMES = ["willi", "wiener_walzer", "grand_austria"]


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_no_redacted_export_of_any_game_shows_a_hash_of_what_it_hides(games, game_id):
    """For every game that hides something: the bare hash of each stored
    event (what the old export showed, and what trying the cards would
    match) and the unsalted hash of each hidden value appear in no export
    that hides them, and every such export verifies."""
    from domain.commitment import hidden_paths, value_at
    from domain.games import get_game
    game = get_game(game_id)
    players = ["Ann", "Bob", "Cy"]
    created = games.create(game_id, players, mode="digital",
                           options={"staff_draft": True} if game_id == "grand_austria" else None)
    gid, tokens = created["id"], created["tokens"]["seats"]
    rng = random.Random(game_id)
    for _ in range(12):
        hist = games.history(gid)
        move = rng.choice(game.legal_moves(hist.state))
        games.record_move(gid, move, tokens.get(move.get("seat"), created["tokens"]["scorekeeper"]))
    stored = list(games.store.events.get(games.parse_id(gid)))
    secrets_of = []
    for e in stored:
        if not e.__dict__.get("salts"):
            continue                 # nothing hidden in it: its hash may be shown
        fields = {k: v for k, v in e.__dict__.items() if k != "salts"}
        secrets_of.append(event_hash(type(e).__name__, fields))
        if "move" in fields:
            for path in hidden_paths(e.move, game.redact_move(e.move, None)):
                value = value_at(e.move, path)
                secrets_of += [hashlib.sha256(canonical(value).encode()).hexdigest(),
                               hashlib.sha256(canonical([list(path), value]).encode()).hexdigest()]
    assert any(len(e.__dict__.get("salts") or {}) for e in stored), "something was hidden"
    for viewer in [None, *players]:
        text = games.export(gid, "jsonl", token=tokens.get(viewer), seat=viewer)
        shown = every_hash_in(text)
        assert not shown & set(secrets_of)
        verdict = verify_jsonl(text)
        assert verdict.ok and verdict.checked == verdict.events


@pytest.mark.parametrize("text", ["{", "[1]", '{"event": "Started", "version": 1, "at": 5, "committed": [], "hash": "x"}',
                                  '{"event": "MoveRecorded", "committed": ["[\\"card\\"]"], "hash": "x", "at": "2026"}'])
def test_a_record_that_does_not_read_is_a_problem_not_an_error(text):
    verdict = verify_jsonl(text)
    assert not verdict.ok

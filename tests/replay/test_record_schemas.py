"""The JSON Lines record is published: a JSON Schema per line kind, versioned
in the Started line, in the repository and at an endpoint; every line of
every export validates. The text record is tablelog's own format."""
from __future__ import annotations

import json
import random

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from domain.games import all_games, get_game
from domain.rules import random_move
from replay.records import read_record
from replay.schemas import FORMAT_VERSION, names, schema
from service.app.games import Games
from service.store.database import open_store

KINDS = ["Annotated", "Forked", "MoveRecorded", "MoveRedone", "MoveUndone", "SeatLinkChanged", "SeedRevealed",
         "Started"]


def validator() -> Draft202012Validator:
    registry = Registry().with_resources((schema(n)["$id"], Resource.from_contents(schema(n))) for n in names())
    return Draft202012Validator(schema("record"), registry=registry)


def problems(record: str) -> list[str]:
    """Every line that does not fit its kind's schema (and the record schema), with why."""
    check = validator()
    found = []
    for number, raw in enumerate(record.splitlines(), 1):
        line = json.loads(raw)
        for error in Draft202012Validator(schema(line["event"])).iter_errors(line):
            found.append(f"line {number} ({line['event']}): {error.message}")
        if not check.is_valid(line):
            found.append(f"line {number}: not a record line")
    return found


def test_every_line_kind_has_a_schema_of_its_own():
    assert names() == sorted(KINDS + ["record"])
    for kind in KINDS:
        Draft202012Validator.check_schema(schema(kind))
        assert schema(kind)["properties"]["event"] == {"const": kind}


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'schemas.sqlite3'}"))
    yield service
    service.store.close()


def play(games: Games, game_id: str, mode: str, seed: int) -> tuple[str, dict]:
    game = get_game(game_id)
    rng = random.Random(seed)
    players = ["Ann", "Bo", "Cy"][:max(game.min_players, 3 if game_id != "grand_austria" else 2)]
    created = games.create(game_id, players, mode=mode, seed=seed)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    games.annotate(gid, 0, "schemas", token)
    for step in range(400):
        hist = games.history(gid)
        if game.finished(hist.state):
            break
        if step % 17 == 5 and hist.record.last_move is not None and not hist.record.last_move_by_service:
            seat = hist.entry(hist.record.last_move).seat
            games.undo(gid, created["tokens"]["seats"].get(seat, token) if mode == "digital" else token)
            continue
        if mode == "digital":
            move = rng.choice(game.legal_moves(hist.state))
            games.record_move(gid, move, created["tokens"]["seats"].get(move.get("seat"), token))
        else:
            games.record_move(gid, random_move(game, hist.state, rng), token)
    games.seat_link(gid, players[0], token)
    return gid, created


@pytest.mark.parametrize("mode", ["table", "digital"])
@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_every_line_of_every_export_fits_the_schema(games, game_id, mode):
    gid, created = play(games, game_id, mode, seed=11)
    exports = [games.export(gid, "jsonl", whole=True), games.export(gid, "jsonl", created["tokens"]["scorekeeper"])]
    if mode == "digital":
        seat = next(iter(created["tokens"]["seats"].values()))
        exports.append(games.export(gid, "jsonl", seat))
    fork = games.fork(gid, 2, created["tokens"]["scorekeeper"]) if mode == "table" else None
    if fork:
        exports.append(games.export(fork["id"], "jsonl", whole=True))
    for record in exports:
        assert json.loads(record.splitlines()[0])["format_version"] == FORMAT_VERSION
        assert problems(record) == []


def test_a_line_that_breaks_its_schema_is_named():
    line = {"event": "MoveRecorded", "version": 2, "at": "2026-01-01T00:00:00+00:00", "number": "one",
            "move": {"type": "deal"}, "outcome": [], "recorded_by": "scorekeeper", "surprise": 1}
    found = problems(json.dumps(line))
    assert any("'one' is not of type 'integer'" in p for p in found)
    assert any("surprise" in p for p in found)


def test_a_record_from_before_the_format_version_still_reads_and_a_newer_one_is_refused(games):
    gid, _ = play(games, "willi", "table", seed=3)
    record = games.export(gid, "jsonl", whole=True)
    lines = record.splitlines()
    started = json.loads(lines[0])
    del started["format_version"]
    older = "\n".join([json.dumps(started)] + lines[1:]) + "\n"
    assert games.import_record(older)["differences"] == []
    started["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(ValueError, match="format is version"):
        read_record("\n".join([json.dumps(started)] + lines[1:]))


def test_the_text_record_names_its_format_and_an_older_one_without_the_tag_reads(games):
    gid, _ = play(games, "willi", "table", seed=3)
    text = games.export(gid, "text", whole=True)
    tag = f'[Format "tablelog-text {FORMAT_VERSION}"]'
    assert tag in text.splitlines()
    older = "\n".join(line for line in text.splitlines() if line != tag) + "\n"
    assert games.import_record(older)["differences"] == []
    with pytest.raises(ValueError, match="tablelog-text"):
        read_record(text.replace(f'tablelog-text {FORMAT_VERSION}', "PGN 1"))


def test_the_schemas_are_served(client):
    index = client.get("/api/record-schemas").json
    assert index["format_version"] == FORMAT_VERSION
    assert set(index["schemas"]) == set(KINDS) | {"record"}
    answer = client.get(index["schemas"]["MoveRecorded"])
    assert answer.status_code == 200 and answer.content_type == "application/schema+json"
    assert json.loads(answer.get_data(as_text=True)) == schema("MoveRecorded")
    assert client.get("/api/record-schemas/Started.json").status_code == 200
    assert client.get("/api/record-schemas/Nothing").status_code == 404

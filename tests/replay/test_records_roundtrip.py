"""Game records: a random game of every registered game, with undo, redo and
comments mixed in, survives export -> import -> export in both formats."""
from __future__ import annotations

import json
import random

import pytest

from domain.games import all_games, get_game
from domain.rules import random_move
from service.app.games import Games
from service.store.database import open_store

NAMES = ["Alex", "Joe Smith", "Gunter", "Hanna", "Ida"]


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'records.sqlite3'}"))
    yield service
    service.store.close()


def play(games: Games, game_id: str, seed: int, mode: str = "table", limit: int = 400) -> str:
    """A random game: legal moves, with undo, redo and comments now and then."""
    game = get_game(game_id)
    rng = random.Random(seed)
    # (at least 2: Grand Austria Hotel plays 1 only with its solo option)
    players = NAMES[:rng.randint(max(game.min_players, 2), min(game.max_players, 4))]
    created = games.create(game_id, players, mode=mode, seed=seed)
    gid, token = created["id"], created["tokens"]["scorekeeper"]

    def seat_token(seat: str) -> str:
        return created["tokens"]["seats"].get(seat, token) if mode == "digital" else token
    games.annotate(gid, 0, "A game; with {braces}\nand a second line", token)
    for _ in range(limit):
        hist = games.history(gid)
        if game.finished(hist.state):
            break
        roll = rng.random()
        record = hist.record
        if roll < 0.06 and record.last_move is not None and not record.last_move_by_service:
            games.undo(gid, seat_token(hist.entry(record.last_move).seat))
        elif roll < 0.09 and record.redoable is not None:
            games.redo(gid, seat_token(hist.entry(record.redoable).seat))
        elif roll < 0.12 and hist.entries:
            games.annotate(gid, rng.randint(1, len(hist.entries)), f"comment {rng.randint(1, 99)}", token)
        else:
            if mode == "digital":
                move = rng.choice(game.legal_moves(hist.state))
                # A player's move with the player's own token: the scorekeeper is the table.
                games.record_move(gid, move, created["tokens"]["seats"].get(move.get("seat"), token))
            else:
                games.record_move(gid, random_move(game, hist.state, rng), token)
    return gid


COMMITTED_AFRESH = ("seed_commitment", "salt", "salts", "commitments", "tokens_digest", "dealt_from")
"""What a new game commits to afresh: new salts, new tokens."""


def comparable_jsonl(text: str) -> list[dict]:
    """What must survive: everything but the id, times, hashes and the seed's
    commitment (a new game commits to its seed with a new salt)."""
    lines = [json.loads(line) for line in text.splitlines()]
    return [{k: v for k, v in line.items() if k not in ("id", "at", "hash", "prev_hash", *COMMITTED_AFRESH)}
            for line in lines]


def comparable_text(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if not line.startswith(("[Id ", "[Date ", "[SeedCommitment ", "[SeedSalt ", "[DealtFrom "))]


def comparable_log(games: Games, gid: str) -> list[tuple]:
    return [(e["index"], e["move"], e["outcome"], e["recorded_by"], e["undone"],
             [(h["event"], h["by"]) for h in e["history"]], [(a["text"], a["by"]) for a in e["annotations"]])
            for e in games.log(gid, None)["entries"]]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["table", "digital"])
@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_a_random_game_survives_export_import_export(games, game_id, mode):
    gid = play(games, game_id, seed=len(game_id), mode=mode, limit=400 if mode == "table" else 150)
    assert games.verify(gid).ok
    for fmt, comparable in (("jsonl", comparable_jsonl), ("text", comparable_text)):
        first = games.export(gid, fmt, whole=True)
        created = games.import_record(first)
        assert created["id"] != gid and created["differences"] == []
        second = games.export(created["id"], fmt, whole=True)
        assert comparable(second) == comparable(first)
        assert comparable_log(games, created["id"]) == comparable_log(games, gid)
        assert games.history(created["id"]).state == games.history(gid).state
        assert games.audit(created["id"])["ok"] is True


@pytest.mark.slow
def test_a_finished_digital_game_keeps_the_services_deals_and_its_result(games):
    gid = play(games, "willi", seed=3, mode="digital", limit=1000)
    text = games.export(gid, "text", whole=True)
    assert '[Mode "digital"]' in text and '[Seed "3"]' in text and "; by service" in text
    result = next(line for line in text.splitlines() if line.startswith("[Result "))
    assert "won by" in result
    for fmt in ("jsonl", "text"):
        imported = games.import_record(games.export(gid, fmt, whole=True))["id"]
        assert comparable_log(games, imported) == comparable_log(games, gid)
        assert games.history(imported).record.mode == "digital"


def test_willi_notation_reads_back_even_with_spaces_in_names():
    willi = get_game("willi")
    seats = ["monster", "Anna Lena", "Joe", "Hanna"]
    moves = [
        {"type": "deal", "hands": {"monster": ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"],
                                   "Anna Lena": None, "Joe": None, "Hanna": None}},
        {"type": "discard", "seat": "Anna Lena", "card": None},
        {"type": "discard", "seat": "Joe", "card": "Y3"},
        {"type": "play", "seat": "Anna Lena", "card": "B9"},
        {"type": "meinz", "seat": "Joe"},
        {"type": "exchange", "seat": "Anna Lena", "give": "G1", "take": "G7"},
    ]
    texts = [willi.notation(m) for m in moves]
    assert texts[1:] == ["Anna Lena discards ?", "Joe discards Y3", "Anna Lena B9", "Joe Meinz",
                         "Anna Lena exchanges G1 for G7"]
    assert texts[0] == "Deal monster R1 R2 R3 R4 R5 R6 R7 R8 R9; Anna Lena ?; Joe ?; Hanna ?"
    assert [willi.parse_notation(t, seats) for t in texts] == moves


def test_the_generic_notation_writes_every_field_and_reads_it_back():
    walzer = get_game("wiener_walzer")
    move = {"type": "place", "seat": "Joe Smith", "card": "L3", "space": "d4"}
    assert walzer.generic_notation(move) == 'Joe Smith place card="L3" space="d4"'
    assert walzer.parse_notation(walzer.generic_notation(move), ["Alex", "Joe Smith"]) == move
    assert walzer.notation(move) == "Joe Smith L3 d4"      # its own short form
    assert walzer.parse_notation("Joe Smith L3 d4", ["Alex", "Joe Smith"]) == move


def test_records_that_do_not_read_are_refused_with_the_line(games):
    from domain.rules import RuleViolation
    from service.app.errors import Unprocessable
    gid = play(games, "willi", seed=8, limit=12)
    text = games.export(gid, "text", whole=True)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("2. "))

    def refused(record: str, why: str) -> None:       # 422 not_a_record, the place in its fields
        with pytest.raises(Unprocessable) as refusal:
            games.import_record(record)
        assert refusal.value.code == "not_a_record"
        assert why in str(refusal.value.fields), refusal.value.fields

    refused(text.replace("2. ", "2: ", 1), f"line {at + 1}: not a move")
    refused('{"event": "MoveRecorded"}\n', "first event is Started")
    seat = lines[at].split(" ")[1]
    refused("\n".join([*lines[:at], f"2. {seat} discards X9", *lines[at + 1:]]), "not a Willi move")
    deal = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    short_deal = lines[deal].rsplit(";", 1)[0]                    # a seat left out of the deal
    with pytest.raises(RuleViolation, match="Move 1 of the record"):
        games.import_record("\n".join([*lines[:deal], short_deal, *lines[deal + 1:]]))

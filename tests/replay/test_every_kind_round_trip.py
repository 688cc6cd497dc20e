"""Every kind of game, played to the end at the table and digitally, goes
out and comes back: exported through the API with the scorekeeper's token
and a seat's token and through the command line, in both formats, each
export imported (201, what its exporter could see kept move for move), each
copy's audit ok, and ``replay verify --all`` passes on the whole database.
Every line of every JSON Lines export fits the record's schema."""
from __future__ import annotations

import json
import random

import pytest
from test_record_schemas import problems

from domain.games import get_game
from domain.rules import random_move
from service.ops.cli import main

pytestmark = pytest.mark.slow

MODULES = ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]
KINDS = [
    ("willi", ["Ann", "Bo", "Cy", "Di"], {}),
    ("willi", ["Ann", "Bo", "Cy"], {}),
    ("wiener_walzer", ["Ann", "Bo", "Cy"], {}),
    ("wiener_walzer", ["Ann", "Bo"], {"events": True}),
    ("vienna", ["Ann", "Bo", "Cy"], {}),
    ("grand_austria", ["Ann", "Bo"], {}),
    *[("grand_austria", ["Ann", "Bo", "Cy"], {"modules": [module]}) for module in MODULES],
    ("grand_austria", ["Ann", "Bo", "Cy", "Di"], {"modules": MODULES}),
    ("grand_austria", ["Ann"], {"solo": {"difficulty": "medium"}}),                              # Leopold
    ("grand_austria", ["Ann"], {"solo": {"difficulty": "hard"}, "modules": ["ballrooms"]}),     # Elisabeth
]


def cli(capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(args))
    return code, capsys.readouterr().out


def played(games, game_id: str, players: list[str], options: dict, mode: str, seed: int) -> dict:
    game = get_game(game_id)
    rng = random.Random(seed)
    created = games.create(game_id, players, mode=mode, seed=seed, options=options)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    games.annotate(gid, 0, f"{game_id} {mode}", token)
    for _ in range(6000):
        state = games.history(gid).state
        if game.finished(state):
            break
        if mode == "digital":
            move = rng.choice(game.legal_moves(state))
            games.record_move(gid, move, created["tokens"]["seats"].get(move.get("seat"), token))
        else:
            games.record_move(gid, random_move(game, state, rng), token)
    assert game.finished(games.history(gid).state), (game_id, options, mode)
    return created


def moves(record: str, fmt: str) -> list:
    """What an exporter saw, move by move."""
    if fmt == "text":
        return [line for line in record.splitlines() if line and not line.startswith("[")]
    return [(line["event"], line.get("number"), line.get("move"), line.get("text"))
            for line in map(json.loads, record.splitlines()) if line["event"] not in ("SeedRevealed",)]


@pytest.mark.parametrize("mode", ["table", "digital"])
def test_every_kind_goes_out_and_comes_back(client, database, capsys, mode):
    games = client.application.extensions["tablelog"]
    for index, (game_id, players, options) in enumerate(KINDS):
        created = played(games, game_id, players, options, mode, seed=100 + index)
        gid = created["id"]
        tokens = {"scorekeeper": created["tokens"]["scorekeeper"],
                  "seat": created["tokens"]["seats"][players[-1]]}
        for fmt in ("jsonl", "text"):
            records = {who: client.get(f"/api/games/{gid}/export?format={fmt}",
                                       headers={"Authorization": f"Bearer {token}"}).get_data(as_text=True)
                       for who, token in tokens.items()}
            code, records["command line"] = cli(capsys, "--database", database, "export", gid, "-f", fmt)
            assert code == 0
            for who, record in records.items():
                where = (game_id, options, mode, fmt, who)
                if fmt == "jsonl":
                    assert problems(record) == [], where
                answer = client.post("/api/games/import", data=record.encode(),
                                     content_type="application/x-ndjson" if fmt == "jsonl" else "text/plain")
                assert answer.status_code == 201, (where, answer.json)
                assert answer.json["differences"] == [], where
                copy = answer.json["id"]
                # the copy holds every move as its record showed it
                assert moves(games.export(copy, fmt, whole=True), fmt) == moves(record, fmt), where
                audit = client.get(f"/api/games/{copy}/audit").json
                assert audit["ok"], (where, audit["problems"])
    code, out = cli(capsys, "--database", database, "replay", "verify", "--all")
    assert code == 0, out

"""Imports and the leaderboard: a game counts once however often its record
is imported or forked (a player with 3 finished games has 3, not 28);
"Ann", "Ann " and "Zoë" in two Unicode forms are one player each; import
says so when a fork's origin is not the one this service holds."""
from __future__ import annotations

import random
import uuid

from domain.table import random_game
from domain.willi import GAME


def names() -> list[str]:
    tag = uuid.uuid4().hex[:6]             # a PostgreSQL database is shared by the session's tests
    return [f"Ann{tag}", f"Bob{tag}", f"Cid{tag}", f"Dee{tag}"]


def finished_game(client, players: list[str], seed: int = 1) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "willi", "players": players})
    auth = {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}
    for move in random_game(GAME, players, {}, random.Random(seed)):
        assert client.post(f"/api/games/{r.json['id']}/moves", json={"move": move}, headers=auth).status_code == 201
    return r.json["id"], auth


def board_row(client, player: str) -> dict:
    return next(row for row in client.get("/api/leaderboard/willi").json["players"] if row["player"] == player)


def test_copies_and_forks_of_a_game_are_not_counted_again(client):
    players = names()
    game_id, auth = finished_game(client, players)
    assert board_row(client, players[0])["games"] == 1
    for fmt in ("jsonl", "text"):
        record = client.get(f"/api/games/{game_id}/export?format={fmt}").get_data(as_text=True)
        copy = client.post("/api/games/import", json={"record": record})
        assert copy.status_code == 201, copy.json
        assert client.get(f"/api/games/{copy.json['id']}").json["forked_from"] is None     # recorded as it was
    assert client.post(f"/api/games/{game_id}/fork?at=10", headers=auth).status_code == 201
    row = board_row(client, players[0])
    assert (row["games"], row["played"]) == (1, 1)


def test_a_game_played_elsewhere_counts_once_however_often_it_is_imported(client):
    players = names()
    game_id, _ = finished_game(client, players)
    other_id, _ = finished_game(client, players, seed=9)                 # another game of the same players
    assert board_row(client, players[0])["games"] == 2
    record = client.get(f"/api/games/{game_id}/export?format=text").get_data(as_text=True)
    elsewhere = record.replace(game_id, str(uuid.uuid4()))         # written by another service
    for _ in range(2):
        assert client.post("/api/games/import", json={"record": elsewhere}).status_code == 201
    assert board_row(client, players[0])["games"] == 2


def test_an_invented_fork_origin_is_imported_as_a_plain_game(client):
    players = names()
    game_id, auth = finished_game(client, players)
    fork = client.post(f"/api/games/{game_id}/fork?at=8", headers=auth).json
    record = client.get(f"/api/games/{fork['id']}/export?format=text").get_data(as_text=True)
    record = record.replace(fork["id"], str(uuid.uuid4()))            # written elsewhere, so no copy of the fork
    for forged in (record.replace(f'[Fork "{game_id}', f'[Fork "{uuid.uuid4()}'),   # a game nobody holds
                   record.replace("(version ", "(version 1")):                     # a version it never had
        imported = client.post("/api/games/import", json={"record": forged})
        assert imported.status_code == 201, imported.json
        assert client.get(f"/api/games/{imported.json['id']}").json["forked_from"] is None


def test_names_that_normalise_alike_are_one_player_on_the_leaderboard(client):
    tag = uuid.uuid4().hex[:6]
    ann, zoe = f"Ann{tag}", f"Zo\u00eb{tag}"
    finished_game(client, [ann, zoe, f"Cid{tag}", f"Dee{tag}"], seed=1)
    finished_game(client, [f"{ann} ", f"Zoe\u0308{tag}", f"Cid{tag}", f"Dee{tag}"], seed=2)
    assert board_row(client, ann)["games"] == 2 and board_row(client, zoe)["games"] == 2
    assert client.get(f"/api/players/{ann} ").json["games"][0]["games"] == 2


def test_an_import_checks_the_records_own_hash_chain_and_says_what_it_found(client):
    """Import says what the record's own hash chain shows: intact, or broken and where."""
    players = names()
    game_id, _ = finished_game(client, players)
    record = client.get(f"/api/games/{game_id}/export?format=jsonl").get_data(as_text=True)
    whole = client.post("/api/games/import", json={"record": record}).json["chain"]
    assert whole["checked"] and whole["intact"] and whole["problems"] == []
    lines = record.splitlines()
    lines[3] = lines[3].replace('"recorded_by":"scorekeeper"', '"recorded_by":"someone else"')   # edited
    lines[6] = lines[6].replace('"prev_hash":"', '"prev_hash":"0')                               # re-linked
    broken = client.post("/api/games/import", json={"record": "\n".join(lines)})
    assert broken.status_code == 201, broken.json
    chain = broken.json["chain"]
    assert chain["checked"] and chain["intact"] is False
    assert any(p.startswith("Event 4 is not the event its hash was made for") for p in chain["problems"])
    assert any(p.startswith("Event 7 does not follow the event before it") for p in chain["problems"])
    text = client.get(f"/api/games/{game_id}/export?format=text").get_data(as_text=True)
    assert client.post("/api/games/import", json={"record": text}).json["chain"]["checked"] is False

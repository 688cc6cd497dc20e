"""Several workers (here two services on one database, as gunicorn's workers
or two servers are) check every move against the game as stored, answer a
retry with the first answer whichever worker gave it, and refuse a key sent
again with another request, for every kind of request."""
from __future__ import annotations

import random
from uuid import uuid4

import pytest

from domain.table import random_game
from domain.willi import GAME
from service.http.app import create_app

pytestmark = pytest.mark.store       # two workers on one database, on both stores

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


@pytest.fixture
def workers(database):
    """Two workers over one database, each with its own cache of games."""
    apps = [create_app(database), create_app(database)]
    yield [app.test_client() for app in apps]
    for app in apps:
        app.extensions["tablelog"].store.close()


def start(client, **extra) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "willi", "players": PLAYERS, **extra})
    assert r.status_code == 201, r.json
    return r.json["id"], {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}


def post(client, game_id: str, path: str, body: dict, auth: dict, key: str | None = None):
    headers = {**auth, **({"Idempotency-Key": key} if key else {})}
    return client.post(f"/api/games/{game_id}/{path}", json=body, headers=headers)


def test_legal_moves_sent_in_turn_to_two_workers_are_all_recorded(workers):
    """Every legal move is taken whichever worker gets it: a worker checks a
    move against the game as stored, not only its own cached copy."""
    moves = random_game(GAME, PLAYERS, {}, random.Random(18))[:40]
    game_id, auth = start(workers[0])
    for client in workers:                     # both workers hold the game in their cache
        assert client.get(f"/api/games/{game_id}").status_code == 200
    for number, move in enumerate(moves, 1):
        r = post(workers[number % 2], game_id, "moves", {"move": move}, auth)
        assert r.status_code == 201, (number, move, r.json)
        assert r.json["index"] == number
    for client in workers:
        assert client.get(f"/api/games/{game_id}").json["version"] == 1 + len(moves)


def test_a_retry_gets_the_first_answer_from_the_other_worker(workers):
    """A retry of an acknowledged request gets the first answer, also from a
    worker that has not seen the move."""
    moves = random_game(GAME, PLAYERS, {}, random.Random(5))[:3]
    game_id, auth = start(workers[0])
    workers[1].get(f"/api/games/{game_id}")    # worker 1 has seen the game before the deal
    post(workers[0], game_id, "moves", {"move": moves[0]}, auth)
    first = post(workers[0], game_id, "moves", {"move": moves[1]}, auth, "move-1")
    again = post(workers[1], game_id, "moves", {"move": moves[1]}, auth, "move-1")
    assert first.status_code == again.status_code == 201 and again.json == first.json
    undone = post(workers[0], game_id, "undo", {}, auth, "undo-1")
    assert post(workers[1], game_id, "undo", {}, auth, "undo-1").json == undone.json
    redone = post(workers[1], game_id, "redo", {}, auth, "redo-1")
    assert post(workers[0], game_id, "redo", {}, auth, "redo-1").json == redone.json
    note = post(workers[0], game_id, "annotations", {"move_index": 1, "text": "dealt"}, auth, "note-1")
    assert post(workers[1], game_id, "annotations", {"move_index": 1, "text": "dealt"}, auth, "note-1").json \
        == note.json
    assert workers[1].get(f"/api/games/{game_id}").json["version"] == 6   # start, 2 moves, undo, redo, note


@pytest.mark.parametrize("same_worker", [True, False], ids=["same worker", "other worker"])
def test_a_key_sent_again_with_another_move_or_comment_is_refused(workers, same_worker):
    """A key reused with a different move is refused in words, so the second
    move is never silently lost."""
    moves = random_game(GAME, PLAYERS, {}, random.Random(7))[:3]
    game_id, auth = start(workers[0])
    retry = workers[0] if same_worker else workers[1]
    retry.get(f"/api/games/{game_id}")
    assert post(workers[0], game_id, "moves", {"move": moves[0]}, auth, "k").status_code == 201
    assert post(workers[0], game_id, "moves", {"move": moves[1]}, auth).status_code == 201
    other = post(retry, game_id, "moves", {"move": moves[2]}, auth, "k")
    assert other.status_code == 409 and other.json["code"] == "idempotency_key_reused", other.json
    assert post(workers[0], game_id, "annotations", {"move_index": 1, "text": "dealt"}, auth, "n").status_code \
        == 201
    changed = post(retry, game_id, "annotations", {"move_index": 1, "text": "misdealt"}, auth, "n")
    assert changed.status_code == 409 and changed.json["code"] == "idempotency_key_reused"
    moved = post(retry, game_id, "annotations", {"move_index": 2, "text": "dealt"}, auth, "n")
    assert moved.status_code == 409 and moved.json["code"] == "idempotency_key_reused"
    assert workers[0].get(f"/api/games/{game_id}").json["version"] == 4


@pytest.mark.parametrize("same_worker", [True, False], ids=["same worker", "other worker"])
def test_a_key_sent_again_with_another_start_import_or_fork_is_refused(workers, same_worker):
    """The same key with a different create body makes no second game."""
    retry = workers[0] if same_worker else workers[1]
    key = uuid4().hex                          # a PostgreSQL database is shared by the session's tests

    def count() -> int:
        return len(workers[0].get("/api/games").json["games"])

    body = {"game": "willi", "players": PLAYERS}
    assert workers[0].post("/api/games", json=body, headers={"Idempotency-Key": key + "start"}).status_code == 201
    before = count()
    r = retry.post("/api/games", json={**body, "players": PLAYERS[:3]}, headers={"Idempotency-Key": key + "start"})
    assert r.status_code == 409 and r.json["code"] == "idempotency_key_reused", r.json
    same = retry.post("/api/games", json=body, headers={"Idempotency-Key": key + "start"})
    assert same.status_code == (201 if same_worker else 409)
    if not same_worker:
        assert same.json["code"] == "duplicate_request"

    game_id, auth = start(workers[0])
    for move in random_game(GAME, PLAYERS, {}, random.Random(3))[:4]:
        assert post(workers[0], game_id, "moves", {"move": move}, auth).status_code == 201
    assert post(workers[0], game_id, "fork?at=2", {}, auth, key + "fork").status_code == 201
    r = post(retry, game_id, "fork?at=3", {}, auth, key + "fork")
    assert r.status_code == 409 and r.json["code"] == "idempotency_key_reused", r.json

    record = workers[0].get(f"/api/games/{game_id}/export?format=text").get_data(as_text=True)
    imported = workers[0].post("/api/games/import", json={"record": record}, headers={"Idempotency-Key": key + "imp"})
    assert imported.status_code == 201
    changed = record.replace('[Site "?"]', '[Site "Vienna"]')
    other = retry.post("/api/games/import", json={"record": changed.replace(PLAYERS[0], "Alexa")},
                       headers={"Idempotency-Key": key + "imp"})
    assert other.status_code == 409 and other.json["code"] == "idempotency_key_reused", other.json
    assert retry.post("/api/games/import", json={"record": record},
                      headers={"Idempotency-Key": key + "start"}).json["code"] == "idempotency_key_reused"
    assert count() == before + 3                 # the game, its fork, its import

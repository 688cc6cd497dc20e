""""take back to here" on any move of the log. One
request under one Idempotency-Key takes back the move and every effective
move after it, stored as the undo events in one atomic save, so the record
keeps every undone move as undo does; in a digital game a seat takes back
only to its own moves, and never past a move the service made."""
from __future__ import annotations

import random

from helpers import Api, played_willi

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


def played(client, moves: int, seed: int = 8, **kwargs) -> Api:
    return played_willi(client, moves, seed, FOUR, **kwargs)




def test_a_deal_typo_found_ten_plays_later_is_one_take_back(client):
    api = played(client, 12)
    before = api.state(at=1)
    version = api.get("")["version"]
    taken = api.post("take-back", json={"move_index": 2, "expected_version": version},
                     headers={**api.auth(), "Idempotency-Key": "back-to-2"})
    assert taken == {"version": version + 11, "undone": 2, "taken_back": list(range(12, 1, -1))}
    # Every move stays in the log, the taken-back ones marked undone, one undo event each.
    log = api.get("log")
    assert [e["undone"] for e in log["entries"]] == [False] + [True] * 11
    assert all(e["history"][-1]["event"] == "undone" for e in log["entries"][1:])
    assert {k: v for k, v in api.state().items() if k not in ("version", "at")} == \
           {k: v for k, v in before.items() if k not in ("version", "at")}
    # A retry with the same key answers the same and takes back nothing more.
    again = api.post("take-back", json={"move_index": 2, "expected_version": version},
                     headers={**api.auth(), "Idempotency-Key": "back-to-2"})
    assert again == taken and api.get("")["version"] == version + 11
    # Redo brings back the moves one at a time, the first taken back last.
    assert api.post("redo")["redone"] == 2


def test_the_undo_events_are_saved_together_or_not_at_all(client, monkeypatch):
    api = played(client, 6)
    games = client.application.extensions["tablelog"]
    saved = []
    real = games.store.save
    monkeypatch.setattr(games.store, "save", lambda *records, **kwargs: saved.append(
        [type(e).__name__ for r in records for e in r.pending_events]) or real(*records, **kwargs))
    api.post("take-back", json={"move_index": 3})
    assert saved == [["MoveUndone"] * 4 + ["Anchored"]]      # with the head's keyed anchor


def test_take_back_refusals(client):
    api = played(client, 5)
    api.post("undo")
    assert api.post("take-back", json={"move_index": 5}, status=409)["code"] == "not_effective"
    assert api.post("take-back", json={"move_index": 9}, status=409)["code"] == "not_effective"
    assert api.post("take-back", json={"move_index": 0}, status=400)
    assert api.post("take-back", json={"move_index": "2"}, status=400)
    assert client.post(f"/api/games/{api.id}/take-back", json={"move_index": 2}).status_code == 401
    version = api.get("")["version"]
    assert api.post("take-back", json={"move_index": 2, "expected_version": version - 1},
                    status=409)["code"] == "stale_version"


def test_in_a_digital_game_a_seat_takes_back_only_to_its_own_moves_and_never_past_the_deal(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=5)
    rng = random.Random(2)
    games = client.application.extensions["tablelog"]
    moved = []
    while len(moved) < 3:
        state = games.history(api.id).state
        move = rng.choice([m for m in api.game.legal_moves(state) if m.get("seat") in FOUR])
        api.move(move, token=api.seat_tokens[move["seat"]])
        moved.append(move)
    log = api.get("log")["entries"]
    by = {e["index"]: e for e in log}
    first, second, third = [e["index"] for e in log if e["recorded_by"] in FOUR]
    owner = by[second]["recorded_by"]
    other = next(p for p in FOUR if p != owner)
    refused = api.post("take-back", json={"move_index": second},
                       headers=api.auth(api.seat_tokens[other]), status=403)
    assert refused["code"] == "forbidden"
    deal = next(e["index"] for e in log if e["recorded_by"] == "service")
    assert api.post("take-back", json={"move_index": deal}, status=409)["code"] == "undo_past_chance"
    taken = api.post("take-back", json={"move_index": second}, headers=api.auth(api.seat_tokens[owner]))
    assert taken["taken_back"] == [third, second]

"""Verify and audit name a game whose stored bytes were edited behind the
database's back (on PostgreSQL with the append-only trigger switched off for
the edit), and a changed rule shows up as a named difference, not a crash."""
from __future__ import annotations

import sqlite3
from uuid import UUID

import psycopg
import pytest

from service.ops.cli import main

pytestmark = pytest.mark.store       # verify, on both stores

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
HANDS = {"Alex": ["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"], "Joe": None, "Gunter": None,
         "Hanna": None}


def edit_stored_event(database: str, game_id: str, version: int, change) -> None:
    """Rewrite one stored event's bytes with ``change(bytes) -> bytes``."""
    if database.startswith("sqlite"):
        key = (UUID(game_id).hex, version)               # SQLite keeps the id as 32 hex digits
        with sqlite3.connect(database[len("sqlite:///"):]) as conn:
            where = "WHERE originator_id = ? AND originator_version = ?"
            (state,) = conn.execute(f"SELECT state FROM stored_events {where}", key).fetchone()
            conn.execute(f"UPDATE stored_events SET state = ? {where}", (change(bytes(state)), *key))
        return
    key = (UUID(game_id), version)
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("ALTER TABLE tablelog_events DISABLE TRIGGER tablelog_append_only")
        try:
            where = "WHERE originator_id = %s AND originator_version = %s"
            (state,) = conn.execute(f"SELECT state FROM tablelog_events {where}", key).fetchone()
            conn.execute(f"UPDATE tablelog_events SET state = %s {where}", (change(bytes(state)), *key))
        finally:
            conn.execute("ALTER TABLE tablelog_events ENABLE TRIGGER tablelog_append_only")


@pytest.fixture
def database(own_database):
    """Edited records stay in a database of this test's own."""
    return own_database


class Game:
    """A Willi game recorded through the API."""

    def __init__(self, client):
        self.client = client
        created = client.post("/api/games", json={"game": "willi", "players": FOUR}).json
        self.id = created["id"]
        self.auth = {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}

    def post(self, path: str, body: dict) -> None:
        assert self.client.post(f"/api/games/{self.id}/{path}", json=body, headers=self.auth).status_code == 201

    def get(self, path: str) -> dict:
        return self.client.get(f"/api/games/{self.id}/{path}").json


def record_the_opening(game) -> None:
    """Versions 2-8 of a Willi game: the deal, four discards, a lead, a comment."""
    game.post("moves", {"move": {"type": "deal", "hands": HANDS}})                       # version 2
    for seat in FOUR:
        game.post("moves", {"move": {"type": "discard", "seat": seat, "card": None}})   # versions 3-6
    game.post("moves", {"move": {"type": "play", "seat": "Alex", "card": "R1"}})        # version 7
    game.post("annotations", {"move_index": 6, "text": "a strong lead"})                 # version 8


def a_game(client) -> Game:
    game = Game(client)
    record_the_opening(game)
    client.application.extensions["tablelog"].views.catch_up()   # the runner: the game list has seen every event
    return game


def verify_cli(database: str, game_id: str, capsys) -> tuple[int, str]:
    code = main(["--database", database, "replay", "verify", game_id])
    return code, capsys.readouterr().out


def test_an_edited_event_is_named_by_verify_and_the_audit(app, client, database, capsys):
    game, untouched = a_game(client), a_game(client)
    assert verify_cli(database, game.id, capsys)[0] == 0
    edit_stored_event(database, game.id, 4, lambda b: b.replace(b'"scorekeeper"', b'"scorekeepe2"'))
    audit = game.get("audit")
    assert audit["ok"] is False
    assert [(p["kind"], p["version"]) for p in audit["problems"]] == [("hash_chain", 5)]
    code, out = verify_cli(database, game.id, capsys)
    assert code == 1 and f"damaged: {game.id}" in out and "hash_chain" in out
    assert untouched.get("audit")["ok"] is True
    assert verify_cli(database, untouched.id, capsys)[0] == 0


def test_an_edit_of_the_newest_event_is_caught_by_the_game_lists_witness(app, client, database, capsys):
    game = a_game(client)
    edit_stored_event(database, game.id, 8, lambda b: b.replace(b"a strong lead", b"a weak lead!!"))
    audit = game.get("audit")
    # The game list's witness and the keyed anchor of the head both see it.
    assert audit["ok"] is False and [p["kind"] for p in audit["problems"]] == ["head_hash", "head_changed"]
    code, out = verify_cli(database, game.id, capsys)
    assert code == 1 and f"damaged: {game.id}" in out


def test_bytes_that_no_longer_decode_are_a_problem_not_an_error(app, client, database, capsys):
    game = a_game(client)
    edit_stored_event(database, game.id, 7, lambda b: b[:-5])
    audit = game.get("audit")
    assert audit["ok"] is False
    assert [(p["kind"], p["version"]) for p in audit["problems"]] == [("unreadable", 7)]
    assert verify_cli(database, game.id, capsys)[0] == 1
    assert client.get("/api/games").status_code == 200


def test_a_record_that_no_longer_decodes_is_said_to_be_damaged(client, database):
    """A service that has not seen the game before reads it from the store:
    every read of it says the record is damaged and where, and points to the
    audit (a server-side fault, not the caller's: a 500 that says so)."""
    from service.http.app import create_app
    game = a_game(client)
    edit_stored_event(database, game.id, 7, lambda b: b[:-5])
    fresh = create_app(database).test_client()
    for path in ("", "/state", "/log", "/legal-moves", "/timeline", "/export?format=text"):
        answer = fresh.get(f"/api/games/{game.id}{path}")
        assert answer.status_code == 500, path
        assert answer.json["code"] == "damaged_record"
        assert f"/api/games/{game.id}/audit" in answer.json["detail"]
        assert answer.json["version"] == "7"
    refused = fresh.post(f"/api/games/{game.id}/undo", headers=game.auth)
    assert refused.json["code"] == "damaged_record"
    assert fresh.get(f"/api/games/{game.id}/audit").json["ok"] is False


def test_a_changed_rule_is_a_named_difference(client, database, monkeypatch, capsys):
    """A rule changed without keeping the old version playable (version 2
    is no longer in ``rules_versions``): the game replays under version 3."""
    from domain.willi import GAME
    game = a_game(client)
    apply = type(GAME).apply

    def changed_rules(self, state, move):
        new, outcome = apply(self, state, move)
        return new, outcome + [{"fact": "new_rule"}] if move["type"] == "play" else outcome

    monkeypatch.setattr(type(GAME), "rules_version", "3")
    monkeypatch.setattr(type(GAME), "rules_versions", {"3": "Every card played is a new fact."})
    monkeypatch.setattr(type(GAME), "apply", changed_rules)
    audit = game.get("audit")
    assert [(p["kind"], p["move_index"]) for p in audit["problems"]] == [("rules_changed", None),
                                                                         ("outcome_differs", 6)]
    assert "rules version 2" in audit["problems"][0]["message"]
    code, out = verify_cli(database, game.id, capsys)
    assert code == 1 and "2 -> 3" in out


def test_verify_all_on_an_untouched_store_passes(client, database, capsys):
    a_game(client)
    a_game(client)
    assert main(["--database", database, "replay", "verify", "--all"]) == 0
    assert "2 games verified" in capsys.readouterr().out
    assert main(["--database", database, "replay", "verify"]) == 2

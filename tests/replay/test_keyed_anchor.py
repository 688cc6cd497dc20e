"""Edits the audit did not see.

Before: deleting the newest events passed verify and audit; a middle edit
with the later hashes recomputed, or the scorekeeper token's hash replaced
and the chain made again, passed too (the chain is unkeyed and its only
witness lived in the same database). Now every write anchors the game's head
with an HMAC made with a key kept outside the database, in the same
transaction, and hands the client a receipt.
"""
from __future__ import annotations

import json
import sqlite3
from uuid import UUID

import pytest

from domain.record import GENESIS, hash_of, head_anchor_id
from replay.anchors import check_stored_head
from service.http.app import create_app
from service.app.access import token_hash
from service.store.keys import Keyring, new_env_key
from test_tamper_and_verify import FOUR, HANDS, record_the_opening



def receipt(answer) -> dict:
    """The receipt every acknowledged write carries in its Tablelog-Receipt header."""
    return json.loads(answer.headers["Tablelog-Receipt"])


class Game:
    def __init__(self, client):
        self.client = client
        r = client.post("/api/games", json={"game": "willi", "players": FOUR})
        self.id, self.token, self.receipts = r.json["id"], r.json["tokens"]["scorekeeper"], [receipt(r)]

    def post(self, path: str, body: dict, token: str | None = None, status: int = 201) -> dict:
        r = self.client.post(f"/api/games/{self.id}/{path}", json=body,
                             headers={"Authorization": f"Bearer {token or self.token}"})
        assert r.status_code == status, r.json
        if r.status_code == 201:
            self.receipts.append(receipt(r))
        return r.json

    def audit(self, client=None) -> dict:
        return (client or self.client).get(f"/api/games/{self.id}/audit").json


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'anchored.sqlite3'}"


def played(client) -> Game:
    game = Game(client)
    record_the_opening(game)
    return game


def path_of(database: str) -> str:
    return database[len("sqlite:///"):]


def delete_from_end(database: str, originator: UUID, keep: int) -> None:
    with sqlite3.connect(path_of(database)) as conn:
        conn.execute("DELETE FROM stored_events WHERE originator_id = ? AND originator_version > ?",
                     (originator.hex, keep))


def forget_the_game_list(database: str) -> None:
    """An attacker with the database also rolls back the game list (its witness)."""
    with sqlite3.connect(path_of(database)) as conn:
        conn.execute("DELETE FROM tablelog_view_games")


def rechain(app, database: str, game_id: str, change) -> None:
    """Rewrite the game's events as someone with the database but without the
    key would: ``change`` edits the decoded events, then every prev_hash after
    is made again, so the hash chain itself is intact."""
    store = app.extensions["tablelog"].store
    gid = UUID(game_id)
    events = list(store.events.get(gid))
    change(events)
    previous = GENESIS
    for e in events:
        e.__dict__["prev_hash"] = previous
        previous = hash_of(e)
    with sqlite3.connect(path_of(database)) as conn:
        for e in events:
            stored = store.mapper.to_stored_event(e)
            conn.execute("UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
                         (stored.state, gid.hex, e.originator_version))


def fresh(database: str):
    """Another process on the same database and key (nothing cached)."""
    return create_app(database).test_client()


def kinds(audit: dict) -> list[str]:
    return [p["kind"] for p in audit["problems"]]


def test_every_write_returns_a_receipt_and_an_untouched_game_verifies_with_its_head_checked(app, client, database):
    game = played(client)
    assert [r["version"] for r in game.receipts] == list(range(1, 9))
    audit = game.audit(fresh(database))
    assert audit["ok"] and audit["head"] == "checked"
    r = client.post(f"/api/games/{game.id}/receipt", json=game.receipts[3])
    assert r.status_code == 200 and r.json["ok"] and r.json["checked"]


def test_deleting_the_newest_events_is_found_even_with_the_game_list_rolled_back(app, client, database):
    game = played(client)
    delete_from_end(database, UUID(game.id), keep=6)
    forget_the_game_list(database)
    audit = game.audit(fresh(database))
    assert not audit["ok"] and "events_missing" in kinds(audit)


def test_a_middle_edit_with_the_later_hashes_made_again_is_found(app, client, database):
    game = played(client)

    def play_r2(events):
        events[6].__dict__["move"] = {"type": "play", "seat": "Alex", "card": "R2"}

    rechain(app, database, game.id, play_r2)
    forget_the_game_list(database)
    later = fresh(database)
    audit = game.audit(later)
    assert not audit["ok"] and kinds(audit) == ["head_changed"]
    assert "hash_chain" not in kinds(audit)        # the chain alone would have passed


def test_a_replaced_scorekeeper_token_is_found_and_the_usurper_cannot_record(app, client, database):
    game = played(client)
    usurper = "the-attacker's-own-token"

    def replace_token(events):
        events[0].__dict__["tokens"] = {**events[0].tokens, "scorekeeper": token_hash(usurper)}

    rechain(app, database, game.id, replace_token)
    forget_the_game_list(database)
    later = fresh(database)
    audit = game.audit(later)
    assert not audit["ok"] and kinds(audit) == ["head_changed"]
    game.client = later
    refused = game.post("annotations", {"move_index": 1, "text": "mine now"}, token=usurper, status=409)
    assert refused["code"] == "anchor_mismatch"


def test_a_rollback_of_events_and_anchor_passes_the_audit_but_not_a_receipt(app, client, database):
    """Deleting events from the end together with their anchors restores an
    older, consistent record: only a receipt kept elsewhere shows it."""
    game = played(client)
    receipt = game.receipts[-1]                      # version 8
    delete_from_end(database, UUID(game.id), keep=6)
    anchor = app.extensions["tablelog"].store.repository.get(head_anchor_id(UUID(game.id)))
    at_six = next(v for v in range(anchor.version, 0, -1)
                  if app.extensions["tablelog"].store.repository.get(head_anchor_id(UUID(game.id)),
                                                                     version=v).head["version"] == 6)
    delete_from_end(database, head_anchor_id(UUID(game.id)), keep=at_six)
    forget_the_game_list(database)
    later = fresh(database)
    assert game.audit(later)["ok"]                   # as the README says: the audit alone cannot see this
    r = later.post(f"/api/games/{game.id}/receipt", json=receipt)
    assert r.status_code == 200 and not r.json["ok"]
    assert [p["kind"] for p in r.json["problems"]] == ["receipt_missing"]


def test_a_forged_receipt_and_an_anchor_without_the_key(app, client, database):
    game = played(client)
    forged = {**game.receipts[-1], "version": 7}
    r = client.post(f"/api/games/{game.id}/receipt", json=forged)
    assert [p["kind"] for p in r.json["problems"]] == ["receipt_forged"]
    store = app.extensions["tablelog"].store
    events = list(store.events.get(UUID(game.id)))
    hashes = [hash_of(e) for e in events]

    def check(keyring):
        return check_stored_head(store, UUID(game.id), events[0], len(hashes), lambda v: hashes[v - 1], keyring)

    assert (check(None).said, check(None).problems) == ("not checked: no key", ())
    other = Keyring({"k-other": bytes(32)}, "k-other")
    # An anchor under a key this service does not hold cannot be told from a forgery.
    assert check(other).said == "unverified" and check(other).kinds == ["anchor_unverified"]
    assert new_env_key() != new_env_key()


def test_a_game_stored_before_anchors_and_commitments_still_verifies_and_is_anchored_at_its_next_write(app, client):
    """Old records never break: events with bare hashes and no anchor verify
    ("head not checked"), and the next write anchors the game."""
    from domain.record import GameRecord, event_hash
    games = app.extensions["tablelog"]
    record = GameRecord(game="willi", rules_version="2", players=FOUR, seats=FOUR, options={}, mode="table",
                        seed=None, started_by="scorekeeper", tokens={"scorekeeper": token_hash("old-token")})
    record.record_move({"type": "deal", "hands": HANDS}, [{"fact": "dealt", "round": 1, "leader": "Alex"}],
                       "scorekeeper")
    previous = GENESIS
    for e in record.pending_events:             # as older versions stored them: no salts, bare hashes
        for key in ("salts", "seed_commitment", "group"):
            e.__dict__.pop(key, None)
        e.__dict__["prev_hash"] = previous
        previous = event_hash(type(e).__name__, e.__dict__)
    games.store.save(record)
    gid = str(record.id)
    audit = client.get(f"/api/games/{gid}/audit").json
    assert audit["ok"], audit
    assert audit["head"] == "not checked: the game was recorded before heads were anchored"
    r = client.post(f"/api/games/{gid}/moves", json={"move": {"type": "discard", "seat": "Alex", "card": "R1"}},
                    headers={"Authorization": "Bearer old-token"})
    assert r.status_code == 201, r.json
    audit = fresh_audit(app, gid)
    assert audit["ok"] and audit["head"] == "checked"


def fresh_audit(app, gid: str) -> dict:
    database = app.extensions["tablelog"].store.env.get("SQLITE_DBNAME")
    return fresh(f"sqlite:///{database}").get(f"/api/games/{gid}/audit").json

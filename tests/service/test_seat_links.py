"""In a digital game the seats' tokens are handed out once
as links; the scorekeeper can hand a seat's link out again or revoke it, and
each is an event in the record."""
from __future__ import annotations

import json
import random

from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


def alex_moves(api: Api) -> dict:
    games = api.client.application.extensions["tablelog"]
    legal = api.game.legal_moves(games.history(api.id).state)
    return random.Random(1).choice([m for m in legal if m.get("seat") == "Alex"])


def test_a_new_link_replaces_the_old_one_and_revoking_stops_it(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    old = api.seat_tokens["Alex"]
    issued = api.post("seats/Alex/link")
    assert issued["seat"] == "Alex" and issued["token"] and issued["token"] != old
    move = alex_moves(api)
    assert api.move(move, token=old, status=403)["code"] == "forbidden"
    # Read afresh from the store (another worker, a restart): the new token holds there too.
    games = client.application.extensions["tablelog"]
    games._forget(games.parse_id(api.id))
    api.move(move, token=issued["token"])
    revoked = client.delete(f"/api/games/{api.id}/seats/Alex/link", json={}, headers=api.auth())
    assert revoked.status_code == 200 and revoked.json["token"] is None
    assert client.get(f"/api/games/{api.id}/state?seat=Alex", headers=api.auth(issued["token"])).status_code == 403


def test_only_the_scorekeeper_hands_out_links_and_only_for_a_seat_of_the_game(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    assert api.post("seats/Alex/link", headers=api.auth(api.seat_tokens["Alex"]), status=403)
    assert api.post("seats/Nobody/link", status=404)
    assert client.post(f"/api/games/{api.id}/seats/Alex/link", json={}).status_code == 401


def test_the_change_is_in_the_record_without_the_token_and_the_record_still_imports(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    api.post("seats/Joe/link")
    client.delete(f"/api/games/{api.id}/seats/Hanna/link", json={}, headers=api.auth())
    text = client.get(f"/api/games/{api.id}/export?format=jsonl", headers=api.auth()).get_data(as_text=True)
    changes = [json.loads(line) for line in text.splitlines() if '"SeatLinkChanged"' in line]
    assert [(c["seat"], c["recorded_by"]) for c in changes] == [("Joe", "scorekeeper"), ("Hanna", "scorekeeper")]
    assert all("tokens" not in c for c in changes)
    imported = client.post("/api/games/import", json={"record": text})
    assert imported.status_code == 201, imported.json
    assert client.get(f"/api/games/{api.id}/audit").json["ok"] is True


def test_a_qr_code_of_a_link(client):
    answer = client.post("/api/qr", json={"text": "http://table.local/#/game/x/as/Alex/t0ken"})
    assert answer.status_code == 200 and answer.json["svg"].startswith("<svg")
    assert client.post("/api/qr", json={"text": ""}).status_code == 400
    assert client.post("/api/qr", json={"text": "x" * 1001}).status_code == 400


def test_a_revoked_link_or_another_game_s_token_reads_nothing_not_even_the_table_s_view(client):
    """Sent with a read by a member of the game's group, a token that opens
    the game no longer (or never did) is refused, not taken as no token: the
    table's view (no hand, no move listed) answered to a player's page would
    be drawn as that player's own."""
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    other = Api(client, "willi", FOUR, mode="digital", seed=4)
    old = api.seat_tokens["Alex"]
    seat_moves = client.get(f"/api/games/{api.id}/legal-moves", headers=api.auth(old)).json["moves"]
    assert seat_moves and all(m["seat"] == "Alex" for m in seat_moves)
    api.post("seats/Alex/link")
    for token in (old, other.seat_tokens["Alex"], other.token):
        for read in ("legal-moves", "state", "log", "timeline", ""):
            answer = client.get(f"/api/games/{api.id}/{read}".rstrip("/"), headers=api.auth(token))
            assert answer.status_code == 403, (read, answer.json)
            assert answer.json["detail"] == "That token does not belong to this game."
    # Without a token the group's member reads the table's view, as before.
    assert client.get(f"/api/games/{api.id}/legal-moves").json["moves"] is None

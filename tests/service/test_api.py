"""The HTTP API with Willi."""
from __future__ import annotations

import random
from uuid import uuid4

import pytest

from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
UNSEEN = {"Alex": None, "Joe": None, "Gunter": None, "Hanna": None}


def dealt(client) -> Api:
    api = Api(client, "willi", FOUR)
    api.move({"type": "deal", "hands": UNSEEN})
    return api


# -- creating ----------------------------------------------------------------------
def test_create_answers_id_version_and_tokens_keyed_by_the_players_names(client):
    r = client.post("/api/games", json={"game": "willi", "players": FOUR, "mode": "table"})
    assert r.status_code == 201
    body = r.json
    assert body["version"] == 1
    assert set(body["tokens"]["seats"]) == set(FOUR)
    assert body["tokens"]["scorekeeper"] not in body["tokens"]["seats"].values()
    summary = client.get(f"/api/games/{body['id']}").json
    assert summary["players"] == FOUR and summary["seats"] == FOUR and summary["mode"] == "table"
    assert summary["scores"] == {p: 0 for p in FOUR}


def test_three_players_sit_with_the_card_monster(client):
    api = Api(client, "willi", ["Alex", "Joe", "Hanna"])
    assert set(api.seat_tokens) == {"Alex", "Joe", "Hanna"}
    state = api.state()
    assert state["seats"] == ["monster", "Alex", "Joe", "Hanna"]
    assert "monster" in state["scores"]


def test_create_refuses_bad_player_lists(client):
    for players, status, code in [
        (["Alex", "Alex", "Joe"], 422, "duplicate_player"),
        (["monster", "Joe", "Hanna"], 422, "reserved_name"),
        (["table", "Joe", "Hanna"], 422, "reserved_name"),
        (["service", "Joe", "Hanna", "X"], 422, "reserved_name"),
        (["Alex", "Joe"], 422, "player_count"),
        (["Alex", "", "Joe"], 400, "malformed"),
    ]:
        r = client.post("/api/games", json={"game": "willi", "players": players})
        assert (r.status_code, r.json["code"]) == (status, code), players
    assert client.post("/api/games", json={"game": "chess", "players": FOUR}).status_code == 400
    assert client.post("/api/games", json={"game": "willi", "players": FOUR, "mode": "online"}).status_code == 400
    assert client.post("/api/games", json={"game": "willi"}).status_code == 400
    assert client.post("/api/games", data="{", content_type="application/json").status_code == 400
    assert client.post("/api/games", json=["willi"]).status_code == 400


# -- recording ------------------------------------------------------------------------
def test_a_move_answers_index_version_outcome_auto_and_state(client):
    api = Api(client, "willi", FOUR)
    body = api.move({"type": "deal", "hands": UNSEEN})
    assert body["index"] == 1 and body["version"] == 2 and body["auto"] == []
    assert body["outcome"] == [{"fact": "dealt", "round": 1, "leader": "Alex"}]
    assert body["state"]["expected"] == {"seats": FOUR, "moves": ["discard"]}


def test_authorisation(client):
    api = dealt(client)
    url = f"/api/games/{api.id}/moves"
    move = {"move": {"type": "discard", "seat": "Alex", "card": None}}
    assert client.post(url, json=move).status_code == 401
    assert client.post(url, json=move, headers={"Authorization": "Bearer nonsense"}).status_code == 403
    # a table game takes moves from the scorekeeper only
    assert client.post(url, json=move, headers=api.auth(api.seat_tokens["Alex"])).status_code == 403
    other = Api(client, "willi", FOUR)
    assert client.post(url, json=move, headers=api.auth(other.token)).status_code == 403
    assert client.post("/api/games/not-a-game/moves", json=move, headers=api.auth()).status_code == 404
    assert client.post("/api/games/00000000-0000-0000-0000-000000000000/moves", json=move,
                       headers=api.auth()).status_code == 404
    assert client.get("/api/games/00000000-0000-0000-0000-000000000000/state").status_code == 404


def test_malformed_moves_are_400_and_record_nothing(client):
    api = dealt(client)
    for move in [{"type": "fly"}, {"seat": "Alex"}, {"type": "play", "seat": "Alex", "card": "X5"},
                 {"type": "play", "seat": "Alex", "card": "R10"}, {"type": "play", "seat": "Alex"},
                 {"type": "play", "seat": 3, "card": "R5"}, {"type": "discard", "seat": "Alex", "card": "R5",
                                                             "extra": 1}]:
        body = api.move(move, status=400)
        assert body["code"] == "malformed"
    r = client.post(f"/api/games/{api.id}/moves", json={"move": "play R5"}, headers=api.auth())
    assert r.status_code == 400
    r = client.post(f"/api/games/{api.id}/moves", json={"move": {"type": "deal", "hands": UNSEEN},
                                                        "expected_version": "two"}, headers=api.auth())
    assert r.status_code == 400
    assert api.get("")["version"] == 2


def test_illegal_moves_are_422_with_the_rule_and_record_nothing(client):
    api = dealt(client)
    body = api.move({"type": "play", "seat": "Alex", "card": "R5"}, status=422)
    assert body["code"] == "discard_first"
    assert body["rule"] == "Preparation"
    assert "discard" in body["detail"]
    body = api.move({"type": "discard", "seat": "Nobody", "card": None}, status=422)
    assert body["code"] == "unknown_seat"
    assert api.get("")["version"] == 2 and len(api.get("log")["entries"]) == 1


def test_a_stale_expected_version_is_409(client):
    api = dealt(client)
    api.move({"type": "discard", "seat": "Alex", "card": None}, expected_version=2)
    body = api.move({"type": "discard", "seat": "Joe", "card": None}, status=409, expected_version=2)
    assert body["code"] == "stale_version"
    assert api.get("")["version"] == 3


def test_a_retry_with_the_same_idempotency_key_returns_the_first_answer(client):
    api = dealt(client)
    url = f"/api/games/{api.id}/moves"
    headers = {**api.auth(), "Idempotency-Key": "k-1"}
    first = client.post(url, json={"move": {"type": "discard", "seat": "Alex", "card": None}}, headers=headers)
    again = client.post(url, json={"move": {"type": "discard", "seat": "Alex", "card": None}}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.json == again.json
    assert api.get("")["version"] == 3
    undo1 = client.post(f"/api/games/{api.id}/undo", headers={**api.auth(), "Idempotency-Key": "u-1"})
    undo2 = client.post(f"/api/games/{api.id}/undo", headers={**api.auth(), "Idempotency-Key": "u-1"})
    assert undo1.json == undo2.json == {"version": 4, "undone": 2}


def test_a_retried_start_with_the_same_idempotency_key_starts_one_game(client):
    def count() -> int:
        return len(client.get("/api/games").json["games"])

    body = {"game": "willi", "players": ["Alex", "Joe", "Gunter", "Hanna"], "mode": "digital"}
    key = f"start-{uuid4()}"                  # a database may be shared by several test runs
    before = count()
    first = client.post("/api/games", json=body, headers={"Idempotency-Key": key})
    again = client.post("/api/games", json=body, headers={"Idempotency-Key": key})
    assert first.status_code == again.status_code == 201
    assert first.json == again.json                      # the same id, version and tokens
    assert count() == before + 1
    other = client.post("/api/games", json=body, headers={"Idempotency-Key": key + "-2"})
    plain = client.post("/api/games", json=body)
    assert len({first.json["id"], other.json["id"], plain.json["id"]}) == 3
    refused = client.post("/api/games", json={**body, "players": ["Alex", "Alex", "Joe"]},
                          headers={"Idempotency-Key": key + "-3"})
    assert refused.status_code == 422 and count() == before + 3


# -- undo and redo ----------------------------------------------------------------------
def test_undo_keeps_the_move_in_the_log_and_redo_restores_it_under_its_number(client):
    api = dealt(client)
    api.move({"type": "discard", "seat": "Alex", "card": None})
    assert api.post("undo") == {"version": 4, "undone": 2}
    log = api.get("log")["entries"]
    assert [(e["index"], e["undone"]) for e in log] == [(1, False), (2, True)]
    assert log[1]["history"][0]["event"] == "undone"
    assert api.state()["expected"]["seats"] == FOUR
    assert api.post("redo") == {"version": 5, "redone": 2}
    assert api.get("log")["entries"][1]["undone"] is False
    assert api.state()["expected"]["seats"] == ["Joe", "Gunter", "Hanna"]
    assert api.post("redo", status=409)["code"] == "nothing_to_redo"


def test_a_new_move_after_undo_takes_the_next_number_and_ends_redo(client):
    api = dealt(client)
    api.move({"type": "discard", "seat": "Alex", "card": None})
    api.post("undo")
    body = api.move({"type": "discard", "seat": "Joe", "card": None})
    assert body["index"] == 3
    assert api.post("redo", status=409)["code"] == "nothing_to_redo"
    assert [(e["index"], e["undone"]) for e in api.get("log")["entries"]] == [(1, False), (2, True), (3, False)]


def test_nothing_to_undo_is_409_and_undo_checks_version_and_token(client):
    api = Api(client, "willi", FOUR)
    assert api.post("undo", status=409)["code"] == "nothing_to_undo"
    api.move({"type": "deal", "hands": UNSEEN})
    assert api.post("undo", status=409, json={"expected_version": 1})["code"] == "stale_version"
    assert client.post(f"/api/games/{api.id}/undo").status_code == 401
    assert api.post("undo", json={"expected_version": 2}) == {"version": 3, "undone": 1}


# -- reading --------------------------------------------------------------------------
def test_state_at_n_counts_move_numbers_and_skips_undone_moves(client):
    api = dealt(client)
    api.move({"type": "discard", "seat": "Alex", "card": None})
    api.move({"type": "discard", "seat": "Joe", "card": None})
    api.post("undo")
    api.move({"type": "discard", "seat": "Gunter", "card": None})       # move 4
    assert api.state(0)["phase"] == "deal"
    assert api.state(1)["expected"]["seats"] == FOUR
    assert api.state(2)["discarded"] == ["Alex"]
    assert api.state(3)["discarded"] == ["Alex"]                       # 3 was undone
    assert api.state(4)["discarded"] == ["Alex", "Gunter"]
    assert api.state()["discarded"] == ["Alex", "Gunter"]
    for key in ("scores", "finished", "winners", "expected"):
        assert key in api.state(0)
    assert client.get(f"/api/games/{api.id}/state?at=-1").status_code == 400
    assert client.get(f"/api/games/{api.id}/state?at=x").status_code == 400
    for written in ("+1", "1_0", "١", " 1", "1.0"):       # a move number is ASCII digits
        assert client.get(f"/api/games/{api.id}/state", query_string={"at": written}).status_code == 400, written
    assert client.get(f"/api/games/{api.id}/state", query_string={"at": "01"}).get_json() == api.state(1)


def test_legal_moves_lists_who_acts_and_what_they_may_do(client):
    api = Api(client, "willi", FOUR)
    assert api.get("legal-moves") == {"version": api.version, "expected": {"seats": ["table"], "moves": ["deal"]},
                                      "moves": None, "unlisted": ["deal"]}
    hands = {"Alex": ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"], "Joe": None, "Gunter": None,
             "Hanna": None}
    api.move({"type": "deal", "hands": hands})
    moves = api.get("legal-moves")["moves"]
    assert {"type": "discard", "seat": "Alex", "card": "R9"} in moves
    assert {"type": "discard", "seat": "Alex", "card": None} not in moves     # Alex's hand is known
    assert {"type": "discard", "seat": "Joe", "card": None} in moves


def test_game_types_describe_the_vocabulary(client):
    types = client.get("/api/game-types").json["games"]
    willi = next(g for g in types if g["id"] == "willi")
    assert willi["players"] == {"min": 3, "max": 4}
    assert set(willi["moves"]) == {"deal", "discard", "play", "meinz", "exchange"}
    assert set(willi["moves"]["exchange"]["fields"]) == {"type", "seat", "give", "take"}
    assert willi["moves"]["play"]["fields"]["card"]["pattern"] == "^[RYGB][1-9]$"


def test_a_field_says_whether_it_holds_a_die_or_a_card_of_which_deck(client):
    """Staff cards 1-6 and die faces 1-6 share their numbers: the vocabulary tells them apart."""
    moves = next(g for g in client.get("/api/game-types").json["games"] if g["id"] == "grand_austria")["moves"]
    assert moves["roll"]["fields"]["dice"]["items"]["holds"] == "die"
    assert moves["take_die"]["fields"]["value"]["holds"] == "die"
    assert moves["hire"]["fields"]["staff"] | {"holds": "card", "deck": "staff"} == moves["hire"]["fields"]["staff"]
    assert moves["setup"]["fields"]["hands"]["values"]["items"]["deck"] == "staff"
    assert moves["setup"]["fields"]["queue"]["items"]["deck"] == "guest"
    assert moves["setup"]["fields"]["objectives"]["items"]["deck"] == "objective"


def test_openapi_and_offline_docs(client):
    spec = client.get("/api/openapi.json").json
    for path in ["/api/games", "/api/games/{game_id}/moves", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/redo", "/api/games/{game_id}/state", "/api/games/{game_id}/legal-moves",
                 "/api/games/{game_id}/log", "/api/games/{game_id}/audit", "/api/game-types"]:
        assert path in spec["paths"], path
    page = client.get("/api/docs").get_data(as_text=True)
    assert "/api/docs/assets/swagger-ui-bundle.js" in page
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page
    assert client.get("/api/docs/assets/swagger-ui-bundle.js").status_code == 200


def test_a_page_following_a_game_is_answered_304_while_nothing_changed(client):
    api = Api(client, "willi", ["Alex", "Joe", "Gunter", "Hanna"])
    first = client.get(f"/api/games/{api.id}")
    tag = first.headers["ETag"]
    again = client.get(f"/api/games/{api.id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    api.move({"type": "deal", "hands": dict.fromkeys(["Alex", "Joe", "Gunter", "Hanna"])})
    moved = client.get(f"/api/games/{api.id}", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.json["version"] == first.json["version"] + 1
    assert moved.headers["ETag"] != tag


def test_list_games(client):
    api = dealt(client)
    listed = client.get("/api/games").json["games"]
    mine = next(g for g in listed if g["id"] == api.id)
    assert mine["game"] == "willi" and mine["version"] == 2 and mine["moves"] == 1


# -- audit ------------------------------------------------------------------------------
def test_audit_reports_a_renege_at_the_move_that_did_not_follow(client):
    api = Api(client, "willi", FOUR)
    api.move({"type": "deal", "hands": {"Alex": ["R1", "R2", "R3", "R4", "R5", "Y1", "Y2", "G1", "G2"],
                                        "Joe": None, "Gunter": None, "Hanna": None}})
    for seat in FOUR:
        api.move({"type": "discard", "seat": seat, "card": None})
    api.move({"type": "play", "seat": "Alex", "card": "R1"})               # 6
    api.move({"type": "play", "seat": "Joe", "card": "B9"})                # 7: Joe does not follow red
    assert api.get("audit") == {"id": api.id, "ok": True, "version": 8, "head": "checked", "problems": [],
                                "findings": [], "accepted": []}
    api.move({"type": "play", "seat": "Gunter", "card": "B8"})
    api.move({"type": "play", "seat": "Hanna", "card": "B7"})              # Alex wins with R1
    api.move({"type": "play", "seat": "Alex", "card": "Y1"})
    api.move({"type": "play", "seat": "Joe", "card": "R9"})                # Joe shows red
    audit = api.get("audit")
    assert audit["ok"] is True
    assert [(f["kind"], f["seat"], f["move_index"]) for f in audit["findings"]] == [("renege", "Joe", 7)]


@pytest.mark.slow
def test_random_willi_games_through_the_api_score_as_the_rulebook_says(client):
    from willi_oracle import score_by_hand
    for players, seed in [(FOUR, 1), (["Alex", "Joe", "Hanna"], 2)]:
        api = Api(client, "willi", players)
        rng = random.Random(seed)
        illegal_tried = 0
        while not api.state()["finished"]:
            move = api.random_move(rng)
            if move["type"] == "play" and rng.random() < 0.05:
                # try a card that is not in the player's hand first: always refused
                state = api.state()
                seen = {c["card"] for c in (state["trick"] or {"cards": []})["cards"]}
                bad = next(iter(seen), None)
                if bad:
                    body = api.move({**move, "card": bad}, status=422)
                    assert body["code"] in ("not_in_hand", "not_your_turn", "must_follow")
                    illegal_tried += 1
            api.move(move)
        log = [e for e in api.get("log")["entries"] if not e["undone"]]
        scores, winners = score_by_hand([e["move"] for e in log], api.state()["seats"])
        final = api.state()
        assert final["scores"] == scores
        assert final["winners"] == winners
        assert len(final["history"]) == 8

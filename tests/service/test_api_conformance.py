"""The API as documented, item by item: shapes, numbers, errors (never a
500 for bad input)."""
from __future__ import annotations

import re
from datetime import datetime

import pytest
from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
UNSEEN = {seat: None for seat in FOUR}
DEAL = {"type": "deal", "hands": UNSEEN}
MISSING = "00000000-0000-0000-0000-000000000000"


def dealt(client) -> Api:
    api = Api(client, "willi", FOUR)
    api.move(DEAL)
    return api


def refused(r, status: int) -> dict:
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:300])
    body = r.get_json()
    assert isinstance(body["code"], str) and isinstance(body["detail"], str)
    assert r.mimetype == "application/problem+json" and body["status"] == status
    return body


# -- POST /api/games ------------------------------------------------------------------
def test_create_answers_exactly_id_version_and_tokens(client):
    r = client.post("/api/games", json={"game": "willi", "players": FOUR, "mode": "table"})
    assert r.status_code == 201
    body = r.get_json()
    assert set(body) == {"id", "version", "tokens"}
    assert set(body["tokens"]) == {"scorekeeper", "seats"}
    assert isinstance(body["tokens"]["scorekeeper"], str) and body["version"] == 1
    assert list(body["tokens"]["seats"]) == FOUR                  # keyed by the names as given, in order
    assert len({body["tokens"]["scorekeeper"], *body["tokens"]["seats"].values()}) == 5
    # the body's optional fields: mode defaults to table, seed and options may be left out or null
    r = client.post("/api/games", json={"game": "willi", "players": FOUR, "seed": None, "options": {}})
    assert r.status_code == 201 and client.get(f"/api/games/{r.get_json()['id']}").get_json()["mode"] == "table"


def test_names_as_given_are_the_seats_everywhere(client):
    names = ["Jürgen", "Zoë Ann", "李", "o'Neil"]
    api = Api(client, "willi", names)
    assert list(api.seat_tokens) == names
    summary = api.get("")
    assert summary["players"] == names and summary["seats"] == names and list(summary["scores"]) == names
    body = api.move({"type": "deal", "hands": {n: None for n in names}})
    assert body["outcome"][0]["leader"] == "Jürgen"
    assert body["state"]["expected"]["seats"] == names and list(body["state"]["scores"]) == names
    body = api.move({"type": "discard", "seat": "Zoë Ann", "card": None})
    assert api.get("log")["entries"][-1]["move"]["seat"] == "Zoë Ann"
    assert body["state"]["expected"]["seats"] == ["Jürgen", "李", "o'Neil"]


@pytest.mark.parametrize("players", [["", "Joe", "Gunter", "Hanna"], ["Alex", "Alex", "Joe"],
                                     ["table", "Joe", "Hanna"], ["service", "Joe", "Gunter", "Hanna"],
                                     ["monster", "Joe", "Gunter", "Hanna"], ["monster", "Joe", "Hanna"]])
def test_names_must_be_non_empty_unique_and_not_reserved(client, players):
    before = len(client.get("/api/games").get_json()["games"])
    refused(client.post("/api/games", json={"game": "willi", "players": players}), 400 if "" in players else 422)
    assert len(client.get("/api/games").get_json()["games"]) == before


@pytest.mark.parametrize("body", [
    {"game": "willi", "players": FOUR, "seed": 1.5},
    {"game": "willi", "players": FOUR, "seed": "7"},
    {"game": "willi", "players": FOUR, "seed": True},
    {"game": "willi", "players": FOUR, "mode": None},
    {"game": "willi", "players": "Alex Joe Gunter Hanna"},
    {"game": "willi", "players": [1, 2, 3, 4]},
    {"game": "willi", "players": FOUR, "options": []},
    {"game": "willi", "players": FOUR, "extra": 1},
    {"game": 7, "players": FOUR},
])
def test_create_refuses_wrong_field_types_with_400(client, body):
    assert refused(client.post("/api/games", json=body), 400)["code"] == "malformed"


# -- bodies that do not parse: 400, never 500 --------------------------------------------
NOT_JSON = [
    ("not json", "hello", "application/json"),
    ("cut off", '{"move": {"type": "deal"', "application/json"),
    ("array", "[1, 2]", "application/json"),
    ("number", "42", "application/json"),
    ("null", "null", "application/json"),
    ("string", '"deal"', "application/json"),
    ("bad utf-8", b'{"move": "\xff\xfe"}', "application/json"),
    ("integer too long to read", '{"move": {"type": "deal"}, "expected_version": ' + "9" * 5000 + "}",
     "application/json"),
    ("nested too deep", '{"move": ' + "[" * 100_000 + "]" * 100_000 + "}", "application/json"),
    ("lone surrogate", '{"move": {"type": "discard", "seat": "\\ud800", "card": null}}', "application/json"),
]


@pytest.mark.parametrize("label,data,content_type", NOT_JSON, ids=[n[0] for n in NOT_JSON])
def test_a_move_body_that_does_not_parse_is_400_and_records_nothing(client, label, data, content_type):
    api = dealt(client)
    r = client.post(f"/api/games/{api.id}/moves", data=data, content_type=content_type, headers=api.auth())
    assert refused(r, 400)["code"] == "malformed"
    assert api.get("")["version"] == 2


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
@pytest.mark.parametrize("path", ["moves", "undo", "annotations"])
def test_a_body_of_another_type_than_json_is_415_and_records_nothing(client, path, content_type):
    api = dealt(client)
    r = client.post(f"/api/games/{api.id}/{path}", data='{"move": {"type": "deal", "hands": {}}}',
                    headers={**api.auth(), **({"Content-Type": content_type} if content_type else {})})
    assert refused(r, 415)["code"] == "unsupported_media_type" and r.headers["Accept"] == "application/json"
    assert api.get("")["version"] == 2


@pytest.mark.parametrize("label,data,content_type", NOT_JSON, ids=[n[0] for n in NOT_JSON])
def test_a_create_body_that_does_not_parse_is_400(client, label, data, content_type):
    if label == "lone surrogate":
        data = '{"game": "willi", "players": ["\\ud800", "Joe", "Gunter", "Hanna"]}'
    if label == "integer too long to read":
        data = '{"game": "willi", "players": ["Alex", "Joe", "Gunter", "Hanna"], "seed": ' + "9" * 5000 + "}"
    before = len(client.get("/api/games").get_json()["games"])
    assert refused(client.post("/api/games", data=data, content_type=content_type), 400)["code"] == "malformed"
    assert len(client.get("/api/games").get_json()["games"]) == before


@pytest.mark.parametrize("path", ["undo", "redo", "annotations"])
@pytest.mark.parametrize("data", ["[", "[]", "7", '{"expected_version": ' + "9" * 5000 + "}",
                                  '{"expected_version": ' + "[" * 50_000 + "]" * 50_000 + "}",
                                  '{"move_index": 1, "text": "\\udfff"}'])
def test_undo_redo_and_annotation_bodies_that_do_not_parse_are_400(client, path, data):
    api = dealt(client)
    r = client.post(f"/api/games/{api.id}/{path}", data=data, content_type="application/json", headers=api.auth())
    assert refused(r, 400)["code"] == "malformed"
    assert api.get("")["version"] == 2


def test_an_import_nested_too_deep_is_400(client):
    r = client.post("/api/games/import", data="[" * 100_000 + "]" * 100_000, content_type="application/json")
    assert r.status_code == 400


@pytest.mark.parametrize("move,expected_version", [
    ({"type": "fly"}, None),
    ({"type": "play", "seat": "Alex", "card": "R0"}, None),
    ({"type": "play", "seat": "Alex", "card": "r5"}, None),
    ({"type": "play", "seat": "Alex", "card": 15}, None),
    ({"type": "play", "seat": ["Alex"], "card": "R5"}, None),
    ({"type": "discard", "seat": "Alex", "card": None, "extra": True}, None),
    ({"type": "discard", "seat": "Alex", "card": None}, "2"),
    ({"type": "discard", "seat": "Alex", "card": None}, 2.5),
    ({"type": "discard", "seat": "Alex", "card": None}, True),
    ({"type": "discard", "seat": "Alex", "card": None}, [2]),
])
def test_wrong_field_types_are_400_and_record_nothing(client, move, expected_version):
    api = dealt(client)
    body = {"move": move} if expected_version is None else {"move": move, "expected_version": expected_version}
    r = client.post(f"/api/games/{api.id}/moves", json=body, headers=api.auth())
    assert refused(r, 400)["code"] == "malformed"
    assert api.get("")["version"] == 2


@pytest.mark.parametrize("expected_version", ["2", 2.5, True])
def test_undo_refuses_an_expected_version_that_is_no_integer(client, expected_version):
    api = dealt(client)
    assert refused(api_post(client, api, "undo", {"expected_version": expected_version}), 400)["code"] == "malformed"
    assert api.get("")["version"] == 2


def api_post(client, api: Api, path: str, json=None, headers=None):
    return client.post(f"/api/games/{api.id}/{path}", json=json if json is not None else {},
                       headers=headers if headers is not None else api.auth())


def test_a_huge_expected_version_is_stale_not_an_error(client):
    api = dealt(client)
    r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(),
                    json={"move": {"type": "discard", "seat": "Alex", "card": None}, "expected_version": 10 ** 40})
    assert refused(r, 409)["code"] == "stale_version"


# -- tokens -----------------------------------------------------------------------------
@pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer ", "Bearer   ", "Basic YWxleDpwdw==", "Token abc"])
def test_no_token_is_401(client, header):
    api = dealt(client)
    headers = {} if header is None else {"Authorization": header}
    move = {"move": {"type": "discard", "seat": "Alex", "card": None}}
    assert refused(client.post(f"/api/games/{api.id}/moves", json=move, headers=headers), 401)
    for path in ("undo", "redo"):
        assert refused(api_post(client, api, path, headers=headers), 401)
    assert api.get("")["version"] == 2


@pytest.mark.parametrize("token", ["nonsense", "Bäh ☃", "x" * 5000])
def test_a_token_of_no_seat_of_this_game_is_403(client, token):
    api = dealt(client)
    move = {"move": {"type": "discard", "seat": "Alex", "card": None}}
    r = client.post(f"/api/games/{api.id}/moves", json=move, headers={"Authorization": f"Bearer {token}"})
    assert refused(r, 403)
    assert api.get("")["version"] == 2


def test_the_bearer_scheme_is_not_case_sensitive(client):
    api = dealt(client)
    r = client.post(f"/api/games/{api.id}/moves", json={"move": {"type": "discard", "seat": "Alex", "card": None}},
                    headers={"Authorization": f"bearer {api.token}"})
    assert r.status_code == 201


# -- unknown games, odd paths and methods -------------------------------------------------
GAME_PATHS = ["", "/state", "/legal-moves", "/log", "/audit"]


@pytest.mark.parametrize("game_id", [MISSING, "not-a-game", "12345", "%C3%A4", "x" * 300])
def test_an_unknown_or_malformed_game_id_is_404_everywhere(client, game_id):
    api = Api(client, "willi", FOUR)
    for path in GAME_PATHS:
        assert refused(client.get(f"/api/games/{game_id}{path}"), 404)["code"] == "not_found", path
    assert refused(client.post(f"/api/games/{game_id}/moves", json={"move": DEAL}, headers=api.auth()), 404)
    for path in ("undo", "redo"):
        assert refused(client.post(f"/api/games/{game_id}/{path}", json={}, headers=api.auth()), 404)


def test_trailing_slashes_and_other_methods_get_a_clear_error(client):
    api = dealt(client)
    for url in ["/api/games/", f"/api/games/{api.id}/", f"/api/games/{api.id}/state/", "/api/game-types/"]:
        assert refused(client.get(url), 404)
    assert refused(client.post(f"/api/games/{api.id}/moves/", json={"move": DEAL}, headers=api.auth()), 404)
    for method in ("put", "delete", "patch"):
        for url in ["/api/games", f"/api/games/{api.id}", f"/api/games/{api.id}/moves",
                    f"/api/games/{api.id}/state", f"/api/games/{api.id}/undo"]:
            assert refused(getattr(client, method)(url, json={}, headers=api.auth()), 405)
    assert refused(client.get(f"/api/games/{api.id}/moves"), 405)
    head = client.head(f"/api/games/{api.id}/state")
    assert head.status_code == 200 and head.data == b""
    assert api.get("")["version"] == 2


# -- recording ----------------------------------------------------------------------------
def test_a_recorded_move_answers_exactly_index_version_outcome_auto_state(client):
    api = Api(client, "willi", FOUR)
    body = api.move(DEAL)
    assert set(body) == {"index", "version", "outcome", "auto", "state"}
    assert isinstance(body["outcome"], list) and body["auto"] == []
    for key in ("scores", "finished", "winners", "expected"):
        assert key in body["state"]
    assert body["state"] == {k: v for k, v in api.state().items() if k in body["state"]}


def test_a_refused_move_is_422_code_message_rule_and_records_nothing(client):
    api = dealt(client)
    log = api.get("log")
    r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(),
                    json={"move": {"type": "play", "seat": "Alex", "card": "R5"}})
    assert r.status_code == 422
    problem = r.get_json()
    assert {"code", "detail", "rule", "type", "title", "status", "instance", "params"} == set(problem)
    assert all(isinstance(problem[k], str) and problem[k] for k in ("code", "detail", "rule", "type", "title"))
    assert api.get("log") == log


def test_an_idempotent_retry_is_answered_even_when_its_expected_version_is_now_stale(client):
    api = dealt(client)
    headers = {**api.auth(), "Idempotency-Key": "retry-1"}
    body = {"move": {"type": "discard", "seat": "Alex", "card": None}, "expected_version": 2}
    first = client.post(f"/api/games/{api.id}/moves", json=body, headers=headers)
    again = client.post(f"/api/games/{api.id}/moves", json=body, headers=headers)
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    assert api.get("")["version"] == 3 and len(api.get("log")["entries"]) == 2


def test_a_refused_move_does_not_use_up_its_idempotency_key(client):
    api = dealt(client)
    headers = {**api.auth(), "Idempotency-Key": "k-422"}
    r = client.post(f"/api/games/{api.id}/moves", headers=headers,
                    json={"move": {"type": "play", "seat": "Alex", "card": "R5"}})
    assert r.status_code == 422
    r = client.post(f"/api/games/{api.id}/moves", headers=headers,
                    json={"move": {"type": "discard", "seat": "Alex", "card": None}})
    assert r.status_code == 201 and r.get_json()["index"] == 2


def test_undo_and_redo_honour_idempotency_key_and_expected_version(client):
    api = dealt(client)
    api.move({"type": "discard", "seat": "Alex", "card": None})
    undo = {**api.auth(), "Idempotency-Key": "u"}
    assert api_post(client, api, "undo", {"expected_version": 3}, undo).get_json() == {"version": 4, "undone": 2}
    assert api_post(client, api, "undo", {"expected_version": 3}, undo).get_json() == {"version": 4, "undone": 2}
    assert refused(api_post(client, api, "redo", {"expected_version": 3}), 409)["code"] == "stale_version"
    redo = {**api.auth(), "Idempotency-Key": "r"}
    assert api_post(client, api, "redo", {"expected_version": 4}, redo).get_json() == {"version": 5, "redone": 2}
    assert api_post(client, api, "redo", {}, redo).get_json() == {"version": 5, "redone": 2}
    assert api.get("")["version"] == 5


def test_undo_and_redo_answer_exactly_version_and_the_move_number(client):
    api = dealt(client)
    r = api_post(client, api, "undo")
    assert r.status_code == 201 and r.get_json() == {"version": 3, "undone": 1}
    r = api_post(client, api, "redo")
    assert r.status_code == 201 and r.get_json() == {"version": 4, "redone": 1}
    for path in ("undo", "redo"):                                 # no body at all is fine too
        assert client.post(f"/api/games/{api.id}/{path}", headers=api.auth()).status_code == 201


# -- numbers ------------------------------------------------------------------------------
def test_version_counts_every_event_and_move_numbers_are_never_reused(client):
    api = Api(client, "willi", FOUR)
    assert api.get("")["version"] == 1                                     # Started
    assert api.move(DEAL)["version"] == 2
    assert api.move({"type": "discard", "seat": "Alex", "card": None})["index"] == 2
    assert api.get("")["version"] == 3
    assert api.post("undo") == {"version": 4, "undone": 2}
    r = client.post(f"/api/games/{api.id}/annotations", json={"move_index": 1, "text": "fine"}, headers=api.auth())
    assert r.status_code == 201 and r.get_json()["version"] == 5          # an annotation is an event too
    assert api.post("redo") == {"version": 6, "redone": 2}                 # an annotation is no move
    assert api.post("undo") == {"version": 7, "undone": 2}
    assert api.post("undo") == {"version": 8, "undone": 1}
    assert api.post("redo") == {"version": 9, "redone": 1}                 # the most recently undone first
    assert api.post("redo") == {"version": 10, "redone": 2}
    assert api.post("redo", status=409)["code"] == "nothing_to_redo"
    body = api.move({"type": "discard", "seat": "Joe", "card": None})
    assert (body["index"], body["version"]) == (3, 11)
    api.post("undo")
    body = api.move({"type": "discard", "seat": "Gunter", "card": None})
    assert (body["index"], body["version"]) == (4, 13)                     # 3 stays undone, never reused
    log = api.get("log")
    assert log["version"] == 13
    assert [(e["index"], e["undone"]) for e in log["entries"]] == [(1, False), (2, False), (3, True), (4, False)]
    assert api.state(3)["discarded"] == ["Alex"] and api.state(4)["discarded"] == ["Alex", "Gunter"]
    assert api.state(0)["phase"] == "deal" and api.state(0)["expected"] == {"seats": ["table"], "moves": ["deal"]}


def test_the_log_says_who_recorded_each_entry_and_when(client):
    api = dealt(client)
    api.move({"type": "discard", "seat": "Alex", "card": None})
    api.post("undo")
    log = api.get("log")
    assert [e["index"] for e in log["entries"]] == [1, 2]
    for entry in log["entries"]:
        assert entry["recorded_by"] == "scorekeeper"
        assert datetime.fromisoformat(entry["recorded_at"]).tzinfo is not None
    undone = log["entries"][1]
    assert undone["undone"] is True
    assert undone["history"][0]["event"] == "undone" and undone["history"][0]["by"] == "scorekeeper"
    assert re.match(r"\d{4}-\d\d-\d\d", undone["history"][0]["at"])


# -- reading ------------------------------------------------------------------------------
def test_every_state_has_scores_finished_winners_and_expected(client):
    api = dealt(client)
    for at in (None, 0, 1, 99):
        state = api.state(at)
        assert set(state["scores"]) == set(FOUR) and state["finished"] is False and state["winners"] == []
        assert set(state["expected"]) == {"seats", "moves"}


def test_legal_moves_and_audit_answer_their_shapes(client):
    api = dealt(client)
    legal = api.get("legal-moves")
    assert set(legal) == {"version", "expected", "moves", "unlisted"} and set(legal["expected"]) == {"seats", "moves"}
    assert legal["unlisted"] == []                 # Willi lists every discard: no form is needed beside them
    assert legal["expected"] == {"seats": FOUR, "moves": ["discard"]}
    assert {"type": "discard", "seat": "Alex", "card": None} in legal["moves"]
    audit = api.get("audit")
    assert audit["ok"] is True and audit["findings"] == []


def test_game_types_give_title_player_counts_options_and_move_fields(client):
    r = client.get("/api/game-types")
    assert r.status_code == 200
    for game in r.get_json()["games"]:
        assert isinstance(game["title"], str) and game["title"]
        assert 1 <= game["players"]["min"] <= game["players"]["max"]
        assert "options" in game and game["moves"]
        for name, move in game["moves"].items():
            assert "type" in move["fields"], (game["id"], name)
            for spec in move["fields"].values():
                assert "type" in spec and "required" in spec
    willi = next(g for g in r.get_json()["games"] if g["id"] == "willi")
    assert (willi["title"], willi["players"]) == ("Willi", {"min": 3, "max": 4})
    assert {"table", "service", "monster"} <= set(willi["reserved_seats"])


def test_a_seats_hidden_view_needs_that_seats_token(client):
    api = Api(client, "willi", ["Alex", "Joe", "Hanna"], mode="digital", seed=4)
    for headers in ({}, api.auth(), api.auth(api.seat_tokens["Alex"])):
        r = client.get(f"/api/games/{api.id}/state?seat=Joe", headers=headers)
        assert refused(r, 403)
        r = client.get(f"/api/games/{api.id}/state?seat=Joe&at=1", headers=headers)
        assert refused(r, 403)
    public = api.state()
    assert all(hand["cards"] is None for hand in public["hands"].values())
    joe = api.get("state?seat=Joe&at=1", headers=api.auth(api.seat_tokens["Joe"]))
    assert len(joe["hands"]["Joe"]["cards"]) == 9
    assert refused(client.get(f"/api/games/{api.id}/state?seat=Nobody"), 404)


# -- text no store can keep ------------------------------------------------------------------
@pytest.mark.store       # PostgreSQL cannot keep NUL in text
def test_a_nul_character_is_refused_before_anything_is_stored(client):
    """PostgreSQL's text columns cannot hold a NUL: a name with one, once
    stored, would break the game list for good."""
    api = dealt(client)
    before = len(client.get("/api/games").get_json()["games"])
    assert refused(client.post("/api/games", json={"game": "willi", "players": ["A\x00", "Joe", "Gunter", "Hanna"]}),
                   400)["code"] == "malformed"
    record = client.get(f"/api/games/{api.id}/export?format=jsonl").get_data(as_text=True)
    assert refused(client.post("/api/games/import", data=record.replace('"Alex"', '"Al\\u0000ex"'),
                               content_type="text/plain"), 422)["code"] == "not_a_record"
    assert refused(client.post("/api/games/import", data=record.replace('"Alex"', '"Al\x00ex"'),
                               content_type="text/plain"), 422)["code"] == "not_a_record"
    move = {"move": {"type": "discard", "seat": "Alex\x00", "card": None}}
    assert refused(client.post(f"/api/games/{api.id}/moves", json=move, headers=api.auth()), 400)
    assert refused(client.post(f"/api/games/{api.id}/annotations", json={"move_index": 1, "text": "a\x00"},
                               headers=api.auth()), 400)
    for url in [f"/api/games/{api.id}/state?seat=%00", "/api/players/a%00b", f"/api/games/{api.id}%00/log"]:
        assert refused(client.get(url), 400), url
    games = client.get("/api/games")
    assert games.status_code == 200 and len(games.get_json()["games"]) == before
    assert api.get("")["version"] == 2
    # an escaped backslash before "u0000" is no NUL
    r = client.post(f"/api/games/{api.id}/annotations", headers=api.auth(),
                    data='{"move_index": 1, "text": "a\\\\u0000 b"}', content_type="application/json")
    assert r.status_code == 201
    assert api.get("log")["entries"][0]["annotations"][0]["text"] == "a\\u0000 b"

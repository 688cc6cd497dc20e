"""Answers are written by orjson (fast) with Flask's conversions; whatever
orjson cannot write falls back to the standard library, so a client sees
the same JSON either way."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from uuid import UUID

import pytest

from service.http.app import FastJSONProvider, create_app


@pytest.fixture
def provider(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'json.sqlite3'}")
    assert isinstance(app.json, FastJSONProvider)
    return app.json


def test_dates_uuids_and_non_string_keys_are_written_as_flask_writes_them(provider):
    when = datetime(2026, 12, 1, 4, 30, tzinfo=timezone.utc)
    game = UUID("2aff5315-6e79-4567-94e3-96b1f4b6cd10")
    value = {"at": when, "id": game, 3: "three", "names": ("Jürgen", "Zoë")}
    assert json.loads(provider.dumps(value)) == {
        "at": "Tue, 01 Dec 2026 04:30:00 GMT", "id": str(game), "3": "three", "names": ["Jürgen", "Zoë"]}


def test_an_integer_beyond_64_bits_falls_back_to_the_standard_library(provider):
    assert json.loads(provider.dumps({"n": 2 ** 80})) == {"n": 2 ** 80}
    with provider._app.app_context():
        assert json.loads(provider.response({"n": -(2 ** 70)}).get_data()) == {"n": -(2 ** 70)}


def test_what_no_json_holds_is_still_refused(provider):
    with pytest.raises(TypeError):
        provider.dumps({"cards": {"R5"}})


def test_a_recorded_move_answers_in_utf8_json(client):
    created = client.post("/api/games", json={"game": "willi", "players": ["Jürgen", "Zoë", "Ana", "Bo"]}).get_json()
    answer = client.get(f"/api/games/{created['id']}/state")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.get_json()["players"] == ["Jürgen", "Zoë", "Ana", "Bo"]
    assert "Jürgen".encode() in answer.get_data()


@pytest.mark.parametrize("debug", [False, True])
def test_an_answer_is_written_with_its_status_its_headers_after_its_own_and_the_answer_kept(provider, debug):
    provider._app.debug = debug
    answer = {"version": 3, "index": 2}
    with provider._app.app_context():
        response = provider.answer(answer, 201, {"Tablelog-Receipt": '{"version":3}'})
    assert response.status_code == 201 and response.mimetype == "application/json"
    assert [name for name, _ in response.headers] == ["Content-Type", "Content-Length", "Tablelog-Receipt"]
    assert json.loads(response.get_data()) == answer
    assert response.written_from is answer

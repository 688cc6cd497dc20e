"""A game needs no change to the service: a small trick-taking game, defined
in a test file (tests/three_suits.py, "Three Suits") and registered beside the
shipped ones, is started, dealt by the service, played, undone, read back as
each seat may see it and exported through the HTTP API, and listed with its
moves in the OpenAPI document."""
from __future__ import annotations

import pytest
from three_suits import HAND, ThreeSuits

from domain.games import get_game, register, unregister
from service.http.app import create_app


@pytest.fixture
def client(tmp_path):
    register(ThreeSuits())
    app = create_app(f"sqlite:///{tmp_path / 'three.sqlite3'}")
    try:
        yield app.test_client()
    finally:
        app.extensions["tablelog"].store.close()
        unregister("three_suits")


def test_the_game_is_listed_with_its_moves_in_the_document(client):
    listed = [g["id"] for g in client.get("/api/game-types").get_json()["games"]]
    assert "three_suits" in listed
    document = client.get("/api/openapi.json").get_data(as_text=True)
    assert "ThreeSuitsPlay" in document or "three_suits" in document


def test_a_digital_game_is_dealt_played_undone_redone_and_exported(client):
    created = client.post("/api/games", json={"game": "three_suits", "players": ["Ann", "Bo", "Cy"],
                                              "mode": "digital"})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    table, seats = game["tokens"]["scorekeeper"], game["tokens"]["seats"]
    auth = lambda token: {"Authorization": f"Bearer {token}"}  # noqa: E731
    own = client.get(f"/api/games/{game['id']}/state", headers=auth(seats["Ann"])).get_json()
    assert len(own["hands"]["Ann"]) == HAND and own["hands"]["Bo"] is None        # dealt by the service, hidden
    wrong = client.post(f"/api/games/{game['id']}/moves", headers=auth(seats["Bo"]),
                        json={"move": {"type": "play", "seat": "Bo", "card": "R1"}})
    assert wrong.status_code in (403, 422)
    for ply in range(3 * HAND):
        state = client.get(f"/api/games/{game['id']}/state", headers=auth(table)).get_json()
        seat = state["to_play"]
        legal = client.get(f"/api/games/{game['id']}/legal-moves", headers=auth(seats[seat])).get_json()
        move = legal["moves"][0]
        played = client.post(f"/api/games/{game['id']}/moves", headers=auth(seats[seat]), json={"move": move})
        assert played.status_code == 201, played.get_json()
        if ply == 3:                      # the second trick's first card: taken back, then made again
            assert client.post(f"/api/games/{game['id']}/undo", headers=auth(seats[seat]), json={}).status_code == 201
            back = client.get(f"/api/games/{game['id']}/state", headers=auth(table)).get_json()
            assert back["to_play"] == seat and back["trick"] == []
            assert client.post(f"/api/games/{game['id']}/redo", headers=auth(seats[seat]), json={}).status_code == 201
    end = client.get(f"/api/games/{game['id']}/state", headers=auth(table)).get_json()
    assert end["finished"] and sum(end["scores"].values()) == HAND and end["winners"]
    record = client.get(f"/api/games/{game['id']}/export?format=jsonl", headers=auth(table))
    assert record.status_code == 200 and "three_suits" in record.get_data(as_text=True)


def test_the_registry_forgets_the_game_again():
    register(ThreeSuits())
    assert get_game("three_suits").title == "Three Suits"
    unregister("three_suits")
    with pytest.raises(KeyError):
        get_game("three_suits")

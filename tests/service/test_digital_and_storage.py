"""Digital mode, concurrency and the append-only store."""
from __future__ import annotations

import threading

import psycopg
import pytest
from helpers import Api

THREE = ["Alex", "Joe", "Hanna"]


def test_a_digital_game_deals_itself_and_hides_hands(client):
    api = Api(client, "willi", THREE, mode="digital", seed=7)
    assert api.created["version"] == 2                      # Started + the service's deal
    log = api.get("log")["entries"]
    assert log[0]["recorded_by"] == "service" and log[0]["move"]["type"] == "deal"
    assert all(cards is None for cards in log[0]["move"]["hands"].values())
    public = api.state()
    assert all(h["cards"] is None for h in public["hands"].values())
    joe = api.get("state?seat=Joe", headers=api.auth(api.seat_tokens["Joe"]))
    assert len(joe["hands"]["Joe"]["cards"]) == 9 and joe["hands"]["Alex"]["cards"] is None
    assert api.get("state?seat=Joe", status=403, headers=api.auth(api.seat_tokens["Alex"]))
    joes_log = api.get("log", headers=api.auth(api.seat_tokens["Joe"]))["entries"][0]["move"]["hands"]
    assert sorted(joes_log["Joe"]) == joe["hands"]["Joe"]["cards"] and joes_log["Alex"] is None


def test_the_same_seed_deals_the_same_cards(client):
    a = Api(client, "willi", THREE, mode="digital", seed=11)
    b = Api(client, "willi", THREE, mode="digital", seed=11)
    games = client.application.extensions["tablelog"]
    assert games.history(a.id).entries[0].move == games.history(b.id).entries[0].move


def test_seats_record_their_own_moves_in_a_digital_game(client):
    api = Api(client, "willi", THREE, mode="digital", seed=3)
    joe = api.get("legal-moves", headers=api.auth(api.seat_tokens["Joe"]))
    assert joe["moves"] and all(m["seat"] == "Joe" for m in joe["moves"])
    move = joe["moves"][0]
    api.move(move, token=api.seat_tokens["Alex"], status=403)
    api.move(move, token=api.seat_tokens["Joe"])
    assert api.get("log")["entries"][-1]["recorded_by"] == "Joe"
    assert api.get("legal-moves")["moves"] is None            # nobody's token: nothing listed
    deal = {"type": "deal", "hands": {s: None for s in ["monster", *THREE]}}
    assert api.move(deal, status=422)["code"] == "digital_chance"


def test_digital_undo_may_not_cross_the_services_deal(client):
    api = Api(client, "willi", THREE, mode="digital", seed=5)
    assert api.post("undo", status=409)["code"] == "undo_past_chance"
    move = api.get("legal-moves", headers=api.auth(api.seat_tokens["Alex"]))["moves"][0]
    api.move(move, token=api.seat_tokens["Alex"])
    assert api.post("undo", headers=api.auth(api.seat_tokens["Joe"]), status=403)
    assert api.post("undo", headers=api.auth(api.seat_tokens["Alex"]))["undone"] == 2


def test_a_digital_game_deals_the_next_round_itself(client):
    import random
    api = Api(client, "willi", ["Alex", "Joe", "Gunter", "Hanna"], mode="digital", seed=9)
    rng = random.Random(9)
    games = client.application.extensions["tablelog"]
    autos = []
    while api.state()["round"] == 1:
        state = games.history(api.id).state
        move = rng.choice(api.game.legal_moves(state))
        autos = api.move(move)["auto"]
    assert [a["move"]["type"] for a in autos] == ["deal"]
    assert api.state()["phase"] == "discard"


@pytest.mark.store
def test_many_threads_recording_on_one_game_lose_nothing(app):
    client = app.test_client()
    api = Api(client, "willi", ["Alex", "Joe", "Gunter", "Hanna"])
    api.move({"type": "deal", "hands": {s: None for s in ["Alex", "Joe", "Gunter", "Hanna"]}})
    statuses: list[int] = []
    acknowledged: list[int] = []
    lock = threading.Lock()

    def record(seat: str) -> None:
        c = app.test_client()
        for _ in range(3):
            r = c.post(f"/api/games/{api.id}/moves", headers=api.auth(),
                       json={"move": {"type": "discard", "seat": seat, "card": None}, "expected_version": 2})
            with lock:
                statuses.append(r.status_code)
                if r.status_code == 201:
                    acknowledged.append(r.json["index"])

    threads = [threading.Thread(target=record, args=(seat,)) for seat in ["Alex", "Joe", "Gunter", "Hanna"] * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses.count(201) == 1 and set(statuses) <= {201, 409}
    log = api.get("log")["entries"]
    assert [e["index"] for e in log] == [1, *acknowledged]
    assert api.get("")["version"] == 3


@pytest.mark.store
def test_threads_without_expected_version_each_stored_once(app):
    client = app.test_client()
    api = Api(client, "willi", ["Alex", "Joe", "Gunter", "Hanna"])
    api.move({"type": "deal", "hands": {s: None for s in ["Alex", "Joe", "Gunter", "Hanna"]}})
    results: list[tuple[str, int]] = []

    def record(seat: str) -> None:
        c = app.test_client()
        r = c.post(f"/api/games/{api.id}/moves", headers=api.auth(),
                   json={"move": {"type": "discard", "seat": seat, "card": None}})
        results.append((seat, r.status_code))

    threads = [threading.Thread(target=record, args=(s,)) for s in ["Alex", "Joe", "Gunter", "Hanna"] * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = sorted(seat for seat, status in results if status == 201)
    assert ok == ["Alex", "Gunter", "Hanna", "Joe"]              # one discard each, the rest refused
    assert {status for _, status in results} <= {201, 422, 409}
    entries = api.get("log")["entries"]
    assert sorted(e["move"]["seat"] for e in entries[1:]) == ok
    assert api.get("audit")["ok"] is True


@pytest.mark.postgres
@pytest.mark.store
def test_postgres_refuses_update_and_delete_on_the_events_table(postgres_url):
    from service.http.app import create_app
    app = create_app(postgres_url)
    api = Api(app.test_client(), "willi", ["Alex", "Joe", "Gunter", "Hanna"])
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        for sql in ["UPDATE tablelog_events SET state = state",
                    "DELETE FROM tablelog_events",
                    "TRUNCATE tablelog_events"]:
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(sql)
    assert api.get("")["version"] == 1
    app.extensions["tablelog"].store.close()


@pytest.mark.postgres
@pytest.mark.store
def test_workers_starting_together_on_an_empty_postgres_database(scratch_database):
    """Gunicorn workers open the store at the same moment on first start."""
    from service.store.database import open_store
    url = scratch_database("race")
    errors: list[str] = []

    def start() -> None:
        try:
            open_store(url).close()
        except Exception as error:  # the test reports any failure below
            errors.append(repr(error))

    threads = [threading.Thread(target=start) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


@pytest.mark.store       # PostgreSQL cannot keep NUL in text
def test_a_name_with_a_nul_character_is_refused_however_the_game_arrives(app):
    """PostgreSQL cannot keep NUL in text: the API refuses it at the door, and
    the service itself refuses it for a record imported on the command line."""
    from domain.rules import MalformedMove
    from service.app.errors import Unprocessable
    games = app.extensions["tablelog"]
    before = len(games.views.summaries())
    with pytest.raises(MalformedMove, match="NUL"):
        games.create("willi", ["Alex", "Jo\x00e", "Gunter", "Hanna"])
    with pytest.raises(Unprocessable) as refusal:
        games.import_record('[Game "willi"]\n[Players "Alex, Jo\x00e, Gunter, Hanna"]\n\n', "text")
    assert "NUL" in str(refusal.value.fields)
    assert len(games.views.summaries()) == before

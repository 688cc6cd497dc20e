"""Past one database: games spread over several databases (see
service/store/shards.py). A game on any shard is played, undone, exported and
verified like a game of a single database; the game list and the players'
totals are merged across the shards; a create retried lands once, even
after a shard was added; an id naming a shard the service does not have is
404; a shard that is down is 503 for its own games only."""
from __future__ import annotations

import itertools
import json
import os
import random
import uuid
from uuid import UUID

import psycopg
import pytest

from helpers import Api, played_willi
from service.http.api import RECEIPT_HEADER
from service.http.app import create_app
from service.store.shards import Shards, on_shard, open_shards, shard_of, shard_urls
from service.store.database import DatabaseURLError, open_store

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
WILLI = {"game": "willi", "players": PLAYERS}


@pytest.fixture
def urls(database, tmp_path, request):
    """Three databases of the test's own on the test's store: shard 0 is ``database``."""
    if database.startswith("sqlite"):
        return [database] + [f"sqlite:///{tmp_path / f'shard{n}.sqlite3'}" for n in (1, 2)]
    make = request.getfixturevalue("scratch_database")
    return [database, make("shard1"), make("shard2")]


def serve(shard_map: list[str]):
    shards = open_shards(shard_map[0], shard_map[1:])
    return create_app(store=shards), shards


@pytest.fixture
def sharded(urls):
    app, shards = serve(urls)
    yield app
    shards.close()


def on(client, shard: int) -> Api:
    """A new table game of Willi on ``shard`` (new games go to the shards in turn: its turn now)."""
    client.application.extensions["tablelog"].shards._turn = itertools.count(shard)
    api = Api(client, "willi", PLAYERS)
    assert shard_of(UUID(api.id)) == shard
    return api


# -- the id names the shard ------------------------------------------------------
def test_an_id_names_its_shard_and_old_ids_are_on_shard_0():
    base = uuid.uuid4()
    for number in (1, 2, 17, 255):
        placed = on_shard(base, number)
        assert (placed.version, shard_of(placed)) == (8, number)
        assert placed.variant == uuid.RFC_4122
    assert on_shard(base, 0) == base
    assert shard_of(uuid.uuid4()) == shard_of(uuid.uuid5(uuid.NAMESPACE_URL, "x")) == 0


def test_new_games_are_spread_over_every_shard():
    shards = Shards([object(), object(), object()])      # only ids are asked for
    assert {shard_of(shards.new_id()) for _ in range(30)} == {0, 1, 2}


def test_a_url_named_twice_is_refused(tmp_path):
    url = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    with pytest.raises(DatabaseURLError):
        shard_urls(url, [url])


def test_a_shard_map_in_another_order_is_refused(tmp_path):
    first, second = (f"sqlite:///{tmp_path / name}" for name in ("a.sqlite3", "b.sqlite3"))
    open_shards(first, [second]).close()
    with pytest.raises(DatabaseURLError, match="shard 0 is shard 1"):
        open_shards(second, [first])


# -- a game on another shard is a game like any other ---------------------------------
@pytest.mark.store
def test_a_game_on_shard_1_is_found_moved_undone_exported_and_verified(sharded, urls):
    client = sharded.test_client()
    api = on(client, 1)
    rng = random.Random(3)
    for _ in range(6):
        api.move(api.random_move(rng))
    assert api.get("")["moves"] == 6
    r = client.post(f"/api/games/{api.id}/undo", json={}, headers=api.auth())
    assert r.status_code == 201 and r.json["undone"] == 6
    receipt = json.loads(r.headers[RECEIPT_HEADER])
    assert api.get("")["moves"] == 5
    exported = client.get(f"/api/games/{api.id}/export?format=jsonl", headers=api.auth())
    assert exported.status_code == 200 and exported.data.count(b"\n") >= 7
    audit = api.get("audit")
    assert audit["ok"], audit
    assert client.post(f"/api/games/{api.id}/receipt", json=receipt).json["ok"]
    fork = client.post(f"/api/games/{api.id}/fork?at=3", headers=api.auth())
    assert fork.status_code == 201, fork.json
    assert fork.json["forked_from"]["game"] == api.id
    # the events are in shard 1's database, and only there
    ids = {str(gid) for gid in sharded.extensions["tablelog"].ids()}
    assert api.id in ids
    home = open_store(urls[0])
    try:
        assert next(iter(home.recorder.select_events(UUID(api.id), limit=1)), None) is None
    finally:
        home.close()


@pytest.mark.store
def test_seat_links_and_digital_games_work_on_any_shard(sharded):
    client = sharded.test_client()
    api = on(client, 2)
    link = client.post(f"/api/games/{api.id}/seats/Joe/link", json={}, headers=api.auth())
    assert link.status_code == 201, link.json
    assert client.get(f"/api/games/{api.id}/state", headers=api.auth(link.json["token"])).status_code == 200
    sharded.extensions["tablelog"].shards._turn = itertools.count(1)
    r = client.post("/api/games", json={**WILLI, "mode": "digital"})
    assert r.status_code == 201 and shard_of(UUID(r.json["id"])) == 1, r.json
    digital = r.json
    sharded.extensions["tablelog"]._seeds.clear()      # the sealed seed is opened from shard 1
    state = client.get(f"/api/games/{digital['id']}/state",
                       headers={"Authorization": f"Bearer {digital['tokens']['seats']['Alex']}"})
    assert state.status_code == 200, state.json


# -- merged reads ------------------------------------------------------------------
@pytest.mark.store
def test_the_game_list_and_the_players_totals_are_merged_across_shards(sharded):
    client = sharded.test_client()

    def alex() -> int:       # shard 0 is the session's database on PostgreSQL: counted from before
        return sum(row["games"] for row in client.get("/api/players/Alex").json.get("games", []))

    def board() -> dict[str, int]:
        return {row["player"]: row["games"] for row in client.get("/api/leaderboard/willi").json["players"]}

    before, board_before = alex(), board()
    made = []
    for shard in (0, 1, 2):
        api = on(client, shard)
        rng = random.Random(shard)
        for _ in range(shard + 1):      # three games played (no two with the same moves)
            api.move(api.random_move(rng))
        made.append(api.id)
    listed = client.get("/api/games").json["games"]
    assert [game["id"] for game in listed if game["id"] in made] == made     # oldest first, whichever shard
    assert [game["created_at"] for game in listed] == sorted(game["created_at"] for game in listed)
    assert alex() == before + 3
    assert {name: board()[name] - board_before.get(name, 0) for name in PLAYERS} == {name: 3 for name in PLAYERS}


def test_one_game_imported_on_two_shards_counts_once(sharded):
    client = sharded.test_client()
    api = played_willi(client, 8)
    record = client.get(f"/api/games/{api.id}/export?format=jsonl", headers=api.auth()).data.decode()
    copies = {shard_of(UUID(api.id))}
    while len(copies) < 3:
        r = client.post("/api/games/import", data=record, headers={"Content-Type": "application/x-ndjson"})
        assert r.status_code == 201, r.json
        copies.add(shard_of(UUID(r.json["id"])))
    assert [row["games"] for row in client.get("/api/players/Alex").json["games"]] == [1]


# -- idempotent creates land once ----------------------------------------------------
@pytest.mark.store
def test_a_create_retried_lands_once(sharded, urls):
    client = sharded.test_client()
    key = f"start-{uuid.uuid4()}"
    listed = len(client.get("/api/games").json["games"])
    first = client.post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
    again = client.post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
    assert first.status_code == again.status_code == 201
    assert again.json["id"] == first.json["id"]
    # another process with the same map: the same shard, refused there
    other, shards = serve(urls)
    try:
        retried = other.test_client().post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
        assert retried.status_code == 409 and retried.json["code"] == "duplicate_request"
        assert first.json["id"] in retried.json["detail"]
    finally:
        shards.close()
    assert len(client.get("/api/games").json["games"]) == listed + 1


def key_that_moves() -> str:
    """An Idempotency-Key that two shards send to another shard than three do."""
    base = uuid.uuid4()
    return next(key for key in (f"key-{n}" for n in range(100))
                if shard_of(Shards([0, 1]).request_id(base, key)) != shard_of(Shards([0, 1, 2]).request_id(base, key)))


def test_a_create_retried_after_a_shard_was_added_finds_the_first_game(urls):
    key = key_that_moves()
    before, two = serve(urls[:2])
    try:
        first = before.test_client().post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
        assert first.status_code == 201
    finally:
        two.close()
    after, three = serve(urls)
    try:
        client = after.test_client()
        retried = client.post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
        assert retried.status_code == 409 and first.json["id"] in retried.json["detail"]
        assert [game["id"] for game in client.get("/api/games").json["games"]] == [first.json["id"]]
    finally:
        three.close()


def test_two_processes_with_different_maps_send_a_key_to_one_shard(urls):
    """During a rollout that adds a shard, one host has the old map and one
    the new: the key's shard is claimed once, on shard 0, for both; the host
    that lacks the claimed shard answers 503, never a second game."""
    base = uuid.uuid4()
    key = next(key for key in (f"key-{n}" for n in range(100))
               if shard_of(Shards([0, 1, 2]).request_id(base, key)) == 2)
    old, two = serve(urls[:2])
    new, three = serve(urls)
    try:
        first = new.test_client().post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
        assert first.status_code == 201 and shard_of(UUID(first.json["id"])) == 2
        elsewhere = old.test_client().post("/api/games", json=WILLI, headers={"Idempotency-Key": key})
        assert elsewhere.status_code == 503 and elsewhere.headers["Retry-After"]
        other = f"{key}-other"
        made = old.test_client().post("/api/games", json=WILLI, headers={"Idempotency-Key": other})
        retried = new.test_client().post("/api/games", json=WILLI, headers={"Idempotency-Key": other})
        assert made.status_code == 201 and retried.status_code == 409
        assert made.json["id"] in retried.json["detail"]
        listed = [game["id"] for game in new.test_client().get("/api/games").json["games"]]
        assert sorted(listed) == sorted([first.json["id"], made.json["id"]])
    finally:
        two.close()
        three.close()


# -- unknown and unreachable shards --------------------------------------------------
def test_an_id_on_a_shard_this_service_does_not_have_is_404(sharded):
    client = sharded.test_client()
    api = on(client, 1)
    nowhere = str(on_shard(uuid.uuid4(), 9))
    assert client.get(f"/api/games/{nowhere}").status_code == 404
    assert client.post(f"/api/games/{nowhere}/moves", json={"move": {}}, headers=api.auth()).status_code in (400, 404)
    for path in ("state", "log", "audit", "export"):
        assert client.get(f"/api/games/{nowhere}/{path}").status_code == 404, path
    assert client.post(f"/api/games/{nowhere}/undo", headers=api.auth()).status_code == 404


@pytest.mark.slow          # each answer from the shard that is away takes its few seconds of retries
@pytest.mark.postgres
@pytest.mark.store
def test_a_shard_that_is_down_is_503_for_its_games_only(postgres_url, scratch_database, tmp_path):
    home = f"sqlite:///{tmp_path / 'home.sqlite3'}"
    away = scratch_database("shard_away")
    app, shards = serve([home, away])
    try:
        client = app.test_client()
        here, there = on(client, 0), on(client, 1)
        rng = random.Random(5)
        here.move(here.random_move(rng))
        there_move = there.random_move(rng)
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{away.rsplit("/", 1)[1]}" WITH (FORCE)')
        r = client.post(f"/api/games/{there.id}/moves", json={"move": there_move}, headers=there.auth())
        assert r.status_code == 503 and r.headers["Retry-After"]
        here.move(here.random_move(rng))                                          # shard 0 goes on
        # a new game goes to the shards in turn: one that meets shard 1 is
        # 503, the next lands on shard 0
        shards._turn = itertools.count(0)
        creates = [client.post("/api/games", json=WILLI).status_code for _ in range(2)]
        assert creates == [201, 503]
        assert client.get("/api/games").status_code == 503      # the list would miss shard 1's games
    finally:
        shards.stores[0].close()


# -- the command line ------------------------------------------------------------------
def test_the_command_line_reads_every_shard(urls, capsys, monkeypatch):
    from service.ops.cli import main
    from service.store.shards import ENV_SHARDS
    if not urls[0].startswith("sqlite"):
        pytest.skip("the command line's shard options are the same on either store")
    monkeypatch.delenv(ENV_SHARDS, raising=False)
    app, shards = serve(urls)
    try:
        client = app.test_client()
        made = [on(client, shard).id for shard in (0, 1, 2)]
    finally:
        shards.close()
    given = ["--database", urls[0], "--shard", urls[1], "--shard", urls[2]]
    assert main(["games", *given]) == 0
    listed = capsys.readouterr().out
    assert all(game_id in listed for game_id in made)
    assert main(["replay", "verify", "--all", *given]) == 0
    assert "3 games verified" in capsys.readouterr().out
    assert main(["export", made[2], *given]) == 0
    assert made[2] in capsys.readouterr().out
    assert ENV_SHARDS not in os.environ          # --shard is handed down, not written into the environment
    # the same databases in another order: refused, nothing served
    assert main(["games", "--database", urls[0], "--shard", urls[2], "--shard", urls[1]]) == 2
    assert "only ever added at the end" in capsys.readouterr().err

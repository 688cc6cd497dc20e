"""Groups: each group's games, house catalogs, game list and statistics are
its own, on one database and across shards; a game id alone opens nothing;
a share shows a game exactly as the table sees it until it is revoked; an
old database moves into the default group and its tokens keep working."""
from __future__ import annotations

import random
from uuid import UUID

import pytest

from helpers import Api, played_willi
from domain.groups import DEFAULT_GROUP
from domain.names import player_key
from service.http.app import create_app
from service.store.shards import open_shards, shard_of

pytestmark = pytest.mark.store
ABROAD = "203.0.113.7"
"""A client that is not on the service's machine (documentation's address range)."""
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
GAME_READS = ("", "/state", "/log", "/timeline", "/legal-moves", "/export?format=jsonl", "/catalog", "/audit")


def device(app, group_token: str | None = None):
    """A client on another machine, sending ``group_token`` with every request."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = ABROAD
    if group_token:
        client.environ_base["HTTP_TABLELOG_GROUP"] = group_token
    return client


def new_group(app, name: str) -> dict:
    made = device(app).post("/api/groups", json={"name": name})
    assert made.status_code == 201, made.json
    return made.json


@pytest.fixture(params=["one database", "two shards"])
def served(request, database, tmp_path):
    """The service on the test's store: one database, or two shards of it."""
    urls = [database]
    if request.param == "two shards":
        urls.append(f"sqlite:///{tmp_path / 'shard1.sqlite3'}" if database.startswith("sqlite")
                    else request.getfixturevalue("scratch_database")("groups_shard"))
    shards = open_shards(urls[0], urls[1:])
    yield create_app(store=shards)
    shards.close()


def test_two_groups_see_only_their_own_games_lists_catalogs_and_statistics(served):
    ours, theirs = new_group(served, "Thursday"), new_group(served, "Sunday")
    we, they = device(served, ours["token"]), device(served, theirs["token"])
    # Ann plays in both groups: each group's statistics count its own games.
    our_games = [played_willi(we, 60, seed=n, players=PLAYERS).id for n in range(3)]
    their_games = [played_willi(they, 60, seed=9, players=["Ann", "Eve", "Fay", "Gus"]).id]
    shards = len(served.extensions["tablelog"].shards.stores)
    assert len({shard_of(UUID(gid)) for gid in our_games}) == shards     # a group's games on every shard
    for written in (False, True):
        # First read from the events themselves (no views runner here), then from the views' rows.
        if written:
            for views in served.extensions["tablelog"].shard_views:
                views.catch_up()
        assert [g["id"] for g in we.get("/api/games").json["games"]] == our_games
        assert [g["id"] for g in they.get("/api/games").json["games"]] == their_games
        assert we.get("/api/players/Ann").json["games"][0]["games"] == 3
        assert they.get("/api/players/Ann").json["games"][0]["games"] == 1
    assert they.get("/api/players/Bob").status_code == 404
    assert {p["player"] for p in they.get("/api/leaderboard/willi").json["players"]} == \
        {player_key(name) for name in ["Ann", "Eve", "Fay", "Gus"]}
    assert [b["game"] for b in we.get("/api/leaderboard").json["games"]] == ["willi"]
    # A house catalog is its group's: the same content in another group is another catalog.
    mine = we.post("/api/house-catalogs", json={"game": "grand_austria", "name": "ours", "content": {}})
    assert mine.status_code == 201
    assert [c["id"] for c in we.get("/api/house-catalogs").json["catalogs"]] == [mine.json["id"]]
    assert they.get("/api/house-catalogs").json["catalogs"] == []
    assert they.get(f"/api/house-catalogs/{mine.json['id']}").status_code == 404
    assert they.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Eve"],
                                         "options": {"catalog": mine.json["id"]}}).status_code == 404
    copy = they.post("/api/house-catalogs", json={"game": "grand_austria", "name": "theirs", "content": {}})
    assert copy.status_code == 201 and copy.json["id"] != mine.json["id"]
    # Another group's game is no game at all, whatever is asked of it.
    unknown = they.get("/api/games/00000000-0000-4000-8000-000000000000/state")
    for gid in our_games:
        for path in GAME_READS:
            answer = they.get(f"/api/games/{gid}{path}")
            assert answer.status_code == 404 and answer.json["code"] == unknown.json["code"], path
        assert they.post(f"/api/games/{gid}/shares").status_code == 404
        assert we.get(f"/api/games/{gid}/state").status_code == 200


def test_without_a_token_there_is_no_list_no_statistics_and_no_game(served):
    ours = new_group(served, "Thursday")
    game = played_willi(device(served, ours["token"]), 20)
    nobody = device(served)
    for path in ("/api/games", "/api/leaderboard", "/api/leaderboard/willi", "/api/players/Alex",
                 "/api/house-catalogs", "/api/group"):
        assert nobody.get(path).status_code == 401, path
    for path in GAME_READS:
        assert nobody.get(f"/api/games/{game.id}{path}").status_code == 404, path
    # A wrong or foreign token opens nothing either, and changes nothing.
    wrong = device(served, f"{ours['id']}.not-a-token")
    assert wrong.get("/api/games").status_code == 401
    assert nobody.get(f"/api/games/{game.id}/state", headers={"Authorization": "Bearer guessed"}).status_code == 404
    # The game's own tokens still open it, as before groups, without a group token.
    assert nobody.get(f"/api/games/{game.id}/state", headers=game.auth()).status_code == 200
    assert nobody.post(f"/api/games/{game.id}/undo", json={}, headers=game.auth()).status_code == 201


def test_a_device_joins_by_an_invite_and_the_owner_revokes_it(served):
    ours = new_group(served, "Thursday")
    owner = device(served, ours["token"])
    game = Api(owner, "willi", PLAYERS)
    invite = owner.post("/api/group/invites")
    assert invite.status_code == 201
    joined = device(served).post("/api/groups/join", json={"invite": invite.json["token"]})
    assert joined.status_code == 201 and joined.json["group"] == ours["id"]
    phone = device(served, joined.json["token"])
    assert [g["id"] for g in phone.get("/api/games").json["games"]] == [game.id]
    assert phone.post("/api/group/invites").status_code == 403            # only the owner invites
    assert owner.get("/api/group").json["members"] == [joined.json["member"]]
    assert owner.delete(f"/api/group/members/{joined.json['member']}").status_code == 200
    assert phone.get("/api/games").status_code == 401
    assert phone.get(f"/api/games/{game.id}/state").status_code == 401
    assert owner.delete(f"/api/group/invites/{invite.json['invite']}").status_code == 200
    again = device(served).post("/api/groups/join", json={"invite": invite.json["token"]})
    assert again.status_code == 403 and again.json["code"] == "not_an_invite"
    assert device(served).post("/api/groups/join", json={"invite": "no-group.at-all"}).status_code == 403
    assert owner.get("/api/group").json["members"] == []


def test_a_share_shows_exactly_the_table_s_view_until_it_is_revoked(served):
    ours = new_group(served, "Thursday")
    member = device(served, ours["token"])
    game = Api(member, "willi", PLAYERS, mode="digital", seed=5)
    rng = random.Random(2)
    games = served.extensions["tablelog"]
    for _ in range(6):
        legal = [m for m in game.game.legal_moves(games.history(game.id).state) or [] if m.get("seat")]
        game.move(rng.choice(legal))
    shared = member.post(f"/api/games/{game.id}/shares")
    assert shared.status_code == 201
    outsider = device(served)
    share = {"Authorization": f"Bearer {shared.json['token']}"}
    table = game.auth()         # in a digital game the scorekeeper is the table
    for path in ("/state", "/log", "/timeline", "/export?format=jsonl", ""):
        seen = outsider.get(f"/api/games/{game.id}{path}", headers=share)
        assert seen.status_code == 200, path
        assert seen.get_data() == outsider.get(f"/api/games/{game.id}{path}", headers=table).get_data(), path
    # Never a hidden hand: no seat's view, no move, and another game stays closed.
    assert outsider.get(f"/api/games/{game.id}/state?seat=Ann", headers=share).status_code == 403
    ann_view = outsider.get(f"/api/games/{game.id}/state?seat=Ann", headers=game.auth(game.seat_tokens["Ann"]))
    assert ann_view.status_code == 200
    assert ann_view.get_data() != outsider.get(f"/api/games/{game.id}/state", headers=share).get_data()
    assert outsider.post(f"/api/games/{game.id}/undo", json={}, headers=share).status_code == 403
    other = Api(member, "willi", PLAYERS)
    assert outsider.get(f"/api/games/{other.id}/state", headers=share).status_code == 404
    assert outsider.get("/api/games", headers=share).status_code == 401
    assert member.delete(f"/api/group/shares/{shared.json['share']}").status_code == 200
    assert outsider.get(f"/api/games/{game.id}/state", headers=share).status_code == 404


def test_an_old_database_moves_into_the_default_group_and_its_tokens_still_work(database, request):
    url = database if database.startswith("sqlite") else request.getfixturevalue("scratch_database")("old")
    app = create_app(url)
    old = played_willi(app.test_client(), 12)
    games = app.extensions["tablelog"]
    games.shard_views[0].catch_up()
    games.store.close()
    # The database as tablelog left it before groups: no group column, no groups migration.
    from test_migrations import sql
    for table in ("tablelog_view_games", "tablelog_view_players_v2"):
        sql(url, f"ALTER TABLE {table} DROP COLUMN group_id")
    sql(url, "DELETE FROM _yoyo_migration WHERE migration_id = '0003.groups'")
    from service.ops.cli import main
    assert main(["migrate", "--database", url]) == 0
    assert {row[0] for row in sql(url, "SELECT group_id FROM tablelog_view_games")[0]} == {str(DEFAULT_GROUP)}
    app = create_app(url)
    try:
        here = app.test_client()            # the machine the embedded service runs on: the default group's owner
        assert [g["id"] for g in here.get("/api/games").json["games"]] == [old.id]
        abroad = device(app)
        assert abroad.get(f"/api/games/{old.id}/state").status_code == 404
        assert abroad.get(f"/api/games/{old.id}/state", headers=old.auth()).status_code == 200
        assert abroad.post(f"/api/games/{old.id}/undo", json={}, headers=old.auth()).status_code == 201
        other = new_group(app, "new")
        assert device(app, other["token"]).get("/api/games").json["games"] == []
    finally:
        app.extensions["tablelog"].store.close()


def test_only_a_browser_on_the_service_s_own_machine_is_in_its_group_and_never_in_production(database):
    app = create_app(database)
    game = Api(app.test_client(), "willi", PLAYERS)
    try:
        here = app.test_client()
        assert here.get("/api/games").status_code == 200
        assert here.get("/api/games", environ_base={"REMOTE_ADDR": "::1"}).status_code == 200
        # A name another site made point at this machine, a request a proxy forwarded, another machine: no.
        assert here.get("/api/games", headers={"Host": "tablelog.evil.example"}).status_code == 401
        assert here.get("/api/games", headers={"X-Forwarded-For": "198.51.100.4"}).status_code == 401
        assert device(app).get("/api/games").status_code == 401
        assert device(app).get(f"/api/games/{game.id}/state").status_code == 404
    finally:
        app.extensions["tablelog"].store.close()
    production = create_app(database, local_group=False)
    try:
        assert production.test_client().get("/api/games").status_code == 401
        assert production.test_client().get(f"/api/games/{game.id}/state").status_code == 404
    finally:
        production.extensions["tablelog"].store.close()


def test_a_wrong_invite_and_a_token_that_opens_no_game_count_as_wrong_tokens(database):
    app = create_app(database)
    app.config["RATELIMIT_WRONG_TOKEN"] = "3 per minute"
    try:
        game = Api(app.test_client(), "willi", PLAYERS)
        guesser = device(app)
        assert guesser.post("/api/groups/join", json={"invite": "no.such-invite"}).status_code == 403
        assert guesser.get(f"/api/games/{game.id}/state", headers={"Authorization": "Bearer guess"}).status_code == 404
        assert device(app, "no.such-member").get("/api/games").status_code == 401
        assert guesser.post("/api/groups/join", json={"invite": "no.such-invite"}).status_code == 429
    finally:
        app.extensions["tablelog"].store.close()


def test_the_operator_invites_a_phone_into_the_default_group(database, request, capsys):
    url = database if database.startswith("sqlite") else request.getfixturevalue("scratch_database")("invite")
    app = create_app(url, local_group=False)          # a production server: no browser owns the default group
    try:
        old = Api(app.test_client(), "willi", PLAYERS)         # no group token: the default group's
        assert device(app).get("/api/games").status_code == 401
        from service.ops.cli import main
        assert main(["invite", "--database", url]) == 0
        invite = capsys.readouterr().out.strip()
        joined = device(app).post("/api/groups/join", json={"invite": invite})
        assert joined.status_code == 201 and joined.json["group"] == str(DEFAULT_GROUP)
        assert [g["id"] for g in device(app, joined.json["token"]).get("/api/games").json["games"]] == [old.id]
    finally:
        app.extensions["tablelog"].store.close()


def test_a_revocation_in_one_worker_is_refused_at_once_by_another_that_kept_the_group(database):
    """Two workers on one database each keep the group's record they read:
    a member, an invite or a share revoked through one is refused by the
    other on its very next request."""
    this, other = create_app(database), create_app(database)
    try:
        ours = new_group(this, "Thursday")
        owner = device(this, ours["token"])
        game = Api(owner, "willi", PLAYERS)
        invite = owner.post("/api/group/invites").json
        joined = device(this).post("/api/groups/join", json={"invite": invite["token"]}).json
        shared = owner.post(f"/api/games/{game.id}/shares").json
        share = {"Authorization": f"Bearer {shared['token']}"}
        # The other worker reads the group once for each and keeps it.
        phone = device(other, joined["token"])
        assert phone.get(f"/api/games/{game.id}/state").status_code == 200
        assert device(other).get(f"/api/games/{game.id}/state", headers=share).status_code == 200
        assert UUID(ours["id"]) in other.extensions["tablelog"]._groups

        assert owner.delete(f"/api/group/members/{joined['member']}").status_code == 200
        assert phone.get(f"/api/games/{game.id}/state").status_code == 401
        assert owner.delete(f"/api/group/shares/{shared['share']}").status_code == 200
        assert device(other).get(f"/api/games/{game.id}/state", headers=share).status_code == 404
        assert owner.delete(f"/api/group/invites/{invite['invite']}").status_code == 200
        again = device(other).post("/api/groups/join", json={"invite": invite["token"]})
        assert again.status_code == 403 and again.json["code"] == "not_an_invite"
    finally:
        this.extensions["tablelog"].store.close()
        other.extensions["tablelog"].store.close()


def test_a_group_unchanged_in_the_store_is_not_read_again(database, monkeypatch):
    """A member's requests read the group's record once; after that, one look
    at whether the store holds a newer event of it."""
    app = create_app(database)
    try:
        ours = new_group(app, "Thursday")
        member = device(app, ours["token"])
        game = Api(member, "willi", PLAYERS)
        games = app.extensions["tablelog"]
        reads = []
        monkeypatch.setattr(games, "_stored_group", lambda gid, read=games._stored_group: reads.append(gid) or read(gid))
        for _ in range(5):
            assert member.get(f"/api/games/{game.id}/state").status_code == 200
        assert reads == []
        invite = member.post("/api/group/invites")          # a change: read (to change it), then once again
        assert invite.status_code == 201
        assert member.get(f"/api/games/{game.id}/state").status_code == 200
        assert member.get(f"/api/games/{game.id}/state").status_code == 200
        assert reads == [UUID(ours["id"])] * 2
    finally:
        app.extensions["tablelog"].store.close()

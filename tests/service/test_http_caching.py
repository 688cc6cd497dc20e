"""HTTP's own caching and concurrency: ETags on a game's reads (one per
view and language), 304, If-Match instead of expected_version (412),
Location on every 201, the game list a page at a time, big answers
compressed and small ones plain."""
from __future__ import annotations

import gzip

import pytest
from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
DEAL = {"type": "deal", "hands": dict.fromkeys(FOUR)}
READS = ["", "/state", "/log", "/legal-moves"]


@pytest.mark.parametrize("read", READS)
def test_a_read_has_an_etag_and_answers_304_while_nothing_changed(client, read):
    api = Api(client, "willi", FOUR)
    url = f"/api/games/{api.id}{read}"
    first = client.get(url, headers=api.auth())
    tag = first.headers["ETag"]
    assert tag.startswith('"v1-') and first.headers["Cache-Control"] == "private, no-cache"
    assert {"Authorization", "Accept-Language"} <= {v.strip() for v in first.headers["Vary"].split(",")}
    again = client.get(url, headers={**api.auth(), "If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    api.move(DEAL)
    changed = client.get(url, headers={**api.auth(), "If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"].startswith('"v2-')


def test_an_etag_covers_the_view_and_the_language(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=4)
    url = f"/api/games/{api.id}/state"
    alex = client.get(url + "?seat=Alex", headers=api.auth(api.seat_tokens["Alex"])).headers["ETag"]
    joe = client.get(url + "?seat=Joe", headers=api.auth(api.seat_tokens["Joe"])).headers["ETag"]
    assert alex != joe
    german = client.get(url + "?seat=Alex", headers={**api.auth(api.seat_tokens["Alex"]), "Accept-Language": "de"})
    assert german.headers["ETag"] != alex
    # Joe's tag does not get Joe a 304 for Alex's view, nor Alex's tag for Joe's
    assert client.get(url + "?seat=Joe", headers={**api.auth(api.seat_tokens["Joe"]),
                                                 "If-None-Match": alex}).status_code == 200


def test_if_match_is_the_version_a_write_expects_and_a_stale_one_is_412(client):
    api = Api(client, "willi", FOUR)
    tag = client.get(f"/api/games/{api.id}").headers["ETag"]
    moved = client.post(f"/api/games/{api.id}/moves", json={"move": DEAL}, headers={**api.auth(), "If-Match": tag})
    assert moved.status_code == 201
    stale = client.post(f"/api/games/{api.id}/undo", json={}, headers={**api.auth(), "If-Match": tag})
    assert stale.status_code == 412 and stale.json["code"] == "precondition_failed"
    assert api.get("")["version"] == 2
    both = client.post(f"/api/games/{api.id}/undo", json={"expected_version": 2},
                       headers={**api.auth(), "If-Match": tag})
    assert both.status_code == 412 and api.get("")["version"] == 2
    assert client.post(f"/api/games/{api.id}/undo", json={}, headers={**api.auth(), "If-Match": "*"}).status_code == 201
    # expected_version alone is still a 409
    assert client.post(f"/api/games/{api.id}/redo", json={"expected_version": 1},
                       headers=api.auth()).status_code == 409


def test_every_201_says_where_its_new_thing_is(client):
    created = client.post("/api/games", json={"game": "willi", "players": FOUR})
    assert created.headers["Location"] == f"/api/games/{created.json['id']}"
    assert client.get(created.headers["Location"]).status_code == 200
    api = Api(client, "willi", FOUR)
    moved = client.post(f"/api/games/{api.id}/moves", json={"move": DEAL}, headers=api.auth())
    log = client.get(moved.headers["Location"]).json
    assert [entry["move"]["type"] for entry in log["entries"]] == ["deal"]
    forked = client.post(f"/api/games/{api.id}/fork?at=1", headers=api.auth())
    assert forked.headers["Location"] == f"/api/games/{forked.json['id']}"


def test_the_game_list_comes_a_page_at_a_time_and_filtered(client):
    made = [Api(client, game, players) for game, players in
            [("willi", FOUR), ("vienna", ["Ann", "Bob", "Cy"]), ("willi", ["Alex", "Ann", "Cy", "Di"]),
             ("willi", FOUR)]]
    ids, seen, cursor = [a.id for a in made], [], None
    while True:
        page = client.get("/api/games", query_string={"limit": 3, **({"cursor": cursor} if cursor else {})}).json
        seen += [game["id"] for game in page["games"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert seen == ids
    assert [g["id"] for g in client.get("/api/games?game=willi&player=Ann").json["games"]] == [ids[2]]
    assert client.get("/api/games?finished=true").json == {"games": [], "next": None}
    assert len(client.get("/api/games?finished=false&limit=10").json["games"]) == 4
    assert client.get("/api/games?cursor=nonsense").status_code == 404
    assert client.get("/api/games?cursor=no.such").status_code == 400


def test_big_answers_are_compressed_and_a_move_answer_stays_plain(client):
    document = client.get("/api/openapi.json", headers={"Accept-Encoding": "gzip"})
    assert document.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(document.data).startswith(b"{")
    api = Api(client, "willi", FOUR)
    moved = client.post(f"/api/games/{api.id}/moves", json={"move": DEAL}, headers={**api.auth(),
                                                                                  "Accept-Encoding": "gzip"})
    assert len(moved.data) < 1024 or "Content-Encoding" in moved.headers
    undone = client.post(f"/api/games/{api.id}/undo", json={}, headers={**api.auth(), "Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in undone.headers and undone.json["undone"] == 1


def test_a_watched_summary_is_answered_304_without_being_made_again(client, monkeypatch):
    """A page watching a game asks for the summary with the tag it was given:
    while the game (as the store has it) is at that version the answer is 304
    before the summary is made again; a move, another viewer or another
    language gets the summary."""
    api = Api(client, "willi", FOUR)
    url = f"/api/games/{api.id}"
    tag = client.get(url).headers["ETag"]
    games = client.application.extensions["tablelog"]
    made = []
    summary = games.summary
    monkeypatch.setattr(games, "summary", lambda hist: made.append(hist.version) or summary(hist))
    for _ in range(3):
        again = client.get(url, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
        assert again.headers["Cache-Control"] == "private, no-cache"
    assert made == []
    # Another viewer or language with the same tag: the summary is made, and is not theirs to validate.
    assert client.get(url, headers={"If-None-Match": tag, "Accept-Language": "de"}).status_code == 200
    assert client.get(url, headers={**api.auth(), "If-None-Match": tag}).status_code == 200
    assert made == [1, 1]
    # Moved on (recorded elsewhere, the store ahead of the tag): the new summary.
    api.move(DEAL)
    moved = client.get(url, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.json["version"] == 2 and moved.headers["ETag"].startswith('"v2-')
    # A tag this worker never gave goes the whole way: 304 only if it is the answer's own.
    forged = client.get(url, headers={"If-None-Match": '"v2-000000000000000000000000"'})
    assert forged.status_code == 200

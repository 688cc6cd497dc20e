"""Game records, forks, comments, per-seat exports and the score timeline
through the HTTP API and the command line."""
from __future__ import annotations

import json
import random

from helpers import Api, played_willi

from service.ops.cli import main

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
THREE = ["Alex", "Joe", "Hanna"]


def played(client, moves: int, seed: int = 1, **kwargs) -> Api:
    return played_willi(client, moves, seed, FOUR, **kwargs)


def test_a_fork_starts_from_the_first_moves_and_leaves_the_origin_alone(client):
    api = played(client, 12)
    api.post("undo")                                       # move 12 undone: the fork skips it
    before = api.get("")
    fork = client.post(f"/api/games/{api.id}/fork?at=12", headers=api.auth()).json
    assert fork["forked_from"] == {"game": api.id, "at": 12, "version": before["version"],
                                   "hash": fork["forked_from"]["hash"]}
    assert api.get("") == before
    forked = client.get(f"/api/games/{fork['id']}/state").json
    origin = api.state(at=12)
    assert {k: v for k, v in forked.items() if k not in ("id", "version", "at")} == \
           {k: v for k, v in origin.items() if k not in ("id", "version", "at")}
    lines = [json.loads(line) for line in
             client.get(f"/api/games/{fork['id']}/export?format=jsonl").get_data(as_text=True).splitlines()]
    assert [line["event"] for line in lines[:3]] == ["Started", "Forked", "MoveRecorded"]
    assert lines[1]["origin"] == api.id and lines[1]["fork_at"] == 12 and isinstance(lines[1]["at"], str) and len(lines) == 2 + 11
    text = client.get(f"/api/games/{fork['id']}/export?format=text").get_data(as_text=True)
    assert f'[Fork "{api.id} at 12 (version {before["version"]}, hash {fork["forked_from"]["hash"]})"]' in text
    scorekeeper = {"Authorization": f"Bearer {fork['tokens']['scorekeeper']}"}
    assert client.post(f"/api/games/{fork['id']}/undo", headers=scorekeeper).status_code == 201
    assert client.post(f"/api/games/{api.id}/fork?at=99", headers=api.auth()).status_code == 404
    assert client.post(f"/api/games/{api.id}/fork?at=-1", headers=api.auth()).status_code == 400
    assert client.post(f"/api/games/{api.id}/fork", headers=api.auth()).status_code == 400
    assert client.post("/api/games/nope/fork?at=1").status_code == 404


def test_forking_a_digital_game_needs_its_scorekeeper(client):
    api = Api(client, "willi", THREE, mode="digital", seed=4)
    assert client.post(f"/api/games/{api.id}/fork?at=1", headers=api.auth(api.seat_tokens["Joe"])).status_code == 403
    assert client.post(f"/api/games/{api.id}/fork?at=1").status_code == 401      # no token
    # While it runs its hands are secret, the scorekeeper's too: forked once it is over.
    fork = client.post(f"/api/games/{api.id}/fork?at=1", headers=api.auth())
    assert fork.status_code == 409 and fork.json["code"] == "fork_running_digital"


def test_annotations(client):
    api = played(client, 3)
    answer = api.post("annotations", json={"move_index": 2, "text": "Joe hesitated"})
    assert answer == {"version": api.version + 1, "move_index": 2}
    entry = api.get("log")["entries"][1]
    assert [(a["text"], a["by"]) for a in entry["annotations"]] == [("Joe hesitated", "scorekeeper")]
    assert api.post("annotations", json={"move_index": 9, "text": "x"}, status=404)
    assert api.post("annotations", json={"move_index": 1}, status=400)
    assert api.post("annotations", json={"move_index": 1, "text": ""}, status=400)
    assert client.post(f"/api/games/{api.id}/annotations", json={"move_index": 1, "text": "x"}).status_code == 401
    stale = api.post("annotations", json={"move_index": 1, "text": "x", "expected_version": 1}, status=409)
    assert stale["code"] == "stale_version"


def test_exports_seen_with_a_seats_token_hide_the_other_hands(client, database, capsys):
    api = Api(client, "willi", THREE, mode="digital", seed=9)
    joe = api.auth(api.seat_tokens["Joe"])
    for fmt in ("jsonl", "text"):
        assert client.get(f"/api/games/{api.id}/export?format={fmt}").status_code == 200
    deal = json.loads(client.get(f"/api/games/{api.id}/export?format=jsonl", headers=joe)
                      .get_data(as_text=True).splitlines()[1])["move"]["hands"]
    assert len(deal["Joe"]) == 9 and deal["Alex"] is None and deal["monster"] is None
    public = json.loads(client.get(f"/api/games/{api.id}/export").get_data(as_text=True).splitlines()[1])
    assert all(cards is None for cards in public["move"]["hands"].values())
    text = client.get(f"/api/games/{api.id}/export?format=text", headers=joe).get_data(as_text=True)
    assert '[View "Joe"]' in text and "Alex ?; Joe " in text
    assert main(["--database", database, "export", api.id, "--format", "jsonl"]) == 0
    whole = json.loads(capsys.readouterr().out.splitlines()[1])["move"]["hands"]
    assert all(len(cards) == 9 for cards in whole.values())
    assert main(["--database", database, "export", api.id, "--seat", "Hanna"]) == 0
    hanna = json.loads(capsys.readouterr().out.splitlines()[1])["move"]["hands"]
    assert hanna["Joe"] is None and len(hanna["Hanna"]) == 9


def test_import_through_the_api(client):
    api = played(client, 20, seed=5)
    api.post("undo")
    for fmt in ("jsonl", "text"):
        record = client.get(f"/api/games/{api.id}/export?format={fmt}").get_data(as_text=True)
        created = client.post("/api/games/import", json={"record": record})
        assert created.status_code == 201 and created.json["differences"] == []
        copy = Api.__new__(Api)
        copy.client, copy.id = client, created.json["id"]
        assert [(e["move"], e["undone"]) for e in copy.get("log")["entries"]] == \
               [(e["move"], e["undone"]) for e in api.get("log")["entries"]]
        assert set(created.json["tokens"]["seats"]) == set(FOUR)
    not_one = client.post("/api/games/import", json={"record": "not a record"})
    assert not_one.status_code == 422 and not_one.json["code"] == "not_a_record" and not_one.json["fields"]
    assert client.post("/api/games/import", json={}).status_code == 400
    assert client.post("/api/games/import", json={"record": '{"event": "Started", "game": "chess", '
                                                            '"players": ["A", "B"]}'}).status_code == 422
    too_few = '{"event": "Started", "game": "willi", "players": ["A", "B"]}'
    assert client.post("/api/games/import", json={"record": too_few}).json["code"] == "player_count"
    record = client.get(f"/api/games/{api.id}/export?format=jsonl").get_data(as_text=True).splitlines()
    second = json.loads(record[2])
    second["move"]["seat"] = "Nobody"
    record[2] = json.dumps(second)
    refused = client.post("/api/games/import", json={"record": "\n".join(record)})
    assert refused.status_code == 422 and "Move 2 of the record" in refused.json["detail"]


def test_the_timeline_and_the_chart(client, database, tmp_path, capsys):
    api = played(client, 50, seed=2)
    api.post("undo")
    timeline = api.get("timeline")
    state = api.state()
    assert timeline["seats"] == FOUR and timeline["points"][0] == {"index": 0, "scores": dict.fromkeys(FOUR, 0)}
    assert len(timeline["points"]) == state["moves_applied"] + 1
    assert timeline["points"][-1]["scores"] == state["scores"]
    assert [p["index"] for p in timeline["points"]][-1] == 49
    assert client.get("/api/games/nope/timeline").status_code == 404
    svg, png = tmp_path / "chart.svg", tmp_path / "chart.png"
    assert main(["--database", database, "chart", api.id, "--out", str(svg)]) == 0
    drawing = svg.read_text()
    assert drawing.startswith("<svg") and drawing.count("<polyline") == 4 and "Hanna" in drawing
    assert main(["--database", database, "chart", api.id, "--out", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_new_endpoints_are_in_the_openapi_document(client):
    paths = client.get("/api/openapi.json").json["paths"]
    for path in ["/api/games/{game_id}/export", "/api/games/import", "/api/games/{game_id}/fork",
                 "/api/games/{game_id}/annotations", "/api/games/{game_id}/timeline", "/api/players/{name}",
                 "/api/leaderboard/{game}"]:
        assert path in paths, path


def test_a_finished_game_as_a_bg_stats_play(client):
    from urllib.parse import unquote
    import json as json_module
    api = Api(client, "willi", FOUR, mode="digital", seed=3)
    assert api.get("bgstats", status=409)["code"] == "not_finished"
    games = client.application.extensions["tablelog"]
    rng = random.Random(4)
    while not api.game.finished(games.history(api.id).state):
        state = games.history(api.id).state
        move = rng.choice([m for m in api.game.legal_moves(state)])
        api.move(move, token=api.seat_tokens.get(move.get("seat"), api.token))
    summary = api.get("")
    answer = api.get("bgstats")
    play = answer["play"]
    assert json_module.loads(unquote(answer["link"].removeprefix(
        "bgstats://app.bgstatsapp.com/createPlay.html?data="))) == play
    assert answer["web_link"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert api.get("bgstats?tz=%2B02:00")["play"]["playDate"] != play["playDate"]
    assert api.get("bgstats?tz=Nowhere/Atlantis", status=400)
    assert play["sourceName"] == "tablelog" and play["sourcePlayId"] == api.id
    assert play["game"] == {"name": "Willi", "sourceGameId": "willi", "highestWins": True, "noPoints": False}
    assert [p["name"] for p in play["players"]] == FOUR
    for p in play["players"]:
        assert p["score"] == summary["scores"][p["name"]]
        assert p["winner"] == (p["name"] in summary["winners"])
        assert (p["rank"] == 1) == p["winner"]

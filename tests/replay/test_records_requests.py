"""Game records, forks and comments as clients ask for them: retries with an
Idempotency-Key, a record posted as a file, the names a format goes by, the
seat a log or export is seen by, and bad input that gets 400, 401, 403 or
404, never a 500."""
from __future__ import annotations

import io
import json
import random

import pytest

from domain.willi import GAME
from service.ops.cli import main
from service.app.games import Games
from service.store.database import open_store

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
THREE = ["Alex", "Joe", "Hanna"]
TAGS = ("Game", "Date", "Site", "Players", "Options", "Result")


class Table:
    """A Willi game recorded through the API."""

    def __init__(self, client, players=FOUR, mode="table", moves=0, seed=1):
        self.client = client
        created = client.post("/api/games", json={"game": "willi", "players": players, "mode": mode, "seed": seed})
        assert created.status_code == 201
        self.id = created.json["id"]
        self.tokens = created.json["tokens"]
        self.games = client.application.extensions["tablelog"]
        rng = random.Random(seed)
        for _ in range(moves):
            legal = GAME.legal_moves(self.games.history(self.id).state)
            move = rng.choice(legal) if legal else None
            if move is None:                         # a deal: too many to list
                from domain.rules import random_move
                move = random_move(GAME, self.games.history(self.id).state, rng)
            assert self.post("moves", {"move": move}).status_code == 201

    def auth(self, seat: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens['seats'][seat] if seat else self.tokens['scorekeeper']}"}

    def post(self, path: str, body: dict | None = None, **headers: str):
        return self.client.post(f"/api/games/{self.id}/{path}", json=body or {},
                                headers={**self.auth(), **headers})

    def get(self, path: str, token_of: str | None = None, **query: str):
        """GET with ``query``, sending ``token_of`` that seat's token (none by default)."""
        url = f"/api/games/{self.id}/{path}"
        return self.client.get(url, query_string=query, headers=self.auth(token_of) if token_of else {})


def game_count(client) -> int:
    return len(client.get("/api/games").json["games"])


def test_a_fork_retried_with_the_same_idempotency_key_creates_nothing_new(client, database):
    table = Table(client, moves=8)
    before = game_count(client)
    first = table.post("fork?at=5", **{"Idempotency-Key": "fork-1"})
    again = table.post("fork?at=5", **{"Idempotency-Key": "fork-1"})
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and game_count(client) == before + 1
    forked = client.get(f"/api/games/{first.json['id']}")
    assert forked.json["forked_from"] == first.json["forked_from"] and first.json["forked_from"]["game"] == table.id
    assert client.get(f"/api/games/{first.json['id']}/log").json["forked_from"]["at"] == 5
    assert client.get(f"/api/games/{table.id}").json["forked_from"] is None
    other = table.post("fork?at=5", **{"Idempotency-Key": "fork-2"})
    assert other.status_code == 201 and other.json["id"] != first.json["id"]
    assert table.post("fork?at=5").json["id"] not in (first.json["id"], other.json["id"])     # no key: new
    assert game_count(client) == before + 3
    elsewhere = Games(open_store(database))             # another process: it cannot give the first tokens
    from service.app.errors import Conflict
    with pytest.raises(Conflict, match=first.json["id"]):
        elsewhere.fork(table.id, 5, None, "fork-1")
    elsewhere.store.close()
    assert game_count(client) == before + 3


def test_an_import_retried_with_the_same_idempotency_key_creates_nothing_new(client):
    table = Table(client, moves=6)
    record = table.get("export", format="text").get_data(as_text=True)
    before = game_count(client)
    headers = {"Idempotency-Key": "import-1"}
    first = client.post("/api/games/import", json={"record": record}, headers=headers)
    again = client.post("/api/games/import", data=record, content_type="text/plain", headers=headers)
    assert first.status_code == again.status_code == 201 and again.json == first.json
    assert game_count(client) == before + 1
    changed = record.replace('[Site "?"]', '[Site "Vienna"]')          # another record under the same key
    refused = client.post("/api/games/import", json={"record": changed}, headers=headers)
    assert refused.status_code == 409 and refused.json["code"] == "idempotency_key_reused"
    assert game_count(client) == before + 1


def test_a_record_is_imported_from_a_json_body_the_file_itself_or_an_upload(client):
    table = Table(client, moves=5)
    table.post("undo")
    table.post("annotations", {"move_index": 2, "text": "too early"})
    expected = [(e["move"], e["undone"], [a["text"] for a in e["annotations"]])
                for e in table.get("log").json["entries"]]
    jsonl = table.get("export", format="jsonl").get_data(as_text=True)
    text = table.get("export", format="pgn").get_data(as_text=True)
    answers = [
        client.post("/api/games/import", json={"record": jsonl, "format": "ndjson"}),
        client.post("/api/games/import", json={"record": text, "format": "pgn"}),
        client.post("/api/games/import", json={"text": text}),
        client.post("/api/games/import", json=text),
        client.post("/api/games/import", data=jsonl, content_type="application/x-ndjson"),
        client.post("/api/games/import", data=text.encode(), content_type="text/plain; charset=utf-8"),
        client.post("/api/games/import", data={"file": (io.BytesIO(text.encode()), "game.pgn")},
                    content_type="multipart/form-data"),
        client.post("/api/games/import", data=jsonl.splitlines()[0], content_type="application/json"),
    ]
    assert [a.status_code for a in answers] == [201] * 8, [a.json for a in answers]
    for answer in answers[:-1]:
        log = client.get(f"/api/games/{answer.json['id']}/log").json["entries"]
        assert [(e["move"], e["undone"], [a["text"] for a in e["annotations"]]) for e in log] == expected
    assert client.get(f"/api/games/{answers[-1].json['id']}/log").json["entries"] == []


@pytest.mark.parametrize("body, status", [
    ({"data": b"", "content_type": "text/plain"}, 422),                   # an empty file
    ({"data": b"  \n\n", "content_type": "text/plain"}, 422),
    ({"data": b"\xff\xfe\x00garbage", "content_type": "text/plain"}, 422),
    ({"data": b"just some words", "content_type": "text/plain"}, 422),
    ({"json": {"record": "x", "format": "xml"}}, 400),    # no such format: outside the document
    ({"json": {"record": '[Game "Chess"]\n[Players "A, B"]\n'}}, 422),    # a game tablelog does not know
    ({"json": {"record": '{"event":"Started","game":"chess","players":["A","B"]}'}}, 422),
    ({"json": {"record": '[Game "Willi"]\n[Players "A, B, C, D"]\n\n1. A R5\n'}}, 422),   # not the deal
    ({"json": {"record": '[Game "Willi"]\n[Players "A, B, C, D"]\n\nundo 1\n'}}, 422),
    ({"json": {"record": '[Game "Willi"]\n[Players "A, B, C, D"]\n\n{a comment}\n3. A R5\n'}}, 422),
    ({"json": {"record": '[Game "Willi"]\n[Players "A, B, C, D"]\n[Options "[1]"]\n'}}, 422),
    ({"json": {"record": '{"event":"Started","game":"willi","players":["A","B","C","D"]}\n'
                         '{"event":"Annotated","number":0,"text":"x","recorded_by":5}'}}, 422),
])
def test_records_that_cannot_be_imported_are_refused_and_create_nothing(client, body, status):
    before = game_count(client)
    answer = client.post("/api/games/import", **body)
    assert answer.status_code == status, answer.json
    assert set(answer.json) >= {"code", "detail"}
    if status == 422:           # a text of the documented form that is no record: said where, or the rule
        assert answer.json["code"] != "malformed" and (answer.json.get("fields") or answer.json.get("rule"))
    assert game_count(client) == before


def test_a_text_record_has_the_pgn_tags_numbered_moves_comments_and_undone_moves(client):
    table = Table(client, moves=4)
    table.post("annotations", {"move_index": 3, "comment": "a comment sent as comment"})
    table.post("undo")
    text = table.get("export", format="text").get_data(as_text=True)
    lines = text.splitlines()
    assert [line.split(" ")[0] for line in lines[:6]] == [f"[{tag}" for tag in TAGS]
    assert lines[3] == '[Players "Alex, Joe, Gunter, Hanna"]' and lines[5].startswith('[Result "*')
    moves = [line for line in lines if line[:1].isdigit()]
    assert [line.split(".")[0] for line in moves] == ["1", "2", "3", "4"]
    assert moves[-1].endswith("(undone)") and "undo 4" in lines
    assert lines[lines.index(moves[2]) + 1] == "{a comment sent as comment}"
    for name in ("txt", "pgn", "TEXT"):
        assert table.get("export", format=name).get_data(as_text=True) == text
    for name in ("json", "ndjson", "jsonl"):
        assert json.loads(table.get("export", format=name).get_data(as_text=True).splitlines()[0])["event"] == \
               "Started"
    refused = table.get("export", format="xml")
    assert refused.status_code == 400 and "jsonl" in json.dumps(refused.json)


def test_a_seat_asks_for_its_own_log_and_export_by_name(client):
    table = Table(client, players=THREE, mode="digital", seed=9)
    for path, query in (("log", {}), ("export", {"format": "jsonl"})):
        mine = table.get(path, "Joe", seat="Joe", **query)
        assert mine.status_code == 200
        text = mine.get_data(as_text=True)
        deal = (json.loads(text)["entries"][0] if path == "log" else json.loads(text.splitlines()[1]))["move"]
        assert len(deal["hands"]["Joe"]) == 9 and deal["hands"]["Alex"] is None
        assert table.get(path, "Joe", seat="Alex", **query).status_code == 403
        assert table.get(path, None, seat="Joe", **query).status_code == 403
        assert table.get(path, "Joe", seat="Nobody", **query).status_code == 404
    text = table.get("export", "Joe", seat="Joe", format="text").get_data(as_text=True)
    assert '[View "Joe"]' in text and "Alex ?; Joe " in text
    open_table = Table(client, moves=1)                 # a table game hides nothing
    assert open_table.get("log", seat="Joe").json == open_table.get("log").json
    assert open_table.get("export", seat="Joe").get_data() == open_table.get("export").get_data()


def test_forks_refuse_bad_input_without_a_500(client):
    table = Table(client, moves=6)
    before = game_count(client)
    for query, status in [("at=-1", 400), ("at=abc", 400), ("at=1.5", 400), ("at=", 400), ("", 400),
                          ("at=7", 404), ("at=99999999999", 404)]:
        assert table.post(f"fork?{query}").status_code == status, query
    assert client.post(f"/api/games/{table.id}/fork?at=1",
                       headers={"Authorization": "Bearer not-this-games"}).status_code == 403
    assert client.post("/api/games/00000000-0000-0000-0000-000000000000/fork?at=1").status_code == 404
    assert client.post("/api/games/not-an-id/fork?at=1").status_code == 404
    digital = Table(client, players=THREE, mode="digital")
    assert client.post(f"/api/games/{digital.id}/fork?at=1").status_code == 401
    assert game_count(client) == before + 1                                   # only the digital game
    assert client.post(f"/api/games/{table.id}/fork?at=6").status_code == 201   # anyone may fork a table game


def test_annotations_refuse_bad_input_and_honour_their_idempotency_key(client):
    table = Table(client, moves=3)
    for body, status in [({"move_index": 4, "text": "x"}, 404), ({"move_index": 1.5, "text": "x"}, 400),
                         ({"move_index": "1", "text": "x"}, 400), ({"move_index": 1, "text": ""}, 400),
                         ({"move_index": 1, "text": "x", "expected_version": "1"}, 400),
                         ({"move_index": 1, "text": "x", "colour": "red"}, 400)]:
        assert table.post("annotations", body).status_code == status, body
    by_index = table.post("annotations", {"index": 2, "comment": "sent by other names"})
    assert by_index.status_code == 201 and by_index.json["move_index"] == 2
    first = table.post("annotations", {"move_index": 1, "text": "once"}, **{"Idempotency-Key": "note-1"})
    again = table.post("annotations", {"move_index": 1, "text": "once"}, **{"Idempotency-Key": "note-1"})
    assert again.json == first.json
    assert [a["text"] for a in table.get("log").json["entries"][0]["annotations"]] == ["once"]


def test_the_commands_name_formats_as_clients_do_and_refuse_bad_files(client, database, tmp_path, capsys):
    table = Table(client, moves=6)
    record = tmp_path / "game.pgn"
    assert main(["--database", database, "export", table.id, "-f", "pgn", "-o", str(record)]) == 0
    assert record.read_text().startswith('[Game "Willi"]')
    assert main(["--database", database, "import", str(record), "-f", "text", "--json"]) == 0
    created = json.loads(capsys.readouterr().out)
    moves = [e["move"] for e in client.get(f"/api/games/{created['id']}/log").json["entries"]]
    assert moves == [e["move"] for e in table.get("log").json["entries"]]
    empty, garbage = tmp_path / "empty.txt", tmp_path / "garbage.bin"
    empty.write_text("")
    garbage.write_bytes(b"\xff\xfe\x00\x01")
    for path in (empty, garbage, tmp_path / "missing.txt"):
        assert main(["--database", database, "import", str(path)]) == 1
    assert "empty" in capsys.readouterr().err
    png = tmp_path / "scores.png"
    assert main(["--database", database, "chart", table.id, "-o", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert main(["--database", database, "chart", table.id, "-o", str(tmp_path / "scores.jpg")]) == 2
    assert main(["--database", database, "chart", table.id, "-f", "png", "-o", str(tmp_path / "x.svg")]) == 2
    assert main(["--database", database, "chart", "not-a-game", "-o", str(tmp_path / "y.svg")]) == 1
    assert main(["--database", database, "replay", "verify", table.id, "not-a-game"]) == 1
    out = capsys.readouterr().out
    assert "damaged: not-a-game" in out and f"damaged: {table.id}" not in out

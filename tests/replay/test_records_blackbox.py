"""Records, replay and statistics read as an outside tester would: only the HTTP API (the ``client``
fixture) and the command line (``service.ops.cli.main``), request shapes guessed
from the documentation's wording first.

Where a first reasonable guess was refused, the test says so in a comment
(``# guess:``) and uses the documented shape. Guesses that were refused and
are now accepted: an annotation's ``move`` (for ``move_index``), the format
name ``json-lines``, ``--output`` for ``chart``/``export``. Guesses that
differ but hold up as documented: a player's ``average_score`` is rounded to
two places; the leaderboard is ``GET /api/leaderboard[/<game>]``
(``GET /api/players`` is 404); ``at`` counts move numbers, an undone one
included.
"""
from __future__ import annotations

import json
import random
import sqlite3
import time
from uuid import uuid4

import psycopg
import pytest

from replay.views import PLAYERS_TABLE
from service.http.app import create_app
from service.ops.cli import main
from test_tamper_and_verify import edit_stored_event

GAMES = {"willi": ["Ann", "Bob", "Cy", "Di"], "wiener_walzer": ["Ann", "Bob", "Cy"],
         "vienna": ["Ann", "Bob", "Cy"], "grand_austria": ["Ann", "Bob"]}
WILLI_HANDS = {"Ann": [f"R{v}" for v in range(1, 10)], "Bob": [f"Y{v}" for v in range(1, 10)],
               "Cy": [f"G{v}" for v in range(1, 10)], "Di": [f"B{v}" for v in range(1, 10)]}


class Game:
    """One game, driven through the HTTP API only."""

    def __init__(self, client, game: str, players: list[str], mode: str = "table", seed: int | None = None):
        self.client = client
        body = {"game": game, "players": players, "mode": mode}
        if seed is not None:
            body["seed"] = seed
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.json
        self.id = r.json["id"]
        self.token = r.json["tokens"]["scorekeeper"]
        self.seats = r.json["tokens"]["seats"]

    @staticmethod
    def adopt(client, created: dict) -> "Game":
        game = Game.__new__(Game)
        game.client, game.id = client, created["id"]
        game.token, game.seats = created["tokens"]["scorekeeper"], created["tokens"]["seats"]
        return game

    def auth(self, seat: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.seats[seat] if seat else self.token}"}

    def get(self, path: str = "", seat: str | None = None, **kwargs):
        url = f"/api/games/{self.id}" + (f"/{path}" if path else "")
        return self.client.get(url, headers=self.auth(seat), **kwargs)

    def post(self, path: str, body: dict | None = None, headers: dict | None = None):
        return self.client.post(f"/api/games/{self.id}/{path}", json=body if body is not None else {},
                                headers=self.auth() if headers is None else headers)

    def move(self, move: dict) -> dict:
        # A player's move goes with the player's own token: in a digital game
        # the scorekeeper is the table and may not record it.
        seat = move.get("seat")
        own = seat in self.seats and self.summary()["mode"] == "digital"
        r = self.post("moves", {"move": move}, headers=self.auth(seat) if own else None)
        assert r.status_code == 201, (move, r.json)
        return r.json

    def summary(self) -> dict:
        return self.get().json

    def legal(self) -> list[dict]:
        """Every legal move now: the scorekeeper's, and each acting seat's (who
        may see its own hand in a digital game)."""
        moves = list(self.get("legal-moves").json["moves"] or [])
        for seat in self.summary()["expected"]["seats"]:
            if seat in self.seats:
                moves += self.get("legal-moves", seat=seat).json["moves"] or []
        return moves

    def play_randomly(self, rng: random.Random, limit: int, extras: bool = True) -> None:
        """Random legal moves, with undo, redo and comments now and then."""
        for _ in range(limit):
            if self.summary()["finished"]:
                return
            roll = rng.random()
            if extras and roll < 0.05:
                self.post("undo")                       # 201, or 409 past a service deal: both fine
            elif extras and roll < 0.08:
                self.post("redo")
            elif extras and roll < 0.11 and self.summary()["moves"]:
                index = rng.randint(1, self.summary()["moves"])
                r = self.post("annotations", {"move_index": index, "text": f"note {rng.randint(1, 99)}"})
                assert r.status_code == 201, r.json
            else:
                self.move(rng.choice(self.legal()))

    def export(self, fmt: str, seat: str | None = None, token: str | None = "scorekeeper") -> str:
        headers = {} if token is None else self.auth(seat)
        r = self.client.get(f"/api/games/{self.id}/export?format={fmt}", headers=headers)
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.get_data(as_text=True)


def willi_table_game(client, moves: int = 10) -> Game:
    """A table game of Willi with every hand seen, ``moves`` moves recorded."""
    game = Game(client, "willi", GAMES["willi"])
    game.move({"type": "deal", "hands": WILLI_HANDS})
    for _ in range(moves - 1):
        game.move(game.legal()[0])
    return game


def cli(capsys, *args: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(args))
    return code, capsys.readouterr().out


COMMITTED_AFRESH = ("seed_commitment", "salt", "salts", "commitments", "tokens_digest", "dealt_from")
"""What a new game commits to afresh: new salts, new tokens."""


def comparable(jsonl: str) -> list[dict]:
    """A JSON Lines record without what an import may change: ids, times,
    hashes, the seed's commitment and its salt (a new game commits afresh)."""
    out = []
    for line in jsonl.splitlines():
        event = json.loads(line)
        out.append({k: v for k, v in event.items()
                    if k not in ("id", "at", "hash", "prev_hash", "origin", *COMMITTED_AFRESH)})
    return out


def text_moves(text: str) -> list[str]:
    """A text record's lines after the header tags, and the tags but Id/Date
    and the seed's commitment and salt (a new game commits afresh)."""
    return [line for line in text.splitlines()
            if not line.startswith(("[Id ", "[Date ", "[SeedCommitment ", "[SeedSalt ", "[DealtFrom "))]


# 1. Projections --------------------------------------------------------------

def test_the_game_list_shows_game_players_mode_status_scores_and_last_move_time(client):
    game = Game(client, "wiener_walzer", ["Ann", "Bob"], mode="digital", seed=4)
    before = next(g for g in client.get("/api/games").json["games"] if g["id"] == game.id)
    assert before["game"] == "wiener_walzer" and before["players"] == ["Ann", "Bob"]
    assert before["mode"] == "digital" and before["status"] == "playing"
    game.play_randomly(random.Random(4), 300, extras=False)
    summary = game.summary()
    assert summary["finished"]
    row = next(g for g in client.get("/api/games").json["games"] if g["id"] == game.id)
    assert row["status"] == "finished"
    assert row["scores"] == summary["scores"]
    assert row["last_move_at"] and row["last_move_at"] >= before["created_at"]


def test_the_game_list_shows_a_move_at_once(client):
    game = willi_table_game(client, 1)
    row = next(g for g in client.get("/api/games").json["games"] if g["id"] == game.id)
    first = row["last_move_at"]
    game.move(game.legal()[0])
    row = next(g for g in client.get("/api/games").json["games"] if g["id"] == game.id)
    assert row["moves"] == 2 and row["last_move_at"] > first
    game.post("undo")
    row = next(g for g in client.get("/api/games").json["games"] if g["id"] == game.id)
    assert row["moves"] == 1


@pytest.mark.store
def test_another_process_sees_a_change_within_a_second(database):
    writer, reader = create_app(database), create_app(database)
    try:
        game = Game(writer.test_client(), "willi", GAMES["willi"])
        seen = reader.test_client()
        assert game.id in [g["id"] for g in seen.get("/api/games").json["games"]]
        game.move({"type": "deal", "hands": WILLI_HANDS})
        deadline = time.monotonic() + 1.0
        while True:
            row = next(g for g in seen.get("/api/games").json["games"] if g["id"] == game.id)
            if row["moves"] == 1 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert row["moves"] == 1
    finally:
        writer.extensions["tablelog"].store.close()
        reader.extensions["tablelog"].store.close()


def finished_game(client, game: str, players: list[str], seed: int) -> dict:
    g = Game(client, game, players, mode="digital", seed=seed)
    g.play_randomly(random.Random(seed), 400, extras=False)
    summary = g.summary()
    assert summary["finished"]
    return summary


def test_player_statistics_per_game_type(client):
    ann, bob, cy = (f"{name}-{uuid4().hex[:6]}" for name in ("Ann", "Bob", "Cy"))    # a shared database
    summaries = [finished_game(client, "wiener_walzer", [ann, bob], seed) for seed in (1, 2, 3)]
    Game(client, "wiener_walzer", [ann, cy], mode="digital", seed=9)           # running, not played
    r = client.get(f"/api/players/{ann}")
    assert r.status_code == 200
    stats = {row["game"]: row for row in r.json["games"]}
    ww = stats["wiener_walzer"]
    scores = [s["scores"][ann] for s in summaries]
    assert ww["played"] == 3
    assert ww["won"] == sum(ann in s["winners"] for s in summaries)
    assert ww["average_score"] == pytest.approx(sum(scores) / 3, abs=0.005)   # rounded to 2 places
    assert ww["best_score"] == max(scores)
    # the leaderboard: most wins first
    board = client.get("/api/leaderboard/wiener_walzer")
    assert board.status_code == 200
    rows = board.json["players"]
    assert {ann, bob, cy} <= {row["player"] for row in rows}
    wins = [row["won"] for row in rows]
    assert wins == sorted(wins, reverse=True)
    assert client.get(f"/api/players/Nobody-{uuid4().hex}").status_code == 404


def test_the_card_monster_is_no_player(client):
    Game(client, "willi", ["Ann", "Bob", "Cy"])
    assert client.get("/api/players/Ann").status_code == 200
    assert client.get("/api/players/monster").status_code == 404


def run_sql(database: str, sql: str) -> None:
    if database.startswith("sqlite"):
        with sqlite3.connect(database[len("sqlite:///"):]) as conn:
            conn.execute(sql)
    else:
        with psycopg.connect(database, autocommit=True) as conn:
            conn.execute(sql)


def views(client, names: list[str]) -> dict:
    return {"games": client.get("/api/games").json,
            "players": {name: client.get(f"/api/players/{name}").json for name in names},
            "leaderboard": client.get("/api/leaderboard").json}


@pytest.mark.store
def test_a_rebuild_gives_the_same_rows_and_a_restart_resumes(own_database, capsys):
    app = create_app(own_database)
    client = app.test_client()
    try:
        finished_game(client, "wiener_walzer", ["Ann", "Bob"], 5)
        g = Game(client, "vienna", ["Ann", "Bob", "Cy"], mode="digital", seed=5)
        g.play_randomly(random.Random(5), 40)
        willi_table_game(client, 6).post("undo")
        live = views(client, ["Ann", "Bob", "Cy", "Di"])
        code, _ = cli(capsys, "--database", own_database, "replay", "rebuild")
        assert code == 0
        assert views(client, ["Ann", "Bob", "Cy", "Di"]) == live
        # rows lost behind the service's back come back from the log
        run_sql(own_database, f"DELETE FROM {PLAYERS_TABLE}")
        assert cli(capsys, "--database", own_database, "replay", "rebuild")[0] == 0
        assert views(client, ["Ann", "Bob", "Cy", "Di"]) == live
    finally:
        app.extensions["tablelog"].store.close()
    again = create_app(own_database)
    try:
        assert views(again.test_client(), ["Ann", "Bob", "Cy", "Di"]) == live
    finally:
        again.extensions["tablelog"].store.close()


# 2. Verify -------------------------------------------------------------------

def edit_one_byte(database: str, game_id: str, version: int, position, replacement: bytes) -> None:
    """Replace one byte of a stored event (with the append-only trigger off on
    PostgreSQL); ``position(state) -> int`` says which."""
    def change(state: bytes) -> bytes:
        at = position(state)
        return state[:at] + replacement + state[at + 1:]
    edit_stored_event(database, game_id, version, change)


@pytest.mark.store
def test_verify_passes_on_untouched_games_of_every_game(own_database, capsys):
    app = create_app(own_database)
    client = app.test_client()
    try:
        ids = []
        for seed, (name, players) in enumerate(GAMES.items()):
            g = Game(client, name, players, mode="digital", seed=seed)
            g.play_randomly(random.Random(seed), 40)
            ids.append(g.id)
            assert g.get("audit").json["ok"] is True
        assert cli(capsys, "--database", own_database, "replay", "verify", "--all")[0] == 0
        assert cli(capsys, "--database", own_database, "replay", "verify", *ids[:2])[0] == 0
    finally:
        app.extensions["tablelog"].store.close()


@pytest.mark.store
def test_one_changed_byte_is_named_by_verify_and_the_audit(own_database, capsys):
    app = create_app(own_database)
    client = app.test_client()
    try:
        games = [willi_table_game(client, 8) for _ in range(3)]
        edited = games[1]
        # the card Bob played (the third player's card: a digit in "Y1") becomes another card
        edit_one_byte(own_database, edited.id, 7, lambda b: b.index(b'"card":"') + 9, b"7")
        audit = edited.get("audit").json
        assert audit["ok"] is False and audit["problems"]
        assert all(g.get("audit").json["ok"] for g in (games[0], games[2]))
        code, out = cli(capsys, "--database", own_database, "replay", "verify", "--all")
        assert code != 0
        assert edited.id in out
        assert games[0].id not in out and games[2].id not in out
        code, out = cli(capsys, "--database", own_database, "replay", "verify", games[0].id, edited.id)
        assert code != 0 and edited.id in out
    finally:
        app.extensions["tablelog"].store.close()


@pytest.mark.store
def test_a_one_byte_edit_of_a_stored_time_is_named_too(own_database, capsys):
    """The record says when each move was made; a changed byte there is an
    edit as much as any other ("names the edited game when one byte is
    changed")."""
    app = create_app(own_database)
    client = app.test_client()
    try:
        game = willi_table_game(client, 5)
        # "2026-12-01T04:28:19..." -> "2026-12-01t04:28:19...": one byte
        edit_one_byte(own_database, game.id, 3, lambda b: b.index(b'T', b.index(b'"_data_":"')), b"t")
        assert game.get("audit").json["ok"] is False
        code, out = cli(capsys, "--database", own_database, "replay", "verify", game.id)
        assert code != 0 and game.id in out
    finally:
        app.extensions["tablelog"].store.close()


def test_every_event_names_the_rules_version_in_the_export(client):
    game = willi_table_game(client, 3)
    started = json.loads(game.export("jsonl").splitlines()[0])
    assert started["event"] == "Started"
    versions = {g["id"]: g["rules_version"] for g in client.get("/api/game-types").json["games"]}
    assert started["rules_version"] == versions["willi"]


# 3. Game records -------------------------------------------------------------

def test_the_json_lines_export_is_every_event_in_order(client, capsys, database):
    game = willi_table_game(client, 6)
    game.post("undo")
    game.post("annotations", {"move_index": 2, "text": "bold"})
    r = client.get(f"/api/games/{game.id}/export?format=jsonl", headers=game.auth())
    assert r.status_code == 200 and "ndjson" in r.content_type
    events = [json.loads(line) for line in r.get_data(as_text=True).splitlines()]
    assert [e["version"] for e in events] == list(range(1, game.summary()["version"] + 1))
    assert events[0]["event"] == "Started"
    assert events[-2]["event"] == "MoveUndone"
    # the documentation's own name for the format, "JSON Lines", names it too
    lines = client.get(f"/api/games/{game.id}/export?format=json-lines", headers=game.auth())
    assert lines.status_code == 200 and lines.get_data() == r.get_data()
    # the command line writes the same stream (a table game hides nothing)
    code, out = cli(capsys, "--database", database, "export", game.id, "--format", "jsonl")
    assert code == 0 and out.strip() == r.get_data(as_text=True).strip()


def test_the_text_record_has_pgn_tags_numbered_moves_comments_and_undone_moves(client):
    game = willi_table_game(client, 6)
    game.post("annotations", {"move_index": 2, "text": "bold discard"})
    game.post("undo")
    r = client.get(f"/api/games/{game.id}/export?format=text", headers=game.auth())
    assert r.status_code == 200 and r.content_type.startswith("text/plain")
    text = r.get_data(as_text=True)
    tags = [line.split(" ", 1)[0].lstrip("[") for line in text.splitlines() if line.startswith("[")]
    assert tags[:6] == ["Game", "Date", "Site", "Players", "Options", "Result"]
    assert '[Players "Ann, Bob, Cy, Di"]' in text
    numbered = [line for line in text.splitlines() if line[:1].isdigit()]
    assert [int(line.split(".", 1)[0]) for line in numbered] == list(range(1, 7))
    assert "bold discard" in text
    assert "undo" in text.lower()                         # the undone sixth move is marked
    # "pgn" is accepted as the text format's name
    assert client.get(f"/api/games/{game.id}/export?format=pgn", headers=game.auth()).get_data(as_text=True) == text


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
def test_random_games_survive_export_import_export_through_api_and_command_line(client, database, capsys,
                                                                                tmp_path, name):
    rng = random.Random(len(name))
    game = Game(client, name, GAMES[name], mode="digital", seed=len(name))
    game.post("annotations", {"move_index": 0, "text": "the whole game; {braces}"})
    game.play_randomly(rng, 150)
    assert game.summary()["moves"] >= 20
    for fmt in ("jsonl", "text"):
        path = tmp_path / f"{name}.{fmt}"
        assert cli(capsys, "--database", database, "export", game.id, "-f", fmt, "-o", str(path))[0] == 0
        record = path.read_text()
        r = client.post("/api/games/import", data=record.encode(),
                        content_type="application/x-ndjson" if fmt == "jsonl" else "text/plain")
        assert r.status_code == 201, r.json
        assert r.json["differences"] == []
        copy = r.json["id"]
        assert copy != game.id
        code, again = cli(capsys, "--database", database, "export", copy, "-f", fmt)
        assert code == 0
        if fmt == "jsonl":
            assert comparable(again) == comparable(record)
        else:
            assert text_moves(again) == text_moves(record)
        code, out = cli(capsys, "--database", database, "import", str(path))
        assert code == 0


def test_a_table_game_survives_the_round_trip_through_the_api_alone(client):
    game = willi_table_game(client, 12)
    game.post("undo")
    game.post("redo")
    game.post("undo")
    game.post("annotations", {"move_index": 3, "text": "why?"})
    for fmt in ("jsonl", "text"):
        record = game.export(fmt)
        r = client.post("/api/games/import", json={"record": record})
        assert r.status_code == 201, r.json
        copy = Game.adopt(client, r.json)
        again = copy.export(fmt)
        if fmt == "jsonl":
            assert comparable(again) == comparable(record)
        else:
            assert text_moves(again) == text_moves(record)
        log = copy.get("log").json["entries"]
        assert [e["undone"] for e in log] == [e["undone"] for e in game.get("log").json["entries"]]
        assert copy.summary()["scores"] == game.summary()["scores"]


def test_the_scorekeepers_export_of_a_digital_game_imports_without_differences(client):
    """The API's export of a digital game for its scorekeeper is a record
    tablelog itself wrote; importing it unchanged should not report moves whose
    outcome "the current rules no longer give"."""
    game = Game(client, "willi", GAMES["willi"], mode="digital", seed=3)
    game.play_randomly(random.Random(3), 20, extras=False)
    record = game.export("jsonl")
    r = client.post("/api/games/import", data=record.encode(), content_type="application/x-ndjson")
    assert r.status_code == 201, r.json
    assert r.json["differences"] == []


def test_an_import_of_a_damaged_record_creates_nothing(client):
    before = len(client.get("/api/games").json["games"])
    r = client.post("/api/games/import", data=b"this is not a record", content_type="text/plain")
    assert r.status_code == 422 and r.json["code"] == "not_a_record"
    assert len(client.get("/api/games").json["games"]) == before


# 4. Forks and annotations -----------------------------------------------------

def test_a_fork_starts_from_the_first_n_moves_and_leaves_the_origin_untouched(client):
    game = willi_table_game(client, 9)
    origin_before = game.export("jsonl")
    version = game.summary()["version"]
    r = client.post(f"/api/games/{game.id}/fork?at=5", headers=game.auth())
    assert r.status_code == 201, r.json
    fork = Game.adopt(client, r.json)
    assert fork.id != game.id
    assert game.export("jsonl") == origin_before and game.summary()["version"] == version
    moves = [e["move"] for e in fork.get("log").json["entries"]]
    assert moves == [e["move"] for e in game.get("log").json["entries"]][:5]
    events = [json.loads(line) for line in fork.export("jsonl").splitlines()]
    forked = [e for e in events if e["event"] == "Forked"]
    assert len(forked) == 1 and game.id in json.dumps(forked[0]) and 5 in forked[0].values()
    # the fork is a game of its own: its own token records its next move
    fork.move(fork.legal()[0])
    assert game.summary()["version"] == version
    assert client.post(f"/api/games/{game.id}/fork?at=10", headers=game.auth()).status_code == 404


def test_a_fork_at_n_is_the_origins_state_at_n_even_around_an_undone_move(client):
    """``at`` counts move numbers as ``state?at=N`` does: an undone move keeps
    its number. (Read as "the first N effective moves", at=6 below would hold
    six moves; it holds the five effective ones numbered <= 6.)"""
    game = willi_table_game(client, 6)
    game.post("undo")
    game.move(game.legal()[-1])                                   # move 7; move 6 stays undone
    for at in (0, 5, 6, 7):
        r = client.post(f"/api/games/{game.id}/fork?at={at}", headers=game.auth())
        assert r.status_code == 201, r.json
        fork = Game.adopt(client, r.json)
        mine, theirs = fork.get("state").json, game.get(f"state?at={at}").json
        assert (mine["scores"], mine["expected"]) == (theirs["scores"], theirs["expected"])
        assert fork.summary()["forked_from"]["game"] == game.id


def test_an_annotation_attaches_a_comment_to_a_move(client):
    game = willi_table_game(client, 4)
    # guess: {"move": 3, "comment": ...} was 400 "move: Unknown field"; see the next test
    r = game.post("annotations", {"move_index": 3, "comment": "risky"})
    assert r.status_code == 201, r.json
    entry = game.get("log").json["entries"][2]
    assert "risky" in json.dumps(entry)
    assert "risky" in game.export("text")
    assert client.post(f"/api/games/{game.id}/annotations", json={"move_index": 3, "text": "x"}).status_code == 401
    assert game.post("annotations", {"move_index": 40, "text": "x"}).status_code == 404


def test_an_annotation_body_naming_the_move_as_move(client):
    """"attaches a comment to a move": ``{"move": 3, "comment": ...}`` is the
    first body a client writes."""
    game = willi_table_game(client, 4)
    r = game.post("annotations", {"move": 3, "comment": "risky"})
    assert r.status_code == 201, r.json
    assert r.json["move_index"] == 3


# 5. Per-seat logs -------------------------------------------------------------

def test_a_seats_token_sees_only_its_own_hand_in_the_log_and_exports(client, database, capsys):
    game = Game(client, "willi", GAMES["willi"], mode="digital", seed=11)
    game.play_randomly(random.Random(11), 3, extras=False)
    full = json.loads(cli(capsys, "--database", database, "export", game.id, "-f", "jsonl")[1].splitlines()[1])
    hands = full["move"]["hands"]
    assert all(hands[seat] for seat in GAMES["willi"])              # the command line sees every hand
    for seat in ("Ann", "Bob"):
        log = game.get("log", seat=seat)
        assert log.status_code == 200
        deal = log.json["entries"][0]["move"]["hands"]
        assert deal[seat] == hands[seat]
        assert all(deal[other] is None for other in GAMES["willi"] if other != seat)
        for fmt in ("jsonl", "text"):
            record = game.export(fmt, seat=seat)
            others = [card for other in GAMES["willi"] if other != seat for card in hands[other]]
            first_line = record.splitlines()[1] if fmt == "jsonl" else next(
                line for line in record.splitlines() if line.startswith("1."))
            assert not any(card in first_line for card in others), (seat, fmt, first_line)
            assert all(card in first_line for card in hands[seat])
    # asking for another seat's view with one's own token is refused
    r = client.get(f"/api/games/{game.id}/log?seat=Bob", headers=game.auth("Ann"))
    assert r.status_code == 403
    # the command line as a seat hides the others too
    code, out = cli(capsys, "--database", database, "export", game.id, "-f", "jsonl", "--seat", "Ann")
    assert code == 0 and not any(card in out.splitlines()[1] for card in hands["Bob"])


# 6. Score timeline -------------------------------------------------------------

def test_the_timeline_gives_every_seats_score_after_each_move(client, database, tmp_path, capsys):
    game = Game(client, "wiener_walzer", ["Ann", "Bob"], mode="digital", seed=2)
    game.play_randomly(random.Random(2), 400, extras=False)
    summary = game.summary()
    r = game.get("timeline")
    assert r.status_code == 200
    points = r.json["points"]
    assert [p["index"] for p in points] == list(range(0, summary["moves"] + 1))
    assert all(set(p["scores"]) == {"Ann", "Bob"} for p in points)
    assert points[-1]["scores"] == summary["scores"]
    for p in points[:: max(1, len(points) // 5)]:
        assert game.get(f"state?at={p['index']}").json["scores"] == p["scores"]
    for fmt, magic in (("svg", b"<"), ("png", b"\x89PNG")):
        out = tmp_path / f"chart.{fmt}"
        assert cli(capsys, "--database", database, "chart", game.id, "-o", str(out))[0] == 0
        data = out.read_bytes()
        assert data.startswith(magic) and (fmt != "svg" or b"<svg" in data)


def test_the_chart_command_takes_output_as_a_file_name(client, database, tmp_path, capsys):
    """"writes it as an SVG or PNG file": ``--output`` is the spelling most
    tools use beside ``-o``."""
    game = willi_table_game(client, 3)
    out = tmp_path / "chart.svg"
    assert cli(capsys, "--database", database, "chart", game.id, "--output", str(out))[0] == 0
    assert b"<svg" in out.read_bytes()

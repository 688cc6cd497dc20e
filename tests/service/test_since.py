"""A reader that holds the game at version V asks only for
what changed after it (``?since=V`` on the log, the timeline and the state),
and what it then holds is what a reader asking for everything gets."""
from __future__ import annotations

import random

from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


def next_move(api: Api, rng: random.Random) -> dict:
    games = api.client.application.extensions["tablelog"]
    legal = api.game.legal_moves(games.history(api.id).state)
    return api.random_move(rng) if legal is None else rng.choice(legal)


class Reader:
    """What the scorekeeper's page keeps: the log by move number, the
    timeline's points and the state, each at the version it was read at."""

    def __init__(self, api: Api):
        self.api = api
        log = api.get("log")
        self.version = log["version"]
        self.entries = {e["index"]: e for e in log["entries"]}
        self.points = api.get("timeline")["points"]
        self.state = api.get("state")

    def catch_up(self) -> None:
        since = self.version
        log = self.api.get(f"log?since={since}")
        assert log["since"] == since
        self.entries.update({e["index"]: e for e in log["entries"]})
        timeline = self.api.get(f"timeline?since={since}")
        self.points = [p for p in self.points if p["index"] <= timeline["after"]] + timeline["points"]
        state = self.api.get(f"state?since={since}")
        if not state["unchanged"]:
            self.state = {k: v for k, v in state.items() if k not in ("since", "unchanged")}
        self.version = log["version"]

    def agrees_with_a_full_read(self) -> None:
        full = self.api.get("log")
        assert self.version == full["version"]
        assert [self.entries[n] for n in sorted(self.entries)] == full["entries"]
        assert self.points == self.api.get("timeline")["points"]
        assert {k: v for k, v in self.state.items() if k != "version"} == \
               {k: v for k, v in self.api.get("state").items() if k != "version"}


def test_moves_undos_redos_and_comments_since_a_version_add_up_to_the_whole_game(client):
    api = Api(client, "willi", FOUR)
    rng = random.Random(16)
    reader = Reader(api)
    for step in range(60):
        roll = rng.random()
        if roll < 0.15 and step:
            client.post(f"/api/games/{api.id}/undo", json={}, headers=api.auth())
        elif roll < 0.22:
            client.post(f"/api/games/{api.id}/redo", json={}, headers=api.auth())
        elif roll < 0.3:
            number = rng.randint(0, len(reader.entries))
            api.post("annotations", json={"move_index": number, "text": f"note {step}"})
        else:
            api.move(next_move(api, rng))
        if rng.random() < 0.5:          # the reader sometimes misses a change or two
            reader.catch_up()
            reader.agrees_with_a_full_read()
    reader.catch_up()
    reader.agrees_with_a_full_read()


def test_an_undo_marks_the_old_entry_and_a_comment_adds_to_one(client):
    api = Api(client, "willi", FOUR)
    rng = random.Random(3)
    for _ in range(5):
        api.move(next_move(api, rng))
    at = api.get("log")["version"]
    api.post("annotations", json={"move_index": 2, "text": "a misdeal?"})
    api.post("undo")
    log = api.get(f"log?since={at}")
    assert [(e["index"], e["undone"], len(e["annotations"])) for e in log["entries"]] == [(2, False, 1), (5, True, 0)]
    timeline = api.get(f"timeline?since={at}")
    assert timeline["after"] == 4 and timeline["points"] == []


def test_nothing_changed_since_the_version_held(client):
    api = Api(client, "willi", FOUR)
    api.move(next_move(api, random.Random(1)))
    now = api.get("")["version"]
    assert api.get(f"log?since={now}")["entries"] == []
    assert api.get(f"timeline?since={now}")["points"] == []
    assert api.get(f"state?since={now}") == {"id": api.id, "version": now, "since": now, "unchanged": True}
    api.post("annotations", json={"move_index": 1, "text": "well dealt"})
    # A comment changes the log, not the state.
    assert api.get(f"state?since={now}")["unchanged"] is True
    assert len(api.get(f"log?since={now}")["entries"]) == 1


def test_a_since_later_than_the_game_is_409_and_not_a_number_400(client):
    api = Api(client, "willi", FOUR)
    now = api.get("")["version"]
    for path in ("log", "timeline", "state"):
        assert client.get(f"/api/games/{api.id}/{path}?since={now + 1}").json["code"] == "since_ahead"
        assert client.get(f"/api/games/{api.id}/{path}?since={now + 1}").status_code == 409
        for since in (-1, "x", "+1"):
            assert client.get(f"/api/games/{api.id}/{path}?since={since}").status_code == 400, (path, since)

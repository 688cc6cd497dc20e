"""A game keeps the rules version it started with: import
and fork keep the record's version (``Started.rules_version``, the text
record's ``Rules`` tag), a version the engine cannot play is refused with a
clear message, a version-1 record is played under the current rules as
before, and ``GET /api/game-types`` lists the versions each game plays.

Willi plays one version; here it is given a second one (3, with 2 still
playable) the way an engine that keeps old versions declares them."""
from __future__ import annotations

import json
import random

import pytest
from helpers import Api

from domain.rules import YesNo
from domain.wiener_walzer import GAME as WALZER
from domain.willi import GAME as WILLI
from service.app.games import Games

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]


@pytest.fixture
def version_3_keeps_2(monkeypatch):
    """Willi as an engine whose new games start under version 3 and which
    still plays version 2; setup notes the version it is asked for."""
    asked: list[str | None] = []
    setup = type(WILLI).setup

    def setup_noting(self, players, options, rules_version=None):
        asked.append(rules_version)
        return setup(self, players, options, rules_version)

    monkeypatch.setattr(type(WILLI), "rules_version", "3")
    monkeypatch.setattr(type(WILLI), "rules_versions", {"2": "Exchanged cards make a hand known.",
                                                        "3": "A test version."})
    monkeypatch.setattr(type(WILLI), "setup", setup_noting)
    return asked


def played(client, moves: int = 9, seed: int = 2) -> Api:
    api = Api(client, "willi", FOUR)
    rng = random.Random(seed)
    for _ in range(moves):
        api.move(api.random_move(rng))
    return api


def export(client, game_id: str, fmt: str) -> str:
    return client.get(f"/api/games/{game_id}/export?format={fmt}").get_data(as_text=True)


def started(client, game_id: str) -> dict:
    return json.loads(export(client, game_id, "jsonl").splitlines()[0])


def imported(client, record: str, status: int = 201) -> dict:
    answer = client.post("/api/games/import", data=record, content_type="text/plain")
    assert answer.status_code == status, answer.json
    return answer.json


def test_game_types_list_the_versions_each_game_plays_and_what_changed(client):
    for described in client.get("/api/game-types").json["games"]:
        assert described["rules_version"] in described["rules_versions"], described["id"]
        assert all(isinstance(text, str) and text for text in described["rules_versions"].values())
    willi = next(g for g in client.get("/api/game-types").json["games"] if g["id"] == "willi")
    assert willi["rules_versions"] == {"2": WILLI.rules_versions["2"]}


def test_game_types_show_an_engine_that_keeps_an_old_version(client, version_3_keeps_2):
    willi = next(g for g in client.get("/api/game-types").json["games"] if g["id"] == "willi")
    assert willi["rules_version"] == "3"
    assert list(willi["rules_versions"]) == ["2", "3"]


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_an_imported_record_keeps_its_rules_version(client, version_3_keeps_2, fmt, monkeypatch):
    monkeypatch.setattr(type(WILLI), "rules_version", "2")
    api = played(client)                                        # recorded under version 2
    record = export(client, api.id, fmt)
    monkeypatch.setattr(type(WILLI), "rules_version", "3")      # new games now start under 3
    version_3_keeps_2.clear()
    copy = imported(client, record)
    assert copy["differences"] == []
    assert started(client, copy["id"])["rules_version"] == "2"
    assert '[Rules "2"]' in export(client, copy["id"], "text")
    assert version_3_keeps_2 and set(version_3_keeps_2) == {"2"}   # setup was asked for version 2
    assert client.get(f"/api/games/{copy['id']}/audit").json["ok"] is True
    fresh = Api(client, "willi", FOUR)
    assert started(client, fresh.id)["rules_version"] == "3"


def test_a_fork_keeps_the_rules_version_of_its_origin(client, version_3_keeps_2, monkeypatch):
    monkeypatch.setattr(type(WILLI), "rules_version", "2")
    api = played(client)
    monkeypatch.setattr(type(WILLI), "rules_version", "3")
    fork = client.post(f"/api/games/{api.id}/fork?at=5", headers=api.auth()).json
    assert started(client, fork["id"])["rules_version"] == "2"
    assert client.get(f"/api/games/{fork['id']}/audit").json["ok"] is True


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_a_record_of_a_version_the_engine_cannot_play_is_refused(client, fmt):
    record = export(client, played(client).id, fmt)
    record = (record.replace('"rules_version":"2"', '"rules_version":"7"') if fmt == "jsonl"
              else record.replace('[Rules "2"]', '[Rules "7"]'))
    before = len(client.get("/api/games").json["games"])
    refused = imported(client, record, status=422)
    assert refused["code"] == "unplayable_rules_version"
    assert refused["detail"] == ("This record was played under Willi rules version 7; this tablelog plays "
                                  "Willi under rules version 2 only.")
    assert len(client.get("/api/games").json["games"]) == before


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_a_version_1_record_is_played_under_the_current_rules_as_before(client, fmt):
    record = export(client, played(client).id, fmt)
    record = (record.replace('"rules_version":"2"', '"rules_version":"1"') if fmt == "jsonl"
              else record.replace('[Rules "2"]', '[Rules "1"]'))
    copy = imported(client, record)
    assert copy["differences"] == []
    assert started(client, copy["id"])["rules_version"] == WILLI.rules_version


def test_a_text_record_without_a_rules_tag_is_played_under_the_current_rules(client):
    record = export(client, played(client).id, "text")
    record = "\n".join(line for line in record.splitlines() if not line.startswith("[Rules "))
    copy = imported(client, record)
    assert started(client, copy["id"])["rules_version"] == WILLI.rules_version


def test_a_stored_game_of_a_version_no_longer_played_still_opens(client, monkeypatch):
    api = played(client)
    before = api.state()
    monkeypatch.setattr(type(WILLI), "rules_version", "3")
    monkeypatch.setattr(type(WILLI), "rules_versions", {"3": "A test version."})
    games = client.application.extensions["tablelog"]
    again = Games(games.store)                 # a restarted service replays the game from the store
    assert again.state(api.id, None)["scores"] == before["scores"]
    assert again.verify(api.id).ok                                   # same rules: nothing differs


def test_a_new_game_and_its_replay_load_the_options_the_same_way(client, monkeypatch):
    """Live creation and replay both load the options through the game's
    schema: an option with a default (as a ``modules`` option has) gives the
    same state in the answer to the start and after a restart."""
    class EventsByDefault(type(WALZER).options_schema):
        events = YesNo(load_default=True)

    monkeypatch.setattr(type(WALZER), "options_schema", EventsByDefault)
    api = Api(client, "wiener_walzer", ["Ann", "Ben"], options={})
    assert api.state()["events"] is True
    again = Games(client.application.extensions["tablelog"].store)
    assert again.state(api.id, None)["events"] is True
    assert again.verify(api.id).ok

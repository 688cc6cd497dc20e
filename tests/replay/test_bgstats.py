"""A finished game as a BG Stats play, in the app's published push-plays
format: the links, the local date, who started, the solo opponent, the
comments, the board and the expansions."""
from __future__ import annotations

import json
import random
from urllib.parse import unquote

import pytest

from domain.games import get_game
from replay.bgstats import bgstats_links, bgstats_play, local_zone
from service.app.games import Games
from service.store.database import open_store

PLAYER_FIELDS = {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer", "role"}


def summary(**changes) -> dict:
    return {"id": "game-1", "game": "wiener_walzer", "title": "Wiener Walzer", "players": ["Ann", "Bo", "Cy"],
            "seats": ["Ann", "Bo", "Cy"], "created_at": "2026-03-28T23:30:00+00:00",
            "updated_at": "2026-03-29T00:45:10+00:00", "scores": {"Ann": 40, "Bo": 52, "Cy": 31},
            "winners": ["Bo"], **changes}


def published(play: dict) -> None:
    """The fields the push-plays format names, each of its kind."""
    assert isinstance(play["sourceName"], str) and isinstance(play["sourcePlayId"], str)
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "
    assert isinstance(play["game"]["name"], str)
    for player in play["players"]:
        assert set(player) == PLAYER_FIELDS
        assert isinstance(player["score"], int) and isinstance(player["rank"], int)
        assert isinstance(player["winner"], bool) and isinstance(player["startPlayer"], bool)
    assert sum(p["startPlayer"] for p in play["players"]) <= 1


def test_both_links_carry_the_play_url_encoded():
    play = bgstats_play(summary())
    links = bgstats_links(play)
    assert links["app"].startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    assert links["web"].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    for link in links.values():
        assert json.loads(unquote(link.partition("?data=")[2])) == play
    published(play)


def test_the_start_player_is_the_one_the_setup_names_not_the_first_seat():
    play = bgstats_play(summary(), facts=[{"fact": "set_up", "stacks": True, "starts": "Cy"}])
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Cy"]
    willi = bgstats_play(summary(game="willi", title="Willi"), facts=[{"fact": "dealt", "round": 1, "leader": "Bo"}])
    assert [p["name"] for p in willi["players"] if p["startPlayer"]] == ["Bo"]


def test_the_play_date_is_local_time_with_the_offset_applied():
    assert bgstats_play(summary())["playDate"] == "2026-03-28 23:30:00"
    assert bgstats_play(summary(), zone=local_zone("+02:00"))["playDate"] == "2026-03-29 01:30:00"
    assert bgstats_play(summary(), zone=local_zone("-0530"))["playDate"] == "2026-03-28 18:00:00"
    # Vienna: winter time (+01:00) on the 28th, summer time (+02:00) from the 29th at 02:00 UTC+1
    assert bgstats_play(summary(), zone=local_zone("Europe/Vienna"))["playDate"] == "2026-03-29 00:30:00"
    assert bgstats_play(summary(created_at="2026-03-29T02:00:00+00:00", updated_at="2026-03-29T03:00:00+00:00"),
                        zone=local_zone("Europe/Vienna"))["playDate"] == "2026-03-29 04:00:00"
    for bad in ("+25:00", "Mars/Olympus", "soon"):
        with pytest.raises(ValueError):
            local_zone(bad)


def test_comments_location_and_board_are_sent_when_there_are_any():
    play = bgstats_play(summary(), comments=["A close one", "Move 12: a bold dance"], location="Café Central",
                        board="hotel: night side")
    assert play["comments"] == "A close one\nMove 12: a bold dance"
    assert play["location"] == "Café Central" and play["board"] == "hotel: night side"
    assert not {"comments", "location", "board"} & set(bgstats_play(summary()))


def test_a_solo_game_sends_the_opponent_and_ranks_the_player_behind_it():
    solo = summary(game="grand_austria", title="Grand Austria Hotel", players=["Ann"], seats=["Ann", "bot"],
                   scores={"Ann": 150, "bot": 201}, winners=["bot"])
    play = bgstats_play(solo, facts=[{"fact": "setup", "start_player": "bot"}],
                        opponent={"seat": "bot", "name": "Leopold", "role": "Leopold (hard)"},
                        expansions=[{"name": "Let's Waltz! Solo Variant: Dinner for One"}])
    published(play)
    ann, leopold = play["players"]
    assert ann == {"name": "Ann", "sourcePlayerId": "Ann", "score": 150, "rank": 2, "winner": False,
                   "startPlayer": False, "role": ""}
    assert leopold == {"name": "Leopold", "sourcePlayerId": "tablelog:bot", "score": 201, "rank": 1, "winner": True,
                       "startPlayer": True, "role": "Leopold (hard)"}
    assert play["game"]["bggId"] == 182874
    assert play["game"]["expansions"] == [{"name": "Let's Waltz! Solo Variant: Dinner for One"}]


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'plays.sqlite3'}"))
    yield service
    service.store.close()


def finished(games: Games, game_id: str, players: list[str], options: dict, seed: int) -> dict:
    game = get_game(game_id)
    rng = random.Random(seed)
    created = games.create(game_id, players, mode="digital", seed=seed, options=options)
    gid = created["id"]
    games.annotate(gid, 0, "Sunday at the café", created["tokens"]["scorekeeper"])
    while not game.finished(games.history(gid).state):
        move = rng.choice(game.legal_moves(games.history(gid).state))
        games.record_move(gid, move, created["tokens"]["seats"][move["seat"]])
    games.annotate(gid, 2, "a good start", created["tokens"]["scorekeeper"])
    return created


def test_a_finished_solo_game_as_the_service_gives_it(games):
    created = finished(games, "grand_austria", ["Ann"], {"solo": {"difficulty": "easy"}, "modules": ["more"]}, 1)
    answer = games.bgstats(created["id"], "Europe/Vienna", "at home")
    play = answer["play"]
    published(play)
    hist = games.history(created["id"])
    started = hist.entry(hist.effective[0]).move["start_player"]
    assert [p["startPlayer"] for p in play["players"]] == [seat == started for seat in ("Ann", "bot")]
    summary_ = games.summary(hist)
    bot = play["players"][1]
    assert bot["name"] == "Leopold" and bot["role"] == "Leopold (easy)"
    assert bot["score"] == summary_["scores"]["bot"] and bot["winner"] == ("bot" in summary_["winners"])
    assert play["players"][0]["rank"] == (1 if "Ann" in summary_["winners"] else 2)
    assert play["comments"] == "Sunday at the café\nMove 2: a good start"
    assert play["location"] == "at home" and play["board"] == "hotel: night side"
    assert play["game"]["expansions"] == [{"name": "Let's Waltz! Module 5: Would You Like Some More?"},
                                          {"name": "Let's Waltz! Solo Variant: Dinner for One"}]
    assert json.loads(unquote(answer["web_link"].partition("?data=")[2])) == play

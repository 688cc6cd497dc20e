"""The log in pages (``?since=V&limit=L`` and ``next_since``) and the
JSON Lines export streamed, read from the store a page at a time; the
states behind ``state?at=N`` are rebuilt from checkpoints (domain.checkpoints)
and are those a full replay gives."""
from __future__ import annotations

import json
import random

from helpers import Api
from test_since import FOUR, next_move

from domain.rules import Game


def a_game(client, moves: int, seed: int = 7) -> Api:
    api = Api(client, "willi", FOUR)
    rng = random.Random(seed)
    for step in range(moves):
        if step % 9 == 8:
            api.post("undo")
        elif step % 13 == 12:
            api.post("annotations", json={"move_index": 1, "text": f"note {step}"})
        else:
            api.move(next_move(api, rng))
    return api


def test_the_log_in_pages_adds_up_to_the_whole_log(client):
    api = a_game(client, 45)
    whole = api.get("log")
    assert whole["next_since"] is None
    for limit in (1, 4, 10, 1000):
        held, since, pages = {}, None, 0
        while True:
            page = api.get("log?" + (f"since={since}&" if since is not None else "") + f"limit={limit}")
            assert len(page["entries"]) <= limit and page["version"] == whole["version"]
            held.update({e["index"]: e for e in page["entries"]})
            pages += 1
            if page["next_since"] is None:
                break
            assert since is None or page["next_since"] > since
            since = page["next_since"]
        assert [held[n] for n in sorted(held)] == whole["entries"], limit
        assert pages >= len(whole["entries"]) // limit


def test_a_page_size_out_of_range_is_400(client):
    api = a_game(client, 2)
    for limit in (0, -1, "x", 10**6):
        assert client.get(f"/api/games/{api.id}/log?limit={limit}").status_code == 400, limit


def test_the_export_streams_the_record_a_page_at_a_time(client, monkeypatch):
    import service.app.records as games_module
    api = a_game(client, 30)
    whole = client.get(f"/api/games/{api.id}/export?format=jsonl")
    monkeypatch.setattr(games_module, "EXPORT_PAGE", 4)
    games = client.application.extensions["tablelog"]
    reads = []
    select = games.store.recorder.select_events      # what the export reads pages with (service/store/reading.py)

    def counted(*args, **kwargs):
        if kwargs.get("lte") is not None:
            reads.append(kwargs.get("limit"))
        return select(*args, **kwargs)

    monkeypatch.setattr(games.store.recorder, "select_events", counted)
    streamed = client.get(f"/api/games/{api.id}/export?format=jsonl", buffered=False)
    assert streamed.is_streamed
    lines = streamed.get_data(as_text=True).splitlines()
    assert lines == whole.get_data(as_text=True).splitlines()
    assert [json.loads(line)["version"] for line in lines] == list(range(1, len(lines) + 1))
    assert len(reads) >= len(lines) // 4 and set(reads) == {4}         # never the whole record at once


def test_the_state_at_every_move_is_the_one_a_full_replay_gives(client):
    api = a_game(client, 40)
    games = client.application.extensions["tablelog"]
    hist = games.history(api.id)
    game: Game = hist.game
    state = hist.states[0]
    for ply, number in enumerate(hist.effective):
        state = game.apply(state, hist.entry(number).move)[0]
        assert hist.state_at(number) == state
        assert api.get(f"state?at={number}") == api.get(f"state?at={number}")

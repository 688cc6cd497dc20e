"""A house catalog is bounded (domain.grand_austria.house): every number and
every name, and each card number once, checked when it is stored, when a
game starts with it and when a record carrying it is imported (422
not_a_house_catalog naming the place; nothing stored). A choice of items too large to list is entered
as counts and checked, never listed: a guest whose reward is a million
dishes or drinks of one's choice, in a record stored before the bounds,
still resolves."""
from __future__ import annotations

import json

import pytest
from grand_austria_table import mv, play, ready
from test_ballrooms_house_catalog import HOUSE

from domain.grand_austria import GAME
from domain.grand_austria.dice import LISTED_SPLITS, split_count
from domain.grand_austria.house import MAX_CARD_NUMBER, MAX_NAME, MAX_NUMBER
from domain.grand_austria.state import Pending
from domain.immutable import evolve

GUEST = {"number": 134, "name": "Debutante", "colour": "green", "order": {"champagne": 1}, "vp": 2,
         "reward": [{"kind": "item", "item": "champagne", "n": 1}]}
HOSTILE = {
    "guest[0].reward[0].n": {"guest": [{**GUEST, "reward": [{"kind": "any_items", "n": 1_000_000}]}]},
    "guest[0].vp": {"guest": [{**GUEST, "vp": 10 ** 40}]},
    "guest[0].reward[0].n: a whole number from 0": {"guest": [{**GUEST, "reward": [{"kind": "krones", "n": -50}]}]},
    "guest[1].number": {"guest": [GUEST, {**GUEST, "name": "Twin"}]},
    "guest[0].name": {"guest": [{**GUEST, "name": "x" * 100_000}]},
    "guest[0].number": {"guest": [{**GUEST, "number": MAX_CARD_NUMBER + 1}]},
    "ballroom[0].sides.2.top.cost": {"ballroom": [{"name": "Apollosaal", "sides": {"2": {
        "top": {"spaces": 1, "cost": MAX_NUMBER + 1}, "bottom": {"spaces": 6, "cost": 0}}}}]},
}


def start(client, options):
    return client.post("/api/games", json={"game": "grand_austria", "players": ["Anna", "Beth"], "mode": "table",
                                           "options": {"modules": ["ballrooms"], **options}})


@pytest.mark.store
def test_the_largest_catalog_the_bounds_allow_is_taken(client):
    widest = {"guest": [{**GUEST, "number": n, "name": "N" * MAX_NAME, "vp": MAX_NUMBER,
                         "reward": [{"kind": "any_items", "n": MAX_NUMBER}]} for n in (134, MAX_CARD_NUMBER)]}
    stored = client.post("/api/house-catalogs", json={"game": "grand_austria", "content": widest})
    assert stored.status_code == 201, stored.json
    assert start(client, {"catalog": stored.json["id"]}).status_code == 201
    assert start(client, {"house_catalog": HOUSE}).status_code == 201


@pytest.mark.store
@pytest.mark.parametrize("place", HOSTILE)
def test_a_hostile_catalog_is_refused_when_stored_started_and_imported(client, place):
    content = HOSTILE[place]
    catalogs = client.get("/api/house-catalogs").json["catalogs"]
    stored = client.post("/api/house-catalogs", json={"game": "grand_austria", "content": content})
    assert stored.status_code == 422 and place in json.dumps(stored.json), stored.json
    assert client.get("/api/house-catalogs").json["catalogs"] == catalogs
    started = start(client, {"house_catalog": content})
    assert started.status_code == 422 and place in json.dumps(started.json), started.json
    assert "house_catalog" in started.json["fields"]["options"]
    # A record carrying it (a game started with a good catalog, its Started line changed).
    good = start(client, {"house_catalog": {"guest": [GUEST]}})
    assert good.status_code == 201, good.json
    lines = client.get(f"/api/games/{good.json['id']}/export").get_data(as_text=True).splitlines()
    first = json.loads(lines[0])
    first["options"]["house_catalog"] = content
    before = len(client.get("/api/games").json["games"])
    imported = client.post("/api/games/import", json={"record": "\n".join([json.dumps(first), *lines[1:]])})
    assert imported.status_code == 422 and place in json.dumps(imported.json), imported.json
    assert "house_catalog" in imported.json["fields"]["record"]
    assert len(client.get("/api/games").json["games"]) == before


@pytest.mark.parametrize("n", [MAX_NUMBER, 1_000_000])
def test_a_large_choice_of_items_is_entered_as_counts_not_listed(n):
    """The most the bounds allow, and a million (a catalog stored before them)."""
    state = evolve(ready(), pending=(Pending("Ann", "any_items", n=n, why="a house guest's reward"),))
    assert split_count(state, state.pending[0]) > LISTED_SPLITS
    assert not any(m["type"] == "choose_items" for m in GAME.legal_moves(state))
    assert "choose_items" in GAME.unlisted_moves(state)
    if n > MAX_NUMBER:
        return
    before = state.player("Ann").items
    state, _ = play(state, mv("choose_items", "Ann", items={"strudel": 40, "coffee": n - 40}))
    assert not state.pending or state.pending[0].kind != "any_items"
    after = state.player("Ann").items
    assert (after[0] - before[0], after[3] - before[3]) == (40, n - 40)


def test_a_small_choice_is_still_listed_in_full():
    state = evolve(ready(), pending=(Pending("Ann", "any_items", n=2, why="Emperor tile A2 reward"),))
    listed = [m["items"] for m in GAME.legal_moves(state) if m["type"] == "choose_items"]
    assert len(listed) == split_count(state, state.pending[0]) == 10
    assert {"strudel": 2} in listed and {"wine": 1, "coffee": 1} in listed
    assert GAME.unlisted_moves(state) == ()

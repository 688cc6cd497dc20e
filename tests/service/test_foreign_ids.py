"""Ids the store holds that are not a game's (a game's head anchor, its
sealed seed, a house catalog: uuid5 of public names) and ids it does not
hold at all are 404 on every game endpoint, the audit and the receipt check
included: the test walks the Flask URL map, so an endpoint added later is
covered too."""
from __future__ import annotations

import re
import uuid
from uuid import UUID

import pytest

from domain.record import head_anchor_id, sealed_seed_id
from helpers import Api

pytestmark = pytest.mark.store

HOUSE = {"guest": [{"number": 134, "name": "Debutante", "colour": "green", "order": {"champagne": 1}, "vp": 2,
                    "reward": [{"kind": "item", "item": "champagne", "n": 1}]}]}
BODIES = {
    "moves": {"move": {"type": "pass"}},
    "check": {"move": {"type": "pass"}},
    "receipt": {"game": "x", "version": 1, "hash": "0" * 64, "key_id": "k", "mac": "0" * 64},
    "undo": {}, "redo": {}, "link": {},
    "take-back": {"move_index": 1},
    "annotations": {"move_index": 1, "text": "a comment"},
}
QUERIES = {"fork": "?at=0"}


def game_rules(app) -> list[tuple[str, str]]:
    """Every (method, rule) of the API that names a game by ``game_id``."""
    found = []
    for rule in app.url_map.iter_rules():
        if "game_id" not in rule.arguments:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            found.append((method, rule.rule))
    return found


def foreign_ids(client) -> dict[str, str]:
    digital = Api(client, "willi", ["Ann", "Bob", "Cy", "Di"], mode="digital")
    table = Api(client, "willi", ["Ann", "Bob", "Cy", "Di"])
    stored = client.post("/api/house-catalogs", json={"game": "grand_austria", "content": HOUSE})
    assert stored.status_code == 201, stored.json
    return {"head anchor": str(head_anchor_id(UUID(table.id))),
            "sealed seed": str(sealed_seed_id(UUID(digital.id))),
            "house catalog": stored.json["id"],
            "never stored": str(uuid.uuid4())}


def test_every_id_that_is_not_a_games_is_404_on_every_game_endpoint(client, app):
    rules = game_rules(app)
    assert len(rules) >= 16                 # state, log, export, timeline, moves, undo, audit, receipt, ...
    for kind, foreign in foreign_ids(client).items():
        for method, rule in rules:
            last = rule.rstrip("/").rsplit("/", 1)[-1]
            path = re.sub(r"<(?:\w+:)?game_id>", foreign, rule).replace("<seat>", "Ann")
            r = client.open(path + QUERIES.get(last, ""), method=method,
                            json=BODIES.get(last, {}) if method != "GET" else None,
                            headers={"Authorization": "Bearer not-a-token"})
            assert r.status_code == 404, (kind, method, rule, r.status_code, r.get_json())
            assert r.json["code"] == "not_found", (kind, method, rule)

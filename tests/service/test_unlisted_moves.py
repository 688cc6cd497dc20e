"""The legal moves say which expected kinds the engine
cannot list (they need an entry form); a kind neither listed nor unlisted is
not possible now, so the page offers nothing for it."""
from __future__ import annotations

import random

from helpers import Api


def test_a_game_that_lists_only_some_kinds_leaves_the_others_to_forms(client):
    api = Api(client, "vienna", ["Ann", "Ben", "Cid"])
    legal = api.get("legal-moves")
    assert legal["unlisted"] == legal["expected"]["moves"]       # the default: every expected kind


def test_grand_austria_lists_every_players_move(client):
    api = Api(client, "grand_austria", ["Ann", "Ben"], mode="digital", seed=11)
    rng = random.Random(5)
    turns = made = 0
    for made in range(150):
        expected = api.get("")["expected"]
        if not expected["seats"]:
            break                          # the game is over
        seat = expected["seats"][0]
        legal = api.get("legal-moves", headers=api.auth(api.seat_tokens[seat]))
        assert legal["unlisted"] == [], legal["expected"]
        kinds = {m["type"] for m in legal["moves"]}
        if "end_turn" in kinds or "take_die" in kinds:
            turns += 1
        api.move(rng.choice([m for m in legal["moves"] if m["type"] != "pass"] or legal["moves"]))
    assert turns > 10 and made > 100

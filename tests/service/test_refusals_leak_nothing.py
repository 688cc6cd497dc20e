"""A refusal says only what the caller may know.

Before: with seat A's token, trying to play each card A does not hold
answered "R3 is in B's hand" or "... was discarded": the whole hand map in 28
requests. Now every card A does not hold gets the same code, status and
words, wherever it is ("You do not hold R3."). In a digital game the
scorekeeper is the table: it sees what the table sees, in every answer, and
records no player's move while the table's view hides anything.
"""
from __future__ import annotations

import random
import re

import pytest
from helpers import Api

from domain.games import all_games
from domain.wiener_walzer.components import GUEST_CARDS
from domain.willi.cards import DECK

FOUR = ["Ann", "Bob", "Cy", "Di"]


def shape(answer: dict, card: str) -> tuple:
    """A refusal with the card tried written as X, so refusals of different cards compare."""
    error = answer
    return error["code"], re.sub(rf"(?<!\w){re.escape(card)}(?!\w)", "X", error["detail"]), error.get("rule")


def willi_game(client) -> tuple[Api, object]:
    api = Api(client, "willi", FOUR, mode="digital")
    return api, client.application.extensions["tablelog"]


def own_cards(games, api: Api, seat: str) -> set[str]:
    return set(games.history(api.id).state.hand(seat).possible)


def test_willi_discarding_a_card_not_held_names_nobody_and_nowhere(client):
    api, games = willi_game(client)
    # Bob discards first, face down: afterwards his discard is a card nobody holds.
    bob = api.get("legal-moves", headers=api.auth(api.seat_tokens["Bob"]))["moves"][0]
    api.move(bob, token=api.seat_tokens["Bob"])
    ann = own_cards(games, api, "Ann")
    refusals = set()
    for card in sorted(set(DECK) - ann):
        r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(api.seat_tokens["Ann"]),
                        json={"move": {"type": "discard", "seat": "Ann", "card": card}})
        assert r.status_code == 422
        assert r.json["detail"] == f"You do not hold {card}."
        refusals.add(shape(r.json, card))
    assert len(refusals) == 1                      # in Bob's hand, discarded by Bob, or in Cy's: the same answer
    assert not any(name in str(refusals) for name in ("Bob", "Cy", "Di", "discard"))


def test_willi_playing_a_card_not_held_names_nobody_and_nowhere(client):
    api, games = willi_game(client)
    for seat in FOUR:
        move = api.get("legal-moves", headers=api.auth(api.seat_tokens[seat]))["moves"][0]
        api.move(move, token=api.seat_tokens[seat])
    seat = api.state()["expected"]["seats"][0]
    held = own_cards(games, api, seat)
    others = [s for s in FOUR if s != seat]
    refusals = set()
    for card in sorted(set(DECK) - held):
        r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(api.seat_tokens[seat]),
                        json={"move": {"type": "play", "seat": seat, "card": card}})
        assert r.status_code == 422, r.json
        refusals.add(shape(r.json, card))
        assert not any(name in r.json["detail"] for name in others)
    assert refusals == {("not_in_hand", "You do not hold X.", "The Trick-Taking")}


def test_wiener_walzer_a_card_not_drawn_is_refused_without_naming_the_drawn_one(client):
    api = Api(client, "wiener_walzer", ["Ann", "Bob", "Cy"], mode="digital")
    games = client.application.extensions["tablelog"]
    state = games.history(api.id).state
    seat = api.state()["expected"]["seats"][0]
    drawn = state.cards[state.index(seat)][0]
    legal = api.get("legal-moves", headers=api.auth(api.seat_tokens[seat]))["moves"][0]
    refusals = set()
    for card in sorted(set(GUEST_CARDS) - {drawn}):
        r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(api.seat_tokens[seat]),
                        json={"move": {**legal, "card": card}})
        assert r.status_code == 422, r.json
        assert drawn not in r.json["detail"]
        refusals.add(shape(r.json, card))
    assert len(refusals) == 1
    # The scorekeeper (the table) may not place the seat's card at all, and learns nothing from trying.
    r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(), json={"move": {**legal, "card": next(c for c in GUEST_CARDS if c != drawn)}})
    assert r.status_code == 403 and drawn not in r.json["detail"]


def test_grand_austria_a_draft_pick_not_in_the_pack_names_nobody(client):
    api = Api(client, "grand_austria", ["Ann", "Bob", "Cy"], mode="digital", options={"staff_draft": True})
    games = client.application.extensions["tablelog"]
    state = games.history(api.id).state
    seat = api.state()["expected"]["seats"][0]
    pack = {c.number for c in state.packs[seat] if c}
    others = [s for s in ["Ann", "Bob", "Cy"] if s != seat]
    held_elsewhere = {c.number for s in others for c in state.packs[s] if c}
    refusals = set()
    for number in sorted(held_elsewhere | {n for n in range(1, 40) if n not in pack}):
        r = client.post(f"/api/games/{api.id}/moves", headers=api.auth(api.seat_tokens[seat]),
                        json={"move": {"type": "draft_pick", "seat": seat, "staff": number}})
        if r.status_code == 400:          # no staff card has this number
            continue
        assert r.status_code == 422, r.json
        assert not any(name in r.json["detail"] for name in others)
        refusals.add((r.json["code"], re.sub(r"^.*? is not", "X is not", r.json["detail"])))
    assert len(refusals) == 1


HIDDEN = [g.id for g in all_games() if g.id != "vienna"]     # Vienna hides nothing: everything lies open


@pytest.mark.parametrize("game_id", HIDDEN)
def test_in_a_digital_game_the_scorekeeper_sees_what_the_table_sees(client, game_id):
    players = ["Ann", "Bob", "Cy"]
    api = Api(client, game_id, players, mode="digital")
    games = client.application.extensions["tablelog"]
    rng = random.Random(game_id)
    for _ in range(4):
        hist = games.history(api.id)
        move = rng.choice(hist.game.legal_moves(hist.state))
        api.move(move, token=api.seat_tokens.get(move.get("seat"), api.token))
    keeper = api.auth()
    for path in ("/state", "/state?at=1", "/log", "/timeline", "/export?format=jsonl", "/export?format=text", ""):
        seen = client.get(f"/api/games/{api.id}{path}", headers=keeper).get_data(as_text=True)
        assert seen == client.get(f"/api/games/{api.id}{path}").get_data(as_text=True), path
    legal = api.get("legal-moves", headers=keeper)["moves"]
    assert all(m.get("seat") not in players for m in legal)
    # A player's move recorded by the scorekeeper is refused before the rules see it.
    hist = games.history(api.id)
    move = hist.game.legal_moves(hist.state)[0]
    if move.get("seat") in players:
        r = client.post(f"/api/games/{api.id}/moves", headers=keeper, json={"move": move})
        assert r.status_code == 403 and r.json["code"] == "forbidden"


def test_vienna_hides_nothing_so_its_scorekeeper_records_for_everyone(client):
    api = Api(client, "vienna", ["Ann", "Bob", "Cy"], mode="digital")
    games = client.application.extensions["tablelog"]
    hist = games.history(api.id)
    move = hist.game.legal_moves(hist.state)[0]
    api.move(move)

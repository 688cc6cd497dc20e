"""A digital game's seed is a secret until the game ends.

Before: GET .../export needed no token and showed the seed, and replaying
the dealing from it gave every seat's real hand. Now the seed is 128 random
bits, sealed with the key outside the database; every answer of a running
game carries only a commitment to it; at the end it is revealed, and the
revealed seed reproduces every deal, draw and roll the service made.
"""
from __future__ import annotations

import json
import random

import pytest
from helpers import Api

from domain.commitment import seed_commitment
from domain.games import all_games, get_game
from domain.record import SealedSeed, sealed_seed_id
from replay.verify import check_revealed_seed
from service.app.games import Games
from service.app.errors import Unavailable

GAME_IDS = [game.id for game in all_games()]
CHOSEN = 918273645546372819


def players_for(game_id: str) -> list[str]:
    game = get_game(game_id)
    return ["Ann", "Bob", "Cy", "Di"][:min(max(game.min_players, 3), game.max_players)]


def seat_move(api: Api, games, rng: random.Random) -> dict | None:
    """A random legal move, sent with the acting seat's own token (the
    scorekeeper's for a seat no person holds); None once the game is over."""
    hist = games.history(api.id)
    game = hist.game
    if game.finished(hist.state):
        return None
    move = rng.choice(game.legal_moves(hist.state))
    if move.get("type") == "reroll":
        move = {k: v for k, v in move.items() if k != "result"}
    token = api.seat_tokens.get(move.get("seat"), api.token)
    return api.move(move, token=token)


def every_answer(client, api: Api) -> list[str]:
    """Every answer a running game gives, anonymous, with the scorekeeper's
    token and with each seat's, as text."""
    texts = [json.dumps(api.created), client.get("/api/games").get_data(as_text=True)]
    tokens = [None, api.token, *api.seat_tokens.values()]
    for token in tokens:
        headers = api.auth(token) if token else {}
        for path in ("", "/state", "/state?at=0", "/legal-moves", "/log", "/timeline",
                     "/export?format=jsonl", "/export?format=text"):
            r = client.get(f"/api/games/{api.id}{path}", headers=headers)
            texts.append(r.get_data(as_text=True))
    return texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_chosen_seed_is_never_echoed_while_the_game_runs(client, game_id):
    api = Api(client, game_id, players_for(game_id), mode="digital", seed=CHOSEN)
    games = client.application.extensions["tablelog"]
    rng = random.Random(game_id)
    for _ in range(3):
        seat_move(api, games, rng)
    answers = every_answer(client, api)
    assert not any(str(CHOSEN) in text for text in answers)
    assert len(api.created["seed_commitment"]) == 64
    assert api.state()["seed"] == {"commitment": api.created["seed_commitment"], "seed": None, "salt": None}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_random_seed_has_128_bits_and_is_sealed_not_stored_in_the_record(client, game_id):
    api = Api(client, game_id, players_for(game_id), mode="digital")
    games = client.application.extensions["tablelog"]
    hist = games.history(api.id)
    seed, salt = games._secret(hist.record)
    assert seed.bit_length() > 100 and len(salt) == 32
    stored = [e.__dict__ for e in games.store.events.get(hist.id)]
    assert stored[0]["seed"] is None and str(seed) not in repr(stored)
    sealed = games.store.repository.get(sealed_seed_id(hist.id))
    assert isinstance(sealed, SealedSeed) and str(seed) not in repr(sealed.__dict__)
    assert not any(str(seed) in text for text in every_answer(client, api))


def test_without_the_key_a_digital_game_is_neither_started_nor_dealt(app, client):
    api = Api(client, "willi", ["Ann", "Bob", "Cy", "Di"], mode="digital")
    keyless = Games(app.extensions["tablelog"].store, keyring=None)
    with pytest.raises(Unavailable):
        keyless.create("willi", ["Ann", "Bob", "Cy"], mode="digital")
    # Its moves need the seed (the next deal, a reroll), which a service without the key cannot open: 503.
    move = keyless.legal_moves(api.id, api.seat_tokens["Ann"])["moves"][0]
    with pytest.raises(Unavailable):
        keyless.record_move(api.id, move, api.seat_tokens["Ann"])
    api.move(move, token=api.seat_tokens["Ann"])             # the service with the key records it


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_at_the_end_the_revealed_seed_opens_the_commitment_and_gives_every_deal(client, game_id):
    api = Api(client, game_id, players_for(game_id), mode="digital")
    games = client.application.extensions["tablelog"]
    rng = random.Random(f"end-{game_id}")
    for _ in range(5000):
        if seat_move(api, games, rng) is None:
            break
    final = api.state()
    assert final["finished"]
    seed = final["seed"]
    assert seed["seed"] is not None and seed_commitment(seed["seed"], seed["salt"]) == seed["commitment"]
    assert seed["commitment"] == api.created["seed_commitment"]
    hist = games.history(api.id)
    assert check_revealed_seed(hist) == [] and games.audit(api.id)["ok"]
    dealt = [e for e in hist.entries if e.recorded_by == "service"]
    assert dealt, "the service dealt or rolled"
    # The audit compares each of them with what the seed gives: a changed one is found.
    hist.revealed = {**hist.revealed, "seed": seed["seed"] + 1}
    problems = check_revealed_seed(hist)
    assert problems and problems[0].kind == "seed_commitment"
    text = client.get(f"/api/games/{api.id}/export?format=text").get_data(as_text=True)
    assert f'[Seed "{seed["seed"]}"]' in text and f'[SeedCommitment "{seed["commitment"]}"]' in text
    # Once revealed, the end cannot be taken back.
    last = hist.entries[-1]
    token = api.seat_tokens.get(last.seat, api.token)
    assert api.post("undo", status=409, headers=api.auth(token))["code"] == "seed_revealed"


def test_a_changed_deal_is_found_by_the_revealed_seed(client):
    api = Api(client, "willi", ["Ann", "Bob", "Cy"], mode="digital")
    games = client.application.extensions["tablelog"]
    rng = random.Random(1)
    while seat_move(api, games, rng) is not None:
        pass
    hist = games.verify(api.id).history     # verify's own history, every entry in memory (the service's reads them back)
    deal = next(e for e in hist.entries if e.recorded_by == "service")
    hands = deal.move["hands"]
    a, b = [s for s in hands if hands[s]][:2]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]      # two cards swapped between hands
    problems = check_revealed_seed(hist)
    assert [p.kind for p in problems] == ["seed_differs"] and problems[0].move_index == deal.number


def test_a_running_digital_game_is_not_forked_a_finished_one_gets_a_fresh_seed(client):
    api = Api(client, "willi", ["Ann", "Bob", "Cy"], mode="digital")
    games = client.application.extensions["tablelog"]
    r = client.post(f"/api/games/{api.id}/fork?at=1", headers=api.auth())
    assert r.status_code == 409 and r.json["code"] == "fork_running_digital"
    rng = random.Random(2)
    while seat_move(api, games, rng) is not None:
        pass
    r = client.post(f"/api/games/{api.id}/fork?at=1", headers=api.auth())
    assert r.status_code == 201, r.json
    assert r.json["seed_commitment"] != api.created["seed_commitment"]
    assert games._secret(games.history(r.json["id"]).record) != games._secret(games.history(api.id).record)

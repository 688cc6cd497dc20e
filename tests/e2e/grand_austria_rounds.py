"""Recording a Grand Austria Hotel table game through the API beside its page:
a move, a game recorded and then opened on the page, the state, and the rest
of a round in quiet moves (the table's draws as digital mode makes them)."""
from __future__ import annotations

import random

from playwright.sync_api import Page

from domain.grand_austria import GAME


def post(page: Page, server: str, game_id: str, token: str, move: dict) -> dict:
    answer = page.request.post(f"{server}/api/games/{game_id}/moves", data={"move": move},
                               headers={"Authorization": f"Bearer {token}"})
    assert answer.status == 201, answer.text()
    return answer.json()


def recorded_then_opened(page: Page, server: str, modules: list[str], moves: list[dict],
                         players: tuple[str, ...] = ("Anna", "Beth")) -> tuple[str, str]:
    """A Grand Austria Hotel game at the table with ``modules``, ``moves``
    recorded through the API, then opened on the page with the scorekeeper's
    token; (game id, token)."""
    created = page.request.post(f"{server}/api/games", data={
        "game": "grand_austria", "players": list(players), "mode": "table", "options": {"modules": modules}}).json()
    game_id, token = created["id"], created["tokens"]["scorekeeper"]
    for move in moves:
        post(page, server, game_id, token, move)
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem(`tablelog:tokens:${id}`, "
                  "JSON.stringify({scorekeeper: token, seats: {}}))", [game_id, token])
    page.goto(f"/#/game/{game_id}")
    return game_id, token


def state_of(page: Page, server: str, game_id: str) -> dict:
    return page.request.get(f"{server}/api/games/{game_id}/state").json()


def finish_round(page: Page, server: str, game_id: str, token: str, modules: list[str], seed: int) -> dict:
    """Record quiet moves until the round ends; the last answer."""
    state = state_of(page, server, game_id)
    game = GAME.setup(list(state["players"]), GAME.load_options({"modules": modules}), state["rules_version"])
    log = page.request.get(f"{server}/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"})
    for entry in log.json()["entries"]:
        if not entry.get("undone"):
            game, _ = GAME.apply(game, GAME.load_move(entry["move"]))
    rng = random.Random(seed)
    answer: dict = {}
    this_round = game.round
    while game.round == this_round:
        if GAME.expected(game).is_chance:
            move = GAME.chance_move(game, rng)
        else:
            moves = GAME.legal_moves(game)
            move = rng.choice([m for m in moves if m["type"] in ("end_turn", "pass", "decline")] or moves)
        answer = post(page, server, game_id, token, move)
        game, _ = GAME.apply(game, GAME.load_move(move))
    return answer

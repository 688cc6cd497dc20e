"""Recording a Grand Austria Hotel table game through the API beside its page:
a game started and opened on the scorekeeper's page, a move, the state (as
the API says it, or replayed by the engine), and the rest of a round in
quiet moves (the table's draws as digital mode makes them)."""
from __future__ import annotations

import random

from playwright.sync_api import Page

from domain.grand_austria import GAME
from test_page_refresh import open_game


def post(page: Page, server: str, game_id: str, token: str, move: dict) -> dict:
    answer = page.request.post(f"{server}/api/games/{game_id}/moves", data={"move": move},
                               headers={"Authorization": f"Bearer {token}"})
    assert answer.status == 201, answer.text()
    return answer.json()


def state_of(page: Page, server: str, game_id: str) -> dict:
    return page.request.get(f"{server}/api/games/{game_id}/state").json()


def table_game_on_the_page(page: Page, server: str, players: list[str], options: dict,
                           moves: list[dict]) -> tuple[str, str]:
    """A table-mode game started through the API with these moves recorded,
    open on the scorekeeper's page; (its id, the scorekeeper's token)."""
    created = page.request.post(f"{server}/api/games", data={
        "game": "grand_austria", "players": players, "mode": "table", "options": options}).json()
    game_id, token = created["id"], created["tokens"]["scorekeeper"]
    for move in moves:
        post(page, server, game_id, token, move)
    page.goto("/")
    page.evaluate("([id, token]) => localStorage.setItem(`tablelog:tokens:${id}`, "
                  "JSON.stringify({scorekeeper: token, seats: {}}))", [game_id, token])
    page.goto(f"/#/game/{game_id}")
    return game_id, token


def replayed(page: Page, server: str, game_id: str, token: str, modules: list[str]):
    """The game's state now, rebuilt from its log by the engine."""
    state = state_of(page, server, game_id)
    game = GAME.setup(list(state["players"]), GAME.load_options({"modules": modules}), state["rules_version"])
    log = page.request.get(f"{server}/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"})
    for entry in log.json()["entries"]:
        if not entry.get("undone"):
            game, _ = GAME.apply(game, GAME.load_move(entry["move"]))
    return game


def finish_round(page: Page, server: str, game_id: str, token: str, modules: list[str], seed: int) -> dict:
    """Record quiet moves until the round ends; the last answer."""
    game = replayed(page, server, game_id, token, modules)
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

"""(d) with Grand Austria Hotel and modules: a tap on the scorekeeper's page
at move 100 or later of a 3-player table game with modules 1, 2 and 5 ÷ one
at move 5, as ``service.ops.bench.page_taps`` measures Willi's: the POST and
every read the page makes until it has drawn the game again, their requests
and bytes, and how many of them download the state (the move's answer
carries it: one per tap)."""
from __future__ import annotations

import json
import random
import statistics

from domain.games import get_game
from domain.table import random_game
from service.ops.bench_clients import PAGE_READS, Absolute, WSGIClient

GAME = get_game("grand_austria")
PLAYERS = ["Ann", "Ben", "Cy"]
OPTIONS = {"modules": ["ballrooms", "celebrities", "more"]}


def states_in(answer: object) -> int:
    """How many whole states an answer carries (a move's answer: its ``state``; a state read: itself)."""
    if not isinstance(answer, dict):
        return 0
    return int("players" in answer and "expected" in answer) + int(isinstance(answer.get("state"), dict))


class GameTaps:
    """A Grand Austria Hotel table game held at one position as the page holds
    it: a tap posts the next seat's move and reads what the page reads; an
    undo (not counted) takes it back so the next tap meets the same game."""

    def __init__(self, client: WSGIClient, moves: list[dict], at: int):
        status, created = client.request("POST", "/api/games", {
            "game": "grand_austria", "players": PLAYERS, "mode": "table", "options": OPTIONS})
        assert status == 201, created
        self.client, self.id = client, created["id"]
        self.headers = {"Authorization": f"Bearer {created['tokens']['scorekeeper']}"}
        for move in moves[:at]:
            status, answer = client.request("POST", f"/api/games/{self.id}/moves", {"move": move}, self.headers)
            assert status == 201, answer
        self.move, self.held = moves[at], answer["version"]

    def reads(self, paths: tuple[str, ...]) -> tuple[int, int, int]:
        """(requests, bytes, states) of the page's reads, holding the game at ``self.held``."""
        sizes, states, versions = [], 0, []
        for path in paths:
            status, answer = self.client.request("GET", f"/api/games/{self.id}/{path.format(since=self.held)}",
                                                 headers=self.headers)
            assert status == 200, answer
            sizes.append(len(json.dumps(answer)))
            states += states_in(answer)
            if isinstance(answer.get("version"), int):
                versions.append(answer["version"])
        if versions:
            self.held = min(versions)
        return len(paths), sum(sizes), states

    def tap(self) -> tuple[float, int, int, int]:
        """(server seconds, requests, bytes, states) of one tap."""
        before = self.client.served
        status, answer = self.client.request("POST", f"/api/games/{self.id}/moves",
                                             {"move": self.move, "expected_version": self.held}, self.headers)
        assert status == 201, answer
        self.held = answer["version"]
        requests, size, states = self.reads(PAGE_READS)
        return (self.client.served - before, requests + 1, size + len(json.dumps(answer)),
                states + states_in(answer))

    def take_back(self) -> None:
        status, answer = self.client.request("POST", f"/api/games/{self.id}/undo", {}, self.headers)
        assert status == 201, answer
        self.held = answer["version"]


def tap_positions(moves: list[dict], near: tuple[int, ...]) -> list[int]:
    """For each of ``near``, the first position from there on where a player (not the table) moves."""
    return [next(i for i in range(n, len(moves)) if moves[i].get("seat")) for n in near]


def grand_austria_taps(client: WSGIClient, taps: int, late_near: int = 100) -> list[tuple]:
    """(d) in a Grand Austria Hotel game with modules: taps at move 5 and at move ``late_near``, interleaved."""
    moves = random_game(GAME, PLAYERS, OPTIONS, random.Random(3))
    early, late = tap_positions(moves, (4, min(late_near, len(moves) - 2)))
    games = {"short": GameTaps(client, moves, early), "long": GameTaps(client, moves, late)}
    figures: dict[str, list[tuple]] = {name: [] for name in games}
    for _ in range(taps):
        for name, game in games.items():
            figures[name].append(game.tap())
            game.take_back()
    median = {name: [statistics.median(f[i] for f in taps_) for i in range(4)] for name, taps_ in figures.items()}
    most_states = max(f[3] for taps_ in figures.values() for f in taps_)
    at = f"move {late + 1} ÷ {early + 1}"
    return [(f"(d) Grand Austria Hotel + modules 1, 2, 5, tap, server: {at}", median["long"][0], median["short"][0], None),
            ("    tap, requests", median["long"][1], median["short"][1], 1.2, ""),
            ("    tap, bytes", median["long"][2], median["short"][2], 1.2, " B"),
            ("    tap, state downloads (most in any tap)", most_states, 1, Absolute(1, "1"), "")]

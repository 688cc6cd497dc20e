"""The score chart marks the rounds on its x-axis and
draws steps, not diagonals."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from service.ops.bench import willi_game
from test_page_refresh import game_at, open_game

pytestmark = pytest.mark.browser


def test_steps_and_round_marks(phone: Page, server):
    page = phone
    moves = willi_game(2)
    deals = [i for i, m in enumerate(moves) if m["type"] == "deal"]
    game_id, token = game_at(page, server, moves, deals[2] + 1)        # into round 3
    open_game(page, game_id, token)
    expect(page.locator("svg.score-chart .round-label")).to_have_text(["R1", "R2", "R3"])
    for line in page.locator("svg.score-chart polyline").all():
        points = [tuple(map(float, p.split(","))) for p in line.get_attribute("points").split()]
        # Each segment runs along the moves or up and down, never both.
        assert all(a[0] == b[0] or a[1] == b[1] for a, b in zip(points, points[1:])), points

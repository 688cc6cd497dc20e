"""The score chart's layout: every seat a line, round ticks, any score range."""
from __future__ import annotations

from replay.chart import layout, to_png, to_svg


def timeline(points: list[dict]) -> dict:
    return {"title": "Willi", "seats": ["Alex", "Joe"], "points": points}


def test_a_game_without_moves_draws_flat_lines(tmp_path):
    chart = layout(timeline([{"index": 0, "scores": {"Alex": 0, "Joe": 0}}]))
    assert [line.final for line in chart.lines] == [0, 0]
    assert [label for _, label in chart.x_ticks] == ["0"] and [label for _, label in chart.y_ticks] == ["0", "1"]
    assert to_svg(chart).count("<polyline") == 2
    to_png(chart, str(tmp_path / "empty.png"))


def test_negative_scores_and_ticks_at_round_steps():
    points = [{"index": i, "scores": {"Alex": 3 * i, "Joe": -2 * i}} for i in range(0, 41, 2)]
    chart = layout(timeline(points))
    assert [label for _, label in chart.y_ticks] == [str(v) for v in range(-100, 151, 50)]   # 120 to -80
    assert [label for _, label in chart.x_ticks] == [str(i) for i in range(0, 41, 4)]
    top_of_plot, bottom_of_plot = chart.box[1], chart.box[3]
    assert all(top_of_plot <= y <= bottom_of_plot for line in chart.lines for _, y in line.points)

"""The score chart: every seat's score after each effective move, as an SVG
written here by hand, or as a PNG drawn with Pillow from the same layout."""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from itertools import cycle
from typing import Any

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
WIDTH, HEIGHT = 800, 420
LEFT, RIGHT, TOP, BOTTOM = 56, 170, 48, 48


@dataclass
class Line:
    seat: str
    colour: str
    points: list[tuple[float, float]]
    final: int


@dataclass
class Chart:
    """Everything drawn, in pixels: both writers draw exactly this."""

    title: str
    lines: list[Line] = field(default_factory=list)
    x_ticks: list[tuple[float, str]] = field(default_factory=list)
    y_ticks: list[tuple[float, str]] = field(default_factory=list)

    @property
    def box(self) -> tuple[int, int, int, int]:
        return LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM


def _step(span: int, most: int = 8) -> int:
    """A round tick step (1, 2, 5, 10, 20, 50, ...) giving at most ``most`` ticks."""
    step, factors = 1, cycle((2, 2.5, 2))
    while span / step > most:
        step = round(step * next(factors))
    return step


def layout(timeline: dict[str, Any]) -> Chart:
    points = timeline["points"]
    seats = timeline["seats"]
    values = [p["scores"].get(seat, 0) for p in points for seat in seats]
    low, high = min(0, *values), max(1, *values)
    step = _step(high - low)
    low, high = step * (low // step), step * -(-high // step)
    left, top, right, bottom = Chart("").box
    last = max(1, len(points) - 1)

    def x(ply: int) -> float:
        return left + (right - left) * ply / last

    def y(score: float) -> float:
        return bottom - (bottom - top) * (score - low) / (high - low)

    chart = Chart(f"{timeline['title']}: scores after each move")
    for i, seat in enumerate(seats):
        line = [(x(ply), y(p["scores"].get(seat, 0))) for ply, p in enumerate(points)]
        chart.lines.append(Line(seat, PALETTE[i % len(PALETTE)], line, points[-1]["scores"].get(seat, 0)))
    every = _step(last, 10)
    chart.x_ticks = [(x(ply), str(points[ply]["index"])) for ply in range(0, len(points), every)]
    chart.y_ticks = [(y(v), str(v)) for v in range(low, high + 1, step)]
    return chart


def to_svg(chart: Chart) -> str:
    left, top, right, bottom = chart.box
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{left}" y="{top - 20}" font-size="16">{escape(chart.title)}</text>']
    for ty, label in chart.y_ticks:
        out.append(f'<line x1="{left}" y1="{ty:.1f}" x2="{right}" y2="{ty:.1f}" stroke="#e0e0e0"/>')
        out.append(f'<text x="{left - 6}" y="{ty + 4:.1f}" text-anchor="end">{label}</text>')
    for tx, label in chart.x_ticks:
        out.append(f'<line x1="{tx:.1f}" y1="{bottom}" x2="{tx:.1f}" y2="{bottom + 4}" stroke="#444"/>')
        out.append(f'<text x="{tx:.1f}" y="{bottom + 18}" text-anchor="middle">{label}</text>')
    out.append(f'<path d="M{left} {top}V{bottom}H{right}" fill="none" stroke="#444"/>')
    out.append(f'<text x="{(left + right) / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">move</text>')
    for i, line in enumerate(chart.lines):
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in line.points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{line.colour}" stroke-width="2">'
                   f'<title>{escape(line.seat)}</title></polyline>')
        ly = top + 8 + 20 * i
        out.append(f'<rect x="{right + 16}" y="{ly - 9}" width="14" height="4" fill="{line.colour}"/>')
        out.append(f'<text x="{right + 36}" y="{ly}">{escape(line.seat)} {line.final}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png(chart: Chart, path: str) -> None:
    from PIL import Image, ImageDraw

    left, top, right, bottom = chart.box
    image = Image.new("RGB", (WIDTH, HEIGHT), "white")
    draw = ImageDraw.Draw(image)
    draw.text((left, top - 30), chart.title, fill="black")
    for ty, label in chart.y_ticks:
        draw.line([(left, ty), (right, ty)], fill="#e0e0e0")
        draw.text((left - 6, ty), label, fill="black", anchor="rm")
    for tx, label in chart.x_ticks:
        draw.line([(tx, bottom), (tx, bottom + 4)], fill="#444444")
        draw.text((tx, bottom + 12), label, fill="black", anchor="mm")
    draw.line([(left, top), (left, bottom), (right, bottom)], fill="#444444")
    draw.text(((left + right) / 2, HEIGHT - 12), "move", fill="black", anchor="mm")
    for i, line in enumerate(chart.lines):
        if len(line.points) > 1:
            draw.line(line.points, fill=line.colour, width=2)
        ly = top + 8 + 20 * i
        draw.rectangle([(right + 16, ly - 4), (right + 30, ly)], fill=line.colour)
        draw.text((right + 36, ly - 2), f"{line.seat} {line.final}", fill="black", anchor="lm")
    image.save(path, "PNG")

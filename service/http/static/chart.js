// The score chart: one line per seat over the effective moves, inline SVG.
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const PALETTE = ["#d1495b", "#00798c", "#edae49", "#30638e", "#6a4c93", "#3b8b5a"];

// A seat's colour where the game gives none: the same in the chart and in the views.
export function seatColour(seats, seat) {
  return PALETTE[Math.max(0, seats.indexOf(seat)) % PALETTE.length];
}

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

// points: [{at, scores}] in move order; marked: the move number replayed now;
// rounds: [{at, round}], the moves that began a round, marked on the x-axis.
export function scoreChart(points, seats, marked, colours, rounds = []) {
  const width = 320, height = 180, left = 28, right = 8, top = 10, bottom = 22;
  const max = Math.max(1, ...points.flatMap((p) => Object.values(p.scores || {})));
  const min = Math.min(0, ...points.flatMap((p) => Object.values(p.scores || {})));
  const x = (i) => left + (points.length > 1 ? (i * (width - left - right)) / (points.length - 1) : 0);
  const y = (v) => top + ((max - v) * (height - top - bottom)) / (max - min);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "score-chart", role: "img",
    "aria-label": t("scores over the game") });
  const step = Math.max(1, Math.ceil((max - min) / 5));
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: left - 4, y: y(v) + 3, "text-anchor": "end", class: "axis" }, String(v)));
  }
  chart.append(svg("text", { x: width - right, y: height - 6, "text-anchor": "end", class: "axis" },
    t("move {n}", { n: points.length ? points.at(-1).at : 0 })),
  svg("text", { x: left, y: height - 6, class: "axis" }, t("start")));
  for (const { at, round } of rounds) {
    const j = points.findIndex((p) => p.at === at);
    if (j < 0) continue;
    chart.append(svg("line", { x1: x(j), x2: x(j), y1: top, y2: height - bottom + 3, class: "round-mark" }),
      svg("text", { x: x(j) + 2, y: height - bottom + 10, class: "axis round-label" }, t("R{round}", { round })));
  }
  const markedIndex = points.findIndex((p) => p.at === marked);
  if (markedIndex >= 0) {
    chart.append(svg("line", { x1: x(markedIndex), x2: x(markedIndex), y1: top, y2: height - bottom, class: "marker" }));
  }
  seats.forEach((seat, i) => {
    const colour = (colours && colours[seat]) || PALETTE[i % PALETTE.length];
    // Steps, not diagonals: a score holds until the move that changes it.
    const at = (j) => y((points[j].scores || {})[seat] || 0).toFixed(1);
    const path = points.map((p, j) => (j ? `${x(j).toFixed(1)},${at(j - 1)} ` : "") + `${x(j).toFixed(1)},${at(j)}`).join(" ");
    // Seats level on points would hide one another: each line sits a hair lower.
    chart.append(svg("polyline", { points: path, fill: "none", stroke: colour, "stroke-width": 2,
      "stroke-linejoin": "round", "data-seat": seat, transform: `translate(0 ${(i * 0.6).toFixed(1)})` }));
  });
  const legend = document.createElement("div");
  legend.className = "legend";
  // The legend gives the scores at the replayed move, else now.
  const shown = markedIndex >= 0 ? points[markedIndex] : points.at(-1);
  const last = (shown && shown.scores) || {};
  seats.forEach((seat, i) => {
    const item = document.createElement("span");
    item.style.setProperty("--colour", (colours && colours[seat]) || PALETTE[i % PALETTE.length]);
    item.textContent = `${seat} ${last[seat] ?? 0}`;
    legend.append(item);
  });
  const figure = document.createElement("figure");
  figure.append(chart, legend);
  return figure;
}

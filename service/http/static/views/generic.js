// Any game: scores, who is expected, and the rest of the state readably.
import { h, words } from "../dom.js";

export function scoreTable(state, extra = {}) {
  const seats = Object.keys(state.scores);
  const columns = Object.keys(extra);
  return h("table.scores",
    h("thead", h("tr", h("th", "seat"), h("th", "points"), columns.map((c) => h("th", c)))),
    h("tbody", seats.map((seat) => h("tr", {
      class: [state.expected.seats.includes(seat) ? "acting" : "", state.winners.includes(seat) ? "winner" : ""].join(" ").trim(),
    }, h("th", seat), h("td", state.scores[seat]), columns.map((c) => h("td", extra[c](seat)))))));
}

const SKIP = new Set(["scores", "finished", "winners", "expected", "id", "version", "at", "moves_applied", "game"]);

const scalar = (v) => v === null || typeof v !== "object";

function text(value) {
  return value === null || value === undefined ? "—" : typeof value === "string" ? words(value) : String(value);
}

// A value in words: scalars and flat objects on one line, the rest nested.
export function dump(value) {
  if (scalar(value)) return h("span", text(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span.none", "none");
    if (value.every(scalar)) return h("span", value.map(text).join(", "));
    return h("ol.dump", value.map((v) => h("li", dump(v))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span.none", "none");
  if (entries.every(([, v]) => scalar(v))) {
    return h("span.flat", entries.map(([k, v]) => h("span", h("b", words(k)), " ", text(v))));
  }
  return h("dl.dump", entries.map(([k, v]) => [h("dt", words(k)), h("dd", dump(v))]));
}

// Parts of the state the scorekeeper unfolded stay open as the game goes on.
const unfolded = new Set();

// The whole state: short facts at a glance, each bigger part folded.
export function stateDump(state) {
  const entries = Object.entries(state).filter(([k]) => !SKIP.has(k));
  const short = entries.filter(([, v]) => scalar(v) || (Array.isArray(v) && v.every(scalar) && v.length <= 8));
  const long = entries.filter((e) => !short.includes(e));
  return h("div.state-dump",
    h("p.flat", short.map(([k, v]) => h("span", h("b", words(k)), " ", Array.isArray(v) ? v.map(text).join(", ") || "none" : text(v)))),
    long.map(([k, v]) => h("details", { dataset: { key: k }, open: unfolded.has(k),
      ontoggle: (event) => (event.target.open ? unfolded.add(k) : unfolded.delete(k)) },
      h("summary", words(k), Array.isArray(v) ? ` (${v.length})` : ""), dump(v))));
}

export default {
  renderState(state) {
    return [scoreTable(state), stateDump(state)];
  },
};

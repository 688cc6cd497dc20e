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

// The state as nested definition lists: keys in words, short lists inline.
export function dump(value, depth = 0) {
  if (value === null || value === undefined) return h("span.none", "—");
  if (typeof value !== "object") return h("span", String(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span.none", "none");
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", value.map((v) => v ?? "—").join(", "));
    return h("ol.dump", value.map((v) => h("li", dump(v, depth + 1))));
  }
  const entries = Object.entries(value).filter(([k]) => depth > 0 || !SKIP.has(k));
  if (!entries.length) return h("span.none", "none");
  return h("dl.dump", entries.map(([k, v]) => [h("dt", words(k)), h("dd", dump(v, depth + 1))]));
}

export default {
  renderState(state) {
    return [scoreTable(state), h("details.state-dump", { open: true }, h("summary", "State"), dump(state))];
  },
};

// Grand Austria Hotel, module 5 "Would You Like Some More?": each player's
// bell staff with the state of each card (waiting for its requirement; met:
// take the reward or decline, tapped right there; declined: waits for the
// requirement to fail and be met again; taken: face down for good), the
// personal pile of objective 182, the new Emperor tiles' effects in words and
// the module's facts. grand_austria.js calls these (a small hook each).
import { h, words } from "../dom.js";

const BELL_MOVES = ["take_bell_reward", "decline"];
const STATUS = {
  waiting: "armed: waiting for its requirement",
  offered: "met: take the reward or decline",
  declined: "declined: waits until the requirement fails and is met again",
  face_down: "taken · face down",
};
const EVENTS = {
  die: (r) => `take a die showing ${(r.values || []).join(" or ")}`,
  check_in: (r) => `check in a${r.colour ? " " + r.colour : ""} guest${r.min_order ? ` of ${r.min_order}+ items` : ""}`,
  occupy: (r) => `a${r.colour ? " " + r.colour : ""} room becomes occupied`,
  prepare: (r) => `prepare a${r.colour ? " " + r.colour : ""} room`,
  hire: () => "hire a staff card",
  take_guest: () => "take a guest from the queue",
  serve: () => "serve",
  claim_objective: () => "place a marker on an objective",
};

export function requirementText(r) {
  if (!r) return "";
  if (r.on) return (EVENTS[r.on] || (() => words(r.on)))(r);
  return `${words(r.measure)} ≥ ${r.at_least}`;
}

// A player's bell cards (module 5), with the bell moves the page may tap now.
export function bellCards(state, seat, ctx, tap) {
  const cards = (state.bells || {})[seat];
  if (!cards || !cards.length) return null;
  const moves = ((ctx && ctx.moves) || []).filter((m) => BELL_MOVES.includes(m.type) && m.seat === seat);
  const offeredNow = state.pending.length && state.pending[0].step === "bell" && state.pending[0].seat === seat;
  return h("div.line.bells", h("small", "Bell staff "),
    cards.map((bell, i) => {
      const now = offeredNow && bell.status === "offered" && state.pending[0].cards[0]
        && state.pending[0].cards[0].name === bell.staff.name;
      return h("span.chip.bell", { class: bell.status.replace("_", "-"), dataset: { bell: i + 1, status: bell.status },
        title: bell.staff.text || bell.staff.name },
      h("b", bell.staff.name), " ",
      h("small", `${requirementText(bell.staff.requirement)}: ${(bell.reward_words || []).join(", ")}`),
      " · ", h("small.bell-status", STATUS[bell.status] || words(bell.status)),
      "met" in bell ? h("small", bell.met ? " (met now)" : " (not met now)") : null,
      now && moves.length ? h("span.bell-moves", moves.map((m) => h("button.bell-move", {
        type: "button", dataset: { move: m.type }, onclick: () => tap(m),
      }, m.type === "decline" ? "decline" : "take the reward"))) : null);
    }));
}

// The names of a player's bell cards turned face down (their reward taken).
export function faceDownBells(state, seat) {
  return new Set(((state.bells || {})[seat] || []).filter((b) => b.status === "face_down").map((b) => b.staff.name));
}

// Objective 182's personal pile: the guests of 3+ items kept until it is claimed.
export function largeOrderPile(state, seat) {
  const pile = (state.large_order_pile || {})[seat];
  if (!pile) return null;
  return h("small.hint.large-order-pile", { dataset: { count: pile.length } },
    `Objective 182 pile (3+ items): ${pile.length}${pile.length ? ` — ${pile.join(", ")}` : ""}`);
}

export function moreMoveTitle(type, seat) {
  if (type === "take_bell_reward") return `${seat}: take the bell card's reward (it turns face down) — or tap it on ${seat}'s staff`;
  if (type === "return_item") return `${seat}: return a dish or drink from the kitchen (Emperor tile A penalty)`;
  return null;
}

export function moreFactWords(fact) {
  if (fact.fact === "bell_reward") return `${fact.seat} takes the reward of ${fact.staff} (turned face down)`;
  return undefined;
}

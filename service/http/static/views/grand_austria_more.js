// Grand Austria Hotel, module 5 "Would You Like Some More?": each player's
// bell staff with the state of each card (waiting for its requirement; met:
// take the reward or decline, tapped right there; declined: waits for the
// requirement to fail and be met again; taken: face down for good), the
// personal pile of objective 182, the new Emperor tiles' effects in words and
// the module's facts. grand_austria.js calls these (a small hook each).
import { h, words } from "../dom.js";
import { t } from "../i18n.js";

const BELL_MOVES = ["take_bell_reward", "decline"];
const STATUS = () => ({
  waiting: t("armed: waiting for its requirement"),
  offered: t("met: take the reward or decline"),
  declined: t("declined: waits until the requirement fails and is met again"),
  face_down: t("taken · face down"),
});
const EVENTS = {
  die: (r) => t("take a die showing {values}", { values: (r.values || []).join(` ${t("or")} `) }),
  check_in: (r) => {
    const said = { colour: r.colour && t(r.colour), n: r.min_order };
    if (r.min_order) return r.colour ? t("check in a {colour} guest of {n}+ items", said) : t("check in a guest of {n}+ items", said);
    return r.colour ? t("check in a {colour} guest", said) : t("check in a guest");
  },
  occupy: (r) => (r.colour ? t("a {colour} room becomes occupied", { colour: t(r.colour) }) : t("a room becomes occupied")),
  prepare: (r) => (r.colour ? t("prepare a {colour} room", { colour: t(r.colour) }) : t("prepare a room")),
  hire: () => t("hire a staff card"),
  take_guest: () => t("take a guest from the queue"),
  serve: () => t("serve"),
  claim_objective: () => t("place a marker on an objective"),
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
  return h("div.line.bells", h("small", t("Bell staff")), " ",
    cards.map((bell, i) => {
      const now = offeredNow && bell.status === "offered" && state.pending[0].cards[0]
        && state.pending[0].cards[0].name === bell.staff.name;
      return h("span.chip.bell", { class: bell.status.replace("_", "-"), dataset: { bell: i + 1, status: bell.status },
        title: bell.staff.text || bell.staff.name },
      h("b", bell.staff.name), " ",
      h("small", `${requirementText(bell.staff.requirement)}: ${(bell.reward_words || []).join(", ")}`),
      " · ", h("small.bell-status", STATUS()[bell.status] || words(bell.status)),
      "met" in bell ? [" ", h("small", bell.met ? t("(met now)") : t("(not met now)"))] : null,
      now && moves.length ? h("span.bell-moves", moves.map((m) => h("button.bell-move", {
        type: "button", dataset: { move: m.type }, onclick: () => tap(m),
      }, m.type === "decline" ? t("decline") : t("take the reward")))) : null);
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
    t("Objective 182 pile (3+ items): {n}", { n: pile.length }), pile.length ? ` — ${pile.join(", ")}` : "");
}

export function moreMoveTitle(type, seat) {
  if (type === "take_bell_reward") return t("{seat}: take the bell card's reward (it turns face down) — or tap it on {seat}'s staff", { seat });
  if (type === "return_item") return t("{seat}: return a dish or drink from the kitchen (Emperor tile A penalty)", { seat });
  return null;
}

export function moreFactWords(fact) {
  if (fact.fact === "bell_reward") return t("{seat} takes the reward of {staff} (turned face down)", fact);
  return undefined;
}

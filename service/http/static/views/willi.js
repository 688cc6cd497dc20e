// Willi: hands where known, the trick on the table, tricks won, points and
// the rounds so far; cards drawn as coloured cards.
import { h, listing, nameTag } from "../dom.js";
import { scoreTable } from "./generic.js";
import { t } from "../i18n.js";

const CARD = /^[RYGB][1-9]$/;
const COLOUR_NAMES = { R: () => t("red"), Y: () => t("yellow"), G: () => t("green"), B: () => t("blue") };

function card(value, extra = "") {
  return h("span.card", { class: `c-${value[0]} ${extra}`.trim(), title: `${COLOUR_NAMES[value[0]]()} ${value[1]}` }, value[1]);
}

// The words the state and the log use for a round's phase and how a trick was won.
const PHASE = { deal: () => t("deal"), discard: () => t("discard"), play: () => t("play"), over: () => t("over") };
const HOW = { "lowest card of a seat with fewer than 2 tricks": () => t("lowest card of a seat with fewer than 2 tricks") };
const said = (table, word) => (table[word] ? table[word]() : word);

function seatName(seat) {
  return seat === "monster" ? t("the card monster") : seat;
}

function hand(view) {
  if (view.cards && view.cards.length) return h("div.hand", view.cards.map((c) => card(c)));
  const known = view.known && view.known.length ? [` · ${t("holds")} `, view.known.map((c) => card(c, "small"))] : "";
  if (!view.count) return h("div.hand.unseen", t("no cards left"));
  return h("div.hand.unseen", view.count === 1 ? t("1 card, unseen") : t("{n} cards, unseen", { n: view.count }), known);
}

// The trick on the table: each card with who played it beside it, two to a row.
function trickRow(trick) {
  return h("div.trick-cards", trick.cards.map(({ seat, card: c }) => h("span.played", {
    class: trick.winner === seat ? "won" : "", dataset: { seat },
  }, card(c), nameTag("small", seatName(seat)))));
}

// A finished trick in one line: the cards it holds in the order played (who
// played each in its tooltip), the winner's outlined. After an exchange the
// card given takes the place of the card taken, as the sum counts it.
function doneTrick(trick) {
  const swap = trick.exchange;
  return h("span.done-cards", trick.cards.map(({ seat, card: c }) => {
    const swapped = swap && c === swap.take;
    return h("span.played-small", {
      class: [trick.winner === seat ? "won" : "", swapped ? "exchanged" : ""].join(" ").trim(),
      title: swapped ? t("{seat} played {card}; {winner} took it for {give}", { seat: seatName(seat), card: c,
        winner: seatName(trick.winner), give: swap.give }) : seatName(seat),
    }, card(swapped ? swap.give : c, "small"));
  }));
}

function renderState(state) {
  const seats = state.seats;
  const acting = new Set(state.expected.seats);
  const trick = state.trick;
  return [
    h("p.round", t("Round {round} of {rounds}", { round: state.round, rounds: state.rounds_total }),
      state.leader ? ` · ${t("{seat} leads", { seat: seatName(state.leader) })}` : "", ` · ${said(PHASE, state.phase)}`),
    h("div.seats", seats.map((seat) => h("div.seat", {
      class: [acting.has(seat) ? "acting" : "", state.winners.includes(seat) ? "winner" : ""].join(" ").trim(), dataset: { seat },
    },
      h("div.seat-head", nameTag("strong", seatName(seat)),
        h("span.tricks", { title: t("tricks won this round") }, "●".repeat(state.tricks_won[seat] || 0) + "○".repeat(Math.max(0, 2 - (state.tricks_won[seat] || 0)))),
        h("span.points", t("{n} pt", { n: state.scores[seat] }))),
      state.hands[seat] ? hand(state.hands[seat]) : null,
      state.phase === "discard" && seat !== "monster"
        ? h("small", state.discarded.includes(seat) ? t("has discarded") : t("to discard")) : null))),
    h("div.table-trick",
      h("h3", trick ? t("Trick {n}", { n: state.tricks.length + 1 }) : t("Trick")),
      trick ? trickRow(trick) : h("p.hint", state.phase === "play" ? t("{seat} leads the next trick.", { seat: seatName(state.to_play) })
        : t("No trick on the table.")),
      trick && trick.caller ? h("p.meinz", t("Meinz! {seat} takes this trick.", { seat: trick.caller })) : null),
    state.tricks.length ? h("details.tricks-done", { open: true }, h("summary", t("Tricks this round ({n})", { n: state.tricks.length })),
      h("ol", state.tricks.map((done) => h("li", doneTrick(done), h("small", ` ${seatName(done.winner)} · ${t("sum {n}", { n: done.sum })}`
        + `${done.caller ? " · Meinz" : ""}`))))) : null,
    state.history.length ? h("details.round-history", h("summary", t("Rounds")),
      h("table", h("thead", h("tr", h("th", t("round")), seats.map((s) => h("th", seatName(s))))),
        h("tbody", state.history.map((r) => h("tr", h("th", r.round),
          seats.map((s) => h("td", `${r.sums[s]} → ${r.points[s]}`))))))) : null,
    state.finished ? scoreTable(state) : null,
  ];
}

export default {
  renderState,

  renderValue(value, field) {
    if (typeof value === "string" && CARD.test(value)) return card(value);
    if (value === null && field && field.pattern && field.pattern.includes("RYGB")) return h("span.value", t("face down"));
    return null;
  },

  moveTitle(type, seat) {
    const who = seatName(seat);
    return { play: t("{seat} plays", { seat: who }), discard: t("{seat} discards", { seat: who }),
      meinz: t("{seat} may call", { seat: who }), exchange: t("{seat} may exchange: give, then take", { seat: who }),
      deal: t("Deal: the hands as dealt") }[type] || type;
  },

  // The deal in the table's words: no "null", no "seat -> ...".
  describe(type, field, text, ctx) {
    if (type !== "deal") return undefined;
    if (field === null) {
      return t("For each hand you saw, tap “unseen · tap to enter” under its name, then tap its 9 cards; "
        + "leave the hands you did not see unseen.")
        + ((ctx.seats || []).includes("monster") ? ` ${t("The card monster's stack goes top card first.")}` : "");
    }
    return field === "hands" ? "" : undefined;
  },

  moveName(type) {
    return { meinz: t("call Meinz"), exchange: t("exchange a card"), ...(PHASE[type] ? { [type]: PHASE[type]() } : {}) }[type];
  },

  moveLabel(move) {
    return move.type === "meinz" ? "Meinz!" : null;
  },

  moveWords(move) {
    const who = seatName(move.seat);
    switch (move.type) {
      case "deal": {
        const seen = Object.entries(move.hands).filter(([, cards]) => cards);
        return h("span", t("The table deals"), seen.length
          ? seen.map(([seat, cards]) => h("span", ` · ${seatName(seat)}: `, cards.map((c) => card(c, "small")))) : ` ${t("(hands unseen)")}`);
      }
      case "discard": return h("span", t("{seat} discards", { seat: who }), " ", move.card ? card(move.card, "small") : t("face down"));
      case "play": return h("span", t("{seat} plays", { seat: who }), " ", card(move.card, "small"));
      case "meinz": return t("{seat} calls Meinz!", { seat: who });
      case "exchange": return h("span", t("{seat} exchanges", { seat: who }), " ", card(move.give, "small"), ` ${t("for")} `,
        card(move.take, "small"));
      default: return null;
    }
  },

  // The cards of the trick being played, for "X wins the trick with Y".
  remember(entry, memo) {
    if (entry.move.type !== "play") return;
    if (!memo.trick || memo.trickDone) memo.trick = {};
    memo.trickDone = false;
    memo.trick[entry.move.seat] = entry.move.card;
  },

  factWords(fact, entry, memo) {
    switch (fact.fact) {
      case "dealt": return t("Round {round} is dealt; {seat} leads.", { round: fact.round, seat: seatName(fact.leader) });
      case "discarded": return null;
      case "meinz": return null;
      case "trick_won": {
        if (!entry.undone) memo.trickDone = true;
        const played = memo.trick && memo.trick[fact.seat];
        const sum = fact.cards.reduce((n, c) => n + Number(c[1]), 0);
        return h("span", t("{seat} wins trick {n}", { seat: seatName(fact.seat), n: fact.trick }),
          played ? [` ${t("with")} `, card(played, "small")] : "",
          fact.how === "meinz" ? ` ${t("by calling Meinz")}` : fact.how === "lowest card" ? "" : ` (${said(HOW, fact.how)})`,
          ` · ${t("sum {n}", { n: sum })}`);
      }
      case "exchanged": return t("The trick now sums {n}.", { n: fact.trick_sum });
      case "scored": return `${t("{seat} scores {points}", { seat: seatName(fact.seat), points: fact.points })} (${fact.why})`;
      case "round_scored": return `${t("Round {round} sums:", { round: fact.round })} `
        + Object.entries(fact.sums).map(([s, v]) => `${seatName(s)} ${v}`).join(", ");
      case "renege_found": return h("strong", fact.message);
      case "game_over": return fact.winners.length > 1 ? t("Game over: {winners} win", { winners: listing(fact.winners) })
        : t("Game over: {winners} wins", { winners: listing(fact.winners) });
      default: return undefined;
    }
  },
};

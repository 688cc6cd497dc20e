// Willi: hands where known, the trick on the table, tricks won, points and
// the rounds so far; cards drawn as coloured cards.
import { h, listing, nameTag } from "../dom.js";
import { scoreTable } from "./generic.js";

const CARD = /^[RYGB][1-9]$/;
const COLOUR_NAMES = { R: "red", Y: "yellow", G: "green", B: "blue" };

function card(value, extra = "") {
  return h("span.card", { class: `c-${value[0]} ${extra}`.trim(), title: `${COLOUR_NAMES[value[0]]} ${value[1]}` }, value[1]);
}

function seatName(seat) {
  return seat === "monster" ? "the card monster" : seat;
}

function hand(view) {
  if (view.cards && view.cards.length) return h("div.hand", view.cards.map((c) => card(c)));
  const known = view.known && view.known.length ? [" · holds ", view.known.map((c) => card(c, "small"))] : "";
  if (!view.count) return h("div.hand.unseen", "no cards left");
  return h("div.hand.unseen", `${view.count} card${view.count === 1 ? "" : "s"}, unseen`, known);
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
      title: swapped ? `${seatName(seat)} played ${c}; ${seatName(trick.winner)} took it for ${swap.give}` : seatName(seat),
    }, card(swapped ? swap.give : c, "small"));
  }));
}

function renderState(state) {
  const seats = state.seats;
  const acting = new Set(state.expected.seats);
  const trick = state.trick;
  return [
    h("p.round", `Round ${state.round} of ${state.rounds_total}`,
      state.leader ? ` · ${seatName(state.leader)} leads` : "", ` · ${state.phase}`),
    h("div.seats", seats.map((seat) => h("div.seat", {
      class: [acting.has(seat) ? "acting" : "", state.winners.includes(seat) ? "winner" : ""].join(" ").trim(), dataset: { seat },
    },
      h("div.seat-head", nameTag("strong", seatName(seat)),
        h("span.tricks", { title: "tricks won this round" }, "●".repeat(state.tricks_won[seat] || 0) + "○".repeat(Math.max(0, 2 - (state.tricks_won[seat] || 0)))),
        h("span.points", `${state.scores[seat]} pt`)),
      state.hands[seat] ? hand(state.hands[seat]) : null,
      state.phase === "discard" && seat !== "monster"
        ? h("small", state.discarded.includes(seat) ? "has discarded" : "to discard") : null))),
    h("div.table-trick",
      h("h3", trick ? `Trick ${state.tricks.length + 1}` : "Trick"),
      trick ? trickRow(trick) : h("p.hint", state.phase === "play" ? `${seatName(state.to_play)} leads the next trick.` : "No trick on the table."),
      trick && trick.caller ? h("p.meinz", `Meinz! ${trick.caller} takes this trick.`) : null),
    state.tricks.length ? h("details.tricks-done", { open: true }, h("summary", `Tricks this round (${state.tricks.length})`),
      h("ol", state.tricks.map((t) => h("li", doneTrick(t), h("small", ` ${seatName(t.winner)} · sum ${t.sum}${t.caller ? " · Meinz" : ""}`))))) : null,
    state.history.length ? h("details.round-history", h("summary", "Rounds"),
      h("table", h("thead", h("tr", h("th", "round"), seats.map((s) => h("th", seatName(s))))),
        h("tbody", state.history.map((r) => h("tr", h("th", r.round),
          seats.map((s) => h("td", `${r.sums[s]} → ${r.points[s]}`))))))) : null,
    state.finished ? scoreTable(state) : null,
  ];
}

export default {
  renderState,

  renderValue(value, field) {
    if (typeof value === "string" && CARD.test(value)) return card(value);
    if (value === null && field && field.pattern && field.pattern.includes("RYGB")) return h("span.value", "face down");
    return null;
  },

  moveTitle(type, seat) {
    const who = seatName(seat);
    return { play: `${who} plays`, discard: `${who} discards`, meinz: `${who} may call`,
      exchange: `${who} may exchange: give, then take`, deal: "Deal: the hands as dealt" }[type] || type;
  },

  // The deal in the table's words: no "null", no "seat -> ...".
  describe(type, field, text, ctx) {
    if (type !== "deal") return undefined;
    if (field === null) {
      return "For each hand you saw, tap \"unseen · tap to enter\" under its name, then tap its 9 cards; "
        + "leave the hands you did not see unseen."
        + ((ctx.seats || []).includes("monster") ? " The card monster's stack goes top card first." : "");
    }
    return field === "hands" ? "" : undefined;
  },

  moveName(type) {
    return { meinz: "call Meinz", exchange: "exchange a card" }[type];
  },

  moveLabel(move) {
    return move.type === "meinz" ? "Meinz!" : null;
  },

  moveWords(move) {
    const who = seatName(move.seat);
    switch (move.type) {
      case "deal": {
        const seen = Object.entries(move.hands).filter(([, cards]) => cards);
        return h("span", "The table deals", seen.length
          ? seen.map(([seat, cards]) => h("span", ` · ${seatName(seat)}: `, cards.map((c) => card(c, "small")))) : " (hands unseen)");
      }
      case "discard": return h("span", `${who} discards `, move.card ? card(move.card, "small") : "face down");
      case "play": return h("span", `${who} plays `, card(move.card, "small"));
      case "meinz": return `${who} calls Meinz!`;
      case "exchange": return h("span", `${who} exchanges `, card(move.give, "small"), " for ", card(move.take, "small"));
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
      case "dealt": return `Round ${fact.round} is dealt; ${seatName(fact.leader)} leads.`;
      case "discarded": return null;
      case "meinz": return null;
      case "trick_won": {
        if (!entry.undone) memo.trickDone = true;
        const played = memo.trick && memo.trick[fact.seat];
        const sum = fact.cards.reduce((n, c) => n + Number(c[1]), 0);
        return h("span", `${seatName(fact.seat)} wins trick ${fact.trick}`,
          played ? [" with ", card(played, "small")] : "",
          fact.how === "meinz" ? " by calling Meinz" : fact.how === "lowest card" ? "" : ` (${fact.how})`, ` · sum ${sum}`);
      }
      case "exchanged": return `The trick now sums ${fact.trick_sum}.`;
      case "scored": return `${seatName(fact.seat)} scores ${fact.points} (${fact.why})`;
      case "round_scored": return `Round ${fact.round} sums: ` + Object.entries(fact.sums).map(([s, v]) => `${seatName(s)} ${v}`).join(", ");
      case "renege_found": return h("strong", fact.message);
      case "game_over": return `Game over: ${listing(fact.winners)} win${fact.winners.length > 1 ? "" : "s"}.`;
      default: return undefined;
    }
  },
};

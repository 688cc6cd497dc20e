// Grand Austria Hotel, solo variant "Dinner for One": the opponent (Leopold,
// or Elisabeth with module 1) plays the seat "bot". Its turn is one table
// move: draw (or enter) its instruction card, picked here among the cards
// left with their symbols; the engine carries it out and this panel lists
// each step in words, to be moved on the table. The panel also shows the
// opponent's card face up, its level, deck, private staff deck, objective
// countdown markers, dancers and (module 3) its solo entrance's cogwheels.
import { h } from "../dom.js";

const COUNTDOWN = { none: "no marker", III: "marker on III", II: "marker on II", claimed: "claimed" };

export function isSolo(state) {
  return Boolean(state && state.solo);
}

function cardFace(card) {
  return h("span.solo-card", { dataset: { card: card.number } }, h("b", `#${card.number}`),
    h("small", ` ${card.symbols.join("; ")} · ties: hand ${card.hand}`));
}

export function soloPanel(state) {
  if (!isSolo(state)) return null;
  const solo = state.solo;
  const drawing = state.expected.moves.includes("draw_instruction");
  const revealing = state.expected.moves.includes("reveal_bot_staff");
  return h("section.solo-panel", { "aria-label": `${solo.opponent}'s turn`, dataset: { opponent: solo.opponent } },
    h("div.player-head", h("strong", solo.opponent), h("small", ` · ${solo.difficulty} · plays the seat bot`)),
    drawing ? h("p.solo-now", `${solo.opponent}'s turn: draw the top instruction card and enter it below.`) : null,
    revealing ? h("p.solo-now", `Turn up the top card of ${solo.opponent}'s private staff deck and enter it below.`) : null,
    solo.card ? h("div.line", h("small", "Face up: "), cardFace(solo.card)) : null,
    solo.last_turn.length ? h("ol.solo-steps", { "aria-label": `${solo.opponent}'s steps` },
      solo.last_turn.map((step) => h("li", step))) : null,
    h("div.line", h("small", `Instruction deck: ${solo.deck_left} left · private staff deck: ${solo.private_deck} face down`
      + (solo.dancers_left !== undefined ? ` · dancers: ${solo.dancers_left} left` : ""))),
    entranceLine(solo),
    h("ul.solo-countdown", solo.objectives.map((o) => h("li", { dataset: { objective: o.objective, progress: o.progress } },
      `Objective ${o.objective}: ${COUNTDOWN[o.progress]}`))));
}

// Module 3: the opponent's solo entrance and its cogwheels.
function entranceLine(solo) {
  const entrance = solo.entrance;
  if (!entrance) return null;
  let detail;
  if (entrance.tolls) {
    detail = `cogwheels on the action spaces: ${Object.entries(entrance.tolls).map(([space, n]) => `${space}: ${n}`).join(", ")}`;
  } else if (entrance.reserved) {
    detail = `rooms reserved ${entrance.reserved.join(", ")}; items on the spaces ${Object.entries(entrance.items).map(([space, item]) => `${space}: ${item || "—"}`).join(", ")}; pool ${Object.entries(entrance.pool).map(([item, n]) => `${n} ${item}`).join(", ")}`;
  } else if (entrance.rooms) {
    detail = `cogwheels on rooms ${entrance.rooms.join(", ") || "none"}; riding ${entrance.riders.length} queue guest${entrance.riders.length === 1 ? "" : "s"} (1 krone more for you, 8 VP for the opponent)`;
  } else {
    detail = `${entrance.stars} cogwheel${entrance.stars === 1 ? "" : "s"} on the stars track (${entrance.stars_vp} VP at an Emperor scoring)`;
  }
  return h("div.line.solo-entrance", { dataset: { entrance: entrance.entrance } }, h("small", `${entrance.name}: ${detail}`));
}

// The instruction card entered by what it shows: one chip per card left.
export function soloFieldWidget(path, field, ctx, onchange, choiceWidget) {
  if (ctx.moveType !== "draw_instruction" || path !== "card" || !isSolo(ctx.state)) return null;
  const cards = new Map(ctx.state.solo.cards_left.map((card) => [card.number, card]));
  return choiceWidget(field, ctx, { values: [...cards.keys()], columns: 1, show: (n) => cardFace(cards.get(n)) }, onchange);
}

export function soloMoveTitle(type) {
  if (type === "draw_instruction") return "Table: the opponent's instruction card";
  if (type === "reveal_bot_staff") return "Table: the opponent's private staff card, turned up";
  if (type === "keep_staff") return "Keep 6 of your 10 staff cards (the other 4 go under the deck)";
  if (type === "choose_entrance") return "Choose your hotel entrance among the three drawn";
  if (type === "lay_out_hautel") return "Table: Hautel Couture's three guests and the items on the action spaces";
  if (type === "place_pool_item") return "Place the item on one of the opponent's café guests (its table)";
  if (type === "pool_item") return "Table: an item from the pool onto an emptied action space";
  return undefined;
}

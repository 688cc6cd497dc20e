// Grand Austria Hotel, solo variant "Dinner for One": the opponent (Leopold,
// or Elisabeth with module 1) plays the seat "bot". Its turn is one table
// move: draw (or enter) its instruction card, picked here among the cards
// left with their symbols; the engine carries it out and this panel lists
// each step in words, to be moved on the table. The panel also shows the
// opponent's card face up, its level, deck, private staff deck, objective
// countdown markers, dancers and (module 3) its solo entrance's cogwheels.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { itemName } from "./grand_austria_names.js";

const COUNTDOWN = { none: () => t("no marker"), III: () => t("marker on III"), II: () => t("marker on II"),
  claimed: () => t("claimed") };
const DIFFICULTY = { easy: () => t("easy"), medium: () => t("medium"), hard: () => t("hard") };
const said = (table, key) => (table[key] ? table[key]() : key);

export function isSolo(state) {
  return Boolean(state && state.solo);
}

function cardFace(card) {
  return h("span.solo-card", { dataset: { card: card.number } }, h("b", `#${card.number}`),
    h("small", ` ${card.symbols.join("; ")} · ${t("ties: hand {hand}", { hand: card.hand })}`));
}

export function soloPanel(state) {
  if (!isSolo(state)) return null;
  const solo = state.solo;
  const drawing = state.expected.moves.includes("draw_instruction");
  const revealing = state.expected.moves.includes("reveal_bot_staff");
  const opponent = solo.opponent;
  return h("section.solo-panel", { "aria-label": t("{seat}'s turn", { seat: opponent }), dataset: { opponent } },
    h("div.player-head", h("strong", opponent), h("small", ` · ${said(DIFFICULTY, solo.difficulty)} · ${t("plays the seat bot")}`)),
    drawing ? h("p.solo-now", t("{seat}'s turn: draw the top instruction card and enter it below.", { seat: opponent })) : null,
    revealing ? h("p.solo-now", t("Turn up the top card of {seat}'s private staff deck and enter it below.", { seat: opponent })) : null,
    solo.card ? h("div.line", h("small", `${t("Face up:")} `), cardFace(solo.card)) : null,
    solo.last_turn.length ? h("ol.solo-steps", { "aria-label": t("{seat}'s steps", { seat: opponent }) },
      solo.last_turn.map((step) => h("li", step))) : null,
    h("div.line", h("small", t("Instruction deck: {n} left · private staff deck: {private} face down",
      { n: solo.deck_left, private: solo.private_deck })
      + (solo.dancers_left !== undefined ? ` · ${t("dancers: {n} left", { n: solo.dancers_left })}` : ""))),
    entranceLine(solo),
    h("ul.solo-countdown", solo.objectives.map((o) => h("li", { dataset: { objective: o.objective, progress: o.progress } },
      t("Objective {objective}: {progress}", { objective: o.objective, progress: said(COUNTDOWN, o.progress) })))));
}

// Module 3: the opponent's solo entrance and its cogwheels.
function entranceLine(solo) {
  const entrance = solo.entrance;
  if (!entrance) return null;
  let detail;
  if (entrance.tolls) {
    detail = t("cogwheels on the action spaces: {spaces}", { spaces: Object.entries(entrance.tolls).map(([space, n]) => `${space}: ${n}`).join(", ") });
  } else if (entrance.reserved) {
    detail = t("rooms reserved {rooms}; items on the spaces {items}; pool {pool}", {
      rooms: entrance.reserved.join(", "),
      items: Object.entries(entrance.items).map(([space, item]) => `${space}: ${item ? itemName(item) : "—"}`).join(", "),
      pool: Object.entries(entrance.pool).map(([item, n]) => `${n} ${itemName(item)}`).join(", ") });
  } else if (entrance.rooms) {
    const said = { rooms: entrance.rooms.join(", ") || t("none"), n: entrance.riders.length };
    detail = entrance.riders.length === 1
      ? t("cogwheels on rooms {rooms}; riding {n} queue guest (1 krone more for you, 8 VP for the opponent)", said)
      : t("cogwheels on rooms {rooms}; riding {n} queue guests (1 krone more for you, 8 VP for the opponent)", said);
  } else {
    const said = { n: entrance.stars, vp: entrance.stars_vp };
    detail = entrance.stars === 1 ? t("{n} cogwheel on the stars track ({vp} VP at an Emperor scoring)", said)
      : t("{n} cogwheels on the stars track ({vp} VP at an Emperor scoring)", said);
  }
  return h("div.line.solo-entrance", { dataset: { entrance: entrance.entrance } }, h("small", `${entrance.name}: ${detail}`));
}

// The instruction card entered by what it shows: one chip per card left.
export function soloFieldWidget(path, field, ctx, onchange, choiceWidget) {
  if (ctx.moveType !== "draw_instruction" || path !== "card" || !isSolo(ctx.state)) return null;
  const cards = new Map(ctx.state.solo.cards_left.map((card) => [card.number, card]));
  return choiceWidget(field, ctx, { values: [...cards.keys()], columns: 1, show: (n) => cardFace(cards.get(n)) }, onchange);
}

// What the table enters for the opponent, said above its form.
export function soloDescribe(type) {
  if (type === "draw_instruction") return t("The table draws the opponent's instruction card (its number, #193-#212 Leopold, #213-#232 Elisabeth).");
  if (type === "reveal_bot_staff") return t("The table turns up the top card of the opponent's private staff deck.");
  return undefined;
}

export function soloMoveTitle(type) {
  if (type === "draw_instruction") return t("Table: the opponent's instruction card");
  if (type === "reveal_bot_staff") return t("Table: the opponent's private staff card, turned up");
  if (type === "keep_staff") return t("Keep 6 of your 10 staff cards (the other 4 go under the deck)");
  if (type === "choose_entrance") return t("Choose your hotel entrance among the three drawn");
  if (type === "lay_out_hautel") return t("Table: Hautel Couture's three guests and the items on the action spaces");
  if (type === "place_pool_item") return t("Place the item on one of the opponent's café guests (its table)");
  if (type === "pool_item") return t("Table: an item from the pool onto an emptied action space");
  return undefined;
}

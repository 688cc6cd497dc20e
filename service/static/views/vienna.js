// Vienna: the street with its fields and the dice on them, the character
// display, and each player's coins, VP, dice, symbols and cards.
import { h, listing, words } from "../dom.js";
import { dieFace } from "../values.js";
import { scoreTable } from "./generic.js";

const SYMBOLS = { citizens: "citizens", crosses: "crosses", crowns: "crowns" };

function die(face) {
  const [, kind, value] = String(face).match(/^([A-Z]?)(\d)$/) || [null, "", face];
  return h("span.die", { class: kind ? `die-${kind}` : "", title: face }, kind && h("small", kind), dieFace(Number(value)));
}

function effect(e) {
  return Object.entries(e).map(([k, v]) => {
    if (k === "coins") return `+${v} coins`;
    if (k === "vp") return `+${v} VP`;
    if (k === "pay") return `pay ${v}`;
    if (k === "character") return `a character for ${v}`;
    if (k === "special") return `the ${words(v)} card`;
    if (v === true) return words(k);
    return `${words(k)} ${typeof v === "string" ? words(v) : v}`;
  }).join(", ");
}

function symbols(counts) {
  return Object.keys(SYMBOLS).filter((s) => counts[s]).map((s) => `${counts[s]} ${SYMBOLS[s]}`).join(", ") || "—";
}

function character(card) {
  return h("span.character", card.name, h("small", ` ${symbols(card)}`));
}

function renderState(state) {
  const placed = Object.fromEntries(state.board.map((b) => [b.field, b]));
  const players = state.players;
  const specials = Object.entries(state.special_cards).filter(([, holder]) => holder);
  return [
    h("p.round", `Round ${state.round} · ${words(state.phase)}`, state.turn ? ` · ${state.turn}'s turn` : "",
      state.white_die ? ` · white die: ${state.white_die}` : ""),
    h("div.display", h("h3", "Character display"), state.display.length
      ? h("div.chips", state.display.map((c) => h("span.chip", character(c)))) : h("p.hint", "empty"),
    h("p.hint", `${state.draw_pile} cards to draw, ${state.discards} discarded`)),
    h("h3", "The street"),
    h("ol.street", state.street.map((field) => {
      const here = placed[field.name] || { dice: [] };
      return h("li.street-field", { class: here.seat ? "taken" : "", dataset: { field: field.name } },
        h("div.field-head", h("strong", field.name),
          h("small", ` ${field.values.length ? field.values.join("–") : "any"}${field.double ? " double" : ""}`),
          state.gendarme === field.name && h("span.tag", " gendarme")),
        field.effects.length ? h("small.effects", field.effects.map(effect).join("; ")) : null,
        here.seat && h("div.occupant", h("span", here.seat), here.dice.map(die)));
    })),
    state.geheimbund.length ? h("p", h("strong", "Geheimbund: "),
      state.geheimbund.map((g) => h("span", `${g.seat} `, g.dice.map(die), " "))) : null,
    scoreTable(state, {
      coins: (seat) => players[seat].coins,
      dice: (seat) => h("span", players[seat].dice.map(die)),
      symbols: (seat) => symbols(players[seat].symbols),
      cards: (seat) => [players[seat].start_card, ...players[seat].cards].filter(Boolean).map((c) => c.name).join(", "),
    }),
    specials.length ? h("p.hint", "Special cards: ", specials.map(([card, holder]) => `${words(card)} (${holder})`).join(", ")) : null,
  ];
}

export default {
  renderState,

  renderValue(value, field) {
    if (value && typeof value === "object" && !Array.isArray(value) && typeof value.name === "string") {
      return h("span.character", value.name, h("small", ` ${symbols(value)}${value.coins !== undefined ? ` · ${value.coins} coins` : ""}`));
    }
    if (typeof value === "string" && /^[WJ]?[1-6]$/.test(value) && field && /\bdie\b/.test(field.description || "")) return die(value);
    return null;
  },

  factWords(fact) {
    switch (fact.fact) {
      case "rolled": return h("span", `${fact.seat} rolls `, fact.dice.map(die));
      case "placed": return h("span", `${fact.seat} places `, fact.dice.map(die), ` on ${fact.field}`);
      case "coins": return `${fact.seat} ${fact.coins >= 0 ? "gets" : "pays"} ${Math.abs(fact.coins)} coins (${fact.why})`;
      case "start_card_chosen": return `${fact.seat} takes the ${fact.card.name} start card`;
      case "character_taken": return `${fact.seat} takes the ${fact.card.name}`;
      case "characters_revealed": return `Round ${fact.round}: ${listing(fact.cards.map((c) => c.name))} are turned over`;
      default: return undefined;
    }
  },
};

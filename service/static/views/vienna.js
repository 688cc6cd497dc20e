// Vienna: the street in order with the dice on each field (coloured by
// owner) and the Gendarme, the Geheimbund, the character display, and each
// player's coins, VP, dice left, cards, symbols and special cards; the open
// evaluation decision is highlighted.
import { h, listing, words, nameTag } from "../dom.js";
import { dieFace } from "../values.js";
import { seatColour } from "../chart.js";
import { listWidget, itemsWidget } from "../forms.js";

const SYMBOLS = { citizens: "♟", crosses: "✝", crowns: "♛" };
// What a lightning field does when the dice are placed (README, Vienna: moves).
const LIGHTNING = { krieau: "Gendarme + coin or VP", prater: "turn a die" };

function die(face) {
  const [, kind, value] = String(face).match(/^([A-Z]?)(\d)$/) || [null, "", face];
  return h("span.die", { class: kind ? `die-${kind}` : "", title: face }, kind && h("small", kind), dieFace(Number(value)));
}

// A die on the table in its owner's colour: "4", the white die "W4", a joker "J4".
function ownedDie(face, colour) {
  const [, kind, value] = String(face).match(/^([WJ]?)(\d?)$/) || [null, "", face];
  return h("span.vd", { class: kind ? `vd-${kind}` : "", style: `--seat: ${colour}`,
    title: kind === "W" ? `white die ${value}` : kind === "J" ? `joker ${value || "(any)"}` : `die ${value}` }, value || "★");
}

function effect(e) {
  if (e.compare) return `most ${e.compare}: ${e.vp} VP, ${e.coins} coin`;
  if (e.gloriette) return "most of a symbol";
  return Object.entries(e).map(([k, v]) => {
    if (k === "coins") return `+${v} coins`;
    if (k === "vp") return `+${v} VP`;
    if (k === "pay") return `pay ${v}`;
    if (k === "character") return `character for ${v}`;
    if (k === "special") return words(v);
    if (k === "tiergarten") return `rob ${v} coins`;
    if (k === "heuriger") return `${v} VP per special`;
    return `${words(k)} ${typeof v === "string" ? words(v) : v}`;
  }).join(", ");
}

function symbols(counts) {
  return h("span.symbols", Object.entries(SYMBOLS).map(([name, mark]) =>
    h("span", { class: counts[name] ? "" : "none", title: name }, `${mark}${counts[name] || 0}`)));
}

// A card's symbols as printed: ♟♛ for a citizen and a crown.
function marks(card) {
  return Object.entries(SYMBOLS).map(([name, mark]) => mark.repeat(card[name] || 0)).join("");
}

function character(card) {
  return h("span.character", card.name, " ", h("small", marks(card)));
}

// A character of the deck to tap: its name, symbols, and the copies left to draw.
function deckCard(card) {
  const left = card.to_draw ? `${card.to_draw} of ${card.copies} to draw` : card.discarded ? "in the discards" : "none left";
  return h("span.named-card.deck-card", h("b", card.name),
    h("span.marks", marks(card)),
    h("small", left));
}

// The display at a round's start: the characters of the deck (the view's
// character_deck) to tap, players − 1 of them; a character with no copy left
// to draw or in the discards (all on the display or with players) is greyed
// out. A card the deck lacks is entered by its printed content.
function displayPicker(field, ctx, onchange) {
  const deck = ctx.state.character_deck;
  const byName = new Map(deck.map((card) => [card.name, card]));
  const gone = deck.filter((card) => !card.to_draw && !card.discarded).map((card) => card.name);
  const size = Math.min(ctx.state.seats.length - 1, deck.length - gone.length);
  const picker = listWidget({ max_length: size, items: field.items }, ctx, {
    values: deck.map((card) => card.name), distinct: true, columns: 3, show: (name) => deckCard(byName.get(name)),
  }, onchange);
  picker.exclude(new Set(gone));
  const custom = itemsWidget("cards.custom", field, ctx, onchange, "add a card the deck lacks");
  const printed = ({ name, citizens, crosses, crowns }) => ({ name, citizens, crosses, crowns });
  return {
    el: h("div.display-pick", picker.el, h("div.custom-cards", custom.el)),
    value: () => [...picker.value().map((name) => printed(byName.get(name))), ...custom.value()],
  };
}

function values(field) {
  if (!field.values.length) return field.double ? "pair" : "any";
  return field.values.join("/") + (field.double ? " pair" : "");
}

function street(state, colourOf) {
  const placed = Object.fromEntries(state.board.map((b) => [b.field, b]));
  const pending = state.pending && state.pending.field;
  return h("ol.vstreet", state.street.map((field, i) => {
    const here = placed[field.name] || { dice: [] };
    const classes = [here.seat ? "taken" : "", field.kind ? "lightning" : "", state.gendarme === field.name ? "gendarme" : "",
      pending === field.name ? "pending" : "", field.double ? "double" : ""];
    return h("li.vfield", { class: classes.filter(Boolean).join(" "), dataset: { field: field.name },
      style: here.seat ? `--seat: ${colourOf(here.seat)}` : null,
      title: `${i + 1}. ${field.name}: ${values(field)}${field.effects.length ? " · " + field.effects.map(effect).join("; ") : ""}` },
    h("div.vhead", h("span.no", i + 1), h("span.vals", field.kind ? "⚡" : "", values(field)),
      state.gendarme === field.name ? h("span.gendarme-mark", { title: "the Gendarme" }, "G") : null),
    h("div.vname.fit", { lang: "de" }, field.name),
    field.effects.length ? h("small.effects", field.effects.map(effect).join("; ")) : field.kind ? h("small.effects", LIGHTNING[field.kind] || words(field.kind)) : null,
    here.seat ? h("div.vdice", here.dice.map((d) => ownedDie(d, colourOf(here.seat)))) : null);
  }));
}

function playerCard(state, seat, colourOf) {
  const p = state.players[seat];
  const acting = state.expected.seats.includes(seat) || (state.expected.seats.includes("table") && state.turn === seat);
  const specials = p.special_cards || [];
  return h("section.vplayer", { class: [acting ? "acting" : "", state.winners.includes(seat) ? "winner" : ""].join(" ").trim(),
    dataset: { seat }, style: `--seat: ${colourOf(seat)}` },
  h("div.player-head", h("span.swatch"), nameTag("strong", seat),
    h("span.stat", h("b", p.vp), " VP"), h("span.stat", h("b", p.coins), " coins"), symbols(p.symbols)),
  h("div.line", h("small", "Dice "), p.dice.length ? h("span.vdice", p.dice.map((d) => ownedDie(d, colourOf(seat))))
    : h("small.hint", p.rolled ? "all placed" : "not rolled yet"),
  p.position ? h("small.hint", ` · last on ${p.position}`) : null),
  h("div.line.cards", h("small", "Cards "), p.start_card
    ? [p.start_card, ...p.cards].map((c) => h("span.chip.vcard", character(c))) : h("small.hint", "no start card yet")),
  specials.length ? h("div.line", h("small", "Special "), specials.map((c) => h("span.chip.special", words(c)))) : null);
}

function pendingNotice(state) {
  const p = state.pending;
  if (!p) return null;
  const options = (p.options || []).map((o) => (typeof o === "string" ? words(o)
    : Object.entries(o).map(([k, v]) => `${v} from ${k}`).join(" + ")));
  return h("div.pending-box", h("p.now", h("strong", `${p.seat} decides at ${p.field}: `), words(p.decision),
    p.cost !== null && p.cost !== undefined ? ` (costs ${p.cost} coin${p.cost === 1 ? "" : "s"})` : "",
    options.length ? h("small", ` · ${options.join(" / ")}`) : ""));
}

function renderState(state, ctx) {
  const seats = state.seats;
  const colourOf = (seat) => seatColour((ctx && ctx.seats) || seats, seat);
  const takes = state.pending && state.pending.decision === "take_character" ? new Set(state.pending.options) : new Set();
  return [
    h("p.round", `Round ${state.round} · ${words(state.phase)}`,
      state.turn ? h("span", " · ", h("strong", `${state.turn}'s turn`)) : "",
      state.white_die ? ` · white die: ${state.white_die}` : "",
      state.double_move_offer ? ` · ${state.double_move_offer} may move again` : ""),
    pendingNotice(state),
    h("h3", "The street"),
    street(state, colourOf),
    h("div.geheimbund", h("strong", "Geheimbund"),
      state.geheimbund.length ? state.geheimbund.map((g) => h("span.vdice", { dataset: { seat: g.seat } },
        g.dice.map((d) => ownedDie(d, colourOf(g.seat))))) : h("small.hint", " no dice")),
    h("div.display", h("strong", "Characters "),
      state.display.length ? state.display.map((c) => h("span.chip.vcard", { class: takes.has(c.name) ? "pending" : "" }, character(c)))
        : h("small.hint", "none on display"),
      h("small.hint", `(${state.draw_pile} to draw, ${state.discards} discarded)`)),
    h("div.vplayers", seats.map((seat) => playerCard(state, seat, colourOf))),
    state.final.length ? h("p.hint", "Final: ", state.final.map((f) => `${f.seat} ${f.vp} VP, ${f.special_cards} special, ${f.coins} coins`).join(" · ")) : null,
  ];
}

// The street to tap a field on, in street order: the fields the move may go
// to are buttons, the others say who is there; a field off the street (the
// Geheimbund) comes after it.
function streetPicker(state, ctx, { selectable, onpick }) {
  const onStreet = new Set(state.board.map((f) => f.field));
  const pick = (name, extra) => h("button.vfield.selectable", { type: "button", dataset: { field: name }, onclick: () => onpick(name) },
    h("b", name), extra);
  return h("div.vpick",
    h("ol.vstreet", state.board.map((f) => h("li", { dataset: { field: f.field } }, selectable.has(f.field)
      ? pick(f.field, f.dice.length ? h("small", ` ${f.seat}: ${f.dice.join(" ")}`) : null)
      : h("span.vfield", f.field, f.seat ? h("small", ` ${f.seat}`) : null)))),
    [...selectable].filter((name) => !onStreet.has(name)).map((name) => pick(name)));
}

export default {
  renderState,

  board: streetPicker,

  onBoard(value, field, state) {
    return typeof value === "string" && Array.isArray(state.board) && field && /\bfield\b/i.test(field.description || "")
      && !/gendarme/i.test(field.description || "");
  },

  fieldWidget(path, field, ctx, onchange) {
    if (ctx.moveType === "reveal_characters" && path === "cards" && Array.isArray(ctx.state.character_deck)) {
      return displayPicker(field, ctx, onchange);
    }
    return null;
  },

  renderValue(value, field) {
    if (value && typeof value === "object" && !Array.isArray(value) && typeof value.name === "string") {
      return h("span", character(value), value.coins !== undefined ? h("small", ` · ${value.coins} coins`) : null);
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

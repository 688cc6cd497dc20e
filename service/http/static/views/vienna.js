// Vienna: the street in order with the dice on each field (coloured by
// owner) and the Gendarme, the Geheimbund, the character display, and each
// player's coins, VP, dice left, cards, symbols and special cards; the open
// evaluation decision is highlighted.
import { h, listing, words, nameTag } from "../dom.js";
import { dieFace } from "../values.js";
import { seatColour } from "../chart.js";
import { listWidget, itemsWidget } from "../forms.js";
import { t } from "../i18n.js";

const SYMBOLS = { citizens: "♟", crosses: "✝", crowns: "♛" };
const SYMBOL_WORDS = { citizens: () => t("citizens"), crosses: () => t("crosses"), crowns: () => t("crowns") };
// What a lightning field does when the dice are placed (docs/games/vienna.md, "Moves").
const LIGHTNING = { krieau: () => t("Gendarme + coin or VP"), prater: () => t("turn a die") };

function die(face) {
  // "J": a die lying on the dice-joker card, of any face the player gives it.
  const [, kind, value] = String(face).match(/^([A-Z]?)(\d?)$/) || [null, "", face];
  return h("span.die", { class: kind ? `die-${kind}` : "", title: face }, kind && h("small", kind), value ? dieFace(Number(value)) : "★");
}

// A die on the table in its owner's colour: "4", the white die "W4", a joker "J4".
function ownedDie(face, colour) {
  const [, kind, value] = String(face).match(/^([WJ]?)(\d?)$/) || [null, "", face];
  return h("span.vd", { class: kind ? `vd-${kind}` : "", style: `--seat: ${colour}`,
    title: kind === "W" ? t("white die {value}", { value }) : kind === "J" ? t("joker {value}", { value: value || t("(any)") })
      : t("die {value}", { value }) }, value || "★");
}

function effect(e) {
  if (e.compare) return t("most {symbol}: {vp} VP, {coins} coin", { symbol: SYMBOL_WORDS[e.compare] ? SYMBOL_WORDS[e.compare]() : e.compare, vp: e.vp, coins: e.coins });
  if (e.gloriette) return t("most of a symbol");
  return Object.entries(e).map(([k, v]) => {
    if (k === "coins") return t("+{n} coins", { n: v });
    if (k === "vp") return t("+{n} VP", { n: v });
    if (k === "pay") return t("pay {n}", { n: v });
    if (k === "character") return t("character for {n}", { n: v });
    if (k === "special") return words(v);
    if (k === "tiergarten") return t("rob {n} coins", { n: v });
    if (k === "heuriger") return t("{n} VP per special", { n: v });
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
  const left = card.to_draw ? t("{n} of {copies} to draw", { n: card.to_draw, copies: card.copies })
    : card.discarded ? t("in the discards") : t("none left");
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
  const custom = itemsWidget("cards.custom", field, ctx, onchange, t("add a card the deck lacks"));
  const printed = ({ name, citizens, crosses, crowns }) => ({ name, citizens, crosses, crowns });
  return {
    el: h("div.display-pick", picker.el, h("div.custom-cards", custom.el)),
    value: () => [...picker.value().map((name) => printed(byName.get(name))), ...custom.value()],
  };
}

function values(field) {
  if (!field.values.length) return field.double ? t("pair") : t("any");
  return field.values.join("/") + (field.double ? ` ${t("pair")}` : "");
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
      state.gendarme === field.name ? h("span.gendarme-mark", { title: t("the Gendarme") }, "G") : null),
    h("div.vname.fit", { lang: "de" }, field.name),
    field.effects.length ? h("small.effects", field.effects.map(effect).join("; ")) : field.kind ? h("small.effects", LIGHTNING[field.kind] ? LIGHTNING[field.kind]() : words(field.kind)) : null,
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
    h("span.stat", h("b", p.vp), ` ${t("VP")}`), h("span.stat", h("b", p.coins), ` ${t("coins")}`), symbols(p.symbols)),
  h("div.line", h("small", `${t("Dice")} `), p.dice.length ? h("span.vdice", p.dice.map((d) => ownedDie(d, colourOf(seat))))
    : h("small.hint", p.rolled ? t("all placed") : t("not rolled yet")),
  p.position ? h("small.hint", ` · ${t("last on {field}", { field: p.position })}`) : null),
  h("div.line.cards", h("small", `${t("Cards")} `), p.start_card
    ? [p.start_card, ...p.cards].map((c) => h("span.chip.vcard", character(c))) : h("small.hint", t("no start card yet"))),
  specials.length ? h("div.line", h("small", `${t("Special")} `), specials.map((c) => h("span.chip.special", words(c)))) : null);
}

function pendingNotice(state) {
  const p = state.pending;
  if (!p) return null;
  const options = (p.options || []).map((o) => (typeof o === "string" ? words(o)
    : Object.entries(o).map(([k, v]) => t("{n} from {seat}", { n: v, seat: k })).join(" + ")));
  return h("div.pending-box", h("p.now", h("strong", `${t("{seat} decides at {field}:", { seat: p.seat, field: p.field })} `), words(p.decision),
    p.cost !== null && p.cost !== undefined ? ` (${p.cost === 1 ? t("costs 1 coin") : t("costs {n} coins", { n: p.cost })})` : "",
    options.length ? h("small", ` · ${options.join(" / ")}`) : ""));
}

function renderState(state, ctx) {
  const seats = state.seats;
  const colourOf = (seat) => seatColour((ctx && ctx.seats) || seats, seat);
  const takes = state.pending && state.pending.decision === "take_character" ? new Set(state.pending.options) : new Set();
  return [
    h("p.round", `${t("Round {round}", { round: state.round })} · ${words(state.phase)}`,
      state.turn ? h("span", " · ", h("strong", t("{seat}'s turn", { seat: state.turn }))) : "",
      state.white_die ? ` · ${t("white die: {die}", { die: state.white_die })}` : "",
      state.double_move_offer ? ` · ${t("{seat} may move again", { seat: state.double_move_offer })}` : ""),
    pendingNotice(state),
    h("h3", t("The street")),
    street(state, colourOf),
    h("div.geheimbund", h("strong", "Geheimbund"),
      state.geheimbund.length ? state.geheimbund.map((g) => h("span.vdice", { dataset: { seat: g.seat } },
        g.dice.map((d) => ownedDie(d, colourOf(g.seat))))) : h("small.hint", ` ${t("no dice")}`)),
    h("div.display", h("strong", `${t("Characters")} `),
      state.display.length ? state.display.map((c) => h("span.chip.vcard", { class: takes.has(c.name) ? "pending" : "" }, character(c)))
        : h("small.hint", t("none on display")),
      h("small.hint", `(${t("{n} to draw, {discards} discarded", { n: state.draw_pile, discards: state.discards })})`)),
    h("div.vplayers", seats.map((seat) => playerCard(state, seat, colourOf))),
    state.final.length ? h("p.hint", `${t("Final:")} `, state.final.map((f) => t("{seat} {vp} VP, {special} special, {coins} coins",
      { seat: f.seat, vp: f.vp, special: f.special_cards, coins: f.coins })).join(" · ")) : null,
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
      return h("span", character(value), value.coins !== undefined ? h("small", ` · ${t("{n} coins", { n: value.coins })}`) : null);
    }
    if (typeof value === "string" && /^[WJ]?[1-6]$/.test(value) && field && /\bdie\b/.test(field.description || "")) return die(value);
    return null;
  },

  factWords(fact) {
    switch (fact.fact) {
      case "rolled": return h("span", t("{seat} rolls", { seat: fact.seat }), " ", fact.dice.map(die));
      case "placed": return h("span", t("{seat} places", { seat: fact.seat }), " ", fact.dice.map(die), " ",
        t("on {space}", { space: fact.field }));
      case "coins": return `${fact.coins >= 0 ? t("{seat} gets {n} coins", { seat: fact.seat, n: fact.coins })
        : t("{seat} pays {n} coins", { seat: fact.seat, n: -fact.coins })} (${fact.why})`;
      case "start_card_chosen": return t("{seat} takes the {card} start card", { seat: fact.seat, card: fact.card.name });
      case "character_taken": return t("{seat} takes the {card}", { seat: fact.seat, card: fact.card.name });
      case "characters_revealed": return t("Round {round}: {cards} are turned over", { round: fact.round,
        cards: listing(fact.cards.map((c) => c.name)) });
      default: return undefined;
    }
  },
};

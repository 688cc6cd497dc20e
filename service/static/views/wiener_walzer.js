// Wiener Walzer: the ballroom grid with guests, turned guests and buffet
// tiles (tap a space to choose it), and each player's collected delicacies.
import { h, listing, words } from "../dom.js";
import { scoreTable } from "./generic.js";

const GUEST = /^[LG][0-5]$/;
const SHORT = { cheese: "Ch", shrimp_roll: "Sh", sachertorte: "To", caviar: "Ca", cigar: "Ci", champagne: "Cp" };
const CSS_COLOURS = { red: "#e05a5a", blue: "#4a78c2", green: "#4f9a63", yellow: "#e0b020", black: "#333333" };

function spaceName(column, row) {
  return String.fromCharCode(97 + column) + (row + 1);
}

function tile(items, long = false) {
  const kind = items[0];
  return h("span.t", { class: `t-${kind}`, title: items.map(words).join(" + ") },
    long ? `${items.length}× ${words(kind)}` : `${items.length > 1 ? items.length : ""}${SHORT[kind] || kind}`);
}

function guestCard(card, colour = "white", turned = false) {
  return h("span.guest", { class: `g-${colour}${turned ? " turned" : ""}`,
    title: `${card[0] === "L" ? "lady" : "gentleman"} ${card[1]}` }, card);
}

// The board; with pick = {selectable, selected, onpick} its spaces can be tapped.
function board(state, ctx, pick) {
  // Only the rows and columns in play at this player count.
  const inPlay = [];
  state.layout.forEach((row, r) => [...row].forEach((_, c) => {
    if (state.spaces[spaceName(c, r)]) inPlay.push([r, c]);
  }));
  const rows = inPlay.map(([r]) => r);
  const cols = inPlay.map(([, c]) => c);
  const [top, bottom, left, right] = [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
  const grid = h("div.board", { role: pick ? "group" : null, "aria-label": "ballroom" });
  grid.style.setProperty("--columns", right - left + 1);
  state.layout.slice(top, bottom + 1).forEach((_, i) => {
    const r = top + i;
    for (let c = left; c <= right; c++) {
      const name = spaceName(c, r);
      const space = state.spaces[name];
      if (!space) {
        grid.append(h("span.space.off"));
        continue;
      }
      const content = space.guest ? guestCard(space.guest.card, space.guest.colour, space.guest.turned)
        : space.tile ? h("span.tile-kinds", tile(space.tile)) : h("small", name);
      const selectable = pick && pick.selectable.has(name);
      const cell = h(selectable ? "button.space" : "span.space", {
        class: [space.gold ? "gold" : "", selectable ? "selectable" : "", pick && pick.selected === name ? "selected" : ""].join(" ").trim(),
        dataset: { space: name }, title: name, type: selectable ? "button" : null,
        onclick: selectable ? () => pick.onpick(name) : null,
      }, content);
      grid.append(cell);
    }
  });
  return grid;
}

function renderState(state, ctx) {
  const players = state.players_detail;
  return [
    h("p.round", state.active ? `${state.active}'s turn` : state.phase === "setup" ? "The board is to be laid out." : "",
      ` · ${words(state.phase)}`, state.events ? ` · ${state.event_cards_left} event cards left` : ""),
    state.event ? h("div.notice", h("strong", state.event.title), h("p", state.event.text)) : null,
    board(state, ctx, null),
    scoreTable(state, {
      colour: (seat) => h("span.guest", { class: `g-${players[seat].colour}`, style: "display:inline-block;width:1rem;height:1rem" }),
      "cards left": (seat) => players[seat].cards_left.length,
      collected: (seat) => h("span.tile-kinds", players[seat].collected.map((t) => tile(t))),
      sets: (seat) => `${players[seat].buffet_sets} (${players[seat].buffet_points} pt)`,
    }),
    state.dances.length ? h("details", h("summary", `Dances (${state.dances.length})`),
      h("ol", state.dances.map((d) => h("li", `${d.dancer} ${d.cards[0]} with ${d.partner} ${d.cards[1]}: `,
        d.seats.length ? `${listing(d.seats)} ${d.seats.length > 1 ? "score" : "scores"} ${d.points}` : "no player scores")))) : null,
  ];
}

export default {
  renderState,
  board,

  colours(state) {
    return Object.fromEntries(Object.entries(state.colours || {}).map(([p, c]) => [p, CSS_COLOURS[c]]));
  },

  renderValue(value) {
    if (typeof value === "string" && GUEST.test(value)) return guestCard(value);
    if (typeof value === "string" && SHORT[value]) return tile([value], true);
    if (Array.isArray(value) && value.length && value.every((v) => SHORT[v])) return tile(value, true);
    return null;
  },

  // The setup names every space in play: neutral guests on the gold ones,
  // buffet tiles on the others.
  dictKeys(name, field, ctx) {
    const spaces = Object.entries(ctx.state.spaces || {});
    if (name === "neutral") return spaces.filter(([, s]) => s.gold).map(([n]) => n);
    if (name === "buffet") return spaces.filter(([, s]) => !s.gold).map(([n]) => n);
    if (name === "stacks") return ctx.players;
    return null;
  },

  moveTitle(type, seat) {
    return { place: `${seat} places a guest`, dance: `${seat} chooses the next dance`,
      resolve_event: `${seat} carries out the event card`, setup: "Setup: what lies on each space",
      event: "The event card drawn" }[type] || `${seat ? seat + ": " : ""}${words(type)}`;
  },

  moveWords(move) {
    switch (move.type) {
      case "setup": return "The table lays out the board";
      case "place": return h("span", `${move.seat} places `, guestCard(move.card), ` on ${move.space}`);
      case "dance": return `${move.seat} has ${move.dancer} dance with ${move.partner}`;
      case "event": return `The table draws ${words(move.card)}`;
      default: return undefined;
    }
  },

  factWords(fact) {
    switch (fact.fact) {
      case "set_up": return `The board holds ${fact.neutral_guests} neutral guests and ${fact.buffet_tiles} buffet tiles; ${fact.starts} starts.`;
      case "placed": return fact.tile ? h("span", `${fact.seat} takes `, tile(fact.tile, true)) : null;
      case "danced": return fact.seats.length
        ? `${listing(fact.seats)} dance (${fact.dancer} with ${fact.partner}): ${fact.points} points ${fact.seats.length > 1 ? "each" : ""}`.trim()
        : `${fact.dancer} dances with ${fact.partner}: no player scores`;
      case "dance_choice": return `${fact.seat} chooses which dance comes next`;
      case "buffet": return `${fact.seat} has ${fact.sets} complete buffet set${fact.sets === 1 ? "" : "s"}`;
      case "event_drawn": return `Event: ${fact.title}`;
      default: return undefined;
    }
  },
};

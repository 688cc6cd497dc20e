// Wiener Walzer: the ballroom grid with guests, turned guests and buffet
// tiles (tap a space to choose it), and each player's collected delicacies.
import { h, clear, listing, words, nameTag } from "../dom.js";
import { choicesOf } from "../values.js";
import { t } from "../i18n.js";

const GUEST = /^[LG][0-5]$/;
const SHORT = { cheese: "Ch", shrimp_roll: "Sh", sachertorte: "To", caviar: "Ca", cigar: "Ci", champagne: "Cp" };
const CSS_COLOURS = { red: "#e05a5a", blue: "#4a78c2", green: "#4f9a63", yellow: "#e0b020", black: "#333333" };

// Columns a–z, then aa, ab, … like a spreadsheet (domain/wiener_walzer/board.py).
function spaceName(column, row) {
  let letters = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(97 + ((n - 1) % 26)) + letters;
  }
  return letters + (row + 1);
}

function tile(items, long = false) {
  const kind = items[0];
  return h("span.t", { class: `t-${kind}`, title: items.map(words).join(" + ") },
    long ? `${items.length}× ${words(kind)}` : `${items.length > 1 ? items.length : ""}${SHORT[kind] || kind}`);
}

function guestCard(card, colour = "white", turned = false) {
  return h("span.guest", { class: `g-${colour}${turned ? " turned" : ""}`,
    title: `${card[0] === "L" ? t("lady") : t("gentleman")} ${card[1]}` }, card);
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
  // A board to tap is the input; the view's board (data-board "view") gives way to it (game.js).
  const grid = h("div.board", { role: pick ? "group" : null, "aria-label": "ballroom", dataset: { board: pick ? "input" : "view" } });
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
    h("p.round", state.active ? t("{seat}'s turn", { seat: state.active }) : state.phase === "setup" ? t("The board is to be laid out.") : "",
      ` · ${words(state.phase)}`, state.events ? ` · ${t("{n} event cards left", { n: state.event_cards_left })}` : ""),
    state.event ? h("div.notice", h("strong", state.event.title), h("p", state.event.text)) : null,
    board(state, ctx, null),
    h("p.board-key", t("L lady, G gentleman (value 0–5)"), " · ",
      Object.keys(SHORT).map((kind) => h("span", tile([kind]), ` ${words(kind)} `))),
    // One block per player (a table of five columns does not fit a phone).
    h("div.ww-players", Object.keys(state.scores).map((seat) => h("div.ww-player", {
      class: [state.expected.seats.includes(seat) ? "acting" : "", state.winners.includes(seat) ? "winner" : ""].join(" ").trim(),
      dataset: { seat },
    },
      h("div.player-head", h("span.swatch", { style: `--seat: ${CSS_COLOURS[players[seat].colour] || "#fff"}`, title: players[seat].colour }),
        nameTag("strong", seat), h("span.stat", h("b", state.scores[seat]), ` ${t("pt")}`),
        h("small", t("{n} cards left · buffet sets {sets} ({points} pt)", { n: players[seat].cards_left.length,
          sets: players[seat].buffet_sets, points: players[seat].buffet_points }))),
      // The card a player drew from their stack: shown to that player (and to the table when nothing is hidden).
      players[seat].hand ? h("div.line.drawn", h("small", `${t("card drawn, to place now")} `),
        guestCard(players[seat].hand, players[seat].colour)) : null,
      h("div.line", h("small", `${t("collected")} `), players[seat].collected.length
        ? h("span.tile-kinds", players[seat].collected.map((kind) => tile(kind))) : h("span.none", t("nothing yet")))))),
    state.dances.length ? h("details", h("summary", t("Dances ({n})", { n: state.dances.length })),
      h("ol", state.dances.map((d) => h("li", `${t("{dancer} with {partner}", { dancer: `${d.dancer} ${d.cards[0]}`,
        partner: `${d.partner} ${d.cards[1]}` })}: `,
      d.seats.length ? (d.seats.length > 1 ? t("{seats} score {points}", { seats: listing(d.seats), points: d.points })
        : t("{seats} scores {points}", { seats: listing(d.seats), points: d.points })) : t("no player scores"))))) : null,
  ];
}

// The setup entered on the board: tap a space (the next empty one is chosen
// for you), then what lies there: a white guest on a gold space, a buffet
// tile on any other.
function setupForm(description, ctx, submit) {
  const state = ctx.state;
  const names = Object.keys(state.spaces);
  const order = [...names.filter((n) => state.spaces[n].gold), ...names.filter((n) => !state.spaces[n].gold)];
  const guests = choicesOf(description.fields.neutral.values).values;
  const kinds = description.fields.buffet.values.items.one_of;
  const maxCount = description.fields.buffet.values.max_length || 3;
  const neutral = {};
  const buffet = {};
  let selected = order[0];
  let count = 1;
  const boardBox = h("div");
  const palette = h("div.palette");
  const progress = h("p.hint.progress");
  const problem = h("p.problem", { role: "alert", hidden: true });
  const button = h("button.primary", { type: "submit" }, "record setup");

  const filled = (name) => (state.spaces[name].gold ? neutral[name] : buffet[name]) !== undefined;
  function advance() {
    const start = order.indexOf(selected);
    const next = [...order.slice(start + 1), ...order.slice(0, start)].find((n) => !filled(n));
    if (next) select(next);
  }
  function preview() {
    const spaces = Object.fromEntries(names.map((n) => [n, {
      gold: state.spaces[n].gold, tile: buffet[n] || null,
      guest: neutral[n] ? { card: neutral[n], colour: "white", turned: false } : null,
    }]));
    return { layout: state.layout, spaces };
  }
  // The tile count chosen is this space's: the next space starts at its own (1× when empty).
  function select(name) {
    selected = name;
    count = buffet[name] ? buffet[name].length : 1;
  }
  // A refusal of an earlier try says nothing of the entries as they are now.
  function changed() {
    problem.hidden = true;
    render();
  }
  function put(value) {
    if (state.spaces[selected].gold) neutral[selected] = value;
    else buffet[selected] = Array(count).fill(value);
    advance();
    changed();
  }
  function render() {
    clear(boardBox, board(preview(), ctx, { selectable: new Set(names), selected, onpick: (n) => { select(n); render(); } }));
    const gold = state.spaces[selected].gold;
    const used = new Set(Object.entries(neutral).filter(([n]) => n !== selected).map(([, g]) => g));
    clear(palette,
      h("p.step", `${selected}: ${gold ? t("the white guest on this gold space") : t("the buffet tile on this space")}`),
      gold
        ? h("div.chips", guests.map((g) => h("button.chip", { type: "button", dataset: { value: g }, disabled: used.has(g),
          class: neutral[selected] === g ? "chosen" : "", onclick: () => put(g) }, guestCard(g))))
        : [h("div.chips.counts", Array.from({ length: maxCount }, (_, i) => i + 1).map((n) => h("button.chip.small", {
          type: "button", dataset: { count: n }, class: n === count ? "chosen" : "", onclick: () => { count = n; render(); } }, `${n}×`))),
        h("div.chips", kinds.map((k) => h("button.chip", { type: "button", dataset: { value: k },
          class: buffet[selected] && buffet[selected][0] === k ? "chosen" : "", onclick: () => put(k) }, tile([k], true))))],
      filled(selected) && h("button.small", { type: "button", onclick: () => {
        delete neutral[selected]; delete buffet[selected]; select(selected); changed(); } }, t("clear this space")));
    const goldCount = order.filter((n) => state.spaces[n].gold).length;
    progress.textContent = t("{gold} of {golds} gold spaces, {buffet} of {buffets} buffet spaces entered", {
      gold: Object.keys(neutral).length, golds: goldCount, buffet: Object.keys(buffet).length, buffets: order.length - goldCount });
  }
  render();
  return h("form.move-form", { dataset: { move: "setup" }, onsubmit: async (event) => {
    event.preventDefault();
    button.disabled = true;
    problem.hidden = true;
    try {
      await submit({ type: "setup", neutral: { ...neutral }, buffet: { ...buffet } });
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    } finally {
      button.disabled = false;
    }
  } }, h("h3", t("Setup: tap a space, then what lies on it")), progress, boardBox, palette, h("div.submit", button, problem));
}

export default {
  renderState,
  board,

  onBoard(value, field, state) {
    return typeof value === "string" && value in state.spaces;
  },

  chanceForm(type, description, ctx, submit) {
    return type === "setup" && ctx.summary.mode === "table" ? setupForm(description, ctx, submit) : null;
  },

  colours(state) {
    return Object.fromEntries(Object.entries(state.colours || {}).map(([p, c]) => [p, CSS_COLOURS[c]]));
  },

  renderValue(value) {
    if (typeof value === "string" && GUEST.test(value)) return guestCard(value);
    if (typeof value === "string" && SHORT[value]) return tile([value], true);
    if (Array.isArray(value) && value.length && value.every((v) => SHORT[v])) return tile(value, true);
    return null;
  },

  moveTitle(type, seat) {
    return { place: t("{seat} places a guest", { seat }), dance: t("{seat} chooses the next dance", { seat }),
      resolve_event: t("{seat} carries out the event card", { seat }), setup: t("Setup: what lies on each space"),
      event: t("The event card drawn") }[type] || `${seat ? seat + ": " : ""}${words(type)}`;
  },

  moveWords(move) {
    switch (move.type) {
      case "setup": return t("The table lays out the board");
      case "place": return h("span", t("{seat} places", { seat: move.seat }), " ", guestCard(move.card), " ",
        t("on {space}", { space: move.space }));
      case "dance": return t("{seat} has {dancer} dance with {partner}", move);
      case "event": return t("The table draws {card}", { card: words(move.card) });
      default: return undefined;
    }
  },

  factWords(fact) {
    switch (fact.fact) {
      case "set_up": return t("The board holds {neutral} neutral guests and {buffet} buffet tiles; {seat} starts.",
        { neutral: fact.neutral_guests, buffet: fact.buffet_tiles, seat: fact.starts });
      case "placed": return fact.tile ? h("span", t("{seat} takes", { seat: fact.seat }), " ", tile(fact.tile, true)) : null;
      case "danced": {
        const said = { seats: listing(fact.seats), dancer: fact.dancer, partner: fact.partner, points: fact.points };
        if (!fact.seats.length) return t("{dancer} dances with {partner}: no player scores", said);
        return fact.seats.length > 1 ? t("{seats} dance ({dancer} with {partner}): {points} points each", said)
          : t("{seats} dance ({dancer} with {partner}): {points} points", said);
      }
      case "dance_choice": return t("{seat} chooses which dance comes next", { seat: fact.seat });
      case "buffet": return fact.sets === 1 ? t("{seat} has 1 complete buffet set", { seat: fact.seat })
        : t("{seat} has {n} complete buffet sets", { seat: fact.seat, n: fact.sets });
      case "event_drawn": return t("Event: {title}", { title: fact.title });
      default: return undefined;
    }
  },
};

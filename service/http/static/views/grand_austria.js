// Grand Austria Hotel: the action board with its dice and the dustbin, the
// queue with its costs, the Emperor tiles and objectives, and each player's
// krones, VP, Emperor track, kitchen, café, hotel and staff. A room that a
// legal move names (prepare, occupy, remove) is tapped in the hotel grid to
// make that move. With module 4 (Start Player) the action board extension
// holds the skeleton key: its legal moves are tapped there, and its holder's
// tile shows it. With module 1 (Vienna Ballrooms) champagne is a fifth item,
// the three ballrooms lie above the board (a row with a legal send is tapped
// to send a dancer there) and each player shows their rehearsal board. With
// module 2 (Celebrities) the lounge and the coloured dice (grand_austria_celebrities.js);
// with module 5 each player shows their bell staff (grand_austria_more.js).
// Module 3 (Unique Hotels): the entrances and their auction (grand_austria_hotels.js).
// The solo variant's opponent has a panel of its own (grand_austria_solo.js).
import { h, listing, nameTag } from "../dom.js";
import * as celebrities from "./grand_austria_celebrities.js";
import * as hotels from "./grand_austria_hotels.js";
import { dieFace } from "../values.js";
import { seatColour } from "../chart.js";
import { choiceWidget, listWidget } from "../forms.js";
import { t } from "../i18n.js";
import { itemName, moveName, phaseName, roomState, stepName } from "./grand_austria_names.js";
import { bellCards, faceDownBells, largeOrderPile, moreFactWords, moreMoveTitle } from "./grand_austria_more.js";
import { soloDescribe, soloFieldWidget, soloMoveTitle, soloPanel } from "./grand_austria_solo.js";
import { cardName, itemWords, moduleFactWords, moduleMoveWords, named, remember, tileName } from "./grand_austria_words.js";

const ROOM = /^\d\.\d$/;
const ITEMS = ["strudel", "cake", "wine", "coffee", "champagne"];
const SHORT = { strudel: "St", cake: "Ca", wine: "Wi", coffee: "Co", champagne: "Ch" };
const SENDS = ["send_to_ballroom", "send_dancer"];
// The action spaces' words (said when drawn: t() at the time, in the reader's language).
const ACTIONS = { 1: () => t("strudel, cake"), 2: () => t("wine, coffee"), 3: () => t("rooms"), 4: () => t("krones, Emperor"),
  5: () => t("staff"), 6: () => t("any, 1 krone") };
const action = (space) => (ACTIONS[space] ? ACTIONS[space]() : String(space));
const EMPEROR_ROUNDS = [3, 5, 7];        // the Emperor tiles score after these rounds
const EMPEROR_TRACK = 13;                // spaces 0-13
const ROOM_MOVES = { prepare_room: () => t("prepare"), occupy_room: () => t("occupy"), remove_room: () => t("remove"),
  check_in: () => t("check a guest into") };
const roomVerb = (type) => ROOM_MOVES[type]();

// What effects do is said by the server (the effect registry's words):
// guests' reward_words, staff words, Emperor tiles' reward_words and
// penalty_words, ballroom rows' and rehearsal sections' bonus_words.
const said = (list) => (list || []).join(", ");

function tilesById(state) {
  return new Map((state.emperor_tile_stacks || []).flatMap((stack) => stack.tiles.map((tile) => [tile.id, tile])));
}

// An Emperor tile's two halves in words: the reward (3+ on the track), the penalty (0).
function tileSides(tile) {
  return [`3+: ${said(tile.reward_words)}`, `0: ${said(tile.penalty_words)}`];
}

function emperorTile(tile) {
  const [reward, penalty] = tileSides(tile);
  return h("span.named-card.emperor-tile", h("b", tile.id), h("small.reward", reward), h("small.penalty", penalty));
}

// The setup's Emperor tiles at the table: one tile of each stack for its
// round (the view's emperor_tile_stacks), each in words, tapped.
function emperorPicker(field, ctx, onchange) {
  const tiles = tilesById(ctx.state);
  const rows = ctx.state.emperor_tile_stacks.map((stack) => [stack, choiceWidget(field.items, ctx, {
    values: stack.tiles.map((tile) => tile.id), distinct: false, columns: 2,
    show: (id) => emperorTile(tiles.get(id)),
  }, onchange)]);
  return {
    el: h("div.emperor-pick", rows.map(([stack, pick]) => h("div.entry", { dataset: { stack: stack.stack, round: stack.round } },
      h("div.entry-head", t("Round {round}: a tile of stack {stack}", { round: stack.round, stack: stack.stack })), pick.el))),
    // Each stack's tile in round order; a stack left untapped is left out (the rules say what is missing).
    value: () => rows.map(([, pick]) => pick.value()).filter((id) => id !== null),
  };
}

// A roll (or reroll) at the table: each die the view's dice_to_roll lists,
// in that order, gets the six faces to tap (the base game's dice all white,
// module 2's coloured dice named by colour).
function diceRoll(field, ctx, onchange) {
  const colours = ctx.state.dice_to_roll;
  let white = 0;
  const rows = colours.map((colour) => {
    const label = colour === "white" ? t("die {n}", { n: (white += 1) }) : t("the {colour} die", { colour: t(colour) });
    return { colour, label, pick: choiceWidget(field.items, ctx, { values: [1, 2, 3, 4, 5, 6], distinct: false, columns: 6 }, onchange) };
  });
  return {
    el: h("div.dice-roll", rows.map(({ colour, label, pick }, i) => h("div.entry.die-row", { dataset: { die: i + 1, colour } },
      h("div.entry-head", label), pick.el))),
    // A die left untapped is left out: the rules say how many are rolled.
    value: () => rows.map(({ pick }) => pick.value()).filter((face) => face !== null),
  };
}

const rowNames = () => ({ top: t("top row"), middle: t("middle row"), bottom: t("bottom row") });
const ROWS = { top: () => t("top"), middle: () => t("middle"), bottom: () => t("bottom") };
const rowName = (row) => (ROWS[row] ? ROWS[row]() : row);

// Module 1's boards at the setup, tapped by what is printed on them: the
// three ballrooms left to right (by name, with their rows' bonuses), one
// rehearsal room board per player (by id, with its sections' bonuses).
function setupBoards(path, field, ctx, onchange) {
  const { ballrooms, rehearsal_boards: rehearsal } = ctx.components;
  if (path === "ballrooms" && Array.isArray(ballrooms)) {
    const byName = new Map(ballrooms.map((room) => [room.name, room]));
    return listWidget({ ...field, max_length: 3 }, ctx, { values: [...byName.keys()], distinct: true, columns: 1,
      show: (name) => h("span.named-card", h("b", name), h("small", Object.entries(byName.get(name).bonus_words || {})
        .map(([row, said]) => `${rowNames()[row] || row}: ${said.join(", ")}`).join(" · "))) }, onchange);
  }
  if (path === "rehearsal_boards" && Array.isArray(rehearsal)) {
    const byId = new Map(rehearsal.map((board) => [board.id, board]));
    return listWidget({ ...field, max_length: ctx.seats.length }, ctx, { values: [...byId.keys()], distinct: true, columns: 1,
      show: (id) => h("span.named-card", h("b", t("rehearsal room {id}", { id })), h("small", (byId.get(id).bonus_words || [])
        .map((said, i) => `${i + 1}: ${said.join(", ")}`).join(" · "))) }, onchange);
  }
  return null;
}

// An order as one pill per item; the served ones filled in.
function order(wanted, served = {}) {
  const pills = [];
  for (const item of ITEMS) {
    for (let i = 0; i < (wanted[item] || 0); i++) {
      pills.push(h("span.item", { class: `i-${item}${i < (served[item] || 0) ? " served" : ""}`, title: itemName(item) }, SHORT[item]));
    }
  }
  return h("span.order", pills);
}

function guestCard(card, { served, complete } = {}) {
  return h("div.ga-guest", { class: `c-${card.colour}`, title: `#${card.number} ${card.name}, ${t(card.colour)}` },
    h("div.guest-name", card.name),
    order(card.order, complete ? card.order : served),
    h("small.guest-line", `${t("{vp} VP", { vp: card.vp })} · ${said(card.reward_words) || t("no reward")}`));
}

function kitchen(counts) {
  return h("span.kitchen", ITEMS.filter((item) => item in counts).map((item) => h("span.item.long", { class: `i-${item}${counts[item] ? "" : " none"}` },
    `${counts[item] || 0} ${itemName(item)}`)));
}

function emperorTrack(steps) {
  const cells = [];
  for (let i = 0; i <= EMPEROR_TRACK; i++) cells.push(h("span", { class: i === Math.min(steps, EMPEROR_TRACK) ? "at" : i < steps ? "past" : "" }, i));
  return h("span.emperor-track", { title: t("Emperor track {steps}", { steps }) }, cells);
}

// The rooms a seat can tap now: room -> the legal moves naming it (a check-in
// names a café table too: with two guests ready, the tap asks which).
function roomMoves(ctx, seat) {
  const byRoom = new Map();
  for (const move of (ctx && ctx.moves) || []) {
    if (!ROOM_MOVES[move.type] || move.seat !== seat) continue;
    byRoom.set(move.room, [...(byRoom.get(move.room) || []), move]);
  }
  return byRoom;
}

// Which of the moves naming one room: a guest ready at a café table, by name.
function roomChoice(moves, state, seat, tap) {
  const cafe = state.players[seat].cafe;
  return moves.map((move) => {
    const guest = move.table && cafe[move.table - 1] ? cafe[move.table - 1].guest.name : null;
    return h("button.room-move", { type: "button", dataset: { table: move.table || "", room: move.room }, onclick: () => tap(move) },
      move.type === "check_in" ? t("{guest} → room {room}", { guest: guest || t("table {n}", { n: move.table }), room: move.room })
        : `${roomVerb(move.type)} ${move.room}`);
  });
}

// A player's hotel, top floor first: room colours, prepared (○) and occupied (●) rooms.
function hotel(state, seat, ctx, problem) {
  const rooms = state.players[seat].rooms;
  const { floors, floor_costs: costs, prepare_vp: bonus } = state.hotel;
  const tappable = roomMoves(ctx, seat);
  const tap = tapper(ctx, problem);
  const choices = h("div.room-choices");
  const tapRoom = (moves) => (moves.length === 1 ? tap(moves[0]) : choices.replaceChildren(...roomChoice(moves, state, seat, tap)));
  const rows = [...floors.keys()].reverse().map((f) => h("div.floor",
    h("span.floor-label", { title: t("floor {floor}: {krones} krones to prepare", { floor: f + 1, krones: costs[f] }) }, `${f + 1}`,
      h("small", t("{krones}k", { krones: costs[f] }))),
    floors[f].map((colour, c) => {
      const name = `${f + 1}.${c + 1}`;
      const moves = tappable.get(name);
      const mark = rooms[name] === "occupied" ? "●" : rooms[name] === "prepared" ? "○" : bonus[name] ? `+${bonus[name]}` : "";
      return h(moves ? "button.room" : "span.room", {
        class: `c-${colour} ${rooms[name]}${moves ? " selectable" : ""}`, dataset: { room: name, state: rooms[name] },
        title: `${t("{room} {colour}, {state}", { room: name, colour: t(colour), state: roomState(rooms[name]) })}${moves ? ` · ${t("tap to {verb}", { verb: roomVerb(moves[0].type) })}` : ""}`,
        "aria-label": t("room {room}, {colour}, {state}", { room: name, colour: t(colour), state: roomState(rooms[name]) }),
        type: moves ? "button" : null, role: moves ? null : "img", onclick: moves ? () => tapRoom(moves) : null,
      }, h("small", name), h("span.mark", mark));
    })));
  const verbs = [...new Set([...tappable.values()].flat().map((m) => roomVerb(m.type)))];
  return [
    verbs.length ? h("p.tap-hint", t("Tap a highlighted room to {verbs} it.", { verbs: listing(verbs) })) : null,
    h("div.hotel", { dataset: { seat }, "aria-label": t("{seat}'s hotel", { seat }) }, rows),
    choices,
  ];
}

function cafe(tables) {
  return h("div.cafe", tables.map((table, i) => h("div.cafe-table", { dataset: { table: i + 1 }, class: table && table.complete ? "complete" : "" },
    h("small.table-no", `${t("table {n}", { n: i + 1 })}${table && table.complete ? ` · ${t("complete")}` : ""}`),
    table ? guestCard(table.guest, table) : h("span.hint", t("free")))));
}

function staff(player, faceDown) {
  const used = new Set(player.staff_used);
  return h("div.staff", h("small", `${t("Staff hired ({n}):", { n: player.hired.length })} `),
    player.hired.length
      ? player.hired.map((c) => h("span.chip.staff-card", { class: used.has(c.name) || faceDown.has(c.name) ? "used" : "", title: c.words || c.name },
        c.name, used.has(c.name) ? ` (${t("used")})` : "", faceDown.has(c.name) ? ` (${t("face down")})` : ""))
      : h("small", t("none")),
    h("small", ` · ${t("hand {n}", { n: player.hand_size })}`));
}

// Tap a legal move; a refusal is said in ``problem``.
function tapper(ctx, problem) {
  return async (move) => {
    problem.hidden = true;
    try {
      await ctx.submit(move);
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    }
  };
}

// Module 4: the action board extension with the skeleton key, and the key's
// moves (instead of a die: a dish or drink, then action 1-5 with strength 1).
function keyExtension(state, ctx) {
  if (!(state.modules || []).includes("start_player")) return null;
  const holder = state.skeleton_key;
  const problem = h("p.problem", { role: "alert", hidden: true });
  const tap = tapper(ctx, problem);
  const moves = ((ctx && ctx.moves) || []).filter((m) => m.type === "take_key");
  return h("div.action.key-extension", { dataset: { action: "key", holder: holder || "" },
    title: t("Start Player action: instead of a die, take the key: 1 dish or drink, and a main action of strength 1") },
  h("span.die.key", "⚷"),
  h("small", holder ? t("key: {seat}", { seat: holder }) : t("key on the board")),
  moves.length ? h("div.key-moves", moves.map((m) => h("button.key-move", {
    type: "button", dataset: { keyAction: m.action || "" }, onclick: () => tap(m),
  }, m.action ? `${t("key + {action}", { action: m.action })}: ${action(m.action)}` : t("take the key")))) : null,
  problem);
}

// Module 1: the three ballrooms (rows with their champagne cost, who dances
// where, which scored, the balcony); a row that a legal send names is tapped,
// then the rehearsal section (and the café table) the dancer comes from.
function ballrooms(state, ctx) {
  if (!Array.isArray(state.ballrooms) || !state.ballrooms.length) return null;
  const problem = h("p.problem", { role: "alert", hidden: true });
  const tap = tapper(ctx, problem);
  const sends = ((ctx && ctx.moves) || []).filter((m) => SENDS.includes(m.type));
  const seats = (ctx && ctx.seats) || Object.keys(state.players);
  const dancer = (seat) => h("span.dancer", { style: `--seat: ${seatColour(seats, seat)}`, title: seat }, seat[0]);
  const offered = h("div.send-choices");
  const choose = (moves) => {
    offered.replaceChildren(...moves.map((m) => h("button.send-move", { type: "button", onclick: () => tap(m) },
      `${m.type === "send_to_ballroom" ? `${t("table {n}", { n: m.table })} → ` : ""}${t("section {n}", { n: m.section })}`)));
  };
  return h("div.ballrooms", { "aria-label": t("ballrooms") },
    state.ballrooms.map((room, b) => h("div.ballroom", { class: room.scored ? "scored" : "", dataset: { ballroom: b + 1 } },
      h("div.ballroom-head", h("b", room.name), h("small", ` ${t("round {round}", { round: room.round })}${room.scored ? ` · ${t("scored")}` : ""}`)),
      room.rows.map((row) => {
        const here = sends.filter((m) => m.ballroom === b + 1 && m.row === row.row);
        const cells = row.spaces.map((seat) => (seat ? dancer(seat) : h("span.space", "·")));
        if (row.row === "top" && room.balcony) cells.push(h("span.balcony", { title: t("balcony: {n} champagne", { n: room.balcony_cost }) }, "| ", room.balcony.map(dancer)));
        return h("button.ballroom-row", { type: "button", dataset: { row: row.row }, disabled: !here.length,
          title: row.bonus_words.length ? t("bonus: {words}", { words: said(row.bonus_words) }) : t("no bonus"),
          onclick: () => (here.length === 1 ? tap(here[0]) : choose(here)) },
        h("small", `${rowName(row.row)} · ${t("{n} Ch", { n: row.cost })}`), h("span.spaces", cells));
      }))),
    offered, problem);
}

function rehearsal(state, seat) {
  const board = state.rehearsal && state.rehearsal[seat];
  if (!board) return null;
  return h("div.line.rehearsal", { dataset: { board: board.board } }, h("small", `${t("Rehearsal {board}", { board: board.board })} `),
    board.dancers_left.map((left, i) => h("span.chip", { title: said(board.bonus_words[i]) || t("no bonus") },
      `${i + 1}: ${left}/${i + 1}`)));
}

function playerPanel(state, seat, ctx) {
  const p = state.players[seat];
  const problem = h("p.problem", { role: "alert", hidden: true });
  const acting = state.expected.seats.includes(seat);
  const numbers = new Set(state.used_turn_numbers);
  return h("section.ga-player", { class: [acting ? "acting" : "", state.winners.includes(seat) ? "winner" : ""].join(" ").trim(), dataset: { seat }, style: `--seat: ${seatColour(ctx.seats, seat)}` },
    h("div.player-head", h("span.swatch"), nameTag("strong", seat),
      h("span.stat", h("b", p.vp), ` ${t("VP")}`), h("span.stat", h("b", p.krones), ` ${t("kr")}`),
      p.turn_order.length ? h("span.turns", { title: t("turn-order numbers") },
        p.turn_order.map((n) => h("span", { class: numbers.has(n) ? "done" : "" }, n))) : null,
      state.skeleton_key === seat ? h("span.tag.key-holder", { title: t("holds the skeleton key: starts the next round") }, `⚷ ${t("key")}`) : null,
      state.passed.includes(seat) ? h("span.tag", t("passed")) : null),
    h("div.line", h("small", `${t("Emperor")} `), emperorTrack(p.emperor)),
    h("div.line", h("small", `${t("Kitchen")} `), kitchen(p.items)),
    rehearsal(state, seat),
    celebrities.heldCelebrities(state, seat),
    hotels.entranceLine(state, seat, ctx, { tapper }),
    cafe(p.cafe),
    hotel(state, seat, ctx, problem), problem,
    staff(p, faceDownBells(state, seat)),
    bellCards(state, seat, ctx, tapper(ctx, problem)),
    largeOrderPile(state, seat),
    p.guests.length ? h("small.hint", t("Checked in: {guests}", { guests: p.guests.join(", ") })) : null);
}

function pendingNotice(state) {
  if (!state.pending.length) return null;
  return h("div.pending-box", state.pending.map((p, i) => h("p", { class: i ? "" : "now" },
    h("strong", `${p.seat}: `), stepName(p.step), p.n > 1 ? ` ×${p.n}` : "", p.why ? h("small", ` (${t(p.why)})`) : "",
    p.cards && p.cards.length ? h("small", ` · ${t("offered: {cards}", { cards: p.cards.map((c) => (c ? c.name : t("unseen"))).join(", ") })}`) : "")));
}

function renderState(state, ctx) {
  const turn = state.turn;
  const seats = (ctx && ctx.seats) || Object.keys(state.players);
  const nextEmperor = EMPEROR_ROUNDS.find((r) => r >= state.round);
  const tiles = tilesById(state);
  const tileWords = (id) => tiles.has(id) && tileSides(tiles.get(id)).join(" · ");
  const loungeProblem = h("p.problem", { role: "alert", hidden: true });
  return [
    h("p.round", `${t("Round {round} of 7", { round: state.round })} · ${phaseName(state.phase)}`,
      turn ? h("span", " · ", h("strong", t("{seat}'s turn", { seat: turn.seat })),
        ` (${t("no. {n}", { n: turn.number })}${turn.die ? `, ${t("die {n}", { n: turn.die })}${turn.boosted ? " +1" : ""}` : turn.main === "key" ? `, ${t("the key")}` : ""})`) : ""),
    pendingNotice(state),
    soloPanel(state),
    h("div.action-board", { "aria-label": t("action board") },
      Object.entries(state.action_spaces).map(([space, count]) => h("div.action", {
        class: count ? "" : "empty", dataset: { action: space }, title: t("action {n}: {words}", { n: space, words: action(space) }),
      }, h("span.die", dieFace(Number(space))), h("b.count", `×${count}`), celebrities.colouredDice(state, space), h("small", action(space)))),
      h("div.action.dustbin", { dataset: { action: "dustbin" } }, h("span.die.bin", "▢"), h("b.count", `×${state.dustbin}`), h("small", t("dustbin"))),
      keyExtension(state, ctx)),
    celebrities.lounge(state, ctx, tapper(ctx, loungeProblem)), loungeProblem,
    ballrooms(state, ctx),
    hotels.auctionPanel(state, ctx, { tapper }),
    h("h3", `${t("Queue")} `, h("small", t("{n} guests left", { n: state.guests_left }))),
    h("ol.queue", state.queue.map((card, i) => h("li", { dataset: { position: i + 1 } },
      h("span.cost", `${i + 1} · ${state.queue_costs[i]} ${t("kr")}`), card ? guestCard(card) : h("span.hint", "—")))),
    h("div.emperor-objectives",
      h("div", h("small", `${t("Emperor")} `), state.emperor_tiles.length
        ? state.emperor_tiles.map((tile, i) => h("span.chip.tile", { class: EMPEROR_ROUNDS[i] === nextEmperor ? "next" : "",
          title: tileWords(tile) || null },
          t("round {round}: {tile}", { round: EMPEROR_ROUNDS[i], tile: tileName(tile, ctx && ctx.components) })))
        : h("span.hint", t("not revealed"))),
      h("ol.objectives", state.objectives.map((o) => h("li", { dataset: { objective: o.number } },
        h("b", `${o.number} `), o.text,
        h("small", o.claims.length ? ` — ${o.claims.map((s, i) => `${s} ${[15, 10, 5][i] ?? ""}`.trim()).join(", ")}` : ` — ${t("unclaimed")}`))))),
    h("div.ga-players", seats.filter((seat) => state.players[seat]).map((seat) => playerPanel(state, seat, ctx))),
    h("p.hint.legend", t("Hotel: pale = empty, ○ prepared, ● occupied, +n VP when prepared; 1k–3k krones to prepare on that floor.")),
  ];
}


const dice = (values) => h("span.dice", values.map((v) => h("span.die", dieFace(v))));


// The base game's round in the table's words; the turn's steps, the modules'
// and the solo variant's moves in grand_austria_words.js.
function moveWords(move, context = {}) {
  const { catalog } = context;
  const { seat } = move;
  switch (move.type) {
    case "setup": return t("The table sets up: the queue holds {queue}, {player} starts.", {
      queue: listing(move.queue.map((g) => (typeof g === "number" ? cardName(g, catalog) : g.name || g))), player: move.start_player });
    case "reveal_guest": return t("The table draws {guest} into the queue", {
      guest: typeof move.card === "number" ? cardName(move.card, catalog) : move.card.name || move.card });
    case "take_guest": return t("{seat} takes the guest at queue position {n}", { seat, n: move.position });
    case "prepare_room": return t("{seat} prepares room {room}", { seat, room: move.room });
    case "roll": return h("span", t("The table rolls"), " ", dice(move.dice));
    case "reroll": return h("span", t("The table rerolls"), " ", dice(move.dice));
    case "pass": return t("{seat} passes", { seat });
    case "end_turn": return t("{seat} ends their turn", { seat });
    case "take_die": return h("span", t("{seat} takes the die", { seat }), " ", dice([move.value]),
      move.boost ? ` ${t("and pays 1 krone for +1")}` : "");
    case "choose_items": return t("{seat} takes {items}", { seat, items: itemWords(move.items) });
    default: return moduleMoveWords(move, context);
  }
}

export default {
  renderState,
  moveWords,
  moveName,
  remember,
  named,

  fieldWidget(path, field, ctx, onchange) {
    const own = celebrities.fieldWidget(path, field, ctx, onchange);
    if (own) return own;
    const solo = soloFieldWidget(path, field, ctx, onchange, choiceWidget);
    if (solo) return solo;
    if (["roll", "reroll"].includes(ctx.moveType) && path === "dice" && (ctx.state.dice_to_roll || []).length) {
      return diceRoll(field, ctx, onchange);
    }
    const boards = ctx.moveType === "setup" && ctx.components && setupBoards(path, field, ctx, onchange);
    if (boards) return boards;
    if (ctx.moveType === "setup" && path === "emperor_tiles" && Array.isArray(ctx.state.emperor_tile_stacks)) {
      return emperorPicker(field, ctx, onchange);
    }
    return null;
  },

  // The dice rows say what to tap: no words about the API's order.
  describe(type, path) {
    if (path === null) return soloDescribe(type);
    return ["roll", "reroll"].includes(type) && path === "dice" ? null : undefined;
  },

  renderValue(value) {
    if (typeof value === "string" && ROOM.test(value)) return h("span.value", t("room {room}", { room: value }));
    // An item served onto a café table; items counted by kind (those taken, not the zeros).
    if (value && typeof value === "object" && "table" in value && "item" in value) {
      return h("span.value", t("{item} onto table {table}", value));
    }
    if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length
        && Object.entries(value).every(([k, n]) => ITEMS.includes(k) && Number.isInteger(n))) {
      return h("span.value", itemWords(value) || t("nothing"));
    }
    return null;
  },

  moveTitle(type, seat) {
    const own = celebrities.moveTitle(type, seat) || hotels.moveTitle(type, seat);
    if (own) return own;
    const solo = soloMoveTitle(type);
    if (solo) return solo;
    if (type === "roll") return t("Roll: tap the face each die shows");
    if (type === "reroll") return t("Reroll: tap the face each die shows");
    if (type === "take_key") return t("{seat}: take the skeleton key instead of a die — or tap it on the action board", { seat });
    if (SENDS.includes(type)) return t("{seat}: send a dancer to a ballroom — or tap its row above the board", { seat });
    if (type === "check_in") return t("{seat}: check a guest in — or tap the room in {seat}'s hotel", { seat });
    if (moreMoveTitle(type, seat)) return moreMoveTitle(type, seat);
    return ROOM_MOVES[type] ? t("{seat}: {verb} a room — or tap it in {seat}'s hotel", { seat, verb: roomVerb(type) })
      : `${seat ? seat + ": " : ""}${moveName(type)}`;
  },

  factWords(fact, entry, memo, context = {}) {
    const own = celebrities.factWords(fact) || hotels.factWords(fact);
    if (own !== undefined) return own;
    switch (fact.fact) {
      case "krones": {
        const n = Math.abs(fact.krones);
        const said = { seat: fact.seat, n, why: fact.why };
        if (fact.krones >= 0) return n === 1 ? t("{seat} gets 1 krone ({why})", said) : t("{seat} gets {n} krones ({why})", said);
        return n === 1 ? t("{seat} pays 1 krone ({why})", said) : t("{seat} pays {n} krones ({why})", said);
      }
      case "guest_taken": return t("{seat} takes the {guest} to table {table}", fact);
      case "die_taken": return fact.value ? h("span", `${t("{seat} takes a", { seat: fact.seat })} `, h("span.die", dieFace(fact.value))) : undefined;
      case "rolled": return fact.dice ? h("span", `${t("Rolled")} `, fact.dice.map((d) => h("span.die", dieFace(d)))) : undefined;
      case "room_prepared": return t("{seat} prepares room {room}", fact);
      case "key_taken": return t("{seat} takes the skeleton key (turn no. {number}) and starts the next round", fact);
      case "dancer_placed": return fact.space === "balcony"
        ? t("{seat}'s dancer goes to {ballroom}, {row} (balcony), for {champagne} champagne", { ...fact, row: rowNames()[fact.row] || fact.row })
        : t("{seat}'s dancer goes to {ballroom}, {row}, for {champagne} champagne", { ...fact, row: rowNames()[fact.row] || fact.row });
      case "ballroom_scored": return t("{ballroom} is scored (round {round})", fact);
      case "placed": return t("{seat} places {items}", { seat: fact.seat,
        items: fact.items.map((e) => t("{item} on table {table}", { item: itemName(e.item), table: e.table })).join(", ") });
      case "passed": return t("{seat} passes with turn-order tile {number}", { seat: fact.seat, number: fact.number });
      case "dustbin": return t("A die goes to the dustbin, {n} dice are left on the action board", { n: fact.dice_left });
      case "round_ended": return t("Round {round} ends", { round: fact.round });
      case "round_started": return t("Round {round} begins, {seat} starts", { round: fact.round, seat: fact.start_player });
      case "rerolled": return h("span", t("Rerolled"), " ", dice(fact.dice));
      case "queue_refilled": return t("{guest} comes to the queue", { guest: fact.guest.name });
      case "setup": return t("The table is set up: Emperor tiles {tiles}, objectives {objectives}", {
        tiles: listing((fact.emperor_tiles || []).map((id) => tileName(id, context.components))),
        objectives: listing((fact.objectives || []).map((n) => cardName(n, context.catalog))) });
      case "items": {
        const gained = Object.values(fact.items).some((n) => n > 0);
        const said = { seat: fact.seat, items: itemWords(Object.fromEntries(Object.entries(fact.items).map(([k, n]) => [k, Math.abs(n)]))), why: fact.why };
        return gained ? t("{seat} gets {items} ({why})", said) : t("{seat} gives up {items} ({why})", said);
      }
      default: return moreFactWords(fact) ?? moduleFactWords(fact, context);
    }
  },
};

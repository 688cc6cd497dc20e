// Grand Austria Hotel's log in the table's words for the moves and facts the
// base game's round words (grand_austria.js) leave out: the turn's steps
// (actions, hiring, serving, checking in), the Emperor's scoring, and the
// Let's Waltz modules' and the solo variant's own. Cards are said by name
// (the game's catalog), Emperor and Grand Wray tiles and rehearsal room
// boards with what they give, ballrooms by name; never a key beside its value.
// The solo opponent's steps come in words from the engine (their text).
import { listing, words } from "../dom.js";
import { t } from "../i18n.js";

const ROWS = () => ({ top: t("top row"), middle: t("middle row"), bottom: t("bottom row") });
const row = (name) => ROWS()[name] || words(name);

// A hotel entrance by its printed name: "ninas_melange" -> "Ninas Melange".
export const entranceName = (id) => words(id).replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

// Kitchen items counted by kind, the non-zero ones: "2 strudel and 1 wine".
export function itemWords(items) {
  return listing(Object.entries(items || {}).filter(([, n]) => n).map(([item, n]) => `${Math.abs(n)} ${item}`));
}

// A card by its name where the catalog knows it (a guest, a staff card, an objective with its text).
export function cardName(number, catalog) {
  if (number && typeof number === "object") return number.name || String(number.number);
  const card = catalog && catalog.get(number);
  if (!card) return String(number);
  return card.deck === "objective" && card.text ? `${card.name}: ${card.text}` : card.name;
}

// An Emperor (or Grand Wray) tile with what it gives: "A1 (3+: 3 krones; 0: pay 3 krones, else lose 5 VP)".
export function tileName(id, components) {
  const tile = ((components && components.emperor_tiles) || []).find((one) => one.id === id);
  if (!tile) return String(id);
  return t("{tile} ({reward} at 3 or more, {penalty} at 0)", {
    tile: id, reward: (tile.reward_words || []).join(", "), penalty: (tile.penalty_words || []).join(", ") });
}

// A rehearsal room board with its sections' bonuses.
export function boardName(id, components) {
  const board = ((components && components.rehearsal_boards) || []).find((one) => one.id === id);
  const sections = board ? (board.bonus_words || []).map((said, i) => `${i + 1}: ${said.join(", ")}`).join("; ") : "";
  return sections ? t("rehearsal room {id} ({sections})", { id, sections }) : t("rehearsal room {id}", { id });
}

// Items served onto café tables: "strudel onto table 1 and cake onto table 2".
function servedWords(list) {
  return listing((list || []).map((one) => t("{item} onto table {table}", one)));
}

// Items placed by café table: {"3": {"strudel": 1}} -> "1 strudel on table 3".
function placedWords(place) {
  return listing(Object.entries(place || {}).map(([table, items]) => t("{items} on table {table}", { items: itemWords(items), table })));
}

function ballroomName(index, memo) {
  const name = memo && memo.ballrooms && memo.ballrooms[index];
  return name || t("ballroom {n}", { n: index });
}

// The solo opponent's seat said by the opponent's name (Leopold, Elisabeth) in the log's facts.
export function named(fact, state) {
  const solo = state && state.solo;
  if (!solo || !solo.opponent) return fact;
  const name = (seat) => (seat === solo.seat ? solo.opponent : seat);
  return { ...fact, ...("seat" in fact && { seat: name(fact.seat) }),
    ...("start_player" in fact && { start_player: name(fact.start_player) }),
    ...(Array.isArray(fact.winners) && { winners: fact.winners.map(name) }) };
}

// What the log remembers from the entries before: the ballrooms' names by their place on the table.
export function remember(entry, memo) {
  for (const fact of entry.outcome) {
    if (fact.fact === "ballroom_laid_out") memo.ballrooms = { ...memo.ballrooms, [fact.ballroom]: fact.name };
  }
}

export function moduleMoveWords(move, { catalog, components, memo } = {}) {
  const { seat } = move;
  const card = (n) => cardName(n, catalog);
  switch (move.type) {
    case "draft_pick": return t("{seat} drafts {staff}", { seat, staff: card(move.staff) });
    case "serve": return t("{seat} serves {items}", { seat, items: servedWords(move.items) });
    case "check_in": return t("{seat} checks the guest at table {table} into room {room}", { seat, table: move.table, room: move.room });
    case "complete_order": return t("{seat} completes the order at table {table}", { seat, table: move.table });
    case "place_items": return t("{seat} places {items}", { seat, items: placedWords(move.place) });
    case "choose_action": return t("{seat} takes the action of space {action}", { seat, action: move.action });
    case "split_funds": return t("{seat} takes {krones} krones and {emperor} steps on the Emperor track", {
      seat, krones: move.krones, emperor: move.emperor });
    case "choose_dustbin": return t("{seat} puts the {colour} die on the dustbin", { seat, colour: t(move.colour) });
    case "occupy_room": return t("{seat} occupies room {room}", { seat, room: move.room });
    case "remove_room": return t("{seat} removes room {room}", { seat, room: move.room });
    case "draw_staff": return t("{seat} draws {staff}", { seat, staff: listing((move.cards || []).map(card)) });
    case "hire": return t("{seat} hires {staff}", { seat, staff: card(move.staff) });
    case "use_staff": return t("{seat} uses {staff}", { seat, staff: card(move.staff) });
    case "return_staff": return t("{seat} returns {staff}", { seat, staff: card(move.staff) });
    case "discard_staff": return t("{seat} discards {staff}", { seat, staff: card(move.staff) });
    case "decline": return t("{seat} does without this step", { seat });
    case "claim_objective": return t("{seat} claims {objective}", { seat, objective: card(move.objective) });
    case "lay_out_ballrooms": return t("The table lays out the ballrooms {ballrooms} and {boards}", {
      ballrooms: listing((move.ballrooms || []).map((room) => room.name || room)),
      boards: listing((move.rehearsal_boards || []).map((id) => boardName(id, components))) });
    case "choose_rehearsal": return t("{seat} takes {board}", { seat, board: boardName(move.board, components) });
    case "send_to_ballroom": return t("{seat} sends the guest at table {table} to {ballroom}, {row}, section {section}", {
      seat, table: move.table, ballroom: ballroomName(move.ballroom, memo), row: row(move.row), section: move.section });
    case "send_dancer": return t("{seat} sends a dancer to {ballroom}, {row}, section {section}", {
      seat, ballroom: ballroomName(move.ballroom, memo), row: row(move.row), section: move.section });
    case "remove_dancer": return t("{seat} takes a dancer back from the {row}", { seat, row: row(move.row) });
    case "lay_out_lounge": return t("The table lays out the lounge: {celebrities}", { celebrities: listing(move.celebrities || []) });
    case "reveal_celebrity": return t("The table draws {celebrity} for the lounge", { celebrity: move.card });
    case "exchange": return t("{seat} exchanges {give} for {take}", { seat, give: itemWords(move.give), take: itemWords(move.take) });
    case "take_bell_reward": return t("{seat} takes the reward of {staff}", { seat, staff: card(move.staff) });
    case "return_item": return t("{seat} returns 1 {item} from the kitchen", { seat, item: move.item });
    case "take_key": return t("{seat} takes the skeleton key and the action of space {action}", { seat, action: move.action });
    case "lay_out_entrances": return t("The table lays out the hotel entrances {entrances}", {
      entrances: listing((move.entrances || []).map(entranceName)) });
    case "open_auction": return t("{seat} puts {entrance} up for auction at {bid} krones", { seat, entrance: entranceName(move.entrance), bid: move.bid });
    case "bid": return t("{seat} bids {amount} krones", { seat, amount: move.amount });
    case "pass_bid": return t("{seat} passes in the auction", { seat });
    case "choose_dove_token": return t("{seat} chooses Dove token {token}", { seat, token: move.token });
    case "mayenfels_draw": return t("{seat} draws a card for Mayenfels", { seat });
    case "claim_personal_objective": return t("{seat} completes the personal objective {objective}", { seat, objective: card(move.objective) });
    case "grand_wray": return t("{seat} steps back on the Emperor track for the Grand Wray tile {tile}", {
      seat, tile: tileName(move.tile, components) });
    case "keep_staff": return t("{seat} keeps {staff}", { seat, staff: listing((move.staff || []).map(card)) });
    case "draw_instruction": return t("The table draws the opponent's instruction card {card}", { card: move.card });
    case "reveal_bot_staff": return t("The table turns up the opponent's staff card {staff}", { staff: card(move.card) });
    case "choose_entrance": return t("{seat} chooses the hotel entrance {entrance}", { seat, entrance: entranceName(move.entrance) });
    case "lay_out_hautel": return t("The table lays out Hautel Couture's guests {guests} and the items {items}", {
      guests: listing((move.guests || []).map(card)), items: listing((move.items || []).map(words)) });
    case "place_pool_item": return t("{seat} places the pool's item on the opponent's guest at table {table}", { seat, table: move.table });
    case "pool_item": return t("The table puts {item} from the pool onto an emptied action space", { item: move.item });
    default: return undefined;
  }
}

export function moduleFactWords(fact, { components } = {}) {
  // The solo variant's steps are said by the engine.
  if (typeof fact.text === "string") return fact.text;
  const { seat } = fact;
  switch (fact.fact) {
    case "action_chosen": return t("{seat} takes the action of space {action} with strength {strength}", fact);
    case "ballroom_laid_out": return t("{name} is laid out as ballroom {ballroom} for round {round}", fact);
    case "checked_in": return t("{seat} checks {guest} into room {room}", fact);
    case "declined": return t("{seat} does without {step} ({why})", { ...fact, step: words(fact.step) });
    case "lapsed": return t("{seat} gets no {step} ({why})", { ...fact, step: words(fact.step) });
    case "emperor": return fact.steps > 0 ? t("{seat} advances {steps} on the Emperor track ({why})", fact)
      : fact.steps < 0 ? t("{seat} goes back {steps} on the Emperor track ({why})", { ...fact, steps: -fact.steps })
        : t("{seat} stays where they are on the Emperor track ({why})", fact);
    case "emperor_reward": return t("{seat} gets the reward of Emperor tile {tile}", { seat, tile: tileName(fact.tile, components) });
    case "emperor_penalty": return t("{seat} suffers the penalty of Emperor tile {tile}", { seat, tile: tileName(fact.tile, components) });
    case "entrances_laid_out": return t("The hotel entrances on the table: {entrances}", { entrances: listing((fact.entrances || []).map(entranceName)) });
    case "hired": return t("{seat} hires {staff} ({why})", { seat, staff: cardName(fact.staff), why: fact.why });
    case "items_lost": return t("{seat} loses {items} ({why})", { seat, items: itemWords(fact.items) || t("nothing"), why: fact.why });
    case "krones_lost": return t("{seat} loses {krones} krones ({why})", fact);
    case "kaufman_pile": return t("{seat}'s Kaufman pile holds {guests} guests", fact);
    case "order_completed": return t("{seat} completes the order of {guest} ({why})", fact);
    case "rehearsal_board": return t("{seat} takes {board}", { seat, board: boardName(fact.board, components) });
    case "rehearsal_boards_laid_out": return t("Rehearsal room boards on the table: {boards}", {
      boards: listing((fact.boards || []).map((board) => boardName(board.id || board, components))) });
    case "room_occupied": return t("{seat} occupies room {room}", fact);
    case "room_removed": return t("{seat} loses room {room} ({why})", fact);
    case "sent_to_ballroom": return t("{seat} sends {guest} from table {table} to dance", fact);
    case "dancer_removed": return t("{seat} takes a dancer back from {ballroom}, {row} ({why})", { ...fact, row: row(fact.row) });
    case "served": return t("{seat} serves {items} and gets {krones} krones", { seat, items: servedWords(fact.items), krones: fact.krones });
    case "staff_discarded": return t("{seat} discards {staff} ({why})", fact);
    case "staff_returned": return t("{seat} returns {staff}", fact);
    case "staff_drawn": return t("{seat} draws {count} staff cards", fact);
    case "staff_draft_over": return t("The staff draft is over");
    case "staff_drafted": return t("{seat} keeps a staff card (pick {pick})", fact);
    case "staff_passed": return t("Each player passes {cards} staff cards to the {direction}", { ...fact, direction: t(fact.direction) });
    case "turn_ended": return t("{seat} ends turn {number}", fact);
    default: return undefined;
  }
}

// Grand Austria Hotel: the action board, the queue of guests, and each
// player's café, kitchen (items) and hotel; rooms can be tapped where a move
// names one.
import { h, flatText, words } from "../dom.js";
import { dieFace } from "../values.js";
import { scoreTable } from "./generic.js";

const ROOM = /^\d\.\d$/;

function items(counts) {
  const held = Object.entries(counts || {}).filter(([, n]) => n);
  return held.length ? held.map(([item, n]) => `${n} ${item}`).join(", ") : "—";
}

function guest(card, extra = null) {
  return h("div.ga-guest", { class: `c-${card.colour}` },
    h("strong", card.name), h("small", ` #${card.number} · ${card.vp} VP`),
    h("div", "orders ", items(card.order)),
    h("div.hint", "reward: ", card.reward.map(flatText).join("; ")), extra);
}

// A player's hotel, top floor first; with pick = {selectable, onpick} rooms can be tapped.
function hotel(state, seat, pick) {
  const rooms = state.players[seat].rooms;
  const floors = state.hotel.floors;
  return h("div.hotel", { dataset: { seat }, "aria-label": `${seat}'s hotel` },
    [...floors.keys()].reverse().map((f) => h("div.floor", floors[f].map((colour, c) => {
      const name = `${f + 1}.${c + 1}`;
      const selectable = pick && pick.selectable.has(name);
      return h(selectable ? "button.room" : "span.room", {
        class: `c-${colour} ${rooms[name]}${selectable ? " selectable" : ""}`, title: `${name} ${rooms[name]}`,
        dataset: { room: name }, type: selectable ? "button" : null, onclick: selectable ? () => pick.onpick(name) : null,
      }, name);
    }))));
}

function renderState(state) {
  const players = state.players;
  const turn = state.turn;
  return [
    h("p.round", `Round ${state.round} · ${words(state.phase)}`,
      turn ? ` · ${turn.seat}'s turn${turn.die ? ` with a ${turn.die}` : ""}` : ""),
    h("h3", "Action board"),
    h("div.chips.actions", Object.entries(state.action_spaces).map(([space, count]) =>
      h("span.chip", { dataset: { action: space } }, h("span.die", dieFace(Number(space))), ` ×${count}`))),
    h("h3", "Queue"),
    h("ol.queue", state.queue.map((card, i) => h("li", guest(card, h("small", ` costs ${state.queue_costs[i]} krones`))))),
    h("p.hint", `${state.guests_left} guests left · Emperor tiles ${state.emperor_tiles.join(", ")}`),
    scoreTable(state, {
      krones: (seat) => players[seat].krones,
      emperor: (seat) => players[seat].emperor,
      kitchen: (seat) => items(players[seat].items),
    }),
    Object.keys(players).map((seat) => h("details.ga-player", { open: true, dataset: { seat } },
      h("summary", `${seat}: café and hotel`),
      h("div.cafe", players[seat].cafe.map((table, i) => h("div.cafe-table",
        h("small", `table ${i + 1}`),
        table ? guest(table.guest, h("div", table.complete ? "order complete" : `served ${items(table.served)}`)) : h("p.hint", "free")))),
      hotel(state, seat, null),
      h("p.hint", `${players[seat].hired.length} staff hired · ${players[seat].guests.length} guests checked in`))),
    h("details", h("summary", "Objectives"),
      h("ul", state.objectives.map((o) => h("li", `${o.number}: ${o.text}`, o.claims.length ? ` — ${flatText(o.claims)}` : "")))),
  ];
}

export default {
  renderState,

  board(state, ctx, pick) {
    return hotel(state, pick.seat || ctx.turn, pick);
  },

  onBoard(value, field, state, seat) {
    return typeof value === "string" && ROOM.test(value) && Boolean(seat && state.players[seat]);
  },

  factWords(fact) {
    switch (fact.fact) {
      case "guest_taken": return `${fact.seat} takes the ${fact.guest} to table ${fact.table}`;
      case "die_taken": return fact.value ? h("span", `${fact.seat} takes a `, h("span.die", dieFace(fact.value))) : undefined;
      case "rolled": return fact.dice ? h("span", "Rolled ", fact.dice.map((d) => h("span.die", dieFace(d)))) : undefined;
      default: return undefined;
    }
  },
};

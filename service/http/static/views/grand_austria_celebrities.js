// Grand Austria Hotel, module 2 (Celebrities): the lounge beside the action
// board (each space's die colour, its celebrity with the effect in words, the
// VP it brings: the chit's, else the printed 1), where the coloured dice lie
// on the action board, who holds which celebrity this round, and the facts
// of the module in words. A legal take of a coloured die is tapped on the
// lounge space of its colour (its price: 1 krone per other die on the space).
import { h } from "../dom.js";
import { choiceWidget, listWidget } from "../forms.js";

const PIP = { red: "R", blue: "B", yellow: "Y" };

// The coloured dice on one action space, as small pips after its count.
export function colouredDice(state, space) {
  const dice = ((state.action_space_dice || {})[space] || []).filter((c) => c !== "white");
  return dice.length ? h("span.pips", dice.map((c) => h("span.pip", { class: `p-${c}`, title: `${c} die` }, PIP[c] || c[0]))) : null;
}

function where(state, colour) {
  const space = Object.entries(state.action_space_dice || {}).find(([, dice]) => dice.includes(colour));
  return space ? space[0] : null;
}

// The lounge; ``tap`` makes a move (a refusal is shown by the caller's tapper).
export function lounge(state, ctx, tap) {
  if (!Array.isArray(state.lounge) || !state.lounge.length) return null;
  const takes = ((ctx && ctx.moves) || []).filter((m) => m.type === "take_die" && m.colour);
  return h("div.lounge", { "aria-label": "lounge" },
    state.lounge.map((space) => {
      const at = where(state, space.colour);
      const mine = takes.filter((m) => m.colour === space.colour);
      const price = at ? state.action_spaces[at] - 1 : 0;
      const c = space.celebrity;
      return h("div.lounge-space", { class: `c-${space.colour}`, dataset: { colour: space.colour, celebrity: c ? c.name : "" } },
        h("div.lounge-head", h("span.pip", { class: `p-${space.colour}` }, PIP[space.colour] || space.colour[0]),
          h("b", c ? c.name : "empty"), c ? h("span.chit", { title: space.chit ? `chit ${space.chit}` : "printed 1 VP" }, `${space.vp} VP`) : null),
        c ? h("small.effect", c.text) : null,
        h("small.die-at", at ? `${space.colour} die on ${at} · ${price} kr` : `${space.colour} die not on the board`),
        mine.length ? h("div.lounge-moves", mine.map((m) => h("button.lounge-move", {
          type: "button", dataset: { value: m.value, boost: m.boost ? "1" : "" }, onclick: () => tap(m),
          title: `take the ${m.colour} die from action ${m.value}: pay ${price + (m.boost ? 1 : 0)} kr, ${c ? c.name : "no celebrity"}, strength ${state.action_spaces[m.value] + (m.boost ? 1 : 0)}`,
        }, `take ${m.value}${m.boost ? "+" : ""}`))) : null);
    }),
    h("small.hint.lounge-stack", `stack ${state.celebrity_stack} · discard ${state.celebrity_discard.length}`));
}

// A player's celebrities this round.
export function heldCelebrities(state, seat) {
  const held = (state.celebrities || {})[seat] || [];
  if (!held.length) return null;
  const used = new Set(state.exchange_used || []);
  return h("div.line.celebrities", h("small", "Celebrities "),
    held.map((c) => h("span.chip.celebrity", { title: c.text, class: used.has(c.name) ? "used" : "" },
      c.name, used.has(c.name) ? " (exchanged)" : "")));
}

export function factWords(fact) {
  switch (fact.fact) {
    case "celebrity_taken": return `${fact.seat} takes ${fact.celebrity} from the ${fact.colour} lounge space (${fact.vp} VP)`;
    case "celebrity_revealed": return `${fact.name} comes to the ${fact.colour} lounge space`;
    case "celebrity_aged": return `${fact.celebrity} stays in the lounge, now ${fact.vp} VP`;
    case "celebrity_left": return `${fact.celebrity} leaves the lounge`;
    case "celebrities_discarded": return `Discarded: ${fact.celebrities.join(", ")}`;
    case "celebrities_reshuffled": return `The discard pile (${fact.celebrities}) is shuffled into a new stack`;
    case "lounge_laid_out": return `Lounge: ${fact.lounge.map((s) => `${s.name} (${s.colour})`).join(", ")}`;
    case "dustbin_die": return `${fact.seat} puts the ${fact.colour} die on the dustbin`;
    default: return undefined;
  }
}

export function moveTitle(type, seat) {
  if (type === "exchange") return `${seat}: exchange up to 4 kitchen items (the Exchange celebrity)`;
  if (type === "choose_dustbin") return `${seat}: which coloured die goes to the dustbin`;
  return null;
}

// The table's draws by tapping a name: the tiles the stack (or, once it is
// empty, the discard pile) holds; the lounge's three left to right.
export function fieldWidget(path, field, ctx, onchange) {
  const names = ctx.state && ctx.state.celebrity_drawable;
  if (!Array.isArray(names)) return null;
  if (ctx.moveType === "reveal_celebrity" && path === "card") {
    return choiceWidget(field, ctx, { values: names, distinct: false }, onchange);
  }
  if (ctx.moveType === "lay_out_lounge" && path === "celebrities") {
    return listWidget(field, ctx, { values: names, distinct: true, show: (name) => name }, onchange);
  }
  return null;
}

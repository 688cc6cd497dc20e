// Grand Austria Hotel, module 2 (Celebrities): the lounge beside the action
// board (each space's die colour, its celebrity with the effect in words, the
// VP it brings: the chit's, else the printed 1), where the coloured dice lie
// on the action board, who holds which celebrity this round, and the facts
// of the module in words. A legal take of a coloured die is tapped on the
// lounge space of its colour (its price: 1 krone per other die on the space).
import { h } from "../dom.js";
import { choiceWidget, listWidget } from "../forms.js";
import { t } from "../i18n.js";

const PIP = { red: "R", blue: "B", yellow: "Y" };

// The coloured dice on one action space, as small pips after its count.
export function colouredDice(state, space) {
  const dice = ((state.action_space_dice || {})[space] || []).filter((c) => c !== "white");
  return dice.length ? h("span.pips", dice.map((c) => h("span.pip", { class: `p-${c}`, title: t("{colour} die", { colour: t(c) }) }, PIP[c] || c[0]))) : null;
}

function where(state, colour) {
  const space = Object.entries(state.action_space_dice || {}).find(([, dice]) => dice.includes(colour));
  return space ? space[0] : null;
}

// The lounge; ``tap`` makes a move (a refusal is shown by the caller's tapper).
export function lounge(state, ctx, tap) {
  if (!Array.isArray(state.lounge) || !state.lounge.length) return null;
  const takes = ((ctx && ctx.moves) || []).filter((m) => m.type === "take_die" && m.colour);
  return h("div.lounge", { "aria-label": t("lounge") },
    state.lounge.map((space) => {
      const at = where(state, space.colour);
      const mine = takes.filter((m) => m.colour === space.colour);
      const price = at ? state.action_spaces[at] - 1 : 0;
      const c = space.celebrity;
      return h("div.lounge-space", { class: `c-${space.colour}`, dataset: { colour: space.colour, celebrity: c ? c.name : "" } },
        h("div.lounge-head", h("span.pip", { class: `p-${space.colour}` }, PIP[space.colour] || space.colour[0]),
          h("b", c ? c.name : t("empty")), c ? h("span.chit", { title: space.chit ? t("chit {n}", { n: space.chit }) : t("printed 1 VP") },
            t("{n} VP", { n: space.vp })) : null),
        c ? h("small.effect", c.text) : null,
        h("small.die-at", at ? t("{colour} die on {space} · {price} kr", { colour: t(space.colour), space: at, price })
          : t("{colour} die not on the board", { colour: t(space.colour) })),
        mine.length ? h("div.lounge-moves", mine.map((m) => h("button.lounge-move", {
          type: "button", dataset: { value: m.value, boost: m.boost ? "1" : "" }, onclick: () => tap(m),
          title: t("take the {colour} die from action {value}: pay {price} kr, {celebrity}, strength {strength}", {
            colour: t(m.colour), value: m.value, price: price + (m.boost ? 1 : 0), celebrity: c ? c.name : t("no celebrity"),
            strength: state.action_spaces[m.value] + (m.boost ? 1 : 0) }),
        }, m.boost ? t("take {value}+", { value: m.value }) : t("take {value}", { value: m.value })))) : null);
    }),
    h("small.hint.lounge-stack", t("stack {stack} · discard {discard}", { stack: state.celebrity_stack, discard: state.celebrity_discard.length })));
}

// A player's celebrities this round.
export function heldCelebrities(state, seat) {
  const held = (state.celebrities || {})[seat] || [];
  if (!held.length) return null;
  const used = new Set(state.exchange_used || []);
  return h("div.line.celebrities", h("small", t("Celebrities")), " ",
    held.map((c) => h("span.chip.celebrity", { title: c.text, class: used.has(c.name) ? "used" : "" },
      c.name, used.has(c.name) ? [" ", t("(exchanged)")] : "")));
}

export function factWords(fact) {
  switch (fact.fact) {
    case "celebrity_taken": return t("{seat} takes {celebrity} from the {colour} lounge space ({vp} VP)", { ...fact, colour: t(fact.colour) });
    case "celebrity_revealed": return t("{name} comes to the {colour} lounge space", { ...fact, colour: t(fact.colour) });
    case "celebrity_aged": return t("{celebrity} stays in the lounge, now {vp} VP", fact);
    case "celebrity_left": return t("{celebrity} leaves the lounge", fact);
    case "celebrities_discarded": return t("Discarded: {celebrities}", { celebrities: fact.celebrities.join(", ") });
    case "celebrities_reshuffled": return t("The discard pile ({n}) is shuffled into a new stack", { n: fact.celebrities });
    case "lounge_laid_out": return t("Lounge: {spaces}", { spaces: fact.lounge.map((s) => `${s.name} (${t(s.colour)})`).join(", ") });
    case "dustbin_die": return t("{seat} puts the {colour} die on the dustbin", { ...fact, colour: t(fact.colour) });
    default: return undefined;
  }
}

export function moveTitle(type, seat) {
  if (type === "exchange") return t("{seat}: exchange up to 4 kitchen items (the Exchange celebrity)", { seat });
  if (type === "choose_dustbin") return t("{seat}: which coloured die goes to the dustbin", { seat });
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

// Move entry built from a game's vocabulary (GET /api/game-types): forms for
// chance steps and moves the engine cannot list, and a chooser that offers
// exactly the moves from GET /api/games/<id>/legal-moves.
import { h, clear, words, flatText } from "./dom.js";
import { choicesOf, boardSpaces, dieFace } from "./values.js";
import { t } from "./i18n.js";

// -- how a value looks -----------------------------------------------------------
export function showValue(value, field, ctx) {
  const own = ctx.adapter.renderValue && ctx.adapter.renderValue(value, field || {}, ctx);
  if (own) return own;
  if (value === null || value === undefined) return h("span.value", t("unseen"));
  // A card known by its number whose printed content the state shows (a staff card in a hand): its name.
  const card = typeof value === "number" && field && field.holds === "card"
    && (cardByNumber(ctx.state, value) || (ctx.catalog && ctx.catalog.get(value)));
  if (card) {
    return h("span.value.named-card", { title: `no. ${value}` }, h("b", card.name), card.text && h("small", card.text));
  }
  if (typeof value === "boolean") return h("span.value", value ? t("yes") : t("no"));
  // A die face is a picture: named in words for a screen reader ("die 3").
  if (typeof value === "number" && field && field.holds === "die") {
    return h("span.die", { role: "img", "aria-label": t("die {value}", { value }) }, dieFace(value));
  }
  const die = typeof value === "string" && field && field.holds === "die" && value.match(/^([A-Z]?)([1-6])$/);
  if (die) {
    return h("span.die", { class: die[1] ? `die-${die[1]}` : "", title: value, role: "img", "aria-label": t("die {value}", { value }) },
      die[1] && h("small", die[1]), dieFace(Number(die[2])));
  }
  if (Array.isArray(value) && field && field.items) {
    return h("span.value", value.flatMap((v, i) => [i ? ", " : "", showValue(v, field.items, ctx)]));
  }
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== "object")) {
    return h("span.value", value.map(flatText).join(" + "));
  }
  return h("span.value", flatText(value));
}

// Every object in the state with a number and a name, by number (once per state).
const cardIndex = new WeakMap();

function cardByNumber(state, number) {
  return cardsInState(state).get(number) || null;
}

function cardsInState(state) {
  if (!state || typeof state !== "object") return new Map();
  if (!cardIndex.has(state)) {
    const index = new Map();
    const walk = (value, depth) => {
      if (!value || typeof value !== "object" || depth > 6) return;
      if (!Array.isArray(value) && typeof value.number === "number" && typeof value.name === "string") index.set(value.number, value);
      for (const child of Object.values(value)) walk(child, depth + 1);
    };
    walk(state, 0);
    cardIndex.set(state, index);
  }
  return cardIndex.get(state);
}

// -- widgets: {el, value(), exclude?(values)} ----------------------------------------
// Choices may bring their own look (show(value): a character card, an Emperor tile).
function chips(values, field, ctx, { multiple, onpick, columns, show = (value) => showValue(value, field, ctx), search }) {
  const grid = h("div.chips", { class: columns ? "grid" : "" });
  if (columns) grid.style.setProperty("--columns", columns);
  const buttons = new Map();
  for (const value of values) {
    const button = h("button.chip", { type: "button", dataset: { value: String(value) }, onclick: () => onpick(value) },
      show(value));
    buttons.set(value, button);
    grid.append(button);
  }
  // Many cards: a search box finds them by name or by what they show.
  const finder = search && h("input.find", { type: "search", placeholder: t("find by name…"), "aria-label": t("find a card by name"),
    oninput: (event) => {
      const wanted = plain(event.target.value);
      for (const [value, button] of buttons) button.hidden = !plain(search(value)).includes(wanted);
    } });
  return {
    el: finder ? h("div.picker", finder, grid) : grid,
    mark(chosen, disabled = new Set()) {
      for (const [value, button] of buttons) {
        button.classList.toggle("chosen", multiple ? chosen.includes(value) : chosen === value);
        button.disabled = disabled.has(value) && !(multiple ? chosen.includes(value) : chosen === value);
      }
    },
  };
}

// Text to search in: no case, no accents ("cafe" finds Café).
function plain(text) {
  return String(text).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

// The cards of a deck (the field says which: GET /api/games/<id>/catalog)
// are picked by name and what they show, and a card already in play
// (anywhere in the state) is not offered.
function fromCatalog(choices, ctx) {
  const cards = ctx.catalog;
  if (!choices.deck || !cards) return choices;
  const inPlay = cardsInState(ctx.state);
  return { ...choices, columns: null, values: choices.values.filter((v) => !inPlay.has(v)),
    show: (v) => catalogCard(cards.get(v)), search: (v) => `${cards.get(v).name} ${cardWords(cards.get(v))}` };
}

function cardWords(card) {
  if (card.deck === "guest") {
    const order = Object.entries(card.order || {}).map(([item, n]) => (n > 1 ? `${n} ${item}` : item)).join(" + ");
    return `${card.colour} · ${order} · ${card.vp} VP · ${card.reward_words ? card.reward_words.join(", ") : flatText(card.reward)}`;
  }
  if (card.deck === "staff") return `${card.cost} K · ${card.words || card.text}`;
  return card.text || "";
}

function catalogCard(card) {
  return h("span.value.catalog-card", { class: card.colour ? `c-${card.colour}` : "", title: `no. ${card.number}` },
    h("b", card.name), h("small", cardWords(card)));
}

// A game's view composes these with choices of its own: {values, distinct, columns?, show?, search?}.
export function choiceWidget(field, ctx, choices, onchange) {
  let chosen = null;
  let excluded = new Set();
  const grid = chips(choices.values, field, ctx, {
    columns: choices.columns,
    show: choices.show,
    search: choices.search,
    onpick: (value) => { chosen = chosen === value ? null : value; grid.mark(chosen, excluded); onchange(); },
  });
  grid.mark(chosen);
  return {
    el: grid.el,
    value: () => chosen,
    picked: () => (chosen === null ? [] : [chosen]),
    distinct: choices.distinct,
    exclude(values) { excluded = values; grid.mark(chosen, excluded); },
    choose(value) { chosen = value; grid.mark(chosen, excluded); },
  };
}

// unseen: a list left empty stands for one nobody saw (a hand in a dict of hands).
export function listWidget(field, ctx, choices, onchange, { unseen = false } = {}) {
  const chosen = [];
  let excluded = new Set();
  const max = field.max_length;
  const look = choices.show || ((value) => showValue(value, field.items, ctx));
  const sequence = h("div.sequence");
  const count = h("span.count");
  const grid = chips(choices.values, field.items, ctx, {
    multiple: true,
    columns: choices.columns,
    show: look,
    search: choices.search,
    onpick: (value) => {
      const at = chosen.indexOf(value);
      if (choices.distinct && at >= 0) chosen.splice(at, 1);
      else if (max === undefined || chosen.length < max) chosen.push(value);
      render();
      onchange();
    },
  });
  function render() {
    clear(sequence, chosen.map((value, i) => h("button.chip.small", {
      type: "button", title: "take back", onclick: () => { chosen.splice(i, 1); render(); onchange(); },
    }, look(value))));
    count.textContent = !chosen.length && unseen ? t("none tapped: unseen")
      : max ? t("{n} of {max} chosen", { n: chosen.length, max }) : t("{n} chosen", { n: chosen.length });
    grid.mark(choices.distinct ? chosen : [], excluded);
  }
  render();
  return {
    el: h("div.list", h("div.sequence-line", count, sequence), grid.el),
    value: () => [...chosen],
    picked: () => chosen,
    distinct: choices.distinct,
    exclude(values) { excluded = values; render(); },
  };
}

// A list of composite items (cards with printed content, orders...): one
// entry form per item, added and removed by hand.
export function itemsWidget(name, field, ctx, onchange, addLabel = t("add one")) {
  const items = [];
  const rows = h("div.items");
  const add = h("button.small", { type: "button", onclick: () => {
    const item = widget(`${name}.${items.length}`, field.items, ctx, onchange);
    const row = h("div.entry", h("div.entry-head", `#${items.length + 1}`, h("button.small", { type: "button", onclick: () => {
      items.splice(items.indexOf(item), 1); row.remove(); onchange(); } }, t("remove"))), item.el);
    items.push(item);
    rows.append(row);
    onchange();
  } }, addLabel);
  return { el: h("div", rows, add), value: () => items.map((item) => item.value()) };
}

function spaceWidget(field, ctx, spaces, onchange) {
  let chosen = null;
  const holder = h("div.board-pick");
  function render() {
    if (ctx.adapter.board) {
      clear(holder, ctx.adapter.board(ctx.state, ctx, {
        selectable: new Set(spaces), selected: chosen,
        onpick: (space) => { chosen = chosen === space ? null : space; render(); onchange(); },
      }));
    } else {
      const select = h("select", { onchange: () => { chosen = select.value || null; onchange(); } },
        h("option", { value: "" }, "choose a space"), spaces.map((s) => h("option", { value: s, selected: s === chosen }, s)));
      clear(holder, select);
    }
  }
  render();
  return { el: holder, value: () => chosen, picked: () => (chosen ? [chosen] : []) };
}

function textWidget(field, onchange) {
  const input = h("input", { type: field.type === "integer" ? "number" : "text", oninput: onchange,
    placeholder: field.description ? t(field.description) : "" });
  return {
    el: input,
    value: () => {
      if (input.value === "") return null;
      if (field.type === "integer") return Number(input.value);
      if (field.type === "string") return input.value;
      // A field of the game's own kind ("a card: number or printed content"): JSON where it parses.
      try {
        return JSON.parse(input.value);
      } catch {
        return input.value;
      }
    },
  };
}

function booleanWidget(onchange) {
  let chosen = false;
  const button = h("button.chip.toggle", { type: "button", onclick: () => { chosen = !chosen; render(); onchange(); } });
  function render() { button.textContent = chosen ? t("yes") : t("no"); button.classList.toggle("chosen", chosen); }
  render();
  return { el: button, value: () => chosen };
}

// The keys of a dict field when they are known: the allowed ones, or the
// seats/players when the description says "seat -> ..." / "player -> ...".
function dictKeys(field, ctx) {
  if (field.keys && field.keys.one_of) return field.keys.one_of;
  const description = (field.description || "").toLowerCase();
  if (/^seats?\b/.test(description)) return ctx.seats;
  if (/^players?\b/.test(description)) return ctx.players;
  return null;
}

function dictWidget(name, field, ctx, onchange) {
  if (!field.values) return textWidget(field, onchange);     // an untyped object: written as JSON
  const keys = dictKeys(field, ctx);
  const entries = [];
  const rows = h("div.dict");
  // Cards and guests exist once each: what one entry took is greyed out in the others.
  function refresh() {
    const owners = new Map();
    for (const entry of entries) {
      if (!entry.widget.distinct) continue;
      for (const value of entry.widget.picked()) owners.set(value, entry);
    }
    for (const entry of entries) {
      if (!entry.widget.exclude) continue;
      entry.widget.exclude(new Set([...owners].filter(([, owner]) => owner !== entry).map(([value]) => value)));
    }
    onchange();
  }
  function addRow(key, keyWidget) {
    const entry = { key, keyWidget };
    entry.widget = widget(`${name}.${key}`, field.values, { ...ctx, unseenWhenEmpty: true }, refresh);
    const label = keyWidget ? keyWidget.el : h("span.key", key);
    const remove = keyWidget && h("button.small", { type: "button", onclick: () => {
      entries.splice(entries.indexOf(entry), 1); row.remove(); refresh(); } }, t("remove"));
    const row = h("div.entry", { dataset: { key: key ?? "" } }, h("div.entry-head", label, remove), entry.widget.el);
    entries.push(entry);
    rows.append(row);
  }
  if (keys) keys.forEach((key) => addRow(key));
  const add = !keys && h("button", { type: "button", onclick: () => {
    addRow(null, widget(`${name}.key`, field.keys || { type: "string" }, ctx, refresh));
  } }, t("add an entry"));
  refresh();
  return {
    el: h("div", rows, add),
    value: () => {
      const out = {};
      for (const entry of entries) {
        const key = entry.keyWidget ? entry.keyWidget.value() : entry.key;
        const value = entry.widget.value();
        // A row left empty is left out, unless empty (null) is a value of its own ("unseen");
        // a list with nothing tapped is left out too (a hand the scorekeeper did not see).
        const empty = value === null || (Array.isArray(value) && !value.length);
        if (key !== null && key !== "" && (!empty || (value === null && field.values.nullable))) out[key] = value;
      }
      return out;
    },
  };
}

function nestedWidget(name, field, ctx, onchange) {
  const form = fieldsForm(name, field.fields, ctx, onchange);
  return { el: h("fieldset", form.el), value: form.value };
}

// A nullable value starts as "unseen" (null); one tap opens its entry.
function nullableWidget(inner, onchange) {
  let isNull = true;
  const toggle = h("button.chip.toggle", { type: "button", onclick: () => { isNull = !isNull; render(); onchange(); } });
  const body = h("div.nullable-body", inner.el);
  function render() {
    toggle.textContent = isNull ? t("unseen · tap to enter") : t("set as unseen");
    toggle.classList.toggle("chosen", isNull);
    body.hidden = isNull;
  }
  render();
  return {
    el: h("div.nullable", toggle, body),
    value: () => (isNull ? null : inner.value()),
    picked: () => (isNull ? [] : inner.picked ? inner.picked() : []),
    distinct: inner.distinct,
    exclude: inner.exclude && ((values) => inner.exclude(values)),
  };
}

// A game's view may offer its own entry for a field (fieldWidget(path, field,
// ctx, onchange) -> a widget, or nothing for the generic one): a deck or a
// stack of tiles the state lists.
export function widget(name, field, ctx, onchange) {
  const own = ctx.adapter && ctx.adapter.fieldWidget && ctx.adapter.fieldWidget(name, field, ctx, onchange);
  if (own) return own;
  const inner = plainWidget(name, field, ctx, onchange);
  return field.nullable ? nullableWidget(inner, onchange) : inner;
}

function plainWidget(name, field, ctx, onchange) {
  const leaf = name.split(".").pop();
  if (field.type === "boolean") return booleanWidget(onchange);
  if (field.type === "dict") return dictWidget(name, field, ctx, onchange);
  if (field.type === "nested" && field.fields) return nestedWidget(name, field, ctx, onchange);
  if (field.type === "list" && field.items) {
    const listed = choicesOf(field.items, ctx.catalog);
    const choices = listed && fromCatalog(listed, ctx);
    return choices ? listWidget(field, ctx, choices, onchange, { unseen: Boolean(ctx.unseenWhenEmpty) })
      : itemsWidget(name, field, ctx, onchange);
  }
  if (leaf === "seat" && field.type === "string" && ctx.ownSeat) {
    return { el: h("span.value.own-seat", ctx.ownSeat), value: () => ctx.ownSeat };
  }
  if (leaf === "seat" && field.type === "string") {
    const seat = choiceWidget(field, ctx, { values: ctx.actingSeats, distinct: false }, onchange);
    if (ctx.turn && ctx.actingSeats.includes(ctx.turn)) seat.choose(ctx.turn);
    return seat;
  }
  // Any other field naming a player ("start_player", "the player whose ..."): the players to tap.
  if (field.type === "string" && !field.pattern && !field.one_of && ctx.seats && ctx.seats.length
      && (/(^|_)player$|_of$/.test(leaf) || /^(the )?player\b/i.test(field.description || ""))) {
    return choiceWidget(field, ctx, { values: ctx.seats, distinct: false }, onchange);
  }
  const spaces = field.type === "string" && boardSpaces(ctx.state, field);
  if (spaces) return spaceWidget(field, ctx, spaces, onchange);
  const choices = choicesOf(field, ctx.catalog);
  if (choices) return choiceWidget(field, ctx, fromCatalog(choices, ctx), onchange);
  return textWidget(field, onchange);
}

// Optional fields stay out of the move until added.
function optionalWidget(name, field, ctx, onchange) {
  let used = false;
  let inner = null;
  const body = h("div");
  const toggle = h("button.small", { type: "button", onclick: () => {
    used = !used;
    // Added means given: leaving it out already stands for "none".
    if (used && !inner) { inner = widget(name, { ...field, nullable: false }, ctx, onchange); body.append(inner.el); }
    body.hidden = !used;
    const what = words(name.split(".").pop());
    toggle.textContent = used ? t("leave out {what}", { what }) : t("add {what}", { what });
    onchange();
  } }, `add ${words(name.split(".").pop())}`);
  return { el: h("div.optional", toggle, body), value: () => (used ? inner.value() : undefined) };
}

export function fieldsForm(prefix, fields, ctx, onchange) {
  const parts = [];
  const el = h("div.fields");
  for (const [name, field] of Object.entries(fields)) {
    if (name === "type") continue;
    const path = prefix ? `${prefix}.${name}` : name;
    // A yes/no needs no "add": no is its default.
    const w = field.required || field.type === "boolean"
      ? widget(path, field, ctx, onchange) : optionalWidget(path, field, ctx, onchange);
    parts.push([name, w]);
    // A game's view may say it in the table's words rather than the API's.
    const own = ctx.adapter && ctx.adapter.describe ? ctx.adapter.describe(ctx.moveType, path, field.description, ctx) : undefined;
    const text = own === undefined ? field.description && t(field.description) : own;
    el.append(h("div.field", { dataset: { field: name } },
      h("label", t(words(name)), text && h("small", " — ", text)), w.el));
  }
  return {
    el,
    value() {
      const out = {};
      for (const [name, w] of parts) {
        const value = w.value();
        if (value !== undefined) out[name] = value;
      }
      return out;
    },
  };
}

// A form for one move type; submit(move) resolves, or rejects with the rule's
// message, which is shown beside the button while everything entered stays.
export function moveForm(type, description, ctx, submit) {
  const form = fieldsForm("", description.fields, { ...ctx, moveType: type }, () => {});
  const own = ctx.adapter.describe ? ctx.adapter.describe(type, null, description.description, ctx) : undefined;
  const hint = own === undefined ? description.description && t(description.description) : own;
  const problem = h("p.problem", { role: "alert", hidden: true });
  const button = h("button.primary", { type: "submit" }, t("record {move}", { move: (ctx.adapter.moveName && ctx.adapter.moveName(type)) || t(words(type)) }));
  const el = h("form.move-form", { dataset: { move: type }, onsubmit: async (event) => {
    event.preventDefault();
    button.disabled = true;
    problem.hidden = true;
    try {
      await submit({ type, ...form.value() });
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    } finally {
      button.disabled = false;
    }
  } },
  h("h3", ctx.adapter.moveTitle ? ctx.adapter.moveTitle(type, null) : words(type)),
  hint && h("p.hint", hint),
  form.el, h("div.submit", button, problem));
  return el;
}

// -- choosing among listed legal moves ------------------------------------------
export function chooser(moves, vocabulary, ctx, submit) {
  const groups = new Map();
  for (const move of moves) {
    const key = `${move.type}|${move.seat ?? ""}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(move);
  }
  return h("div.chooser", [...groups.values()].map((group) => moveGroup(group, vocabulary, ctx, submit)));
}

function moveGroup(group, vocabulary, ctx, submit) {
  const { type, seat } = group[0];
  const fields = (vocabulary[type] && vocabulary[type].fields) || {};
  const order = [...new Set([...Object.keys(fields), ...group.flatMap(Object.keys)])]
    .filter((name) => name !== "type" && name !== "seat");
  const picks = new Map();
  const body = h("div.group-body");
  const problem = h("p.problem", { role: "alert", hidden: true });
  const title = ctx.adapter.moveTitle ? ctx.adapter.moveTitle(type, seat) : `${seat ? seat + ": " : ""}${words(type)}`;
  const el = h("section.move-group", { dataset: { move: type, seat: seat ?? "" } }, h("h3", title), body, problem);

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const remaining = () => group.filter((m) => [...picks].every(([name, value]) => same(m[name], value)));
  const varying = (list) => order.filter((name) => new Set(list.map((m) => JSON.stringify(m[name]))).size > 1);

  async function send(move) {
    problem.hidden = true;
    el.classList.add("busy");
    try {
      await submit(move);
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    } finally {
      el.classList.remove("busy");
    }
  }

  // What every move of the group shares (the card a player drew) is said, not asked.
  const shared = group.length > 1 ? order.filter((name) => name in group[0] && !varying(group).includes(name)) : [];
  const given = shared.length ? h("p.given", shared.map((name) => h("span.chip.small", { dataset: { field: name } },
    words(name), " ", showValue(group[0][name], fields[name], ctx)))) : null;

  function render() {
    const left = remaining();
    const open = varying(left);
    const picked = [...picks].map(([name, value]) => h("button.chip.small.chosen", {
      type: "button", title: t("change"), onclick: () => { picks.delete(name); render(); } },
    words(name), " ", showValue(value, fields[name], ctx)));
    if (!open.length) {
      if (ctx.boardInput) ctx.boardInput(el, false);
      const move = left[0];
      const shown = order.filter((name) => name in move && !picks.has(name));
      const label = (ctx.adapter.moveLabel && ctx.adapter.moveLabel(move))
        || (shown.length ? shown.map((name) => showValue(move[name], fields[name], ctx)) : t("record"));
      clear(body, picked, h("div.chips", h("button.chip.single", { type: "button", onclick: () => send(move) }, label)));
      return;
    }
    const name = open[0];
    const field = fields[name] || {};
    const values = [];
    for (const move of left) if (!values.some((v) => same(v, move[name]))) values.push(move[name]);
    const pick = async (value) => {
      picks.set(name, value);
      const after = remaining();
      if (!varying(after).length && after.length === 1) {
        await send(after[0]);
        picks.delete(name);
      }
      render();
    };
    const onBoard = ctx.adapter.board && ctx.adapter.onBoard
      && values.every((v) => ctx.adapter.onBoard(v, field, ctx.state, seat));
    const option = (value) => h("button.chip", {
      type: "button", dataset: { field: name, value: String(value) }, onclick: () => pick(value) },
    showValue(value, field, ctx));
    // A greyed card says why when tapped: the engine's own check of that move (a dry run).
    const explain = ctx.check && (async (value) => {
      const move = { type, ...(seat ? { seat } : {}), ...Object.fromEntries(picks), [name]: value };
      try {
        const answer = await ctx.check(move);
        problem.textContent = answer.legal ? t("That move is allowed now.") : answer.message;
      } catch (error) {
        problem.textContent = error.message;
      }
      problem.hidden = false;
    });
    if (ctx.boardInput) ctx.boardInput(el, Boolean(onBoard));
    // The board is the input where it shows every choice (Vienna's street): no list of the same beside it.
    clear(body, picked, given, h("p.step", words(name)),
      onBoard ? ctx.adapter.board(ctx.state, ctx, { selectable: new Set(values), onpick: pick, seat })
        : pickSome(values, field, ctx, pick) || cardGrid(field, values, ctx, option, explain) || h("div.chips", values.map(option)));
  }
  render();
  return el;
}

// Choosing k of n (keep 6 of your 10 staff cards): the legal moves differ in
// a set of things, so the page offers the things, each once, and the k-th
// tap records the move whose set it is, never a chip per combination. Lists
// whose order matters (two moves with the same things in another order) or
// whose length varies are left to the plain chips.
function pickSome(lists, field, ctx, pick) {
  if (lists.length < 2 || !lists.every(Array.isArray)) return null;
  // k things, the same k in every move (lists of other lengths keep their chips: one tap each).
  const k = lists[0].length;
  if (k < 2 || lists.some((list) => list.length !== k)) return null;
  const asSet = (list) => JSON.stringify(list.map((v) => JSON.stringify(v)).sort());
  const bySet = new Map(lists.map((list) => [asSet(list), list]));
  if (bySet.size < lists.length) return null;
  const things = [];
  for (const list of lists) for (const value of list) if (!things.some((v) => JSON.stringify(v) === JSON.stringify(value))) things.push(value);
  const chosen = [];
  const count = h("span.count");
  // A thing no legal set holds beside those chosen is not offered.
  const fits = (indices) => {
    const wanted = indices.map((i) => JSON.stringify(things[i]));
    return lists.some((list) => {
      const left = list.map((v) => JSON.stringify(v));
      return wanted.every((w) => { const at = left.indexOf(w); if (at < 0) return false; left.splice(at, 1); return true; });
    });
  };
  const grid = chips(things.map((_, i) => i), field.items, ctx, {
    multiple: true,
    show: (i) => showValue(things[i], field.items, ctx),
    onpick: (i) => {
      const at = chosen.indexOf(i);
      if (at >= 0) chosen.splice(at, 1);
      else chosen.push(i);
      render();
      const move = bySet.get(asSet(chosen.map((j) => things[j])));
      if (move && chosen.length === k) pick(move);
    },
  });
  function render() {
    count.textContent = t("{n} of {max} chosen", { n: chosen.length, max: k });
    grid.mark(chosen, new Set(things.map((_, i) => i).filter((i) => !chosen.includes(i) && !fits([...chosen, i]))));
  }
  render();
  grid.el.classList.add("pick-some");
  return [h("div.sequence-line", count), grid.el];
}

// Many cards to choose from (a hand the scorekeeper did not see): the whole
// deck in rows (one per colour), the cards not allowed now greyed out, so a
// card is found where it always is. Values outside the deck ("face down")
// come first as plain buttons. A player's own page sees the hand it plays
// from: it offers that hand's cards alone, never the deck.
function cardGrid(field, values, ctx, option, explain) {
  if (ctx.ownSeat) return null;
  const choices = choicesOf(field, ctx.catalog);
  if (!choices || !choices.columns || !choices.distinct) return null;
  const inDeck = values.filter((v) => choices.values.includes(v));
  if (inDeck.length <= choices.columns) return null;
  const others = values.filter((v) => !choices.values.includes(v));
  const unavailable = (value) => (explain
    ? h("button.chip.unavailable", { type: "button", dataset: { greyed: String(value) },
      title: t("not allowed now: tap to see why"), onclick: () => explain(value) }, showValue(value, field, ctx))
    : h("span.chip.unavailable", { "aria-hidden": "true" }, showValue(value, field, ctx)));
  const grid = h("div.chips.grid.deck", choices.values.map((value) => (inDeck.includes(value) ? option(value)
    : unavailable(value))));
  grid.style.setProperty("--columns", choices.columns);
  return [others.length ? h("div.chips", others.map(option)) : null, grid];
}

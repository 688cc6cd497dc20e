// What a vocabulary field allows, read from its description in
// GET /api/game-types: enumerable patterns, ranges, spaces and seats.

const MAX_CHOICES = 120;

// Every string a simple pattern such as ^[RYGB][1-9]$ matches, in order, or
// null when the pattern is not a short sequence of literals and classes.
export function enumerate(pattern) {
  if (!pattern) return null;
  let body = pattern.replace(/^\^/, "").replace(/\$$/, "");
  const group = body.match(/^\(\?:([^()]*)\)$/);
  if (group) body = group[1];
  if (body.includes("|")) {
    const all = body.split("|").map(sequence);
    if (all.some((values) => !values)) return null;
    const values = all.flat();
    return values.length <= MAX_CHOICES ? values : null;
  }
  return sequence(body);
}

function sequence(body) {
  const parts = [];
  let i = 0;
  while (i < body.length) {
    let options;
    if (body[i] === "[") {
      const end = body.indexOf("]", i);
      if (end < 0) return null;
      options = expandClass(body.slice(i + 1, end));
      if (!options) return null;
      i = end + 1;
    } else if (/[A-Za-z0-9_-]/.test(body[i])) {
      options = [body[i]];
      i += 1;
    } else {
      return null;
    }
    if (body[i] === "?") {
      options = ["", ...options];
      i += 1;
    }
    parts.push(options);
  }
  const total = parts.reduce((n, options) => n * options.length, 1);
  if (!parts.length || total > MAX_CHOICES) return null;
  return parts.reduce((prefixes, options) => prefixes.flatMap((p) => options.map((o) => p + o)), [""]);
}

function expandClass(text) {
  if (text.startsWith("^")) return null;
  const out = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i + 1] === "-" && i + 2 < text.length) {
      for (let c = text.charCodeAt(i); c <= text.charCodeAt(i + 2); c++) out.push(String.fromCharCode(c));
      i += 2;
    } else {
      out.push(text[i]);
    }
  }
  return out;
}

// The choices a scalar field offers: {values, distinct} or null for free entry.
// distinct: the values are things of which the box holds one each (cards),
// not kinds that repeat (delicacies, die faces). What a value stands for is
// the field's own word ("holds": a die, a card of a named deck), never guessed
// from its numbers: a card's choices are its deck's cards in the game's
// catalog (number -> card), none without one.
export function choicesOf(field, catalog = null) {
  if (field.one_of) return { values: field.one_of, distinct: false };
  if (field.holds === "card" && field.deck) return deckCards(field.deck, catalog);
  if (field.type === "string") {
    const values = enumerate(field.pattern);
    return values ? { values, distinct: field.holds !== "die", columns: columnsOf(field.pattern) } : null;
  }
  if (field.type === "integer" && field.min !== undefined && field.max !== undefined
      && field.max - field.min < 20) {
    const values = [];
    for (let v = field.min; v <= field.max; v++) values.push(v);
    return { values, distinct: false, dice: field.holds === "die" };
  }
  return null;
}

// The cards of one deck, by number, each once.
function deckCards(deck, catalog) {
  if (!catalog) return null;
  const values = [...catalog.values()].filter((card) => card.deck === deck).map((card) => card.number);
  return values.length ? { values, distinct: true, columns: 8, deck } : null;
}

// A grid of cards reads best with one row per colour: as many columns as the
// last character class has members.
function columnsOf(pattern) {
  const last = pattern.replace(/\$$/, "").match(/\[([^\]]+)\]\??$/);
  return last ? expandClass(last[1]).length : null;
}

// Spaces of the board in the state (any game whose view has "spaces").
export function boardSpaces(state, field) {
  if (!state || !state.spaces || typeof state.spaces !== "object" || Array.isArray(state.spaces)) return null;
  const names = Object.keys(state.spaces);
  if (!field.pattern || !names.length) return null;
  const re = new RegExp(field.pattern);
  return names.every((n) => re.test(n)) ? names : null;
}

const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function dieFace(value) {
  return DIE_FACES[value - 1] || String(value);
}

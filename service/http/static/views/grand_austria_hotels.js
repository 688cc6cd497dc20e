// Grand Austria Hotel, module 3 (Unique Hotels): the hotel entrances laid
// out and their auction (who bids, the current bid, raise or pass, tapped
// here), and on each player the entrance they own with its state: Dove's
// bonus tokens left, The Grand Wray Hotel's tiles (a retreat tapped there),
// Kaufman's pile this round, Ninas Melange's personal objectives (claimed
// there), Corogari's dice this round. Kaufman's fourth café table is the
// café's own.
import { h, words } from "../dom.js";
import { entranceName } from "./grand_austria_words.js";

const AUCTION_MOVES = ["open_auction", "bid", "pass_bid"];

function movesOf(ctx, types) {
  return ((ctx && ctx.moves) || []).filter((m) => types.includes(m.type));
}

// A number of krones to bid, from the lowest legal bid to the highest, and
// the button that makes the legal move with it.
function bidControl(moves, label, amountOf, tap, dataset) {
  const amounts = moves.map(amountOf);
  const input = h("input.bid-amount", { type: "number", min: Math.min(...amounts), max: Math.max(...amounts),
    value: Math.min(...amounts), "aria-label": `${label}: krones` });
  const go = () => {
    const move = moves.find((m) => amountOf(m) === Number(input.value));
    if (move) tap(move);
  };
  return h("span.bid-control", { dataset }, input,
    h("button.bid-move", { type: "button", dataset, onclick: go }, label));
}

export function auctionPanel(state, ctx, { tapper }) {
  const hotels = state.hotel_entrances;
  if (!hotels || (!hotels.offer.length && !hotels.auction)) return null;
  const problem = h("p.problem", { role: "alert", hidden: true });
  const tap = tapper(ctx, problem);
  const auction = hotels.auction;
  const opens = movesOf(ctx, ["open_auction"]);
  const raises = movesOf(ctx, ["bid"]);
  const passing = movesOf(ctx, ["pass_bid"]);
  const whoOpens = state.phase === "entrance_auction" && !auction && state.expected.seats[0];
  return h("div.entrance-auction", { "aria-label": "hotel entrances" },
    h("h3", "Hotel entrances ", h("small", auction ? "auction" : whoOpens ? `${whoOpens} opens the next auction` : "laid out")),
    h("ul.entrances", hotels.offer.map((e) => {
      const mine = opens.filter((m) => m.entrance === e.entrance);
      const up = auction && auction.entrance === e.entrance;
      return h("li.entrance", { class: up ? "up" : "", dataset: { entrance: e.entrance } },
        h("b", e.name),
        up ? h("span.auction-state", ` · bid ${auction.bid} kr by ${auction.leader} · ${auction.to_bid} to raise or pass`,
          auction.passed.length ? ` · passed: ${auction.passed.join(", ")}` : "") : null,
        mine.length ? bidControl(mine, "put up for auction", (m) => m.bid, tap, { action: "open", entrance: e.entrance }) : null,
        up && raises.length ? bidControl(raises, "raise", (m) => m.amount, tap, { action: "raise" }) : null,
        up && passing.length ? h("button.bid-move", { type: "button", dataset: { action: "pass" }, onclick: () => tap(passing[0]) }, "pass") : null);
    })),
    problem);
}

const said = (list) => (list || []).join(", ");

export function entranceLine(state, seat, ctx, { tapper }) {
  const owned = state.hotel_entrances && state.hotel_entrances.owners[seat];
  if (!owned) return null;
  const problem = h("p.problem", { role: "alert", hidden: true });
  const tap = tapper(ctx, problem);
  const mine = (type) => movesOf(ctx, [type]).filter((m) => m.seat === seat);
  const parts = [];
  if (owned.dove_tokens) {
    parts.push(h("span.dove-tokens", owned.dove_tokens.map((t) => h("span.chip", { class: t.used ? "used" : "",
      title: `column: ${said(t.top_words)} · floor: ${said(t.bottom_words)}` },
    `token ${t.token}${t.used ? " (used)" : ""}`))));
  }
  if (owned.tiles) {
    const retreats = mine("grand_wray");
    parts.push(h("span.wray-tiles", owned.tiles.map((t) => {
      const move = retreats.find((m) => m.tile === t.id);
      return h(move ? "button.chip.wray-tile" : "span.chip.wray-tile", { type: move ? "button" : null,
        dataset: { tile: t.id }, title: `−${t.steps} Emperor: ${said(t.reward_words)}`,
        onclick: move ? () => tap(move) : null }, `${t.id} (−${t.steps})`);
    })));
  }
  if (owned.personal_objectives) {
    const claims = mine("claim_personal_objective");
    parts.push(h("span.personal-objectives", owned.personal_objectives.map((o) => {
      const move = claims.find((m) => m.objective === o.number);
      return h(move ? "button.chip.personal" : "span.chip.personal", { type: move ? "button" : null,
        class: o.done ? "used" : "", dataset: { objective: o.number }, title: o.text,
        onclick: move ? () => tap(move) : null }, `${o.number}${o.done ? " ✓" : ""}`);
    })));
  }
  if (owned.pile !== undefined) parts.push(h("small", ` pile this round: ${owned.pile}`));
  if (owned.round_dice) parts.push(h("small", ` dice this round: ${owned.round_dice.map((d) => d ?? "key").join(" + ") || "none"}`));
  return h("div.line.entrance-line", { dataset: { entrance: owned.entrance } },
    h("small", "Entrance "), h("b", owned.name), " ", parts, problem);
}

export function moveTitle(type, seat) {
  if (AUCTION_MOVES.includes(type)) return `${seat}: ${words(type)} — or use the hotel entrances above the board`;
  if (type === "grand_wray") return `${seat}: retreat on the Emperor track for a Grand Wray tile — or tap the tile`;
  if (type === "claim_personal_objective") return `${seat}: complete a personal objective — or tap it`;
  return null;
}

export function factWords(fact) {
  switch (fact.fact) {
    case "auction_opened": return `${fact.seat} puts ${entranceName(fact.entrance)} up for auction at ${fact.bid} krones`;
    case "bid": return `${fact.seat} raises to ${fact.bid} krones`;
    case "bid_passed": return `${fact.seat} passes`;
    case "entrance_gained": return `${fact.seat} gets ${entranceName(fact.entrance)}${fact.krones ? ` for ${fact.krones} krones` : " at no cost"}`;
    case "personal_objective": return `${fact.seat} completes personal objective ${fact.objective}`;
    case "dove_token": return `${fact.seat} claims Dove token ${fact.token} (${fact.side === "top" ? "column" : "floor"} bonus)`;
    case "corogari_bonus": return `${fact.seat}'s dice sum to ${fact.sum}: the Corogari bonus`;
    default: return undefined;
  }
}

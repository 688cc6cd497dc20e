// Grand Austria Hotel, module 3 (Unique Hotels): the hotel entrances laid
// out and their auction (who bids, the current bid, raise or pass, tapped
// here), and on each player the entrance they own with its state: Dove's
// bonus tokens left, The Grand Wray Hotel's tiles (a retreat tapped there),
// Kaufman's pile this round, Ninas Melange's personal objectives (claimed
// there), Corogari's dice this round. Kaufman's fourth café table is the
// café's own.
import { h, words } from "../dom.js";
import { entranceName } from "./grand_austria_words.js";
import { t } from "../i18n.js";

const AUCTION_MOVES = ["open_auction", "bid", "pass_bid"];

function movesOf(ctx, types) {
  return ((ctx && ctx.moves) || []).filter((m) => types.includes(m.type));
}

// A number of krones to bid, from the lowest legal bid to the highest, and
// the button that makes the legal move with it.
function bidControl(moves, label, amountOf, tap, dataset) {
  const amounts = moves.map(amountOf);
  const input = h("input.bid-amount", { type: "number", min: Math.min(...amounts), max: Math.max(...amounts),
    value: Math.min(...amounts), "aria-label": t("{action}: krones", { action: label }) });
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
  return h("div.entrance-auction", { "aria-label": t("hotel entrances") },
    h("h3", t("Hotel entrances"), " ", h("small", auction ? t("auction") : whoOpens ? t("{seat} opens the next auction", { seat: whoOpens })
      : t("laid out"))),
    h("ul.entrances", hotels.offer.map((e) => {
      const mine = opens.filter((m) => m.entrance === e.entrance);
      const up = auction && auction.entrance === e.entrance;
      return h("li.entrance", { class: up ? "up" : "", dataset: { entrance: e.entrance } },
        h("b", e.name),
        up ? h("span.auction-state", " · ", t("bid {bid} kr by {seat}", { bid: auction.bid, seat: auction.leader }), " · ",
          t("{seat} to raise or pass", { seat: auction.to_bid }),
          auction.passed.length ? [" · ", t("passed: {seats}", { seats: auction.passed.join(", ") })] : "") : null,
        mine.length ? bidControl(mine, t("put up for auction"), (m) => m.bid, tap, { action: "open", entrance: e.entrance }) : null,
        up && raises.length ? bidControl(raises, t("raise"), (m) => m.amount, tap, { action: "raise" }) : null,
        up && passing.length ? h("button.bid-move", { type: "button", dataset: { action: "pass" }, onclick: () => tap(passing[0]) }, t("pass")) : null);
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
    parts.push(h("span.dove-tokens", owned.dove_tokens.map((token) => h("span.chip", { class: token.used ? "used" : "",
      title: t("column: {column} · floor: {floor}", { column: said(token.top_words), floor: said(token.bottom_words) }) },
    token.used ? t("token {n} (used)", { n: token.token }) : t("token {n}", { n: token.token })))));
  }
  if (owned.tiles) {
    const retreats = mine("grand_wray");
    parts.push(h("span.wray-tiles", owned.tiles.map((tile) => {
      const move = retreats.find((m) => m.tile === tile.id);
      return h(move ? "button.chip.wray-tile" : "span.chip.wray-tile", { type: move ? "button" : null,
        dataset: { tile: tile.id }, title: t("−{steps} Emperor: {reward}", { steps: tile.steps, reward: said(tile.reward_words) }),
        "aria-label": t("Grand Wray tile {tile}: −{steps} Emperor, {reward}", { tile: tile.id, steps: tile.steps, reward: said(tile.reward_words) }),
        onclick: move ? () => tap(move) : null }, `${tile.id} (−${tile.steps})`);
    })));
  }
  if (owned.personal_objectives) {
    const claims = mine("claim_personal_objective");
    parts.push(h("span.personal-objectives", owned.personal_objectives.map((o) => {
      const move = claims.find((m) => m.objective === o.number);
      return h(move ? "button.chip.personal" : "span.chip.personal", { type: move ? "button" : null,
        class: o.done ? "used" : "", dataset: { objective: o.number }, title: o.text,
        "aria-label": o.done ? t("personal objective {n}, done: {text}", { n: o.number, text: o.text })
          : t("personal objective {n}: {text}", { n: o.number, text: o.text }),
        onclick: move ? () => tap(move) : null }, `${o.number}${o.done ? " ✓" : ""}`);
    })));
  }
  if (owned.pile !== undefined) parts.push(" ", h("small", t("pile this round: {n}", { n: owned.pile })));
  if (owned.round_dice) {
    parts.push(" ", h("small", t("dice this round: {dice}", { dice: owned.round_dice.map((d) => d ?? t("key")).join(" + ") || t("none") })));
  }
  return h("div.line.entrance-line", { dataset: { entrance: owned.entrance } },
    h("small", t("Entrance")), " ", h("b", owned.name), " ", parts, problem);
}

export function moveTitle(type, seat) {
  if (AUCTION_MOVES.includes(type)) return t("{seat}: {move} — or use the hotel entrances above the board", { seat, move: words(type) });
  if (type === "grand_wray") return t("{seat}: retreat on the Emperor track for a Grand Wray tile — or tap the tile", { seat });
  if (type === "claim_personal_objective") return t("{seat}: complete a personal objective — or tap it", { seat });
  return null;
}

export function factWords(fact) {
  switch (fact.fact) {
    case "auction_opened": return t("{seat} puts {entrance} up for auction at {bid} krones", { ...fact, entrance: entranceName(fact.entrance) });
    case "bid": return t("{seat} raises to {bid} krones", fact);
    case "bid_passed": return t("{seat} passes", fact);
    case "entrance_gained": return fact.krones ? t("{seat} gets {entrance} for {krones} krones", { ...fact, entrance: entranceName(fact.entrance) })
      : t("{seat} gets {entrance} at no cost", { ...fact, entrance: entranceName(fact.entrance) });
    case "personal_objective": return t("{seat} completes personal objective {objective}", fact);
    case "dove_token": return fact.side === "top" ? t("{seat} claims Dove token {token} (column bonus)", fact)
      : t("{seat} claims Dove token {token} (floor bonus)", fact);
    case "corogari_bonus": return t("{seat}'s dice sum to {sum}: the Corogari bonus", fact);
    default: return undefined;
  }
}

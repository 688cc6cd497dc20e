// Seat links of a digital game: handed from the start page to the game page
// in memory only (never stored), each shown with a QR code to scan.
import { h } from "./dom.js";
import { api, keepTokens } from "./api.js";

// game id -> {seat: token}: the tokens of a game just started, shown once.
export const handedOut = new Map();

// A game just started or forked: the scorekeeper's token stays in this
// browser, the seats' go to their players once. A one-player digital game is
// played on the phone that started it: that page is the player's own.
export function keepNewGame(created, digital) {
  const seats = created.tokens.seats || {};
  const alone = digital && Object.keys(seats).length === 1;
  keepTokens(created.id, { scorekeeper: created.tokens.scorekeeper, seats: alone ? seats : {},
    ...(alone ? { as: Object.keys(seats)[0] } : {}) });
  if (digital && !alone) handedOut.set(created.id, seats);
  sessionStorage.setItem(`tablelog:new:${created.id}`, "1");
}

export function seatLinkHref(gameId, seat, token) {
  return `${location.origin}${location.pathname}#/game/${gameId}/as/${encodeURIComponent(seat)}/${token}`;
}

// A link and its QR code (drawn by the service, segno): a seat's, a group's invite, a game's share.
export function linkWithCode(href, text, codeLabel, dataset = {}) {
  const code = h("div.qr", { role: "img", "aria-label": codeLabel });
  api.qr(href).then(({ svg }) => {
    const parsed = new DOMParser().parseFromString(svg, "text/html").querySelector("svg");
    if (parsed) code.append(document.importNode(parsed, true));
  }, () => code.append(h("small", "no QR code: send the link")));
  return h("div.link", code, h("a", { href, target: "_blank", dataset }, text));
}

export function seatLink(gameId, seat, token) {
  return linkWithCode(seatLinkHref(gameId, seat, token), `${seat}'s page`, `QR code of ${seat}'s link`, { seat });
}

// A page address with its own route: #/join/<invite>, #/share/<game>/<token>.
export const pageLink = (route) => `${location.origin}${location.pathname}#/${route}`;

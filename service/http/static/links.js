// Seat links of a digital game: handed from the start page to the game page
// in memory only (never stored), each shown with a QR code to scan.
import { h } from "./dom.js";
import { api } from "./api.js";

// game id -> {seat: token}: the tokens of a game just started, shown once.
export const handedOut = new Map();

export function seatLinkHref(gameId, seat, token) {
  return `${location.origin}${location.pathname}#/game/${gameId}/as/${encodeURIComponent(seat)}/${token}`;
}

// The link and its QR code (drawn by the service, segno).
export function seatLink(gameId, seat, token) {
  const href = seatLinkHref(gameId, seat, token);
  const code = h("div.qr", { role: "img", "aria-label": `QR code of ${seat}'s link` });
  api.qr(href).then(({ svg }) => {
    const parsed = new DOMParser().parseFromString(svg, "text/html").querySelector("svg");
    if (parsed) code.append(document.importNode(parsed, true));
  }, () => code.append(h("small", "no QR code: send the link")));
  return h("div.link", code, h("a", { href, target: "_blank", dataset: { seat } }, `${seat}'s page`));
}

import { flatText, words } from "./dom.js";
import { language, t } from "./i18n.js";

// The JSON API, with the scorekeeper's token kept per game in localStorage,
// and this browser's group member token (a phone that joined by an invite).
const PREFIX = "tablelog:tokens:";
const GROUP = "tablelog:group";

// A schema's complaints in words: {"queue": ["Length must be 5."], "objectives": {"0": [...]}}
// -> "queue: length must be 5; objectives #1: not a valid integer".
function fieldProblems(fields, path = []) {
  if (Array.isArray(fields)) {
    const said = fields.map((m) => String(m).replace(/\.$/, "")).map((m) => m.charAt(0).toLowerCase() + m.slice(1));
    const where = path.filter((p) => p !== "json" && p !== "move").join(" ");
    return [`${where ? where + ": " : ""}${said.join(", ")}`];
  }
  if (fields && typeof fields === "object") {
    return Object.entries(fields).flatMap(([key, value]) =>
      fieldProblems(value, [...path, /^\d+$/.test(key) ? `#${Number(key) + 1}` : words(key)]));
  }
  return [flatText(fields)];
}

// A refusal as the API sends it: problem details (RFC 9457), whose detail is in the page's language.
export class ApiError extends Error {
  constructor(status, problem) {
    const error = problem || {};
    const message = error.fields
      ? t("Some entries do not fit — {problems}.", { problems: fieldProblems(error.fields).join("; ") })
      : error.detail || t("The service answered {status}.", { status });
    super(message);
    this.status = status;
    this.code = error.code;
    this.rule = error.rule;
    this.fields = error.fields;
  }
}

export function tokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + gameId)) || null;
  } catch {
    return null;
  }
}

export function keepTokens(gameId, value) {
  localStorage.setItem(PREFIX + gameId, JSON.stringify(value));
}

export function keepGroupToken(token) {
  localStorage.setItem(GROUP, token);
}

// What lets a request in: this browser's group token, and for one game the
// token given, else one this browser keeps for it (the scorekeeper's, a
// share's, its player's), so that a game opens on a server where this
// browser is in no group.
function authHeaders(path, token) {
  const headers = {};
  const group = localStorage.getItem(GROUP);
  if (group) headers["Tablelog-Group"] = group;
  const game = token ? null : path.match(/^\/api\/games\/([^/?]+)/);
  const kept = game ? tokens(game[1]) : null;
  const bearer = token || (kept && (kept.scorekeeper || kept.share || (kept.seats || {})[kept.as]));
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return headers;
}

// An export as a file, fetched with what lets this browser in (a plain link carries no token).
export async function download(path, name) {
  const response = await fetch(path, { headers: authHeaders(path) });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(await response.blob()), download: name });
  link.click();
  URL.revokeObjectURL(link.href);
}

// Whether this browser reads with a token a plain link would not carry.
export const holdsTokens = (gameId) => Boolean(localStorage.getItem(GROUP) || tokens(gameId));

// 128 random bits in hex (crypto.randomUUID needs https, a phone at the table may not have it).
function requestKey() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// once: the request carries an Idempotency-Key, so that a retry is the same request.
async function call(method, path, { body, token, once } = {}) {
  // Refusals come in the page's language (the API's message follows Accept-Language; its code does not change).
  const headers = { Accept: "application/json, application/problem+json", "Accept-Language": language(),
    ...authHeaders(path, token) };
  if (once) headers["Idempotency-Key"] = requestKey();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // No answer at all: say so in words rather than "Failed to fetch".
    throw new ApiError(0, { code: "no_answer", detail: t("The service did not answer: check the connection "
      + "(or that tablelog is running) and try again.") });
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// "?at=3&seat=Alex" from the parameters given (null and undefined left out).
function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== "") q.set(key, value);
  const text = q.toString();
  return text ? `?${text}` : "";
}

// The game's summary unless it is still at the version of the answer tagged
// `tag` (its ETag): null then, answered 304 without a body.
async function summaryIfChanged(id, tag, token) {
  const headers = { Accept: "application/json", "Accept-Language": language(), ...authHeaders(`/api/games/${id}`, token),
    ...(tag ? { "If-None-Match": tag } : {}) };
  const response = await fetch(`/api/games/${id}`, { headers, cache: "no-store" });
  if (response.status === 304) return null;
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  return { summary: await response.json(), tag: response.headers.get("ETag") };
}

export const api = {
  summaryIfChanged,
  gameTypes: () => call("GET", "/api/game-types"),
  catalog: (game) => call("GET", `/api/game-types/${game}/catalog`),
  // The components as one game has them (its modules, its house catalog).
  gameCatalog: (id, token) => call("GET", `/api/games/${id}/catalog`, { token }),
  games: () => call("GET", "/api/games"),
  leaderboards: () => call("GET", "/api/leaderboard"),
  player: (name) => call("GET", `/api/players/${encodeURIComponent(name)}`),
  create: (body) => call("POST", "/api/games", { body }),
  summary: (id, token) => call("GET", `/api/games/${id}`, { token }),
  state: (id, { at, seat, token, since } = {}) =>
    call("GET", `/api/games/${id}/state${query({ at, seat, since })}`, { token }),
  // With `since` (a version the page holds): only what changed after it.
  timeline: (id, since, token) => call("GET", `/api/games/${id}/timeline${query({ since })}`, { token }),
  legalMoves: (id, token) => call("GET", `/api/games/${id}/legal-moves`, { token }),
  log: (id, token, since) => call("GET", `/api/games/${id}/log${query({ since })}`, { token }),
  move: (id, move, token, expected_version) =>
    call("POST", `/api/games/${id}/moves`, { body: { move, expected_version }, token }),
  undo: (id, token, expected_version) => call("POST", `/api/games/${id}/undo`, { body: { expected_version }, token }),
  redo: (id, token, expected_version) => call("POST", `/api/games/${id}/redo`, { body: { expected_version }, token }),
  takeBack: (id, move_index, token, expected_version) =>
    call("POST", `/api/games/${id}/take-back`, { body: { move_index, expected_version }, token, once: true }),
  annotate: (id, move_index, text, token, expected_version) =>
    call("POST", `/api/games/${id}/annotations`, { body: { move_index, text, expected_version }, token, once: true }),
  fork: (id, at, token) => call("POST", `/api/games/${id}/fork${query({ at })}`, { token, once: true }),
  audit: (id) => call("GET", `/api/games/${id}/audit`),
  bgstats: (id) => call("GET", `/api/games/${id}/bgstats`),
  check: (id, move, token) => call("POST", `/api/games/${id}/check`, { body: { move }, token }),
  reissueSeat: (id, seat, token) => call("POST", `/api/games/${id}/seats/${encodeURIComponent(seat)}/link`, { body: {}, token }),
  revokeSeat: (id, seat, token) => call("DELETE", `/api/games/${id}/seats/${encodeURIComponent(seat)}/link`, { body: {}, token }),
  qr: (text) => call("POST", "/api/qr", { body: { text } }),
  group: () => call("GET", "/api/group"),
  invite: () => call("POST", "/api/group/invites"),
  join: (invite) => call("POST", "/api/groups/join", { body: { invite } }),
  share: (id) => call("POST", `/api/games/${id}/shares`),
};

import { flatText } from "./dom.js";

// The JSON API, with the scorekeeper's token kept per game in localStorage.
const PREFIX = "tablelog:tokens:";

export class ApiError extends Error {
  constructor(status, body) {
    const error = (body && body.error) || {};
    const detail = error.fields ? ` ${flatText(error.fields)}` : "";
    super((error.message || `The service answered ${status}.`) + detail);
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

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    // No answer at all: say so in words rather than "Failed to fetch".
    throw new ApiError(0, { error: { code: "no_answer", message: "The service did not answer: check the connection "
      + "(or that tablelog is running) and try again." } });
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  gameTypes: () => call("GET", "/api/game-types"),
  games: () => call("GET", "/api/games"),
  create: (body) => call("POST", "/api/games", { body }),
  summary: (id) => call("GET", `/api/games/${id}`),
  state: (id, { at, seat, token } = {}) => {
    const query = new URLSearchParams();
    if (at !== undefined && at !== null) query.set("at", at);
    if (seat) query.set("seat", seat);
    const q = query.toString();
    return call("GET", `/api/games/${id}/state${q ? "?" + q : ""}`, { token });
  },
  timeline: (id) => call("GET", `/api/games/${id}/timeline`),
  legalMoves: (id, token) => call("GET", `/api/games/${id}/legal-moves`, { token }),
  log: (id, token) => call("GET", `/api/games/${id}/log`, { token }),
  move: (id, move, token, expected_version) =>
    call("POST", `/api/games/${id}/moves`, { body: { move, expected_version }, token }),
  undo: (id, token, expected_version) => call("POST", `/api/games/${id}/undo`, { body: { expected_version }, token }),
  redo: (id, token, expected_version) => call("POST", `/api/games/${id}/redo`, { body: { expected_version }, token }),
};

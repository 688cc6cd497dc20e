// The scorekeeper's page: the list of games, starting a game, and the game
// page (game.js). Routes live in the URL hash: #/, #/new, #/game/<id>.
import { h, clear, listing } from "./dom.js";
import { api, keepGroupToken, keepTokens, tokens } from "./api.js";
import { fieldsForm } from "./forms.js";
import { showGame } from "./game.js";
import { keepNewGame, linkWithCode, pageLink } from "./links.js";
import { LANGUAGES, chooseLanguage, language, nextLanguage, t, useLanguage } from "./i18n.js";

const main = document.getElementById("app");
let gameTypes = null;

async function types() {
  if (!gameTypes) gameTypes = (await api.gameTypes()).games;
  return gameTypes;
}

// Each route is a new page; one that finishes loading after the next route
// began (a game tapped before the list came) draws nothing.
let routed = 0;
const stillShown = (mine) => mine === routed;

function route() {
  routed += 1;
  const mine = routed;
  const [, page, id, as, seat, token] = location.hash.split("/");
  if (page === "join" && id) return join(mine, id);
  if (page === "share" && id && as) {
    // A share link: this browser reads the game with the share's token (as the table sees it).
    keepTokens(id, { ...(tokens(id) || {}), share: as });
    history.replaceState(null, "", `#/game/${id}`);
    return route();
  }
  if (page === "game" && as === "as" && seat && token) {
    // A player's own page in a digital game: keep the seat's token, then drop it from the address.
    // (Not in the scorekeeper's browser: the scorekeeper's page holds no seat's token.)
    const name = decodeURIComponent(seat);
    const kept = tokens(id);
    if (!kept || !kept.scorekeeper) keepTokens(id, { seats: { [name]: token }, as: name });
    history.replaceState(null, "", `#/game/${id}`);
  }
  // A player's own page says whose it is, not "the scorekeeper's page".
  const kept = page === "game" && id ? tokens(id) : null;
  header(kept && kept.as && kept.seats && kept.seats[kept.as] ? kept.as : null);
  if (page === "new") return showNew(mine);
  if (page === "leaderboard") return showLeaderboards(mine);
  if (page === "player" && id) return showPlayer(mine, decodeURIComponent(id));
  if (page === "game" && id) return types().then((all) => stillShown(mine) && showGame(main, id, all, () => stillShown(mine)));
  return showHome(mine);
}

// An invite link (its QR code scanned): this phone joins the group with a member token of its own.
async function join(mine, invite) {
  clear(main, h("p.hint", t("loading…")));
  try {
    keepGroupToken((await api.join(invite)).token);
  } catch (error) {
    if (stillShown(mine)) failed(error);
    return;
  }
  history.replaceState(null, "", "#/");
  return showHome(mine, t("This phone joined the group: its games are listed here."));
}

// The owner's invite for another phone: a link and its QR code, each phone that opens it joins.
async function invitePhone(box) {
  try {
    const invite = await api.invite();
    clear(box, h("p.hint", t("Scan this code on the other phone, or send it the link: it joins this group.")),
      linkWithCode(pageLink(`join/${invite.token}`), t("invite link"), t("QR code of the invite link"), { invite: invite.invite }));
  } catch (error) {
    clear(box, h("p.problem", { role: "alert" }, error.message));
  }
}

function failed(error) {
  clear(main, h("p.problem", { role: "alert" }, error.message), h("a", { href: "#/" }, t("back to the games")));
}

async function showHome(mine, joined = null) {
  clear(main, h("p.hint", t("loading…")));
  let games, all, group;
  try {
    [{ games }, all, group] = await Promise.all([api.games(), types(), api.group()]);
  } catch (error) {
    if (error.status !== 401) throw error;
    // Not in a group (another phone that has not joined): say how to join.
    if (stillShown(mine)) clear(main, h("p.problem", { role: "alert" }, t("This phone is in no group yet: open an "
      + "invite link from a phone of the group (or scan its QR code).")));
    return;
  }
  if (!stillShown(mine)) return;
  const inviteBox = h("div.invite");
  const titles = Object.fromEntries(all.map((g) => [g.id, g.title]));
  const who = (seats) => listing(seats.map((s) => (s === "table" ? t("the table") : s))) || t("nobody");
  const list = [...games].reverse().map((game) => {
    const kept = tokens(game.id);
    const role = kept && kept.as ? t("you play {seat}", { seat: kept.as }) : kept && kept.scorekeeper ? t("you keep score")
      : t("watch only");
    return h("li", { dataset: { game: game.id } },
      h("a.game-link", { href: `#/game/${game.id}` },
        h("strong", titles[game.game] || game.game), " · ", game.players.join(", "),
        h("small", [game.mode === "digital" ? t("digital") : t("at the table"),
          game.moves === 1 ? t("1 move") : t("{n} moves", { n: game.moves }),
          game.finished ? t("won by {winners}", { winners: listing(game.winners) })
            : t("next: {seats}", { seats: who(game.expected.seats) }),
          role, new Date(game.updated_at).toLocaleString()].join(" · "))));
  });
  clear(main,
    h("p.intro", t("Keep the record of a game played at a real table: start a game, then tap in each move as it "
      + "happens. tablelog checks it against the rules, keeps the score, and lets you undo a mistake and replay the game.")),
    joined && h("p.notice", { role: "status" }, joined),
    h("div.chips", h("a.button.primary", { href: "#/new" }, t("Start a game")),
      h("a.button", { href: "#/leaderboard" }, t("Leaderboards")),
      group.owner && h("button.invite-phone", { type: "button", onclick: () => invitePhone(inviteBox) },
        t("Invite a phone"))),
    inviteBox,
    h("h2", t("Games")),
    list.length ? [h("p.hint", t("Tap a game to open it. You record the games started in this browser; the others "
      + "you can watch, or record with their scorekeeper token.")),
    h("ul.games", list)] : h("p.hint", t("No games yet.")));
}

const playerLink = (name) => h("a.player-link", { href: `#/player/${encodeURIComponent(name)}` }, name);
const number = (value) => (value === null || value === undefined ? "—" : Number.isInteger(value) ? String(value) : value.toFixed(1));

// Every game type's leaderboard: most wins first, then the best average score (GET /api/leaderboard).
async function showLeaderboards(mine) {
  clear(main, h("p.hint", t("loading…")));
  const { games } = await api.leaderboards();
  if (!stillShown(mine)) return;
  clear(main, h("a.back", { href: "#/" }, t("← games")), h("h2", t("Leaderboards")),
    games.length ? games.map((board) => h("section.leaderboard", { dataset: { game: board.game } },
      h("h3", board.title),
      h("table.stats", h("thead", h("tr", ["#", t("player"), t("played"), t("won"), t("average"), t("best")].map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", board.players.map((p) => h("tr", h("td", p.rank), h("th", { scope: "row" }, playerLink(p.player)),
          h("td", p.played), h("td", p.won), h("td", number(p.average_score)), h("td", number(p.best_score))))))))
      : h("p.hint", t("No finished games yet.")));
}

// One player's results in every game they played (GET /api/players/<name>).
async function showPlayer(mine, name) {
  clear(main, h("p.hint", t("loading…")));
  const [player, all] = await Promise.all([api.player(name), types()]);
  if (!stillShown(mine)) return;
  const titles = Object.fromEntries(all.map((g) => [g.id, g.title]));
  clear(main, h("a.back", { href: "#/leaderboard" }, t("← leaderboards")), h("h2.player-name", player.name),
    h("table.stats", h("thead", h("tr", [t("game"), t("games"), t("won"), t("average"), t("best"), t("place")].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", player.games.map((g) => h("tr", { dataset: { game: g.game } }, h("th", { scope: "row" }, titles[g.game] || g.game),
        h("td", g.running ? t("{played} (+{running} running)", { played: g.played, running: g.running }) : g.played), h("td", g.won),
        h("td", number(g.average_score)), h("td", number(g.best_score)), h("td", t("{rank} of {ranked}", { rank: g.rank, ranked: g.ranked })))))));
}

async function showNew(mine) {
  const all = await types();
  if (!stillShown(mine)) return;
  let type = all[0];
  let mode = "table";
  let names = [];
  const gameChips = h("div.chips");
  const playersBox = h("div.players");
  const optionsBox = h("div.options");
  const modeChips = h("div.chips");
  const problem = h("p.problem", { role: "alert", hidden: true });
  let options = null;

  function setType(next) {
    type = next;
    const count = Math.min(type.players.max, Math.max(type.players.min, names.length || 4));
    names = Array.from({ length: count }, (_, i) => names[i] || "");
    renderChips();
    renderPlayers();
    renderOptions();
  }
  // Each part is drawn again only when it changes: a tap on the mode keeps the options chosen.
  function renderChips() {
    clear(gameChips, all.map((g) => h("button.chip", { type: "button", class: g === type ? "chosen" : "",
      dataset: { game: g.id }, onclick: () => setType(g) }, g.title)));
    clear(modeChips, [["table", t("at the table: I enter deals and rolls")], ["digital", t("digital: the service deals and rolls")]]
      .map(([value, label]) => h("button.chip", { type: "button", class: value === mode ? "chosen" : "",
        dataset: { mode: value }, onclick: () => { mode = value; renderChips(); } }, label)));
  }
  function renderPlayers() {
    clear(playersBox,
      h("p.hint", t("{min}–{max} players, clockwise in seating order.", { min: type.players.min, max: type.players.max })),
      names.map((name, i) => h("div.player-row",
        h("input", { value: name, placeholder: t("player {n}", { n: i + 1 }), "aria-label": t("player {n}", { n: i + 1 }),
          oninput: (e) => { names[i] = e.target.value; } }),
        i > 0 && h("button.small", { type: "button", title: t("move up"), onclick: () => {
          [names[i - 1], names[i]] = [names[i], names[i - 1]]; renderPlayers(); } }, "↑"),
        names.length > type.players.min && h("button.small", { type: "button", onclick: () => {
          names.splice(i, 1); renderPlayers(); } }, t("remove")))),
      names.length < type.players.max && h("button.small", { type: "button", onclick: () => {
        names.push(""); renderPlayers(); } }, t("add a player")));
  }
  function renderOptions() {
    // Options keyed by player (colours) use the names as typed when the option is opened.
    const typed = () => names.map((n) => n.trim()).filter(Boolean);
    const ctx = { adapter: {}, state: null, get players() { return typed(); }, get seats() { return typed(); },
      get actingSeats() { return typed(); } };
    options = fieldsForm("", type.options.fields, ctx, () => {});
    clear(optionsBox, Object.keys(type.options.fields).length
      ? [h("h3", t("Options")), type.options.description && h("p.hint", t(type.options.description)), options.el]
      : null);
  }
  async function start(event) {
    event.preventDefault();
    problem.hidden = true;
    const players = names.map((n) => n.trim());
    // The plain mistakes in words before asking the service.
    const empty = players.findIndex((n) => !n);
    const twice = players.find((n, i) => n && players.indexOf(n) !== i);
    if (empty >= 0 || twice) {
      problem.textContent = empty >= 0 ? t("Enter a name for player {n}, or remove that row.", { n: empty + 1 })
        : t("Two players are called {name}: each needs a name of their own.", { name: twice });
      problem.hidden = false;
      const input = playersBox.querySelectorAll("input")[empty >= 0 ? empty : players.lastIndexOf(twice)];
      if (input) input.focus();
      return;
    }
    // One tap, one game: the button waits for the answer, and is free again after a refusal.
    startButton.disabled = true;
    try {
      const created = await api.create({ game: type.id, players, mode, options: options.value() });
      keepNewGame(created, mode === "digital");
      location.hash = `#/game/${created.id}`;
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    } finally {
      startButton.disabled = false;
    }
  }
  const startButton = h("button.primary.start", { type: "submit" }, t("Start"));
  setType(type);
  clear(main, h("form.new-game", { onsubmit: start },
    h("h2", t("Start a game")), gameChips,
    h("h3", t("Players")), playersBox, optionsBox,
    h("h3", t("Mode")), modeChips,
    h("div.submit", startButton, problem)));
}

// The header: what this page is (a player's own page says whose), the API,
// and the language switch (the next language, one tap).
function header(seat = null) {
  const top = document.querySelector("header.top");
  const other = nextLanguage(language());
  // The page's one level-one heading: the service's name (each view's own headings are level two).
  clear(top, h("h1.site", h("a", { href: "#/" }, "tablelog")), " ",
    h("small", seat ? t("{seat}'s own page", { seat }) : t("the scorekeeper's page"), " · ", h("a", { href: "/api/docs" }, "API")),
    h("button.language", { type: "button", lang: other, dataset: { language: other },
      onclick: () => { chooseLanguage(other); useLanguage(other).then(route).catch(failed); } },
    LANGUAGES[other]));
}

window.addEventListener("hashchange", () => route().catch(failed));
useLanguage().then(route).catch(failed);

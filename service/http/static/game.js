// One game: its view, move entry, undo/redo, replay with a score chart, the log.
import { h, clear, words, listing, flatText, fit } from "./dom.js";
import { api, tokens, keepTokens, ApiError, download, holdsTokens } from "./api.js";
import { chooser, moveForm } from "./forms.js";
import { scoreChart } from "./chart.js";
import { adapterFor } from "./views/index.js";
import { handedOut, keepNewGame, linkWithCode, pageLink, seatLink } from "./links.js";
import { t } from "./i18n.js";

// How often a page asks whether its game moved on (a 304 while it did not):
// a move shows on the other pages within this, about half of it at the median.
const WATCH_MS = 800;

// A refresh whose reads saw different versions (a move recorded while they
// ran) reads again, this many times at most; then the page keeps what it
// shows and its next look at the summary catches up.
const READ_ROUNDS = 4;

// Who recorded a move: a role in words, a player by name.
const ROLES = { scorekeeper: () => t("scorekeeper"), service: () => t("the service"), table: () => t("the table") };
const recorder = (who) => (ROLES[who] ? ROLES[who]() : who);

// shown(): whether this page is still the one to show (see app.js).
export async function showGame(main, id, gameTypes, shown = () => true) {
  const page = new GamePage(main, id, gameTypes);
  await page.load(shown);
}

class GamePage {
  constructor(main, id, gameTypes) {
    this.main = main;
    this.id = id;
    this.gameTypes = gameTypes;
    this.tokens = tokens(id);
    this.replayAt = null;        // a move number while replaying, else null (live)
    this.scoresAt = new Map();   // effective move number -> scores (stable while it stays effective)
    this.sections = {
      head: h("header.game-head"), notice: h("div"), status: h("div.status", { "aria-live": "polite" }),
      view: h("section.view"), record: h("section.record"), controls: h("div.controls"),
      replay: h("section.replay"), chart: h("section.chart"), log: h("section.log"), tools: h("section.tools"),
    };
  }

  // The scorekeeper's token, or on a player's own page (digital games) that
  // seat's: a link opened on the player's phone, or the phone that started a
  // one-player game (it keeps the scorekeeper's token too, and plays the seat).
  get seat() {
    const kept = this.tokens;
    if (!kept || !kept.as) return null;
    return !kept.scorekeeper || (kept.seats && kept.seats[kept.as]) ? kept.as : null;
  }

  get token() {
    if (!this.tokens) return null;
    return (this.seat && this.tokens.seats && this.tokens.seats[this.seat]) || this.tokens.scorekeeper || null;
  }

  async load(shown) {
    this.summary = await api.summary(this.id, this.token);
    if (!shown()) return;
    this.type = this.gameTypes.find((g) => g.id === this.summary.game);
    this.adapter = await adapterFor(this.summary.game);
    // The game's cards by number, where it has a catalog (picked by name in the forms).
    const catalog = await api.gameCatalog(this.id, this.token).catch(() => null);
    this.catalog = catalog && new Map(catalog.cards.filter((c) => typeof c.number === "number").map((c) => [c.number, c]));
    // And its boards and tiles as the game has them (module 1's ballrooms and rehearsal boards, tapped at the setup).
    this.components = catalog;
    if (!shown()) return;
    clear(this.main, Object.values(this.sections));
    await this.refresh();
    this.watch();
    const refit = () => (this.main.contains(this.sections.head) ? fit(this.main) : window.removeEventListener("resize", refit));
    window.addEventListener("resize", refit);
  }

  // The version this page holds the game at: each refresh asks only for what
  // changed after it (?since=V), so a tap at move 300 costs what one at move 3 does.
  get version() { return this.held === undefined ? this.summary.version : this.held; }

  // answered: the state a write's answer brought (a move's), so that the page does not read it again.
  // Refreshes may run side by side (a look at the game and a tap) and their
  // answers come back in any order: the page draws a refresh's answers only
  // when they are of one version and that version is newer than the one it
  // shows (as new: only when no refresh asked later drew it already).
  async refresh(answered = null) {
    this.busy = (this.busy || 0) + 1;
    this.asked = (this.asked || 0) + 1;
    const ticket = this.asked;
    try {
      const since = this.held;
      const read = await this.readTogether(since, answered);
      if (!read) {
        this.tag = null;     // the next look reads the summary whole, and so refreshes again
        return;
      }
      const { state, log, timeline, legal } = read;
      if (this.held !== undefined && (legal.version < this.held || (legal.version === this.held && ticket < this.drawn))) return;
      this.drawn = ticket;
      const changed = this.takeLog(log);
      this.takeTimeline(timeline);
      if (!state.unchanged) this.live = state;
      this.legal = legal;
      this.held = legal.version;
      this.summary.version = this.held;
      this.effective = [0, ...this.log.entries.filter((e) => !e.undone).map((e) => e.index)];
      if (this.replayAt !== null && !this.effective.includes(this.replayAt)) this.replayAt = null;
      await this.render({ log: since === undefined ? null : changed });
      this.sections.head.dataset.rendered = this.held;
    } finally {
      this.busy -= 1;
    }
  }

  // The state, log, timeline and legal moves of one version. Read side by
  // side, each may see another version (a move recorded meanwhile): then all
  // are read again, so that a form is never drawn from one version's moves
  // beside another's state. Each read carries this page's token (a player's
  // page: the seat's), so that every answer is as this page may see the game.
  async readTogether(since, answered) {
    for (let round = 1; ; round += 1) {
      const [state, log, timeline, legal] = await Promise.all([
        (round === 1 && answered) || api.state(this.id, { token: this.token, seat: this.seat, since }),
        api.log(this.id, this.token, since), api.timeline(this.id, since, this.token), this.legalMoves(),
      ]);
      if ([state.version, log.version, timeline.version].every((v) => v === legal.version)) return { state, log, timeline, legal };
      // Nothing is drawn yet: read until they agree.
      if (round >= READ_ROUNDS && this.live) return null;
    }
  }

  // The log's entries by move number; the answer to ?since=V brings each
  // changed entry whole. Returns the numbers that changed.
  takeLog(log) {
    if (!this.log) this.log = { entries: [] };
    for (const entry of log.entries) this.log.entries[entry.index - 1] = entry;
    this.log.version = log.version;
    return log.entries.map((e) => e.index);
  }

  // The score timeline: keep the points up to `after`, then the new ones.
  takeTimeline(timeline) {
    const kept = timeline.after === null || timeline.after === undefined || !this.points ? []
      : this.points.filter((p) => p.index <= timeline.after);
    const changed = timeline.points.length || !this.points || kept.length !== this.points.length;
    this.points = [...kept, ...timeline.points];
    if (changed) this.chartStale = true;
  }

  // Moves recorded elsewhere (another scorekeeper's device, a player's own
  // page) show up here within a second: the page asks every 0.8 s whether
  // the game moved on, a conditional read the service answers 304
  // without a body while nothing changed (no request waits on the server).
  watch() {
    this.tag = null;
    const timer = setInterval(async () => {
      if (!this.main.contains(this.sections.head)) return clearInterval(timer);
      if (document.hidden || this.busy || this.watching) return;
      this.watching = true;
      try {
        const changed = await api.summaryIfChanged(this.id, this.tag, this.token).catch(() => null);
        if (!changed) return;
        this.tag = changed.tag;
        if (changed.summary.version !== this.version && !this.busy) await this.refresh().catch(() => {});
      } finally {
        this.watching = false;
      }
    }, WATCH_MS);
  }

  // In a digital game the scorekeeper's page is the table: it sees what the
  // table sees and never holds a seat's token; each player records on their own page.
  legalMoves() {
    return api.legalMoves(this.id, this.token);
  }

  ctx(state) {
    const seats = state.seats || this.summary.seats;
    const acting = state.expected.seats.filter((s) => s !== "table");
    // Whose turn it is, where the state says so: a roll by the table is that seat's roll.
    const turn = [state.turn, state.active, state.to_play].find((s) => typeof s === "string" && seats.includes(s));
    const boardInputs = new Set();
    return {
      adapter: this.adapter, state, summary: this.summary, seats, players: this.summary.players,
      actingSeats: acting.length ? acting : seats, turn,
      // On a player's own page every move is that seat's: its seat field is not asked.
      ownSeat: this.seat,
      // Live, the legal moves and a way to record one: a view can make a move where it is tapped.
      moves: this.replayAt === null && this.token && this.legal.moves ? this.legal.moves : [],
      catalog: this.catalog, components: this.components,
      check: this.token ? (move) => api.check(this.id, move, this.token) : null,
      submit: (move) => this.submitMove(move),
      // The board is shown once: while a move group below offers it to tap, the view's copy gives way.
      boardInput: (group, shown) => {
        if (shown) boardInputs.add(group);
        else boardInputs.delete(group);
        for (const board of this.sections.view.querySelectorAll("[data-board='view']")) {
          board.classList.toggle("gives-way", boardInputs.size > 0);
        }
      },
    };
  }

  // Draw the game; of the log only the entries numbered in `log` (all when null),
  // and the entry replayed now.
  render({ log = [] } = {}) {
    this.renderHead();
    this.renderNotice();
    this.foldLinks();
    this.renderReplay();
    this.renderLog(log);
    this.renderControls();
    if (this.toolsFinished !== Boolean(this.live.finished)) this.renderTools();
    if (this.replayAt === null) this.showState(this.live);
    else this.showReplayState();
    return this.renderChart();
  }

  showState(state) {
    const ctx = this.ctx(state);
    // Where to tap next is often a screen or two below the view: one tap takes you there.
    const recordable = this.replayAt === null && this.token && !state.finished;
    // While replaying, the sticky line says so and leads back.
    const replaying = this.replayAt !== null;
    clear(this.sections.status, replaying ? h("p.replaying", h("strong", t("Replay, after move {n}.", { n: this.replayAt }), " "), t("Next:"), " ",
      [...this.statusLine(state).childNodes]) : this.statusLine(state),
    recordable && h("button.small.jump", { type: "button",
      onclick: () => this.sections.record.scrollIntoView({ block: "start" }) }, t("record ↓")),
    replaying && h("button.small.jump", { type: "button", onclick: () => this.goLive() }, t("now ▶▶")));
    clear(this.sections.view, this.adapter.renderState(state, ctx));
    if (this.replayAt === null) this.renderRecord(ctx);
    else clear(this.sections.record, h("p.hint", t("Replay: the state after move {n}.", { n: this.replayAt }), " ",
      h("button.small", { type: "button", onclick: () => this.goLive() }, t("back to the game"))));
    for (const section of [this.sections.status, this.sections.view, this.sections.record]) fit(section);
  }

  async showReplayState() {
    const at = this.replayAt;
    const state = await api.state(this.id, { at, token: this.token, seat: this.seat });
    if (this.replayAt === at) this.showState(state);
  }

  goLive() {
    this.replayAt = null;
    this.render();
  }

  renderHead() {
    const s = this.summary;
    this.sections.head.dataset.version = s.version;
    const origin = s.forked_from;
    clear(this.sections.head,
      h("a.back", { href: "#/" }, t("← games")),
      h("h2", this.type ? this.type.title : s.game),
      // A fork says what it was forked from: a "what if" of another game's move N.
      origin && h("p.forked-from", t("What if…: a new game from move {n} of", { n: origin.at }), " ",
        h("a", { href: `#/game/${origin.game}` }, t("the game it was forked from"))),
      h("p.meta", s.players.flatMap((name, i) => [i ? ", " : "", h("a.player-link", { href: `#/player/${encodeURIComponent(name)}` }, name)]),
        ` · ${s.mode === "digital" ? t("digital") : t("at the table")} · ${t("move {n}", { n: this.effective.length - 1 })}`));
  }

  // The notice is drawn once: the token box collapses after the first look.
  renderNotice() {
    if (this.noticeFor === this.token) return;
    this.noticeFor = this.token;
    const box = this.sections.notice;
    const fresh = sessionStorage.getItem(`tablelog:new:${this.id}`);
    sessionStorage.removeItem(`tablelog:new:${this.id}`);
    if (this.seat) {
      return clear(box, h("p.notice.seat-page", t("You are {seat}: you see your own hand and record your own moves.", { seat: this.seat })));
    }
    if (!this.token) {
      const input = h("input", { placeholder: t("scorekeeper token"), "aria-label": t("scorekeeper token") });
      return clear(box, h("form.notice", { onsubmit: async (event) => {
        event.preventDefault();
        this.tokens = { scorekeeper: input.value.trim(), seats: {} };
        keepTokens(this.id, this.tokens);
        await this.refresh();
      } }, h("p", t("This browser has no scorekeeper token for this game: you can watch, not record.")),
      input, h("button.small", { type: "submit" }, t("use token"))));
    }
    // Copying needs a secure page (https or this computer); elsewhere it is written down.
    const copy = navigator.clipboard && window.isSecureContext && h("button.small", { type: "button",
      onclick: (event) => navigator.clipboard.writeText(this.token)
        .then(() => { event.target.textContent = t("copied"); }, () => { event.target.textContent = t("copy failed: write it down"); }) },
      t("copy"));
    const tokenBox = h("details.notice.token", { open: Boolean(fresh) },
      h("summary", t("Scorekeeper token")),
      h("p", fresh ? t("Shown now, then folded away here (this browser keeps it for this game):")
        : t("This browser keeps it for this game:")),
      h("code", this.token),
      h("p.hint", t("Write it down (or copy it) to record this game from another device: open the game there and paste it.")),
      h("div.chips", copy));
    clear(box, tokenBox, this.summary.mode === "digital" && this.playerLinks());
  }

  // In a digital game each player plays on their own phone, seeing only their
  // own cards: their link is handed out once (a QR code to scan) and folds
  // away at the first move a person records, so that nobody glancing at the
  // table's phone scans another's seat; it comes back only on "show links
  // again", and the scorekeeper can hand a link out anew or revoke it. This
  // page keeps no seat's token beyond this page's memory.
  playerLinks() {
    this.links = handedOut.get(this.id) || {};
    handedOut.delete(this.id);
    this.linkStates = {};                 // seat -> what became of its link ("revoked")
    this.linksBox = h("details.player-links");
    this.showLinks(Object.keys(this.links));
    return this.linksBox;
  }

  // The links of these seats and their codes on the page (until a person's next move); the others folded away.
  showLinks(seats) {
    const shown = seats.length > 0;
    this.linksShownAt = shown ? this.held : null;
    const kept = Object.keys(this.links).length > 0;
    const rows = this.summary.players.map((seat) => {
      const state = this.linkStates[seat];
      const link = seats.includes(seat) && this.links[seat] && !state ? seatLink(this.id, seat, this.links[seat])
        : h("small.link-state", state || (kept ? t("folded away: the game has begun") : t("link handed out")));
      return h("li.seat-link", { dataset: { seat } }, h("strong", seat), link,
        h("div.chips",
          h("button.small.reissue", { type: "button", onclick: () => this.changeLink(seat, false) }, t("new link")),
          h("button.small.revoke", { type: "button", onclick: () => this.changeLink(seat, true) }, t("revoke"))));
    });
    this.linksBox.open = shown;
    clear(this.linksBox, h("summary", t("Each player's own page")),
      h("p.hint", t("Each player scans their code (or opens their link) on their own phone: it shows them only their "
        + "own cards and records their own moves. Anyone with a link can play that seat, so it is shown only now; "
        + "a new link replaces the old one, and revoke stops it.")),
      !shown && kept && h("button.small.show-links", { type: "button", onclick: () => this.showLinks(Object.keys(this.links)) },
        t("show links again")),
      h("ul", rows));
  }

  // The links fold away once a person records a move after they were shown.
  foldLinks() {
    if (this.linksShownAt === null || this.linksShownAt === undefined || !this.linksBox) return;
    const since = this.linksShownAt;
    if (this.log.entries.some((e) => e.recorded_by !== "service" && e.version > since)) this.showLinks([]);
  }

  async changeLink(seat, revoke) {
    try {
      const answer = await (revoke ? api.revokeSeat(this.id, seat, this.token) : api.reissueSeat(this.id, seat, this.token));
      if (revoke) this.linkStates[seat] = t("link revoked: it no longer works");
      else { this.links[seat] = answer.token; delete this.linkStates[seat]; }
    } catch (error) {
      this.linkStates[seat] = error.message;
    }
    await this.refresh();
    this.showLinks(!revoke && !this.linkStates[seat] ? [seat] : []);
  }

  statusLine(state) {
    if (state.finished) {
      const points = state.winners.length ? state.scores[state.winners[0]] : null;
      const winners = listing(state.winners);
      const many = state.winners.length > 1;
      return h("p.game-over", h("strong", t("Game over."), " "), !state.winners.length ? t("Nobody wins.")
        : points === null || points === undefined ? (many ? t("{winners} win.", { winners }) : t("{winners} wins.", { winners }))
          : many ? t("{winners} win with {points} points.", { winners, points })
            : t("{winners} wins with {points} points.", { winners, points }));
    }
    const { seats, moves } = state.expected;
    if (!seats.length) return h("p", t("Nobody is to act."));
    const who = seats[0] === "table" ? t("The table") : listing(seats);
    const name = (type) => (this.adapter.moveName && this.adapter.moveName(type)) || words(type);
    // Of the kinds the rules expect, those possible now (listed, or left to a form), where the page knows them.
    const legal = this.replayAt === null && this.legal && this.legal.moves;
    const possible = legal && new Set([...legal.map((m) => m.type), ...(this.legal.unlisted || moves)]);
    const now = possible ? moves.filter((type) => possible.has(type)) : [];
    return h("p", h("strong.expected", who), ": ", (now.length ? now : moves).map(name).join(` ${t("or")} `),
      seats[0] === "table" ? ` ${t("(enter what was dealt, rolled or drawn)")}` : "");
  }

  async submitMove(move) {
    this.busy = (this.busy || 0) + 1;
    let answer;
    try {
      answer = await api.move(this.id, move, this.token, this.version);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The form goes with the refresh: the words go above the new one.
        this.conflict = t("Someone recorded a move meanwhile (another device or a player's phone), so this one was not "
          + "recorded. The page now shows the game as it stands: check it, then tap again.");
        await this.refresh();
      }
      throw error;
    } finally {
      this.busy -= 1;
    }
    this.conflict = null;
    // The answer carries the state after the move (and after the service's own moves it set off).
    await this.refresh({ ...answer.state, version: answer.version });
    this.bringEntryIntoView();
  }

  // After a move or an undo the next entry comes into view (a long deal form
  // gone, the page would land on the chart or the log), with the state it is
  // entered from above it where the screen has room for both.
  bringEntryIntoView() {
    const entry = this.sections.record.querySelector("section.move-group, form.move-form, .waiting") || this.sections.record;
    const view = this.sections.view.getBoundingClientRect();
    const box = entry.getBoundingClientRect();
    const sticky = this.sections.status.getBoundingClientRect().height;
    if (box.top >= sticky && box.top + Math.min(box.height, 120) <= window.innerHeight) return;
    // From the top of the view to the entry's first lines: both on the screen if they fit.
    const span = box.top + Math.min(box.height, 120) - view.top;
    (span <= window.innerHeight - sticky ? this.sections.view : entry).scrollIntoView({ block: "start" });
  }

  renderRecord(ctx) {
    const box = this.sections.record;
    const { legal } = this;
    if (!this.token || this.live.finished) return clear(box);
    const conflict = this.conflict && h("p.problem.conflict", { role: "alert" }, this.conflict);
    // A player's own page offers that seat's moves only: none while others are to act.
    if (this.seat && !legal.expected.seats.includes(this.seat)) return clear(box, conflict, this.waiting(legal));
    if (legal.moves === null) {
      const vocabulary = this.type.moves;
      return clear(box, conflict, legal.expected.moves.map((type) => (this.adapter.chanceForm
        ? this.adapter.chanceForm(type, vocabulary[type], ctx, (m) => this.submitMove(m))
        : null) || moveForm(type, vocabulary[type], ctx, (m) => this.submitMove(m))));
    }
    // Move types the rules expect but cannot list (a reroll's result is
    // chance) get an entry form of their own beside the listed moves.
    // (Only where this page may act for someone expected: a player's own page
    // waiting for others offers nothing.)
    const listed = new Set(legal.moves.map((m) => m.type));
    // In a digital game the scorekeeper enters nobody's move: each player records on their own page.
    const actsHere = this.seat ? legal.expected.seats.includes(this.seat) : this.summary.mode !== "digital";
    // Only the kinds the engine says it cannot list get a form: a kind neither listed nor unlisted is not possible now.
    const unlisted = (legal.unlisted || legal.expected.moves).filter((type) => actsHere && !listed.has(type) && this.type.moves[type])
      .map((type) => moveForm(type, this.type.moves[type], ctx, (m) => this.submitMove(m)));
    if (!legal.moves.length && unlisted.length) return clear(box, conflict, ...unlisted);
    if (!legal.moves.length) return clear(box, conflict, this.waiting(legal));
    clear(box, conflict, chooser(legal.moves, this.type.moves, ctx, (m) => this.submitMove(m)), ...unlisted);
  }

  // Nothing to record here: who the game waits for.
  waiting(legal) {
    const seats = legal.expected.seats.filter((s) => s !== "table");
    const what = legal.expected.moves.map(words).join(` ${t("or")} `);
    return h("p.hint.waiting", seats.length && this.summary.mode === "digital"
      ? t("Waiting for {seats} to {what} on their own page; this page follows by itself.", { seats: listing(seats), what })
      : t("No move is possible now."));
  }

  // Redo is offered when the newest event of the game is an undo.
  redoable() {
    let newest = { version: 0, event: null };
    for (const entry of this.log.entries) {
      if (entry.version > newest.version) newest = { version: entry.version, event: "recorded" };
      for (const step of entry.history) if (step.version > newest.version) newest = step;
    }
    return newest.event === "undone";
  }

  renderControls() {
    const problem = h("span.problem", { role: "alert" });
    const act = (what) => async () => {
      this.busy = (this.busy || 0) + 1;
      try {
        await api[what](this.id, this.token, this.version);
        await this.refresh();
        this.bringEntryIntoView();
      } catch (error) {
        problem.textContent = error.message;
      } finally {
        this.busy -= 1;
      }
    };
    // Say which move an undo takes back, so that a mistake is undone and nothing else.
    const last = this.log.entries.filter((e) => !e.undone).at(-1);
    const what = last && this.moveWords(last.move);
    // Replaying looks back; undo and redo act on the game as it is now.
    // In a digital game what the service dealt or rolled stays: say so rather than offer a refusal.
    const dealt = this.summary.mode === "digital" && last && last.recorded_by === "service";
    clear(this.sections.controls, this.token && this.replayAt === null && [
      h("button.undo", { type: "button", disabled: !last || dealt, onclick: act("undo") }, t("↶ Undo")),
      h("button", { type: "button", disabled: !this.redoable(), onclick: act("redo") }, t("↷ Redo")),
      last && h("small.undo-what", dealt ? t("Undo cannot take back move {n}, dealt or rolled by the service:", { n: last.index })
        : t("Undo takes back move {n}:", { n: last.index }), " ", what),
      problem]);
  }

  renderReplay() {
    const last = this.effective.length - 1;
    const position = this.replayAt === null ? last : this.effective.indexOf(this.replayAt);
    const go = (i) => {
      const at = this.effective[Math.max(0, Math.min(last, i))];
      this.replayAt = at === this.effective[last] ? null : at;
      this.render();
    };
    const slider = h("input", { type: "range", min: 0, max: last, value: position, "aria-label": t("replay"),
      oninput: (e) => go(Number(e.target.value)) });
    clear(this.sections.replay, h("h3", t("Replay")),
      h("div.replay-bar",
        h("button", { type: "button", title: t("first"), "aria-label": t("first"), onclick: () => go(0) }, "◀◀"),
        h("button", { type: "button", title: t("back"), "aria-label": t("back"), onclick: () => go(position - 1) }, "◀"),
        slider,
        h("button", { type: "button", title: t("forward"), "aria-label": t("forward"), onclick: () => go(position + 1) }, "▶"),
        h("button", { type: "button", title: t("now"), "aria-label": t("now"), onclick: () => go(last) }, "▶▶")),
      h("p.hint.replay-at", this.replayAt === null ? t("now: after move {n}", { n: this.effective[last] })
        : t("after move {n}", { n: this.replayAt })));
  }

  // The chart is drawn again only when its points or the replayed move changed.
  renderChart() {
    const key = `${this.replayAt}`;
    if (!this.chartStale && this.chartKey === key) return;
    this.chartStale = false;
    this.chartKey = key;
    const points = this.points.map((p) => ({ at: p.index, scores: p.scores }));
    // The moves that began a round (a deal, a round started), as the log says.
    const rounds = this.log.entries.filter((e) => !e.undone).flatMap((e) => e.outcome
      .filter((f) => (f.fact === "round_started" || f.fact === "dealt") && Number.isInteger(f.round))
      .map((f) => ({ at: e.index, round: f.round })));
    clear(this.sections.chart, h("h3", t("Scores over the game")),
      scoreChart(points, this.live.seats || this.summary.seats, this.replayAt, (this.adapter.colours || (() => null))(this.live),
        rounds));
    fit(this.sections.chart);
  }

  // Only the entries that changed are drawn again. A game's words for an
  // entry may depend on the entries before it (the trick a card was played
  // to): memoBefore[n] is what the game remembered after entry n, and an
  // entry undone or redone draws the entries after it again too.
  renderLog(changed = null) {
    if (!this.logItems || changed === null) {
      this.logItems = [];
      this.memoBefore = [];
      this.logList = h("ol.log-list");
      changed = this.log.entries.map((e) => e.index);
    }
    const from = Math.min(Infinity, ...changed.filter((n) => {
      const item = this.logItems[n - 1];
      return !item || item.undone !== this.log.entries[n - 1].undone;
    }));
    const redraw = new Set(changed);
    for (let n = from; n <= this.log.entries.length; n += 1) redraw.add(n);
    const here = `${this.replayAt} ${this.selected}`;
    if (this.logHere !== here) {
      for (const n of [...this.logMarks || [], this.replayAt, this.selected]) if (n && this.log.entries[n - 1]) redraw.add(n);
      this.logHere = here;
      this.logMarks = [this.replayAt, this.selected];
    }
    for (const n of [...redraw].sort((a, b) => a - b)) {
      const entry = this.log.entries[n - 1];
      const memo = structuredClone(this.memoBefore[n - 1] || {});
      const li = this.logLine(entry, memo);
      this.memoBefore[n] = memo;
      const old = this.logItems[n - 1];
      if (old) old.li.replaceWith(li);
      else this.logList.prepend(li);
      this.logItems[n - 1] = { li, undone: entry.undone };
    }
    if (!this.log.entries.length) clear(this.sections.log, h("h3", t("Log")), h("p.hint", t("No moves yet.")));
    else if (!this.sections.log.contains(this.logList)) clear(this.sections.log, h("h3", t("Log")), this.logList);
  }

  // A move in the game's words (cards by name, what the entries before it told: memo), else the generic ones.
  moveWords(move, memo = {}) {
    return (this.adapter.moveWords && this.adapter.moveWords(move, { ...this.wordsContext(), memo })) || genericMove(move);
  }

  wordsContext() { return { catalog: this.catalog, components: this.components }; }
  // A seat with a name of its own in the game (the solo opponent's) is said by it.
  named(told) { return this.adapter.named ? this.adapter.named(told, this.live) : told; }
  logLine(entry, memo) {
    if (this.adapter.remember && !entry.undone) this.adapter.remember(entry, memo);
    // A game's words for a fact: undefined = use the generic words, null = say nothing.
    const facts = entry.outcome.map((told) => this.named(told)).map((fact) => {
      const own = this.adapter.factWords ? this.adapter.factWords(fact, entry, memo, this.wordsContext()) : undefined;
      return own === undefined ? genericFact(fact) : own;
    }).filter(Boolean);
    const here = this.replayAt !== null && entry.index === this.replayAt;
    const chosen = entry.index === this.selected;
    return h("li", { class: [entry.undone ? "undone" : "", here ? "here" : "", chosen ? "chosen" : ""].join(" ").trim(),
      dataset: { index: entry.index } },
    // A tap on a move replays the game to it and offers what can be done from there.
    h("button.log-move", { type: "button", "aria-expanded": String(chosen), onclick: () => this.choose(entry) },
      h("span.number", `${entry.index}.`), " ",
      this.moveWords(this.named(entry.move), memo),
      entry.undone && h("em.tag", ` ${t("undone")}`)),
    facts.length ? h("ul.facts", facts.map((f) => h("li", f))) : null,
    entry.annotations.length ? h("ul.comments", entry.annotations.map((a) => h("li", h("q", a.text), h("small", ` ${recorder(a.by)}`)))) : null,
    h("small.by", `${t("recorded by {who}", { who: recorder(entry.recorded_by) })} · ${new Date(entry.recorded_at).toLocaleTimeString()}`,
      entry.history.map((step) => ` · ${historyWords(step)}`)),
    chosen ? this.moveTools(entry) : null);
  }

  choose(entry) {
    this.selected = this.selected === entry.index ? null : entry.index;
    if (this.selected !== null && !entry.undone) {
      this.replayAt = entry.index === this.effective.at(-1) ? null : entry.index;
    }
    this.render();
  }

  // What can be done from one move of the log: take the game back to
  // before it, play "what if" from it in a new game, comment on it.
  moveTools(entry) {
    const problem = h("p.problem", { role: "alert", hidden: true });
    const said = (error) => { problem.textContent = error.message; problem.hidden = false; };
    const effective = !entry.undone;
    const comment = h("input", { "aria-label": t("comment on move {n}", { n: entry.index }), placeholder: t("a comment on this move"),
      maxlength: 2000 });
    // Taking back asks first: it strikes out every move from this one on.
    const confirm = h("p.confirm", { hidden: true },
      t("Take back moves {from}–{to}? They stay in the log, struck through.", { from: entry.index, to: this.effective.at(-1) }), " ",
      h("button.small.confirm-take-back", { type: "button", onclick: () => this.act(
        () => api.takeBack(this.id, entry.index, this.token, this.version), said) }, t("yes, take them back")), " ",
      h("button.small", { type: "button", onclick: () => { confirm.hidden = true; } }, t("no")));
    const tools = h("div.move-tools",
      this.token && effective && h("button.take-back", { type: "button", onclick: () => { confirm.hidden = false; } },
        t("↶ take back to here (moves {from}–{to})", { from: entry.index, to: this.effective.at(-1) })),
      confirm,
      effective && h("button.fork", { type: "button", onclick: () => this.fork(entry.index).catch(said) },
        t("what if… (a new game from move {n})", { n: entry.index })),
      this.token && h("form.comment", { onsubmit: (event) => {
        event.preventDefault();
        if (comment.value.trim()) this.act(() => api.annotate(this.id, entry.index, comment.value.trim(), this.token, this.version), said);
      } }, comment, h("button", { type: "submit" }, t("comment"))),
      problem);
    return tools;
  }

  // A write from the page's tools: one request, one Idempotency-Key (a retry
  // after a lost answer is the same request), then the page catches up.
  async act(write, said) {
    this.busy = (this.busy || 0) + 1;
    try {
      await write();
      this.selected = null;
      this.replayAt = null;
      await this.refresh();
    } catch (error) {
      said(error);
    } finally {
      this.busy -= 1;
    }
  }

  async fork(at) {
    const created = await api.fork(this.id, at, this.token);
    keepNewGame(created, this.summary.mode === "digital");
    location.hash = `#/game/${created.id}`;
  }

  // The record as files, and the audit: is the record whole, and do the rules still give what it holds?
  renderTools() {
    this.toolsFinished = Boolean(this.live.finished);
    const base = `/api/games/${this.id}/export`;
    const verdict = h("div.audit", { "aria-live": "polite" });
    clear(this.sections.tools, h("details.record-tools", h("summary", t("Record: export, audit")),
      h("div.chips",
        this.exportLink(`${base}?format=text`, `${this.id}.txt`, t("export as text"), verdict),
        this.exportLink(`${base}?format=jsonl`, `${this.id}.jsonl`, t("export as JSON Lines"), verdict),
        h("button.audit-button", { type: "button", onclick: async () => {
          clear(verdict, h("p.hint", t("checking…")));
          try {
            clear(verdict, auditWords(await api.audit(this.id)));
          } catch (error) {
            clear(verdict, h("p.problem", error.message));
          }
        } }, t("audit")),
        this.toolsFinished && this.bgstatsLink(),
        h("button.share", { type: "button", onclick: () => this.share(verdict) }, t("share (read only)"))),
      verdict));
  }

  // The API's export: a plain link where this browser needs no token for it,
  // else fetched with this browser's group or share token.
  exportLink(href, name, text, said) {
    return h("a.button", { href, download: name, onclick: (event) => {
      if (!holdsTokens(this.id)) return;
      event.preventDefault();
      download(href, name).catch((error) => clear(said, h("p.problem", error.message)));
    } }, text);
  }

  // A read-only share of this game (a member of its group): a link and its QR code, no account needed.
  async share(box) {
    try {
      const shared = await api.share(this.id);
      clear(box, h("p.hint", t("Anyone with this link sees the game as the table sees it, without an account.")),
        linkWithCode(pageLink(`share/${this.id}/${shared.token}`), t("share link"), t("QR code of the share link"),
          { share: shared.share }));
    } catch (error) {
      clear(box, h("p.problem", error.message));
    }
  }

  // A finished game as a play for the Board Game Stats app: its own import link.
  bgstatsLink() {
    const link = h("a.button.bgstats", { hidden: true }, t("add to BG Stats"));
    api.bgstats(this.id).then((answer) => { link.href = answer.link; link.hidden = false; }, () => link.remove());
    return link;
  }
}

// What became of a move later: "undone by Anna".
function historyWords(step) {
  if (step.event === "undone") return t("undone by {who}", { who: step.by });
  if (step.event === "redone") return t("redone by {who}", { who: step.by });
  return `${step.event} by ${step.by}`;
}

function auditWords(audit) {
  const line = (said) => (said.move_index ? `${t("Move {n}:", { n: said.move_index })} ${said.message}` : said.message);
  const lines = [...audit.problems.map(line), ...audit.findings.map(line)];
  return [h("p", { class: audit.ok ? "audit-ok" : "problem" }, audit.ok
    ? t("The record is whole: every event follows the one before, and replaying it gives every stored outcome.")
    : t("The audit found problems:")),
  lines.length ? h("ul", lines.map((line) => h("li", line))) : null];
}

// A thing with a name (a character card, a guest) is said by its name alone.
function named(value) {
  if (Array.isArray(value)) return value.map(named);
  if (value && typeof value === "object" && typeof value.name === "string") return value.name;
  return value;
}

export function genericMove(move) {
  const { type, seat, ...rest } = move;
  const parts = Object.entries(rest).map(([k, v]) => `${words(k)} ${flatText(named(v))}`);
  return `${seat || t("the table")}: ${words(type)}${parts.length ? " — " + parts.join("; ") : ""}`;
}

export function genericFact(fact) {
  const { fact: kind, ...rest } = fact;
  if (kind === "scored") return `${t("{seat} scores {points}", { seat: fact.seat, points: fact.points })}${fact.why ? ` (${fact.why})` : ""}`;
  if (kind === "game_over") {
    const winners = listing(fact.winners || []);
    return (fact.winners || []).length > 1 ? t("Game over: {winners} win", { winners }) : t("Game over: {winners} wins", { winners });
  }
  const parts = Object.entries(rest).map(([k, v]) => `${words(k)} ${flatText(v)}`);
  return `${words(kind)}${parts.length ? ": " + parts.join("; ") : ""}`;
}


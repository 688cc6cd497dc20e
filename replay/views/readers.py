"""Reading the views: one database's (``Views``, which also runs the projection
in its own thread), and several shards' merged (``MergedViews``)."""
from __future__ import annotations

import json
import threading
import time
from abc import ABC, abstractmethod
from typing import Any, Callable, Sequence
from uuid import UUID

from eventsourcing.persistence import IntegrityError, PersistenceError, Tracking

from domain.names import player_key
from domain.ranking import places
from domain.record import anchor_event_topics, game_event_topics, is_game_event
from domain.history import GameHistory
from replay.views.leader import Runner, views_leader
from replay.views.projection import GameViews
from replay.views.statistics import stats, summed_totals
from replay.views.tables import FRESH_WAIT, log, open_views

ANCHOR_TOPICS = anchor_event_topics()
PASSED_OVER = object()
"""What stands in a batch for a notification the projection does not read."""


def read_in(notifications: Sequence[Any]) -> list[bool]:
    """Which of a batch's notifications the projection reads: every one but
    a game's keyed anchor that a later one of the same game in the batch
    follows. Of the anchors it takes only the hash of each game's newest
    event (``stored_heads``), which the newest anchor holds; decoding the
    others (one for each write) was a tenth of the runner's time."""
    read, newest = [True] * len(notifications), {}
    for i, notification in enumerate(notifications):
        if notification.topic in ANCHOR_TOPICS:
            before = newest.get(notification.originator_id)
            if before is not None:
                read[before] = False
            newest[notification.originator_id] = i
    return read


RUNNER_CHECK = 1.0
"""Seconds a reader trusts what it last learnt of the runner in another process (alive, failing)."""


Newer = dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]
Group = UUID | str | None
"""A group's id: a read of the views sees that group's games only (None: every game, as the command line reads)."""
"""The rows of the games changed after the views' tracked position, as a
reader computed them in memory (game id: its game row and player rows)."""


class ViewReader(ABC):
    """The players' statistics and leaderboards over ``totals`` (one
    database's, or several shards' summed) with what ``fresh`` found newer."""

    @abstractmethod
    def fresh(self) -> Any:
        """What this process's reader must add to the views' tables to see
        its own process's writes (given back to ``totals``); never writes."""

    @abstractmethod
    def totals(self, player: str | None = None, game: str | None = None,
               newer: Any = None, group: Group = None) -> list[dict[str, Any]]:
        """Each player's totals per game type (of ``player``, of ``game``, in ``group``'s games)."""

    def player(self, name: str, group: Group = None) -> list[dict[str, Any]]:
        """``name``'s results per game type with their place on its leaderboard
        (in ``group``'s games; every game's without one)."""
        newer = self.fresh()
        name = player_key(name)
        mine = self.totals(player=name, newer=newer, group=group)
        out = []
        for row in mine:
            board = self._board(row["game"], newer, group)
            rank = next(entry["rank"] for entry in board if entry["player"] == name)
            out.append({**stats(row), "rank": rank, "ranked": len(board)})
        return out

    def leaderboard(self, game: str, group: Group = None) -> list[dict[str, Any]]:
        """Every player of ``game`` (in ``group``'s games), most wins first,
        then the best average score of finished games; equal players share a rank."""
        return self._board(game, self.fresh(), group)

    def leaderboards(self, games: Sequence[str], group: Group = None) -> dict[str, list[dict[str, Any]]]:
        """Each of ``games``' leaderboards, over one look at what is newer
        than the views (one wait for the runner, not one per game type)."""
        newer = self.fresh()
        return {game: self._board(game, newer, group) for game in games}

    def _board(self, game: str, newer: Any, group: Group) -> list[dict[str, Any]]:
        rows = [stats(row) for row in self.totals(game=game, newer=newer, group=group)]
        keys = {row["player"]: (row["won"], row["average_score"] or 0) for row in rows}
        rank = places(keys)
        return sorted(({**row, "rank": rank[row["player"]]} for row in rows),
                      key=lambda row: (row["rank"], row["player"]))


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


class Views(ViewReader):
    """The read models of one store, kept up to date in this process."""

    def __init__(self, store: Any, summarize: Callable[[GameHistory], dict[str, Any]], batch_size: int = 500):
        self.store = store
        self.tables = open_views(store)
        self.projection = GameViews(self.tables, store, summarize)
        self.batch_size = batch_size
        self.leader = views_leader(store)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.failing: str | None = None
        """Why this process's last try to bring the views up to date failed (None: it did not)."""
        self._runner: tuple[float, Runner | None] = (float("-inf"), None)

    @property
    def position(self) -> int:
        """The notification id of the last event processed."""
        return self.tables.max_tracking_id(self.store.name) or 0

    def pending(self) -> int:
        """About how many events wait (PostgreSQL ids may have gaps)."""
        return max(0, self.store.recorder.max_notification_id() - self.position)

    def catch_up(self, progress: Callable[[int], None] | None = None) -> int:
        """Process every event recorded after the tracked position; returns
        how many this call processed. ``progress`` is told each batch's size."""
        done = 0
        with self._lock:
            position = self.position
            while True:
                notifications = self.store.recorder.select_notifications(position + 1, self.batch_size)
                if not notifications:
                    return done
                read = read_in(notifications)
                batch = [(self._decode(n) if read[i] else PASSED_OVER, Tracking(self.store.name, n.id))
                         for i, n in enumerate(notifications)]
                try:
                    self.projection.process_batch(batch, position)
                except IntegrityError:
                    position = self.position      # another process got there first: read the position again
                    continue
                # Counted: the games' own events (a sealed seed or an anchor is passed over).
                games_events = sum(1 for e, _ in batch if e is None or is_game_event(e))
                done += games_events
                if progress:
                    progress(games_events)
                if len(notifications) < self.batch_size:
                    return done       # all there was when it was read (no second look: the runner looks again)
                position = notifications[-1].id

    def _decode(self, notification: Any) -> Any | None:
        try:
            return self.store.decoded(notification)
        except Exception:
            log.warning("notification %s cannot be read; left out of the views", notification.id, exc_info=True)
            return None

    def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        """Drop the view tables and process the whole log again; returns how
        many events the views now hold (this process wrote some, a server
        running beside it may have written others)."""
        with self._lock:
            self.tables.drop_views()
            self.projection.forget()
        self.catch_up(progress)
        return self.events_through(self.position)

    def events_through(self, position: int) -> int:
        """How many games' events the log holds up to ``position`` (its ids
        may have gaps; sealed seeds and anchors are not counted)."""
        count, start, topics = 0, 1, game_event_topics()
        while start <= position:
            batch = self.store.recorder.select_notifications(start, 1000, stop=position, topics=topics)
            if not batch:
                break
            count += len(batch)
            start = batch[-1].id + 1
        return count

    # -- in the background ---------------------------------------------------------
    def start(self, interval: float = 0.5, poll: float = 0.05) -> None:
        """Run the projection in a daemon thread while this process holds the
        database's views lock (looking for new events ``poll`` seconds after
        each look), and try for the lock every ``interval`` seconds while
        another process holds it."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, args=(interval, poll), name="tablelog-views",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.leader.release()

    def _run(self, interval: float, poll: float) -> None:
        wait, behind = 0.0, True
        while not self._stop.wait(wait):
            if not self.leader.hold():
                self.failing = None       # another process keeps the views: it says how it fares
                wait, behind = interval, True
                continue
            if behind and self.failing is None:
                log.info("this process runs the views of %s from position %s", self.store.name, self.position)
            try:
                # After a batch too: the events that come meanwhile make the
                # next batch, whose rows are written once a game (under load
                # a batch right after the last held one or two events, and
                # its reads and writes cost as much as one of many).
                done = self.catch_up()
                if behind:
                    log.info("the views of %s are up to date at position %s (%s events processed)",
                             self.store.name, self.position, done)
                self.failing, behind = None, False
                wait = poll
            except Exception as error:
                log.exception("the views could not catch up; trying again")
                self.failing, behind = _first_line(error), True
                wait = interval
            self.leader.publish(self.failing)

    def runner(self) -> Runner | None:
        """The process that runs the views now (this one or another; None:
        none does), as learnt at most ``RUNNER_CHECK`` seconds ago."""
        if self.leader.held and self._thread is not None:
            return Runner(None, self.failing)
        learnt, runner = self._runner
        if time.monotonic() - learnt > RUNNER_CHECK:
            runner = self.leader.runner()
            self._runner = (time.monotonic(), runner)
        return runner

    def runner_failing(self) -> str | None:
        """Why the views are not kept now: their runner's last try failed,
        in this process or in the one that runs them (None: it did not, or
        no process runs them; their lag, in the metrics, shows that)."""
        runner = self.runner()
        return runner.failing if runner else None

    def fresh(self) -> Newer:
        """The rows of the games changed after the views' tracked position,
        up to every event stored before this call (empty: the views hold
        them). Only the runner writes the views: a reader waits for it (at
        most ``FRESH_WAIT`` seconds, and only for a runner that is there and
        did not fail its last try: this process's thread, or the process
        that holds the views lock, ``tablelog views`` or the production
        server's), then computes in memory the rows of what it has not
        processed yet, from the events themselves. So a reader never sees
        the list behind its own process's writes, and a read never writes
        (a read-only database, a full disk, a stuck runner)."""
        target = self.store.recorder.max_notification_id() or 0
        if self.position >= target:
            return {}
        if self._waits():
            deadline = time.monotonic() + FRESH_WAIT
            pause = 0.005
            while self.position < target:
                if time.monotonic() >= deadline:
                    log.info("the views' runner is late: this reader reads the newer events itself")
                    break
                time.sleep(pause)
                pause = min(pause * 2, 0.05)
        return self.newer(target)

    def _waits(self) -> bool:
        """Whether a reader here waits for a runner (one is there and did not fail its last try)."""
        if self._thread is not None:
            return not self.failing
        runner = self.runner()
        return runner is not None and not runner.failing

    def newer(self, target: int) -> Newer:
        """The rows, computed here and written nowhere, of each game with an
        event after the tracked position up to ``target``. A game whose rows
        cannot be made is left out, as the runner leaves it out (verify names it)."""
        position = self.position
        games: dict[UUID, tuple[int, int]] = {}     # each game's first position here and last version
        start, topics = position + 1, game_event_topics()
        while start <= target:
            batch = self.store.recorder.select_notifications(start, self.batch_size, stop=target, topics=topics)
            if not batch:
                break
            for notification in batch:
                first, _ = games.get(notification.originator_id, (notification.id, 0))
                games[notification.originator_id] = (first, notification.originator_version)
            start = batch[-1].id + 1
        rows: Newer = {}
        for gid, (first, version) in games.items():
            try:
                rows[str(gid)] = self.projection.rows(self._history(gid, version), first, keep=False)
            except PersistenceError:
                raise
            except Exception:      # a record the rules cannot read: verify names it
                log.info("game %s left out of the game list read", gid, exc_info=True)
        return rows

    def _history(self, gid: UUID, version: int) -> GameHistory:
        """The game's history up to ``version``, from the store (read only:
        no checkpoint is written, nothing is kept)."""
        events = self.store.game_events(gid, 0, version)
        hist = GameHistory(next(events), trusted=True)
        hist.feed(events)
        return hist

    # -- reading ---------------------------------------------------------------------
    def summaries(self, group: Group = None) -> list[dict[str, Any]]:
        """Every game's summary (of ``group``), oldest first, with its status and last move time."""
        newer = self.fresh()
        listed = self.tables.games(group)
        if newer:
            seen = {row["game_id"]: index for index, row in enumerate(listed)}
            added = []
            for gid, (row, _) in newer.items():
                if group is not None and row["group_id"] != str(group):
                    continue        # a game's group never changes: it is in no list of another group
                if gid not in seen:
                    added.append(row)
                elif listed[seen[gid]]["version"] < row["version"]:
                    listed[seen[gid]] = row         # its place in the list is kept, as the runner keeps it
            listed += sorted(added, key=lambda row: row["position"])
        return [{**json.loads(row["summary"]), "status": row["status"], "last_move_at": row["last_move_at"]}
                for row in listed]

    def played_once(self, player: str | None = None, game: str | None = None,
                    newer: Newer | None = None, group: Group = None) -> list[dict[str, Any]]:
        """One row per player and game played (``ViewTables.played_once``),
        the games in ``newer`` as it has them."""
        if not newer:
            return self.tables.played_once(player, game, group)
        rows = [row for row in self.tables.player_rows(player, game, group) if row["game_id"] not in newer]
        rows += [row for _, players in newer.values() for row in players
                 if (player is None or row["player"] == player) and (game is None or row["game"] == game)
                 and (group is None or row["group_id"] == str(group))]
        return rows

    def totals(self, player: str | None = None, game: str | None = None,
               newer: Newer | None = None, group: Group = None) -> list[dict[str, Any]]:
        if not newer:
            return self.tables.totals(player, game, group)
        return summed_totals(self.played_once(player, game, newer, group))


class MergedViews(ViewReader):
    """The views of several shards read as one: each shard's runner keeps
    its own database's views (as with one database), and a read asks every
    shard and merges. A shard that does not answer makes the merged read
    answer 503 (its error goes up) rather than a list with games missing."""

    def __init__(self, shards: Sequence[Views]):
        self.shards = list(shards)

    def start(self, interval: float = 0.5, poll: float = 0.05) -> None:
        for views in self.shards:
            views.start(interval, poll)

    def stop(self) -> None:
        for views in self.shards:
            views.stop()

    def fresh(self) -> list[Newer]:
        return [views.fresh() for views in self.shards]

    def pending(self) -> int:
        return sum(views.pending() for views in self.shards)

    def catch_up(self, progress: Callable[[int], None] | None = None) -> int:
        return sum(views.catch_up(progress) for views in self.shards)

    def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        return sum(views.rebuild(progress) for views in self.shards)

    def summaries(self, group: Group = None) -> list[dict[str, Any]]:
        """Every game's summary (of ``group``: a group's games are on every
        shard, each shard's views know which are the group's), oldest first across the shards."""
        merged = [summary for views in self.shards for summary in views.summaries(group)]
        return sorted(merged, key=lambda summary: summary["created_at"])

    def totals(self, player: str | None = None, game: str | None = None,
               newer: list[Newer] | None = None, group: Group = None) -> list[dict[str, Any]]:
        newer = newer or [{} for _ in self.shards]
        return summed_totals(row for views, theirs in zip(self.shards, newer)
                             for row in views.played_once(player, game, theirs, group))

"""Read models built from the event notification log: the game list and the
players' results across games, kept in tables beside the events (the same
SQLite file or PostgreSQL database) with eventsourcing's projection support.

``GameViews`` is an eventsourcing ``Projection`` whose view is a
``TrackingRecorder``: the rows an event changes and the position of that
event in the notification log are written in one transaction, so each event
is processed exactly once and a restart resumes after the last one written.
When two processes race for the same events, the tracking row refuses the
second (``IntegrityError``) and its rows are rolled back with it.

eventsourcing's ``ProjectionRunner`` needs a recorder that can be subscribed
to, which its SQLite recorder cannot; ``Views`` therefore drives the
projection itself, reading the notifications after the tracked position in
batches.

One process per database runs the projection: ``start`` runs a thread that
becomes the runner when it holds the database's views lock (a PostgreSQL
advisory lock on a connection of its own, a lock file beside a SQLite file)
and then catches up as soon as events arrive; in the other processes the
thread only tries for the lock again now and then, so a runner that dies is
replaced within a second. A reader in any process waits (a bounded time)
until the runner has passed every event stored before the read began, so it
never sees a view behind its own process's writes; if the runner does not
get there in time, the reader catches up itself. A process that started no
thread (the command line, tests) catches up itself before it reads.
Recording a move does no view work at all.

Player statistics are aggregated when read from one row per game and player:
undo can reopen a finished game, and a best score cannot be subtracted again.
"""
from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import threading
import time
from abc import ABC, abstractmethod
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Sequence
from uuid import UUID

from cachetools import LRUCache
from eventsourcing.persistence import IntegrityError, OperationalError, PersistenceError, Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.projection import Projection
from eventsourcing.sqlite import SQLiteTrackingRecorder
import psycopg
from psycopg.sql import SQL

from domain.names import player_key
from domain.ranking import places
from domain.record import game_event_topics, is_game_event
from domain.history import GameHistory

log = logging.getLogger("tablelog.views")

GAMES_TABLE = "tablelog_view_games"
PLAYERS_TABLE = "tablelog_view_players_v2"
"""(v2: rows carry ``played``; the views are rebuilt from the log under the new name.)"""
TRACKING_TABLE = "tablelog_view_tracking"
DEADLOCK_ATTEMPTS = 3
"""How often a batch of view rows the database rolled back (a deadlock) is written again."""
LEADER_LOCK = 7418
"""The PostgreSQL advisory lock the views' runner holds (7416: migration, 7417: the views' tables)."""
FRESH_WAIT = 2.0
"""Seconds a reader waits for the runner to pass the events stored before its read."""

GAME_COLUMNS = ("game_id", "position", "game", "players", "mode", "status", "scores", "winners", "moves",
                "version", "created_at", "last_move_at", "head_hash", "summary")
PLAYER_COLUMNS = ("game_id", "player", "game", "finished", "won", "score", "played")

VIEW_TABLES = [
    f"CREATE TABLE IF NOT EXISTS {{schema}}{GAMES_TABLE} ("
    "game_id TEXT PRIMARY KEY, position BIGINT NOT NULL, game TEXT NOT NULL, players TEXT NOT NULL, "
    "mode TEXT NOT NULL, status TEXT NOT NULL, scores TEXT NOT NULL, winners TEXT NOT NULL, "
    "moves INTEGER NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL, last_move_at TEXT, "
    "head_hash TEXT NOT NULL, summary TEXT NOT NULL)",
    f"CREATE INDEX IF NOT EXISTS {GAMES_TABLE}_position ON {{schema}}{GAMES_TABLE} (position)",
    f"CREATE TABLE IF NOT EXISTS {{schema}}{PLAYERS_TABLE} ("
    "game_id TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, finished INTEGER NOT NULL, "
    "won INTEGER NOT NULL, score INTEGER NOT NULL, played TEXT NOT NULL, PRIMARY KEY (game_id, player))",
    f"CREATE INDEX IF NOT EXISTS {PLAYERS_TABLE}_player ON {{schema}}{PLAYERS_TABLE} (player, game)",
    f"CREATE INDEX IF NOT EXISTS {PLAYERS_TABLE}_game ON {{schema}}{PLAYERS_TABLE} (game)",
]


class ViewTables:
    """The view tables' reads and writes, the same SQL on SQLite and
    PostgreSQL. A subclass supplies ``schema``, ``param`` and the tracking
    recorder it is mixed into."""

    schema = ""       # "schema." on PostgreSQL
    param = "?"

    def _sql(self, text: str) -> str:
        return text.format(schema=self.schema, p=self.param)

    @contextmanager
    def _cursor(self, commit: bool) -> Iterator[Any]:
        with self.datastore.transaction(commit=commit) as curs:  # type: ignore[attr-defined]
            yield curs

    def _upsert(self, table: str, columns: Sequence[str], keys: Sequence[str], keep: Sequence[str] = (),
                newer: str | None = None) -> str:
        """INSERT, or UPDATE the row with ``keys``; with ``newer``, only when
        the row's ``newer`` column is less than the incoming row's (the
        statement then returns the key when it wrote)."""
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in keys and c not in keep)
        guard = (f" WHERE {{schema}}{table}.{newer} < excluded.{newer} RETURNING {keys[0]}" if newer else "")
        return self._sql(f"INSERT INTO {{schema}}{table} ({', '.join(columns)}) "
                         f"VALUES ({', '.join(['{p}'] * len(columns))}) "
                         f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}{guard}")

    def write(self, games: list[dict[str, Any]], players: list[dict[str, Any]], tracking: Tracking | None,
              after: int | None = None) -> None:
        """The rows a batch of events changed, and the batch's last position,
        in one transaction (IntegrityError if that position was written already;
        no position: rows only).

        A game's rows are written only over older ones (a lower version), so
        a batch that another process overtook can never set a game back,
        whatever path wrote it. Rows go in the order of their keys, the same
        in every process, so two processes writing the same games wait for
        each other instead of deadlocking."""
        by_game: dict[str, list[dict[str, Any]]] = {}
        for row in players:
            by_game.setdefault(row["game_id"], []).append(row)
        with self._cursor(commit=True) as curs:
            game_sql = self._upsert(GAMES_TABLE, GAME_COLUMNS, ["game_id"], keep=["position"], newer="version")
            player_sql = self._upsert(PLAYERS_TABLE, PLAYER_COLUMNS, ["game_id", "player"])
            for row in sorted(games, key=lambda row: row["game_id"]):
                curs.execute(game_sql, [row[c] for c in GAME_COLUMNS])
                if curs.fetchone() is None:
                    continue          # the view already holds this game at this version or later
                for player in sorted(by_game.get(row["game_id"], []), key=lambda p: p["player"]):
                    curs.execute(player_sql, [player[c] for c in PLAYER_COLUMNS])
            if tracking is not None:
                if after is not None:
                    # The batch was read after position ``after``: if the
                    # tracked position is another now (a rebuild started
                    # again from nothing, another process went on), the
                    # batch belongs to no longer and is refused.
                    curs.execute(self._sql(f"SELECT notification_id FROM {{schema}}{TRACKING_TABLE} "
                                           "WHERE application_name = {p}"), [tracking.application_name])
                    row = curs.fetchone()
                    now = (row["notification_id"] if isinstance(row, dict) or hasattr(row, "keys") else row[0]) \
                        if row else 0
                    if (now or 0) != after:
                        raise IntegrityError(f"the views are at {now}, not {after}: the batch is read again")
                self._insert_tracking(curs, tracking)  # type: ignore[attr-defined]

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        with self._cursor(commit=False) as curs:
            curs.execute(self._sql(sql), list(params))
            return [dict(row) for row in curs.fetchall()]

    def games(self) -> list[dict[str, Any]]:
        """Every game's row, oldest first."""
        return self._rows(f"SELECT * FROM {{schema}}{GAMES_TABLE} ORDER BY position")

    def game(self, game_id: UUID | str) -> dict[str, Any] | None:
        rows = self._rows(f"SELECT * FROM {{schema}}{GAMES_TABLE} WHERE game_id = {{p}}", [str(game_id)])
        return rows[0] if rows else None

    def players(self) -> list[dict[str, Any]]:
        """Every (game, player) row, in a fixed order."""
        return self._rows(f"SELECT * FROM {{schema}}{PLAYERS_TABLE} ORDER BY game_id, player")

    def totals(self, player: str | None = None, game: str | None = None) -> list[dict[str, Any]]:
        """Per player and game type: games, finished, won, the sum and best of
        the finished games' scores."""
        once, params = self._played_once(player, game)
        return self._rows(
            "SELECT player, game, COUNT(*) AS games, SUM(finished) AS finished, SUM(won) AS won, "
            "SUM(CASE WHEN finished = 1 THEN score ELSE 0 END) AS total, "
            "MAX(CASE WHEN finished = 1 THEN score END) AS best "
            f"FROM ({once}) AS played_once GROUP BY player, game ORDER BY game, player", params)

    def played_once(self, player: str | None = None, game: str | None = None) -> list[dict[str, Any]]:
        """One row per player and game played (``totals`` before it sums
        them): what the views of several shards are summed from."""
        return self._rows(*self._played_once(player, game))

    @staticmethod
    def _played_once(player: str | None, game: str | None) -> tuple[str, list[Any]]:
        """The query of each player's games played, and its parameters.
        Copies of one game played (imports of the same record) share
        ``played``: each game played counts once."""
        where, params = [], []
        if player is not None:
            where.append("player = {p}")
            params.append(player)
        if game is not None:
            where.append("game = {p}")
            params.append(game)
        return ("SELECT player, game, played, MAX(finished) AS finished, MAX(won) AS won, MAX(score) AS score "
                f"FROM {{schema}}{PLAYERS_TABLE} " + (f"WHERE {' AND '.join(where)} " if where else "")
                + "GROUP BY player, game, played"), params

    def drop_views(self) -> None:
        with self._cursor(commit=True) as curs:
            for table in (GAMES_TABLE, PLAYERS_TABLE, TRACKING_TABLE):
                curs.execute(self._sql(f"DROP TABLE IF EXISTS {{schema}}{table}"))
        self.tracking_table_exists = False
        self.tracking_migration_previous = self.tracking_migration_current = None
        self.create_table()  # type: ignore[attr-defined]


class SQLiteViews(ViewTables, SQLiteTrackingRecorder):
    """The views in the events' SQLite file, with their own tracking table
    (the library's is named ``tracking`` for every projection in a file)."""

    def __init__(self, datastore: Any):
        super().__init__(datastore)
        self.insert_tracking_statement = (
            f"INSERT INTO {TRACKING_TABLE} VALUES (:application_name, :notification_id) "
            "ON CONFLICT (application_name) DO UPDATE SET notification_id = :notification_id "
            f"WHERE {TRACKING_TABLE}.notification_id < :notification_id RETURNING notification_id")
        self.select_max_tracking_id_statement = (
            f"SELECT MAX(notification_id) FROM {TRACKING_TABLE} WHERE application_name=?")

    def construct_create_table_statements(self) -> list[str]:
        return [f"CREATE TABLE IF NOT EXISTS {TRACKING_TABLE} (application_name TEXT, notification_id INTEGER, "
                "PRIMARY KEY (application_name)) WITHOUT ROWID",
                *(statement.format(schema="") for statement in VIEW_TABLES)]


class PostgresViews(ViewTables, PostgresTrackingRecorder):
    """The views in the events' PostgreSQL schema."""

    param = "%s"

    def __init__(self, datastore: Any):
        super().__init__(datastore, tracking_table_name=TRACKING_TABLE)
        self.schema = f'"{datastore.schema}".'
        self.sql_create_statements += [SQL(statement.format(schema=self.schema)) for statement in VIEW_TABLES]

    def _create_table(self, curs: Any) -> None:
        curs.execute("SELECT pg_advisory_xact_lock(7417)")   # one process creates the tables at a time
        super()._create_table(curs)


def open_views(store: Any) -> ViewTables:
    """The view tables beside ``store``'s events, created if missing."""
    datastore = store.recorder.datastore
    views = PostgresViews(datastore) if store.is_postgres else SQLiteViews(datastore)
    if not store.creates_tables:
        return views            # a service role that owns no table: the migration made them
    try:
        views.create_table()
    except IntegrityError:      # another process created them at the same moment: they exist now
        views.create_table()
    return views


class Leader:
    """The right to run the views' projection for one database, held by one
    process at a time and let go when that process ends. ``hold`` tries for
    it without waiting and says whether this process holds it now; ``held``
    says whether it did at the last try."""

    held = True

    def hold(self) -> bool:
        return True

    def release(self) -> None:
        pass


class PostgresLeader(Leader):
    """A session advisory lock on a connection of its own: the server lets it
    go when the process or its connection dies."""

    CHECK_EVERY = 1.0
    """Seconds between checks that the lock's connection still stands."""

    def __init__(self, datastore: Any):
        self.connect_args = dict(datastore.pool.kwargs)
        self.connect_args.pop("row_factory", None)
        self._conn: psycopg.Connection | None = None
        self._checked = 0.0

    @property
    def held(self) -> bool:  # type: ignore[override]
        return self._conn is not None

    def hold(self) -> bool:
        try:
            if self._conn is not None:
                if time.monotonic() - self._checked > self.CHECK_EVERY:
                    self._conn.execute("SELECT 1")        # still connected, so still held
                    self._checked = time.monotonic()
                return True
            conn = psycopg.connect(**self.connect_args, autocommit=True, connect_timeout=2)
        except psycopg.Error:
            self.release()
            return False
        try:
            got = conn.execute("SELECT pg_try_advisory_lock(%s)", [LEADER_LOCK]).fetchone()[0]
        except psycopg.Error:
            got = False
        if got:
            self._conn, self._checked = conn, time.monotonic()
        else:
            conn.close()
        return bool(got)

    def release(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except psycopg.Error:
                pass


class FileLeader(Leader):
    """An exclusive ``flock`` on a file beside the SQLite database."""

    def __init__(self, path: str):
        self.path = path
        self._file: Any = None

    @property
    def held(self) -> bool:  # type: ignore[override]
        return self._file is not None

    def hold(self) -> bool:
        if self._file is not None:
            return True
        try:
            handle = open(self.path, "a+b")
        except OSError:
            return False
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self._file = handle
        return True

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is not None:
            handle.close()


def views_leader(store: Any) -> Leader:
    """Who may run the projection for ``store``'s database."""
    datastore = store.recorder.datastore
    if store.is_postgres:
        return PostgresLeader(datastore)
    name = datastore.pool.db_name
    if datastore.pool.is_sqlite_memory_mode:
        return Leader()         # one process sees this database: it always runs the projection
    return FileLeader(os.path.abspath(name) + "-views.lock")


class Histories(LRUCache):
    """The most recently advanced games' histories; a game let go also lets
    go of what ``let_go`` holds of it (its moves' JSON)."""

    def __init__(self, size: int, let_go: Callable[[UUID], Any]):
        super().__init__(maxsize=size)
        self.let_go = let_go

    def popitem(self) -> tuple[UUID, GameHistory]:
        gid, hist = super().popitem()
        self.let_go(gid)
        return gid, hist


class GameViews(Projection[ViewTables]):
    """Turns each game's events into its row in the game list and one row
    per player. ``summarize`` is the service's summary of a game history."""

    name = "tablelog_views"

    def __init__(self, view: ViewTables, store: Any, summarize: Callable[[GameHistory], dict[str, Any]],
                 cache_size: int = 64):
        super().__init__(view)
        self.store = store
        self.summarize = summarize
        self.cache_size = cache_size
        self._moves: dict[UUID, dict[int, str]] = {}      # the JSON of each game's moves (see _played_text)
        self._histories = Histories(cache_size, lambda gid: self._moves.pop(gid, None))

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        self.process_batch([(domain_event, tracking)])

    def forget(self) -> None:
        """Drop the histories kept in memory (the views are rebuilt from scratch)."""
        self._histories.clear()
        self._moves.clear()

    def process_batch(self, batch: list[tuple[Any | None, Tracking]], after: int | None = None) -> None:
        """Several events at once: each game's rows are written once, with
        the batch's last tracking position, in one transaction. An event that
        could not be read (``None``) is passed over: the audit reports it."""
        touched: dict[UUID, tuple[GameHistory, int]] = {}
        for domain_event, tracking in batch:
            if domain_event is None or not is_game_event(domain_event):
                continue        # a sealed seed or an anchor: not a game's
            gid = domain_event.originator_id
            try:
                hist = self._advance(domain_event)
            except Exception:      # a record the rules cannot read: verify names it
                log.warning("game %s event %s left out of the views", gid, domain_event.originator_version,
                            exc_info=True)
                self._histories.pop(gid, None)
                self._moves.pop(gid, None)
                continue
            position = touched[gid][1] if gid in touched else tracking.notification_id
            touched[gid] = (hist, position)
        rows = []
        for gid, (hist, position) in touched.items():
            try:
                rows.append(self.rows(hist, position))
            except Exception:      # its summary cannot be made: verify names the game
                log.warning("game %s left out of the views", gid, exc_info=True)
                self._histories.pop(gid, None)
                self._moves.pop(gid, None)
        tracking = batch[-1][1]
        for attempt in range(DEADLOCK_ATTEMPTS):
            try:
                self.view.write([game for game, _ in rows], [p for _, players in rows for p in players], tracking,
                                after)
                return
            except IntegrityError:
                raise
            except OperationalError:
                # A deadlock or a serialization failure (the database chose
                # this transaction to roll back): the same batch again.
                log.info("the views' batch was rolled back; trying again", exc_info=True)
                time.sleep(0.05 * (attempt + 1))
            except Exception:
                break
        else:
            raise OperationalError("the views' batch was rolled back every time it was tried")
        # One game's rows the database will not take must not hold up every
        # other game's: each game alone, then the position.
        log.warning("the views' batch was refused; writing game by game")
        for game_row, player_rows in rows:
            try:
                self.view.write([game_row], player_rows, None)
            except IntegrityError:
                raise
            except Exception:
                log.warning("game %s left out of the views", game_row["game_id"], exc_info=True)
        self.view.write([], [], tracking, after)

    def _advance(self, domain_event: Any) -> GameHistory:
        gid, version = domain_event.originator_id, domain_event.originator_version
        hist = self._histories.get(gid)
        if hist is None and version == 1:
            hist = GameHistory(domain_event)
        elif hist is None:
            # Not in memory (evicted, or a runner started late): its events up to this one.
            events = self.store.events.get(gid, lte=version)
            hist = GameHistory(next(events))
            hist.feed(events)
        elif hist.version < version - 1:
            hist.feed(self.store.events.get(gid, gt=hist.version, lte=version))
        else:
            # The next event, or one this history already holds (a batch that
            # lost its race is read again): never rebuilt from the start; a
            # row from a history ahead of the batch only shows a later version.
            hist.feed([domain_event])
        self._histories[gid] = hist
        return hist

    def _played_text(self, hist: GameHistory) -> str:
        """What identifies the game played: its start and its effective
        moves, as ``json.dumps([game, players, options, mode, seed, [move,
        ...]], sort_keys=True, default=str)`` writes them. A recorded move
        never changes, so each is written once and kept (``_moves``): a
        batch joins the texts instead of writing every move of the game again."""
        started = hist.started
        texts = self._moves.get(hist.id)
        if texts is None:
            texts = self._moves[hist.id] = {}
        moves = []
        for number in hist.effective:
            text = texts.get(number)
            if text is None:
                text = texts[number] = json.dumps(hist.entry(number).move, sort_keys=True, default=str)
            moves.append(text)
        head = [json.dumps(part, sort_keys=True, default=str) for part in
                (started.game, started.players, started.options, started.mode, started.seed)]
        return "[" + ", ".join([*head, "[" + ", ".join(moves) + "]"]) + "]"

    def rows(self, hist: GameHistory, position: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The game's row and its players' rows as the history stands."""
        summary = self.summarize(hist)
        started = hist.started
        moved = [entry.recorded_at for entry in hist.entries]
        moved += [h["at"] for entry in hist.entries for h in entry.history]
        game_row = {
            "game_id": str(hist.id), "position": position, "game": started.game,
            "players": json.dumps(started.players), "mode": started.mode,
            "status": "finished" if summary["finished"] else "playing",
            "scores": json.dumps(summary["scores"]), "winners": json.dumps(summary["winners"]),
            "moves": summary["moves"], "version": hist.version, "created_at": summary["created_at"],
            "last_move_at": max(moved).isoformat() if moved else None,
            "head_hash": hist.record.last_hash, "summary": json.dumps(summary),
        }
        scores, winners = summary["scores"], summary["winners"]
        # A fork is no game played: it has no player rows. A copy (a record
        # imported again, here or from elsewhere) has the same ``played`` as
        # the game it copies, so each game played counts once. Players are
        # matched by their names' normalised form.
        played = hashlib.sha256(self._played_text(hist).encode()).hexdigest()
        player_rows = [] if hist.record.forked_from is not None else [
            {"game_id": str(hist.id), "player": player_key(player), "game": started.game,
             "finished": int(summary["finished"]), "won": int(player in winners),
             "score": scores.get(player, 0), "played": played} for player in started.players]
        return game_row, player_rows


class ViewReader(ABC):
    """The players' statistics and leaderboards over ``totals`` (one
    database's, or several shards' summed) once ``fresh`` has run."""

    @abstractmethod
    def fresh(self) -> None:
        """Bring the views up to this process's own writes."""

    @abstractmethod
    def totals(self, player: str | None = None, game: str | None = None) -> list[dict[str, Any]]:
        """Each player's totals per game type (of ``player``, of ``game``)."""

    def player(self, name: str) -> list[dict[str, Any]]:
        """``name``'s results per game type with their place on its leaderboard."""
        self.fresh()
        name = player_key(name)
        mine = self.totals(player=name)
        out = []
        for row in mine:
            board = self.leaderboard(row["game"], caught_up=True)
            rank = next(entry["rank"] for entry in board if entry["player"] == name)
            out.append({**stats(row), "rank": rank, "ranked": len(board)})
        return out

    def leaderboard(self, game: str, caught_up: bool = False) -> list[dict[str, Any]]:
        """Every player of ``game``, most wins first, then the best average
        score of finished games; equal players share a rank."""
        if not caught_up:
            self.fresh()
        rows = [stats(row) for row in self.totals(game=game)]
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
        """Why the last try to bring the views up to date failed (None: it did not; readiness reads it)."""

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
            while True:
                position = self.position
                notifications = self.store.recorder.select_notifications(position + 1, self.batch_size)
                if not notifications:
                    return done
                batch = [(self._decode(n), Tracking(self.store.name, n.id)) for n in notifications]
                try:
                    self.projection.process_batch(batch, position)
                except IntegrityError:
                    continue          # another process got there first: read the position again
                # Counted: the games' own events (a sealed seed or an anchor is passed over).
                games_events = sum(1 for e, _ in batch if e is None or is_game_event(e))
                done += games_events
                if progress:
                    progress(games_events)

    def _decode(self, notification: Any) -> Any | None:
        try:
            return self.store.mapper.to_domain_event(notification)
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
        wait = 0.0
        while not self._stop.wait(wait):
            if not self.leader.hold():
                wait = interval
                continue
            try:
                # After a batch too: the events that come meanwhile make the
                # next batch, whose rows are written once a game (under load
                # a batch right after the last held one or two events, and
                # its reads and writes cost as much as one of many).
                self.catch_up()
                self.failing = None
                wait = poll
            except Exception as error:
                log.exception("the views could not catch up; trying again")
                self.failing = _first_line(error)
                wait = interval

    def fresh(self) -> None:
        """Bring the views past every event stored before this call: wait
        for the runner (another process's thread, at most ``FRESH_WAIT``
        seconds), or catch up here when this process runs the projection,
        runs no thread, or the runner is late. A read never fails for want
        of writing: when the views cannot be written (a read-only database,
        a full disk), it is served from what they hold."""
        if self._thread is None or self.leader.held:
            self._catch_up_for_reader()
            return
        target = self.store.recorder.max_notification_id() or 0
        deadline = time.monotonic() + FRESH_WAIT
        pause = 0.005
        while self.position < target:
            if time.monotonic() >= deadline:
                log.info("the views' runner is late: this reader catches up itself")
                self._catch_up_for_reader()
                return
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def _catch_up_for_reader(self) -> None:
        try:
            self.catch_up()
            self.failing = None
        except PersistenceError as error:
            self.failing = _first_line(error)
            log.warning("the views cannot be brought up to date (%s); read as they are", self.failing)

    # -- reading ---------------------------------------------------------------------
    def summaries(self) -> list[dict[str, Any]]:
        """Every game's summary, oldest first, with its status and last move time."""
        self.fresh()
        return [{**json.loads(row["summary"]), "status": row["status"], "last_move_at": row["last_move_at"]}
                for row in self.tables.games()]

    def totals(self, player: str | None = None, game: str | None = None) -> list[dict[str, Any]]:
        return self.tables.totals(player, game)


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

    def fresh(self) -> None:
        for views in self.shards:
            views.fresh()

    def pending(self) -> int:
        return sum(views.pending() for views in self.shards)

    def catch_up(self, progress: Callable[[int], None] | None = None) -> int:
        return sum(views.catch_up(progress) for views in self.shards)

    def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        return sum(views.rebuild(progress) for views in self.shards)

    def summaries(self) -> list[dict[str, Any]]:
        """Every game's summary, oldest first across the shards."""
        merged = [summary for views in self.shards for summary in views.summaries()]
        return sorted(merged, key=lambda summary: summary["created_at"])

    def totals(self, player: str | None = None, game: str | None = None) -> list[dict[str, Any]]:
        return summed_totals(row for views in self.shards for row in views.tables.played_once(player, game))


def summed_totals(played: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``ViewTables.totals`` over the games played rows of several shards:
    the copies of one game played on different shards count once, as they
    do within one shard."""
    once: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in played:
        key = (row["player"], row["game"], row["played"])
        seen = once.get(key)
        once[key] = dict(row) if seen is None else {
            **seen, **{column: max(seen[column], row[column]) for column in ("finished", "won", "score")}}
    totals: dict[tuple[str, str], dict[str, Any]] = {}
    for row in once.values():
        total = totals.setdefault((row["game"], row["player"]), {
            "player": row["player"], "game": row["game"], "games": 0, "finished": 0, "won": 0, "total": 0,
            "best": None})
        total["games"] += 1
        total["finished"] += row["finished"]
        total["won"] += row["won"]
        if row["finished"]:
            total["total"] += row["score"]
            total["best"] = row["score"] if total["best"] is None else max(total["best"], row["score"])
    return [totals[key] for key in sorted(totals)]


def stats(row: dict[str, Any]) -> dict[str, Any]:
    """A totals row as the API shows it."""
    finished = int(row["finished"] or 0)
    return {"player": row["player"], "game": row["game"], "games": int(row["games"]), "played": finished,
            "running": int(row["games"]) - finished, "won": int(row["won"] or 0),
            "average_score": round(int(row["total"] or 0) / finished, 2) if finished else None,
            "best_score": int(row["best"]) if row["best"] is not None else None}

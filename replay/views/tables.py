"""The views' tables (the game list, the players' rows, the tracking position)
beside the events, on SQLite or PostgreSQL."""
from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Any, Iterator, Sequence
from uuid import UUID

from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.postgres import PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteTrackingRecorder
from psycopg.sql import SQL

from domain.groups import DEFAULT_GROUP

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
                "version", "created_at", "last_move_at", "head_hash", "summary", "group_id")
PLAYER_COLUMNS = ("game_id", "player", "game", "finished", "won", "score", "played", "group_id")
GROUP_COLUMN = "group_id TEXT NOT NULL DEFAULT '{default}'"
"""Each row's group (domain.groups): rows written before groups are the default group's."""

VIEW_TABLES = [
    f"CREATE TABLE IF NOT EXISTS {{schema}}{GAMES_TABLE} ("
    "game_id TEXT PRIMARY KEY, position BIGINT NOT NULL, game TEXT NOT NULL, players TEXT NOT NULL, "
    "mode TEXT NOT NULL, status TEXT NOT NULL, scores TEXT NOT NULL, winners TEXT NOT NULL, "
    "moves INTEGER NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL, last_move_at TEXT, "
    "head_hash TEXT NOT NULL, summary TEXT NOT NULL, " + GROUP_COLUMN.format(default=DEFAULT_GROUP) + ")",
    f"CREATE INDEX IF NOT EXISTS {GAMES_TABLE}_position ON {{schema}}{GAMES_TABLE} (position)",
    f"CREATE TABLE IF NOT EXISTS {{schema}}{PLAYERS_TABLE} ("
    "game_id TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, finished INTEGER NOT NULL, "
    "won INTEGER NOT NULL, score INTEGER NOT NULL, played TEXT NOT NULL, "
    + GROUP_COLUMN.format(default=DEFAULT_GROUP) + ", PRIMARY KEY (game_id, player))",
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

    def games(self, group: UUID | str | None = None) -> list[dict[str, Any]]:
        """Every game's row (of ``group``), oldest first."""
        if group is None:
            return self._rows(f"SELECT * FROM {{schema}}{GAMES_TABLE} ORDER BY position")
        return self._rows(f"SELECT * FROM {{schema}}{GAMES_TABLE} WHERE group_id = {{p}} ORDER BY position",
                          [str(group)])

    def game(self, game_id: UUID | str) -> dict[str, Any] | None:
        rows = self._rows(f"SELECT * FROM {{schema}}{GAMES_TABLE} WHERE game_id = {{p}}", [str(game_id)])
        return rows[0] if rows else None

    def players(self) -> list[dict[str, Any]]:
        """Every (game, player) row, in a fixed order."""
        return self._rows(f"SELECT * FROM {{schema}}{PLAYERS_TABLE} ORDER BY game_id, player")

    def totals(self, player: str | None = None, game: str | None = None,
               group: UUID | str | None = None) -> list[dict[str, Any]]:
        """Per player and game type (in ``group``'s games): games, finished,
        won, the sum and best of the finished games' scores."""
        once, params = self._played_once(player, game, group)
        return self._rows(
            "SELECT player, game, COUNT(*) AS games, SUM(finished) AS finished, SUM(won) AS won, "
            "SUM(CASE WHEN finished = 1 THEN score ELSE 0 END) AS total, "
            "MAX(CASE WHEN finished = 1 THEN score END) AS best "
            f"FROM ({once}) AS played_once GROUP BY player, game ORDER BY game, player", params)

    def played_once(self, player: str | None = None, game: str | None = None,
                    group: UUID | str | None = None) -> list[dict[str, Any]]:
        """One row per player and game played (``totals`` before it sums
        them): what the views of several shards are summed from."""
        return self._rows(*self._played_once(player, game, group))

    def player_rows(self, player: str | None = None, game: str | None = None,
                    group: UUID | str | None = None) -> list[dict[str, Any]]:
        """The (game, player) rows of ``player``, of ``game``, of ``group``, each game's own."""
        where, params = self._where(player, game, group)
        return self._rows(f"SELECT * FROM {{schema}}{PLAYERS_TABLE} {where}", params)

    @staticmethod
    def _where(player: str | None, game: str | None, group: UUID | str | None = None) -> tuple[str, list[Any]]:
        where, params = [], []
        for column, value in (("player", player), ("game", game), ("group_id", group)):
            if value is not None:
                where.append(f"{column} = {{p}}")
                params.append(str(value))
        return (f"WHERE {' AND '.join(where)} " if where else ""), params

    @classmethod
    def _played_once(cls, player: str | None, game: str | None,
                     group: UUID | str | None = None) -> tuple[str, list[Any]]:
        """The query of each player's games played, and its parameters.
        Copies of one game played (imports of the same record) share
        ``played``: each game played counts once."""
        where, params = cls._where(player, game, group)
        return ("SELECT player, game, played, MAX(finished) AS finished, MAX(won) AS won, MAX(score) AS score "
                f"FROM {{schema}}{PLAYERS_TABLE} {where}GROUP BY player, game, played"), params

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

"""The players' view gained ``played`` (copies of one game played count
once) under a new name, ``tablelog_view_players_v2``; a database still
holding the first ``tablelog_view_players`` has views that were never
rebuilt with it (the tracking position says they are up to date while the
new table is empty). Drop the old table and empty the views: the views'
runner rebuilds them from the events (which are not touched)."""
import sqlite3

from yoyo import step

__depends__ = {"0001.baseline"}


def retire(conn):
    cursor = conn.cursor()
    if isinstance(conn, sqlite3.Connection):
        cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tablelog_view_players'")
    else:
        cursor.execute("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() "
                       "AND tablename = 'tablelog_view_players'")
    if cursor.fetchone() is None:
        return
    cursor.execute("DROP TABLE tablelog_view_players")
    cursor.execute("DELETE FROM tablelog_view_players_v2")
    cursor.execute("DELETE FROM tablelog_view_games")
    # The position the views were built to (eventsourcing keeps a row of its
    # own in the table, ``__migration__``: the table's layout, kept).
    cursor.execute("DELETE FROM tablelog_view_tracking WHERE application_name <> '__migration__'")


steps = [step(retire)]

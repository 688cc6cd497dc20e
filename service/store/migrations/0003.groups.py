"""Groups: every game belongs to one. The views' rows gain ``group_id``;
the rows already there are the default group's, as is every game stored
before groups (its Started event names no group, see domain.groups), so
nothing is rebuilt. The events are not touched: old games stay where they
are and every token they handed out keeps working."""
import sqlite3

from yoyo import step

__depends__ = {"0002.players-played"}


def add_group(conn):
    from domain.groups import DEFAULT_GROUP
    from replay.views.tables import GAMES_TABLE, GROUP_COLUMN, PLAYERS_TABLE
    cursor = conn.cursor()
    for table in (GAMES_TABLE, PLAYERS_TABLE):
        if isinstance(conn, sqlite3.Connection):
            cursor.execute(f"SELECT name FROM pragma_table_info('{table}')")
        else:
            cursor.execute("SELECT column_name FROM information_schema.columns "
                           "WHERE table_schema = current_schema() AND table_name = %s", (table,))
        if "group_id" not in {row[0] for row in cursor.fetchall()}:
            cursor.execute(f"ALTER TABLE {table} ADD COLUMN {GROUP_COLUMN.format(default=DEFAULT_GROUP)}")


steps = [step(add_group)]

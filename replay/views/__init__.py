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
until the runner has passed every event stored before the read began; what
the runner has not processed by then (it is late or stuck, the database is
read-only, or no thread runs here: the command line, tests) the reader
computes in memory from those events and adds to the views' rows, so it
never sees a view behind its own process's writes and a read never writes:
only the runner (or an explicit ``catch_up``, ``rebuild``) writes the views.
Recording a move does no view work at all.

Player statistics are aggregated when read from one row per game and player:
undo can reopen a finished game, and a best score cannot be subtracted again.
"""
from replay.views.tables import FRESH_WAIT, GAMES_TABLE, PLAYERS_TABLE, TRACKING_TABLE, open_views
from replay.views.readers import MergedViews, Views

__all__ = ["FRESH_WAIT", "GAMES_TABLE", "MergedViews", "PLAYERS_TABLE", "TRACKING_TABLE", "Views", "open_views"]

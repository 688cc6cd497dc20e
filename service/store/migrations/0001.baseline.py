"""The schema as tablelog made it before its migration history: the events
and snapshots tables and, on PostgreSQL, the insert function (created by
eventsourcing's recorders), and the views' tables. Everything is created
only where missing, so a database made before the history is stamped
without a change. (The append-only trigger is checked at every start as the
tables' owner, and put back with a warning when missing: not a migration.)"""
from yoyo import step

from service.store.history import store_being_migrated

__depends__: set[str] = set()


def create(_conn):
    from replay.views import open_views
    from service.store.database import create_tables
    store = store_being_migrated.get()
    create_tables(store)
    open_views(store)


steps = [step(create)]

"""``tablelog migrate``: the store's migration history applied to every
database of the shard map, or listed (service/store/history.py)."""
from __future__ import annotations

from typing import Sequence

from service.ops.terminal import Failure, print_json, shown
from service.store.shards import shard_urls


def migrate_command(database: str | None, shards: Sequence[str],
                    service_role: str | None, status_only: bool, as_json: bool) -> int:
    """Apply the migration history to every database of the shard map (or,
    with ``status_only``, say where each stands); exit 1 when ``--status``
    finds migrations pending."""
    from psycopg.errors import UndefinedObject

    from service.store.database import migrate, migration_status
    from service.store.shards import open_shards
    found = []
    for number, url in enumerate(shard_urls(database, shards)):
        where = f"shard {number}: " if number else ""
        if status_only:
            had = migration_status(url)
            said = [f"applied: {', '.join(had.applied) or 'none'}", f"pending: {', '.join(had.pending) or 'none'}"]
        else:
            try:
                said, had = migrate(url, service_role)
            except UndefinedObject:
                raise Failure(f"there is no PostgreSQL role {service_role!r} to grant the service's rights to: "
                              f"create it first (CREATE ROLE \"{service_role}\" LOGIN), then migrate again.", 2)
        found.append({"shard": number, "database": shown(url), **had.as_json()})
        if not as_json:
            for line in said:
                print(f"tablelog: {where}{line}.")
    if not status_only:
        open_shards(database, shards, migrate=True).close()       # each database marked with its shard's number
    if as_json:
        print_json({"databases": found})
    return 1 if status_only and any(entry["pending"] for entry in found) else 0

"""``tablelog invite``: an invite to the default group, made by whoever holds
the database (the machine the embedded service runs on owns that group).
On a production server, where no browser is the default group's owner, it is
how the games recorded before groups are reached again: the phone that opens
the invite link joins the group that holds them."""
from __future__ import annotations

import sys
from typing import Sequence


def invite_command(database: str | None, shards: Sequence[str]) -> int:
    from service.app.games import Games
    from service.app.groups import LOCAL_MEMBER
    from service.store.shards import open_shards
    store = open_shards(database, shards)
    try:
        games = Games(store, keyring=None)
        games.ensure_default_group()
        made = games.make_invite(LOCAL_MEMBER)
    finally:
        store.close()
    print(made["token"])
    print("tablelog: an invite to this database's default group; open <page>#/join/<invite> on the phone that "
          "joins (or POST it to /api/groups/join). It works until it is revoked.", file=sys.stderr)
    return 0

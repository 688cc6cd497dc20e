"""Games named on the command line by a unique prefix of their id, the way
git takes a commit's: ``tablelog log 3f2a`` when no other game's id starts
with ``3f2a``."""
from __future__ import annotations

import re
from typing import Iterable
from uuid import UUID

from service.ops.terminal import Failure

SHORTEST = 4
"""Characters a prefix needs at the least (fewer would name too many games to be useful)."""
HEX = re.compile(r"[0-9a-f-]+")


def resolve(given: str, ids: Iterable[UUID]) -> str:
    """The whole id of the one game whose id starts with ``given``; a whole id as it is."""
    text = given.strip().lower()
    try:
        return str(UUID(text))
    except ValueError:
        pass
    if not HEX.fullmatch(text) or len(text.replace("-", "")) < SHORTEST:
        raise Failure(f"{given!r} is not a game id, nor a prefix of one (at least {SHORTEST} of its hex digits).")
    bare = text.replace("-", "")
    found = sorted(str(gid) for gid in ids if gid.hex.startswith(bare))
    if not found:
        raise Failure(f"no game's id starts with {given}.")
    if len(found) > 1:
        shown = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
        raise Failure(f"{given} is the start of {len(found)} games' ids ({shown}): give more of it.")
    return found[0]

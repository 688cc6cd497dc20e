"""A write moves the game's kept anchor in place: the anchor this process
keeps is the one each write moved and saved, at the game's head, and stays
the same object from write to write (it is not put in the kept anchors
again)."""
from __future__ import annotations

import random

from domain.rules import random_move
from domain.willi import GAME as WILLI
from replay.anchors import read_anchor
from service.app.games import Games
from service.store.database import open_store
from service.store.keys import ephemeral_keyring


def test_each_write_moves_the_kept_anchor_to_the_head_it_saved(tmp_path):
    store = open_store(f"sqlite:///{tmp_path}/anchors.sqlite3")
    try:
        games = Games(store, ephemeral_keyring())
        created = games.create("willi", ["Alex", "Joe", "Gunter", "Hanna"])
        gid, token = Games.parse_id(created["id"]), created["tokens"]["scorekeeper"]
        kept = games._anchors[gid]
        rng = random.Random(5)
        for _ in range(12):
            games.record_move(created["id"], random_move(WILLI, games.history(gid).state, rng), token)
            record = games.history(gid).record
            assert games._anchors[gid] is kept
            assert kept.head["version"] == record.version and kept.head["hash"] == record.last_hash
            stored = read_anchor(store, gid)
            assert stored.version == kept.version and stored.head == kept.head
    finally:
        store.close()

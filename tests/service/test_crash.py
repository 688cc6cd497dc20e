"""Part of the store contract: a process killed while it records moves
(SIGKILL, no clean-up) loses nothing it acknowledged and leaves no half-written
event: the game opens, verifies clean and takes the next move."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap

import pytest

from domain.rules import random_move
from domain.willi import GAME
from service.app.games import Games
from service.store.database import open_store

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]

RECORDER = textwrap.dedent("""
    import random, sys
    from domain.rules import random_move
    from domain.willi import GAME
    from service.app.games import Games
    from service.store.database import open_store

    games = Games(open_store(sys.argv[1]))
    game_id, token, rng = sys.argv[2], sys.argv[3], random.Random(int(sys.argv[4]))
    while True:
        state = games.history(game_id).state
        if GAME.finished(state):
            break
        answer = games.record_move(game_id, random_move(GAME, state, rng), token)
        print(answer["version"], flush=True)         # acknowledged
""")


@pytest.mark.store
def test_a_process_killed_while_recording_loses_nothing_it_acknowledged(database):
    games = Games(open_store(database))
    try:
        created = games.create("willi", FOUR)
        gid, token = created["id"], created["tokens"]["scorekeeper"]
        child = subprocess.Popen([sys.executable, "-c", RECORDER, database, gid, token, "7"],
                                 stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        acknowledged = 0
        for line in child.stdout:
            acknowledged = int(line)
            if acknowledged >= 40:
                break
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert acknowledged >= 40, "the recorder stopped before it was killed"
    finally:
        games.store.close()
    again = Games(open_store(database))
    try:
        hist = again.history(gid)
        assert hist.version >= acknowledged
        verdict = again.verify(gid)
        assert verdict.ok, [p.message for p in verdict.problems]
        move, version = random_move(GAME, hist.state, random.Random(1)), hist.version
        assert again.record_move(gid, move, token)["version"] == version + 1
    finally:
        again.store.close()

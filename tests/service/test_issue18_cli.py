"""Issue 18, finding 7 (in part): ``tablelog log --json | head`` ended in a
traceback; a closed pipe now ends the command quietly."""
from __future__ import annotations

import random
import subprocess
import sys

from domain.rules import random_game
from domain.willi import GAME
from service.games import Games
from service.store import open_store

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    database = f"sqlite:///{tmp_path / 'pipe.sqlite3'}"
    games = Games(open_store(database))
    created = games.create("willi", PLAYERS)
    for move in random_game(GAME, PLAYERS, {}, random.Random(2)):
        games.record_move(created["id"], move, created["tokens"]["scorekeeper"])
    games.store.close()
    head = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdout.write(sys.stdin.read(100))"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    log = subprocess.run([sys.executable, "-m", "service.cli", "log", "--json", created["id"], "--database",
                          database], stdout=head.stdin, stderr=subprocess.PIPE, timeout=60)
    head.stdin.close()
    assert head.stdout.read().startswith(b"{")
    head.wait()
    assert log.stderr == b"", log.stderr.decode()[-600:]

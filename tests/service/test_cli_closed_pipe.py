"""A closed pipe ends a command quietly: ``tablelog log --json | head``
prints no traceback."""
from __future__ import annotations

import os
import random
import subprocess
import sys

from domain.table import random_game
from domain.willi import GAME
from service.app.games import Games
from service.store.database import open_store

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path):
    database = f"sqlite:///{tmp_path / 'pipe.sqlite3'}"
    games = Games(open_store(database))
    created = games.create("willi", PLAYERS)
    for move in random_game(GAME, PLAYERS, {}, random.Random(2)):
        games.record_move(created["id"], move, created["tokens"]["scorekeeper"])
    games.store.close()
    read, write = os.pipe()
    os.close(read)                                   # the reader is gone before the command writes
    log = subprocess.run([sys.executable, "-m", "service.ops.cli", "log", "--json", created["id"], "--database",
                          database], stdout=write, stderr=subprocess.PIPE, timeout=60)
    os.close(write)
    assert log.stderr == b"", log.stderr.decode()[-600:]


def test_names_recorded_before_names_were_checked_are_shown_escaped(tmp_path, monkeypatch, capsys):
    """A stored name with terminal escapes is printed harmlessly by
    ``tablelog games`` and ``log`` (it cannot clear the operator's screen)."""
    from service.ops.cli import main
    database = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    games = Games(open_store(database))
    monkeypatch.setattr("service.app.commands.check_new_names", lambda players, reserved: None, raising=False)   # a record stored before names were checked
    created = games.create("willi", ["\x1b[2JAnn", "Bob\u202e", "Cid", "Dee"])
    games.record_move(created["id"], random_game(GAME, ["\x1b[2JAnn", "Bob\u202e", "Cid", "Dee"], {},
                                                 random.Random(1))[0], created["tokens"]["scorekeeper"])
    games.store.close()
    for command in (["games"], ["log", created["id"]]):
        assert main([*command, "--database", database]) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\u202e" not in out, out
    assert main(["games", "--database", database]) == 0
    assert "\\x1b[2JAnn" in capsys.readouterr().out


def test_replay_rebuild_counts_every_event_even_with_a_server_catching_up_beside_it(tmp_path, capsys):
    """``replay rebuild`` counts every event, those a running server's views
    wrote too."""
    from service.ops.cli import main
    database = f"sqlite:///{tmp_path / 'rebuild.sqlite3'}"
    server = Games(open_store(database))
    ids = []
    for seed in range(3):
        created = server.create("willi", PLAYERS)
        ids.append(created["id"])
        for move in random_game(GAME, PLAYERS, {}, random.Random(seed))[:30]:
            server.record_move(created["id"], move, created["tokens"]["scorekeeper"])
    total = sum(server.history(gid).record.version for gid in ids)    # every game event (not the anchors)
    server.views.batch_size = 7
    server.views.start(interval=0.001)          # the server keeps catching up while the command rebuilds
    try:
        assert main(["replay", "rebuild", "--database", database]) == 0
    finally:
        server.views.stop()
    assert f"{total} events processed; 3 games" in capsys.readouterr().out
    server.store.close()

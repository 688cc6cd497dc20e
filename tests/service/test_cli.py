"""The tablelog command."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

from service.ops.cli import main
from service.app.games import Games
from service.store.database import open_store


def test_games_and_log_list_what_was_recorded(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    games = Games(open_store(url))
    created = games.create("willi", ["Alex", "Joe", "Gunter", "Hanna"])
    games.record_move(created["id"], {"type": "deal", "hands": {s: None for s in ["Alex", "Joe", "Gunter", "Hanna"]}},
                      created["tokens"]["scorekeeper"])
    games.record_move(created["id"], {"type": "discard", "seat": "Joe", "card": None}, created["tokens"]["scorekeeper"])
    games.undo(created["id"], created["tokens"]["scorekeeper"])
    assert main(["--database", url, "games"]) == 0
    out = capsys.readouterr().out
    assert created["id"] in out and "willi" in out and "moves    1" in out
    assert main(["log", created["id"], "--database", url]) == 0
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert lines[0].startswith("   1.") and "deal" in lines[0]
    assert "(undone)" in lines[1] and "discard" in lines[1]
    assert main(["--database", url, "log", created["id"], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["entries"][1]["undone"] is True
    assert main(["--database", url, "log", "00000000-0000-0000-0000-000000000000"]) == 1


def test_serve_starts_the_service_on_an_sqlite_file(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "TABLELOG_DATABASE_URL": ""}
    proc = subprocess.Popen([sys.executable, "-m", "service.ops.cli", "serve", "--port", str(port)],
                            cwd=tmp_path, env={**env, "PYTHONPATH": os.getcwd()},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as r:
                    assert json.load(r) == {"ok": True, "database": "sqlite"}
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError(proc.stdout.read1().decode() if proc.poll() is not None else "no answer")
        assert (tmp_path / "tablelog.sqlite3").exists()       # the default database, here
    finally:
        proc.terminate()
        proc.wait(timeout=10)

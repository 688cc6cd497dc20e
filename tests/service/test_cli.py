"""The tablelog command."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request

from service.ops.cli import main
from service.app.games import Games
from service.store.database import open_store
from tests.waiting import wait_until


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
        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read().decode())
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as r:
                    assert json.load(r) == {"ok": True, "database": "sqlite"}
                    return True
            except OSError:
                return False
        assert wait_until(answers, pause=0.1), "the service did not answer"
        assert (tmp_path / "tablelog.sqlite3").exists()       # the default database, here
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_commands_sentences_follow_lang_or_the_environment(tmp_path, capsys, monkeypatch):
    """A refusal the command passes on (an imported record's illegal move) in
    the reader's language: ``--lang``, else LANGUAGE/LC_ALL/LC_MESSAGES/LANG."""
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    games = Games(open_store(url))
    seats = ["Alex", "Joe", "Gunter", "Hanna"]
    hands = {"Alex": ["R1", "R2", "R3", "Y4", "Y5", "G6", "G7", "B8", "B9"],
             "Joe": ["R4", "R5", "R6", "Y1", "Y2", "G1", "G2", "B1", "B2"],
             "Gunter": ["R7", "R8", "R9", "Y3", "Y6", "G3", "G4", "B3", "B4"],
             "Hanna": ["Y7", "Y8", "Y9", "G5", "G8", "G9", "B5", "B6", "B7"]}
    created = games.create("willi", seats)
    games.record_move(created["id"], {"type": "deal", "hands": hands}, created["tokens"]["scorekeeper"])
    games.record_move(created["id"], {"type": "discard", "seat": "Alex", "card": "R1"}, created["tokens"]["scorekeeper"])
    record = tmp_path / "game.jsonl"
    assert main(["--database", url, "export", created["id"], "--out", str(record)]) == 0
    record.write_text("\n".join(line.replace('"R1"', '"R4"') if '"discard"' in line else line
                                for line in record.read_text(encoding="utf-8").splitlines()) + "\n", encoding="utf-8")
    capsys.readouterr()
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert main(["--database", url, "import", str(record)]) == 1
    assert capsys.readouterr().err.strip() == "tablelog: Move 2 of the record: You do not hold R4."
    assert main(["--lang", "de", "--database", url, "import", str(record)]) == 1
    assert capsys.readouterr().err.strip() == "tablelog: Zug 2 der Aufzeichnung: Du hast R4 nicht auf der Hand."
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert main(["--database", url, "import", str(record)]) == 1
    assert "Du hast R4 nicht auf der Hand" in capsys.readouterr().err
    assert main(["--lang", "en", "--database", url, "import", str(record)]) == 1
    assert "You do not hold R4" in capsys.readouterr().err

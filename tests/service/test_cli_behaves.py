"""The command line as a user and a script meet it: --version, --json on
every listing, one error form, unique id prefixes, the notation in the log,
progress only at a terminal."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from uuid import UUID

import pytest

from domain.willi import GAME
from service.app.games import Games
from service.ops.cli import main
from service.ops.prefixes import resolve
from service.ops.terminal import Failure
from service.store.database import open_store

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
DEAL = {"type": "deal", "hands": {seat: None for seat in FOUR}}


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'cli.sqlite3'}"


@pytest.fixture
def game(url):
    games = Games(open_store(url))
    created = games.create("willi", FOUR)
    games.record_move(created["id"], DEAL, created["tokens"]["scorekeeper"])
    games.store.close()
    return created["id"]


def test_version_says_the_installed_version(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out.strip() == "tablelog 0.1.0"


def test_games_lists_as_json(url, game, capsys):
    assert main(["games", "--json", "--database", url]) == 0
    listed = json.loads(capsys.readouterr().out)["games"]
    assert [(g["id"], g["game"], g["moves"]) for g in listed] == [(game, "willi", 1)]


def test_verify_answers_as_json_with_its_exit_code(url, game, capsys):
    assert main(["replay", "verify", game[:8], "--json", "--database", url]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["damaged"] == [] and verdict["games"][0]["id"] == game and verdict["games"][0]["ok"] is True


def test_import_says_what_it_made_in_words_or_as_json(url, game, tmp_path, capsys):
    record = tmp_path / "game.jsonl"
    assert main(["export", game, "-o", str(record), "--database", url]) == 0
    assert main(["import", str(record), "--database", url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("imported as game ") and "the scorekeeper's token: " in out and "{'" not in out
    assert main(["import", str(record), "--json", "--database", url]) == 0
    created = json.loads(capsys.readouterr().out)
    assert set(created) >= {"id", "version", "tokens"}


def test_a_unique_prefix_names_a_game(url, game, capsys):
    assert main(["log", game[:6], "--database", url]) == 0
    assert capsys.readouterr().out.startswith("   1. ")
    assert main(["export", game[:9].upper(), "--database", url]) == 0     # dashes and case as git takes them
    assert capsys.readouterr().out.startswith("{")
    assert main(["log", "zz-not-hex", "--database", url]) == 1
    assert capsys.readouterr().err.startswith("tablelog: ")


def test_an_ambiguous_or_too_short_prefix_is_refused():
    ids = [UUID("3f2a0000-0000-4000-8000-000000000001"), UUID("3f2a0000-0000-4000-8000-000000000002"),
           UUID("77770000-0000-4000-8000-000000000003")]
    assert resolve("7777", ids) == str(ids[2])
    assert resolve(str(ids[0]), []) == str(ids[0])           # a whole id is taken as it is
    with pytest.raises(Failure, match="start of 2 games' ids") as refused:
        resolve("3f2a", ids)
    assert refused.value.status == 1
    with pytest.raises(Failure, match="at least 4"):
        resolve("3f2", ids)
    with pytest.raises(Failure, match="no game's id starts with 3f2b"):
        resolve("3f2b", ids)


def test_every_error_has_one_form_and_a_nonzero_exit(url, game, tmp_path, capsys):
    cases = [(["log", "00000000-0000-0000-0000-000000000000"], 1), (["log", "ffff"], 1),
             (["export", "00000000-0000-0000-0000-000000000000"], 1), (["replay", "verify"], 2),
             (["import", str(tmp_path / "missing.jsonl")], 1),
             (["chart", game, "-o", str(tmp_path / "chart.gif")], 2)]
    for argv, status in cases:
        assert main([*argv, "--database", url]) == status, argv
        err = capsys.readouterr().err
        assert err.startswith("tablelog: ") and err.count("\n") == 1, (argv, err)
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"not": "a record"}\n')
    assert main(["import", str(broken), "--database", url]) == 1
    assert capsys.readouterr().err.startswith("tablelog: ")


def test_the_log_shows_the_games_notation(url, game, capsys):
    assert main(["log", game, "--database", url]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith(f"   1. {GAME.notation(DEAL)}") and '"hands"' not in line


def test_a_text_record_is_said_to_carry_no_hashes(url, game, tmp_path, capsys):
    text = tmp_path / "game.txt"
    assert main(["export", game, "-f", "text", "-o", str(text), "--database", url]) == 0
    assert main(["replay", "verify", "--record", str(text)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "text records carry no hashes" in captured.err
    assert captured.err.count("\n") == 1


def test_progress_is_absent_when_the_output_is_piped(url, game):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for argv in (["replay", "rebuild"], ["replay", "verify", "--all"]):
        done = subprocess.run([sys.executable, "-m", "service.ops.cli", *argv, "--database", url], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stderr == "" and "━" not in done.stdout and "\r" not in done.stdout, argv
        assert len(done.stdout.splitlines()) <= 2


def test_the_database_url_may_come_from_a_secret_file(url, game, tmp_path, monkeypatch, capsys):
    secret = tmp_path / "database_url"
    secret.write_text(url + "\n")
    monkeypatch.delenv("TABLELOG_DATABASE_URL", raising=False)
    monkeypatch.setenv("TABLELOG_DATABASE_URL_FILE", str(secret))
    assert main(["games", "--json"]) == 0
    assert [g["id"] for g in json.loads(capsys.readouterr().out)["games"]] == [game]
    monkeypatch.setenv("TABLELOG_DATABASE_URL_FILE", str(tmp_path / "missing"))
    assert main(["games"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablelog: $TABLELOG_DATABASE_URL_FILE names ") and "cannot be read" in err

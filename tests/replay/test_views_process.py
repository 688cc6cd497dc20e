"""The views' runner in a process of its own: ``tablelog views`` keeps the
game list of moves recorded by a service that runs no runner, lets its lock
go on SIGTERM so another runner takes over, and says beside its lock how it
fares (readers wait for it, readiness names its failure). Under
``serve --production`` it is a child of gunicorn's master, never a worker's
thread, started again when it dies."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

from replay.views import readers as views_module
from service.app.games import Games
from service.app.health import readiness
from service.store.database import open_store
from tests.replay.test_views_never_go_back import FOUR, play
from tests.service.test_cli_conformance import free_port
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0
"""Seconds a test waits for what a process does at its own pace (generous: the machine is shared)."""


def command(*args: str, log: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLELOG_LOG_FORMAT": "text"}
    with log.open("ab") as out:
        return subprocess.Popen([sys.executable, "-m", "service.ops.cli", *args], env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def ended(proc: subprocess.Popen) -> int:
    """Its exit status, after SIGTERM and a generous wait."""
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError("it did not stop on SIGTERM") from None


def listed_version(games: Games, gid: str) -> int | None:
    """The game's version in the views' tables themselves (what a runner wrote)."""
    return (games.views.tables.game(gid) or {}).get("version")


@pytest.mark.store
def test_tablelog_views_keeps_the_list_and_another_takes_over_when_it_stops(own_database, tmp_path):
    store = open_store(own_database)
    games = Games(store)                 # as a production worker: no runner here
    log = tmp_path / "views.log"
    health = tmp_path / "views-ok"
    first = command("views", "--database", own_database, "--health-file", str(health), log=log)
    second = None
    try:
        assert wait_until(lambda: (games.views.leader.runner() or views_module.Runner(0, None)).pid == first.pid)
        gid = play(games, 5, seed=21)
        assert wait_until(lambda: listed_version(games, gid) == games.history(gid).version)
        assert [s["version"] for s in games.views.summaries() if s["id"] == gid] == [games.history(gid).version]
        assert readiness(games)["ok"]
        assert games.views.projection._histories == {}       # this process did no view work
        assert health.read_text() == "ok\n"

        second = command("views", "--database", own_database, log=log)      # stands by: the lock is the first's
        assert ended(first) == 0
        assert not health.exists()                              # a stopped runner is not healthy
        assert wait_until(lambda: (games.views.leader.runner() or views_module.Runner(0, None)).pid == second.pid)
        more = play(games, 3, seed=22)
        assert wait_until(lambda: listed_version(games, more) == games.history(more).version)
        assert ended(second) == 0
        assert games.views.leader.runner() is None            # the lock went with it
        said = log.read_text()
        assert said.count("the views' runner stopped") == 2 and "are up to date at position" in said
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        store.close()


@pytest.mark.store
def test_a_failing_runner_elsewhere_is_named_by_readiness_and_not_waited_for(own_database, monkeypatch):
    """The process that holds the views lock says its last try failed: a
    reader in another process reads the newer events itself at once (it
    does not wait for a runner that fails) and readiness names the failure."""
    stores = [open_store(own_database) for _ in range(2)]
    runner, worker = Games(stores[0]), Games(stores[1])
    try:
        gid = play(worker, 4, seed=23)
        assert runner.views.leader.hold()
        runner.views.leader.publish("the database is read-only")
        def refuse(seconds):
            raise AssertionError("the reader waited for a runner that fails")
        monkeypatch.setattr(views_module, "time", SimpleNamespace(monotonic=time.monotonic, sleep=refuse))
        assert worker.views.runner().failing == "the database is read-only"
        listed = {s["id"]: s for s in worker.views.summaries()}
        assert listed[gid]["version"] == worker.history(gid).version
        assert readiness(worker)["problems"] == ["the views cannot be kept: the database is read-only"]
        runner.views.leader.publish(None)
        monkeypatch.setattr(views_module, "RUNNER_CHECK", 0.0)
        assert readiness(worker)["ok"]
        runner.views.leader.release()
        assert wait_until(lambda: worker.views.runner() is None)    # PostgreSQL ends the session after the close
    finally:
        for store in stores:
            store.close()


def parent_of(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:")))


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if parent_of(int(entry.name)) == pid:
                    found.add(int(entry.name))
            except (OSError, StopIteration):
                continue
    return found


def arguments(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_text().split("\0")


def holder(lock: Path) -> int | None:
    """The process the lock file names, while one holds it (what any reader asks)."""
    from replay.views.leader import FileLeader
    runner = FileLeader(str(lock)).runner()
    return runner.pid if runner else None


def test_the_production_servers_runner_is_a_child_of_its_master_never_a_worker(tmp_path):
    database = tmp_path / "prod.sqlite3"
    lock = Path(f"{database}-views.lock")
    port = free_port()
    master = command("serve", "--production", "--workers", "2", "--port", str(port),
                     "--database", f"sqlite:///{database}", log=tmp_path / "serve.log")
    try:
        assert wait_until(lambda: holder(lock) is not None and len(children_of(master.pid)) == 3), \
            (tmp_path / "serve.log").read_text()
        runner = holder(lock)
        assert parent_of(runner) == master.pid
        assert "views" in arguments(runner)
        workers = children_of(master.pid) - {runner}
        assert len(workers) == 2 and all("views" not in arguments(w) for w in workers)

        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", method="POST",
                                         headers={"Content-Type": "application/json"},
                                         data=json.dumps({"game": "willi", "players": FOUR}).encode())
        with urllib.request.urlopen(request, timeout=10) as answer:
            gid = json.load(answer)["id"]
        store = open_store(f"sqlite:///{database}")
        try:
            games = Games(store)
            assert wait_until(lambda: listed_version(games, gid) == 1)      # the child wrote it
        finally:
            store.close()

        os.kill(runner, signal.SIGKILL)                        # the master starts another
        assert wait_until(lambda: holder(lock) not in (None, runner))
        assert parent_of(holder(lock)) == master.pid
        assert ended(master) == 0
        assert holder(lock) is None                            # stopped with the server, its lock let go
    finally:
        if master.poll() is None:
            master.kill()
            master.wait()


def test_the_production_server_without_views_runs_no_runner(tmp_path):
    database = tmp_path / "prod.sqlite3"
    port = free_port()
    master = command("serve", "--production", "--no-views", "--workers", "1", "--port", str(port),
                     "--database", f"sqlite:///{database}", log=tmp_path / "serve.log")
    try:
        def answers() -> bool:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/ready", timeout=2) as r:
                    return r.status == 200
            except OSError:
                return False
        assert wait_until(answers), (tmp_path / "serve.log").read_text()
        assert holder(Path(f"{database}-views.lock")) is None and len(children_of(master.pid)) == 1
        assert ended(master) == 0
    finally:
        if master.poll() is None:
            master.kill()
            master.wait()

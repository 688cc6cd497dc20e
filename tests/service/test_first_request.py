"""A new process's first request: what every process needs anyway (the
metrics, the rules engines' fingerprint, the codecs werkzeug uses) is made
as the app is made, so the first visitor's request does only its own work;
and making the app still needs no more of a database than it did."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from service.http.app import create_app
from service.store.keys import ENV_KEY, ENV_KEY_FILE, load_keyring, new_env_key

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Alex", "Joe", "Gunter", "Hanna"]

FIRST_REQUEST = """
import json, os, sys
from service.http.app import create_app
from service.ops.bench_clients import WSGIClient
from service.store import snapshots
from service.store.keys import load_keyring
app = create_app(sys.argv[1], keyring=load_keyring(env=os.environ)[0])
fingerprinted = snapshots.engine_fingerprint.cache_info().currsize
client = WSGIClient(app)         # a server's own call: werkzeug's test client imports as it is used
before = set(sys.modules)
status, _ = client.request("GET", f"/api/games/{sys.argv[2]}/state")
print(json.dumps({"status": status, "fingerprinted": fingerprinted,
                  "imported": sorted(set(sys.modules) - before)}))
"""


def in_a_new_process(script: str, *args: str, key: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), ENV_KEY: key}
    env.pop(ENV_KEY_FILE, None)
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_first_request_of_a_new_process_imports_nothing_and_finds_the_fingerprint_made(tmp_path):
    url, key = f"sqlite:///{tmp_path / 'tablelog.sqlite3'}", new_env_key()
    app = create_app(url, keyring=load_keyring(env={ENV_KEY: key})[0])
    client = app.test_client()
    created = client.post("/api/games", json={"game": "willi", "players": FOUR}).json
    app.extensions["tablelog"].store.close()
    ran = in_a_new_process(FIRST_REQUEST, url, created["id"], key=key)
    assert ran.returncode == 0, ran.stderr[-2000:]
    first = json.loads(ran.stdout.strip().splitlines()[-1])
    assert first == {"status": 200, "fingerprinted": 1, "imported": []}


def test_making_the_app_over_a_database_that_does_not_answer_fails_at_once():
    ran = in_a_new_process("""
import psycopg
from service.http.app import create_app
try:
    create_app("postgresql://postgres@127.0.0.1:1/tablelog", keyring=None)
except psycopg.OperationalError:
    print("refused")
""")
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.strip() == "refused"

"""(e) of the benchmark: the first request after a start, in a process of
its own (a new Python, its imports, the app made over the store), as a
service's first visitor meets it; the same request made again warm in that
process is its reference.

Run by the bench as ``python -m service.ops.bench_start URL GAME_ID`` with
the scratch store's key in ``TABLELOG_KEY``; prints one JSON line: the
seconds from the start of the process until the app was made, the first
request's, and the median of the same request repeated."""
from __future__ import annotations

import time

STARTED = time.perf_counter()

import json  # noqa: E402  (the clock starts before the imports: they are part of a start)
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402


def main(url: str, game_id: str, repeat: int = 20) -> None:
    from service.http.app import create_app
    from service.ops.bench_clients import WSGIClient, served_per_call
    from service.store.keys import load_keyring

    app = create_app(url, keyring=load_keyring(env=os.environ)[0])
    made = time.perf_counter() - STARTED
    client = WSGIClient(app)
    status, _ = client.request("GET", f"/api/games/{game_id}/state")
    assert status == 200, status
    first = client.served
    warm = served_per_call(client, lambda: client.request("GET", f"/api/games/{game_id}/state"), repeat)
    app.extensions["tablelog"].store.close()
    print(json.dumps({"made": made, "first": first, "warm": warm}))


def first_request(url: str, game_id: str, key: str) -> dict[str, float]:
    """The figures of ``main``, from a new process over the store at ``url``."""
    from service.store.keys import ENV_KEY, ENV_KEY_FILE
    env = {**os.environ, ENV_KEY: key}
    env.pop(ENV_KEY_FILE, None)
    done = subprocess.run([sys.executable, "-m", "service.ops.bench_start", url, game_id], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

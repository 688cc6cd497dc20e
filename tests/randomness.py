"""How random the random tests are, chosen by ``HYPOTHESIS_PROFILE``:

- ``ci`` (the default under ``CI=true``): derandomized, every run tries the
  same examples, so a CI failure is never luck;
- ``dev`` (the default otherwise): new random examples each run, a failing
  one kept in ``.hypothesis/`` and tried first next time;
- ``long``: ten times the examples, at random; run it before a
  change to the rules is merged (see docs/contributing.md, "Tests").

Each random test states its own number of examples (what its cost allows in
the ordinary loop) through :func:`examples`.
"""
from __future__ import annotations

import os

from environment import IN_CI

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "dev")
LONG = 10


def examples(count: int) -> int:
    """``count`` examples, ten times as many under the ``long`` profile."""
    return count * LONG if PROFILE == "long" else count

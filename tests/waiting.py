"""Waiting for what another process or thread does: by the clock, never by
a count of tries, which a loaded machine makes each slower."""
from __future__ import annotations

import time
from typing import Callable

STARTING = 120.0
"""Seconds a new service process may take to answer (its imports and its
store on a busy machine); a process that ends earlier fails at once."""


def wait_until(condition: Callable[[], bool], seconds: float = STARTING, pause: float = 0.05) -> bool:
    """Whether ``condition`` held within ``seconds``, asked every ``pause``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(pause)
    return True

"""An example for every operation of the document: real requests and
answers of a short Willi game, kept in ``examples.json`` beside this module
(``python -m service.ops.examples`` records them again). A test checks each
example against its operation's schemas, so an example cannot drift from the
document.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("examples.json")


@cache
def examples() -> dict[str, dict[str, Any]]:
    """operationId -> {"request": body, "response": body} (either may be missing)."""
    try:
        return json.loads(PATH.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}

"""The published JSON Schemas of a JSON Lines record, one per line kind
(``<Kind>.json``) and ``record.json`` for any line; served at
``GET /api/record-schemas`` and ``GET /api/record-schemas/<name>``."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
FORMAT_VERSION = 2
"""The version of the JSON Lines record these schemas describe, written in
the Started line as ``format_version``; a record without it is version 1
(written before the schemas were published), which reads the same."""


def names() -> list[str]:
    return sorted(path.stem for path in HERE.glob("*.json"))


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema called ``name`` (a line kind, or ``record``); KeyError for none."""
    if name not in names():
        raise KeyError(name)
    return json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))

"""Corpus records the browser tests bring a page to a position with (by
importing them, or the first part of them): one digital and one at the table
for each game, Grand Austria Hotel's modules and its solo variant."""
from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

DIGITAL = {
    "willi": "willi/v2-002-3p-digital.jsonl",
    "vienna": "vienna/v3-default-digital-4p.jsonl",
    "wiener_walzer": "wiener_walzer/v2-012-2p-digital-events-whole.jsonl",
    "grand_austria": "grand_austria/m5-v3-001-4p-digital-more+ballrooms-whole.jsonl",
    "solo": "grand_austria/solo-v3-001-1p-digital-medium-whole.jsonl",
}

AT_THE_TABLE = {
    "willi": "willi/v2-001-4p-table.jsonl",
    "vienna": "vienna/v3-default-table-3p.jsonl",
    "wiener_walzer": "wiener_walzer/v2-009-3p-table-events.jsonl",
    "grand_austria": "grand_austria/v2-007-3p-table.jsonl",
    "ballrooms, unique hotels, start player": "grand_austria/m3-v3-002-4p-table-unique_hotels+ballrooms.jsonl",
    "celebrities": "grand_austria/m2-v3-000-2p-table-celebrities-whole.jsonl",
    "more": "grand_austria/m5-v3-002-3p-table-more+celebrities.jsonl",
    "solo": "grand_austria/solo-v3-000-1p-table-easy-whole.jsonl",
}


def record_lines(record: str) -> list[str]:
    """The lines of a corpus record, by its path under tests/corpus."""
    return (CORPUS / record).read_text(encoding="utf-8").splitlines()

"""Write the table-view part of the Grand Austria Hotel corpus: digital games
played to the end and exported with the scorekeeper's token (the table's
view: every hand hidden), as
``tests/corpus/grand_austria/tv-v<version>-<n>-<players>p-digital-...-table-view.jsonl``.

Each fixture holds hire steps that lapsed because nothing in the real hand
was affordable, and Emperor penalties' staff returns: decisions the engine
took on cards the table cannot see, which the record keeps as facts on the
move that set them off (``settled``). Replayed from the table's view, with
the hands unseen, the game follows them.

A fixture once committed is never recorded again; regenerate only
deliberately::

    python tests/corpus/make_table_views.py
"""
from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.corpus.recording import BySeat, play_at_random  # noqa: E402  (first: it sets the throwaway key)
from tests.corpus.make_cards_and_tiles import chooser  # noqa: E402
from domain.games import get_game  # noqa: E402
from service.app.games import Games  # noqa: E402
from service.store.database import open_store  # noqa: E402

OUT = Path(__file__).parent / "grand_austria"
NAMES = ["Anna", "Beth", "Cyril", "Dora"]
KINDS = [(2, {}), (3, {}), (4, {"modules": ["ballrooms", "more"]})]
SEED = 4100


def holds_hidden_decisions(record: str) -> bool:
    """A hire from hand that lapsed and an Emperor penalty's staff return, both kept as facts."""
    events = [json.loads(line) for line in record.splitlines()]
    facts = [fact for e in events for fact in e.get("outcome") or []]
    settled = [d for e in events for d in (e.get("move") or {}).get("settled", [])]
    return (any(f["fact"] == "lapsed" and f["step"] == "hire" for f in facts)
            and any(f["fact"] == "staff_returned" for f in facts) and "lapsed" in settled)


def main() -> int:
    version = get_game("grand_austria").rules_version
    with tempfile.TemporaryDirectory() as tmp:
        games = Games(open_store(f"sqlite:///{Path(tmp) / 'corpus.sqlite3'}"))
        for index, (players, options) in enumerate(KINDS):
            tags = "+".join(options.get("modules", [])) or "base"
            path = OUT / f"tv-v{version}-{index:03d}-{players}p-digital-{tags}-table-view.jsonl"
            if path.exists():
                continue                # a fixture once committed is never recorded again
            for attempt in range(50):
                rng = random.Random(SEED + 100 * index + attempt)
                created = games.create("grand_austria", NAMES[:players], mode="digital", seed=attempt,
                                       options=options)
                gid, token = created["id"], created["tokens"]["scorekeeper"]
                games.annotate(gid, 0, f"table-view corpus game {index}", token)
                play_at_random(BySeat(games, created["tokens"]["seats"]), gid, token, rng, 5000,
                               chooser("grand_austria", "digital", rng))
                record = games.export(gid, "jsonl", token)
                if holds_hidden_decisions(record):
                    path.write_text(record, encoding="utf-8")
                    print(path.name, flush=True)
                    break
            else:
                raise SystemExit(f"no game of kind {index} held the hidden decisions sought")
        games.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

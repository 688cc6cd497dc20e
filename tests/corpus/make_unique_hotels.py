"""Write the module-3 ("Unique Hotels") part of the Grand Austria Hotel
corpus: seeded games with module 3 alone and with modules 1 and 4, recorded
through the service and written with the command line's whole export, as
``tests/corpus/grand_austria/m3-v<version>-<n>-....jsonl``.

A fixture once committed is never recorded again (the corpus proves that it
still replays); regenerate only deliberately::

    python tests/corpus/make_unique_hotels.py

The games cover 2, 3 and 4 players, table and digital mode, undo/redo and
annotations; the auction, the entrances' steps; two are played to the end.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.corpus.recording import BySeat, play_at_random  # noqa: E402  (first: it sets the throwaway key)
from tests.corpus.make_cards_and_tiles import chooser  # noqa: E402
from domain.games import get_game  # noqa: E402
from service import cli  # noqa: E402
from service.games import Games  # noqa: E402
from service.store import open_store  # noqa: E402

OUT = Path(__file__).parent / "grand_austria"
NAMES = ["Anna", "Beth", "Cyril", "Dora"]
KINDS = [  # (players, mode, modules, whole)
    (2, "table", ["unique_hotels"], True),
    (3, "digital", ["unique_hotels"], False),
    (4, "table", ["unique_hotels", "ballrooms"], False),
    (3, "table", ["unique_hotels", "start_player"], False),
    (4, "digital", ["ballrooms", "unique_hotels", "start_player"], True),
    (2, "table", ["unique_hotels", "ballrooms"], False),
]


def main() -> int:
    version = get_game("grand_austria").rules_version
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'corpus.sqlite3'}"
        games = Games(open_store(database))
        for index, (players, mode, modules, whole) in enumerate(KINDS):
            name = f"m3-v{version}-{index:03d}-{players}p-{mode}-{'+'.join(modules)}{'-whole' if whole else ''}"
            path = OUT / f"{name}.jsonl"
            if path.exists():
                continue                # a fixture once committed is never recorded again
            rng = random.Random(3000 + index)
            created = games.create("grand_austria", NAMES[:players], mode=mode, seed=index,
                                   options={"modules": modules})
            gid, token = created["id"], created["tokens"]["scorekeeper"]
            games.annotate(gid, 0, f"module 3 corpus game {index}", token)
            recorder = BySeat(games, created["tokens"]["seats"]) if mode == "digital" else games
            play_at_random(recorder, gid, token, rng, 5000 if whole else rng.randint(40, 120),
                           chooser("grand_austria", mode, rng))
            if cli.main(["export", gid, "--format", "jsonl", "--database", database, "--out", str(path)]) != 0:
                raise SystemExit(f"export of {gid} failed")
            print(name, flush=True)
        games.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

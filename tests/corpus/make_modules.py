"""Write the Let's Waltz! part of the Grand Austria Hotel corpus: seeded
games with the expansion's modules and the solo variant, recorded through the
service and written with the command line's whole export, as
``tests/corpus/grand_austria/<part>-v<version>-<n>-....jsonl``:

- ``m3``: module 3 ("Unique Hotels") alone and with modules 1 and 4 (the
  auction, the entrances' steps);
- ``m2``: module 2 ("Celebrities": coloured dice, the lounge, the effects);
- ``m5``: module 5 ("Would You Like Some More?": bell staff, objectives
  180-182, tiles A6/B6/C6), alone and with modules 1-3;
- ``solo``: "Dinner for One" against Leopold and against Elisabeth, at each
  level, with and without modules.

A fixture once committed is never recorded again (the corpus proves that it
still replays); regenerate only deliberately::

    python tests/corpus/make_modules.py

The games cover 1 to 4 players, table and digital mode, undo/redo and
annotations; some are played to the end.
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
from service.ops import cli  # noqa: E402
from service.app.games import Games  # noqa: E402
from service.store.database import open_store  # noqa: E402

OUT = Path(__file__).parent / "grand_austria"
NAMES = ["Anna", "Beth", "Cyril", "Dora"]
KINDS = {  # part: [(players, mode, options, whole)]; a part's index names its seed
    "m3": [
        (2, "table", {"modules": ["unique_hotels"]}, True),
        (3, "digital", {"modules": ["unique_hotels"]}, False),
        (4, "table", {"modules": ["unique_hotels", "ballrooms"]}, False),
        (3, "table", {"modules": ["unique_hotels", "start_player"]}, False),
        (4, "digital", {"modules": ["ballrooms", "unique_hotels", "start_player"]}, True),
        (2, "table", {"modules": ["unique_hotels", "ballrooms"]}, False),
    ],
    "m2": [
        (2, "table", {"modules": ["celebrities"]}, True),
        (3, "digital", {"modules": ["celebrities"]}, True),
        (4, "table", {"modules": ["celebrities", "ballrooms"]}, False),
        (3, "table", {"modules": ["celebrities", "unique_hotels", "start_player"]}, False),
    ],
    "m5": [
        (2, "table", {"modules": ["more"]}, True),
        (4, "digital", {"modules": ["more", "ballrooms"]}, True),
        (3, "table", {"modules": ["more", "celebrities"]}, False),
        (2, "digital", {"modules": ["more", "celebrities", "unique_hotels", "ballrooms", "start_player"]}, True),
    ],
    "solo": [
        (1, "table", {"solo": {"difficulty": "easy"}}, True),
        (1, "digital", {"solo": {"difficulty": "medium"}}, True),
        (1, "table", {"solo": {"difficulty": "hard"}, "modules": ["ballrooms", "celebrities"]}, True),
        (1, "digital", {"solo": {"difficulty": "medium"}, "modules": ["more"]}, True),
    ],
}
SEEDS = {"m3": 3000, "m2": 3200, "m5": 3500, "solo": 3800}


def tags(options: dict) -> list[str]:
    """What a fixture's name says of its options."""
    solo = options.get("solo")
    return ([solo["difficulty"]] if solo else []) + list(options.get("modules", []))


def main() -> int:
    version = get_game("grand_austria").rules_version
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'corpus.sqlite3'}"
        games = Games(open_store(database))
        for part, index, (players, mode, options, whole) in (
                (part, index, kind) for part, kinds in KINDS.items() for index, kind in enumerate(kinds)):
            name = f"{part}-v{version}-{index:03d}-{players}p-{mode}-{'+'.join(tags(options))}{'-whole' if whole else ''}"
            path = OUT / f"{name}.jsonl"
            if path.exists():
                continue                # a fixture once committed is never recorded again
            rng = random.Random(SEEDS[part] + index)
            created = games.create("grand_austria", NAMES[:players], mode=mode, seed=index, options=options)
            gid, token = created["id"], created["tokens"]["scorekeeper"]
            games.annotate(gid, 0, f"{part} corpus game {index}", token)
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

"""Write the Willi and Wiener Walzer corpus: seeded games recorded through
the service and written with the command line's whole export
(``tablelog export ID --format jsonl``), one JSON Lines file per game, under
``tests/corpus/willi/`` and ``tests/corpus/wiener_walzer/``.

A fixture, once committed, is what the rules of its day recorded: the corpus
test proves it still replays. Regenerate only deliberately (never from the
tests); a new rules version adds fixtures under new names::

    python tests/corpus/make_cards_and_tiles.py

The games cover every player count, table and digital mode, Wiener Walzer's
event-card variant, undo/redo and annotations; most stop part-way (to keep
the fixtures small), every fourth is played to the end.
"""
from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.corpus.recording import BySeat, play_at_random  # noqa: E402  (first: it sets the throwaway key)
from domain.games import get_game  # noqa: E402
from domain.rules import random_move  # noqa: E402
from service.ops import cli  # noqa: E402
from service.app.games import Games  # noqa: E402
from service.store.database import open_store  # noqa: E402

HERE = Path(__file__).parent
NAMES = ["Anna", "Beth", "Cyril", "Dora", "Emil"]


def kinds() -> list[tuple[str, dict[str, Any]]]:
    """(game, what the game covers) for every fixture."""
    out = []
    for index in range(8):
        out.append(("willi", {"players": NAMES[:3 + index % 2], "mode": ("table", "digital")[index // 2 % 2],
                              "options": {}, "whole": index % 4 == 0}))
    for index in range(12):
        out.append(("wiener_walzer", {"players": NAMES[:2 + index % 4], "mode": ("table", "digital")[index // 4 % 2],
                                      "options": {"events": index % 3 == 1}, "whole": index % 4 == 0}))
    return out


def chooser(game_id: str, mode: str, rng: random.Random):
    """A digital game's seat picks among the legal moves; at the table the
    scorekeeper also enters the chance moves."""
    game = get_game(game_id)
    if mode == "digital":
        return lambda state: rng.choice(game.legal_moves(state))
    return lambda state: random_move(game, state, rng)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'corpus.sqlite3'}"
        games = Games(open_store(database))
        for index, (game_id, kind) in enumerate(kinds()):
            rng = random.Random(2000 + index)
            created = games.create(game_id, kind["players"], mode=kind["mode"], seed=index, options=kind["options"])
            gid, token = created["id"], created["tokens"]["scorekeeper"]
            limit = 5000 if kind["whole"] else rng.randint(30, 120)
            players = BySeat(games, created["tokens"]["seats"]) if kind["mode"] == "digital" else games
            play_at_random(players, gid, token, rng, limit, chooser(game_id, kind["mode"], rng))
            tags = [f"{len(kind['players'])}p", kind["mode"]] + [t for t in ("events", "whole")
                                                                  if kind["options"].get(t) or kind.get(t)]
            name = f"v{get_game(game_id).rules_version}-{index:03d}-{'-'.join(tags)}"
            path = HERE / game_id / f"{name}.jsonl"
            if path.exists():
                continue                # a fixture once committed is never recorded again
            if cli.main(["export", gid, "--format", "jsonl", "--database", database, "--out", str(path)]) != 0:
                raise SystemExit(f"export of {gid} failed")
            print(game_id, name, flush=True)
        games.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

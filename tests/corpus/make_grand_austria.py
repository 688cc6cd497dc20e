"""Write the Grand Austria Hotel corpus: seeded games recorded through the
service and written with the command line's whole export
(``tablelog export ID --format jsonl``), one JSON Lines file per game, under
``tests/corpus/grand_austria/``.

The corpus is how a change to the engine proves it broke no stored game, so
it is regenerated only deliberately (never by the tests). Games are recorded
under the engine's current rules version and named ``v<version>-...``; a run
replaces only the files of that version, so the games of older versions stay
as they were recorded::

    python tests/corpus/make_grand_austria.py            # all games
    python tests/corpus/make_grand_austria.py --games 5  # the first five

The games cover 2, 3 and 4 players, the staff draft on and off, table and
digital mode, undo/redo and annotations, forks, unseen hands, cards entered
by printed content and a custom day-side hotel, and (from version 3) module 4
"Start Player"; most stop after a few rounds (to keep the fixtures small),
every eighth is played to the end.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.corpus.recording import BySeat, play_at_random  # noqa: E402  (first: it sets the throwaway key)
from domain.games import get_game  # noqa: E402
from domain.rules import TABLE, random_move  # noqa: E402
from service.ops import cli  # noqa: E402
from service.app.games import Games  # noqa: E402
from service.store.database import open_store  # noqa: E402

OUT = Path(__file__).parent / "grand_austria"
NAMES = ["Anna", "Beth", "Cyril", "Dora"]
GAMES = 104

# A day side as a table might enter it (the option ``hotel``): other colours
# and groups than the night side; the layout is the generator's own.
DAY_SIDE = {
    "name": "day side (entered at the table)",
    "floors": [["red", "blue", "yellow", "blue", "red"],
               ["blue", "blue", "yellow", "red", "red"],
               ["yellow", "red", "red", "blue", "yellow"],
               ["yellow", "red", "blue", "blue", "yellow"]],
    "groups": [["1.1"], ["1.2", "2.1", "2.2"], ["1.3", "2.3"], ["1.4"], ["1.5", "2.4", "2.5"],
               ["3.1", "4.1"], ["3.2", "3.3", "4.2"], ["3.4", "4.3", "4.4"], ["3.5", "4.5"]],
    "floor_costs": [0, 1, 2, 3], "floor_vp": [1, 2, 3, 4], "prepare_vp": {"4.3": 2, "4.4": 3, "4.5": 4},
}


def kind_of(index: int) -> dict[str, Any]:
    """What game ``index`` of the corpus covers."""
    mode = "digital" if index % 5 == 4 else "table"
    return {
        "players": NAMES[:2 + index % 3],
        "staff_draft": (index // 3) % 2 == 1,
        "mode": mode,
        "hotel": index % 7 == 3,
        "unseen": mode == "table" and index % 4 == 1,
        "printed": mode == "table" and index % 4 == 2,
        "whole": index % 8 == 0,
        "fork": index % 10 == 6,
        "start_player": index % 4 == 3,
    }


def printed(card: Any, deck: dict) -> Any:
    """A catalog card as the scorekeeper would type it in: its printed content."""
    if not isinstance(card, int):
        return card
    content = deck[card].to_json()
    content.pop("number")
    return content


def as_the_table_enters(game, state, move: dict, kind: dict, rng: random.Random) -> dict:
    """A chance move made by the rules, changed the way a scorekeeper enters
    it: unseen hands and draws left out, cards given by printed content."""
    from domain.grand_austria.catalog import catalog
    cat = catalog()
    unseen = set(kind["players"][1:]) if kind["unseen"] else set()
    if move["type"] == "setup":
        move = dict(move)
        move["hands"] = {s: h for s, h in move["hands"].items() if s not in unseen}
        if kind["printed"]:
            move["queue"] = [printed(c, cat.guests) if i % 2 else c for i, c in enumerate(move["queue"])]
            move["hands"] = {s: [printed(c, cat.staff) if i == 0 else c for i, c in enumerate(h)]
                             for s, h in move["hands"].items()}
    elif move["type"] == "draw_staff":
        if move["seat"] in unseen:
            move = {k: v for k, v in move.items() if k != "cards"}
        elif kind["printed"] and rng.random() < 0.5:
            move = {**move, "cards": [printed(c, cat.staff) for c in move["cards"]]}
    elif move["type"] == "reveal_guest" and kind["printed"] and rng.random() < 0.4:
        move = {**move, "card": printed(move["card"], cat.guests)}
    return move


def play(games: Games, gid: str, token: str, kind: dict, rng: random.Random, limit: int,
         seats: dict[str, str] | None = None) -> None:
    game = get_game("grand_austria")
    if kind["mode"] == "digital":
        games = BySeat(games, seats or {})

    def choose(state):
        if kind["mode"] == "digital":
            return rng.choice(game.legal_moves(state))
        move = random_move(game, state, rng)
        if game.expected(state).seats == (TABLE,):
            move = as_the_table_enters(game, state, move, kind, rng)
        return move
    play_at_random(games, gid, token, rng, limit, choose)


def export(database: str, gid: str, path: Path) -> None:
    """The command line's whole export (a digital game's API export is redacted)."""
    if cli.main(["export", gid, "--format", "jsonl", "--database", database, "--out", str(path)]) != 0:
        raise SystemExit(f"export of {gid} failed")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    args = parser.parse_args(argv)
    game = get_game("grand_austria")
    version = game.rules_version
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob(f"v{version}-*.jsonl"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{Path(tmp) / 'corpus.sqlite3'}"
        games = Games(open_store(database))
        for index in range(args.games):
            kind = kind_of(index)
            rng = random.Random(1000 + index)
            options: dict[str, Any] = {"staff_draft": True} if kind["staff_draft"] else {}
            if kind["hotel"]:
                options["hotel"] = DAY_SIDE
            if kind["start_player"] and version != "2":     # module 4 came with version 3
                options["modules"] = ["start_player"]
            created = games.create("grand_austria", kind["players"], mode=kind["mode"], seed=index,
                                   options=options)
            gid, token = created["id"], created["tokens"]["scorekeeper"]
            if index % 3 == 0:
                games.annotate(gid, 0, f"corpus game {index}", token)
            play(games, gid, token, kind, rng, limit=5000 if kind["whole"] else rng.randint(20, 60),
                 seats=created["tokens"]["seats"])
            tags = [f"{len(kind['players'])}p", kind["mode"]] + [t for t in ("staff_draft", "hotel", "unseen",
                                                                               "printed", "whole") if kind[t]]
            tags += ["start_player"] if "modules" in options else []
            name = f"v{version}-{index:03d}-{'-'.join(tags)}"
            export(database, gid, OUT / f"{name}.jsonl")
            if kind["fork"]:
                at = rng.randint(1, len(games.history(gid).entries))
                forked = games.fork(gid, at, token)
                play(games, forked["id"], forked["tokens"]["scorekeeper"], kind, rng, limit=rng.randint(10, 60),
                     seats=forked["tokens"]["seats"])
                export(database, forked["id"], OUT / f"{name}-fork.jsonl")
            print(name, flush=True)
        games.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

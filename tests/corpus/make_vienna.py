"""Write Vienna's corpus: games played through the service into a throwaway
SQLite database and written out with the command line's whole export
(``tablelog export ID --database URL -o FILE``), one JSON Lines file per
game under ``tests/corpus/vienna/``, named ``v<rules version>-<game>.jsonl``::

    python tests/corpus/make_vienna.py [GAME ...]

Every game is recorded under the rules version new games start with now.
A fixture, once committed, is never recorded again (an existing file is
left as it is): it is what that version wrote, and the corpus test proves
it still replays. A new rules version adds its own files beside the old ones.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from domain.rules import random_move  # noqa: E402
from domain.vienna import GAME  # noqa: E402
from domain.vienna.components import is_joker, with_face  # noqa: E402
from service.ops.cli import main as tablelog  # noqa: E402
from service.app.games import Games  # noqa: E402
from service.store.keys import ENV_KEY_FILE, init_key_file  # noqa: E402
from service.store.database import open_store  # noqa: E402
from tests.corpus.recording import play_at_random  # noqa: E402

OUT = Path(__file__).parent / "vienna"

# A custom board whose comparison fields leave amounts out: the Pestsäule
# gives none, the Stephansdom only its VP, the Belvedere all three.
COMPARE_BOARD: dict[str, Any] = {
    "fields": [
        {"name": "Krieau", "values": [1], "kind": "krieau", "effects": []},
        {"name": "Prater", "values": [1], "kind": "prater", "effects": []},
        {"name": "Secession", "values": [2], "effects": [{"coins": 1}]},
        {"name": "Oper", "values": [3], "effects": [{"vp": 1}]},
        {"name": "Albertina", "values": [3, 4], "effects": [{"special": "double_move"}]},
        {"name": "Hofburg", "values": [4, 5], "effects": [{"special": "start_player"}]},
        {"name": "Café Sacher", "values": [6], "effects": [{"character": 1}]},
        {"name": "Café Central", "values": [6], "effects": [{"character": 0}]},
        {"name": "Pestsäule", "values": [7], "effects": [{"compare": "citizens"}]},
        {"name": "Stephansdom", "values": [8], "effects": [{"compare": "crosses", "vp": 3}]},
        {"name": "Schloss Belvedere", "values": [9],
         "effects": [{"compare": "crowns", "vp": 2, "coins": 1, "tie_vp": 1}]},
        {"name": "Schönbrunn", "values": [10], "effects": [{"vp": 3}]},
        {"name": "Rathaus", "values": [11], "effects": [{"pay": 2}, {"vp": 4}]},
        {"name": "Heuriger", "values": [], "double": True, "effects": [{"heuriger": 1}]},
        {"name": "Geheimbund", "values": [], "kind": "geheimbund", "effects": []},
    ],
    "vp_start": {"3": 0, "4": 2, "5": 4},
    "more_influence": {"crowns": 1},
}

# A board where the Hofburg gives the double-move card, the rest goes to the Geheimbund.
DOUBLE_MOVE_BOARD: dict[str, Any] = {
    "fields": [{"name": "Hofburg", "values": [1], "effects": [{"special": "double_move"}]},
               {"name": "Geheimbund", "values": [], "kind": "geheimbund", "effects": []}],
    "vp_start": {"3": 0, "4": 0, "5": 0}, "more_influence": {},
}


class Table:
    """One game recorded through the service with the scorekeeper's token."""

    def __init__(self, games: Games, players: list[str], mode: str, options: dict[str, Any], seed: int):
        created = games.create("vienna", players, mode=mode, seed=seed, options=options)
        self.games, self.id, self.mode = games, created["id"], mode
        self.token = created["tokens"]["scorekeeper"]
        self.rng = random.Random(seed)

    @property
    def state(self) -> Any:
        return self.games.history(self.id).state

    def move(self, move: dict[str, Any]) -> None:
        self.games.record_move(self.id, move, self.token)

    def random_move(self, state: Any) -> dict[str, Any]:
        """A random legal move; now and then a paid reroll (legal_moves leaves those out)."""
        rng = self.rng
        expected = GAME.expected(state)
        if "reroll" in expected.moves and rng.random() < 0.15:
            dice = [d for d in state.player(state.turn).dice if not is_joker(d)]
            chosen = rng.sample(dice, rng.randint(1, min(2, len(dice))))
            result = None if self.mode == "digital" else [with_face(d, rng.randint(1, 6)) for d in chosen]
            return {"type": "reroll", "seat": state.turn, "dice": chosen, "result": result}
        return random_move(GAME, state, rng)

    def play_out(self, limit: int = 2500) -> None:
        """Random moves until the game ends, with undo, redo and comments now and then."""
        play_at_random(self.games, self.id, self.token, self.rng, limit, self.random_move)
        if not GAME.finished(self.state):
            raise RuntimeError("the game did not end")


def start_cards(table: Table, cards: list[dict[str, Any]]) -> None:
    for card in cards:
        state = table.state
        table.move({"type": "choose_start_card", "seat": state.chooser(), "card": card})


def default_table(games: Games) -> Table:
    table = Table(games, ["Anna", "Bert", "Clara"], "table", {}, seed=19)
    table.play_out()
    return table


def default_digital(games: Games) -> Table:
    table = Table(games, ["Anna", "Bert", "Clara", "Dora"], "digital", {}, seed=20)
    table.play_out()
    return table


# A table whose cards differ from the default deck: a start card "Pope", a
# Merchant with 20 coins, a character "Jester", a Monk with two crosses.
OWN_DECK: dict[str, Any] = {
    "start_cards": [{"name": "Pope", "coins": 4, "citizens": 0, "crosses": 2, "crowns": 0},
                    {"name": "Merchant", "coins": 20, "citizens": 1, "crosses": 0, "crowns": 0},
                    {"name": "Baron", "coins": 5, "citizens": 0, "crosses": 0, "crowns": 1},
                    {"name": "Abbess", "coins": 3, "citizens": 0, "crosses": 1, "crowns": 1}],
    "characters": [{"name": "Jester", "citizens": 1, "crosses": 0, "crowns": 1},
                   {"name": "Monk", "citizens": 0, "crosses": 2, "crowns": 0},
                   {"name": "Empress", "citizens": 1, "crosses": 1, "crowns": 1},
                   {"name": "Coachman", "citizens": 1, "crosses": 0, "crowns": 0},
                   {"name": "Archduke", "citizens": 0, "crosses": 0, "crowns": 2},
                   {"name": "Cardinal", "citizens": 0, "crosses": 2, "crowns": 0}],
    "copies": 3,
}


def compare_table(games: Games) -> Table:
    """The amount-less comparison board at the table with its own deck (the
    version-2 fixture was recorded without it: version 2 took such cards as
    entered, version 3 checks them against the game's deck)."""
    table = Table(games, ["Sabrina", "Matthew", "Nancy", "Otto"], "table",
                  {"board": COMPARE_BOARD, "deck": OWN_DECK}, seed=21)
    start_cards(table, OWN_DECK["start_cards"])
    table.move({"type": "reveal_characters", "cards": OWN_DECK["characters"][:3]})
    table.play_out()
    return table


def compare_digital(games: Games) -> Table:
    table = Table(games, ["Anna", "Bert", "Clara", "Dora", "Emil"], "digital", {"board": COMPARE_BOARD}, seed=22)
    table.play_out()
    return table


def double_move_table(games: Games) -> Table:
    """The double-move case as version 2 recorded it: once only Sabrina
    holds a die, no double move is offered and she places her last die."""
    table = Table(games, ["Sabrina", "Matthew", "Nancy"], "table", {"board": DOUBLE_MOVE_BOARD}, seed=23)
    start_cards(table, [{"name": "Merchant", "coins": 5, "citizens": 1, "crosses": 0, "crowns": 0},
                        {"name": "Chaplain", "coins": 5, "citizens": 0, "crosses": 1, "crowns": 0},
                        {"name": "Baron", "coins": 5, "citizens": 0, "crosses": 0, "crowns": 1}])
    table.move({"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1},
                                                       {"name": "Coachman", "citizens": 1}]})

    def place(seat: str, field: str, dice: list[str]) -> None:
        table.move({"type": "place", "seat": seat, "field": field, "dice": dice})

    def placing(rolls: dict[str, list[str]], dice_for: Callable[[str, tuple[str, ...]], tuple[str, list[str]]]
                ) -> None:
        while table.state.phase == "placing":
            state = table.state
            seat = state.turn
            player = state.player(seat)
            if not player.rolled:
                table.move({"type": "roll", "seat": seat, "dice": rolls[seat]})
            else:
                place(seat, *dice_for(seat, player.dice))

    # Round 1: Sabrina takes the Hofburg with a 1, every other die goes to the Geheimbund.
    placing({"Sabrina": ["1", "2", "3", "4", "5"], "Matthew": ["2", "2", "3", "3", "6"],
             "Nancy": ["1", "4", "4", "5", "6"]},
            lambda seat, dice: ("Hofburg", ["1"]) if seat == "Sabrina" and "1" in dice
            else ("Geheimbund", list(dice[:2])))
    # Round 2: Sabrina holds the double-move card; she places one die a turn, the others two.
    table.move({"type": "reveal_characters", "cards": [{"name": "Cardinal", "crosses": 2},
                                                       {"name": "Archduke", "crowns": 2}]})
    placing({"Sabrina": ["6", "5", "4", "3", "2"], "Matthew": ["1", "2", "3", "4", "5"],
             "Nancy": ["6", "6", "5", "5", "4"]},
            lambda seat, dice: ("Geheimbund", list(dice[:1] if seat == "Sabrina" else dice[:2])))
    table.games.undo(table.id, table.token)            # a slip at the table, put right
    table.games.redo(table.id, table.token)
    return table


CORPUS: dict[str, Callable[[Games], Table]] = {
    "default-table-3p": default_table,
    "default-digital-4p": default_digital,
    "compare-board-table-4p": compare_table,
    "compare-board-digital-5p": compare_digital,
    "double-move-board-table-3p": double_move_table,
}


def record(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/corpus.sqlite3"
        # A throwaway key anchors what the throwaway database records (the export reads it too).
        os.environ[ENV_KEY_FILE] = str(init_key_file(Path(folder) / "key"))
        games = Games(open_store(url))
        for name in names:
            out = OUT / f"v{GAME.rules_version}-{name}.jsonl"
            if out.exists():
                print(f"{out.relative_to(ROOT)}: kept as recorded")
                continue
            table = CORPUS[name](games)
            if tablelog(["export", table.id, "--database", url, "-o", str(out)]) != 0:
                raise RuntimeError(f"export of {name} failed")
            print(f"{out.relative_to(ROOT)}: {sum(1 for _ in out.open())} events")
        games.store.close()


if __name__ == "__main__":
    record(sys.argv[1:] or list(CORPUS))

"""A record replays from what it contains: a digital game exported for the
table (hands hidden) imports with no differences and verifies, because every
decision the engine took on hidden cards is in the record; a digital record
keeps its seed commitment and revealed seed through import and export, and
import and verify check that seed the same way; a table record relabelled
digital is refused."""
from __future__ import annotations

import json
import random

import pytest

from domain.commitment import seed_commitment
from domain.games import get_game
from domain.rules import RuleViolation
from service.app.games import Games
from service.store.database import open_store


@pytest.fixture
def games(tmp_path):
    service = Games(open_store(f"sqlite:///{tmp_path / 'records.sqlite3'}"))
    yield service
    service.store.close()


def played(games: Games, game_id: str, players: list[str], seed: int, mode: str = "digital",
           options: dict | None = None) -> tuple[str, dict]:
    """A game played to the end with random legal moves, each seat with its own token."""
    game = get_game(game_id)
    rng = random.Random(seed)
    created = games.create(game_id, players, mode=mode, seed=seed, options=options)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    games.annotate(gid, 0, "played at random", token)
    for _ in range(5000):
        state = games.history(gid).state
        if game.finished(state):
            break
        move = rng.choice(game.legal_moves(state)) if mode == "digital" or game.legal_moves(state) else \
            game.chance_move(state, rng)
        games.record_move(gid, move, created["tokens"]["seats"].get(move.get("seat"), token) if mode == "digital"
                          else token)
    assert game.finished(games.history(gid).state)
    return gid, created


def lines(record: str) -> list[dict]:
    return [json.loads(line) for line in record.splitlines()]


def facts(record: str) -> list[dict]:
    return [fact for line in lines(record) for fact in line.get("outcome") or []]


def imports_and_verifies(games: Games, record: str) -> str:
    created = games.import_record(record)
    assert created["differences"] == []
    audit = games.audit(created["id"])
    assert audit["ok"], audit["problems"]
    assert games.verify(created["id"]).ok
    return created["id"]


# 1. Decisions taken on hidden cards are facts in the record -----------------------------
@pytest.mark.parametrize("players, seed", [(["Ann", "Bo"], 3), (["Ann", "Bo", "Cy"], 3)])
def test_a_digital_grand_austria_game_exported_for_the_table_imports_and_verifies(games, players, seed):
    gid, created = played(games, "grand_austria", players, seed)
    record = games.export(gid, "jsonl", created["tokens"]["scorekeeper"])
    assert lines(record)[0]["view"] == "table"
    # In the live game a hire from hand lapsed (nothing in the real hand was
    # affordable) or an Emperor penalty's return went by itself: with the
    # hands unseen the replay could not tell, so the record says so.
    settled = [d for line in lines(record) for d in (line.get("move") or {}).get("settled", [])]
    assert "lapsed" in settled and {"made": {"type": "return_staff", "seat": "Bo", "staff": 0}}.keys() & \
        set().union(*(d.keys() for d in settled if isinstance(d, dict)))
    assert any(f["fact"] == "lapsed" and f["step"] == "hire" for f in facts(record))
    assert any(f["fact"] == "staff_returned" for f in facts(record))
    for fmt in ("jsonl", "text"):
        imports_and_verifies(games, games.export(gid, fmt, created["tokens"]["scorekeeper"]))


def test_a_seats_export_of_a_digital_grand_austria_game_imports_too(games):
    gid, created = played(games, "grand_austria", ["Ann", "Bo"], 3)
    for fmt in ("jsonl", "text"):
        imports_and_verifies(games, games.export(gid, fmt, created["tokens"]["seats"]["Bo"]))


def test_a_settled_fact_the_seen_cards_contradict_is_refused(games):
    gid, _ = played(games, "grand_austria", ["Ann", "Bo"], 3)
    events = lines(games.export(gid, "jsonl", whole=True))      # every hand seen
    lapsed = next(e for e in events if "lapsed" in (e.get("move") or {}).get("settled", []))
    lapsed["move"]["settled"] = ["waits" if d == "lapsed" else d for d in lapsed["move"]["settled"]]
    with pytest.raises(RuleViolation) as refused:
        games.import_record("".join(json.dumps(e) + "\n" for e in events))
    assert refused.value.code == "settled_differs"
    assert f"Move {lapsed['number']} of the record" in refused.value.message


def test_a_move_sent_with_settled_facts_is_recorded_with_the_rules_own(games):
    created = games.create("grand_austria", ["Ann", "Bo"], mode="digital", seed=0)
    gid = created["id"]
    game = get_game("grand_austria")
    move = game.legal_moves(games.history(gid).state)[0]
    games.record_move(gid, {**move, "settled": ["lapsed", "lapsed"]}, created["tokens"]["seats"][move["seat"]])
    assert games.history(gid).entry(games.history(gid).effective[-1]).move.get("settled") != ["lapsed", "lapsed"]


@pytest.mark.parametrize("options", [{}, {"events": True}])
def test_a_digital_wiener_walzer_game_exported_for_the_table_imports(games, options):
    """The stacks lie face down: the table's record shows them as null, and
    each placed card as it came up."""
    gid, created = played(games, "wiener_walzer", ["Ann", "Bo", "Cy"], 2, options=options)
    record = games.export(gid, "jsonl", created["tokens"]["scorekeeper"])
    setup = next(line for line in lines(record) if line.get("move", {}).get("type") == "setup")
    assert set(setup["move"]["stacks"].values()) == {None}
    for fmt in ("jsonl", "text"):
        imports_and_verifies(games, games.export(gid, fmt, created["tokens"]["scorekeeper"]))


# 2. A table record relabelled digital ----------------------------------------------------
def test_a_table_record_relabelled_digital_is_refused(games):
    gid, created = played(games, "willi", ["Ann", "Bo", "Cy", "Di"], 4, mode="table")
    record = games.export(gid, "jsonl", created["tokens"]["scorekeeper"])
    relabelled = record.replace('"mode":"table"', '"mode":"digital"', 1)
    text = games.export(gid, "text", created["tokens"]["scorekeeper"]).replace('[Mode "table"]', '[Mode "digital"]')
    for forged in (relabelled, text):
        with pytest.raises(RuleViolation) as refused:
            games.import_record(forged)
        assert refused.value.code == "digital_without_seed"
        assert "table game" in refused.value.message
    assert games.import_record(record)["differences"] == []


# 3. A re-export is the same record -------------------------------------------------------
THE_COPYS_OWN = ("id", "at", "hash", "prev_hash", "committed", "salts", "commitments", "tokens_digest")


def comparable(record: str, view: bool = False) -> list[dict]:
    """A record as its copy must give it back. A record for one viewer holds
    the whole game's outcomes; its copy, which replays the hidden cards as
    unseen, holds the outcomes of what it saw."""
    dropped = THE_COPYS_OWN + (("outcome",) if view else ())
    return [{k: v for k, v in line.items() if k not in dropped} for line in lines(record)]


@pytest.mark.parametrize("game_id, players", [("willi", ["Ann", "Bo", "Cy", "Di"]), ("vienna", ["Ann", "Bo", "Cy"])])
def test_an_imported_digital_record_keeps_its_seed_commitment_and_revealed_seed(games, game_id, players):
    gid, created = played(games, game_id, players, 5)
    for whole, token in ((True, None), (False, created["tokens"]["scorekeeper"])):
        record = games.export(gid, "jsonl", token, whole=whole)
        copy = games.import_record(record)
        again = games.export(copy["id"], "jsonl", copy["tokens"]["scorekeeper"], whole=whole)
        assert comparable(again, view=not whole) == comparable(record, view=not whole)
        started, revealed = lines(again)[0], lines(again)[-1]
        assert started["seed_commitment"] == lines(record)[0]["seed_commitment"] == copy["seed_commitment"]
        assert revealed["event"] == "SeedRevealed"
        assert seed_commitment(revealed["seed"], revealed["salt"]) == started["seed_commitment"]
        text = games.export(gid, "text", token, whole=whole)
        text_copy = games.import_record(text)
        text_again = games.export(text_copy["id"], "text", text_copy["tokens"]["scorekeeper"], whole=whole)

        def kept(lines_: str) -> list[str]:
            return [line for line in lines_.splitlines() if not line.startswith(("[Id ", "[Date "))]
        assert kept(text_again) == kept(text)
        assert ('[View "table"]' in text_again) == ('[View "table"]' in text)


# 4. Import and verify agree on the seed --------------------------------------------------
@pytest.mark.parametrize("game_id, players, options", [
    ("willi", ["Ann", "Bo", "Cy", "Di"], None),
    ("willi", ["Ann", "Bo", "Cy"], None),
    ("grand_austria", ["Ann"], {"solo": {"difficulty": "easy"}}),
])
def test_a_record_that_imports_verifies_ever_after(games, game_id, players, options):
    gid, created = played(games, game_id, players, 6, options=options)
    for token in (created["tokens"]["scorekeeper"], created["tokens"]["seats"][players[0]]):
        for fmt in ("jsonl", "text"):
            copy = imports_and_verifies(games, games.export(gid, fmt, token))
            # and its own export again
            again = games.export(copy, fmt, whole=True)
            imports_and_verifies(games, again)


def test_a_record_whose_deals_are_not_its_seeds_is_refused(games):
    """Whoever writes a record can make up a seed and its commitment: the
    deals must then be that seed's."""
    gid, _ = played(games, "willi", ["Ann", "Bo", "Cy", "Di"], 7)
    events = lines(games.export(gid, "jsonl", whole=True))
    revealed = events[-1]
    assert revealed["event"] == "SeedRevealed"
    revealed["seed"] += 1
    events[0]["seed_commitment"] = seed_commitment(revealed["seed"], revealed["salt"])
    with pytest.raises(RuleViolation) as refused:
        games.import_record("".join(json.dumps(e) + "\n" for e in events))
    assert refused.value.code == "seed_differs"
    events[0]["seed_commitment"] = "0" * 64
    with pytest.raises(RuleViolation) as refused:
        games.import_record("".join(json.dumps(e) + "\n" for e in events))
    assert refused.value.code == "seed_commitment"


def test_a_running_digital_game_imported_and_played_to_the_end_verifies(games):
    """Its copy deals the rest from a seed of its own, and says from which
    move: the moves before were dealt by the recorded game's seed."""
    game = get_game("willi")
    created = games.create("willi", ["Ann", "Bo", "Cy", "Di"], mode="digital", seed=8)
    rng = random.Random(8)
    for _ in range(15):
        move = rng.choice(game.legal_moves(games.history(created["id"]).state))
        games.record_move(created["id"], move, created["tokens"]["seats"][move["seat"]])
    moves = len(games.history(created["id"]).entries)
    for fmt in ("jsonl", "text"):
        copy = games.import_record(games.export(created["id"], fmt, whole=True))
        assert games.history(copy["id"]).started.dealt_from == moves + 1
        while not game.finished(games.history(copy["id"]).state):
            move = rng.choice(game.legal_moves(games.history(copy["id"]).state))
            games.record_move(copy["id"], move, copy["tokens"]["seats"][move["seat"]])
        assert games.audit(copy["id"])["ok"]
        again = games.export(copy["id"], fmt, whole=True)
        imports_and_verifies(games, again)


def test_a_finished_digital_game_forked_and_played_to_the_end_verifies(games):
    gid, created = played(games, "willi", ["Ann", "Bo", "Cy", "Di"], 9)
    fork = games.fork(gid, 10, created["tokens"]["scorekeeper"])
    game, rng = get_game("willi"), random.Random(9)
    while not game.finished(games.history(fork["id"]).state):
        move = rng.choice(game.legal_moves(games.history(fork["id"]).state))
        games.record_move(fork["id"], move, fork["tokens"]["seats"][move["seat"]])
    assert games.audit(fork["id"])["ok"], games.audit(fork["id"])["problems"]

"""A write skips the read before it when this host's writers know the
cached version to be the game's newest (service/store/heads.py), and answers
the same as if it had read: a stale cache (another host wrote) costs a
failed save or a refusal checked again, never a wrong answer."""
from __future__ import annotations

import random

import pytest

from domain.rules import random_move
from domain.rules import RuleViolation
from domain.willi import GAME
from service.app.games import Games
from service.app.errors import Conflict
from service.store.heads import KnownHeads
from service.store.database import open_store

PLAYERS = ["Alex", "Joe", "Gunter"]


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path}/heads.sqlite3"


def host(url: str, heads: KnownHeads) -> Games:
    games = Games(open_store(url))
    games.heads = heads
    return games


def reads_of(games: Games, monkeypatch) -> list[int]:
    """Counts the reads of a game's events after a version (the read before a write)."""
    calls: list[int] = []
    events = games.store.events
    original = events.get

    def get(originator_id, **kwargs):
        if kwargs.get("gt") is not None:
            calls.append(kwargs["gt"])
        return original(originator_id, **kwargs)

    read = games.store.game_events

    def game_events(gid, after=0, *args, **kwargs):
        calls.append(after)
        return read(gid, after, *args, **kwargs)

    monkeypatch.setattr(events, "get", get)
    monkeypatch.setattr(games.store, "game_events", game_events)
    return calls


def next_move(games: Games, gid: str, rng: random.Random):
    return random_move(GAME, games.history(gid).state, rng)


def test_a_writer_that_knows_the_newest_version_does_not_read_before_writing(url, monkeypatch):
    games = host(url, KnownHeads(64))
    created = games.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(1)
    moves = [next_move(games, gid, rng)]
    games.record_move(gid, moves[0], token)
    reads = reads_of(games, monkeypatch)
    state = games.history(gid).state        # a read always asks the store
    assert len(reads) == 1
    answer = games.record_move(gid, random_move(GAME, state, rng), token)
    assert len(reads) == 1 and answer["version"] == games.history(gid).version


def test_two_workers_of_one_host_read_after_the_other_wrote(url, monkeypatch):
    shared = KnownHeads(64)
    first, second = host(url, shared), host(url, shared)
    created = first.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(2)
    first.record_move(gid, next_move(first, gid, rng), token)
    second.record_move(gid, next_move(second, gid, rng), token)
    reads = reads_of(first, monkeypatch)
    answer = first.record_move(gid, next_move(second, gid, rng), token)   # first's cache is one move behind
    assert reads and answer["version"] == second.history(gid).version + 0 == first.history(gid).version


def test_a_host_whose_cache_is_stale_still_records_against_the_stored_game(url):
    """Two hosts, each with its own table: the one that did not see the
    other's move saves at a version already taken, reads, checks the move
    against the stored game and records it."""
    one, other = host(url, KnownHeads(64)), host(url, KnownHeads(64))
    created = one.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(3)
    one.record_move(gid, next_move(one, gid, rng), token)
    other.record_move(gid, next_move(other, gid, rng), token)        # one's cache is now behind
    move = next_move(other, gid, rng)
    answer = one.record_move(gid, move, token)
    assert answer["version"] == other.history(gid).version
    log = [entry["move"] for entry in one.log(gid, token)["entries"]]
    assert len(log) == 3 and log[-1]["card"] == move["card"]


def test_a_move_refused_against_a_stale_cache_is_checked_again_against_the_store(url):
    """The next player's move, legal only after the other host's move, is
    not refused because this host had not seen that move."""
    one, other = host(url, KnownHeads(64)), host(url, KnownHeads(64))
    created = one.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(4)
    for _ in range(60):
        one.record_move(gid, next_move(one, gid, rng), token)
        stale = one._histories[one.parse_id(gid)].state
        other.record_move(gid, next_move(other, gid, rng), token)
        move = next_move(other, gid, rng)
        try:
            GAME.check(stale, move)
        except RuleViolation:
            break                 # against one's cache this move is refused
        other.record_move(gid, move, token)
    else:
        pytest.fail("no move refused against the stale state was found")
    answer = one.record_move(gid, move, token)
    assert answer["version"] == other.history(gid).version


def test_a_stale_cache_with_the_expected_version_named_is_not_a_conflict(url):
    one, other = host(url, KnownHeads(64)), host(url, KnownHeads(64))
    created = one.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(5)
    one.record_move(gid, next_move(one, gid, rng), token)
    other.record_move(gid, next_move(other, gid, rng), token)
    version = other.history(gid).version
    answer = one.record_move(gid, next_move(other, gid, rng), token, expected_version=version)
    assert answer["version"] > version
    with pytest.raises(Conflict):
        one.record_move(gid, next_move(other, gid, rng), token, expected_version=version)


def test_the_table_keeps_the_later_version_and_tells_games_and_stores_apart():
    heads = KnownHeads(1 << 10)
    from uuid import uuid4
    a, b = uuid4(), uuid4()
    heads.saw("db1", a, 7)
    heads.saw("db1", a, 5)                   # an older read does not set it back
    assert heads.current("db1", a, 7) and not heads.current("db1", a, 5)
    assert not heads.current("db2", a, 7) and not heads.current("db1", b, 7)
    heads.saw("db1", a, 1 << 24)             # past what a slot holds: unknown, so read
    assert not heads.current("db1", a, 1 << 24)


@pytest.mark.parametrize("kind", ["move", "undo", "redo"])
def test_a_write_that_meets_the_database_away_leaves_the_cache_as_it_was(url, monkeypatch, kind):
    """Unread before the write, the store may be away: a save that fails so
    takes the cached game back to where it stood (reads answer from it
    meanwhile), and the write goes through once the store is back."""
    from eventsourcing.persistence import OperationalError
    games = host(url, KnownHeads(64))
    created = games.create("willi", PLAYERS)
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    rng = random.Random(6)
    for _ in range(20):
        games.record_move(gid, next_move(games, gid, rng), token)
    if kind == "redo":
        games.undo(gid, token)
    before = games.history(gid)
    seen = (before.version, before.state, before.record.last_hash, before.record.moves, len(before.states))
    move = random_move(GAME, before.state, rng)
    write = {"move": lambda: games.record_move(gid, move, token), "undo": lambda: games.undo(gid, token),
             "redo": lambda: games.redo(gid, token)}[kind]
    saving = games.store.save

    def away(*args, **kwargs):
        raise OperationalError("the database is away")

    monkeypatch.setattr(games.store, "save", away)
    with pytest.raises(OperationalError):
        write()
    cached = games._histories[games.parse_id(gid)]
    assert cached is before and not cached.record.pending_events
    assert (cached.version, cached.state, cached.record.last_hash, cached.record.moves, len(cached.states)) == seen
    monkeypatch.setattr(games.store, "save", saving)
    answer = write()
    assert answer["version"] == seen[0] + 1 + (0 if kind != "move" else len(answer.get("auto", [])))
    fresh = host(url, KnownHeads(64))
    assert fresh.history(gid).state == games.history(gid).state and fresh.audit(gid)["ok"]

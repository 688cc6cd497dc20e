"""The table: one owner of "play a move" (check, apply, record) for the
service, undo and redo, digital chance moves, imported records, the history
rebuilt from stored events and random playouts."""
from __future__ import annotations

import copy
import random

import pytest

from domain.commitment import seed_commitment
from domain.record import SERVICE, NothingToUndo
from domain.rules import RuleViolation, YesNo, random_move
from domain.table import random_game
from domain.table import Table, rules_to_replay, rules_to_start
from domain.wiener_walzer import GAME as WALZER
from domain.willi import GAME as WILLI

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]


def stored(table: Table) -> list:
    """The events a service would save, as a store gives them back."""
    return table.record.collect_events()


def rebuilt(events: list) -> Table:
    table = Table.from_started(events[0])
    for event in events[1:]:
        table.replay(event)
    return table


def a_willi_table(moves: int, seed: int = 3) -> Table:
    table, rng = Table.start(WILLI, PLAYERS), random.Random(seed)
    for _ in range(moves):
        table.play(random_move(WILLI, table.state, rng), "scorekeeper")
    return table


def test_play_checks_applies_and_records_the_move():
    table = a_willi_table(0)
    deal = random_move(WILLI, table.state, random.Random(1))
    played = table.play(deal, "scorekeeper")
    assert played.number == 1 and table.record.moves == 1 and table.moves[1] == deal
    assert table.state == WILLI.apply(table.states[0], deal)[0]
    assert played.outcome == WILLI.apply(table.states[0], deal)[1]
    with pytest.raises(RuleViolation):
        table.play(deal, "scorekeeper")                   # a second deal before any card is played
    assert table.record.moves == 1 and len(table.states) == 2


def test_undo_takes_the_state_back_and_redo_plays_the_move_again():
    table = a_willi_table(5)
    before, last = table.states[-2], table.state
    assert table.undo("scorekeeper") == 5
    assert table.state is before and table.record.redoable == 5
    played = table.redo("scorekeeper")
    assert played.number == 5 and table.state == last
    with pytest.raises(NothingToUndo):
        table.redo("scorekeeper")


def test_redo_of_a_move_the_rules_now_refuse_records_nothing():
    table = a_willi_table(2)
    table.undo("scorekeeper")
    table.moves[2] = {**table.moves[2], "card": "R99"}
    with pytest.raises(RuleViolation):
        table.redo("scorekeeper")
    assert table.record.redoable == 2 and len(table.states) == 2


SECRET = (11, "a salt")


def test_in_digital_mode_the_table_deals_and_refuses_a_deal_entered_by_hand():
    table = Table.start(WILLI, PLAYERS, mode="digital")
    deals = table.auto(SECRET)
    assert [p.number for p in deals] == [1] and table.record.last_move_by_service
    assert table.record.seed is None                                  # the seed stays out of the record
    assert not WILLI.expected(table.state).is_chance
    again = Table.start(WILLI, PLAYERS, mode="digital")
    assert [p.move for p in again.auto(SECRET)] == [p.move for p in deals]   # the seed fixes every deal
    with pytest.raises(RuleViolation, match="service rolls, deals and draws"):
        table.complete({"type": "deal", "hands": {}}, SECRET[0])
    assert Table.start(WILLI, PLAYERS).auto(None) == []                # at the table nobody deals for you


def test_the_stored_events_rebuild_every_state():
    table = a_willi_table(30)
    table.undo("scorekeeper")
    table.undo("scorekeeper")
    table.redo("scorekeeper")
    table.play(random_move(WILLI, table.state, random.Random(8)), "scorekeeper")
    table.record.annotate(3, "a comment", "scorekeeper")
    again = rebuilt(stored(table))
    assert again.states == table.states
    assert again.moves == table.moves
    assert again.record.version == table.record.version and again.record.last_hash == table.record.last_hash


def test_a_digital_game_rebuilds_from_its_events_like_the_live_table():
    table = Table.start(WILLI, PLAYERS, mode="digital", seed_commitment=seed_commitment(*SECRET))
    table.auto(SECRET)
    rng = random.Random(2)
    while not WILLI.finished(table.state):
        table.play(table.complete(random_move(WILLI, table.state, rng), SECRET[0]), "Alex")
        table.auto(SECRET)
    assert table.record.seed_revealed                                 # over: the seed is shown
    assert sum(getattr(e, "recorded_by", None) == SERVICE for e in table.record.pending_events) > 1   # every deal
    assert rebuilt(stored(table)).states == table.states


def test_replaying_a_move_the_rules_cannot_apply_keeps_the_state_and_says_why():
    table = a_willi_table(3)
    events = stored(table)
    events[2].__dict__["move"] = {"type": "play"}             # no seat, no card: an edited record
    again = Table.from_started(events[0])
    assert again.replay(events[1]).failed is None
    broken = again.replay(events[2])
    assert isinstance(broken.failed, KeyError) and broken.refused is None
    assert again.state is again.states[-2] and broken.outcome == events[2].outcome


def test_a_replay_asked_to_check_names_the_rule_a_stored_move_breaks():
    table = a_willi_table(3)
    events = stored(table)
    events[3].__dict__["move"] = events[2].move              # the same card discarded twice
    again = Table.from_started(events[0])
    again.replay(events[1])
    again.replay(events[2])
    refused = again.replay(events[3], check=True).refused
    assert isinstance(refused, RuleViolation) and refused.code


def test_a_new_game_and_its_replay_load_the_options_the_same_way(monkeypatch):
    """An option with a default (as a ``modules`` option would have) gives the
    same state live and in replay: both load the options through the schema."""
    class EventsByDefault(type(WALZER).options_schema):
        events = YesNo(load_default=True)

    monkeypatch.setattr(type(WALZER), "options_schema", EventsByDefault)
    table = Table.start(WALZER, ["Ann", "Ben"], {})
    assert table.state.events and table.record.options == {}     # the record keeps the options as given
    assert Table.from_started(stored(table)[0]).state == table.state


def test_random_game_is_played_through_the_table():
    moves = random_game(WILLI, PLAYERS, {}, random.Random(4))
    table = Table.start(WILLI, PLAYERS)
    for move in moves:
        table.play(move, "scorekeeper")
    assert WILLI.finished(table.state)


# -- rules versions ------------------------------------------------------------------
def test_a_game_starts_under_the_current_rules_or_the_record_s_own_version(monkeypatch):
    monkeypatch.setattr(type(WILLI), "rules_version", "3")
    monkeypatch.setattr(type(WILLI), "rules_versions", {"2": "before", "3": "now"})
    assert rules_to_start(WILLI, None) == "3"
    assert rules_to_start(WILLI, "2") == "2"
    assert rules_to_start(WILLI, "1") == "3"            # version 1: today's behaviour, the current rules
    with pytest.raises(RuleViolation) as refused:
        rules_to_start(WILLI, "7")
    assert refused.value.code == "unplayable_rules_version"
    assert refused.value.message == ("This record was played under Willi rules version 7; this tablelog plays "
                                     "Willi under rules version 2 or 3 only.")
    # A stored game is never refused: one of a version no longer played
    # replays under the current rules, and the audit says so.
    assert rules_to_replay(WILLI, "2") == "2" and rules_to_replay(WILLI, "7") == "3"


def test_setup_is_given_the_version_the_game_plays_under(monkeypatch):
    seen = []
    setup = type(WILLI).setup

    def setup_seen(self, players, options, rules_version=None):
        seen.append(rules_version)
        return setup(self, players, options, rules_version)

    monkeypatch.setattr(type(WILLI), "rules_version", "3")
    monkeypatch.setattr(type(WILLI), "rules_versions", {"2": "before", "3": "now"})
    monkeypatch.setattr(type(WILLI), "setup", setup_seen)
    table = Table.start(WILLI, PLAYERS, rules_version="2")
    assert table.record.rules_version == "2" and table.rules_version == "2"
    Table.from_started(stored(table)[0])
    Table.start(WILLI, PLAYERS)
    assert seen == ["2", "2", "3"]


def test_every_game_says_which_versions_it_plays_and_what_changed():
    from domain.games import all_games
    for game in all_games():
        assert game.rules_version in game.rules_versions, game.id
        described = game.describe()["rules_versions"]
        assert described == dict(game.rules_versions) and all(text.strip() for text in described.values())



def test_a_rollback_takes_the_record_back_to_its_savepoint_whatever_was_recorded_since():
    """A write the store could not take leaves the cached table as it stood:
    every kind of event recorded after the savepoint is gone from the record."""
    table = Table.start(WILLI, PLAYERS, mode="digital", seed_commitment=seed_commitment(*SECRET))
    table.auto(SECRET)
    rng = random.Random(2)
    for _ in range(3):
        table.play(table.complete(random_move(WILLI, table.state, rng), SECRET[0]), "Alex")
        table.auto(SECRET)
    stored(table)                                                     # saved: nothing pending
    before, states, moves = copy.deepcopy(vars(table.record)), list(table.states), dict(table.moves)

    point = table.savepoint()
    table.play(table.complete(random_move(WILLI, table.state, rng), SECRET[0]), "Alex")
    table.undo("Alex")
    table.redo("Alex")
    table.record.annotate(2, "a comment", "scorekeeper")
    table.record.change_seat_link("Joe", "a new token's hash", "scorekeeper")
    table.record.accept_head("operator", "a test", ["anchor under another key"])
    while not WILLI.finished(table.state):
        table.play(table.complete(random_move(WILLI, table.state, rng), SECRET[0]), "Alex")
        table.auto(SECRET)
    assert table.record.seed_revealed
    table.rollback(point)

    assert vars(table.record) == before
    assert table.record.pending_events == []
    assert list(table.states) == states and dict(table.moves) == moves

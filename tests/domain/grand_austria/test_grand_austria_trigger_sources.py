"""A seat's triggers of one kind are every trigger source's, in the order
the sources and their cards give them: the sources answer grouped by kind
(worked out once per set of hired cards or celebrities held), and the
grouping must lose or reorder none. And the solo opponent's drawn card,
looked up by its number, is the card's symbols as ``filtered`` leaves them."""
from __future__ import annotations

import random

import pytest

from domain.grand_austria import GAME
from domain.grand_austria.catalog import TRIGGERS
from domain.grand_austria.effects import by_kind, triggers
from domain.grand_austria.parts import MODULES, parts
from domain.grand_austria.solo.deck import LEVELS, decks, filtered, instruction
from domain.table import random_game

ALL = ["more", "celebrities", "unique_hotels", "ballrooms", "start_player"]


def every_trigger(state, seat):
    """Every trigger of the seat in the rule's order: its hired cards' as hired (the base game's
    source, the first), then each module's source's."""
    hired = [card.trigger for card in state.player(seat).hired if card.trigger]
    return hired + [t for source in parts(state).triggers[1:] for group in source(state, seat).values() for t in group]


@pytest.mark.parametrize("seed", range(2))
def test_a_seats_triggers_of_a_kind_are_every_sources_in_order(seed):
    players = ["Ann", "Bob", "Cy"][:2 + seed]
    moves = random_game(GAME, players, {"modules": ALL}, random.Random(seed))
    state = GAME.setup(players, GAME.load_options({"modules": ALL}))
    asked = 0
    for move in moves:
        state, _ = GAME.apply(state, move)
        for seat in players:
            for on in TRIGGERS:
                found = triggers(state, seat, on)
                assert found == [t for t in every_trigger(state, seat) if t["on"] == on]
                asked += bool(found)
    assert asked > 20


def test_a_modules_trigger_sources_answer_only_the_kinds_it_declares():
    """``triggers`` asks a source only of the kinds its module declares (``Module.answers``)."""
    declared = {t: m.answers for m in MODULES.values() if m.answers is not None for t in m.triggers}
    assert declared
    for kinds in declared.values():
        assert kinds <= set(TRIGGERS)
    moves = random_game(GAME, ["Ann", "Bob"], {"modules": ALL}, random.Random(3))
    state = GAME.setup(["Ann", "Bob"], GAME.load_options({"modules": ALL}))
    answered = set()
    for move in moves:
        state, _ = GAME.apply(state, move)
        for seat in state.players:
            for source in parts(state).triggers:
                kinds = set(source(state, seat))
                assert kinds <= declared.get(source, kinds)
                answered |= kinds if source in declared else set()
    assert answered


def test_triggers_grouped_by_kind_keep_their_order():
    listed = [{"on": "die", "n": 1}, {"on": "gained", "n": 2}, {"on": "die", "n": 3}]
    grouped = by_kind(listed)
    assert dict(grouped) == {"die": (listed[0], listed[2]), "gained": (listed[1],)}
    assert by_kind([]) == {}


@pytest.mark.parametrize("deck", ["leopold", "elisabeth"])
def test_a_drawn_instruction_is_its_cards_symbols_at_the_level(deck):
    for number, card in decks()[deck].items():
        for level in LEVELS:
            for dancers in (False, True):
                for coloured in (False, True):
                    steps, words = instruction(deck, number, level, dancers, coloured)
                    assert steps == filtered(card, level, dancers, coloured)
                    assert words == "; ".join(s.words() for s in steps) and words.items == tuple(s.words() for s in steps)

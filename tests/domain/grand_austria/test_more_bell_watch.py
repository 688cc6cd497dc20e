"""Module 5's bell watch observes only the cards a move may change (a
declined state card off its owner's turn, the event cards while a decision
waits, every card on its owner's settled turn). Its answer must be the one
observing every card gives, for any state: here states from random games
whose bell cards (hired, known to the module, armed, taken) are built by
hand, as a test, an old checkpoint or a hand-made state holds them."""
from __future__ import annotations

import random

import pytest

from domain.grand_austria import GAME
from domain.grand_austria.effects import set_player
from domain.grand_austria.modules import more
from domain.grand_austria.modules.more import ID, Bell, More
from domain.immutable import evolve
from domain.table import random_game


def every_card_observed(before, after, out):
    """The watch as the rule reads: every bell card of every seat observed."""
    now = more.of(after).bells
    on_turn = after.turn.seat if after.turn is not None else None
    then = more.of(before).bells if more.same_turn(before, after) else {}
    bells, offers = {}, ()
    for seat in after.players:
        known = now.get(seat) or ()
        hired = more.bell_cards(after.player(seat).hired)
        cards = known + tuple(Bell(card) for card in hired[len(known):])
        seen = []
        for i, bell in enumerate(cards):
            card, offer = more.observed(before, after, out, seat, i, bell, seat == on_turn,
                                        i < len(then.get(seat, ())))
            seen.append(card)
            offers += offer
        bells[seat] = tuple(seen)
    return bells, after.pending + offers


def hand_built(state, rng):
    """Each seat hires a few bell cards more or none; the module knows a
    part of them (or the seat not at all), each armed or not, taken or not."""
    bell_cards = sorted((c for c in state.config.catalog.staff.values() if c.kind == "bell"), key=lambda c: c.number)
    bells = {}
    for seat in state.players:
        player = state.player(seat)
        hired = player.hired + tuple(rng.sample(bell_cards, rng.choice((0, 1, 3, 6))))
        state = set_player(state, seat, evolve(player, hired=hired))
        mine = more.bell_cards(hired)
        if rng.random() < 0.9:
            bells[seat] = tuple(Bell(card, armed=rng.random() < 0.5, taken=rng.random() < 0.2)
                                for card in mine[:rng.choice((len(mine), rng.randint(0, len(mine))))])
    return evolve(state, modules={**state.modules, ID: More(bells)})


@pytest.mark.parametrize("seed", range(4))
def test_the_bell_watch_answers_as_observing_every_card_on_hand_built_states(seed):
    rng = random.Random(seed)
    players, options = ["Ann", "Bob", "Cy"][:2 + seed % 2], GAME.load_options({"modules": ["more"]})
    moves = random_game(GAME, players, {"modules": ["more"]}, random.Random(seed))
    state = GAME.setup(players, options)
    compared = 0
    for move in moves:
        after, out = GAME.apply(state, move)
        if rng.random() < 0.7:
            built = hand_built(after, rng)
            # the cards in play before the move: the same, others, or as the game had them
            before = rng.choice((evolve(state, modules=built.modules), hand_built(state, rng), state))
            watched = more.watch(before, built, list(out))
            bells, pending = every_card_observed(before, built, list(out))
            assert (dict(more.of(watched).bells), watched.pending) == (bells, pending)
            compared += 1
        state = after
    assert compared > 50

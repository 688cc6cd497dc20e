"""A Wiener Walzer table for the tests: lay out a board, put the guests of
earlier turns on it, make the move, look at what happened."""
from __future__ import annotations

from dataclasses import replace

import pytest

from domain.rules import RuleViolation
from domain.wiener_walzer import GAME, Guest

# A 7 x 7 ballroom, every square a buffet space but b1, gold-framed: room for
# up to 4 players (48 buffet spaces).
BALLROOM = ["oGooooo"] + ["ooooooo"] * 6
PLAYERS = ("Blue", "Green", "Red")


class Table:
    def __init__(self, players=PLAYERS, layout=BALLROOM, events=False, neutral=None, buffet=None, stacks=None,
                 colours=None):
        colours = colours if colours is not None else {p: p.lower() for p in players}
        options = GAME.load_options({"colours": colours, "layout": layout, "events": events})
        self.state = GAME.setup(list(players), options)
        self.outcomes = []
        tiles = {space: ["cheese"] for space in self.state.board.buffet_spaces}
        tiles.update(buffet or {})
        move = {"type": "setup", "buffet": tiles,
                "neutral": neutral if neutral is not None else {s: "G4" for s in self.state.board.gold}}
        if stacks:
            move["stacks"] = stacks
        self.do(**move)

    # -- the position before the move ------------------------------------------
    def put(self, space, card, owner=None, turned=False):
        """A guest placed in an earlier turn (owner None: a neutral guest)."""
        state = self.state
        tiles = dict(state.tiles)
        tiles.pop(space, None)
        cards = state.cards
        if owner is not None:
            i = state.index(owner)
            left = list(cards[i])
            left.remove(card)
            cards = cards[:i] + (tuple(left),) + cards[i + 1:]
        guest = Guest(card[0], int(card[1:]), owner, turned)
        self.state = replace(state, guests={**state.guests, space: guest}, tiles=tiles, cards=cards)
        return self

    def tile(self, space, *items):
        self.state = replace(self.state, tiles={**self.state.tiles, space: tuple(sorted(items))})
        return self

    def collect(self, seat, *tiles):
        i = self.state.index(seat)
        collected = self.state.collected[i] + tuple(tuple(sorted(t)) for t in tiles)
        before = self.state.collected
        self.state = replace(self.state, collected=before[:i] + (collected,) + before[i + 1:])
        return self

    def score(self, seat, points):
        i = self.state.index(seat)
        self.state = replace(self.state, points=self.state.points[:i] + (points,) + self.state.points[i + 1:])
        return self

    def turn_of(self, seat):
        self.state = replace(self.state, turn=self.state.index(seat))
        return self

    # -- moves ----------------------------------------------------------------------
    def do(self, **move):
        move = GAME.load_move(move)
        GAME.check(self.state, move)
        self.state, outcome = GAME.apply(self.state, move)
        self.outcomes.append(outcome)
        return outcome

    def place(self, seat, card, space):
        return self.do(type="place", seat=seat, card=card, space=space)

    def refused(self, **move) -> RuleViolation:
        before = self.state
        with pytest.raises(RuleViolation) as caught:
            GAME.check(self.state, GAME.load_move(move))
        assert self.state is before
        return caught.value

    # -- looking -------------------------------------------------------------------
    def points(self, seat):
        return GAME.scores(self.state)[seat]

    def guest(self, space):
        return self.state.guests.get(space)

    def expected(self):
        return GAME.expected(self.state)


def facts(outcome, kind):
    return [f for f in outcome if f["fact"] == kind]


def pairs(outcome):
    return [{f["dancer"], f["partner"]} for f in facts(outcome, "danced")]

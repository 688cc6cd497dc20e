"""Willi's state: hands as the cards each may hold, tricks, rounds and points."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Mapping

from domain.immutable import evolve as replace
from domain.ranking import best, places, tied
from domain.rules import Finding, RuleViolation
from domain.willi.cards import DECK, colour, components, value
from domain.words import N_, said

MONSTER: str = components()["monster"]["seat"]
MONSTER_BONUS: int = components()["monster"]["bonus"]
HAND_SIZE: int = components()["deal"]["hand_size"]
TRICKS_PER_ROUND: int = components()["deal"]["tricks_per_round"]
TRICKS_PER_SEAT: int = components()["deal"]["tricks_per_seat"]
ROUNDS: int = components()["deal"]["rounds"]
POINTS_BY_PLACE: dict[int, int] = {int(k): v for k, v in components()["points_by_place"].items()}

RULE_FOLLOW = "The Trick-Taking"
RULE_WIN = "Who Wins the Trick?"
RULE_EXCHANGE = "What Can the Player Do with the Trick?"
RULE_PREPARATION = "Preparation"
RULE_MONSTER = "The Game with 3 Players"


@dataclass(frozen=True)
class Hand:
    """What the record knows of one seat's hand."""

    possible: frozenset[str]      # every card the seat may hold
    size: int                     # how many cards it holds
    taken: tuple[tuple[str, int], ...] = ()  # cards taken in exchanges, with the ply
    stack: tuple[str, ...] | None = None     # the monster's stack, top first, when known

    @property
    def certain(self) -> bool:
        return len(self.possible) == self.size

    @property
    def held(self) -> frozenset[str]:
        """Cards the hand surely holds: taken in exchanges, not played or given since."""
        return frozenset(card for card, _ in self.taken if card in self.possible)

    def settled(self) -> Hand:
        """The hand once what is known is counted: when the cards taken in
        exchanges are as many as the cards held, the hand holds exactly those."""
        held = self.held
        if len(held) == self.size and len(self.possible) > self.size:
            return replace(self, possible=held)
        return self

    def surely_holds_one_of(self, cards: set[str]) -> bool:
        """True if the hand must hold at least one of ``cards``."""
        if self.held & cards:
            return True
        return len(cards & self.possible) > len(self.possible) - self.size


@dataclass(frozen=True)
class Trick:
    leader: str
    cards: tuple[tuple[str, str], ...] = ()  # (seat, card) in the order played
    caller: str | None = None
    winner: str | None = None
    exchange: tuple[str, str] | None = None  # (give, take) by the winner afterwards

    def card_of(self, seat: str) -> str | None:
        return next((card for s, card in self.cards if s == seat), None)

    @property
    def lead(self) -> str:
        return self.cards[0][1]

    @property
    def final_cards(self) -> tuple[str, ...]:
        """The cards the trick holds now: after an exchange, the given card
        instead of the taken one."""
        return final_cards(self.cards, self.exchange)

    @property
    def total(self) -> int:
        return trick_sum(self.cards, self.exchange)


@lru_cache(maxsize=4096)
def final_cards(cards: tuple[tuple[str, str], ...], exchange: tuple[str, str] | None) -> tuple[str, ...]:
    held = tuple(card for _, card in cards)
    if exchange is None:
        return held
    give, take = exchange
    return tuple(give if card == take else card for card in held)


@lru_cache(maxsize=4096)
def trick_sum(cards: tuple[tuple[str, str], ...], exchange: tuple[str, str] | None) -> int:
    """A trick's sum (every view shows each trick's; a state's tricks are shared by the states after it)."""
    return sum(value(card) for card in final_cards(cards, exchange))


@dataclass(frozen=True)
class Unfollowed:
    """A seat played off colour and number with a hand the record could not
    see: a later card of the led colour, not taken in an exchange since,
    proves a renege."""

    seat: str
    ply: int
    lead: str
    card: str


class Phase(StrEnum):
    """Where a round stands: the deal, the discards, the tricks; ``over``
    once the last round is scored."""

    DEAL = "deal"
    DISCARD = "discard"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class WilliState:
    players: tuple[str, ...]          # the people, as listed
    seats: tuple[str, ...]            # clockwise, the monster first with 3 players
    round: int = 1
    phase: Phase = Phase.DEAL
    hands: tuple[Hand, ...] = ()
    discarded: frozenset[str] = frozenset()
    tricks: tuple[Trick, ...] = ()    # finished tricks of this round
    trick: Trick | None = None        # the trick being played
    exchange_open: bool = False       # the last trick's winner may still exchange
    points: tuple[int, ...] = ()      # point cards won, by seat
    rounds: tuple[Mapping[str, Any], ...] = ()  # each finished round's sums and points
    unfollowed: tuple[Unfollowed, ...] = ()
    findings: tuple[Finding, ...] = ()
    ply: int = 0                      # effective moves applied so far

    def index(self, seat: str) -> int:
        return self.seats.index(seat)

    def hand(self, seat: str) -> Hand:
        return self.hands[self.index(seat)]

    def won(self, seat: str) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    def won_by_seat(self) -> dict[str, int]:
        """``won`` of every seat, in the seats' order, counted in one pass over the tricks."""
        won = dict.fromkeys(self.seats, 0)
        for t in self.tricks:
            if t.winner in won:
                won[t.winner] += 1
        return won

    @property
    def leader_of_round(self) -> str:
        return self.seats[(self.round - 1) % len(self.seats)]

    def next_to_play(self) -> str | None:
        if self.phase != Phase.PLAY:
            return None
        if self.trick is None:
            return self.tricks[-1].winner if self.tricks else self.leader_of_round
        start = self.index(self.trick.leader)
        return self.seats[(start + len(self.trick.cards)) % len(self.seats)]

    def callers(self) -> list[str]:
        """Who may call "Meinz" now: seats that played to the unfinished
        trick, while no one has called, that have fewer than 2 tricks."""
        trick = self.trick
        if trick is None or trick.caller is not None or not trick.cards:
            return []
        return [seat for seat, _ in trick.cards
                if seat != MONSTER and self.won(seat) < TRICKS_PER_SEAT]


def not_held(state: WilliState, card: str, seat: str, verb: str) -> RuleViolation:
    """The refusal of a card ``seat`` does not hold, saying only what lies
    open on the table: a card played is public; whether a card not held is
    in another hand, discarded face down or never dealt is not, and all three
    get the same words ("You do not hold R3.")."""
    in_trick = state.trick and any(c == card for _, c in state.trick.cards)
    if in_trick or any(card in t.final_cards for t in state.tricks):
        message = said(N_("{seat} cannot {verb} {card}: it has already been played."), seat=seat, verb=verb, card=card)
    elif seat == MONSTER:
        message = said(N_("{card} is not in the card monster's stack."), card=card)
    else:
        message = said(N_("You do not hold {card}."), card=card)
    rule = {"discard": RULE_PREPARATION, "play": RULE_FOLLOW, "give": RULE_EXCHANGE}[verb]
    return RuleViolation("not_in_hand", message, rule)


def round_points(sums: Mapping[str, int]) -> dict[str, int]:
    """Point cards for the round: highest sum 3, second 1, third 0, lowest 2.
    Seats tied on a sum get nothing, and the places they share are used up
    (rulebook "Point Distribution": 40, 40, 39, 34 gives 0, 0, 0, 2)."""
    place = places(sums)
    shared = tied(sums)
    return {seat: 0 if seat in shared else POINTS_BY_PLACE[place[seat]] for seat in sums}


def same_colour(lead: str) -> set[str]:
    return {card for card in DECK if colour(card) == colour(lead)}




def scores(state: WilliState) -> dict[str, int]:
    """Every seat's points."""
    return dict(zip(state.seats, state.points))


def winners(state: WilliState) -> list[str]:
    """The players with the most points share the victory; the card monster
    is not a player and never wins (docs/games/willi.md)."""
    if state.phase != Phase.OVER:
        return []
    return best({seat: state.points[state.index(seat)] for seat in state.players})

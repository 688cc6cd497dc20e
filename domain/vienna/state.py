"""Vienna's state: the rules data, the editions (rules versions), the players
and the street, with the small steps every part of a turn uses (a player's
coins and points, the free fields)."""
from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import Any, Mapping, Sequence

from domain.immutable import evolve, put
from domain.rules import Outcome, RuleViolation
from domain.seating import counter_clockwise_from, right_of
from domain.vienna.components import (SPECIALS, SYMBOLS, Board, Card, Deck, is_joker, rules_data)
from domain.words import N_

RULES = rules_data()
DICE_BY_PLAYERS: dict[str, int] = RULES["dice_by_players"]
GAME_END_VP: int = RULES["game_end_vp"]
COINS_PER_VP: int = RULES["coins_per_vp"]
FINAL_MAJORITY_VP: int = RULES["final_majority_vp"]
TURN_BACK_COST: int = RULES["turn_back_cost"]
REROLL_COST: int = RULES["reroll_cost"]
COMPARISON: dict[str, int] = RULES["comparison"]     # fields 8-10's amounts, the Gloriette's too

RULE_SETUP = "Getting Started"
RULE_PLAY = "How to Play"
RULE_ORDER = "How to Play (placing down the street)"
RULE_REROLL = "How to Play (paying to change your roll)"
RULE_EVALUATION = "Evaluation of the Action Fields"
RULE_SPECIAL_CARDS = "Special Card Notes"
RULE_COMPARISON = "Comparison Fields"
RULE_SPECIAL_FIELDS = "Special Fields"
RULE_END = "End of Game"
RULE_DIGITAL = "Digital mode"
RULE_CARDS = "Contents"             # "55 cards (6 start cards, 5 special cards and 44 character cards)"


@dataclass(frozen=True)
class Edition:
    """What one rules version of Vienna plays differently, each change a named
    value that the rule in question reads (a game keeps its version)."""

    version: str
    changes: str
    # The double-move card is offered after its holder's regular turn even
    # when nobody else has dice left (version 2 offered it only when the
    # next turn was someone else's).
    double_move_alone: bool
    # What a custom board's comparison field gets for the amounts it leaves
    # out (version 2: nothing, so they were 0).
    comparison_defaults: Mapping[str, int]
    # Start and character cards entered at the table are checked against
    # the game's deck (version 2 took them as entered).
    table_cards_checked: bool


EDITIONS: dict[str, Edition] = {e.version: e for e in (
    Edition("2", "Digital chance moves and start cards are the service's; a Geheimbund without effects pays "
                 "1 coin per die.", double_move_alone=False, comparison_defaults={}, table_cards_checked=False),
    Edition("3", "The double move is offered after the holder's regular turn while they have dice, also when "
                 "nobody else has any; a comparison field's missing amounts are the printed ones (2 VP and 1 "
                 "coin per majority, 1 VP per tie); start and character cards entered at the table are checked "
                 "against the deck (the default one, or the game's own deck option).",
            double_move_alone=True, comparison_defaults=COMPARISON, table_cards_checked=True),
)}


@dataclass(frozen=True)
class Player:
    coins: int = 0
    vp: int = 0
    start_card: Card | None = None
    characters: tuple[Card, ...] = ()
    dice: tuple[str, ...] = ()           # dice in front of the player, not yet placed
    rolled: bool = False                 # rolled this round
    position: int = -1                   # street index of the last dice placed this round
    counted: frozenset[str] = frozenset()  # symbols compared this round

    @property
    def cards(self) -> tuple[Card, ...]:
        return ((self.start_card,) if self.start_card else ()) + self.characters


@dataclass(frozen=True)
class Placement:
    seat: str
    dice: tuple[str, ...]


@dataclass(frozen=True)
class Pending:
    """A choice the occupying player makes during the evaluation."""

    kind: str                  # take_character | gloriette | tiergarten
    seat: str
    field: int                 # street index of the field being evaluated
    effect: int                # index of the effect within the field
    options: tuple[str, ...] = ()
    amount: int = 0            # a character's cost, the Tiergarten's most coins


class Phase(StrEnum):
    """Where the game stands: the start cards chosen, the characters revealed,
    the dice placed, a street evaluated; ``over`` after the final scoring."""

    START_CARDS = "start_cards"
    REVEAL = "reveal"
    PLACING = "placing"
    EVALUATION = "evaluation"
    OVER = "over"


@dataclass(frozen=True)
class ViennaState:
    board: Board
    deck: Deck
    edition: Edition
    seats: tuple[str, ...]             # clockwise, as listed
    players: tuple[Player, ...]
    specials: tuple[str | None, ...]   # holder of each special card, in SPECIALS order
    street: tuple[Placement | None, ...]
    pile: tuple[Card, ...]             # character cards left to draw (digital mode's deck), sorted
    phase: Phase = Phase.START_CARDS
    round: int = 1
    geheimbund: tuple[Placement, ...] = ()
    gendarme: int | None = None
    display: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    turn: str | None = None            # whose turn it is while placing
    double_turn: bool = False          # the current turn is a double move
    offer: str | None = None           # who may play the double-move card now
    double_move_used: bool = False
    white_die: str | None = None       # who rolls the white die this round
    pending: Pending | None = None
    final: tuple[tuple[str, int, int, int], ...] = ()  # (seat, vp, special cards, coins left) at the end
    winners: tuple[str, ...] = ()

    def index(self, seat: str) -> int:
        return self.seats.index(seat)

    def player(self, seat: str) -> Player:
        return self.players[self.seats.index(seat)]

    def holder(self, special: str) -> str | None:
        return self.specials[SPECIALS.index(special)]

    def specials_of(self, seat: str) -> list[str]:
        return [s for s, h in zip(SPECIALS, self.specials) if h == seat]

    def symbols(self, seat: str, symbol: str) -> int:
        """Symbols in ``seat``'s collection: start card, characters, more influence."""
        count = sum(card.symbols(symbol) for card in self.player(seat).cards)
        if self.holder("more_influence") == seat:
            count += self.board.more_influence.symbols(symbol)
        return count

    @property
    def dice_count(self) -> int:
        return DICE_BY_PLAYERS[str(len(self.seats))]

    def start_card_order(self) -> tuple[str, ...]:
        """Counter-clockwise, the player before the start player first, the start player last."""
        start = self.seats[0]
        return counter_clockwise_from(self.seats, right_of(self.seats, start))

    def chooser(self) -> str | None:
        order = self.start_card_order()
        chosen = sum(1 for p in self.players if p.start_card is not None)
        return order[chosen] if chosen < len(order) else None


def without(items: tuple, gone: Sequence) -> tuple:
    """``items`` without one occurrence of each of ``gone``."""
    left = list(items)
    for item in gone:
        left.remove(item)
    return tuple(left)


def position_in_pile(pile: tuple[Card, ...], card: Card) -> int | None:
    """Where ``card`` lies in the pile (None: not there). The pile is kept
    sorted, so this is a binary search, not a comparison with every card."""
    at = bisect_left(pile, card)
    return at if at < len(pile) and pile[at] == card else None


def has_all(items: Sequence, wanted: Sequence) -> bool:
    have, need = Counter(items), Counter(wanted)
    return all(have[k] >= n for k, n in need.items())


def not_on_joker_card(dice: Sequence[str]) -> None:
    """A die lying on the dice-joker card takes any face when it is placed:
    there is nothing to reroll or turn."""
    if any(is_joker(d) for d in dice):
        raise RuleViolation("joker_die", N_("A die on the dice-joker card already shows any face you like "
                            "when you place it: it is not rerolled or turned."), RULE_SPECIAL_CARDS)


SINGULAR = {"coins": "coin", "citizens": "citizen", "crosses": "cross", "crowns": "crown"}


def _printed(card: Card, with_coins: bool) -> str:
    """What a card shows, in words: "5 coins, 1 citizen, no crosses, no crowns"."""
    counts = ([("coins", card.coins)] if with_coins else []) + [(s, card.symbols(s)) for s in SYMBOLS]
    return ", ".join(f"{n} {name if n != 1 else SINGULAR[name]}" if n else f"no {name}" for name, n in counts)


def check_from_deck(deck: Deck, card: Card, start_card: bool) -> None:
    """A start card or a character card as entered must be one of the deck's,
    with the contents printed on it (Contents: the game's 55 cards)."""
    what = N_("start card") if start_card else N_("character")
    known = deck.start_card(card.name) if start_card else deck.character(card.name)
    if known is None:
        names = ", ".join(c.name for c in (deck.start_cards if start_card else deck.characters))
        raise RuleViolation(f"unknown_{what.replace(' ', '_')}",
                            N_("The deck has no {what} {name!r}; its {what}s are {names}. A table whose cards differ starts "
                               "the game with its own deck (the option 'deck')."), RULE_CARDS,
                            what=what, name=card.name, names=names)
    if known != card:
        raise RuleViolation(f"{what.replace(' ', '_')}_contents",
                            N_("The {what} {name} shows {known}, not {card}."), RULE_CARDS,
                            what=what, name=card.name, known=_printed(known, start_card), card=_printed(card, start_card))


def set_player(state: ViennaState, seat: str, **changes: Any) -> ViennaState:
    i = state.index(seat)
    return evolve(state, players=put(state.players, i, evolve(state.players[i], **changes)))


def gain(state: ViennaState, seat: str, coins: int, why: str, outcome: Outcome) -> ViennaState:
    """``seat`` gains (or pays, if negative) ``coins``."""
    if coins == 0:
        return state
    outcome.append({"fact": "coins", "seat": seat, "coins": coins, "why": why})
    return set_player(state, seat, coins=state.player(seat).coins + coins)


def score(state: ViennaState, seat: str, points: int, why: str, outcome: Outcome) -> ViennaState:
    if points == 0:
        return state
    outcome.append({"fact": "scored", "seat": seat, "points": points, "why": why})
    return set_player(state, seat, vp=state.player(seat).vp + points)


def free_fields(state: ViennaState, also_taken: int | None = None) -> list[int]:
    return [i for i, p in enumerate(state.street) if p is None and i != also_taken and i != state.gendarme]


def reveal_size(state: ViennaState) -> int:
    """Players − 1 cards, fewer only when the deck and discards hold fewer different characters."""
    names = {c.name for c in state.pile} | {c.name for c in state.discards}
    return min(len(state.seats) - 1, len(names))


def tiergarten_options(state: ViennaState, seat: str, most: int) -> list[dict[str, int]]:
    others = [s for s in state.seats if s != seat and state.player(s).coins > 0]
    options = [{s: n} for s in others for n in range(1, min(most, state.player(s).coins) + 1)]
    if most >= 2:
        options += [{a: 1, b: 1} for a, b in combinations(others, 2)]
    return options


def open_symbols(state: ViennaState, seat: str) -> tuple[str, ...]:
    counted = state.player(seat).counted
    return tuple(s for s in SYMBOLS if s not in counted)


def scores(state: ViennaState) -> dict[str, int]:
    """Every player's victory points, by seat."""
    return {seat: p.vp for seat, p in zip(state.seats, state.players)}

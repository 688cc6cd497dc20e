"""Willi: 8 rounds of 8 tricks, exactly 2 tricks per seat, "Meinz" calls.

Rulebook: ../shared/rules/willi.txt. Sections are cited by their headings.

What the scorekeeper cannot see is recorded as unknown (a ``null`` hand, a
face-down discard). Each seat's hand is then kept as the set of cards it may
hold (``possible``) and how many it holds (``size``): a card known to be
elsewhere is refused, a plausible one accepted, and a failure to follow that
a later card proves wrong becomes a "renege" finding.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from domain.chance import deal as deal_cards
from domain.immutable import evolve as replace, put as _set
from domain.ranking import best, places, tied
from domain.rules import TABLE, Expected, Finding, Game, Move, Outcome, RuleViolation
from domain.willi.cards import CARD_PATTERN, DECK, colour, colour_name, components, follows, value
from domain.willi.moves import MOVE_SCHEMAS, OptionsSchema

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


@dataclass(frozen=True)
class WilliState:
    players: tuple[str, ...]          # the people, as listed
    seats: tuple[str, ...]            # clockwise, the monster first with 3 players
    round: int = 1
    phase: str = "deal"               # deal | discard | play | over
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

    @property
    def leader_of_round(self) -> str:
        return self.seats[(self.round - 1) % len(self.seats)]

    def next_to_play(self) -> str | None:
        if self.phase != "play":
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


def _not_held(state: WilliState, card: str, seat: str, verb: str) -> RuleViolation:
    """The refusal of a card ``seat`` does not hold, saying only what lies
    open on the table: a card played is public; whether a card not held is
    in another hand, discarded face down or never dealt is not, and all three
    get the same words ("You do not hold R3.")."""
    in_trick = state.trick and any(c == card for _, c in state.trick.cards)
    if in_trick or any(card in t.final_cards for t in state.tricks):
        message = f"{seat} cannot {verb} {card}: it has already been played."
    elif seat == MONSTER:
        message = f"{card} is not in the card monster's stack."
    else:
        message = f"You do not hold {card}."
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


_CARD = re.compile(CARD_PATTERN)
_NOTATIONS = [
    (re.compile(r"^(?P<seat>.+) Meinz$"), lambda m: {"type": "meinz", "seat": m["seat"]}),
    (re.compile(r"^(?P<seat>.+) discards (?P<card>\S+)$"),
     lambda m: {"type": "discard", "seat": m["seat"], "card": None if m["card"] == "?" else m["card"]}),
    (re.compile(r"^(?P<seat>.+) exchanges (?P<give>\S+) for (?P<take>\S+)$"),
     lambda m: {"type": "exchange", "seat": m["seat"], "give": m["give"], "take": m["take"]}),
    (re.compile(r"^(?P<seat>.+) (?P<card>" + CARD_PATTERN.strip("^$") + ")$"),
     lambda m: {"type": "play", "seat": m["seat"], "card": m["card"]}),
]
"""Willi's short notations, tried in this order (a seat name may hold spaces)."""


class Willi(Game):
    id = "willi"
    title = "Willi"
    rules_version = "2"
    rules_versions = {"2": "A hand holding only cards taken in exchanges is known: its other cards are refused."}
    min_players = 3
    max_players = 4
    reserved_seats = Game.reserved_seats | {MONSTER}
    options_schema = OptionsSchema
    move_schemas = MOVE_SCHEMAS

    # -- set-up ---------------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              rules_version: str | None = None) -> WilliState:
        self.validate_players(players)
        seats = tuple(players) if len(players) == 4 else (MONSTER, *players)
        return WilliState(players=tuple(players), seats=seats, points=(0,) * len(seats))

    def seats(self, state: WilliState) -> tuple[str, ...]:
        return state.seats

    # -- who acts ----------------------------------------------------------------
    def expected(self, state: WilliState) -> Expected:
        if state.phase == "deal":
            return Expected((TABLE,), ("deal",))
        if state.phase == "discard":
            return Expected(tuple(s for s in state.players if s not in state.discarded), ("discard",))
        if state.phase == "play":
            nxt = state.next_to_play()
            if state.exchange_open:
                return Expected((nxt,), ("exchange", "play"))
            callers = [s for s in state.callers() if s != nxt]
            return Expected((nxt, *callers), ("play", "meinz") if callers else ("play",))
        return Expected((), ())

    # -- checks ------------------------------------------------------------------
    def check(self, state: WilliState, move: Move) -> None:
        kind = move["type"]
        if state.phase == "over":
            raise RuleViolation("game_over", "The game is over: all 8 rounds have been played.", "Game End")
        if kind == "deal":
            return self._check_deal(state, move)
        seat = move["seat"]
        if seat not in state.seats:
            raise RuleViolation("unknown_seat", f"There is no seat '{seat}' at this table.", "Players")
        if state.phase == "deal":
            raise RuleViolation("not_dealt", f"Round {state.round} has not been dealt yet.", RULE_PREPARATION)
        {"discard": self._check_discard, "play": self._check_play,
         "meinz": self._check_meinz, "exchange": self._check_exchange}[kind](state, move)

    def _check_deal(self, state: WilliState, move: Move) -> None:
        if state.phase != "deal":
            raise RuleViolation("already_dealt", f"Round {state.round} has already been dealt.", RULE_PREPARATION)
        hands = move["hands"]
        if set(hands) != set(state.seats):
            raise RuleViolation(
                "deal_seats", "A deal gives a hand to every seat: " + ", ".join(state.seats) + ".",
                RULE_PREPARATION)
        seen: dict[str, str] = {}
        for seat, cards in hands.items():
            if cards is None:
                continue
            if len(cards) != HAND_SIZE:
                raise RuleViolation(
                    "hand_size", f"Every seat is dealt {HAND_SIZE} cards; {seat} got {len(cards)}.",
                    RULE_PREPARATION)
            for card in cards:
                if card in seen:
                    twice = f"{seat} is dealt {card} twice" if seen[card] == seat else \
                        f"{card} is dealt twice ({seen[card]} and {seat})"
                    raise RuleViolation("card_twice", f"{twice}; the deck has one.", RULE_PREPARATION)
                seen[card] = seat

    def _check_discard(self, state: WilliState, move: Move) -> None:
        seat, card = move["seat"], move["card"]
        if seat == MONSTER:
            raise RuleViolation("monster_discard", "The card monster does not discard.", RULE_MONSTER)
        if state.phase != "discard" or seat in state.discarded:
            raise RuleViolation(
                "discard_once", "Each player discards exactly one card, before the first lead.",
                RULE_PREPARATION)
        if card is not None and card not in state.hand(seat).possible:
            raise _not_held(state, card, seat, "discard")

    def _check_play(self, state: WilliState, move: Move) -> None:
        seat, card = move["seat"], move["card"]
        if state.phase == "discard":
            waiting = ", ".join(s for s in state.players if s not in state.discarded)
            raise RuleViolation("discard_first", f"Everyone discards before the first lead; waiting for {waiting}.",
                                RULE_PREPARATION)
        nxt = state.next_to_play()
        if seat != nxt:
            raise RuleViolation("not_your_turn", f"It is {nxt}'s turn to play, not {seat}'s.", RULE_FOLLOW)
        hand = state.hand(seat)
        if seat == MONSTER:
            if hand.stack is not None and card != hand.stack[0]:
                raise RuleViolation(
                    "monster_top_card",
                    f"The card monster plays the top card of its stack: {hand.stack[0]}, not {card}.", RULE_MONSTER)
        if card not in hand.possible:
            raise _not_held(state, card, seat, "play")
        if seat == MONSTER or state.trick is None:
            return
        lead = state.trick.lead
        if not follows(card, lead) and hand.surely_holds_one_of(same_colour(lead)):
            raise RuleViolation(
                "must_follow",
                f"You must follow {colour_name(lead)} or play a {value(lead)}: "
                f"you hold {colour_name(lead)} cards.", RULE_FOLLOW)

    def _check_meinz(self, state: WilliState, move: Move) -> None:
        seat = move["seat"]
        trick = state.trick
        if seat == MONSTER:
            raise RuleViolation("monster_meinz", "The card monster cannot call Meinz.", RULE_MONSTER)
        if state.phase != "play" or trick is None:
            when = ("The trick is over: nobody calls Meinz after its last card"
                    if state.phase == "play" and state.tricks else "No trick has been led yet")
            raise RuleViolation("meinz_no_trick", f"{when}; Meinz is called during a trick, after your own card.",
                                RULE_WIN)
        if trick.caller is not None:
            raise RuleViolation("meinz_taken", f"{trick.caller} already called Meinz on this trick.", RULE_WIN)
        if trick.card_of(seat) is None:
            last = state.seats[(state.index(trick.leader) - 1) % len(state.seats)]
            raise RuleViolation(
                "meinz_before_card",
                "The last player to play to a trick never calls Meinz." if seat == last else
                "You may call Meinz only after playing your card to this trick.", RULE_WIN)
        if state.won(seat) >= TRICKS_PER_SEAT:
            raise RuleViolation(
                "meinz_two_tricks", "You already have 2 tricks this round: you may not call Meinz.", RULE_WIN)

    def _check_exchange(self, state: WilliState, move: Move) -> None:
        seat, give, take = move["seat"], move["give"], move["take"]
        if seat == MONSTER:
            raise RuleViolation("monster_exchange", "The card monster never exchanges: it only turns its top card.",
                                RULE_MONSTER)
        if state.phase != "play" or state.trick is not None or not state.tricks:
            raise RuleViolation(
                "exchange_closed", "Only the winner of a trick may exchange, right after it and before the next lead.",
                RULE_EXCHANGE)
        last = state.tricks[-1]
        if seat != last.winner:
            who = ("The card monster won the trick: it never exchanges, and nobody else may"
                   if last.winner == MONSTER else f"Only {last.winner}, who won the trick, may exchange")
            raise RuleViolation("exchange_not_winner", who + ".", RULE_EXCHANGE)
        if last.exchange is not None:
            raise RuleViolation(
                "exchange_closed", f"{seat} has already exchanged: one card per trick, before the next lead.",
                RULE_EXCHANGE)
        if take not in (card for _, card in last.cards):
            raise RuleViolation("exchange_not_in_trick", f"{take} is not in the trick.", RULE_EXCHANGE)
        if give not in state.hand(seat).possible:
            raise _not_held(state, give, seat, "give")
        if colour(give) != colour(take):
            raise RuleViolation(
                "exchange_colour",
                f"You may only exchange for a card of the same colour: {give} is {colour_name(give)}, "
                f"{take} is {colour_name(take)}.", RULE_EXCHANGE)

    # -- applying ----------------------------------------------------------------
    def apply(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        new, outcome = getattr(self, "_" + move["type"])(state, move)
        # ``new`` is a fresh copy no one else holds yet: count the move on it
        # instead of copying the whole state once more.
        new.__dict__["ply"] = state.ply + 1
        return new, outcome

    def _deal(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        dealt = move["hands"]
        known = {card for cards in dealt.values() if cards for card in cards}
        unseen = frozenset(DECK) - known
        hands = tuple(
            Hand(frozenset(dealt[seat]), HAND_SIZE, stack=tuple(dealt[seat]) if seat == MONSTER else None)
            if dealt[seat] is not None else Hand(unseen, HAND_SIZE)
            for seat in state.seats)
        new = replace(state, phase="discard", hands=hands, discarded=frozenset(), tricks=(), trick=None,
                      exchange_open=False, unfollowed=())
        return new, [{"fact": "dealt", "round": state.round, "leader": state.leader_of_round}]

    def _discard(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        seat, card = move["seat"], move["card"]
        i = state.index(seat)
        hands = state.hands
        if card is None:
            hands = _set(hands, i, replace(hands[i], size=hands[i].size - 1))
        else:
            hands = self._remove_everywhere(hands, card, i)
        discarded = state.discarded | {seat}
        phase = "play" if discarded >= set(state.players) else "discard"
        return replace(state, hands=hands, discarded=discarded, phase=phase), [
            {"fact": "discarded", "seat": seat, "seen": card is not None}]

    @staticmethod
    def _remove_everywhere(hands: tuple[Hand, ...], card: str, holder: int) -> tuple[Hand, ...]:
        """``card`` left seat ``holder``'s hand face up: no hand can hold it now."""
        out = []
        for i, hand in enumerate(hands):
            if i == holder:
                stack = hand.stack[1:] if hand.stack else hand.stack
                hand = replace(hand, possible=hand.possible - {card}, size=hand.size - 1, stack=stack,
                               taken=tuple(t for t in hand.taken if t[0] != card)).settled()
            elif card in hand.possible:
                hand = replace(hand, possible=hand.possible - {card})
            out.append(hand)
        return tuple(out)

    def _play(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        seat, card = move["seat"], move["card"]
        outcome: Outcome = []
        trick = state.trick or Trick(leader=seat)
        new_findings = self._reneges(state, seat, card)
        unfollowed = tuple(u for u in state.unfollowed if not any(f.ply == u.ply for f in new_findings))
        if trick.cards and seat != MONSTER and not follows(card, trick.lead):
            hand = state.hand(seat)
            if not hand.certain and hand.possible & same_colour(trick.lead):
                unfollowed += (Unfollowed(seat, state.ply, trick.lead, card),)
        outcome += [{"fact": "renege_found", "seat": f.seat, "message": f.message} for f in new_findings]
        trick = replace(trick, cards=trick.cards + ((seat, card),))
        state = replace(state, hands=self._remove_everywhere(state.hands, card, state.index(seat)),
                        trick=trick, exchange_open=False, unfollowed=unfollowed,
                        findings=state.findings + tuple(new_findings))
        if len(trick.cards) < len(state.seats):
            return state, outcome
        return self._finish_trick(state, outcome)

    def _reneges(self, state: WilliState, seat: str, card: str) -> list[Finding]:
        """Earlier failures to follow that ``card`` now shows were reneges."""
        found = []
        for u in state.unfollowed:
            if u.seat != seat or colour(card) != colour(u.lead):
                continue
            if any(c == card and ply > u.ply for c, ply in state.hand(seat).taken):
                continue
            found.append(Finding(
                "renege", seat, u.ply,
                f"{seat} played {u.card} to a trick led with {u.lead} but still held {card}: "
                f"holding {colour_name(u.lead)}, {seat} had to play {colour_name(u.lead)} or a {value(u.lead)}."))
        return found

    def _finish_trick(self, state: WilliState, outcome: Outcome) -> tuple[WilliState, Outcome]:
        trick = state.trick
        winner, how = self._trick_winner(state, trick)
        trick = replace(trick, winner=winner)
        state = replace(state, tricks=state.tricks + (trick,), trick=None)
        outcome.append({"fact": "trick_won", "seat": winner, "how": how, "trick": len(state.tricks),
                        "cards": [c for _, c in trick.cards]})
        if len(state.tricks) == TRICKS_PER_ROUND:
            return self._score_round(state, outcome)
        hand = state.hand(winner) if winner != MONSTER else None
        can_exchange = bool(hand and hand.size > 0 and any(
            colour(c) == colour(p) for _, c in trick.cards for p in hand.possible))
        return replace(state, exchange_open=can_exchange), outcome

    @staticmethod
    def _trick_winner(state: WilliState, trick: Trick) -> tuple[str, str]:
        """The caller of Meinz, else the lowest card among seats with fewer
        than 2 tricks; of equal cards the later played is lower."""
        if trick.caller is not None:
            return trick.caller, "meinz"
        eligible = [(value(card), -order, seat) for order, (seat, card) in enumerate(trick.cards)
                    if state.won(seat) < TRICKS_PER_SEAT]
        lowest = min(eligible)
        overall = min((value(card), -order, seat) for order, (seat, card) in enumerate(trick.cards))
        return lowest[2], "lowest card" if lowest == overall else "lowest card of a seat with fewer than 2 tricks"

    def _score_round(self, state: WilliState, outcome: Outcome) -> tuple[WilliState, Outcome]:
        sums = {seat: sum(t.total for t in state.tricks if t.winner == seat)
                + (MONSTER_BONUS if seat == MONSTER else 0) for seat in state.seats}
        awarded = round_points(sums)
        place = places(sums)
        points = tuple(p + awarded[seat] for p, seat in zip(state.points, state.seats))
        for seat in state.seats:
            if awarded[seat]:
                outcome.append({"fact": "scored", "seat": seat, "points": awarded[seat],
                                "why": f"place {place[seat]} in round {state.round} with a sum of {sums[seat]}"})
        record = {"round": state.round, "sums": sums, "points": awarded}
        outcome.append({"fact": "round_scored", **record})
        last = state.round == ROUNDS
        state = replace(state, points=points, rounds=state.rounds + (record,), exchange_open=False,
                        phase="over" if last else "deal", round=state.round if last else state.round + 1)
        if last:
            outcome.append({"fact": "game_over", "scores": self.scores(state), "winners": self.winners(state)})
        return state, outcome

    def _meinz(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        return replace(state, trick=replace(state.trick, caller=move["seat"])), [
            {"fact": "meinz", "seat": move["seat"]}]

    def _exchange(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        seat, give, take = move["seat"], move["give"], move["take"]
        findings = self._reneges(state, seat, give)
        unfollowed = tuple(u for u in state.unfollowed if not any(f.ply == u.ply for f in findings))
        i = state.index(seat)
        hands = self._remove_everywhere(state.hands, give, i)
        hand = hands[i]
        hands = _set(hands, i, replace(hand, possible=hand.possible | {take}, size=hand.size + 1,
                                       taken=hand.taken + ((take, state.ply),)).settled())
        last = state.tricks[-1]
        swapped = replace(last, exchange=(give, take))
        state = replace(state, hands=hands, tricks=state.tricks[:-1] + (swapped,), exchange_open=False,
                        unfollowed=unfollowed, findings=state.findings + tuple(findings))
        outcome = [{"fact": "renege_found", "seat": f.seat, "message": f.message} for f in findings]
        return state, outcome + [{"fact": "exchanged", "seat": seat, "give": give, "take": take,
                                  "trick_sum": swapped.total}]

    # -- listing moves -------------------------------------------------------------
    def legal_moves(self, state: WilliState) -> list[Move] | None:
        if state.phase == "deal":
            return None
        moves: list[Move] = []
        if state.phase == "discard":
            for seat in state.players:
                if seat in state.discarded:
                    continue
                hand = state.hand(seat)
                if not hand.certain:
                    moves.append({"type": "discard", "seat": seat, "card": None})
                moves += [{"type": "discard", "seat": seat, "card": c} for c in sorted(hand.possible)]
            return moves
        if state.phase != "play":
            return []
        seat = state.next_to_play()
        candidates = [{"type": "play", "seat": seat, "card": c} for c in sorted(state.hand(seat).possible)]
        if state.exchange_open:
            last = state.tricks[-1]
            candidates += [{"type": "exchange", "seat": seat, "give": g, "take": t}
                           for _, t in last.cards for g in sorted(state.hand(seat).possible)]
        candidates += [{"type": "meinz", "seat": s} for s in state.callers()]
        return [m for m in candidates if self.is_legal(state, m)]

    def chance_move(self, state: WilliState, rng: random.Random) -> Move:
        hands = deal_cards(rng, DECK, len(state.seats), HAND_SIZE)
        return {"type": "deal", "hands": dict(zip(state.seats, hands))}

    # -- views -------------------------------------------------------------------
    def scores(self, state: WilliState) -> dict[str, int]:
        return dict(zip(state.seats, state.points))

    def finished(self, state: WilliState) -> bool:
        return state.phase == "over"

    def winners(self, state: WilliState) -> list[str]:
        """The players with the most points share the victory; the card monster
        is not a player and never wins (docs/games/willi.md)."""
        if not self.finished(state):
            return []
        return best({seat: state.points[state.index(seat)] for seat in state.players})

    def findings(self, state: WilliState) -> list[Finding]:
        return list(state.findings)

    def view(self, state: WilliState, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        def hand_view(s: str, hand: Hand) -> dict[str, Any]:
            shown = full or s == seat
            out: dict[str, Any] = {"count": hand.size}
            if s == MONSTER:
                out["stack_known"] = hand.stack is not None
            if shown and hand.certain:
                out["cards"] = list(hand.stack) if hand.stack is not None else sorted(hand.possible)
            else:
                out["cards"] = None
                if shown:
                    out["known"] = sorted(c for c, _ in hand.taken if c in hand.possible)
            return out

        def trick_view(t: Trick) -> dict[str, Any]:
            return {"leader": t.leader, "cards": [{"seat": s, "card": c} for s, c in t.cards],
                    "caller": t.caller, "winner": t.winner, "sum": t.total,
                    "exchange": {"give": t.exchange[0], "take": t.exchange[1]} if t.exchange else None}

        return {
            **self.common_view(state),
            "game": self.id,
            "round": state.round,
            "rounds_total": ROUNDS,
            "phase": state.phase,
            "seats": list(state.seats),
            "players": list(state.players),
            "leader": state.leader_of_round if state.phase != "over" else None,
            "to_play": state.next_to_play(),
            "meinz_callers": state.callers(),
            "hands": {s: hand_view(s, h) for s, h in zip(state.seats, state.hands)},
            "discarded": sorted(state.discarded),
            "trick": trick_view(state.trick) if state.trick else None,
            "tricks": [trick_view(t) for t in state.tricks],
            "tricks_won": {s: state.won(s) for s in state.seats},
            "exchange_open": state.exchange_open,
            "history": [dict(r) for r in state.rounds],
        }

    # -- notation ------------------------------------------------------------------
    def notation(self, move: Move) -> str:
        """"Deal Alex R1 R5 ...; Joe ?", "Alex discards ?", "Alex R5",
        "Joe Meinz", "Alex exchanges R3 for R5" (gives R3, takes R5)."""
        kind = move["type"]
        if kind == "deal":
            return "Deal " + "; ".join(f"{seat} {' '.join(cards) if cards is not None else '?'}"
                                       for seat, cards in move["hands"].items())
        seat = move["seat"]
        if kind == "play":
            return f"{seat} {move['card']}"
        if kind == "meinz":
            return f"{seat} Meinz"
        if kind == "discard":
            return f"{seat} discards {move['card'] or '?'}"
        return f"{seat} exchanges {move['give']} for {move['take']}"

    def parse_notation(self, text: str, seats: Sequence[str]) -> Move:
        found = next((build(m) for pattern, build in _NOTATIONS if (m := pattern.match(text))), None)
        # A player may be called "Deal": "Deal R5" is then that player's card.
        if found is not None and (found["seat"] in seats or not text.startswith("Deal ")):
            return self.load_move(found)
        if text.startswith("Deal "):
            hands: dict[str, list[str] | None] = {}
            for part in text[len("Deal "):].split("; "):
                words = part.split(" ")
                if words[-1] == "?":
                    hands[" ".join(words[:-1])] = None
                    continue
                first = len(words)
                while first > 1 and _CARD.match(words[first - 1]):
                    first -= 1
                hands[" ".join(words[:first])] = words[first:]
            return self.load_move({"type": "deal", "hands": hands})
        return super().parse_notation(text, seats)

    def redact_move(self, move: Move, seat: str | None) -> Move:
        """Hands dealt and face-down discards stay hidden from other seats."""
        if move["type"] == "deal":
            return {**move, "hands": {s: cards if s == seat else None for s, cards in move["hands"].items()}}
        if move["type"] == "discard" and move["seat"] != seat:
            return {**move, "card": None}
        return move

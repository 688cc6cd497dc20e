""""Three Suits", a small trick-taking game made up for the tests that show a
game needs no change to the service or the page: 12 cards, red, green and
blue 1-4; each of 2 or 3 players is dealt 4. The first seat leads; a player
follows the suit led if they can; the highest card of the suit led wins the
trick and its winner leads the next. A trick won is a point."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from marshmallow import Schema, fields, validate

from domain.immutable import evolve
from domain.ranking import best
from domain.rules import TABLE, Expected, Game, Move, MoveSchema, Outcome, RuleViolation, move_rules, seat_field

DECK = tuple(f"{suit}{value}" for suit in "RGB" for value in range(1, 5))
HAND = 4


@dataclass(frozen=True)
class Tricks:
    seats: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...] = ()
    trick: tuple[tuple[str, str], ...] = ()
    leader: int = 0
    won: tuple[int, ...] = ()

    @property
    def dealt(self) -> bool:
        return bool(self.hands)

    @property
    def to_play(self) -> str | None:
        if not self.dealt or not any(self.hands):
            return None
        return self.seats[(self.leader + len(self.trick)) % len(self.seats)]


class DealSchema(MoveSchema):
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String(validate=validate.OneOf(DECK))),
                        required=True)


class PlaySchema(MoveSchema):
    seat = seat_field()
    card = fields.String(required=True, validate=validate.OneOf(DECK))


def check_deal(state: Tricks, move: Move) -> None:
    if state.dealt:
        raise RuleViolation("dealt", "The cards are dealt already.", "Deal")
    cards = [c for hand in move["hands"].values() for c in hand]
    if set(move["hands"]) != set(state.seats) or any(len(h) != HAND for h in move["hands"].values()) \
            or len(set(cards)) != len(cards):
        raise RuleViolation("deal", f"Each player is dealt {HAND} different cards.", "Deal")


def deal(state: Tricks, move: Move) -> tuple[Tricks, Outcome]:
    hands = tuple(tuple(move["hands"][s]) for s in state.seats)
    return evolve(state, hands=hands, won=(0,) * len(state.seats)), [{"fact": "dealt"}]


def check_play(state: Tricks, move: Move) -> None:
    if state.to_play != move["seat"]:
        raise RuleViolation("not_your_turn", f"It is {state.to_play}'s turn.", "Play")
    hand = state.hands[state.seats.index(move["seat"])]
    if move["card"] not in hand:
        raise RuleViolation("not_held", f"{move['seat']} does not hold {move['card']}.", "Play")
    led = state.trick[0][1][0] if state.trick else None
    if led and move["card"][0] != led and any(c[0] == led for c in hand):
        raise RuleViolation("follow", f"You must follow {led}: you hold that suit.", "Play")


def play(state: Tricks, move: Move) -> tuple[Tricks, Outcome]:
    i = state.seats.index(move["seat"])
    hands = tuple(tuple(c for c in h if c != move["card"]) if j == i else h for j, h in enumerate(state.hands))
    trick = (*state.trick, (move["seat"], move["card"]))
    if len(trick) < len(state.seats):
        return evolve(state, hands=hands, trick=trick), []
    led = trick[0][1][0]
    winner = max((c for c in trick if c[1][0] == led), key=lambda c: c[1][1])[0]
    w = state.seats.index(winner)
    won = tuple(n + (j == w) for j, n in enumerate(state.won))
    return evolve(state, hands=hands, trick=(), leader=w, won=won), [{"fact": "trick", "winner": winner}]


class ThreeSuits(Game):
    id = "three_suits"
    title = "Three Suits"
    min_players = 2
    max_players = 3
    options_schema = Schema
    moves = move_rules({"deal": DealSchema, "play": PlaySchema}, deal=(check_deal, deal), play=(check_play, play))
    move_schemas = {kind: rule.schema for kind, rule in moves.items()}

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rules_version: str | None = None) -> Tricks:
        self.validate_players(players)
        return Tricks(tuple(players))

    def seats(self, state: Tricks) -> tuple[str, ...]:
        return state.seats

    def expected(self, state: Tricks) -> Expected:
        if not state.dealt:
            return Expected((TABLE,), ("deal",))
        return Expected((state.to_play,), ("play",)) if state.to_play else Expected((), ())

    def check(self, state: Tricks, move: Move) -> None:
        self.moves[move["type"]].check(state, move)

    def apply(self, state: Tricks, move: Move) -> tuple[Tricks, Outcome]:
        return self.moves[move["type"]].carry_out(state, move)

    def legal_moves(self, state: Tricks) -> list[Move] | None:
        if not state.to_play:
            return None if not state.dealt else []
        seat = state.to_play
        moves = [{"type": "play", "seat": seat, "card": c} for c in state.hands[state.seats.index(seat)]]
        return [m for m in moves if self.is_legal(state, m)]

    def chance_move(self, state: Tricks, rng: random.Random) -> Move:
        cards = rng.sample(DECK, HAND * len(state.seats))
        return {"type": "deal", "hands": {s: cards[i * HAND:(i + 1) * HAND] for i, s in enumerate(state.seats)}}

    def redact_move(self, move: Move, seat: str | None) -> Move:
        if move["type"] == "deal":
            return {**move, "hands": {s: cards if s == seat else None for s, cards in move["hands"].items()}}
        return move

    def view(self, state: Tricks, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        hands = {s: list(h) if full or s == seat else None for s, h in zip(state.seats, state.hands)}
        return {**self.common_view(state), "game": self.id, "hands": hands,
                "trick": [{"seat": s, "card": c} for s, c in state.trick], "to_play": state.to_play}

    def scores(self, state: Tricks) -> dict[str, int]:
        return dict(zip(state.seats, state.won or (0,) * len(state.seats)))

    def finished(self, state: Tricks) -> bool:
        return state.dealt and not any(state.hands)

    def winners(self, state: Tricks) -> list[str]:
        return best(self.scores(state)) if self.finished(state) else []

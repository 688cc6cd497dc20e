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
from typing import Any, Mapping, Sequence

from domain.chance import deal as deal_cards
from domain.rules import TABLE, Expected, Finding, Game, Move, move_rules, Outcome, RuleViolation
from domain.willi.cards import CARD_PATTERN, DECK
from domain.willi.moves import MOVE_SCHEMAS, OptionsSchema
from domain.willi.state import (HAND_SIZE, MONSTER, ROUNDS, RULE_PREPARATION, Hand, Phase, Trick, WilliState, scores,
                                winners)
from domain.willi.tricks import (check_deal, check_discard, check_exchange, check_meinz, check_play, deal, discard,
                                 exchange, meinz, play)
from domain.words import N_


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
    moves = move_rules(MOVE_SCHEMAS, deal=(check_deal, deal), discard=(check_discard, discard), play=(check_play, play),
                       meinz=(check_meinz, meinz), exchange=(check_exchange, exchange))

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
        if state.phase == Phase.DEAL:
            return Expected((TABLE,), ("deal",))
        if state.phase == Phase.DISCARD:
            return Expected(tuple(s for s in state.players if s not in state.discarded), ("discard",))
        if state.phase == Phase.PLAY:
            return self._expected_in_play(state, state.next_to_play(), state.callers())
        return Expected((), ())

    @staticmethod
    def _expected_in_play(state: WilliState, nxt: str | None, callers: list[str]) -> Expected:
        """``expected`` while tricks are played, from who plays next and who may call "Meinz"."""
        if state.exchange_open:
            return Expected((nxt,), ("exchange", "play"))
        callers = [s for s in callers if s != nxt]
        return Expected((nxt, *callers), ("play", "meinz") if callers else ("play",))

    # -- checks ------------------------------------------------------------------
    def check(self, state: WilliState, move: Move) -> None:
        kind = move["type"]
        if state.phase == Phase.OVER:
            raise RuleViolation("game_over", N_("The game is over: all 8 rounds have been played."), "Game End")
        if kind == "deal":
            return self.moves[kind].check(state, move)
        seat = move["seat"]
        if seat not in state.seats:
            raise RuleViolation("unknown_seat", N_("There is no seat '{seat}' at this table."), "Players", seat=seat)
        if state.phase == Phase.DEAL:
            raise RuleViolation("not_dealt", N_("Round {round} has not been dealt yet."), RULE_PREPARATION,
                                round=state.round)
        self.moves[kind].check(state, move)

    # -- applying ----------------------------------------------------------------
    def apply(self, state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
        new, outcome = self.moves[move["type"]].carry_out(state, move)
        # ``new`` is a fresh copy no one else holds yet: count the move on it
        # instead of copying the whole state once more.
        new.__dict__["ply"] = state.ply + 1
        return new, outcome

    # -- listing moves -------------------------------------------------------------
    def legal_moves(self, state: WilliState) -> list[Move] | None:
        if state.phase == Phase.DEAL:
            return None
        moves: list[Move] = []
        if state.phase == Phase.DISCARD:
            for seat in state.players:
                if seat in state.discarded:
                    continue
                hand = state.hand(seat)
                if not hand.certain:
                    moves.append({"type": "discard", "seat": seat, "card": None})
                moves += [{"type": "discard", "seat": seat, "card": c} for c in sorted(hand.possible)]
            return moves
        if state.phase != Phase.PLAY:
            return []
        seat = state.next_to_play()
        candidates = [{"type": "play", "seat": seat, "card": c} for c in sorted(state.hand(seat).possible)]
        if state.exchange_open:
            last = state.tricks[-1]
            candidates += [{"type": "exchange", "seat": seat, "give": g, "take": t}
                           for _, t in last.cards for g in sorted(state.hand(seat).possible)]
        candidates += [{"type": "meinz", "seat": s} for s in state.callers()]
        return [m for m in candidates if self.is_legal(state, m)]

    def unlisted_moves(self, state: WilliState) -> tuple[str, ...]:
        """Only the deal is too much to list: every discard, play, exchange and
        Meinz is listed (a hand nobody saw by the cards it may hold), so no
        entry form is offered for them."""
        return self.expected(state).moves if state.phase == Phase.DEAL else ()

    def chance_move(self, state: WilliState, rng: random.Random) -> Move:
        hands = deal_cards(rng, DECK, len(state.seats), HAND_SIZE)
        return {"type": "deal", "hands": dict(zip(state.seats, hands))}

    # -- views -------------------------------------------------------------------
    def scores(self, state: WilliState) -> dict[str, int]:
        return scores(state)

    def finished(self, state: WilliState) -> bool:
        return state.phase == Phase.OVER

    def winners(self, state: WilliState) -> list[str]:
        return winners(state)

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

        # Who plays next and who may call "Meinz" are shown and make ``expected``: reckoned once.
        to_play, callers = state.next_to_play(), state.callers()
        expected = self._expected_in_play(state, to_play, callers) if state.phase == Phase.PLAY else None
        return {
            **self.common_view(state, expected),
            "game": self.id,
            "round": state.round,
            "rounds_total": ROUNDS,
            "phase": state.phase,
            "seats": list(state.seats),
            "players": list(state.players),
            "leader": state.leader_of_round if state.phase != Phase.OVER else None,
            "to_play": to_play,
            "meinz_callers": callers,
            "hands": {s: hand_view(s, h) for s, h in zip(state.seats, state.hands)},
            "discarded": sorted(state.discarded),
            "trick": trick_view(state.trick) if state.trick else None,
            "tricks": [trick_view(t) for t in state.tricks],
            "tricks_won": state.won_by_seat(),
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

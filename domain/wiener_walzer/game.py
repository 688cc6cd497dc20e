"""Wiener Walzer (Reiner Knizia): place guests, take buffet tiles, dance.

Rulebook: ../shared/rules/wiener-walzer.txt, cited by its headings. The board
and component mix are data (``data/``); dances live in ``dances.py``, the
event cards of the variant in ``events.py``.

Turn by turn: the player whose turn it is places a guest (``place``) and takes
the tile of that space; in the event variant a guest of value 0 makes the
table draw an event card (``event``) that the player carries out
(``resolve_event``); then every enclosed guest dances, by itself when the
result is forced, else by the player's ``dance`` choices. The game ends when
every player has placed all 12 cards; the buffet sets are scored then.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from domain.chance import shuffled
from domain.ranking import best
from domain.rules import NOBODY, TABLE, Expected, Game, Move, move_rules, Outcome, RuleViolation
from domain.wiener_walzer import events, notation
from domain.wiener_walzer.board import Board, default_layout
from domain.wiener_walzer.components import (
    EVENT_CARDS, EVENT_DECK, GUEST_CARDS, PLAYER_COLOURS, SEXES, buffet_points,
    buffet_sets, default_tiles)
from domain.wiener_walzer.dances import dance_steps
from domain.wiener_walzer.moves import MOVE_SCHEMAS, OptionsSchema
from domain.wiener_walzer.state import Guest, Phase, WalzerState, scores

from domain.wiener_walzer.turns import (CARDS_PER_PLAYER, MAX_BUFFET, MAX_GOLD, RULE_DANCES, RULE_END, RULE_EVENTS,
                                        RULE_SETUP, RULE_TURN, listing, check_dance, check_event, check_place,
                                        check_resolve_event, check_setup, dance, draw_event, place, resolve_event,
                                        set_up)
from domain.words import N_


class WienerWalzer(Game):
    id = "wiener_walzer"
    title = "Wiener Walzer"
    rules_version = "2"
    rules_versions = {"2": "The default board puts all 12 gold spaces in play with 4 players."}
    short_notation = notation
    min_players = 2
    max_players = 5
    options_schema = OptionsSchema
    moves = move_rules(MOVE_SCHEMAS, setup=(check_setup, set_up), place=(check_place, place),
                       dance=(check_dance, dance), event=(check_event, draw_event),
                       resolve_event=(check_resolve_event, resolve_event))

    # -- set-up ---------------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              rules_version: str | None = None) -> WalzerState:
        self.validate_players(players)
        colours = self._colours(players, options.get("colours") or {})
        n = len(players)
        layout = options.get("layout")
        if layout:
            self._check_layout(layout, n)
        board = Board.from_layout(layout or default_layout(n))
        return WalzerState(
            players=tuple(players), colours=colours, board=board, events=bool(options.get("events")),
            collected=((),) * n, cards=(GUEST_CARDS,) * n, points=(0,) * n,
            event_deck=EVENT_DECK if options.get("events") else ())

    @staticmethod
    def _colours(players: Sequence[str], chosen: Mapping[str, str]) -> tuple[str, ...]:
        strangers = [name for name in chosen if name not in players]
        if strangers:
            raise RuleViolation("colour_player", N_("{strangers} is not playing: colours are for players."),
                                RULE_SETUP, strangers=listing(strangers))
        taken = list(chosen.values())
        if len(set(taken)) != len(taken):
            raise RuleViolation("colour_taken", N_("Each player takes the guest cards of a different colour."), RULE_SETUP)
        free = iter(c for c in PLAYER_COLOURS if c not in taken)
        return tuple(chosen[name] if name in chosen else next(free) for name in players)

    @staticmethod
    def _check_layout(rows: Sequence[str], players: int) -> None:
        buffet, gold = sum(row.count("o") for row in rows), sum(row.count("G") for row in rows)
        if buffet < CARDS_PER_PLAYER * players:
            raise RuleViolation(
                "layout_too_small",
                N_("{players} players place {value} guests: the layout needs at least that many buffet spaces "
                   "('o'), not {buffet}."), RULE_SETUP,
                players=players, value=CARDS_PER_PLAYER * players, buffet=buffet)
        if gold > MAX_GOLD:
            raise RuleViolation("layout_gold", N_("There are only {max_gold} neutral guests for gold spaces ('G'), not {gold}."), RULE_SETUP, max_gold=MAX_GOLD, gold=gold)
        if buffet > MAX_BUFFET:
            raise RuleViolation("layout_buffet", N_("There are only {max_buffet} buffet tiles for buffet spaces ('o'), not {buffet}."), RULE_SETUP, max_buffet=MAX_BUFFET, buffet=buffet)

    def seats(self, state: WalzerState) -> tuple[str, ...]:
        return state.players

    # -- who acts -----------------------------------------------------------------
    def expected(self, state: WalzerState) -> Expected:
        return {
            Phase.SETUP: Expected((TABLE,), ("setup",)),
            Phase.PLACE: Expected((state.active,), ("place",)),
            Phase.EVENT_DRAW: Expected((TABLE,), ("event",)),
            Phase.EVENT: Expected((state.active,), ("resolve_event",)),
            Phase.DANCE: Expected((state.active,), ("dance",)),
        }.get(state.phase, NOBODY)

    # -- checks ---------------------------------------------------------------------
    def check(self, state: WalzerState, move: Move) -> None:
        kind = move["type"]
        if state.phase == Phase.OVER:
            raise RuleViolation("game_over", N_("The game is over: every player has placed all their guests."), RULE_END)
        if kind == "setup":
            return check_setup(state, move)
        if kind == "event":
            return check_event(state, move)
        seat = move["seat"]
        if seat not in state.players:
            raise RuleViolation("unknown_seat", N_("There is no player '{seat}' at this table."), RULE_SETUP,
                                seat=seat)
        if state.phase == Phase.SETUP:
            raise RuleViolation("not_set_up", N_("The board is not laid out yet: the table records the setup first."),
                                RULE_SETUP)
        if kind not in self.expected(state).moves:
            raise self._out_of_turn(state, kind)
        if seat != state.active:
            raise RuleViolation("not_your_turn", N_("It is {active}'s turn, not {seat}'s."), RULE_TURN,
                                active=state.active, seat=seat)
        {"place": check_place, "dance": check_dance,
         "resolve_event": check_resolve_event}[kind](state, move)

    @staticmethod
    def _out_of_turn(state: WalzerState, kind: str) -> RuleViolation:
        if state.phase == Phase.DANCE:
            return RuleViolation("dance_pending", N_("The dances come first: {active} chooses the next dance."),
                                 RULE_DANCES, active=state.active)
        if state.phase == Phase.EVENT_DRAW:
            return RuleViolation("event_due", N_("A guest of value 0 was placed: the table draws an event card first."),
                                 RULE_EVENTS)
        if state.phase == Phase.EVENT:
            return RuleViolation("event_pending", N_("{active} carries out {events} first."),
                                 RULE_EVENTS, active=state.active, events=events.title(state.event))
        if kind == "dance":
            return RuleViolation("no_dance_choice", N_("There is no dance to choose now: dances without a real choice "
                                 "take place by themselves."), RULE_DANCES)
        return RuleViolation("no_event", N_("There is no event card to carry out now."), RULE_EVENTS)

    # -- applying ---------------------------------------------------------------------
    def apply(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        return self.moves[move["type"]].carry_out(state, move)

    # -- listing moves -------------------------------------------------------------------
    def legal_moves(self, state: WalzerState) -> list[Move] | None:
        if self.expected(state).is_chance:
            return None
        seat = state.active
        if state.phase == Phase.PLACE:
            left = state.cards[state.index(seat)]
            cards = left[:1] if state.stacked else sorted(set(left))
            free = [s for s in state.board.spaces if s not in state.guests]
            return [{"type": "place", "seat": seat, "card": c, "space": s} for c in cards for s in free]
        if state.phase == Phase.DANCE:
            return [{"type": "dance", "seat": seat, "dancer": d, "partner": p}
                    for d, p in dance_steps(state.board, state.guests, among=state.due)]
        if state.phase == Phase.EVENT:
            ways = events.resolutions(state, seat, state.event)
            if not ways:
                return [{"type": "resolve_event", "seat": seat, "lapse": True}]
            return [{"type": "resolve_event", "seat": seat, **fields} for fields in ways]
        return []

    def chance_move(self, state: WalzerState, rng: random.Random) -> Move:
        if state.phase == Phase.EVENT_DRAW:
            return {"type": "event", "card": rng.choice(state.event_deck)}
        board = state.board
        gold = [s for s in board.spaces if s in board.gold]
        return {
            "type": "setup",
            "neutral": dict(zip(gold, shuffled(rng, GUEST_CARDS))),
            "buffet": {s: list(t) for s, t in zip(board.buffet_spaces, shuffled(rng, default_tiles()))},
            "stacks": {seat: shuffled(rng, GUEST_CARDS) for seat in state.players},
        }

    # -- views --------------------------------------------------------------------------
    def scores(self, state: WalzerState) -> dict[str, int]:
        return scores(state)

    def finished(self, state: WalzerState) -> bool:
        return state.phase == Phase.OVER

    def winners(self, state: WalzerState) -> list[str]:
        return best(scores(state)) if self.finished(state) else []

    def view(self, state: WalzerState, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        def guest_view(guest: Guest) -> dict[str, Any]:
            return {"card": guest.card, "owner": guest.owner, "colour": state.colour_of(guest.owner),
                    "sex": SEXES[guest.sex], "value": guest.value, "turned": guest.turned}

        def hand(i: int, player: str) -> str | None:
            shown = state.stacked and state.cards[i] and (full or player == seat)
            return state.cards[i][0] if shown else None

        return {
            **self.common_view(state),
            "game": self.id,
            "phase": state.phase,
            "players": list(state.players),
            "colours": dict(zip(state.players, state.colours)),
            "active": state.active if state.phase not in (Phase.SETUP, Phase.OVER) else None,
            "layout": list(state.board.rows),
            "spaces": {s: {"gold": s in state.board.gold,
                           "guest": guest_view(state.guests[s]) if s in state.guests else None,
                           "tile": list(state.tiles[s]) if s in state.tiles else None}
                       for s in state.board.spaces},
            # the documented "board": the guests (owner, sex, value, turned) and the tiles still lying there
            "board": {"guests": {s: guest_view(state.guests[s]) for s in state.board.spaces if s in state.guests},
                      "tiles": {s: list(state.tiles[s]) for s in state.board.spaces if s in state.tiles}},
            "players_detail": {
                player: {"colour": state.colours[i], "points": state.points[i],
                         "cards_left": sorted(state.cards[i]), "hand": hand(i, player),
                         "stack": list(state.cards[i]) if state.stacked and full else None,
                         "collected": [list(t) for t in state.collected[i]],
                         "buffet_sets": buffet_sets(state.collected[i]),
                         "buffet_points": buffet_points(state.collected[i])}
                for i, player in enumerate(state.players)},
            "stacked": state.stacked,
            "events": state.events,
            "event_cards_left": len(state.event_deck),
            "event": ({"card": state.event, "title": EVENT_CARDS[state.event]["title"],
                       "text": EVENT_CARDS[state.event]["text"]} if state.event else None),
            "dance_options": ([{"dancer": d, "partner": p}
                               for d, p in dance_steps(state.board, state.guests, among=state.due)]
                              if state.phase == Phase.DANCE else []),
            "dances": [d.to_json() for d in state.dances],
        }

    def redact_move(self, move: Move, seat: str | None) -> Move:
        """A digital setup's stacks are face down: hidden from every seat, their
        owners too (each player sees the card in hand in the view)."""
        if move["type"] == "setup" and move.get("stacks") is not None:
            return {**move, "stacks": dict.fromkeys(move["stacks"])}
        return move


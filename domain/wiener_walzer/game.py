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
from domain.immutable import evolve as replace, put as set_at
from domain.ranking import best
from domain.rules import NOBODY, TABLE, Expected, Game, Move, Outcome, RuleViolation
from domain.wiener_walzer import events, notation
from domain.wiener_walzer.board import Board, default_layout
from domain.wiener_walzer.components import (
    EVENT_CARDS, EVENT_DECK, EVENT_VALUE, GUEST_CARDS, PLAYER_COLOURS, POINTS_PER_SET, SEXES, buffet_points,
    buffet_sets, default_tiles, value)
from domain.wiener_walzer.dances import dance_steps, dancers, is_choice, perform_dance, why_not_due
from domain.wiener_walzer.moves import MOVE_SCHEMAS, OptionsSchema
from domain.wiener_walzer.state import Guest, WalzerState

RULE_SETUP = "Setup"
RULE_TURN = "Course of Play"
RULE_DANCES = "Dances"
RULE_END = "End of the Game & Scoring"
RULE_EVENTS = "Variant with Event Cards"
MAX_GOLD = len(GUEST_CARDS)          # 12 neutral guests
MAX_BUFFET = len(default_tiles())    # 66 buffet tiles
CARDS_PER_PLAYER = len(GUEST_CARDS)

SPACE_FIELDS = ("guest", "tile", "first", "second", "champagne")


def _listing(items: Sequence[str], limit: int = 6) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


class WienerWalzer(Game):
    id = "wiener_walzer"
    title = "Wiener Walzer"
    rules_version = "2"
    rules_versions = {"2": "The default board puts all 12 gold spaces in play with 4 players."}
    short_notation = notation
    min_players = 2
    max_players = 5
    options_schema = OptionsSchema
    move_schemas = MOVE_SCHEMAS

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
            raise RuleViolation("colour_player", f"{_listing(strangers)} is not playing: colours are for players.",
                                RULE_SETUP)
        taken = list(chosen.values())
        if len(set(taken)) != len(taken):
            raise RuleViolation("colour_taken", "Each player takes the guest cards of a different colour.", RULE_SETUP)
        free = iter(c for c in PLAYER_COLOURS if c not in taken)
        return tuple(chosen[name] if name in chosen else next(free) for name in players)

    @staticmethod
    def _check_layout(rows: Sequence[str], players: int) -> None:
        buffet, gold = sum(row.count("o") for row in rows), sum(row.count("G") for row in rows)
        if buffet < CARDS_PER_PLAYER * players:
            raise RuleViolation(
                "layout_too_small",
                f"{players} players place {CARDS_PER_PLAYER * players} guests: the layout needs at least that many "
                f"buffet spaces ('o'), not {buffet}.", RULE_SETUP)
        if gold > MAX_GOLD:
            raise RuleViolation("layout_gold", f"There are only {MAX_GOLD} neutral guests for gold spaces ('G'), "
                                f"not {gold}.", RULE_SETUP)
        if buffet > MAX_BUFFET:
            raise RuleViolation("layout_buffet", f"There are only {MAX_BUFFET} buffet tiles for buffet spaces ('o'), "
                                f"not {buffet}.", RULE_SETUP)

    def seats(self, state: WalzerState) -> tuple[str, ...]:
        return state.players

    # -- who acts -----------------------------------------------------------------
    def expected(self, state: WalzerState) -> Expected:
        return {
            "setup": Expected((TABLE,), ("setup",)),
            "place": Expected((state.active,), ("place",)),
            "event_draw": Expected((TABLE,), ("event",)),
            "event": Expected((state.active,), ("resolve_event",)),
            "dance": Expected((state.active,), ("dance",)),
        }.get(state.phase, NOBODY)

    # -- checks ---------------------------------------------------------------------
    def check(self, state: WalzerState, move: Move) -> None:
        kind = move["type"]
        if state.phase == "over":
            raise RuleViolation("game_over", "The game is over: every player has placed all their guests.", RULE_END)
        if kind == "setup":
            return self._check_setup(state, move)
        if kind == "event":
            return self._check_event(state, move)
        seat = move["seat"]
        if seat not in state.players:
            raise RuleViolation("unknown_seat", f"There is no player '{seat}' at this table.", RULE_SETUP)
        if state.phase == "setup":
            raise RuleViolation("not_set_up", "The board is not laid out yet: the table records the setup first.",
                                RULE_SETUP)
        if kind not in self.expected(state).moves:
            raise self._out_of_turn(state, kind)
        if seat != state.active:
            raise RuleViolation("not_your_turn", f"It is {state.active}'s turn, not {seat}'s.", RULE_TURN)
        {"place": self._check_place, "dance": self._check_dance,
         "resolve_event": self._check_resolve_event}[kind](state, move)

    @staticmethod
    def _out_of_turn(state: WalzerState, kind: str) -> RuleViolation:
        if state.phase == "dance":
            return RuleViolation("dance_pending", f"The dances come first: {state.active} chooses the next dance.",
                                 RULE_DANCES)
        if state.phase == "event_draw":
            return RuleViolation("event_due", "A guest of value 0 was placed: the table draws an event card first.",
                                 RULE_EVENTS)
        if state.phase == "event":
            return RuleViolation("event_pending", f"{state.active} carries out {events.title(state.event)} first.",
                                 RULE_EVENTS)
        if kind == "dance":
            return RuleViolation("no_dance_choice", "There is no dance to choose now: dances without a real choice "
                                 "take place by themselves.", RULE_DANCES)
        return RuleViolation("no_event", "There is no event card to carry out now.", RULE_EVENTS)

    def _check_setup(self, state: WalzerState, move: Move) -> None:
        if state.phase != "setup":
            raise RuleViolation("already_set_up", "The board has already been laid out.", RULE_SETUP)
        board = state.board
        neutral, buffet = move["neutral"], move["buffet"]
        gold = [s for s in board.spaces if s in board.gold]
        self._check_cover(neutral, gold, "neutral_spaces", "a neutral guest on every gold-framed space in play")
        self._check_cover(buffet, board.buffet_spaces, "buffet_spaces",
                          "a buffet tile on every space in play without a golden frame")
        cards = list(neutral.values())
        twice = sorted({c for c in cards if cards.count(c) > 1})
        if twice:
            raise RuleViolation("neutral_card_twice", f"There is only one white {_listing(twice)}.", RULE_SETUP)
        stacks = move.get("stacks")
        if stacks is None:
            return
        if set(stacks) != set(state.players):
            raise RuleViolation("stacks_players", "Every player, and only they, has a stack: "
                                + ", ".join(state.players) + ".", RULE_SETUP)
        for seat, stack in stacks.items():
            if sorted(stack) != sorted(GUEST_CARDS):
                raise RuleViolation("stack_cards", f"{seat}'s stack must hold their 12 guest cards once each: "
                                    + ", ".join(GUEST_CARDS) + ".", RULE_SETUP)

    @staticmethod
    def _check_cover(given: Mapping[str, Any], spaces: Sequence[str], code: str, what: str) -> None:
        missing = [s for s in spaces if s not in given]
        extra = sorted(s for s in given if s not in spaces)
        if missing or extra:
            problems = ([f"missing {_listing(missing)}"] if missing else []) + (
                [f"{_listing(extra)} cannot take one"] if extra else [])
            raise RuleViolation(code, f"The setup puts {what}: " + "; ".join(problems) + ".", RULE_SETUP)

    def _check_event(self, state: WalzerState, move: Move) -> None:
        if state.phase != "event_draw":
            raise RuleViolation("no_event_due", "An event card is drawn only right after a guest of value 0 is "
                                "placed, in the variant with event cards.", RULE_EVENTS)
        if move["card"] not in state.event_deck:
            raise RuleViolation("event_used", f"{events.title(move['card'])} is no longer in the event stack: "
                                "drawn event cards go back into the box.", RULE_EVENTS)

    def _check_place(self, state: WalzerState, move: Move) -> None:
        seat, card, space = move["seat"], move["card"], move["space"]
        left = state.cards[state.index(seat)]
        if card not in left:
            raise RuleViolation("card_not_held", f"{seat} has already placed their {card}: each guest card is "
                                "placed once.", RULE_TURN)
        if state.stacked and card != left[0]:
            # Only the drawn card's holder sees it: the refusal does not name it.
            raise RuleViolation("not_drawn_card", f"{seat} places the card they drew from their stack; "
                                f"{card} is not that card.", RULE_TURN)
        self._check_in_play(state, space)
        if space in state.guests:
            raise RuleViolation("space_taken", f"A guest card already lies on {space}: place on a free space.",
                                RULE_TURN)

    @staticmethod
    def _check_in_play(state: WalzerState, space: str) -> None:
        if space not in state.board.neighbours:
            raise RuleViolation("not_in_play", f"{space} is not a space in play with {len(state.players)} players.",
                                RULE_SETUP)

    def _check_dance(self, state: WalzerState, move: Move) -> None:
        dancer, partner = move["dancer"], move["partner"]
        steps = dance_steps(state.board, state.guests, among=state.due)
        if (dancer, partner) in steps:
            return
        self._check_in_play(state, dancer)
        self._check_in_play(state, partner)
        due = list(dict.fromkeys(d for d, _ in steps))
        if dancer not in due:
            raise RuleViolation("not_due", f"The guest on {dancer} is not due to dance: "
                                f"{why_not_due(state.board, state.guests, dancer)}. Due to dance: {_listing(due)}.",
                                RULE_DANCES)
        partners = [p for d, p in steps if d == dancer]
        raise RuleViolation(
            "not_best_partner",
            f"The {SEXES[state.guests[dancer].sex]} on {dancer} dances with the highest-valued face-up neighbour "
            f"of the other sex: {_listing(partners)}, not {partner}.", RULE_DANCES)

    def _check_resolve_event(self, state: WalzerState, move: Move) -> None:
        seat, card = move["seat"], state.event
        spec = EVENT_CARDS[card]
        given = {k for k in move if k not in ("type", "seat", "lapse")}
        if move.get("lapse"):
            if given:
                raise RuleViolation("lapse_with_fields", "An event that lapses is not carried out: send 'lapse' "
                                    "alone.", RULE_EVENTS)
            example = events.first_resolution(state, seat, card)
            if example is not None:
                raise RuleViolation(
                    "event_possible", f"{spec['title']} can be carried out (for example "
                    + ", ".join(f"{k} {v}" for k, v in example.items()) + "), so it does not lapse.", RULE_EVENTS)
            return
        allowed = set(spec["fields"]) | set(spec.get("optional", ()))
        missing = [f for f in spec["fields"] if f not in move]
        extra = sorted(given - allowed)
        if missing or extra:
            raise RuleViolation(
                "event_fields", f"{spec['title']} is carried out with " + ", ".join(sorted(allowed))
                + (f"; missing {', '.join(missing)}" if missing else "")
                + (f"; not {', '.join(extra)}" if extra else "") + ".", events.rule(card))
        for name in SPACE_FIELDS:
            if name in move:
                self._check_in_play(state, move[name])
        events.RULES[card].check(state, seat, move)

    # -- applying ---------------------------------------------------------------------
    _APPLIED_BY = {"setup": "_setup", "place": "_place", "event": "_draw_event", "resolve_event": "_resolve_event",
                   "dance": "_dance"}
    """The method that carries out each move type."""

    def apply(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        return getattr(self, self._APPLIED_BY[move["type"]])(state, move)

    def _setup(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        guests = {space: Guest.of(card, None) for space, card in move["neutral"].items()}
        tiles = {space: tuple(sorted(items)) for space, items in move["buffet"].items()}
        stacks = move.get("stacks")
        cards = tuple(tuple(stacks[seat]) for seat in state.players) if stacks else state.cards
        new = replace(state, phase="place", guests=guests, tiles=tiles, cards=cards, stacked=stacks is not None)
        return new, [{"fact": "set_up", "neutral_guests": len(guests), "buffet_tiles": len(tiles),
                      "stacks": stacks is not None, "starts": state.active}]

    def _place(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        seat, card, space = move["seat"], move["card"], move["space"]
        i = state.index(seat)
        # Once a player's guest lies on the board every dance due has been
        # danced, so only this space and its neighbours can dance now; before
        # that the neutral guests of the set-up are looked at too.
        # (Players' guests never leave the board: a card placed is one fewer held.)
        first = sum(map(len, state.cards)) == CARDS_PER_PLAYER * len(state.players)
        among = None if first else state.board.around((space,))
        left = list(state.cards[i])
        left.remove(card)
        tiles = dict(state.tiles)
        tile = tiles.pop(space, None)
        collected = set_at(state.collected, i, state.collected[i] + (tile,)) if tile else state.collected
        state = replace(state, cards=set_at(state.cards, i, tuple(left)), tiles=tiles, collected=collected,
                        guests={**state.guests, space: Guest.of(card, seat)})
        outcome: Outcome = [{"fact": "placed", "seat": seat, "card": card, "space": space,
                             "tile": list(tile) if tile else None}]
        if state.events and value(card) == EVENT_VALUE and state.event_deck:
            return replace(state, phase="event_draw"), outcome
        return self._settle(state, outcome, among)

    def _draw_event(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        card = move["card"]
        deck = list(state.event_deck)
        deck.remove(card)
        spec = EVENT_CARDS[card]
        return replace(state, phase="event", event=card, event_deck=tuple(deck)), [
            {"fact": "event_drawn", "card": card, "title": spec["title"], "text": spec["text"]}]

    def _resolve_event(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        card = state.event
        if move.get("lapse"):
            state, outcome = state, [{"fact": "event_lapsed", "card": card}]
        else:
            state, outcome = events.RULES[card].carry_out(state, move["seat"], move)
            outcome = [{"fact": "event_carried_out", "card": card}] + outcome
        return self._settle(replace(state, event=None), outcome)

    def _dance(self, state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
        danced, outcome = perform_dance(state, move["dancer"], move["partner"])
        return self._settle(replace(danced, due=None), outcome, state.due)

    def _settle(self, state: WalzerState, outcome: Outcome,
                among: Sequence[str] | None = None) -> tuple[WalzerState, Outcome]:
        """Dance what is forced; stop for the player's choice where it matters;
        then the turn ends. ``among``: the only spaces where a dance can be due
        (see ``dance_steps``; the whole board when None)."""
        steps = dance_steps(state.board, state.guests, among=among)
        if is_choice(state.board, state.guests, steps):
            return replace(state, phase="dance", due=dancers(steps)), outcome + [{
                "fact": "dance_choice", "seat": state.active,
                "options": [{"dancer": d, "partner": p} for d, p in steps]}]
        while steps:
            state, facts = perform_dance(state, *steps[0])
            outcome = outcome + facts
            steps = dance_steps(state.board, state.guests, among=dancers(steps))
        return self._end_turn(state, outcome)

    def _end_turn(self, state: WalzerState, outcome: Outcome) -> tuple[WalzerState, Outcome]:
        if any(state.cards):
            return replace(state, phase="place", turn=(state.turn + 1) % len(state.players)), outcome
        points = state.points
        for i, seat in enumerate(state.players):
            sets = buffet_sets(state.collected[i])
            outcome = outcome + [{"fact": "buffet", "seat": seat, "sets": sets}]
            if sets:
                points = set_at(points, i, points[i] + sets * POINTS_PER_SET)
                outcome.append({"fact": "scored", "seat": seat, "points": sets * POINTS_PER_SET,
                                "why": f"{sets} complete buffet set{'s' if sets > 1 else ''}"})
        state = replace(state, phase="over", points=points)
        return state, outcome + [{"fact": "game_over", "scores": self.scores(state), "winners": self.winners(state)}]

    # -- listing moves -------------------------------------------------------------------
    def legal_moves(self, state: WalzerState) -> list[Move] | None:
        if self.expected(state).is_chance:
            return None
        seat = state.active
        if state.phase == "place":
            left = state.cards[state.index(seat)]
            cards = left[:1] if state.stacked else sorted(set(left))
            free = [s for s in state.board.spaces if s not in state.guests]
            return [{"type": "place", "seat": seat, "card": c, "space": s} for c in cards for s in free]
        if state.phase == "dance":
            return [{"type": "dance", "seat": seat, "dancer": d, "partner": p}
                    for d, p in dance_steps(state.board, state.guests, among=state.due)]
        if state.phase == "event":
            ways = events.resolutions(state, seat, state.event)
            if not ways:
                return [{"type": "resolve_event", "seat": seat, "lapse": True}]
            return [{"type": "resolve_event", "seat": seat, **fields} for fields in ways]
        return []

    def chance_move(self, state: WalzerState, rng: random.Random) -> Move:
        if state.phase == "event_draw":
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
        return dict(zip(state.players, state.points))

    def finished(self, state: WalzerState) -> bool:
        return state.phase == "over"

    def winners(self, state: WalzerState) -> list[str]:
        return best(self.scores(state)) if self.finished(state) else []

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
            "active": state.active if state.phase not in ("setup", "over") else None,
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
                              if state.phase == "dance" else []),
            "dances": [d.to_json() for d in state.dances],
        }

    def redact_move(self, move: Move, seat: str | None) -> Move:
        """A digital setup's stacks are face down: hidden from every seat, their
        owners too (each player sees the card in hand in the view)."""
        if move["type"] == "setup" and move.get("stacks") is not None:
            return {**move, "stacks": dict.fromkeys(move["stacks"])}
        return move


"""Vienna: dice placed down a street, evaluated in street order, majorities of symbols.

Rulebook: ../shared/rules/vienna.txt; sections are cited by their headings.
A round: the table reveals the character display; players take turns
clockwise from the start player, each rolling all their dice at their first
turn (a table move) and placing 1 or 2 dice per turn; once every die is on
the board the street is evaluated field by field. Choices during the
evaluation (a character card, the Gloriette's symbol, whom the Tiergarten
robs) are pending decisions of the occupying player; forced steps resolve by
themselves and appear in the outcome.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any, Mapping, Sequence

from domain.chance import roll as roll_dice
from domain.immutable import evolve
from domain.names import canonical
from domain.rules import NOBODY, TABLE, Expected, Game, Move, move_rules, Outcome, RuleViolation
from domain.vienna.components import (SPECIALS, SYMBOLS, Card, Field, board_from_json, deck_from_json,
                                      default_board, default_deck, face, held, is_joker, with_face)
from domain.vienna import notation
from domain.vienna.moves import MOVE_SCHEMAS, OptionsSchema
from domain.vienna.checks import (check_decision, check_double_move, check_place, check_reroll, check_reveal,
                                  check_roll, check_start_card, check_turn_die)
from domain.vienna.evaluation import gloriette, take_character, tiergarten
from domain.vienna.turns import choose_start_card, double_move, place, reroll, reveal, roll, turn_die
from domain.vienna.state import (EDITIONS, Phase, Player, REROLL_COST, RULE_DIGITAL, RULE_END, RULE_SETUP, ViennaState,
                                 check_from_deck, free_fields, reveal_size, scores, tiergarten_options, without)
from domain.words import N_


class Vienna(Game):
    id = "vienna"
    title = "Vienna"
    rules_version = "3"
    rules_versions = {version: edition.changes for version, edition in EDITIONS.items()}
    min_players = 3
    max_players = 5
    options_schema = OptionsSchema
    moves = move_rules(MOVE_SCHEMAS, choose_start_card=(check_start_card, choose_start_card),
                       reveal_characters=(check_reveal, reveal), roll=(check_roll, roll), reroll=(check_reroll, reroll),
                       turn_die=(check_turn_die, turn_die), place=(check_place, place),
                       double_move=(check_double_move, double_move), take_character=(check_decision, take_character),
                       gloriette=(check_decision, gloriette), tiergarten=(check_decision, tiergarten))
    short_notation = notation

    # -- set-up -------------------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              rules_version: str | None = None) -> ViennaState:
        self.validate_players(players)
        edition = EDITIONS.get(rules_version or self.rules_version)
        if edition is None:
            raise RuleViolation("rules_version", N_("Vienna plays rules versions {editions}, not {rules_version}."), RULE_SETUP,
                                editions=', '.join(EDITIONS), rules_version=rules_version)
        options = options or {}
        board = (board_from_json(options["board"], comparison=edition.comparison_defaults) if options.get("board")
                 else default_board())
        deck = deck_from_json(options["deck"]) if options.get("deck") else default_deck()
        if len(deck.start_cards) < len(players):
            raise RuleViolation("deck_start_cards", N_("The deck has {start_cards} start cards: every one of the {players} players chooses one."), RULE_SETUP,
                                start_cards=len(deck.start_cards), players=len(players))
        vp = board.vp_start[str(len(players))]
        seats = tuple(players)
        specials = tuple(seats[0] if s == "start_player" else None for s in SPECIALS)
        return ViennaState(board=board, deck=deck, edition=edition, seats=seats,
                           players=tuple(Player(vp=vp) for _ in seats), specials=specials,
                           street=(None,) * len(board.street), pile=deck.pile())

    def seats(self, state: ViennaState) -> tuple[str, ...]:
        return state.seats

    # -- who acts -----------------------------------------------------------------
    def expected(self, state: ViennaState) -> Expected:
        if state.phase == Phase.START_CARDS:
            return Expected((state.chooser(),), ("choose_start_card",))
        if state.phase == Phase.REVEAL:
            return Expected((TABLE,), ("reveal_characters",))
        if state.phase == Phase.EVALUATION:
            return Expected((state.pending.seat,), (state.pending.kind,))
        if state.phase != Phase.PLACING:
            return NOBODY
        player = state.player(state.turn)
        if not player.rolled:
            seats, moves = (TABLE,), ("roll",)
        else:
            seats = (state.turn,)
            can_change = player.coins >= REROLL_COST and any(not is_joker(d) for d in player.dice)
            moves = ("reroll", "turn_die", "place") if can_change else ("place",)
        if state.offer:
            # The holder's own next turn (nobody else has dice) is one seat, not two.
            return Expected(tuple(dict.fromkeys((state.offer, *seats))), ("double_move", *moves))
        return Expected(seats, moves)

    # -- checks --------------------------------------------------------------------
    def check(self, state: ViennaState, move: Move) -> None:
        kind = move["type"]
        if state.phase == Phase.OVER:
            raise RuleViolation("game_over", N_("The game is over: the final scoring has been done."), RULE_END)
        if "seat" in move and move["seat"] not in state.seats:
            raise RuleViolation("unknown_seat", N_("There is no player '{seat}' at this table."), RULE_SETUP,
                                seat=move['seat'])
        self.moves[kind].check(state, move)

    # -- applying ----------------------------------------------------------------------
    def apply(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        kind = move["type"]
        if state.offer and kind != "double_move":
            state = evolve(state, offer=None)
        return self.moves[kind].carry_out(state, move)

    # -- listing moves ----------------------------------------------------------------------
    def catalog(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The start and character cards (each once) and the street's fields in street order."""
        options = options or {}
        board = board_from_json(options["board"]) if options.get("board") else default_board()
        deck = deck_from_json(options["deck"]) if options.get("deck") else default_deck()
        fields = [*board.street, *([board.geheimbund] if board.geheimbund else [])]
        return {"cards": [{"deck": "start", **c.to_json(with_coins=True)} for c in deck.start_cards]
                + [{"deck": "character", **c.to_json()} for c in deck.characters],
                "fields": [{"name": f.name, "values": list(f.values), "double": f.double, "kind": f.kind}
                           for f in fields]}

    def named(self, state: ViennaState, move: Move) -> Move:
        """A field of the street and a character card as printed ("cafe
        landtmann" is Café Landtmann)."""
        board = state.board
        fields = [f.name for f in board.street] + ([board.geheimbund.name] if board.geheimbund else [])
        if move.get("type") == "place":
            move = {**move, "field": canonical(move["field"], fields)}
            if isinstance(move.get("gendarme"), str):
                move["gendarme"] = canonical(move["gendarme"], fields)
        if move.get("type") == "take_character" and state.pending is not None:
            move = {**move, "card": canonical(move["card"], state.pending.options)}
        return move

    def legal_moves(self, state: ViennaState) -> list[Move] | None:
        """Every legal move now, each as a client can post it. Rerolls are
        left out: their result is chance (6 faces per die rerolled, too many
        to list); ``expected`` still names ``reroll`` while the player can pay,
        and the table enters the result (in digital mode the service rolls it,
        ``complete_move``)."""
        if state.phase == Phase.OVER:
            return []
        if state.phase == Phase.START_CARDS:
            seat = state.chooser()
            taken = [p.start_card for p in state.players]
            return [{"type": "choose_start_card", "seat": seat, "card": c.to_json(with_coins=True)}
                    for c in state.deck.start_cards if c not in taken]
        if state.phase == Phase.EVALUATION:
            return self._decisions(state)
        if state.phase != Phase.PLACING:
            return None
        moves: list[Move] = []
        if state.offer:
            moves += [{"type": "double_move", "seat": state.offer, "use": use} for use in (True, False)]
        player = state.player(state.turn)
        if not player.rolled:
            return moves or None
        seat = state.turn
        if player.coins >= REROLL_COST:
            for die in sorted({d for d in player.dice if not is_joker(d)}):
                moves += [{"type": "turn_die", "seat": seat, "die": die, "to": with_face(die, v)}
                          for v in (face(die) - 1, face(die) + 1) if 1 <= v <= 6]
        moves += self._placements(state, seat, player)
        return moves

    def _decisions(self, state: ViennaState) -> list[Move]:
        pending = state.pending
        seat = pending.seat
        if pending.kind == "take_character":
            return [{"type": "take_character", "seat": seat, "card": name} for name in pending.options]
        if pending.kind == "gloriette":
            return [{"type": "gloriette", "seat": seat, "symbol": s} for s in pending.options]
        return [{"type": "tiergarten", "seat": seat, "take": take}
                for take in tiergarten_options(state, seat, pending.amount)]

    def _placements(self, state: ViennaState, seat: str, player: Player) -> list[Move]:
        selections: set[tuple[str, ...]] = set()
        for k in (1, 2):
            for combo in combinations(sorted(player.dice), k):
                jokers = sum(1 for d in combo if is_joker(d))
                plain = tuple(d for d in combo if not is_joker(d))
                for faces in combinations_with_replacement(range(1, 7), jokers):
                    selections.add(plain + tuple(f"J{f}" for f in faces))
        free = [state.board.street[i] for i in free_fields(state)]
        fields = free + ([state.board.geheimbund] if state.board.geheimbund else [])
        moves: list[Move] = []
        for dice in sorted(selections):
            faces = [face(d) for d in dice]
            for field in fields:
                if field.kind != "geheimbund" and not field.accepts(faces):
                    continue
                base = {"type": "place", "seat": seat, "field": field.name, "dice": list(dice),
                        "gendarme": None, "take": None, "turn": None, "to": None}
                for extra in self._extras(state, field, player, dice):
                    move = {**base, **extra}
                    if self.is_legal(state, move):
                        moves.append(move)
        return moves

    def _extras(self, state: ViennaState, field: Field, player: Player, dice: tuple[str, ...]) -> list[dict]:
        if field.kind == "krieau":
            free = free_fields(state, also_taken=state.board.index(field.name))
            targets = [state.board.street[i].name for i in free] or [None]
            return [{"gendarme": g, "take": t} for g in targets for t in ("coin", "vp")]
        if field.kind == "prater":
            left = without(player.dice, [held(d) for d in dice])
            turns = [{"turn": d, "to": with_face(d, v)} for d in sorted(set(left)) if not is_joker(d)
                     for v in range(1, 7) if v != face(d)]
            return [{}] + turns
        return [{}]

    # -- chance in digital mode ----------------------------------------------------------------
    def chance_move(self, state: ViennaState, rng: random.Random) -> Move:
        if state.phase == Phase.REVEAL:
            return {"type": "reveal_characters", "cards": [c.to_json() for c in self._draw(state, rng)]}
        seat = state.turn
        dice = [str(v) for v in roll_dice(rng, state.dice_count)]
        if state.white_die == seat:
            dice.append(f"W{roll_dice(rng, 1)[0]}")
        return {"type": "roll", "seat": seat, "dice": dice}

    def _draw(self, state: ViennaState, rng: random.Random) -> list[Card]:
        """Turn over players − 1 cards; a character already showing goes back
        under the stack; an empty stack is reshuffled from the discards."""
        pile, discards, display = list(state.pile), list(state.discards), []
        while len(display) < reveal_size(state):
            shown = {c.name for c in display}
            candidates = [c for c in pile if c.name not in shown]
            if not candidates:
                pile, discards = pile + discards, []
                continue
            card = rng.choice(candidates)
            pile.remove(card)
            display.append(card)
        return display

    def complete_move(self, state: ViennaState, move: Move, rng: random.Random) -> Move:
        """Digital mode: the service rolls a reroll's result. A roll or a
        reroll result sent by a client is refused: in a digital game nobody
        chooses what the dice show. Start cards come from the game's deck."""
        kind = move.get("type")
        if kind == "choose_start_card":
            check_from_deck(state.deck, Card.from_json(move["card"]), start_card=True)
        if kind == "roll" or (kind == "reroll" and move.get("result") is not None):
            what = N_("the dice at a player's first turn") if kind == "roll" else N_("a reroll: leave out its result")
            raise RuleViolation("digital_chance", N_("In a digital game the service rolls {what}."), RULE_DIGITAL,
                                what=what)
        if kind == "reroll":
            return {**move, "result": [with_face(d, roll_dice(rng, 1)[0]) for d in move["dice"]]}
        return move

    # -- views --------------------------------------------------------------------------------
    def scores(self, state: ViennaState) -> dict[str, int]:
        return scores(state)

    def finished(self, state: ViennaState) -> bool:
        return state.phase == Phase.OVER

    def winners(self, state: ViennaState) -> list[str]:
        return list(state.winners)

    @staticmethod
    def _deck_view(state: ViennaState) -> list[dict[str, Any]]:
        """Each character of the game's deck (data/cards.toml, or the game's
        deck option) once, with its copies in the box, left to draw and in
        the discards; the copies missing from both lie on the display or with
        the players. A table picks the display from this list."""
        box, pile, discards = Counter(state.deck.pile()), Counter(state.pile), Counter(state.discards)
        return [{**card.to_json(), "copies": box[card], "to_draw": pile[card], "discarded": discards[card]}
                for card in state.deck.characters]

    def view(self, state: ViennaState, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        """Everything in Vienna lies open on the table: every seat sees all."""
        board = state.board

        def player_view(s: str, p: Player) -> dict[str, Any]:
            return {
                "coins": p.coins, "vp": p.vp, "dice": list(p.dice), "rolled": p.rolled,
                "position": board.street[p.position].name if p.position >= 0 else None,
                "start_card": p.start_card.to_json(with_coins=True) if p.start_card else None,
                "cards": [c.to_json() for c in p.characters],
                "symbols": {sym: state.symbols(s, sym) for sym in SYMBOLS},
                "special_cards": state.specials_of(s),
                "counted": sorted(p.counted),
            }

        pending = state.pending
        return {
            **self.common_view(state),
            "game": self.id,
            "round": state.round,
            "phase": state.phase,
            "seats": list(state.seats),
            "turn": state.turn,
            "start_player": state.holder("start_player"),
            "double_move_offer": state.offer,
            "double_move_used": state.double_move_used,
            "white_die": state.white_die,
            "players": {s: player_view(s, p) for s, p in zip(state.seats, state.players)},
            "special_cards": dict(zip(SPECIALS, state.specials)),
            "board": [{"field": f.name, "seat": p.seat if p else None, "dice": list(p.dice) if p else []}
                      for f, p in zip(board.street, state.street)],
            "geheimbund": [{"seat": p.seat, "dice": list(p.dice)} for p in state.geheimbund],
            "gendarme": board.street[state.gendarme].name if state.gendarme is not None else None,
            "display": [c.to_json() for c in state.display],
            "draw_pile": len(state.pile),
            "discards": len(state.discards),
            "character_deck": self._deck_view(state),
            "pending": None if pending is None else {
                "decision": pending.kind, "seat": pending.seat, "field": board.street[pending.field].name,
                "options": list(pending.options) if pending.kind != "tiergarten"
                else tiergarten_options(state, pending.seat, pending.amount),
                "cost": pending.amount if pending.kind == "take_character" else None},
            "final": [{"seat": s, "vp": vp, "special_cards": n, "coins": c} for s, vp, n, c in state.final],
            "street": [f.to_json() for f in board.street],
            "board_source": board.source,
            "start_cards": [c.to_json(with_coins=True) for c in state.deck.start_cards],
            "deck_source": state.deck.source,
            "rules_version": state.edition.version,
        }

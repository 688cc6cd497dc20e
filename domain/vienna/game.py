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
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any, Mapping, Sequence

from domain.chance import roll as roll_dice
from domain.immutable import evolve, put
from domain.names import canonical
from domain.ranking import best
from domain.rules import NOBODY, TABLE, Expected, Game, Move, Outcome, RuleViolation
from domain.seating import clockwise_from, counter_clockwise_from, left_of, right_of
from domain.vienna.components import (SPECIALS, SYMBOLS, Board, Card, Deck, Field, board_from_json, deck_from_json,
                                      default_board, default_deck, face, held, is_joker, is_white, rules_data, with_face)
from domain.vienna import notation
from domain.vienna.moves import MOVE_SCHEMAS, OptionsSchema

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
    phase: str = "start_cards"         # start_cards | reveal | placing | evaluation | over
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


def _remove(items: tuple, gone: Sequence) -> tuple:
    """``items`` without one occurrence of each of ``gone``."""
    left = list(items)
    for item in gone:
        left.remove(item)
    return tuple(left)


def _position(pile: tuple[Card, ...], card: Card) -> int | None:
    """Where ``card`` lies in the pile (None: not there). The pile is kept
    sorted, so this is a binary search, not a comparison with every card."""
    at = bisect_left(pile, card)
    return at if at < len(pile) and pile[at] == card else None


def _has(items: Sequence, wanted: Sequence) -> bool:
    have, need = Counter(items), Counter(wanted)
    return all(have[k] >= n for k, n in need.items())


def _not_on_joker_card(dice: Sequence[str]) -> None:
    """A die lying on the dice-joker card takes any face when it is placed:
    there is nothing to reroll or turn."""
    if any(is_joker(d) for d in dice):
        raise RuleViolation("joker_die", "A die on the dice-joker card already shows any face you like "
                            "when you place it: it is not rerolled or turned.", RULE_SPECIAL_CARDS)


SINGULAR = {"coins": "coin", "citizens": "citizen", "crosses": "cross", "crowns": "crown"}


def _printed(card: Card, with_coins: bool) -> str:
    """What a card shows, in words: "5 coins, 1 citizen, no crosses, no crowns"."""
    counts = ([("coins", card.coins)] if with_coins else []) + [(s, card.symbols(s)) for s in SYMBOLS]
    return ", ".join(f"{n} {name if n != 1 else SINGULAR[name]}" if n else f"no {name}" for name, n in counts)


def check_from_deck(deck: Deck, card: Card, start_card: bool) -> None:
    """A start card or a character card as entered must be one of the deck's,
    with the contents printed on it (Contents: the game's 55 cards)."""
    what = "start card" if start_card else "character"
    known = deck.start_card(card.name) if start_card else deck.character(card.name)
    if known is None:
        names = ", ".join(c.name for c in (deck.start_cards if start_card else deck.characters))
        raise RuleViolation(f"unknown_{what.replace(' ', '_')}",
                            f"The deck has no {what} {card.name!r}; its {what}s are {names}. A table whose "
                            "cards differ starts the game with its own deck (the option 'deck').", RULE_CARDS)
    if known != card:
        raise RuleViolation(f"{what.replace(' ', '_')}_contents",
                            f"The {what} {card.name} shows {_printed(known, start_card)}, not "
                            f"{_printed(card, start_card)}.", RULE_CARDS)


class Vienna(Game):
    id = "vienna"
    title = "Vienna"
    rules_version = "3"
    rules_versions = {version: edition.changes for version, edition in EDITIONS.items()}
    min_players = 3
    max_players = 5
    options_schema = OptionsSchema
    move_schemas = MOVE_SCHEMAS
    short_notation = notation

    # -- set-up -------------------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              rules_version: str | None = None) -> ViennaState:
        self.validate_players(players)
        edition = EDITIONS.get(rules_version or self.rules_version)
        if edition is None:
            raise RuleViolation("rules_version", f"Vienna plays rules versions {', '.join(EDITIONS)}, "
                                f"not {rules_version}.", RULE_SETUP)
        options = options or {}
        board = (board_from_json(options["board"], comparison=edition.comparison_defaults) if options.get("board")
                 else default_board())
        deck = deck_from_json(options["deck"]) if options.get("deck") else default_deck()
        if len(deck.start_cards) < len(players):
            raise RuleViolation("deck_start_cards", f"The deck has {len(deck.start_cards)} start cards: every "
                                f"one of the {len(players)} players chooses one.", RULE_SETUP)
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
        if state.phase == "start_cards":
            return Expected((state.chooser(),), ("choose_start_card",))
        if state.phase == "reveal":
            return Expected((TABLE,), ("reveal_characters",))
        if state.phase == "evaluation":
            return Expected((state.pending.seat,), (state.pending.kind,))
        if state.phase != "placing":
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
        if state.phase == "over":
            raise RuleViolation("game_over", "The game is over: the final scoring has been done.", RULE_END)
        if "seat" in move and move["seat"] not in state.seats:
            raise RuleViolation("unknown_seat", f"There is no player '{move['seat']}' at this table.", RULE_SETUP)
        {"choose_start_card": self._check_start_card, "reveal_characters": self._check_reveal,
         "roll": self._check_roll, "reroll": self._check_reroll, "turn_die": self._check_turn_die,
         "place": self._check_place, "double_move": self._check_double_move,
         "take_character": self._check_decision, "gloriette": self._check_decision,
         "tiergarten": self._check_decision}[kind](state, move)

    def _check_start_card(self, state: ViennaState, move: Move) -> None:
        if state.phase != "start_cards":
            raise RuleViolation("start_cards_chosen", "Every player has already chosen a start card.", RULE_SETUP)
        chooser = state.chooser()
        if move["seat"] != chooser:
            raise RuleViolation(
                "not_your_choice",
                f"Start cards are chosen counter-clockwise, the start player last: it is {chooser}'s turn to choose.",
                RULE_SETUP)
        card = Card.from_json(move["card"])
        if state.edition.table_cards_checked:
            check_from_deck(state.deck, card, start_card=True)
        taken = [p.start_card for p in state.players if p.start_card is not None]
        if card in taken:
            raise RuleViolation("start_card_taken", f"The start card {card.name} has already been chosen.",
                                RULE_SETUP)

    def _reveal_size(self, state: ViennaState) -> int:
        """Players − 1 cards, fewer only when the deck and discards hold fewer different characters."""
        names = {c.name for c in state.pile} | {c.name for c in state.discards}
        return min(len(state.seats) - 1, len(names))

    def _check_reveal(self, state: ViennaState, move: Move) -> None:
        if state.phase != "reveal":
            raise RuleViolation("not_reveal_time", "Character cards are turned over only at the start of a round.",
                                RULE_SETUP)
        cards = move["cards"]
        size = self._reveal_size(state)
        if len(cards) != size:
            raise RuleViolation(
                "display_size",
                f"Turn over {size} character cards (one less than the number of players), not {len(cards)}.",
                RULE_SETUP)
        if state.edition.table_cards_checked:
            for card in cards:
                check_from_deck(state.deck, Card.from_json(card), start_card=False)
        names = [c["name"] for c in cards]
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice:
            raise RuleViolation(
                "same_character_twice",
                f"{twice} is in the display twice: put one back at the bottom of the stack and turn over a new card.",
                RULE_SETUP)

    def _check_roll(self, state: ViennaState, move: Move) -> None:
        seat = move["seat"]
        if state.phase != "placing" or state.player(state.turn).rolled or seat != state.turn:
            raise RuleViolation(
                "not_roll_time",
                f"{seat} cannot roll now: each player rolls all their dice once, at the start of their "
                "first turn of the round.", RULE_PLAY)
        own = state.dice_count
        white = 1 if state.white_die == seat else 0
        dice = move["dice"]
        if sum(1 for d in dice if is_white(d)) != white or len(dice) != own + white:
            has = f"{own} dice" + (" and the white die" if white else "")
            raise RuleViolation("dice_count", f"{seat} rolls {has}: enter exactly those.", RULE_PLAY)

    def _check_own_turn(self, state: ViennaState, seat: str, what: str) -> Player:
        if state.phase != "placing" or state.turn != seat:
            now = f"it is {state.turn}'s turn" if state.phase == "placing" else "dice are not being placed now"
            raise RuleViolation("not_your_turn", f"{seat} cannot {what}: {now}.", RULE_PLAY)
        player = state.player(seat)
        if not player.rolled:
            raise RuleViolation("not_rolled", f"{seat} rolls all their dice first.", RULE_PLAY)
        return player

    def _check_pay_to_change(self, state: ViennaState, move: Move, what: str) -> Player:
        player = self._check_own_turn(state, move["seat"], what)
        if player.coins < REROLL_COST:
            raise RuleViolation("no_coin", f"Changing your roll costs {REROLL_COST} coin and you have none.",
                                RULE_REROLL)
        return player

    def _check_reroll(self, state: ViennaState, move: Move) -> None:
        player = self._check_pay_to_change(state, move, "reroll")
        dice, result = move["dice"], move["result"]
        if not _has(player.dice, dice):
            raise RuleViolation("die_not_held", f"{move['seat']} does not have {', '.join(dice)} in front of them.",
                                RULE_REROLL)
        _not_on_joker_card(dice)
        if result is None:
            raise RuleViolation("reroll_result", "Enter what the rerolled dice show (the result).", RULE_REROLL)
        if len(result) != len(dice) or any(is_white(a) != is_white(b) for a, b in zip(dice, result)):
            raise RuleViolation("reroll_result",
                                "The result gives one new face per rerolled die, in the same order and colour.",
                                RULE_REROLL)

    def _check_turn_die(self, state: ViennaState, move: Move) -> None:
        player = self._check_pay_to_change(state, move, "turn a die")
        die, to = move["die"], move["to"]
        if die not in player.dice:
            raise RuleViolation("die_not_held", f"{move['seat']} has no {die} in front of them.", RULE_REROLL)
        _not_on_joker_card([die])
        if is_white(die) != is_white(to) or abs(face(die) - face(to)) != 1:
            raise RuleViolation("turn_by_one", f"A die is turned by one number up or down: {die} becomes "
                                + " or ".join(with_face(die, v) for v in (face(die) - 1, face(die) + 1) if 1 <= v <= 6)
                                + f", not {to}.", RULE_REROLL)

    def _check_place(self, state: ViennaState, move: Move) -> None:
        seat, name, dice = move["seat"], move["field"], move["dice"]
        player = self._check_own_turn(state, seat, "place dice")
        if len(dice) == 2 and is_white(dice[0]) and is_white(dice[1]):
            raise RuleViolation("die_not_held", "There is only one white die.", RULE_SPECIAL_CARDS)
        if not _has(player.dice, [held(d) for d in dice]):
            raise RuleViolation("die_not_held",
                                f"{seat} does not have {', '.join(held(d) for d in dice)} in front of them "
                                f"(they have {', '.join(player.dice) or 'no dice'}).", RULE_PLAY)
        field = state.board.field(name)
        if field is None:
            raise RuleViolation("unknown_field", f"There is no field '{name}' on this board.", RULE_PLAY)
        geheimbund = field.kind == "geheimbund"
        if len(dice) == 1 and is_white(dice[0]) and not geheimbund:
            raise RuleViolation("white_die_alone",
                                "The white die can only be placed together with another die (except on the Geheimbund).",
                                RULE_SPECIAL_CARDS)
        index = state.board.index(name)
        if not geheimbund:
            if state.street[index] is not None:
                raise RuleViolation("field_occupied", f"{name} is already occupied by {state.street[index].seat}.",
                                    RULE_PLAY)
            if state.gendarme == index:
                raise RuleViolation("gendarme", f"The Gendarme blocks {name} until the evaluation.",
                                    RULE_SPECIAL_FIELDS)
            faces = [face(d) for d in dice]
            if not field.accepts(faces):
                shown = " + ".join(str(f) for f in faces)
                is_double = len(faces) == 2 and faces[0] == faces[1]
                raise RuleViolation(
                    "needs_double" if field.double and not is_double else "value_mismatch",
                    f"{name} needs {field.wants()}; your dice show {shown}"
                    + (f" = {sum(faces)}" if len(faces) == 2 else "") + ".", RULE_PLAY)
            if index < player.position and player.coins < TURN_BACK_COST:
                raise RuleViolation(
                    "no_coin_to_turn_back",
                    f"{name} lies behind {state.board.street[player.position].name}, where you last placed: "
                    f"turning the coach around costs {TURN_BACK_COST} coin and you have none.", RULE_ORDER)
        self._check_krieau(state, move, field, index)
        self._check_prater(state, move, field, player)

    def _check_krieau(self, state: ViennaState, move: Move, field: Field, index: int | None) -> None:
        if field.kind != "krieau":
            if move["gendarme"] is not None or move["take"] is not None:
                raise RuleViolation("not_krieau", "Only the Krieau places the Gendarme and gives a coin or a VP.",
                                    RULE_SPECIAL_FIELDS)
            return
        if move["take"] is None:
            raise RuleViolation("krieau_take", "At the Krieau choose a coin or a victory point (take).",
                                RULE_SPECIAL_FIELDS)
        free = self._free_fields(state, also_taken=index)
        target = move["gendarme"]
        if target is None:
            if free:
                raise RuleViolation("krieau_gendarme", "At the Krieau place the Gendarme on a free field (gendarme).",
                                    RULE_SPECIAL_FIELDS)
            return
        where = state.board.index(target)
        if where is None:
            raise RuleViolation("gendarme_field", f"The Gendarme goes on a free field of the street, not '{target}'.",
                                RULE_SPECIAL_FIELDS)
        if where not in free:
            raise RuleViolation("gendarme_field", f"{target} is not free: the Gendarme goes on a free field.",
                                RULE_SPECIAL_FIELDS)

    def _check_prater(self, state: ViennaState, move: Move, field: Field, player: Player) -> None:
        turn, to = move["turn"], move["to"]
        if field.kind != "prater":
            if turn is not None or to is not None:
                raise RuleViolation("not_prater", "Only the Prater lets you turn a die to any side.",
                                    RULE_SPECIAL_FIELDS)
            return
        if (turn is None) != (to is None):
            raise RuleViolation("prater_turn", "At the Prater give both the die to turn and the face it gets.",
                                RULE_SPECIAL_FIELDS)
        if turn is None:
            return
        left = _remove(player.dice, [held(d) for d in move["dice"]])
        if turn not in left:
            raise RuleViolation("die_not_held", f"You have no {turn} left in front of you to turn.",
                                RULE_SPECIAL_FIELDS)
        _not_on_joker_card([turn])
        if is_white(turn) != is_white(to) or face(turn) == face(to):
            raise RuleViolation("prater_turn", f"Turn {turn} onto another side of the same die, not {to}.",
                                RULE_SPECIAL_FIELDS)

    def _free_fields(self, state: ViennaState, also_taken: int | None = None) -> list[int]:
        return [i for i, p in enumerate(state.street) if p is None and i != also_taken and i != state.gendarme]

    def _check_double_move(self, state: ViennaState, move: Move) -> None:
        seat = move["seat"]
        if state.offer == seat:
            return
        if state.holder("double_move") != seat:
            why = "does not hold the double-move card"
        elif state.double_move_used:
            why = "has already used the double-move card this round"
        elif state.phase == "placing" and not state.player(seat).dice and state.player(seat).rolled:
            why = "has no dice left to place"
        else:
            why = "can play it only right after their regular turn"
        raise RuleViolation("double_move_not_now", f"{seat} cannot make a double move: {seat} {why}.",
                            RULE_SPECIAL_CARDS)

    def _check_decision(self, state: ViennaState, move: Move) -> None:
        pending, kind, seat = state.pending, move["type"], move["seat"]
        if state.phase != "evaluation" or pending is None or pending.kind != kind:
            raise RuleViolation("no_decision", f"No {kind.replace('_', ' ')} decision is open now.", RULE_EVALUATION)
        field = state.board.street[pending.field].name
        if seat != pending.seat:
            raise RuleViolation("not_your_field", f"{pending.seat} occupies {field} and decides there.",
                                RULE_EVALUATION)
        if kind == "take_character" and move["card"] not in pending.options:
            raise RuleViolation("not_in_display", f"{move['card']} is not in the display; choose one of "
                                + ", ".join(pending.options) + ".", RULE_EVALUATION)
        if kind == "gloriette" and move["symbol"] not in pending.options:
            raise RuleViolation("symbol_counted",
                                f"{seat} has already counted {move['symbol']} this round; choose "
                                + " or ".join(pending.options) + ".", RULE_COMPARISON)
        if kind == "tiergarten":
            self._check_tiergarten(state, move, pending)

    def _check_tiergarten(self, state: ViennaState, move: Move, pending: Pending) -> None:
        take, seat = move["take"], move["seat"]
        for victim, coins in take.items():
            if victim == seat or victim not in state.seats:
                raise RuleViolation("tiergarten_victim", f"Take coins from other players, not from '{victim}'.",
                                    RULE_COMPARISON)
            has = state.player(victim).coins
            if coins > has:
                raise RuleViolation("tiergarten_coins", f"You cannot take {coins} from {victim}: {victim} has "
                                    + (f"only {has} coin{'s' if has != 1 else ''}." if has else "no coins."),
                                    RULE_COMPARISON)
        amounts = sorted(take.values())
        if not (len(amounts) == 1 and amounts[0] <= pending.amount or amounts == [1, 1] and pending.amount >= 2):
            raise RuleViolation("tiergarten_take",
                                f"At the Tiergarten take up to {pending.amount} coins from one player, "
                                "or 1 coin each from two different players.", RULE_COMPARISON)

    # -- applying ----------------------------------------------------------------------
    _APPLIED_BY = {"choose_start_card": "_choose_start_card", "reveal_characters": "_reveal", "roll": "_roll",
                   "reroll": "_reroll", "turn_die": "_turn_die", "place": "_place", "double_move": "_double_move",
                   "take_character": "_take_character", "gloriette": "_gloriette", "tiergarten": "_tiergarten"}
    """The method that carries out each move type."""

    def apply(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        kind = move["type"]
        if state.offer and kind != "double_move":
            state = evolve(state, offer=None)
        return getattr(self, self._APPLIED_BY[kind])(state, move)

    @staticmethod
    def _set_player(state: ViennaState, seat: str, **changes: Any) -> ViennaState:
        i = state.index(seat)
        return evolve(state, players=put(state.players, i, evolve(state.players[i], **changes)))

    def _gain(self, state: ViennaState, seat: str, coins: int, why: str, outcome: Outcome) -> ViennaState:
        """``seat`` gains (or pays, if negative) ``coins``."""
        if coins == 0:
            return state
        outcome.append({"fact": "coins", "seat": seat, "coins": coins, "why": why})
        return self._set_player(state, seat, coins=state.player(seat).coins + coins)

    def _score(self, state: ViennaState, seat: str, points: int, why: str, outcome: Outcome) -> ViennaState:
        if points == 0:
            return state
        outcome.append({"fact": "scored", "seat": seat, "points": points, "why": why})
        return self._set_player(state, seat, vp=state.player(seat).vp + points)

    def _on_joker(self, state: ViennaState, seat: str, dice: Sequence[str]) -> tuple[str, ...]:
        """The dice-joker's holder lays every die of their colour showing 1 on the card."""
        if state.holder("dice_joker") != seat:
            return tuple(dice)
        return tuple("J" if d == "1" else d for d in dice)

    def _choose_start_card(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        seat, card = move["seat"], Card.from_json(move["card"])
        outcome: Outcome = [{"fact": "start_card_chosen", "seat": seat, "card": card.to_json(with_coins=True)}]
        state = self._set_player(state, seat, start_card=card)
        state = self._gain(state, seat, card.coins, f"start card {card.name}", outcome)
        if state.chooser() is None:
            state = evolve(state, phase="reveal", white_die=state.holder("additional_die"))
        return state, outcome

    def _reveal(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        pile, discards = state.pile, state.discards
        display = tuple(Card.from_json(c) for c in move["cards"])
        outcome: Outcome = []
        for card in display:
            at = _position(pile, card)
            if at is None and card in discards:
                pile, discards = tuple(sorted(pile + discards)), ()
                outcome.append({"fact": "deck_reshuffled", "why": "the character deck ran out"})
                at = _position(pile, card)
            if at is not None:
                pile = pile[:at] + pile[at + 1:]
        start = state.holder("start_player")
        outcome.append({"fact": "characters_revealed", "round": state.round,
                        "cards": [c.to_json() for c in display], "start_player": start})
        return evolve(state, phase="placing", display=display, pile=pile, discards=discards, turn=start), outcome

    def _roll(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        seat = move["seat"]
        dice = self._on_joker(state, seat, move["dice"])
        state = self._set_player(state, seat, dice=dice, rolled=True)
        return state, [{"fact": "rolled", "seat": seat, "dice": list(dice)}]

    def _reroll(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        seat = move["seat"]
        outcome: Outcome = []
        state = self._gain(state, seat, -REROLL_COST, "reroll", outcome)
        player = state.player(seat)
        dice = _remove(player.dice, move["dice"]) + self._on_joker(state, seat, move["result"])
        outcome.append({"fact": "rerolled", "seat": seat, "dice": list(move["dice"]), "result": list(move["result"])})
        return self._set_player(state, seat, dice=dice), outcome

    def _turn_die(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        seat = move["seat"]
        outcome: Outcome = []
        state = self._gain(state, seat, -REROLL_COST, "turned a die", outcome)
        dice = _remove(state.player(seat).dice, [move["die"]]) + self._on_joker(state, seat, [move["to"]])
        outcome.append({"fact": "die_turned", "seat": seat, "die": move["die"], "to": move["to"]})
        return self._set_player(state, seat, dice=dice), outcome

    def _place(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        seat, name, dice = move["seat"], move["field"], tuple(move["dice"])
        field = state.board.field(name)
        index = state.board.index(name)
        player = state.player(seat)
        outcome: Outcome = []
        if index is not None and index < player.position:
            state = self._gain(state, seat, -TURN_BACK_COST, f"turning the coach back to {name}", outcome)
        placement = Placement(seat, dice)
        left = _remove(player.dice, [held(d) for d in dice])
        outcome.append({"fact": "placed", "seat": seat, "field": name, "dice": list(dice)})
        if index is None:
            state = self._set_player(state, seat, dice=left)
            state = evolve(state, geheimbund=state.geheimbund + (placement,))
        else:
            state = self._set_player(state, seat, dice=left, position=index)
            state = evolve(state, street=put(state.street, index, placement))
        if field.lightning:
            state = self._lightning(state, move, field, outcome)
        return self._end_turn(state, seat, outcome)

    def _lightning(self, state: ViennaState, move: Move, field: Field, outcome: Outcome) -> ViennaState:
        """Krieau, Prater and Geheimbund apply at once and are not evaluated again."""
        seat = move["seat"]
        times = len(move["dice"]) if field.kind == "geheimbund" else 1
        for effect in field.effects:
            state = self._gain(state, seat, effect.get("coins", 0) * times, field.name, outcome)
            state = self._score(state, seat, effect.get("vp", 0) * times, field.name, outcome)
        if field.kind == "krieau":
            if move["gendarme"] is not None:
                state = evolve(state, gendarme=state.board.index(move["gendarme"]))
                outcome.append({"fact": "gendarme_placed", "seat": seat, "field": move["gendarme"]})
            if move["take"] == "coin":
                state = self._gain(state, seat, 1, field.name, outcome)
            else:
                state = self._score(state, seat, 1, field.name, outcome)
        if field.kind == "prater" and move["turn"] is not None:
            dice = _remove(state.player(seat).dice, [move["turn"]]) + self._on_joker(state, seat, [move["to"]])
            state = self._set_player(state, seat, dice=dice)
            outcome.append({"fact": "die_turned", "seat": seat, "die": move["turn"], "to": move["to"],
                            "why": field.name})
        return state

    @staticmethod
    def _next_turn(state: ViennaState, after: str) -> str | None:
        """The next seat clockwise that still has dice to roll or place."""
        for seat in clockwise_from(state.seats, left_of(state.seats, after)):
            player = state.player(seat)
            if not player.rolled or player.dice:
                return seat
        return None

    def _end_turn(self, state: ViennaState, seat: str, outcome: Outcome) -> tuple[ViennaState, Outcome]:
        following = self._next_turn(state, seat)
        offer = None
        if (not state.double_turn and state.holder("double_move") == seat and not state.double_move_used
                and state.player(seat).dice and (following != seat or state.edition.double_move_alone)):
            offer = seat
        if following is None:
            return self._start_evaluation(evolve(state, double_turn=False, offer=offer), outcome)
        for skipped in clockwise_from(state.seats, left_of(state.seats, seat)):
            if skipped == following:
                break
            outcome.append({"fact": "turn_forfeited", "seat": skipped, "why": "no dice left"})
        return evolve(state, double_turn=False, offer=offer, turn=following), outcome

    def _double_move(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        seat = move["seat"]
        if not move["use"]:
            return evolve(state, offer=None), [{"fact": "double_move_declined", "seat": seat}]
        state = evolve(state, offer=None, turn=seat, double_turn=True, double_move_used=True)
        return state, [{"fact": "double_move", "seat": seat}]

    # -- evaluation ----------------------------------------------------------------------
    def _start_evaluation(self, state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
        outcome.append({"fact": "evaluation_started", "round": state.round})
        return self._evaluate(evolve(state, phase="evaluation", turn=None), outcome, 0, 0)

    def _evaluate(self, state: ViennaState, outcome: Outcome, index: int, effect: int
                  ) -> tuple[ViennaState, Outcome]:
        """Evaluate the street from field ``index`` (its effect ``effect``) on,
        until a player must choose or the street is done."""
        street = state.board.street
        while index < len(street):
            placement, field = state.street[index], street[index]
            if placement is not None and not field.lightning:
                if effect == 0:
                    why = self._forfeit(state, placement.seat, field)
                    if why:
                        outcome.append({"fact": "field_forfeited", "seat": placement.seat, "field": field.name,
                                        "why": why})
                        effect = len(field.effects)
                for e in range(effect, len(field.effects)):
                    state, pending = self._effect(state, index, e, outcome)
                    if pending is not None:
                        return evolve(state, pending=pending), outcome
                # "Once the action has been completed ... the player picks up his
                # dice from the field"; dice on lightning fields wait for the round's end.
                state = evolve(state, street=put(state.street, index, None))
            index, effect = index + 1, 0
        return self._end_round(evolve(state, pending=None), outcome)

    def _forfeit(self, state: ViennaState, seat: str, field: Field) -> str | None:
        """Why the field's whole action is forfeited, or None."""
        player = state.player(seat)
        cost = sum(e.get("pay", 0) for e in field.effects)
        if cost > player.coins:
            return f"{seat} cannot pay {cost} coin{'s' if cost != 1 else ''} and pays nothing"
        if any("gloriette" in e for e in field.effects) and not self._open_symbols(state, seat):
            return f"{seat} has already counted every symbol this round"
        return None

    def _open_symbols(self, state: ViennaState, seat: str) -> tuple[str, ...]:
        counted = state.player(seat).counted
        return tuple(s for s in SYMBOLS if s not in counted)

    def _effect(self, state: ViennaState, index: int, e: int, outcome: Outcome
                ) -> tuple[ViennaState, Pending | None]:
        field = state.board.street[index]
        seat = state.street[index].seat
        effect = field.effects[e]
        name = field.name
        if "compare" in effect:
            return self._compare(state, seat, effect["compare"], effect, name, outcome), None
        key, value = next(iter(effect.items()))
        if key == "coins":
            return self._gain(state, seat, value, name, outcome), None
        if key == "pay":
            return self._gain(state, seat, -value, name, outcome), None
        if key == "vp":
            return self._score(state, seat, value, name, outcome), None
        if key == "special":
            return self._take_special(state, seat, value, name, outcome), None
        if key == "heuriger":
            held_cards = len(state.specials_of(seat))
            cards = f"{held_cards} special card{'' if held_cards == 1 else 's'}"
            return self._score(state, seat, value * held_cards, f"{name}: {cards}", outcome), None
        if key == "character":
            return self._character_field(state, seat, index, e, value, outcome)
        if key == "gloriette":
            options = self._open_symbols(state, seat)
            if len(options) == 1:
                return self._compare(state, seat, options[0], COMPARISON, name, outcome), None
            return state, Pending("gloriette", seat, index, e, options)
        options = self._tiergarten_options(state, seat, value)
        if not options:
            outcome.append({"fact": "nothing_to_take", "seat": seat, "field": name})
            return state, None
        if len(options) == 1:
            return self._rob(state, seat, options[0], name, outcome), None
        return state, Pending("tiergarten", seat, index, e, amount=value)

    def _character_field(self, state: ViennaState, seat: str, index: int, e: int, cost: int, outcome: Outcome
                         ) -> tuple[ViennaState, Pending | None]:
        name = state.board.street[index].name
        if not state.display:
            outcome.append({"fact": "no_character_left", "seat": seat, "field": name})
            return state, None
        if state.player(seat).coins < cost:
            outcome.append({"fact": "cannot_pay_character", "seat": seat, "field": name, "cost": cost})
            return state, None
        options = tuple(c.name for c in state.display)
        if len(options) == 1:
            return self._give_character(state, seat, options[0], cost, name, outcome), None
        return state, Pending("take_character", seat, index, e, options, cost)

    def _give_character(self, state: ViennaState, seat: str, card_name: str, cost: int, field: str,
                        outcome: Outcome) -> ViennaState:
        card = next(c for c in state.display if c.name == card_name)
        state = self._gain(state, seat, -cost, f"character card at {field}", outcome)
        outcome.append({"fact": "character_taken", "seat": seat, "field": field, "card": card.to_json()})
        state = evolve(state, display=_remove(state.display, [card]))
        return self._set_player(state, seat, characters=state.player(seat).characters + (card,))

    def _take_special(self, state: ViennaState, seat: str, special: str, field: str, outcome: Outcome
                      ) -> ViennaState:
        before = state.holder(special)
        outcome.append({"fact": "special_card_taken", "seat": seat, "card": special, "from": before,
                        "field": field})
        i = SPECIALS.index(special)
        return evolve(state, specials=put(state.specials, i, seat))

    def _compare(self, state: ViennaState, seat: str, symbol: str, prize: Mapping[str, int], field: str,
                 outcome: Outcome) -> ViennaState:
        """Compare ``symbol`` with both neighbours: a majority gives vp + coins,
        a tie tie_vp (Comparison Fields). A symbol counts once per round."""
        player = state.player(seat)
        if symbol in player.counted:
            outcome.append({"fact": "already_counted", "seat": seat, "field": field, "symbol": symbol})
            return state
        state = self._set_player(state, seat, counted=player.counted | {symbol})
        mine = state.symbols(seat, symbol)
        for neighbour in (left_of(state.seats, seat), right_of(state.seats, seat)):
            theirs = state.symbols(neighbour, symbol)
            outcome.append({"fact": "compared", "seat": seat, "field": field, "symbol": symbol,
                            "neighbour": neighbour, "mine": mine, "theirs": theirs})
            why = f"{field}: {mine} {symbol} against {neighbour}'s {theirs}"
            if mine > theirs:
                state = self._score(state, seat, prize.get("vp", 0), why, outcome)
                state = self._gain(state, seat, prize.get("coins", 0), why, outcome)
            elif mine == theirs:
                state = self._score(state, seat, prize.get("tie_vp", 0), why, outcome)
        return state

    def _tiergarten_options(self, state: ViennaState, seat: str, most: int) -> list[dict[str, int]]:
        others = [s for s in state.seats if s != seat and state.player(s).coins > 0]
        options = [{s: n} for s in others for n in range(1, min(most, state.player(s).coins) + 1)]
        if most >= 2:
            options += [{a: 1, b: 1} for a, b in combinations(others, 2)]
        return options

    def _rob(self, state: ViennaState, seat: str, take: Mapping[str, int], field: str, outcome: Outcome
             ) -> ViennaState:
        for victim, coins in take.items():
            state = self._gain(state, victim, -coins, f"{field}: taken by {seat}", outcome)
            state = self._gain(state, seat, coins, f"{field}: taken from {victim}", outcome)
        return state

    def _resume(self, state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
        pending = state.pending
        return self._evaluate(evolve(state, pending=None), outcome, pending.field, pending.effect + 1)

    def _take_character(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        pending = state.pending
        outcome: Outcome = []
        field = state.board.street[pending.field].name
        state = self._give_character(state, move["seat"], move["card"], pending.amount, field, outcome)
        return self._resume(state, outcome)

    def _gloriette(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        outcome: Outcome = []
        field = state.board.street[state.pending.field].name
        state = self._compare(state, move["seat"], move["symbol"], COMPARISON, field, outcome)
        return self._resume(state, outcome)

    def _tiergarten(self, state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
        outcome: Outcome = []
        field = state.board.street[state.pending.field].name
        state = self._rob(state, move["seat"], move["take"], field, outcome)
        return self._resume(state, outcome)

    # -- rounds and the end ------------------------------------------------------------------
    def _end_round(self, state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
        outcome.append({"fact": "evaluation_finished", "round": state.round})
        if any(p.vp >= GAME_END_VP for p in state.players):
            return self._final_scoring(state, outcome)
        players = tuple(evolve(p, dice=(), rolled=False, position=-1, counted=frozenset()) for p in state.players)
        state = evolve(
            state, players=players, phase="reveal", round=state.round + 1, street=(None,) * len(state.street),
            geheimbund=(), gendarme=None, display=(), discards=state.discards + state.display, turn=None,
            double_turn=False, offer=None, double_move_used=False, white_die=state.holder("additional_die"))
        outcome.append({"fact": "round_started", "round": state.round, "start_player": state.holder("start_player")})
        return state, outcome

    def _final_scoring(self, state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
        """End of Game: 1 VP per majority of a symbol over each neighbour (none
        for a tie), then 3 coins = 1 VP."""
        gains = {seat: 0 for seat in state.seats}
        for seat in state.seats:
            for symbol in SYMBOLS:
                mine = state.symbols(seat, symbol)
                for neighbour in (left_of(state.seats, seat), right_of(state.seats, seat)):
                    theirs = state.symbols(neighbour, symbol)
                    if mine > theirs:
                        gains[seat] += FINAL_MAJORITY_VP
                        outcome.append({"fact": "scored", "seat": seat, "points": FINAL_MAJORITY_VP,
                                        "why": f"final: {mine} {symbol} against {neighbour}'s {theirs}"})
        players = []
        for seat, player in zip(state.seats, state.players):
            traded, left = divmod(player.coins, COINS_PER_VP)
            if traded:
                outcome.append({"fact": "coins", "seat": seat, "coins": -traded * COINS_PER_VP,
                                "why": "final: traded for victory points"})
                outcome.append({"fact": "scored", "seat": seat, "points": traded,
                                "why": f"final: {traded * COINS_PER_VP} coins traded"})
            players.append(evolve(player, vp=player.vp + gains[seat] + traded, coins=left))
        state = evolve(state, players=tuple(players), phase="over", offer=None)
        final = tuple((seat, p.vp, len(state.specials_of(seat)), p.coins) for seat, p in zip(state.seats, players))
        winners = tuple(best({seat: (vp, specials, coins) for seat, vp, specials, coins in final}))
        state = evolve(state, final=final, winners=winners)
        outcome.append({"fact": "game_over", "scores": self.scores(state), "winners": list(winners),
                        "tie_break": {seat: {"special_cards": specials, "coins": coins}
                                      for seat, _, specials, coins in final}})
        return state, outcome

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
        if state.phase == "over":
            return []
        if state.phase == "start_cards":
            seat = state.chooser()
            taken = [p.start_card for p in state.players]
            return [{"type": "choose_start_card", "seat": seat, "card": c.to_json(with_coins=True)}
                    for c in state.deck.start_cards if c not in taken]
        if state.phase == "evaluation":
            return self._decisions(state)
        if state.phase != "placing":
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
                for take in self._tiergarten_options(state, seat, pending.amount)]

    def _placements(self, state: ViennaState, seat: str, player: Player) -> list[Move]:
        selections: set[tuple[str, ...]] = set()
        for k in (1, 2):
            for combo in combinations(sorted(player.dice), k):
                jokers = sum(1 for d in combo if is_joker(d))
                plain = tuple(d for d in combo if not is_joker(d))
                for faces in combinations_with_replacement(range(1, 7), jokers):
                    selections.add(plain + tuple(f"J{f}" for f in faces))
        free = [state.board.street[i] for i in self._free_fields(state)]
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
            free = self._free_fields(state, also_taken=state.board.index(field.name))
            targets = [state.board.street[i].name for i in free] or [None]
            return [{"gendarme": g, "take": t} for g in targets for t in ("coin", "vp")]
        if field.kind == "prater":
            left = _remove(player.dice, [held(d) for d in dice])
            turns = [{"turn": d, "to": with_face(d, v)} for d in sorted(set(left)) if not is_joker(d)
                     for v in range(1, 7) if v != face(d)]
            return [{}] + turns
        return [{}]

    # -- chance in digital mode ----------------------------------------------------------------
    def chance_move(self, state: ViennaState, rng: random.Random) -> Move:
        if state.phase == "reveal":
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
        while len(display) < self._reveal_size(state):
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
            what = "the dice at a player's first turn" if kind == "roll" else "a reroll: leave out its result"
            raise RuleViolation("digital_chance", f"In a digital game the service rolls {what}.", RULE_DIGITAL)
        if kind == "reroll":
            return {**move, "result": [with_face(d, roll_dice(rng, 1)[0]) for d in move["dice"]]}
        return move

    # -- views --------------------------------------------------------------------------------
    def scores(self, state: ViennaState) -> dict[str, int]:
        return {seat: p.vp for seat, p in zip(state.seats, state.players)}

    def finished(self, state: ViennaState) -> bool:
        return state.phase == "over"

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
                else self._tiergarten_options(state, pending.seat, pending.amount),
                "cost": pending.amount if pending.kind == "take_character" else None},
            "final": [{"seat": s, "vp": vp, "special_cards": n, "coins": c} for s, vp, n, c in state.final],
            "street": [f.to_json() for f in board.street],
            "board_source": board.source,
            "start_cards": [c.to_json(with_coins=True) for c in state.deck.start_cards],
            "deck_source": state.deck.source,
            "rules_version": state.edition.version,
        }

"""Grand Austria Hotel, base game: the rules as pure functions over a frozen state.

A round: the start player rolls the dice onto the six action spaces; players
take turns in the snake order of their turn-order tiles. A turn is a string of
moves by the same seat (take a guest, take a die, serve, check in, use staff,
claim an objective, end the turn) or one ``pass``. Every choice an action or a
reward asks for is a pending decision, resolved by the next move; steps
without a real choice resolve by themselves and appear in the outcome.
"""
from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any, Mapping, Sequence

from domain.chance import roll, shuffled
from domain.grand_austria.catalog import DISHES, DRINKS, ITEMS, Staff, catalog, hotel_from
from domain.grand_austria.effects import (add, advance_emperor, apply_effects, can_prepare, gain_items,
                                          gain_krones, guest_card, item_vector, occupy, owner, pay, prepare,
                                          score, set_player, staff_card, triggers, turn_order)
from domain.grand_austria import notation
from domain.grand_austria.moves import MOVE_SCHEMAS, OptionsSchema
from domain.grand_austria.scoring import end_staff_vp, measure
from domain.grand_austria.state import (EMPTY, INITIAL_GUESTS, INITIAL_ROOMS, OCCUPIED, OVER, PREPARED,
                                        REROLL, ROLL, ROUND_END, SETUP, STAFF_DRAFT, TURNS, Pending, Player,
                                        State, Table, Turn)
from domain.immutable import evolve, put
from domain.ranking import best
from domain.rules import NOBODY, TABLE, Expected, Game, Move, Outcome, RuleViolation
from domain.seating import counter_clockwise_from, left_of, right_of

R_SETUP = "Setup"
R_DRAFT = "Personal Play Area: 6 staff cards, optionally drafted"
R_TURN = "Taking a Turn"
R_MAIN = "Main actions (reference: the six action spaces)"
R_ADDITIONAL = "Additional actions (reference: serve, check in)"
R_PASS = "Passing; Between Turns"
R_EMPEROR = "Emperor Scoring"
R_OBJECTIVE = "Taking a Turn: objective cards"
R_FINAL = "End of Game Scoring"

TABLE_DRAWS = ("draw_staff", "offer_draw")
ADDITIONAL = ("serve", "check_in", "use_staff", "claim_objective")
BEFORE_THE_DIE = frozenset({"take_guest", *ADDITIONAL})   # what may come before a turn's die
OPTIONAL = frozenset({"rooms", "hire", "occupy", "prepare_occupy", "free_guest", "extra_action",
                      "complete_order"})
PENDING_MOVES = {
    "items": "choose_items", "any_items": "choose_items", "funds": "split_funds",
    "rooms": "prepare_room", "prepare_occupy": "prepare_room", "hire": "hire", "occupy": "occupy_room",
    "free_guest": "take_guest", "extra_action": "take_die", "complete_order": "complete_order",
    "imitate": "choose_action", "return_hand": "return_staff", "remove_room": "remove_room",
    "discard_end_staff": "discard_staff",
}


def violation(code: str, message: str, rule: str) -> RuleViolation:
    return RuleViolation(code, message, rule)


# -- the game ------------------------------------------------------------------
class GrandAustriaHotel(Game):
    id = "grand_austria"
    title = "Grand Austria Hotel"
    rules_version = "2"
    rules_versions = {"2": "A die is never taken without its action (take_die has no decline)."}
    short_notation = notation
    min_players = 2
    max_players = 4
    options_schema = OptionsSchema
    move_schemas = MOVE_SCHEMAS

    # -- set-up -----------------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              rules_version: str | None = None) -> State:
        self.validate_players(players)
        hotel = hotel_from(options["hotel"]) if options.get("hotel") else catalog().hotel
        rules = catalog().rules
        board = {key: rules[key] for key in ("krones_cap", "queue_costs", "boost_cost", "imitate_cost",
                                             "hand_size", "initial_rooms", "rounds", "emperor_rounds",
                                             "cafe_guest_penalty", "start_krones")}
        board["dice"] = rules["dice"][str(len(players))]
        board["staff_draft"] = bool(options.get("staff_draft"))
        board["tiles"] = [tuple(t) for t in rules["turn_order"][str(len(players))]]
        start = Player(krones=rules["start_krones"], items=item_vector(rules["start_items"]),
                       rooms=(EMPTY,) * hotel.size, hand=(),
                       cafe=(None,) * rules["cafe_tables"])
        return State(players=tuple(players), hotel=hotel, board=board,
                     seats={seat: start for seat in players}, guests_left=len(catalog().guests))

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    # -- who moves ----------------------------------------------------------------
    def expected(self, state: State) -> Expected:
        if state.phase == OVER:
            return NOBODY
        if state.phase == SETUP:
            return Expected((TABLE,), ("setup",))
        if state.phase == STAFF_DRAFT:   # everyone keeps a card at the same time
            return Expected(tuple(s for s in state.players if s not in state.picked), ("draft_pick",))
        if state.refill:
            return Expected((TABLE,), ("reveal_guest",))
        if state.pending:
            p = state.pending[0]
            if p.kind in TABLE_DRAWS:
                return Expected((TABLE,), ("draw_staff",))
            moves = (PENDING_MOVES[p.kind],) + (("decline",) if p.kind in OPTIONAL else ())
            return Expected((p.seat,), moves)
        if state.phase == INITIAL_GUESTS:
            return Expected((self._setup_seat(state),), ("take_guest",))
        if state.phase == INITIAL_ROOMS:
            return Expected((self._setup_seat(state),), ("prepare_room",))
        if state.phase == ROLL:
            return Expected((TABLE,), ("roll",))
        if state.phase == REROLL:
            return Expected((TABLE,), ("reroll",))
        turn = state.turn
        if turn.die is None:
            if not any(state.dice):   # an extra action took the last die: the turn ends without one
                return Expected((turn.seat,), ("take_guest", *ADDITIONAL, "end_turn"))
            moves = ("take_guest", "take_die", *ADDITIONAL)
            if not turn.acted or not self._can_take_a_die(state, turn.seat):
                moves += ("pass",)
            return Expected((turn.seat,), moves)
        return Expected((turn.seat,), (*ADDITIONAL, "end_turn"))

    def _setup_seat(self, state: State) -> str:
        if state.phase == INITIAL_GUESTS:
            return next(s for s in state.setup_order if not any(state.player(s).cafe))
        need = state.board["initial_rooms"]
        return next(s for s in state.setup_order if sum(1 for r in state.player(s).rooms if r) < need)

    # -- check ------------------------------------------------------------------
    def check(self, state: State, move: Move) -> None:
        kind = move["type"]
        expected = self.expected(state)
        if state.phase == OVER:
            raise violation("game_over", "The game is over.", R_FINAL)
        if kind not in expected.moves:
            who = " or ".join(expected.seats)
            raise violation("unexpected_move",
                            f"A {kind.replace('_', ' ')} is not possible now: {who} must make a "
                            + " or ".join(m.replace('_', ' ') for m in expected.moves) + ".", R_TURN)
        seat = TABLE if expected.is_chance else move.get("seat")
        if seat not in expected.seats:
            raise violation("not_your_turn", f"It is {', '.join(expected.seats)}'s move, not {seat}'s.", R_TURN)
        getattr(self, f"_check_{kind}")(state, move)
        if kind in BEFORE_THE_DIE:
            self._check_a_die_remains(state, move)

    def _can_take_a_die(self, state: State, seat: str) -> bool:
        """A die lies on spaces 1-5, or on space 6 and its krone can be paid."""
        if any(state.dice[:5]):
            return True
        free = any(t.get("no_fee") and 6 in t["values"] for t in triggers(state.player(seat), "die"))
        return bool(state.dice[5]) and (free or state.player(seat).krones >= state.board["imitate_cost"])

    def _check_a_die_remains(self, state: State, move: Move) -> None:
        """Taking a Turn: the die and its main action are not optional, so a
        guest or an additional action before the die must leave a die you can
        take. (If a reward's choice still waits, it is allowed; should you end
        up without a die you can take, you may still pass.)"""
        turn = state.turn
        if turn is None or turn.die is not None or state.pending or any(state.dice[:5]) or not state.dice[5]:
            return      # (nothing before the die takes dice off spaces 1-5)
        after, _ = self.apply(state, move)
        still = after.turn
        if still is not None and still.die is None and not after.pending and any(after.dice) \
                and not self._can_take_a_die(after, turn.seat):
            raise violation("no_die_left_to_take", "Taking a die is not optional: after this only space 6 "
                            f"would have dice, and you would lack the {state.board['imitate_cost']} krone its "
                            "action costs.", R_TURN)

    def _pending(self, state: State) -> Pending | None:
        return state.pending[0] if state.pending else None

    def _check_setup(self, state: State, move: Move) -> None:
        cat = catalog()
        groups = [cat.objectives[n].group if n in cat.objectives else None for n in move["objectives"]]
        if groups != ["A", "B", "C"]:
            raise violation("bad_objectives", "Lay out one objective card of each group A, B, C "
                            f"(numbers {min(cat.objectives)}-{max(cat.objectives)}), in that order.", R_SETUP)
        tiles = move["emperor_tiles"]
        if [t[:1] for t in tiles] != ["A", "B", "C"] or any(t not in cat.emperor_tiles for t in tiles):
            raise violation("bad_emperor_tiles", "Lay out one Emperor tile of each stack A, B, C "
                            "(A1-A4, B1-B4, C1-C4), in that order.", R_SETUP)
        if move["start_player"] not in state.players:
            raise violation("unknown_player", f"{move['start_player']} is not playing.", R_SETUP)
        numbers = [c for c in move["queue"] if isinstance(c, int)]
        if len(set(numbers)) != len(numbers):
            raise violation("duplicate_card", "A guest card can be in the queue only once.", R_SETUP)
        hands = move.get("hands", {})
        for seat, hand in hands.items():
            if seat not in state.players:
                raise violation("unknown_player", f"{seat} is not playing.", R_SETUP)
            if len(hand) != state.board["hand_size"]:
                raise violation("hand_size", f"Each player is dealt {state.board['hand_size']} staff cards.", R_SETUP)
        dealt = [c for hand in hands.values() for c in hand if isinstance(c, int)]
        if len(set(dealt)) != len(dealt):
            raise violation("duplicate_card", "A staff card can be dealt only once.", R_SETUP)

    def _check_draft_pick(self, state: State, move: Move) -> None:
        pack = state.packs[move["seat"]]
        if move.get("staff") is None:
            if None not in pack:
                raise violation("name_the_card", "Name the staff card you keep: the scorekeeper has seen "
                                "this pack.", R_DRAFT)
            return
        card = staff_card(move["staff"])
        if card not in pack and (None not in pack or (isinstance(move["staff"], int)
                                                      and move["staff"] in self._staff_in_play(state))):
            raise violation("not_in_pack", f"{card.name} is not among the staff cards you draft from now.", R_DRAFT)

    def _check_reveal_guest(self, state: State, move: Move) -> None:
        if isinstance(move["card"], int) and move["card"] in self._guests_in_play(state):
            raise violation("duplicate_card", "That guest card is already in play.", R_TURN)

    def _check_roll(self, state: State, move: Move) -> None:
        if len(move["dice"]) != state.board["dice"]:
            raise violation("dice_count", f"All {state.board['dice']} dice are rolled.", "Start of round")

    def _check_reroll(self, state: State, move: Move) -> None:
        left = sum(state.dice) - 1
        if len(move["dice"]) != left:
            raise violation("dice_count", f"One die goes to the dustbin; the other {left} are rerolled.", R_PASS)

    def _check_draw_staff(self, state: State, move: Move) -> None:
        p = self._pending(state)
        if move["seat"] != p.seat:
            raise violation("wrong_player", f"The cards are drawn for {p.seat}.", R_TURN)
        cards = move.get("cards")
        if cards is not None:
            if not 0 < len(cards) <= p.n:
                raise violation("draw_count", f"{p.n} staff cards are drawn (fewer only when the deck runs out).",
                                R_TURN)
            numbers = [c for c in cards if isinstance(c, int)]
            if set(numbers) & self._staff_in_play(state) or len(set(numbers)) != len(numbers):
                raise violation("duplicate_card", "That staff card is already in play.", R_TURN)

    def _check_take_guest(self, state: State, move: Move) -> None:
        seat = move["seat"]
        player = state.player(seat)
        position = move["position"] - 1
        p = self._pending(state)
        if state.queue[position] is None:
            raise violation("empty_space", "There is no guest at that queue position.", R_TURN)
        if None not in player.cafe:
            raise violation("cafe_full", "Every café table is taken: you cannot take a guest.", R_TURN)
        if state.phase == INITIAL_GUESTS or p is not None:
            return
        if state.turn.die is not None or state.turn.guest_taken:
            raise violation("guest_first", "A guest is taken once per turn, before taking the die.", R_TURN)
        cost = self._queue_cost(state, seat, position)
        if cost > player.krones:
            raise violation("cannot_pay", f"The guest at position {position + 1} costs {cost} krones.", R_TURN)

    def _queue_cost(self, state: State, seat: str, position: int) -> int:
        if any(t.get("free") for t in triggers(state.player(seat), "take_guest")):
            return 0
        return state.board["queue_costs"][position]

    def _room(self, state: State, name: str) -> int:
        room = state.hotel.index(name)
        if room is None:
            raise violation("no_such_room", f"The hotel has no room {name}.", R_MAIN)
        return room

    def _check_prepare_room(self, state: State, move: Move) -> None:
        room = self._room(state, move["room"])
        problem = can_prepare(state, move["seat"], room, self._pending(state))
        if problem:
            raise violation("cannot_prepare", problem, R_MAIN if state.phase != INITIAL_ROOMS else R_SETUP)

    def _check_take_die(self, state: State, move: Move) -> None:
        value = move["value"]
        player = state.player(move["seat"])
        p = self._pending(state)
        if state.turn is None:
            raise violation("no_turn", "An extra action is taken only during your turn.", R_TURN)
        if p is None and state.turn.die is not None:
            raise violation("one_die", "You take one die per turn.", R_TURN)
        if not state.dice[value - 1]:
            raise violation("no_die", f"There is no die on action space {value}.", R_TURN)
        cost = 0
        if move.get("boost"):
            if state.turn.boosted:
                raise violation("boost_once", "You may boost only once per turn.", R_TURN)
            cost += state.board["boost_cost"]
        if value == 6 and not any(t.get("no_fee") and 6 in t["values"] for t in triggers(player, "die")):
            cost += state.board["imitate_cost"]
        if cost > player.krones:
            raise violation("cannot_pay", f"This costs {cost} krones (boost and/or action 6); you have "
                            f"{player.krones}.", R_TURN)

    def _check_choose_action(self, state: State, move: Move) -> None:
        """Any of actions 1-5 may be chosen."""

    def _check_choose_items(self, state: State, move: Move) -> None:
        p = self._pending(state)
        items = {k: v for k, v in move["items"].items() if v}
        if sum(items.values()) != p.n:
            raise violation("item_count", f"Take exactly {p.n} items.", R_MAIN)
        if p.kind == "items":
            first, second = p.pair
            if set(items) - set(p.pair):
                raise violation("wrong_items", f"This action gives {first} and/or {second}.", R_MAIN)
            if items.get(second, 0) > items.get(first, 0):
                raise violation("too_many", f"Never take more {second} than {first}.", R_MAIN)

    def _check_split_funds(self, state: State, move: Move) -> None:
        n = self._pending(state).n
        if move["krones"] + move["emperor"] != n:
            raise violation("split", f"Split the strength {n} into krones and Emperor steps.", R_MAIN)

    def _hire_cost(self, p: Pending, card: Staff) -> int:
        return 0 if p.free else max(0, card.cost - p.discount)

    def _check_hire(self, state: State, move: Move) -> None:
        p = self._pending(state)
        card = staff_card(move["staff"])
        source = p.cards if p.cards else state.player(p.seat).hand
        if card not in source:
            if None not in source or (isinstance(move["staff"], int)
                                      and move["staff"] in self._staff_in_play(state)):
                raise violation("not_in_hand", f"{card.name} is not among the cards you may hire from.", R_MAIN)
        cost = self._hire_cost(p, card)
        if cost > state.player(p.seat).krones:
            raise violation("cannot_pay", f"Hiring {card.name} costs {cost} krones.", R_MAIN)

    def _check_occupy_room(self, state: State, move: Move) -> None:
        room = self._room(state, move["room"])
        if state.player(move["seat"]).rooms[room] != PREPARED:
            raise violation("not_prepared", "Only a prepared vacant room can be occupied.", R_ADDITIONAL)

    def _table(self, state: State, seat: str, number: int) -> Table:
        cafe = state.player(seat).cafe
        table = cafe[number - 1] if number <= len(cafe) else None
        if table is None:
            raise violation("empty_table", f"There is no guest at café table {number}.", R_ADDITIONAL)
        return table

    def _check_complete_order(self, state: State, move: Move) -> None:
        self._table(state, move["seat"], move["table"])

    def _check_return_staff(self, state: State, move: Move) -> None:
        hand = state.player(move["seat"]).hand
        card = staff_card(move["staff"]) if move.get("staff") is not None else None
        if card not in hand and (None not in hand or card is None):
            raise violation("not_in_hand", "Return a card from your hand.", R_EMPEROR)

    def _check_remove_room(self, state: State, move: Move) -> None:
        p = self._pending(state)
        room = self._room(state, move["room"])
        if room not in self._removable(state, p):
            which = "occupied room on floor %d" % p.floor if p.occupied else "empty room on your highest floor with one"
            raise violation("wrong_room", f"Remove an {which}.", R_EMPEROR)

    def _removable(self, state: State, p: Pending) -> list[int]:
        rooms = state.player(p.seat).rooms
        hotel = state.hotel
        if p.occupied:
            return [r for r, s in enumerate(rooms) if s == OCCUPIED and hotel.floor(r) == p.floor]
        empty = [r for r, s in enumerate(rooms) if s == PREPARED]
        top = max((hotel.floor(r) for r in empty), default=0)
        return [r for r in empty if hotel.floor(r) == top]

    def _check_discard_staff(self, state: State, move: Move) -> None:
        card = staff_card(move["staff"])
        if card not in state.player(move["seat"]).hired or not card.end:
            raise violation("not_end_staff", "Discard one of your hired end-game staff.", R_EMPEROR)

    def _check_decline(self, state: State, move: Move) -> None:
        """Only optional steps offer decline (see expected)."""

    def _check_serve(self, state: State, move: Move) -> None:
        seat = move["seat"]
        player = state.player(seat)
        wanted = [0] * 4
        for entry in move["items"]:
            table = self._table(state, seat, entry["table"])
            index = ITEMS.index(entry["item"])
            wanted[index] += 1
            if sum(1 for e in move["items"] if e["table"] == entry["table"] and e["item"] == entry["item"]) \
                    > table.wants(index):
                raise violation("not_ordered", f"The guest at table {entry['table']} does not want "
                                f"that much {entry['item']}.", R_ADDITIONAL)
        if any(w > have for w, have in zip(wanted, player.items)):
            raise violation("not_in_kitchen", "Your kitchen does not hold those items.", R_ADDITIONAL)
        cost, stale = self._serve_cost(state, seat, wanted)
        if stale > 3:
            raise violation("three_items", "One krone serves up to 3 items from the kitchen "
                            "(items from this turn's main action are served free).", R_ADDITIONAL)
        if cost > player.krones:
            raise violation("cannot_pay", "Serving from the kitchen costs 1 krone.", R_ADDITIONAL)

    def _serve_cost(self, state: State, seat: str, wanted: Sequence[int]) -> tuple[int, int]:
        fresh = state.turn.fresh if state.turn else (0, 0, 0, 0)
        stale = sum(max(0, w - f) for w, f in zip(wanted, fresh))
        if any(t.get("free") for t in triggers(state.player(seat), "serve")):
            return 0, 0
        return (1 if stale else 0), stale

    def _check_check_in(self, state: State, move: Move) -> None:
        seat = move["seat"]
        table = self._table(state, seat, move["table"])
        if not table.complete:
            raise violation("order_incomplete", f"{table.guest.name} has not been served everything ordered.",
                            R_ADDITIONAL)
        room = self._room(state, move["room"])
        if state.player(seat).rooms[room] != PREPARED:
            raise violation("not_prepared", "A guest checks in to a prepared vacant room.", R_ADDITIONAL)
        colour = state.hotel.colour(room)
        if table.guest.colour != "green" and colour != table.guest.colour:
            raise violation("wrong_colour", f"A {table.guest.colour} guest needs a {table.guest.colour} room "
                            f"(room {move['room']} is {colour}); only green guests take any room.", R_ADDITIONAL)

    def _check_use_staff(self, state: State, move: Move) -> None:
        if self._usable(state, move["seat"], staff_card(move["staff"])) is None:
            raise violation("not_usable", "Use a hired once-per-round staff card not yet turned sideways.",
                            R_ADDITIONAL)

    def _usable(self, state: State, seat: str, card: Staff) -> int | None:
        player = state.player(seat)
        return next((i for i, c in enumerate(player.hired)
                     if c == card and c.per_round and i not in player.used), None)

    def _check_claim_objective(self, state: State, move: Move) -> None:
        number = move["objective"]
        if number not in state.objectives:
            raise violation("no_objective", f"Objective {number} is not in play.", R_OBJECTIVE)
        index = state.objectives.index(number)
        claims = state.claims[index]
        if move["seat"] in claims:
            raise violation("claimed", "You may place only one disc on each objective card.", R_OBJECTIVE)
        if len(claims) >= len(catalog().objective_vp):
            raise violation("objective_full", "Every space of that objective card is taken.", R_OBJECTIVE)
        objective = catalog().objectives[number]
        player = state.player(move["seat"])
        if any(measure(key, state.hotel, player) < n for key, n in objective.needs.items()):
            raise violation("condition_unmet", f"You do not meet the objective: {objective.text}.", R_OBJECTIVE)

    def _check_end_turn(self, state: State, move: Move) -> None:
        """Possible once the die is taken, or no die is left, and nothing is
        pending (see expected)."""

    def _check_pass(self, state: State, move: Move) -> None:
        """Possible before anything is done this turn (see expected)."""

    # -- apply ------------------------------------------------------------------
    def apply(self, state: State, move: Move) -> tuple[State, Outcome]:
        out: Outcome = []
        state = getattr(self, f"_apply_{move['type']}")(state, move, out)
        return self._advance(state, out), out

    def _apply_setup(self, state: State, move: Move, out: Outcome) -> State:
        players = state.players
        start = move["start_player"]
        order = [left_of(players, start, i) for i in range(len(players))]
        tiles = {seat: state.board["tiles"][i] for i, seat in enumerate(order)}
        hands = move.get("hands", {})
        dealt = {seat: tuple(staff_card(c) for c in hands[seat]) if seat in hands
                 else (None,) * state.board["hand_size"] for seat in players}
        draft = state.board["staff_draft"]
        seats = {seat: evolve(player, hand=() if draft else dealt[seat]) for seat, player in state.seats.items()}
        queue = tuple(guest_card(c) for c in move["queue"])
        out.append({"fact": "setup", "objectives": list(move["objectives"]),
                    "emperor_tiles": list(move["emperor_tiles"]), "queue": [g.name for g in queue],
                    "start_player": start, **({"staff_draft": True} if draft else {})})
        return evolve(state, phase=STAFF_DRAFT if draft else INITIAL_GUESTS, seats=seats, queue=queue,
                      packs=dealt if draft else {},
                      guests_left=state.guests_left - len(queue), objectives=tuple(move["objectives"]),
                      claims=((), (), ()), emperor_tiles=tuple(move["emperor_tiles"]), start_player=start,
                      tiles=tiles, setup_order=counter_clockwise_from(players, right_of(players, start)))

    def _apply_draft_pick(self, state: State, move: Move, out: Outcome) -> State:
        """The rulebook says only that the six dealt cards may be drafted: here
        each keeps one and passes the rest left (as the turn-order tiles go),
        until the packs are empty and every hand holds six again."""
        seat = move["seat"]
        card = staff_card(move["staff"]) if move.get("staff") is not None else None
        pack = list(state.packs[seat])
        pack.remove(card if card in pack else None)
        player = state.player(seat)
        state = set_player(state, seat, evolve(player, hand=player.hand + (card,)))
        out.append({"fact": "staff_drafted", "seat": seat, "pick": len(player.hand) + 1})
        state = evolve(state, packs={**state.packs, seat: tuple(pack)}, picked=state.picked | {seat})
        if len(state.picked) < len(state.players):
            return state
        if not pack:
            out.append({"fact": "staff_draft_over"})
            return evolve(state, phase=INITIAL_GUESTS, packs={}, picked=frozenset())
        out.append({"fact": "staff_passed", "direction": "left", "cards": len(pack)})
        return evolve(state, packs={left_of(state.players, s): p for s, p in state.packs.items()},
                      picked=frozenset())

    def _apply_reveal_guest(self, state: State, move: Move, out: Outcome) -> State:
        guest = guest_card(move["card"])
        out.append({"fact": "queue_refilled", "guest": guest.to_json()})
        return evolve(state, queue=(guest,) + state.queue[1:], refill=0, guests_left=state.guests_left - 1)

    def _set_dice(self, state: State, values: Sequence[int]) -> State:
        return evolve(state, dice=tuple(sum(1 for v in values if v == face) for face in range(1, 7)))

    def _apply_roll(self, state: State, move: Move, out: Outcome) -> State:
        out.append({"fact": "rolled", "round": state.round, "dice": sorted(move["dice"])})
        return evolve(self._set_dice(state, move["dice"]), phase=TURNS)

    def _apply_reroll(self, state: State, move: Move, out: Outcome) -> State:
        out.append({"fact": "rerolled", "dice": sorted(move["dice"])})
        return evolve(self._set_dice(state, move["dice"]), phase=TURNS, passed=frozenset())

    def _apply_draw_staff(self, state: State, move: Move, out: Outcome) -> State:
        p, rest = state.pending[0], state.pending[1:]
        cards = move.get("cards")
        drawn = tuple(staff_card(c) for c in cards) if cards is not None else (None,) * p.n
        out.append({"fact": "staff_drawn", "seat": p.seat, "count": len(drawn)})
        if p.kind == "offer_draw":
            hire = Pending(p.seat, "hire", discount=p.discount, free=p.free, cards=drawn, why=p.why)
            return evolve(state, pending=(hire,) + rest)
        player = state.player(p.seat)
        state = set_player(state, p.seat, evolve(player, hand=player.hand + drawn))
        return evolve(state, pending=rest)

    def _apply_take_guest(self, state: State, move: Move, out: Outcome) -> State:
        seat = move["seat"]
        position = move["position"] - 1
        guest = state.queue[position]
        p = self._pending(state)
        if state.phase == TURNS and p is None:
            cost = self._queue_cost(state, seat, position)
            state = pay(state, seat, cost, "guest from the queue", out)
            state = evolve(state, turn=evolve(state.turn, guest_taken=True, acted=True))
        elif p is not None:
            state = evolve(state, pending=state.pending[1:])
        player = state.player(seat)
        index = player.cafe.index(None)
        state = set_player(state, seat, evolve(player, cafe=put(player.cafe, index, Table(guest))))
        out.append({"fact": "guest_taken", "seat": seat, "guest": guest.name, "position": position + 1,
                    "table": index + 1})
        queue = (None,) + state.queue[:position] + state.queue[position + 1:]
        return evolve(state, queue=queue, refill=1 if state.guests_left > 0 else 0)

    def _apply_prepare_room(self, state: State, move: Move, out: Outcome) -> State:
        seat = move["seat"]
        room = state.hotel.index(move["room"])
        p = self._pending(state)
        state = prepare(state, seat, room, p, out)
        if p is None:
            return state
        if p.kind == "prepare_occupy":
            return occupy(evolve(state, pending=state.pending[1:]), seat, room, out)
        rest = state.pending[1:]
        return evolve(state, pending=((evolve(p, n=p.n - 1),) if p.n > 1 else ()) + rest)

    def _apply_take_die(self, state: State, move: Move, out: Outcome) -> State:
        seat, value, boost = move["seat"], move["value"], bool(move.get("boost"))
        player = state.player(seat)
        die_triggers = [t for t in triggers(player, "die") if value in t["values"]]
        strength = state.dice[value - 1] + boost + sum(t.get("strength", 0) for t in die_triggers)
        extra = self._pending(state) is not None
        state = evolve(state, dice=put(state.dice, value - 1, state.dice[value - 1] - 1),
                       pending=state.pending[1:] if extra else state.pending,
                       turn=evolve(state.turn, die=state.turn.die if extra else value, acted=True,
                                   boosted=state.turn.boosted or boost))
        out.append({"fact": "die_taken", "seat": seat, "value": value, "strength": strength, "boost": boost,
                    "extra_action": extra})
        if boost:
            state = pay(state, seat, state.board["boost_cost"], "boost", out)
        if value == 6:
            if not any(t.get("no_fee") for t in die_triggers):
                state = pay(state, seat, state.board["imitate_cost"], "action 6", out)
            main = [Pending(seat, "imitate", n=strength, why="action 6")]
        else:
            main = [self._main_action(state, seat, value, strength, die_triggers)]
        if value == 4 and any(t.get("funds_both") for t in die_triggers):
            state = gain_krones(state, seat, strength, "action 4 (staff: krones and Emperor steps)", out)
            state = advance_emperor(state, seat, strength, "action 4 (staff: krones and Emperor steps)", out)
            main = []
        for trigger in die_triggers:
            if trigger.get("effects"):   # staff effects come after the main action
                state = apply_effects(state, seat, trigger["effects"], f"staff: die {value} taken", out)
        return evolve(state, pending=tuple(main) + state.pending)

    def _main_action(self, state: State, seat: str, action: int, strength: int,
                     die_triggers: Sequence[dict]) -> Pending:
        why = f"action {action}"
        if action == 1:
            return Pending(seat, "items", n=strength, pair=DISHES, why=why)
        if action == 2:
            return Pending(seat, "items", n=strength, pair=DRINKS, why=why)
        if action == 3:
            return Pending(seat, "rooms", n=strength, why=why)
        if action == 4:
            return Pending(seat, "funds", n=strength, why=why)
        bonus = sum(t.get("hire_discount", 0) for t in die_triggers)
        return Pending(seat, "hire", discount=strength + bonus, why=why)

    def _apply_choose_action(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        out.append({"fact": "action_chosen", "seat": p.seat, "action": move["action"], "strength": p.n})
        chosen = self._main_action(state, p.seat, move["action"], p.n, ())
        return evolve(state, pending=(chosen,) + state.pending[1:])

    def _apply_choose_items(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        items = item_vector(move["items"])
        state = gain_items(evolve(state, pending=state.pending[1:]), p.seat, items, p.why, out)
        if p.kind == "items" and state.turn is not None:
            state = evolve(state, turn=evolve(state.turn, fresh=add(state.turn.fresh, items)))
        return state

    def _apply_split_funds(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        state = evolve(state, pending=state.pending[1:])
        state = gain_krones(state, p.seat, move["krones"], p.why, out)
        return advance_emperor(state, p.seat, move["emperor"], p.why, out)

    def _apply_hire(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        card = staff_card(move["staff"])
        state = evolve(state, pending=state.pending[1:])
        player = state.player(p.seat)
        if not p.cards:
            hand = list(player.hand)
            hand.remove(card if card in hand else None)
            player = evolve(player, hand=tuple(hand))
        state = set_player(state, p.seat, evolve(player, hired=player.hired + (card,)))
        out.append({"fact": "hired", "seat": p.seat, "staff": card.to_json(), "why": p.why})
        state = pay(state, p.seat, self._hire_cost(p, card), f"hire {card.name}", out)
        return apply_effects(state, p.seat, card.on_hire, f"staff {card.name} hired", out)

    def _apply_occupy_room(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        return occupy(evolve(state, pending=state.pending[1:]), p.seat, state.hotel.index(move["room"]), out)

    def _apply_complete_order(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        player = state.player(p.seat)
        index = move["table"] - 1
        table = player.cafe[index]
        out.append({"fact": "order_completed", "seat": p.seat, "guest": table.guest.name, "why": p.why})
        player = evolve(player, cafe=put(player.cafe, index, evolve(table, served=table.guest.order)))
        return set_player(evolve(state, pending=state.pending[1:]), p.seat, player)

    def _apply_return_staff(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        card = staff_card(move["staff"]) if move.get("staff") is not None else None
        player = state.player(p.seat)
        hand = list(player.hand)
        hand.remove(card if card in hand else None)
        out.append({"fact": "staff_returned", "seat": p.seat, "staff": card.name if card else None})
        rest = ((evolve(p, n=p.n - 1),) if p.n > 1 else ()) + state.pending[1:]
        return set_player(evolve(state, pending=rest), p.seat, evolve(player, hand=tuple(hand)))

    def _apply_remove_room(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        room = state.hotel.index(move["room"])
        player = state.player(p.seat)
        out.append({"fact": "room_removed", "seat": p.seat, "room": move["room"], "why": p.why})
        rest = ((evolve(p, n=p.n - 1),) if p.n > 1 else ()) + state.pending[1:]
        return set_player(evolve(state, pending=rest), p.seat, evolve(player, rooms=put(player.rooms, room, EMPTY)))

    def _apply_discard_staff(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        card = staff_card(move["staff"])
        player = state.player(p.seat)
        index = player.hired.index(card)
        hired = player.hired[:index] + player.hired[index + 1:]
        used = frozenset(i if i < index else i - 1 for i in player.used if i != index)
        out.append({"fact": "staff_discarded", "seat": p.seat, "staff": card.name, "why": p.why})
        return set_player(evolve(state, pending=state.pending[1:]), p.seat, evolve(player, hired=hired, used=used))

    def _apply_decline(self, state: State, move: Move, out: Outcome) -> State:
        p = state.pending[0]
        out.append({"fact": "declined", "seat": p.seat, "step": p.kind, "why": p.why})
        return evolve(state, pending=state.pending[1:])

    def _apply_serve(self, state: State, move: Move, out: Outcome) -> State:
        seat = move["seat"]
        wanted = [0] * 4
        for entry in move["items"]:
            wanted[ITEMS.index(entry["item"])] += 1
        cost, _ = self._serve_cost(state, seat, wanted)
        state = pay(state, seat, cost, "serve from the kitchen", out)
        player = state.player(seat)
        cafe = list(player.cafe)
        for entry in move["items"]:
            index = entry["table"] - 1
            served = list(cafe[index].served)
            served[ITEMS.index(entry["item"])] += 1
            cafe[index] = evolve(cafe[index], served=tuple(served))
        state = set_player(state, seat, evolve(player, items=add(player.items, wanted, -1), cafe=tuple(cafe)))
        fresh = tuple(max(0, f - w) for f, w in zip(state.turn.fresh, wanted))
        out.append({"fact": "served", "seat": seat, "items": list(move["items"]), "krones": cost})
        return evolve(state, turn=evolve(state.turn, fresh=fresh, acted=True))

    def _apply_check_in(self, state: State, move: Move, out: Outcome) -> State:
        seat = move["seat"]
        player = state.player(seat)
        index = move["table"] - 1
        guest = player.cafe[index].guest
        room = state.hotel.index(move["room"])
        state = set_player(state, seat, evolve(player, cafe=put(player.cafe, index, None),
                                               guests=player.guests + (guest,)))
        state = evolve(state, turn=evolve(state.turn, acted=True))
        out.append({"fact": "checked_in", "seat": seat, "guest": guest.name, "room": move["room"]})
        state = occupy(state, seat, room, out)
        state = score(state, seat, guest.vp, f"{guest.name} checked in", out)
        effects = list(guest.reward)
        for trigger in triggers(state.player(seat), "check_in"):
            if trigger.get("colour", guest.colour) == guest.colour and guest.size >= trigger.get("min_order", 0):
                effects = list(trigger["effects"]) + effects
        extra = [e for e in effects if e["kind"] == "extra_action"]
        return apply_effects(state, seat, [e for e in effects if e["kind"] != "extra_action"] + extra,
                             f"{guest.name} checked in", out)

    def _apply_use_staff(self, state: State, move: Move, out: Outcome) -> State:
        seat = move["seat"]
        card = staff_card(move["staff"])
        index = self._usable(state, seat, card)
        player = state.player(seat)
        state = set_player(state, seat, evolve(player, used=player.used | {index}))
        state = evolve(state, turn=evolve(state.turn, acted=True))
        return apply_effects(state, seat, card.per_round, f"staff {card.name} (once per round)", out)

    def _apply_claim_objective(self, state: State, move: Move, out: Outcome) -> State:
        seat, number = move["seat"], move["objective"]
        index = state.objectives.index(number)
        claims = state.claims[index]
        points = catalog().objective_vp[len(claims)]
        player = state.player(seat)
        state = set_player(state, seat, evolve(player, objectives=player.objectives + (number,)))
        state = evolve(state, claims=put(state.claims, index, claims + (seat,)),
                       turn=evolve(state.turn, acted=True))
        return score(state, seat, points, f"objective {number}: {catalog().objectives[number].text}", out)

    def _apply_end_turn(self, state: State, move: Move, out: Outcome) -> State:
        out.append({"fact": "turn_ended", "seat": move["seat"], "number": state.turn.number})
        return evolve(state, turn=None, used_numbers=state.used_numbers | {state.turn.number})

    def _apply_pass(self, state: State, move: Move, out: Outcome) -> State:
        out.append({"fact": "passed", "seat": move["seat"], "number": state.turn.number})
        return evolve(state, turn=None, passed=state.passed | {move["seat"]})

    # -- what happens by itself ---------------------------------------------------
    def _advance(self, state: State, out: Outcome) -> State:
        while True:
            state = self._settle(state, out)
            if state.pending or state.refill or state.phase in (SETUP, STAFF_DRAFT, ROLL, REROLL, OVER):
                return state
            if state.phase == INITIAL_GUESTS:
                if all(any(state.player(s).cafe) for s in state.players):
                    state = evolve(state, phase=INITIAL_ROOMS)
                    continue
                return state
            if state.phase == INITIAL_ROOMS:
                need = state.board["initial_rooms"]
                if all(sum(1 for r in state.player(s).rooms if r) >= need for s in state.players):
                    return evolve(state, phase=ROLL)
                return state
            if state.phase == TURNS:
                if state.turn is not None:
                    return state
                state = self._next_turn(state, out)
                continue
            state = self._clean_up(state, out)

    def _settle(self, state: State, out: Outcome) -> State:
        """Resolve pending steps that offer no choice."""
        while state.pending and state.pending[0].kind not in TABLE_DRAWS:
            p = state.pending[0]
            options = [m for m in self._pending_candidates(state, p) if m["type"] != "decline"
                       and self.is_legal(state, m)]
            if not options:
                out.append({"fact": "lapsed", "seat": p.seat, "step": p.kind, "why": p.why})
                state = evolve(state, pending=state.pending[1:])
            elif len(options) == 1 and p.kind not in OPTIONAL:
                state = getattr(self, f"_apply_{options[0]['type']}")(state, options[0], out)
            else:
                break
        if state.pending and state.pending[0].kind in TABLE_DRAWS and not self._staff_deck(state) \
                and self._all_known(state):
            p = state.pending[0]
            out.append({"fact": "lapsed", "seat": p.seat, "step": p.kind, "why": "the staff deck is empty"})
            return self._settle(evolve(state, pending=state.pending[1:]), out)
        return state


    def _next_turn(self, state: State, out: Outcome) -> State:
        numbers = sorted(n for tile in state.tiles.values() for n in tile)
        open_numbers = [n for n in numbers if n not in state.used_numbers]
        if not sum(state.dice) or not open_numbers:
            return self._end_round(state, out)
        ready = [n for n in open_numbers if owner(state, n) not in state.passed]
        if ready:
            return evolve(state, turn=Turn(owner(state, ready[0]), ready[0]))
        who = owner(state, open_numbers[0])
        out.append({"fact": "dustbin", "seat": who, "dice_left": sum(state.dice) - 1})
        if sum(state.dice) <= 1:
            return self._end_round(evolve(state, dice=(0,) * 6, dustbin=state.dustbin + 1), out)
        return evolve(state, phase=REROLL, dustbin=state.dustbin + 1)

    def _end_round(self, state: State, out: Outcome) -> State:
        out.append({"fact": "round_ended", "round": state.round})
        state = evolve(state, phase=ROUND_END, turn=None)
        rounds = state.board["emperor_rounds"]
        if state.round not in rounds:
            return state
        tile = catalog().emperor_tiles[state.emperor_tiles[rounds.index(state.round)]]
        track = catalog().emperor_vp
        for seat in turn_order(state):
            player = state.player(seat)
            state = score(state, seat, track[player.emperor], f"Emperor scoring, round {state.round}", out)
            back = max(0, player.emperor - state.round)
            state = set_player(state, seat, evolve(state.player(seat), emperor=back))
            out.append({"fact": "emperor", "seat": seat, "steps": back - player.emperor,
                        "why": f"Emperor scoring: back {state.round} spaces"})
            if back >= 3:
                out.append({"fact": "emperor_reward", "seat": seat, "tile": tile.id})
                state = apply_effects(state, seat, tile.reward, f"Emperor tile {tile.id} reward", out, front=False)
                for trigger in triggers(state.player(seat), "emperor_reward"):
                    state = apply_effects(state, seat, trigger["effects"], "staff: Emperor reward", out, front=False)
            elif back == 0:
                fee = next((t["pay_krones"] for t in triggers(state.player(seat), "emperor_penalty")), None)
                if fee is not None and state.player(seat).krones >= fee:
                    state = pay(state, seat, fee, f"staff: instead of Emperor tile {tile.id} penalty", out)
                else:
                    out.append({"fact": "emperor_penalty", "seat": seat, "tile": tile.id})
                    state = apply_effects(state, seat, tile.penalty, f"Emperor tile {tile.id} penalty", out,
                                          front=False)
        return state

    def _clean_up(self, state: State, out: Outcome) -> State:
        if state.round >= state.board["rounds"]:
            return self._final_scoring(state, out)
        players = state.players
        tiles = {left_of(players, seat): tile for seat, tile in state.tiles.items()}
        seats = {seat: evolve(p, used=frozenset()) for seat, p in state.seats.items()}
        start = next(s for s, t in tiles.items() if 1 in t)   # the lowest-numbered turn-order tile
        out.append({"fact": "round_started", "round": state.round + 1, "start_player": start})
        return evolve(state, phase=ROLL, round=state.round + 1, tiles=tiles, seats=seats, dice=(0,) * 6,
                      dustbin=0, used_numbers=frozenset(), passed=frozenset(), start_player=start)

    def _final_scoring(self, state: State, out: Outcome) -> State:
        hotel = state.hotel
        for seat in state.players:
            player = state.player(seat)
            opponents = tuple(state.player(s) for s in state.players if s != seat)
            for card in player.hired:
                if card.end:
                    state = score(state, seat, end_staff_vp(hotel, player, card, opponents),
                                  f"final scoring: {card.name}", out)
            rooms = sum(hotel.floor_vp[hotel.floor(r) - 1] for r, s in enumerate(player.rooms) if s == OCCUPIED)
            state = score(state, seat, rooms, "final scoring: occupied rooms by floor", out)
            state = score(state, seat, player.krones, "final scoring: 1 VP per krone", out)
            state = score(state, seat, sum(player.items), "final scoring: 1 VP per item in the kitchen", out)
            waiting = sum(1 for t in player.cafe if t)
            state = score(state, seat, -state.board["cafe_guest_penalty"] * waiting,
                          f"final scoring: {waiting} guest{'' if waiting == 1 else 's'} still in the café", out)
        final = {seat: state.player(seat).vp for seat in state.players}
        out.append({"fact": "game_over", "scores": final, "winners": self._winners(state)})
        return evolve(state, phase=OVER, final=final)

    # -- listing moves --------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move] | None:
        expected = self.expected(state)
        if not expected.seats or expected.is_chance:
            return None if expected.is_chance else []
        return [m for m in self._candidates(state, expected) if self.is_legal(state, m)]

    def _candidates(self, state: State, expected: Expected) -> list[Move]:
        seat = expected.seats[0]
        p = self._pending(state)
        if p is not None:
            return self._pending_candidates(state, p) + \
                ([{"type": "decline", "seat": seat}] if p.kind in OPTIONAL else [])
        if state.phase == STAFF_DRAFT:
            return [move for s in expected.seats for move in self._draft_picks(state, s)]
        if state.phase == INITIAL_GUESTS:
            return [{"type": "take_guest", "seat": seat, "position": i} for i in range(1, 6)]
        if state.phase == INITIAL_ROOMS:
            return self._room_moves(state, seat, "prepare_room")
        player = state.player(seat)
        moves: list[Move] = [{"type": "take_guest", "seat": seat, "position": i} for i in range(1, 6)]
        moves += self._die_moves(seat)
        moves += self._serve_moves(state, seat)
        moves += [{"type": "check_in", "seat": seat, "table": t + 1, "room": state.hotel.name_of(r)}
                  for t, table in enumerate(player.cafe) if table and table.complete
                  for r, s in enumerate(player.rooms) if s == PREPARED]
        moves += [{"type": "use_staff", "seat": seat, "staff": self._card_ref(c)}
                  for c in player.hired if c.per_round]
        moves += [{"type": "claim_objective", "seat": seat, "objective": n} for n in state.objectives]
        moves += [{"type": "end_turn", "seat": seat}, {"type": "pass", "seat": seat}]
        return [m for m in moves if m["type"] in expected.moves]

    def _die_moves(self, seat: str) -> list[Move]:
        """Every die taken from every space, with or without boost."""
        return [{"type": "take_die", "seat": seat, "value": v, "boost": b}
                for v in range(1, 7) for b in (False, True)]

    def _draft_picks(self, state: State, seat: str) -> list[Move]:
        """A card of the pack; from an unseen pack, any card not in play (or none named)."""
        pack = state.packs[seat]
        cards = [c for i, c in enumerate(pack) if c is not None and c not in pack[:i]]
        unnamed = [{"type": "draft_pick", "seat": seat}] if None in pack else []
        if unnamed:
            in_play = self._staff_in_play(state)
            cards += [c for n, c in catalog().staff.items() if n not in in_play]
        return [{"type": "draft_pick", "seat": seat, "staff": self._card_ref(c)} for c in cards] + unnamed

    def _card_ref(self, card: Staff) -> Any:
        return card.number if card.number is not None and catalog().staff.get(card.number) == card \
            else {k: v for k, v in card.to_json().items() if v is not None}

    def _room_moves(self, state: State, seat: str, kind: str) -> list[Move]:
        return [{"type": kind, "seat": seat, "room": state.hotel.name_of(r)} for r in range(state.hotel.size)]

    def _serve_moves(self, state: State, seat: str) -> list[Move]:
        player = state.player(seat)
        pairs = [(t + 1, item) for t, table in enumerate(player.cafe) if table
                 for i, item in enumerate(ITEMS) if table.wants(i) and player.items[i]]
        moves = []
        for size in (1, 2, 3):
            for combo in combinations_with_replacement(pairs, size):
                moves.append({"type": "serve", "seat": seat,
                              "items": [{"table": t, "item": item} for t, item in combo]})
        return moves

    def _pending_candidates(self, state: State, p: Pending) -> list[Move]:
        seat = p.seat
        kind = p.kind
        if kind == "items":
            first, second = p.pair
            return [{"type": "choose_items", "seat": seat, "items": {first: k, second: p.n - k}}
                    for k in range(p.n, -1, -1)]
        if kind == "any_items":
            return [{"type": "choose_items", "seat": seat, "items": {i: c.count(i) for i in set(c)}}
                    for c in combinations_with_replacement(ITEMS, p.n)]
        if kind == "funds":
            return [{"type": "split_funds", "seat": seat, "krones": k, "emperor": p.n - k} for k in range(p.n + 1)]
        if kind in ("rooms", "prepare_occupy"):
            return self._room_moves(state, seat, "prepare_room")
        if kind == "hire":
            source = p.cards if p.cards else state.player(seat).hand
            cards = [c for c in source if c is not None]
            if None in source:
                in_play = self._staff_in_play(state)
                cards += [c for n, c in catalog().staff.items() if n not in in_play]
            return [{"type": "hire", "seat": seat, "staff": self._card_ref(c)} for c in cards]
        if kind == "occupy":
            return self._room_moves(state, seat, "occupy_room")
        if kind == "free_guest":
            return [{"type": "take_guest", "seat": seat, "position": i} for i in range(1, 6)]
        if kind == "extra_action":
            return self._die_moves(seat)
        if kind == "complete_order":
            return [{"type": "complete_order", "seat": seat, "table": t + 1}
                    for t, table in enumerate(state.player(seat).cafe) if table and not table.complete]
        if kind == "imitate":
            return [{"type": "choose_action", "seat": seat, "action": a} for a in range(1, 6)]
        if kind == "return_hand":
            hand = state.player(seat).hand
            moves = [{"type": "return_staff", "seat": seat, "staff": self._card_ref(c)} for c in hand if c]
            return moves + ([{"type": "return_staff", "seat": seat}] if None in hand else [])
        if kind == "remove_room":
            return [{"type": "remove_room", "seat": seat, "room": state.hotel.name_of(r)}
                    for r in self._removable(state, p)]
        return [{"type": "discard_staff", "seat": seat, "staff": self._card_ref(c)}
                for c in state.player(seat).hired if c.end]

    # -- decks in digital mode -----------------------------------------------------
    def _guests_in_play(self, state: State) -> set[int]:
        seen = {g.number for g in state.queue if g}
        for player in state.seats.values():
            seen |= {t.guest.number for t in player.cafe if t} | {g.number for g in player.guests}
        return seen

    def _staff_in_play(self, state: State) -> set[int]:
        seen = set()
        for player in state.seats.values():
            seen |= {c.number for c in player.hand + player.hired if c}
        for pack in state.packs.values():
            seen |= {c.number for c in pack if c}
        for p in state.pending:
            seen |= {c.number for c in p.cards if c}
        return seen

    def _all_known(self, state: State) -> bool:
        return all(None not in p.hand for p in state.seats.values()) and \
            all(None not in pack for pack in state.packs.values())

    def _staff_deck(self, state: State) -> list[int]:
        in_play = self._staff_in_play(state)
        return [n for n in catalog().staff if n not in in_play]

    def chance_move(self, state: State, rng: random.Random) -> Move:
        cat = catalog()
        kind = self.expected(state).moves[0]
        if kind == "setup":
            staff = shuffled(rng, list(cat.staff))
            size = state.board["hand_size"]
            return {"type": "setup",
                    "objectives": [rng.choice([n for n, o in cat.objectives.items() if o.group == g]) for g in "ABC"],
                    "emperor_tiles": [rng.choice([t for t in cat.emperor_tiles if t[0] == g]) for g in "ABC"],
                    "queue": rng.sample(list(cat.guests), 5), "start_player": rng.choice(state.players),
                    "hands": {seat: staff[i * size:(i + 1) * size] for i, seat in enumerate(state.players)}}
        if kind == "reveal_guest":
            in_play = self._guests_in_play(state)
            return {"type": "reveal_guest", "card": rng.choice([n for n in cat.guests if n not in in_play])}
        if kind == "roll":
            return {"type": "roll", "dice": roll(rng, state.board["dice"])}
        if kind == "reroll":
            return {"type": "reroll", "dice": roll(rng, sum(state.dice) - 1)}
        p = state.pending[0]
        deck = shuffled(rng, self._staff_deck(state))
        return {"type": "draw_staff", "seat": p.seat, "cards": deck[:p.n]}

    # -- what people see -------------------------------------------------------------
    def view(self, state: State, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        hotel = state.hotel

        def card(c: Staff | None, visible: bool) -> Any:
            return c.to_json() if c is not None and visible else None

        players = {}
        for name, p in state.seats.items():
            visible = full or name == seat
            players[name] = {
                "krones": p.krones, "items": dict(zip(ITEMS, p.items)), "emperor": p.emperor, "vp": p.vp,
                "cafe": [{"guest": t.guest.to_json(), "served": dict(zip(ITEMS, t.served)), "complete": t.complete}
                         if t else None for t in p.cafe],
                "rooms": {hotel.name_of(r): ("empty", "prepared", "occupied")[s] for r, s in enumerate(p.rooms)},
                "hand": [card(c, visible) for c in p.hand], "hand_size": len(p.hand),
                "draft_pack": [card(c, visible) for c in state.packs.get(name, ())],
                "hired": [c.to_json() for c in p.hired],
                "staff_used": [p.hired[i].name for i in sorted(p.used)],
                "guests": [g.name for g in p.guests], "objectives": list(p.objectives),
                "turn_order": list(state.tiles.get(name, ())),
            }
        return {
            **self.common_view(state),
            "phase": state.phase, "round": state.round, "start_player": state.start_player,
            "hotel": hotel.to_json(),
            "queue": [g.to_json() if g else None for g in state.queue],
            "queue_costs": list(state.board["queue_costs"]),
            "guests_left": state.guests_left,
            "objectives": [{"number": n, "text": catalog().objectives[n].text, "claims": list(c)}
                           for n, c in zip(state.objectives, state.claims)],
            "emperor_tiles": list(state.emperor_tiles),
            "emperor_tile_stacks": emperor_tile_stacks(state.board["emperor_rounds"]),
            "action_spaces": {str(v + 1): n for v, n in enumerate(state.dice)},
            "dustbin": state.dustbin,
            "used_turn_numbers": sorted(state.used_numbers), "passed": sorted(state.passed),
            "staff_draft": state.board["staff_draft"], "draft_picked": sorted(state.picked),
            "turn": None if state.turn is None else {
                "seat": state.turn.seat, "number": state.turn.number, "die": state.turn.die,
                "boosted": state.turn.boosted, "guest_taken": state.turn.guest_taken,
                "fresh_items": dict(zip(ITEMS, state.turn.fresh))},
            "pending": [{"seat": p.seat, "step": p.kind, "n": p.n, "why": p.why,
                         "cards": [card(c, full or p.seat == seat) for c in p.cards]} for p in state.pending],
            "players": players,
        }

    def redact_move(self, move: Move, seat: str | None) -> Move:
        if move["type"] == "setup" and "hands" in move:
            return {**move, "hands": {s: h for s, h in move["hands"].items() if s == seat}}
        if move["type"] == "draw_staff" and move.get("seat") != seat and "cards" in move:
            return {k: v for k, v in move.items() if k != "cards"}
        if move["type"] == "draft_pick" and move.get("seat") != seat:
            return {k: v for k, v in move.items() if k != "staff"}
        return move

    # -- results ------------------------------------------------------------------------
    def scores(self, state: State) -> dict[str, int]:
        return {seat: state.player(seat).vp for seat in state.players}

    def finished(self, state: State) -> bool:
        return state.phase == OVER

    def _winners(self, state: State) -> list[str]:
        return best({seat: (p.vp, p.krones + sum(p.items)) for seat, p in state.seats.items()})

    def winners(self, state: State) -> list[str]:
        return self._winners(state) if self.finished(state) else []


def emperor_tile_stacks(rounds: Sequence[int]) -> list[dict[str, Any]]:
    """The catalog's Emperor tiles by stack (A, B, C), each stack with the
    round it scores in (one tile of each lies out, in stack order, for
    ``rounds``) and each tile's reward and penalty in the effect vocabulary:
    the setup at the table is picked from these."""
    tiles = catalog().emperor_tiles
    stacks = sorted({tile_id[:1] for tile_id in tiles})
    return [{"stack": stack, "round": round_,
             "tiles": [{"id": t.id, "reward": [dict(e) for e in t.reward], "penalty": [dict(e) for e in t.penalty]}
                       for t in tiles.values() if t.id[:1] == stack]}
            for stack, round_ in zip(stacks, rounds)]

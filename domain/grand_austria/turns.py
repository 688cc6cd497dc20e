"""Turns: who moves in a round, what a turn may hold, ending it or passing,
the turn-order tiles (snake order in the base game) and the reroll."""
from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping

from domain.grand_austria import cafe, dice, staff
from domain.grand_austria.memo import by_identity
from domain.grand_austria.moves import EndTurnSchema, PassSchema
from domain.grand_austria.parts import MainStep, MoveRule, parts
from domain.grand_austria.refusals import R_TURN, violation
from domain.grand_austria.scoring import objective_moves
from domain.grand_austria.state import NO_DICE, REROLL, WHITE, Pending, State, Turn
from domain.immutable import evolve
from domain.rules import Expected, Move, Outcome
from domain.seating import left_of
from domain.words import N_



def additional(state: State) -> tuple[str, ...]:
    """The additional actions (serve, check in, use staff, claim an objective, a module's own)."""
    return tuple(kind for kind, rule in parts(state).moves.items() if rule.additional)


class SnakeOrder:
    """The base game: tiles from the start player clockwise (1/4 and 2/3 with
    two players, the snake order with more), every player starting with the
    same krones; after each round the tiles pass to the left."""

    def deal(self, state: State, start: str) -> tuple[dict[str, tuple[int, ...]], dict[str, int]]:
        players = state.players
        order = [left_of(players, start, i) for i in range(len(players))]
        return ({seat: state.config.tiles[i] for i, seat in enumerate(order)},
                {seat: state.player(seat).krones for seat in players})

    def next_round(self, state: State) -> dict[str, tuple[int, ...]]:
        return {left_of(state.players, seat): tile for seat, tile in state.tiles.items()}


def main_steps_possible(state: State, seat: str) -> list[str]:
    """The main steps the seat could take now (a die; a module's alternative)."""
    return [step.move for step in parts(state).main_steps if step.possible(state, seat)]


def expected_in_turn(state: State) -> Expected:
    for module_turn in parts(state).turn:
        own = module_turn(state)
        if own is not None:
            return own
    turn = state.turn
    if turn.main is None:
        possible = main_steps_possible(state, turn.seat)
        if not any(state.dice) and not [s for s in possible if s != "take_die"]:
            # an extra action took the last die: the turn ends without one
            return Expected((turn.seat,), ("take_guest", *additional(state), "end_turn"))
        moves = ("take_guest", *(step.move for step in parts(state).main_steps), *additional(state))
        if not turn.acted or not possible:
            moves += ("pass",)
        return Expected((turn.seat,), moves)
    return Expected((turn.seat,), (*additional(state), "end_turn"))


def check_a_main_step_remains(state: State, move: Move, apply: Callable[[State, Move], tuple[State, Outcome]]) -> None:
    """Taking a Turn: the die and its main action are not optional, so a
    guest or an additional action before the die must leave a die you can
    take. (If a reward's choice still waits, it is allowed; should you end
    up without a die you can take, you may still pass.)"""
    turn = state.turn
    if turn is None or turn.main is not None or state.pending or not any(state.dice) \
            or dice.a_free_die(state, turn.seat):
        return      # (nothing before the die takes dice off the board, nor makes a free die dearer)
    if [s for s in main_steps_possible(state, turn.seat) if s != "take_die"]:
        return      # another main step stays possible whatever this costs
    after, _ = apply(state, move)
    still = after.turn
    if still is not None and still.main is None and not after.pending and any(after.dice) \
            and not dice.can_take_a_die(after, turn.seat):
        raise violation("no_die_left_to_take", N_("Taking a die is not optional: after this only space 6 would have dice, and you would lack the "
                                                  "{imitate_cost} krone its action costs."), R_TURN, imitate_cost=state.config.imitate_cost)


LISTED = frozenset({"take_guest", "take_die", "serve", "check_in", "use_staff", "claim_objective", "end_turn", "pass"})
"""The kinds ``turn_moves`` lists in full (a module's come from its candidates)."""


def turn_moves(state: State, seat: str) -> list[Move]:
    """Every move a turn may hold (the listed ones are then checked)."""
    moves = cafe.guest_moves(state, seat) + dice.die_moves(state, seat) + cafe.serve_moves(state, seat)
    moves += cafe.check_in_moves(state, seat) + staff.use_staff_moves(state, seat) + objective_moves(state, seat)
    for rule in parts(state).moves.values():
        if rule.candidates is not None:
            moves += rule.candidates(state, seat)
    return moves + [{"type": "end_turn", "seat": seat}, {"type": "pass", "seat": seat}]


@by_identity
def number_owners(tiles: Mapping[str, tuple[int, ...]]) -> Mapping[int, str]:
    """Each turn-order number's seat (each number is on one tile; the tiles
    stay the same object all round, while every turn asks)."""
    return MappingProxyType({n: seat for seat, numbers in tiles.items() for n in numbers})


def next_turn(state: State, out: Outcome, end_round: Callable[[State, Outcome], State]) -> State:
    owners = number_owners(state.tiles)
    open_numbers = sorted(owners.keys() - state.used_numbers)
    if not any(state.dice) or not open_numbers:     # (no die left on the board: no property call to count them)
        return end_round(state, out)
    passed = state.passed
    for ready in open_numbers:      # (a loop, not next() over a generator resumed for each number)
        if owners[ready] not in passed:
            return evolve(state, turn=Turn(owners[ready], ready, fresh=state.config.nothing))
    who = owners[open_numbers[0]]
    out.append({"fact": "dustbin", "seat": who, "dice_left": state.dice_count - 1})
    if state.dice_count <= 1:
        return end_round(evolve(state, dice=NO_DICE, dustbin=state.dustbin + 1), out)
    # a white die goes; with only coloured dice left the re-roller chooses which (module 2)
    choice = () if any(d.colour == WHITE for d in state.dice_left) else (Pending(who, "dustbin", why=N_("dustbin")),)
    return evolve(state, phase=REROLL, dustbin=state.dustbin + 1, pending=choice + state.pending)


# -- moves ---------------------------------------------------------------------
def check_end_turn(state: State, move: Move) -> None:
    """Possible once the main step is taken, or no die is left, and nothing is
    pending (see expected)."""


def apply_end_turn(state: State, move: Move, out: Outcome) -> State:
    out.append({"fact": "turn_ended", "seat": move["seat"], "number": state.turn.number})
    return evolve(state, turn=None, used_numbers=state.used_numbers | {state.turn.number})


def check_pass(state: State, move: Move) -> None:
    """Possible before anything is done this turn (see expected)."""


def apply_pass(state: State, move: Move, out: Outcome) -> State:
    out.append({"fact": "passed", "seat": move["seat"], "number": state.turn.number})
    return evolve(state, turn=None, passed=state.passed | {move["seat"]},
                  passed_round=state.passed_round | {move["seat"]})


MOVES = {
    "end_turn": MoveRule(EndTurnSchema, check_end_turn, apply_end_turn),
    "pass": MoveRule(PassSchema, check_pass, apply_pass),
}
MAIN_STEPS = (MainStep("take_die", dice.can_take_a_die),)

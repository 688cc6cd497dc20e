"""Let's Waltz! Module 4 "Start Player": clockwise turn order with the new
turn-order tiles, starting money 9/10/11/12 by position, and the skeleton key
taken instead of a die (1 dish or drink of choice and a main action of
strength 1); its taker starts the next round. Rulebook: "Module 4: Start
Player"; data: ``data/start_player.toml``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import validate

from domain.grand_austria.catalog import data_file
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.dice import main_action
from domain.grand_austria.effects import gain_krones, said_once
from domain.grand_austria.parts import MainStep, Module, MoveRule, RoundEndStep, run_hooks
from domain.grand_austria.refusals import R_TURN, violation
from domain.grand_austria.state import Pending, State, filled_at_once
from domain.immutable import evolve
from domain.rules import Move, MoveSchema, Outcome, seat_field, whole_number
from domain.seating import clockwise_from, left_of
from domain.words import N_, said

ID = "start_player"
R_KEY = "Module 4: Start Player Action"


def data() -> dict[str, Any]:
    return data_file("start_player")


@filled_at_once
@dataclass(frozen=True)
class Key:
    """The skeleton key: on the action board extension (holder None) or on a player's tile."""

    holder: str | None = None


def key(state: State) -> Key:
    return state.modules.get(ID)


def with_key(state: State, holder: str | None, **changes: Any) -> State:
    """The key with ``holder``, and ``changes`` to the state in the same step."""
    return evolve(state, modules={**state.modules, ID: Key(holder)}, **changes)


class ClockwiseOrder:
    """The new tiles, dealt clockwise from the start player; money by
    position; after a round the tiles are dealt again clockwise from the key
    holder, or passed to the left when nobody took the key."""

    def deal(self, state: State, start: str) -> tuple[dict[str, tuple[int, ...]], dict[str, int]]:
        order = clockwise_from(state.players, start)
        money = data()["start_krones"]["by_position"]
        return ({seat: state.config.tiles[i] for i, seat in enumerate(order)},
                {seat: money[i] for i, seat in enumerate(order)})

    def next_round(self, state: State) -> dict[str, tuple[int, ...]]:
        holder = key(state).holder
        if holder is None:
            return {left_of(state.players, seat): tile for seat, tile in state.tiles.items()}
        return {seat: state.config.tiles[i] for i, seat in enumerate(clockwise_from(state.players, holder))}


def configure(config: Config) -> Config:
    return adjusted(config, tiles=tuple(tuple(t) for t in data()["turn_order"][str(len(config.tiles))]))


def may_take_the_key(state: State, seat: str) -> bool:
    return key(state).holder is None and seat not in state.passed_round and state.turn is not None \
        and state.turn.main is None


class TakeKeySchema(MoveSchema):
    """Module 4: instead of taking a die, take the skeleton key: 1 dish or
    drink of your choice, and (optionally) main action 1-5 with strength 1;
    you start the next round, and the players after you get 0/1/2 krones."""

    seat = seat_field()
    action = whole_number(validate=validate.Range(min=1, max=5),
                          metadata={"description": N_("the main action carried out with strength 1 (1 strudel, "
                                                   "1 wine, 1 room, 1 krone or Emperor step, a hire 1 krone "
                                                   "cheaper); omit it for none")})


def check_take_key(state: State, move: Move) -> None:
    seat = move["seat"]
    holder = key(state).holder
    if holder is not None:
        raise violation("key_taken", N_("{holder} already took the skeleton key this round."), R_KEY, holder=holder)
    if seat in state.passed_round:
        raise violation("passed_this_round", N_("You passed this round: you may not take the skeleton key when "
                        "or after you pass, even after the reroll."), R_KEY)
    if state.turn is None or state.turn.main is not None:
        raise violation("one_die", N_("The skeleton key is taken instead of a die, once per turn."), R_TURN)
    if move.get("action") not in (None, *data()["key_action"]["actions"]):
        raise violation("no_such_action", N_("The skeleton key gives one of the main actions 1-5."), R_KEY)


def apply_take_key(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    spec = data()["key_action"]
    state = with_key(state, seat, turn=evolve(state.turn, main="key", acted=True))
    out.append({"fact": "key_taken", "seat": seat, "number": state.turn.number})
    following = clockwise_from(state.players, seat)[1:]
    for other, krones in zip(following, data()["compensation"]["following"]):
        if krones:
            state = gain_krones(state, other, krones, said(N_("{seat} took the skeleton key"), seat=seat), out)
    steps = [Pending(seat, "dish_or_drink", n=spec["dish_or_drink"], why=N_("skeleton key: a dish or drink"))]
    if move.get("action") is not None:
        action = main_action(state, seat, move["action"], spec["strength"])
        steps.append(evolve(action, why=said_once(N_("skeleton key: action {action}"), action=move['action'])))
    state = evolve(state, pending=tuple(steps) + state.pending)
    return run_hooks(state, "main_step", seat, None, out)


def key_moves(state: State, seat: str) -> list[Move]:
    return [{"type": "take_key", "seat": seat}] + \
        [{"type": "take_key", "seat": seat, "action": a} for a in data()["key_action"]["actions"]]


def key_back(state: State, out: Outcome) -> State:
    """The round end: once the tiles are dealt from its holder, the key goes back."""
    return with_key(state, None) if key(state).holder is not None else state


def key_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    return {"skeleton_key": key(state).holder}


START_PLAYER = Module(
    id=ID, title="Module 4: Start Player",
    moves={"take_key": MoveRule(TakeKeySchema, check_take_key, apply_take_key, candidates=key_moves)},
    main_steps=(MainStep("take_key", may_take_the_key),),
    round_end=(RoundEndStep("skeleton_key_back", 85, key_back),),
    turn_order=ClockwiseOrder(),
    configure=configure,
    start=lambda config: Key(),
    view=key_view,
    notation={"take_key": "{seat:seat} takes the key{action:and_action}"},
)

"""The round end as a list of steps run one after the other (the Emperor
scoring, the turn-order tiles for the next round, the clean-up); a step's
pending decisions are made before the next step runs (``state.round_step``
is the cursor)."""
from __future__ import annotations

from domain.grand_austria.parts import RoundEndStep, parts
from domain.grand_austria.scoring import emperor_scoring, final_scoring
from domain.grand_austria.state import NO_DICE, ROLL, ROUND_END, State
from domain.immutable import evolve
from domain.rules import Outcome


def end_round(state: State, out: Outcome) -> State:
    out.append({"fact": "round_ended", "round": state.round})
    return evolve(state, phase=ROUND_END, turn=None, round_step=0)


def run_round_end(state: State, out: Outcome) -> State:
    """Run the steps from the cursor until one leaves decisions or the round
    is over. The cursor is written once, where the run stops (no step reads
    it), not in a copy of the state per step; the clean-up that starts the
    next round sets its own."""
    steps = parts(state).round_end
    step = state.round_step
    while state.phase == ROUND_END and not state.pending and not state.refill:
        state = steps[step].run(state, out)
        step += 1
    return state if state.phase == ROLL or step == state.round_step else evolve(state, round_step=step)


def last_round(state: State) -> bool:
    return state.round >= state.config.rounds


def pass_tiles(state: State, out: Outcome) -> State:
    """The turn-order tiles for the next round (from the turn-order policy)."""
    if last_round(state):
        return state
    tiles = parts(state).turn_order.next_round(state)
    return evolve(state, tiles=tiles, start_player=next(s for s, t in tiles.items() if 1 in t))


def clean_up(state: State, out: Outcome) -> State:
    if last_round(state):
        return final_scoring(state, out)
    seats = {seat: evolve(p, used=frozenset()) for seat, p in state.seats.items()}
    out.append({"fact": "round_started", "round": state.round + 1, "start_player": state.start_player})
    return evolve(state, phase=ROLL, round=state.round + 1, seats=seats, dice=NO_DICE, dustbin=0,
                  used_numbers=frozenset(), passed=frozenset(), passed_round=frozenset(), round_step=0)


ROUND_END_STEPS = (RoundEndStep("emperor_scoring", 20, emperor_scoring),
                   RoundEndStep("turn_order", 80, pass_tiles),
                   RoundEndStep("clean_up", 90, clean_up))

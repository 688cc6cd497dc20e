"""The rulebook sections a refusal names, and the refusal itself."""
from __future__ import annotations

from typing import Any

from domain.grand_austria.state import Pending, State
from domain.immutable import evolve
from domain.rules import RuleViolation

R_SETUP = "Setup"
R_DRAFT = "Personal Play Area: 6 staff cards, optionally drafted"
R_TURN = "Taking a Turn"
R_MAIN = "Main actions (reference: the six action spaces)"
R_ADDITIONAL = "Additional actions (reference: serve, check in)"
R_PASS = "Passing; Between Turns"
R_EMPEROR = "Emperor Scoring"
R_OBJECTIVE = "Taking a Turn: objective cards"
R_FINAL = "End of Game Scoring"


def violation(code: str, message: str, rule: str, **params: Any) -> RuleViolation:
    return RuleViolation(code, message, rule, **params)


def waiting(state: State) -> Pending | None:
    """The decision to be made first, if any."""
    return state.pending[0] if state.pending else None


def resolved(state: State) -> State:
    """The first pending decision is made."""
    return evolve(state, pending=state.pending[1:])


def counted_down(state: State) -> State:
    """One of the first pending decision's n is made (rooms, returns, removals)."""
    p = state.pending[0]
    return evolve(state, pending=((evolve(p, n=p.n - 1),) if p.n > 1 else ()) + state.pending[1:])

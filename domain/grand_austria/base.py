"""The base game as a module: the contributions every game starts from."""
from __future__ import annotations

from domain.grand_austria import cafe, dice, hotel, pending, scoring, setup, staff, turns
from domain.grand_austria.parts import Module
from domain.grand_austria.rounds import ROUND_END_STEPS

BASE = Module(
    id="base", title="Grand Austria Hotel",
    moves={**setup.MOVES, **cafe.MOVES, **dice.MOVES, **hotel.MOVES, **staff.MOVES, **pending.MOVES,
           **scoring.MOVES, **turns.MOVES},
    pending=pending.PENDING,
    triggers=(staff.hired_staff,),
    setup_phases=tuple((phase, "") for phase in setup.SETUP_PHASES),
    round_end=ROUND_END_STEPS,
    final_scoring=scoring.FINAL_SCORING,
    main_steps=turns.MAIN_STEPS,
    turn_order=turns.SnakeOrder(),
    chance={"setup": setup.setup_chance, "reveal_guest": cafe.reveal_chance, "roll": dice.roll_chance,
            "reroll": dice.reroll_chance, "draw_staff": staff.draw_chance},
)

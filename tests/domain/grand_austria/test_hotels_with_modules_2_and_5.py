"""Module 3 with modules 2 and 5 [LW §Combining Modules; specification 6.3]:
The Kozi Palace moving a coloured die (module 2), Ninas Melange's personal
objectives and module 5's Emperor tile C, Kaufman's pile beside objective
#182's."""
from __future__ import annotations

from grand_austria_table import play
from hotels_table import facts_of, holdings, points, ready, with_

from domain.grand_austria.catalog import guest_from
from domain.grand_austria.effects import apply_effects
from domain.grand_austria.modules.unique_hotels import kaufman_pile
from domain.grand_austria.scoring import measured
from domain.grand_austria.state import WHITE
from domain.immutable import evolve

W = WHITE


def anna_owns(entrance, modules):
    return ready([entrance, "dove", "chateau_paulwei"], [(entrance, 0), ("dove", 0)], modules=modules)


def test_the_kozi_palace_moves_a_coloured_die_which_is_then_taken_and_paid_for():
    state = anna_owns("kozi_palace", ("unique_hotels", "celebrities"))
    red = next(c for c in state.config.dice if c != W)
    state = evolve(holdings(state, "Anna", krones=10), dice=((W,), (W,), (W,), (W, red), (W, W), (W,)))
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 5, "colour": red, "move_from": 4,
                                "move_colour": red})
    taken = facts_of(facts, "die_taken")[0]
    assert taken["strength"] == 3 and taken["colour"] == red and taken["moved_from"] == 4
    assert state.dice[3] == (W,) and state.dice[4] == (W, W)
    paid = [f for f in facts_of(facts, "krones") if f["krones"] < 0]
    assert sum(-f["krones"] for f in paid) == 2, "1 krone for each other die on the space the die is taken from"


def test_a_coloured_die_moved_onto_the_space_is_not_paid_for_when_a_white_one_is_taken():
    state = anna_owns("kozi_palace", ("unique_hotels", "celebrities"))
    red = next(c for c in state.config.dice if c != W)
    state = evolve(holdings(state, "Anna", krones=10), dice=((W,), (W,), (W,), (red,), (W, W), (W,)))
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 5, "move_from": 4})
    assert facts_of(facts, "die_taken")[0]["strength"] == 3
    assert not [f for f in facts_of(facts, "krones") if f["krones"] < 0]
    assert state.dice[4] == (W, red)


def test_ninas_personal_objectives_do_not_count_for_module_5s_emperor_tile_c():
    state = anna_owns("ninas_melange", ("unique_hotels", "more"))
    state = with_(holdings(state, "Anna", objectives=(105,)), ninas_done=(106, 110))
    out = []
    apply_effects(state, "Anna", [{"kind": "vp_per_objective", "n": 5}], "Emperor tile C6 reward", out)
    assert points(out, "Anna") == 5


def test_kaufmans_pile_is_kept_apart_from_objective_182s_pile():
    state = anna_owns("kaufman", ("unique_hotels", "more"))
    big = tuple(guest_from({"name": f"Guest {i}", "colour": "green", "order": {"strudel": 2, "wine": 1}, "vp": 1})
                for i in range(5))
    state = holdings(state, "Anna", guests=big)
    out = []
    state = kaufman_pile(state, out)
    assert points(out, "Anna") == 9
    assert measured(state, "Anna", "large_orders") == 5

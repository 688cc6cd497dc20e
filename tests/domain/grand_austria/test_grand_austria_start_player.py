"""Let's Waltz! Module 4 "Start Player", as its rulebook section tells it:
clockwise turn order with the new turn-order tiles, money 9/10/11/12 by the
initial position, the skeleton key taken instead of a die (a dish or drink of
choice and a main action of strength 1), 0/1/2 krones to the players after
its taker, and the tiles dealt again from the key holder at the round end."""
from __future__ import annotations

import pytest
from grand_austria_table import HANDS, QUEUE, arrange, mv, play, white_dice

from domain.grand_austria import GAME
from domain.grand_austria.catalog import ITEMS, catalog
from domain.grand_austria.modules.start_player import data
from domain.immutable import evolve
from domain.rules import MalformedMove, RuleViolation

M4 = {"modules": ["start_player"]}
DICE = [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 5, 6, 1, 2]


def ready(names, start, dice=None, version="3"):
    """Module 4 set up with ``names`` clockwise and ``start`` as start player;
    starting guests (the leftmost) and rooms 1.1-1.3 taken; the dice rolled."""
    state = GAME.setup(list(names), GAME.load_options(M4), version)
    hands = dict(zip(names, HANDS.values()))
    state, _ = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": QUEUE, "start_player": start, "hands": hands})
    refill = iter([g for g in catalog().guests if g not in QUEUE])
    while state.phase == "initial_guests":
        state, _ = play(state, mv("take_guest", GAME.expected(state).seats[0], position=1),
                        {"type": "reveal_guest", "card": next(refill)})
    while state.phase == "initial_rooms":
        seat = GAME.expected(state).seats[0]
        state, _ = play(state, *[mv("prepare_room", seat, room=r) for r in ("1.1", "1.2", "1.3")])
    state, _ = play(state, {"type": "roll", "dice": (dice or DICE)[:6 + 2 * len(names)]})
    return state


def refusal(state, move) -> str:
    """The code of the rule ``move`` breaks now."""
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(move))
    return refused.value.code


def key_moves(state):
    return [m for m in GAME.legal_moves(state) if m["type"] == "take_key"]


def krones_facts(facts):
    return {(f["seat"], f["krones"]) for f in facts if f["fact"] == "krones"}


def test_the_new_tiles_go_clockwise_and_are_marked_reconstructed():
    assert data()["turn_order"]["source"] == "reconstructed"
    assert len([t for n in ("2", "3", "4") for t in data()["turn_order"][n]]) == 9
    state = ready(["Anna", "Beth", "Cyril"], "Anna")
    assert state.tiles == {"Anna": (1, 4), "Beth": (2, 5), "Cyril": (3, 6)}


def test_money_by_position_in_the_initial_turn_order():
    state = ready(["Ann", "Bob", "Cy", "Di"], "Di")
    assert {s: state.player(s).krones for s in state.players} == {"Di": 9, "Ann": 10, "Bob": 11, "Cy": 12}


def test_the_start_player_does_not_get_the_skeleton_key():
    state = ready(["Ann", "Bob"], "Ann")
    assert GAME.view(state)["skeleton_key"] is None
    assert {"type": "take_key", "seat": "Ann"} in GAME.legal_moves(state)


def test_beths_example():
    """The current turn order is Anna, Beth, and Cyril. It is Beth's turn; she
    decides to take the skeleton key, choosing strudel as her free dish/drink
    and another strudel for the single-die main action. As a result of Beth's
    taking the skeleton key, Anna gets 1 krone."""
    state = ready(["Anna", "Beth", "Cyril"], "Anna")
    state = arrange(state, "Beth", cafe=[49])                   # the Sculptor orders wine only
    state, _ = play(state, mv("take_die", "Anna", value=4), mv("split_funds", "Anna", krones=2, emperor=0),
                    mv("end_turn", "Anna"))
    beth, anna, cyril = (state.player(s) for s in ("Beth", "Anna", "Cyril"))
    state, facts = play(state, mv("take_key", "Beth", action=1),
                        mv("choose_items", "Beth", items={"strudel": 1}))
    assert state.player("Beth").items[ITEMS.index("strudel")] == beth.items[ITEMS.index("strudel")] + 2
    assert state.player("Anna").krones == anna.krones + 1
    assert state.player("Cyril").krones == cyril.krones                  # the player to her left gets nothing
    assert ("Cyril", 0) not in krones_facts(facts)
    assert state.turn.number == 2                                        # the key covers her lowest number
    assert GAME.view(state)["skeleton_key"] == "Beth"
    # the end of the round: tiles dealt clockwise from Beth, the key goes back
    state, _ = play(state, mv("end_turn", "Beth"))
    state = evolve(state, dice=white_dice(0, 0, 0, 0, 1, 0))
    state, facts = play(state, mv("take_die", "Cyril", value=5), mv("decline", "Cyril"), mv("end_turn", "Cyril"))
    assert state.tiles == {"Beth": (1, 4), "Cyril": (2, 5), "Anna": (3, 6)}
    assert state.start_player == "Beth" and GAME.view(state)["skeleton_key"] is None
    assert {"fact": "round_started", "round": 2, "start_player": "Beth"} in facts


def test_under_version_2_the_keys_items_are_served_free_like_a_main_actions():
    state = arrange(ready(["Ann", "Bob"], "Ann", version="2"), "Ann", cafe=[65], krones=0)   # orders 1 coffee
    state, _ = play(state, mv("take_key", "Ann"), mv("choose_items", "Ann", items={"coffee": 1}),
                    mv("serve", "Ann", items=[{"table": 1, "item": "coffee"}]))
    assert state.player("Ann").cafe[0].complete and state.player("Ann").krones == 0


def test_the_key_does_not_take_a_die():
    state = ready(["Ann", "Bob"], "Ann")
    dice = state.dice
    state, _ = play(state, mv("take_key", "Ann"), mv("choose_items", "Ann", items={"coffee": 1}))
    assert state.dice == dice and GAME.expected(state).moves[-1] == "end_turn"


@pytest.mark.parametrize("action, pending, check", [
    (1, None, lambda before, after: after.items[0] == before.items[0] + 1),               # 1 strudel
    (2, None, lambda before, after: after.items[2] == before.items[2] + 1),               # 1 wine
    (3, "rooms", None),                                                                   # prepare 1 room
    (4, "funds", None),                                                                   # 1 krone or 1 step
    (5, "hire", None),                                                                    # a hire 1 krone less
])
def test_the_keys_main_action_has_strength_1(action, pending, check):
    state = arrange(ready(["Ann", "Bob"], "Ann"), "Ann", cafe=[65])       # a guest who orders coffee only
    before = state.player("Ann")
    state, _ = play(state, mv("take_key", "Ann", action=action), mv("choose_items", "Ann", items={"cake": 1}))
    if pending:
        p = state.pending[0]
        assert p.kind == pending and (p.n == 1 if pending != "hire" else p.discount == 1)
    else:
        assert check(before, state.player("Ann")) and not state.pending


def test_no_boost_and_no_action_6():
    state = ready(["Ann", "Bob"], "Ann")
    for move in (mv("take_key", "Ann", action=1, boost=True), mv("take_key", "Ann", action=6)):
        with pytest.raises(MalformedMove):
            GAME.load_move(move)


def test_staff_that_activate_on_a_die_do_not_activate_here():
    state = arrange(ready(["Ann", "Bob"], "Ann"), "Ann", hired=[16])      # Laundress: 4 VP on taking die 4
    state, facts = play(state, mv("take_key", "Ann", action=4), mv("choose_items", "Ann", items={"wine": 1}),
                        mv("split_funds", "Ann", krones=1, emperor=0))
    assert not [f for f in facts if f["fact"] == "scored"]


def test_compensation_with_four_players():
    state = ready(["Ann", "Bob", "Cy", "Di"], "Cy")                       # Cy, Di, Ann, Bob
    state, facts = play(state, mv("take_key", "Cy"))
    assert krones_facts(facts) == {("Ann", 1), ("Bob", 2)}


def test_compensation_with_two_players_is_nothing():
    state = ready(["Ann", "Bob"], "Ann")
    state, facts = play(state, mv("take_key", "Ann"))
    assert not krones_facts(facts)


def test_the_key_is_taken_once_a_round():
    state = ready(["Ann", "Bob"], "Ann")
    state, _ = play(state, mv("take_key", "Ann"), mv("choose_items", "Ann", items={"wine": 1}), mv("end_turn", "Ann"))
    assert not key_moves(state) and refusal(state, mv("take_key", "Bob")) == "key_taken"


def test_not_when_or_after_you_pass_even_after_the_reroll():
    state = ready(["Ann", "Bob"], "Ann")
    state, _ = play(state, mv("pass", "Ann"), mv("pass", "Bob"), {"type": "reroll", "dice": [1] * 9})
    assert GAME.expected(state).seats == ("Ann",)
    assert not key_moves(state) and refusal(state, mv("take_key", "Ann")) == "passed_this_round"


def test_on_a_second_turn_too():
    state = ready(["Ann", "Bob"], "Ann")
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=1),
                    mv("end_turn", "Ann"), mv("take_die", "Bob", value=4), mv("split_funds", "Bob", krones=1, emperor=0),
                    mv("end_turn", "Bob"), mv("take_die", "Ann", value=1), mv("choose_items", "Ann", items={"strudel": 2}),
                    mv("end_turn", "Ann"))
    assert GAME.expected(state).seats == ("Bob",) and state.turn.number == 4
    assert {"type": "take_key", "seat": "Bob", "action": 3} in GAME.legal_moves(state)


def test_without_the_key_the_tiles_pass_to_the_left():
    state = ready(["Ann", "Bob", "Cy"], "Ann")
    state = evolve(state, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0),
                        mv("end_turn", "Ann"))
    assert state.tiles == {"Bob": (1, 4), "Cy": (2, 5), "Ann": (3, 6)} and state.start_player == "Bob"


def test_the_key_is_a_move_of_module_4_only():
    assert refusal(GAME.setup(["Ann", "Bob"], {}, "3"), mv("take_key", "Ann")) == "module_not_in_play"


def test_an_unknown_module_is_malformed():
    with pytest.raises(MalformedMove, match="Unknown module 'ballroom'"):
        GAME.load_options({"modules": ["ballroom"]})
    with pytest.raises(MalformedMove, match="once"):
        GAME.load_options({"modules": ["start_player", "start_player"]})

"""Module 2 "Celebrities": the eight effects, as the appendix words them, on
their holder's own turns for the rest of the round, this turn included. The
per-source bonuses (Emperor track, victory points, money) are tested one
source at a time and several sources at once; "does not trigger itself";
the Exchange once this round; "costs nothing this round". Rulebook:
"Appendix: Celebrities"; specification M2.R17-R24, M2.X04, M2.A02-A07."""
from __future__ import annotations

import pytest
from celebrities_table import facts_of, holding, in_lounge, ready, refused, vp_facts
from grand_austria_table import arrange, mv, play

from domain.grand_austria import GAME
from domain.grand_austria.effects import score, triggers
from domain.grand_austria.state import Pending
from domain.immutable import evolve

VP_BONUS, VP_BONUS_TOO, EMPEROR_BONUS = "Sigmund Freud", "Nikola Tesla", "Marie Curie"
OCCUPY_VP, STAFF_ITEMS, STAFF_CHAMPAGNE = "Albert Einstein", "Johann Strauss", "Giacomo Puccini"
EXCHANGE, MONEY_ROOMS, FREE_ROOMS = "Gustav Klimt", "Gandhi", "Bertha von Suttner"


def anna(*celebrities, modules=("celebrities",), **holdings):
    """Anna's turn, before her die, holding these celebrities and ``holdings``."""
    state = ready(modules=modules)
    for name in celebrities:
        state = holding(state, "Anna", name)
    return arrange(state, "Anna", **holdings) if holdings else state


def emperor_steps(facts):
    return [f["steps"] for f in facts if f["fact"] == "emperor"]


# -- the holder's own turns only ---------------------------------------------------------
def test_a_celebrity_acts_only_on_its_holders_own_turn():
    state = holding(ready(), "Beth", VP_BONUS)
    assert state.turn.seat == "Anna" and triggers(state, "Beth", "gained") == []
    beths_turn = evolve(state, turn=evolve(state.turn, seat="Beth"))
    assert [t["source"] for t in triggers(beths_turn, "Beth", "gained")] == [VP_BONUS]


# -- Victory point bonus -------------------------------------------------------------------
def test_vp_bonus_one_source_and_it_does_not_trigger_itself():
    state = anna(VP_BONUS, cafe=[(65, "all")], rooms={"3.1": "prepared"})   # Knight of the Empire: 3 VP
    after, facts = play(state, mv("check_in", "Anna", table=1, room="3.1"))
    assert vp_facts(facts) == [3, 2] and after.player("Anna").vp == 5


def test_vp_bonus_per_source_a_guest_and_an_occupancy_bonus():
    """M2.X04: the guest's 3 VP and the blue group's 2 VP are two sources: +2 +2."""
    state = anna(VP_BONUS, cafe=[(65, "all")])
    after, facts = play(state, mv("check_in", "Anna", table=1, room="1.1"))      # 1.1: a blue group of one
    assert vp_facts(facts) == [2, 2, 3, 2] and after.player("Anna").vp == 9


def test_two_vp_bonus_celebrities_each_add_2_per_source():
    state = anna(VP_BONUS, VP_BONUS_TOO, cafe=[(65, "all")], rooms={"3.1": "prepared"})
    _, facts = play(state, mv("check_in", "Anna", table=1, room="3.1"))
    assert vp_facts(facts) == [3, 2, 2]


def test_the_celebrity_taken_adds_its_bonus_to_its_own_vp():
    """M2.A02: the celebrity is in front of you before its VP score."""
    state = in_lounge(ready(), VP_BONUS, "Albert Einstein", "Marie Curie")
    _, facts = play(state, mv("take_die", "Anna", value=4, colour="red"))
    assert vp_facts(facts) == [1, 2]


def test_losing_vp_is_not_getting_vp():
    out = []
    score(anna(VP_BONUS), "Anna", -3, "a penalty", out)
    assert [f["points"] for f in out] == [-3]


# -- Emperor track bonus ---------------------------------------------------------------------
def test_emperor_bonus_one_source_and_nothing_for_no_step():
    state = anna(EMPEROR_BONUS)
    state, _ = play(state, mv("take_die", "Anna", value=4))                  # strength 5
    after, facts = play(state, mv("split_funds", "Anna", krones=3, emperor=2))
    assert emperor_steps(facts) == [2, 1] and after.player("Anna").emperor == 3
    _, facts = play(state, mv("split_funds", "Anna", krones=5, emperor=0))
    assert emperor_steps(facts) == [0]


def test_emperor_bonus_per_source_an_occupancy_bonus_and_a_guest_reward():
    state = anna(EMPEROR_BONUS, cafe=[(53, "all")],                            # Dancer: 2 Emperor steps
                 rooms={"1.2": "occupied", "2.1": "occupied", "2.2": "prepared"})
    after, facts = play(state, mv("check_in", "Anna", table=1, room="2.2"))    # a yellow group of 3: 6 steps
    assert emperor_steps(facts) == [6, 1, 2, 1] and after.player("Anna").emperor == 10


def test_emperor_bonus_acts_on_the_main_action_of_the_die_that_brought_it():
    state = in_lounge(ready(), "Gandhi", EMPEROR_BONUS, "Albert Einstein")
    state, _ = play(state, mv("take_die", "Anna", value=4, colour="blue"))
    _, facts = play(state, mv("split_funds", "Anna", krones=0, emperor=5))
    assert emperor_steps(facts) == [5, 1]


# -- Room occupancy bonus ----------------------------------------------------------------------
def test_occupying_a_room_scores_2_vp_by_a_check_in_and_by_a_reward():
    state = anna(OCCUPY_VP, cafe=[(82, "all")], rooms={"1.4": "prepared"})     # Senior Councillor: 7 VP, occupy
    state, facts = play(state, mv("check_in", "Anna", table=1, room="1.3"))
    assert vp_facts(facts) == [2, 7]
    assert state.pending[0].kind == "occupy"
    _, facts = play(state, mv("occupy_room", "Anna", room="1.4"))
    assert vp_facts(facts) == [2]


def test_the_occupancy_2_vp_meet_the_vp_bonus():
    state = anna(OCCUPY_VP, VP_BONUS, cafe=[(77, "all")])                        # Apothecary: 1 VP, 1 krone
    _, facts = play(state, mv("check_in", "Anna", table=1, room="1.3"))
    assert vp_facts(facts) == [2, 2, 1, 2]


# -- Staff card bonuses ---------------------------------------------------------------------------
def hiring(*celebrities, modules=("celebrities",)):
    """Anna may hire the Chef (21, from her hand) for nothing; no café guest wants items."""
    state = anna(*celebrities, modules=modules, cafe=[])
    return evolve(state, pending=(Pending("Anna", "hire", free=True, why="test"),))


def test_after_a_hire_2_dishes_and_or_drinks_of_choice():
    state, facts = play(hiring(STAFF_ITEMS), mv("hire", "Anna", staff=21))
    assert state.pending[0].kind == "any_items" and state.pending[0].n == 2
    before = state.player("Anna").items
    after, _ = play(state, mv("choose_items", "Anna", items={"cake": 2}))
    assert after.player("Anna").items[1] == before[1] + 2
    listed = GAME.legal_moves(state)
    assert {"type": "choose_items", "seat": "Anna", "items": {"wine": 1, "coffee": 1}} in listed


def test_no_champagne_among_the_2_items_with_module_1():
    state, _ = play(hiring(STAFF_ITEMS, modules=("ballrooms", "celebrities")), mv("hire", "Anna", staff=21))
    error = refused(state, mv("choose_items", "Anna", items={"champagne": 1, "cake": 1}))
    assert error.code == "wrong_items"


def test_with_modules_1_and_2_a_hire_brings_1_champagne_and_2_vp_which_meet_the_vp_bonus():
    state = hiring(STAFF_CHAMPAGNE, modules=("ballrooms", "celebrities"))
    after, facts = play(state, mv("hire", "Anna", staff=21))
    assert state.config.named(after.player("Anna").items)["champagne"] == \
        state.config.named(state.player("Anna").items)["champagne"] + 1
    assert vp_facts(facts) == [2]
    _, facts = play(holding(state, "Anna", VP_BONUS), mv("hire", "Anna", staff=21))
    assert vp_facts(facts) == [2, 2]


# -- Money bonus ----------------------------------------------------------------------------------
def test_money_bonus_one_room_1_krone_cheaper_per_source_optional():
    state = anna(MONEY_ROOMS)
    state, _ = play(state, mv("take_die", "Anna", value=4))
    state, facts = play(state, mv("split_funds", "Anna", krones=2, emperor=3))
    assert [(p.kind, p.discount) for p in state.pending] == [("rooms", 1)]
    krones = state.player("Anna").krones
    after, facts = play(state, mv("prepare_room", "Anna", room="2.1"))           # floor 2: 1 krone, now 0
    assert facts_of(facts, "room_prepared")[0]["cost"] == 0 and after.player("Anna").krones == krones
    declined, facts = play(state, mv("decline", "Anna"))
    assert facts_of(facts, "declined") and not declined.pending
    no_krones, _ = play(play(anna(MONEY_ROOMS), mv("take_die", "Anna", value=4))[0],
                        mv("split_funds", "Anna", krones=0, emperor=5))
    assert not any(p.kind == "rooms" for p in no_krones.pending)


def test_money_bonus_per_source_an_occupancy_bonus_and_a_guest_reward():
    state = anna(MONEY_ROOMS, krones=5, cafe=[(77, "all")],                     # Apothecary: 1 krone
                 rooms={"1.3": "occupied", "1.4": "occupied", "2.3": "occupied", "2.4": "prepared"})
    after, facts = play(state, mv("check_in", "Anna", table=1, room="2.4"))     # a red group of 4: 10 krones
    assert [f["krones"] for f in facts_of(facts, "krones")] == [10, 1]
    assert [(p.kind, p.discount) for p in after.pending] == [("rooms", 1), ("rooms", 1)]
    after, facts = play(after, mv("prepare_room", "Anna", room="3.3"))            # floor 3: 2 krones, now 1
    assert facts_of(facts, "room_prepared")[0]["cost"] == 1
    assert [p.kind for p in after.pending] == ["rooms"]


def test_krones_lost_at_the_end_of_the_money_track_are_not_got():
    state = anna(MONEY_ROOMS, krones=20)
    state, _ = play(state, mv("take_die", "Anna", value=4))
    after, facts = play(state, mv("split_funds", "Anna", krones=2, emperor=3))
    assert facts_of(facts, "krones_lost") and not any(p.kind == "rooms" for p in after.pending)


def test_paying_krones_is_not_getting_krones():
    state = in_lounge(ready(), MONEY_ROOMS, "Albert Einstein", "Marie Curie")
    after, _ = play(state, mv("take_die", "Anna", value=4, colour="red"))        # pays 4, gains none
    assert [p.kind for p in after.pending] == ["funds"]


# -- Room cost ------------------------------------------------------------------------------------
def test_preparing_rooms_costs_nothing_this_round():
    state = anna(FREE_ROOMS)
    state, _ = play(state, mv("take_die", "Anna", value=3))                      # strength 1
    after, facts = play(state, mv("prepare_room", "Anna", room="2.1"))
    assert facts_of(facts, "room_prepared")[0]["cost"] == 0 and not after.pending


def test_money_bonus_rooms_are_free_with_the_room_cost_celebrity_too():
    state = anna(MONEY_ROOMS, FREE_ROOMS)
    state, _ = play(state, mv("take_die", "Anna", value=4))
    state, _ = play(state, mv("split_funds", "Anna", krones=1, emperor=4))
    _, facts = play(state, mv("prepare_room", "Anna", room="2.1"))
    assert facts_of(facts, "room_prepared")[0]["cost"] == 0


# -- Exchange -------------------------------------------------------------------------------------
def exchanging(**kitchen):
    return anna(EXCHANGE, cafe=[], items={"strudel": 0, "cake": 0, "wine": 0, "coffee": 0, **kitchen})


def test_exchange_up_to_four_kitchen_items_for_other_dishes_and_drinks_once_this_round():
    state = exchanging(strudel=3, cake=1)
    after, facts = play(state, mv("exchange", "Anna", give={"strudel": 3, "cake": 1}, take={"wine": 2, "coffee": 2}))
    assert after.config.named(after.player("Anna").items) == {"strudel": 0, "cake": 0, "wine": 2, "coffee": 2}
    assert [f["why"] for f in facts_of(facts, "items")] == ["celebrity Gustav Klimt: exchange"] * 2
    assert not after.turn.main                                   # an additional action, before the die
    error = refused(after, mv("exchange", "Anna", give={"wine": 1}, take={"cake": 1}))
    assert error.code == "no_exchange"


@pytest.mark.parametrize("give, take, code", [
    ({"strudel": 3, "cake": 2}, {"wine": 5}, "exchange_count"),
    ({"strudel": 2}, {"wine": 1}, "exchange_count"),
    ({"strudel": 1}, {"strudel": 1}, "same_items"),
    ({"strudel": 2}, {"strudel": 1, "wine": 1}, "same_items"),
    ({"wine": 1}, {"cake": 1}, "not_in_kitchen"),
])
def test_exchange_refusals(give, take, code):
    error = refused(exchanging(strudel=3, cake=2), mv("exchange", "Anna", give=give, take=take))
    assert error.code == code and error.rule == "Appendix: Celebrities (Exchange)"


def test_no_champagne_in_an_exchange_and_none_without_the_celebrity():
    state = anna(EXCHANGE, modules=("ballrooms", "celebrities"))
    error = refused(state, mv("exchange", "Anna", give={"champagne": 1}, take={"cake": 1}))
    assert error.code == "wrong_items" and "no champagne" in error.message
    error = refused(ready(), mv("exchange", "Anna", give={"strudel": 1}, take={"cake": 1}))
    assert error.code == "no_exchange"


def test_exchanged_items_may_go_onto_cafe_guests():
    state = anna(EXCHANGE, cafe=[(77, {})], items={"strudel": 1, "cake": 0, "wine": 0, "coffee": 0})
    after, facts = play(state, mv("exchange", "Anna", give={"strudel": 1}, take={"cake": 1},
                                  place={"1": {"cake": 1}}))                    # Apothecary orders a cake
    assert after.player("Anna").cafe[0].complete and facts_of(facts, "placed")
    listed = GAME.legal_moves(state)
    assert {"type": "exchange", "seat": "Anna", "give": {"strudel": 1}, "take": {"cake": 1}} in listed

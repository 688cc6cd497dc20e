"""Module 5's bell staff [LW Module 5 Course of Play; specification M5.R02-R05,
M5.A01-A03, example M5.X03]: a bell card's reward comes once, when its
requirement is met on this or a later turn of its owner; the owner may decline
and wait for the next time it is met; taken, the card lies face down for good
and still counts as played staff."""
from __future__ import annotations

import pytest
from more_table import arrange, bells, hire_with_die_5, mv, offered, play, ready5, staff

from domain.grand_austria import GAME
from domain.grand_austria.scoring import end_staff_vp, measured
from domain.rules import RuleViolation

WAITER = 168        # reconstructed: at least 3 yellow rooms occupied -> 5 VP
SOMMELIER = 170     # a die showing 2 -> 2 dishes or drinks of choice
PATISSIER = 171     # a die showing 1 -> 1 strudel, 1 cake, 2 VP
RECEPTIONIST = 175  # hire a staff card -> 2 krones
DIPLOMAT = 179      # place a marker on an objective card -> 2 krones, 3 VP
ASSISTANT_MANAGER = 32   # final scoring: 2 VP per hired staff, this card included


def refusal(state, move):
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(move))
    return refused.value


def two_yellow(state, seat="Ann"):
    """Two yellow rooms occupied (1.2, 2.1), 2.2 prepared, a complete yellow guest (Sculptor) at table 1."""
    return arrange(state, seat, rooms={"1.2": "occupied", "2.1": "occupied", "2.2": "prepared"}, cafe=[(49, "all")])


def waiter_hired_with_two_yellow():
    state = staff(two_yellow(ready5()), "Ann", hand=[WAITER])
    state, facts = hire_with_die_5(state, "Ann", WAITER)
    return state, facts


def test_hired_with_the_requirement_unmet_nothing_happens():
    state, facts = waiter_hired_with_two_yellow()
    assert not any(f["fact"] == "scored" for f in facts)
    assert offered(state) == [] and bells(state, "Ann") == [(WAITER, "waiting")]


def test_meeting_the_requirement_on_your_turn_offers_the_reward_after_the_decisions_waiting():
    state, _ = waiter_hired_with_two_yellow()
    state, _ = play(state, mv("check_in", "Ann", table=1, room="2.2"))          # the third yellow room
    assert [p.kind for p in state.pending] == ["rooms"]                          # the Sculptor's free room first
    state, _ = play(state, mv("decline", "Ann"))
    assert offered(state) == [("Ann", WAITER)]
    assert set(GAME.expected(state).moves) == {"take_bell_reward", "decline"}
    assert GAME.legal_moves(state) == [mv("take_bell_reward", "Ann", staff=WAITER), mv("decline", "Ann")]


def test_taking_the_reward_turns_the_card_face_down_for_good_and_it_still_counts_as_hired():
    state, _ = waiter_hired_with_two_yellow()
    state, _ = play(state, mv("check_in", "Ann", table=1, room="2.2"), mv("decline", "Ann"))
    vp = state.player("Ann").vp
    state, facts = play(state, mv("take_bell_reward", "Ann", staff=WAITER))
    assert state.player("Ann").vp == vp + 5
    assert {"fact": "bell_reward", "seat": "Ann", "staff": "Room Service Waiter"} in facts
    assert bells(state, "Ann") == [(WAITER, "face_down")]
    assert measured(state, "Ann", "hired") == 1                                  # still played staff
    manager = state.config.catalog.staff[ASSISTANT_MANAGER]
    with_manager = staff(state, "Ann", hired=[ASSISTANT_MANAGER])
    assert end_staff_vp(with_manager.hotel, with_manager.player("Ann"), manager, ()) == 4   # 2 VP x 2 hired
    # occupied yellow rooms going down and up again never turn it face up
    state = arrange(state, "Ann", rooms={"2.2": "prepared"})
    state, _ = play(state, mv("end_turn", "Ann"), mv("pass", "Bob"))
    state = arrange(state, "Ann", rooms={"2.2": "occupied"})
    state, _ = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0))
    assert bells(state, "Ann") == [(WAITER, "face_down")] and offered(state) == []


def test_a_declined_card_waits_until_the_requirement_fails_and_is_met_again():
    state, _ = waiter_hired_with_two_yellow()
    state, _ = play(state, mv("check_in", "Ann", table=1, room="2.2"), mv("decline", "Ann"))
    state, facts = play(state, mv("decline", "Ann"))                             # not now
    assert {"fact": "declined", "seat": "Ann", "step": "bell", "why": facts[0]["why"]} in facts
    assert bells(state, "Ann") == [(WAITER, "declined")]
    # still met: a fourth yellow room offers nothing
    state = arrange(state, "Ann", rooms={"2.5": "prepared"}, cafe=[(51, "all")])
    state, _ = play(state, mv("check_in", "Ann", table=1, room="2.5"))
    assert offered(state) == []
    state, _ = play(state, mv("end_turn", "Ann"))
    # the requirement fails (say an Emperor penalty removed rooms) and is met again on a later turn
    state = arrange(state, "Ann", rooms={"2.1": "prepared", "2.5": "prepared"})
    state, _ = play(state, mv("pass", "Bob"))
    assert bells(state, "Ann") == [(WAITER, "waiting")]                          # re-armed
    state = arrange(state, "Ann", cafe=[(51, "all")])
    state, _ = play(state, mv("check_in", "Ann", table=1, room="2.5"))
    assert offered(state) == [("Ann", WAITER)]


def test_a_requirement_already_met_when_the_card_is_hired_counts():
    state = arrange(ready5(), "Ann", rooms={"1.2": "occupied", "2.1": "occupied", "2.2": "occupied"})
    state = staff(state, "Ann", hand=[WAITER])
    state, _ = hire_with_die_5(state, "Ann", WAITER)
    assert offered(state) == [("Ann", WAITER)]


def test_met_outside_its_owners_turn_it_is_offered_when_the_owners_turn_begins():
    state, _ = waiter_hired_with_two_yellow()
    state, _ = play(state, mv("end_turn", "Ann"))
    state = arrange(state, "Ann", rooms={"2.2": "occupied"})                     # e.g. an Emperor reward
    state, _ = play(state, mv("take_die", "Bob", value=1), mv("choose_items", "Bob", items={"strudel": 2}))
    assert offered(state) == []                                                  # not on Bob's turn
    state, _ = play(state, mv("end_turn", "Bob"), mv("pass", "Bob"))
    assert GAME.expected(state).seats == ("Ann",) and offered(state) == [("Ann", WAITER)]


def test_an_event_requirement_is_met_each_time_the_event_happens_on_the_owners_turn():
    state = staff(ready5(), "Ann", hired=[PATISSIER, SOMMELIER])
    state, _ = play(state, mv("take_die", "Ann", value=2))                       # Sommelier's die
    assert [p.kind for p in state.pending] == ["items", "bell"]                  # the main action first
    state, _ = play(state, mv("choose_items", "Ann", items={"wine": 2}))
    assert offered(state) == [("Ann", SOMMELIER)]
    state, _ = play(state, mv("decline", "Ann"), mv("end_turn", "Ann"))
    state, _ = play(state, mv("take_die", "Bob", value=2), mv("choose_items", "Bob", items={"wine": 1}))
    assert offered(state) == []                                                  # Bob's die is not Ann's event
    state, _ = play(state, mv("end_turn", "Bob"), mv("pass", "Bob"))
    state, _ = play(state, mv("take_die", "Ann", value=1), mv("choose_items", "Ann", items={"strudel": 2}))
    assert offered(state) == [("Ann", PATISSIER)]
    before = state.player("Ann")
    state, facts = play(state, mv("take_bell_reward", "Ann", staff=PATISSIER))
    assert state.player("Ann").vp == before.vp + 2
    assert state.config.named(state.player("Ann").items)["cake"] == state.config.named(before.items)["cake"] + 1


def test_an_event_that_hires_the_card_itself_does_not_meet_its_requirement_the_next_hire_does():
    state = staff(ready5(), "Ann", hand=[RECEPTIONIST])
    state, _ = hire_with_die_5(state, "Ann", RECEPTIONIST)
    assert offered(state) == []
    state = staff(state, "Ann", hand=[1])
    state, _ = play(state, mv("end_turn", "Ann"), mv("pass", "Bob"))
    state, _ = play(state, mv("take_die", "Ann", value=6), mv("choose_action", "Ann", action=5))
    state, _ = play(state, mv("hire", "Ann", staff=1))
    assert offered(state) == [("Ann", RECEPTIONIST)]


def test_placing_a_marker_on_an_objective_meets_the_diplomats_requirement():
    state = staff(ready5(objectives=(105, 181, 113)), "Ann", hired=[DIPLOMAT])
    state = arrange(state, "Ann", rooms={"4.1": "occupied", "4.2": "occupied", "4.3": "occupied"})
    state, _ = play(state, mv("take_die", "Ann", value=1), mv("choose_items", "Ann", items={"strudel": 2}))
    state, facts = play(state, mv("claim_objective", "Ann", objective=181))
    assert offered(state) == [("Ann", DIPLOMAT)]
    state, facts = play(state, mv("take_bell_reward", "Ann", staff=DIPLOMAT))
    assert [f["krones"] for f in facts if f["fact"] == "krones"] == [2]


def test_the_reward_named_must_be_the_card_offered():
    state, _ = waiter_hired_with_two_yellow()
    state, _ = play(state, mv("check_in", "Ann", table=1, room="2.2"), mv("decline", "Ann"))
    assert refusal(state, mv("take_bell_reward", "Ann", staff=SOMMELIER)).code == "not_offered"
    assert refusal(state, mv("take_bell_reward", "Bob", staff=WAITER)).code == "not_your_turn"
    assert refusal(state, mv("end_turn", "Ann")).code == "unexpected_move"


def test_a_bell_card_belongs_to_a_game_that_plays_module_5():
    from grand_austria_table import ready
    state = ready(2, version="3")
    card = {"name": "Bell Boy", "cost": 1, "kind": "bell", "requirement": {"measure": "krones", "at_least": 5},
            "reward": [{"kind": "vp", "n": 2}]}
    state, _ = play(state, mv("take_die", "Ann", value=5))
    assert refusal(state, mv("hire", "Ann", staff=card)).code == "card_not_in_game"
    assert refusal(state, mv("hire", "Ann", staff=WAITER)).code == "card_not_in_game"


def test_a_bell_card_given_by_printed_content_works_like_a_shipped_one():
    card = {"name": "Bell Boy", "cost": 1, "kind": "bell", "requirement": {"measure": "krones", "at_least": 5},
            "reward": [{"kind": "vp", "n": 2}]}
    from domain.grand_austria.catalog import staff_from
    from domain.grand_austria.effects import set_player
    from domain.immutable import evolve
    state = ready5()
    player = state.player("Ann")
    state = set_player(state, "Ann", evolve(player, hand=player.hand + (staff_from(card),)))
    state, _ = play(state, mv("take_die", "Ann", value=5), mv("hire", "Ann", staff=card))
    assert offered(state) == [("Ann", None)]
    state, facts = play(state, mv("take_bell_reward", "Ann", staff=card))
    assert bells(state, "Ann") == [(None, "face_down")]


@pytest.mark.parametrize("requirement", [
    {"measure": "dancing", "at_least": 3}, {"measure": "krones"}, {"on": "sneeze"}, {"on": "die", "values": [7]},
    {"on": "check_in", "colour": "pink"}, "three yellow rooms",
])
def test_a_requirement_outside_the_vocabulary_is_malformed(requirement):
    from domain.rules import MalformedMove
    card = {"name": "Bell Boy", "cost": 1, "kind": "bell", "requirement": requirement, "reward": []}
    with pytest.raises(MalformedMove):
        GAME.load_move(mv("hire", "Ann", staff=card))
    with pytest.raises(MalformedMove):
        GAME.load_move(mv("hire", "Ann", staff={"name": "X", "cost": 1, "kind": "once",
                                               "requirement": {"measure": "krones", "at_least": 1}}))


CAPTAIN = {"number": 168, "name": "Bell Captain", "cost": 3, "kind": "bell",
           "requirement": {"measure": "occupied", "at_least": 4}, "reward": [{"kind": "vp", "n": 8}]}


def test_a_house_catalog_replaces_a_reconstructed_module_5_card_by_its_number():
    state = GAME.setup(["Ann", "Bob"], GAME.load_options({"modules": ["more"], "house_catalog": {"staff": [CAPTAIN]}}))
    card = state.config.catalog.staff[168]
    assert (card.name, card.requirement, card.reward) == ("Bell Captain", CAPTAIN["requirement"], ({"kind": "vp", "n": 8},))


@pytest.mark.parametrize("modules, card", [
    ([], CAPTAIN),                                                                   # a bell card without module 5
    (["more"], {**CAPTAIN, "requirement": {"measure": "champagne", "at_least": 2}}),  # module 1's measure
])
def test_a_house_catalog_card_of_a_module_not_played_is_refused_when_the_game_starts(modules, card):
    with pytest.raises(RuleViolation) as refused:
        GAME.setup(["Ann", "Bob"], GAME.load_options({"modules": modules, "house_catalog": {"staff": [card]}}))
    assert refused.value.code == "card_not_in_game"


def with_bell(state, seat, requirement):
    """``seat`` hired (earlier) a printed bell card with this requirement and a 1 VP reward."""
    from domain.grand_austria.catalog import staff_from
    from domain.grand_austria.effects import set_player
    from domain.grand_austria.modules.more import ID, Bell, More
    from domain.immutable import evolve
    card = staff_from({"name": "Bell", "cost": 1, "kind": "bell", "requirement": requirement,
                       "reward": [{"kind": "vp", "n": 1}]})
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, hired=player.hired + (card,)))
    return evolve(state, modules={**state.modules, ID: More({seat: (Bell(card),)})})


YELLOW_GUEST = [(51, "all")]      # Composer: yellow, 1 wine, reward 1 strudel
EVENT_CASES = [
    ({"on": "die", "values": [3, 4]}, [mv("take_die", "Ann", value=3), mv("decline", "Ann")], True),
    ({"on": "die", "values": [4]}, [mv("take_die", "Ann", value=3), mv("decline", "Ann")], False),
    ({"on": "check_in", "colour": "yellow"}, [mv("check_in", "Ann", table=1, room="1.2")], True),
    ({"on": "check_in", "colour": "red"}, [mv("check_in", "Ann", table=1, room="1.2")], False),
    ({"on": "check_in", "min_order": 2}, [mv("check_in", "Ann", table=1, room="1.2")], False),
    ({"on": "occupy", "colour": "yellow"}, [mv("check_in", "Ann", table=1, room="1.2")], True),
    ({"on": "occupy", "colour": "blue"}, [mv("check_in", "Ann", table=1, room="1.2")], False),
    ({"on": "prepare", "colour": "yellow"},
     [mv("take_die", "Ann", value=3), mv("prepare_room", "Ann", room="2.1"), mv("decline", "Ann")], True),
    ({"on": "prepare"}, [mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=2, emperor=0)], False),
    ({"on": "take_guest"}, [mv("take_guest", "Ann", position=4)], True),
    ({"on": "serve"}, [mv("serve", "Ann", items=[{"table": 2, "item": "wine"}])], True),
    ({"on": "claim_objective"}, [mv("take_die", "Ann", value=3), mv("decline", "Ann")], False),
]


@pytest.mark.parametrize("requirement, moves, met", EVENT_CASES,
                         ids=[f"{r['on']}-{'met' if m else 'not'}-{i}" for i, (r, _, m) in enumerate(EVENT_CASES)])
def test_each_event_a_requirement_may_name(requirement, moves, met):
    state = arrange(ready5(), "Ann", cafe=YELLOW_GUEST + [(52, {"wine": 0})])
    state = with_bell(state, "Ann", requirement)
    state, _ = play(state, *moves)
    assert (offered(state) == [("Ann", None)]) == met


def test_a_bell_reward_is_one_source_for_a_celebritys_bonus():
    """Module 2 with module 5: Freud's "VP bonus" (reconstructed: +2 VP each time
    its holder scores) counts the Pâtissier's reward once, as one source."""
    from celebrities_table import holding, ready as with_celebrities, vp_facts
    state = holding(with_celebrities(modules=("celebrities", "more")), "Anna", "Sigmund Freud")
    state = staff(state, "Anna", hired=[PATISSIER])
    state, _ = play(state, mv("take_die", "Anna", value=1))                     # 1 strudel, by itself
    assert offered(state) == [("Anna", PATISSIER)]
    state, facts = play(state, mv("take_bell_reward", "Anna", staff=PATISSIER))
    assert vp_facts(facts, "Anna") == [2, 2]

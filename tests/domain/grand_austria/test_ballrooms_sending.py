"""Module 1: sending a guest (or an additional dancer) to a ballroom [LW Module 1
Course of Play, "Sending a Guest to a Ballroom", The Balcony, Note, New Icons]:
a row you can afford with a free space, champagne paid first, the dancer on the
first free space from the left, then the row bonus (top, middle), the guest's
VP and reward and the section bonus in the order chosen."""
from __future__ import annotations

import pytest
from ballrooms_table import dancing, facts_of, guest_served, kitchen, on_balcony, ready, sections
from grand_austria_table import play

from domain.grand_austria import GAME
from domain.grand_austria.modules.ballrooms import of, with_
from domain.immutable import evolve
from domain.rules import RuleViolation

ANNA_BOARD = "R1"       # section 3's bonus: 2 champagne and 1 Emperor step (the rulebook's example)


def refusal(state, move):
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(move))
    return refused.value


def anna_on(state, board=ANNA_BOARD):
    """Anna dances from rehearsal board ``board`` (whoever chose it at the setup)."""
    mine = of(state)
    by_id = {b.id: b for b in list(mine.boards.values())}
    return with_(state, boards={**mine.boards, "Anna": by_id[board]})


def full_top_row(state, ballroom=3):
    room = of(state).rooms[ballroom - 1]
    return dancing(state, ballroom, "top", ["Beth"] * len(room.row("top").spaces))


def tsarina_table(champagne):
    """M1.X03: the rightmost ballroom is Apollosaal with every depicted space
    of its top row taken; Anna has ``champagne`` champagne, one dancer left
    in section 3 (2 champagne and 1 Emperor step), Tsarina served at table 1
    and a prepared yellow room (2.1)."""
    state = anna_on(ready())
    state = full_top_row(state)
    state = sections(state, "Anna", [1, 2, 1, 4])
    state = kitchen(state, "Anna", champagne=champagne)
    state = guest_served(state, "Anna", 141)
    anna = state.player("Anna")
    hotel = state.hotel_of("Anna")
    rooms = list(anna.rooms)
    rooms[hotel.index("2.1")] = 1
    return evolve(state, seats={**state.seats, "Anna": evolve(anna, rooms=tuple(rooms))})


def test_x03_tsarina_checks_in_and_her_dancer_goes_to_the_balcony_paying_first():
    state = tsarina_table(champagne=2)
    assert of(state).rooms[2].name == "Apollosaal"
    state, facts = play(state, {"type": "check_in", "seat": "Anna", "table": 1, "room": "2.1"})
    assert ("Anna", 9, "Tsarina checked in") in [(f["seat"], f["points"], f["why"]) for f in facts_of(facts, "scored")]
    assert GAME.expected(state).moves == ("send_dancer", "decline")
    krones, emperor = state.player("Anna").krones, state.player("Anna").emperor
    state, facts = play(state, {"type": "send_dancer", "seat": "Anna", "ballroom": 3, "row": "top", "section": 3})
    placed = facts_of(facts, "dancer_placed")[0]
    assert (placed["space"], placed["champagne"]) == ("balcony", 2)          # 3 less the discount of 1
    assert state.player("Anna").krones == krones + 3                          # Apollosaal's top-row bonus
    assert state.player("Anna").emperor == emperor + 1                        # the section bonus
    assert GAME.view(state)["players"]["Anna"]["items"]["champagne"] == 2    # 2 - 2 + 2
    assert of(state).rooms[2].balcony == ("Anna",)
    assert of(state).dancers["Anna"][2] == 0


def test_x03_counter_case_the_section_bonus_cannot_pay_for_the_dancer():
    state = tsarina_table(champagne=1)
    state, _ = play(state, {"type": "check_in", "seat": "Anna", "table": 1, "room": "2.1"})
    refused = refusal(state, {"type": "send_dancer", "seat": "Anna", "ballroom": 3, "row": "top", "section": 3})
    assert refused.code == "cannot_pay" and "2 champagne" in refused.message
    # a cheaper open row elsewhere is accepted if its cost (less 1) is at most 1
    cheap = [m for m in GAME.legal_moves(state) if m["type"] == "send_dancer"]
    assert cheap and all(
        max(0, of(state).rooms[m["ballroom"] - 1].row(m["row"]).cost - 1) <= 1 for m in cheap)


def test_a_complete_guest_goes_to_a_ballroom_instead_of_a_room_colour_aside_and_no_room_turned():
    state = anna_on(ready())
    state = kitchen(state, "Anna", champagne=3)
    state = guest_served(state, "Anna", 139)                                   # Diva: 2 champagne
    rooms = state.player("Anna").rooms
    move = {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 2, "row": "middle", "section": 2}
    assert move in GAME.legal_moves(state)
    vp = state.player("Anna").vp
    state, facts = play(state, move)
    assert state.player("Anna").rooms == rooms and state.player("Anna").cafe[0] is None
    assert of(state).rooms[1].row("middle").spaces[0] == "Anna"
    assert state.player("Anna").vp == vp + 6                                    # the Diva's VP
    # paid 2 (Zum Sperl, middle), then the cake of the row bonus and the Diva's 2 champagne
    assert GAME.view(state)["players"]["Anna"]["items"]["champagne"] == 3 - 2 + 2
    assert GAME.view(state)["players"]["Anna"]["items"]["cake"] == 1
    assert [f["why"] for f in facts_of(facts, "items")] == [
        "Diva sent to a ballroom: Zum Sperl, middle row", "Zum Sperl, middle row bonus", "Diva sent to a ballroom"]


def test_the_rewards_come_in_the_order_the_player_names():
    state = anna_on(ready())
    state = kitchen(state, "Anna", champagne=3)
    state = sections(state, "Anna", [1, 2, 1, 4])
    state = guest_served(state, "Anna", 139)
    state, facts = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 3,
                                "row": "top", "section": 3, "rewards_order": ["guest", "section", "row"]})
    whys = [f["why"] for f in facts if f["fact"] in ("items", "krones", "emperor", "scored")]
    assert whys == ["Diva sent to a ballroom: Apollosaal, top row", "Diva sent to a ballroom",
                    "Diva sent to a ballroom", "rehearsal section 3 emptied", "rehearsal section 3 emptied",
                    "Apollosaal, top row bonus"]
    assert refusal(state := tsarina_table(3), {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                                              "row": "top", "section": 1, "rewards_order": ["row", "row"]}).code \
        == "rewards_order"


def test_the_bottom_row_gives_no_bonus_and_the_dancer_takes_the_first_free_space_even_a_gap():
    state = anna_on(ready())
    state = kitchen(state, "Anna", champagne=1)
    state = guest_served(state, "Anna", 134)
    state = dancing(state, 1, "bottom", ["Beth", None, "Cyril"])
    krones = state.player("Anna").krones
    state, facts = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                                "row": "bottom", "section": 4})
    assert of(state).rooms[0].row("bottom").spaces[:3] == ("Beth", "Anna", "Cyril")
    assert state.player("Anna").krones == krones and not [f for f in facts if "row bonus" in f.get("why", "")]


def test_a_row_you_cannot_afford_is_refused_and_with_none_affordable_nobody_is_sent():
    state = anna_on(ready())
    state = kitchen(state, "Anna")
    state = guest_served(state, "Anna", 134)
    assert refusal(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                           "row": "bottom", "section": 4}).code == "cannot_pay"
    assert not [m for m in GAME.legal_moves(state) if m["type"] == "send_to_ballroom"]


def test_a_full_row_is_refused_and_only_the_rightmost_top_row_has_a_balcony():
    state = anna_on(ready())
    state = kitchen(state, "Anna", champagne=5)
    state = guest_served(state, "Anna", 134)
    state = full_top_row(full_top_row(state, 1), 3)
    refused = refusal(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                              "row": "top", "section": 4})
    assert refused.code == "row_full" and "balcony" in refused.message
    state = on_balcony(state, ["Beth", "Cyril"])
    state, facts = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 3,
                                "row": "top", "section": 4})
    assert of(state).rooms[2].balcony == ("Beth", "Cyril", "Anna")       # unlimited
    assert facts_of(facts, "dancer_placed")[0]["champagne"] == 3


def test_three_players_leave_the_four_player_spaces_out():
    three, four = ready(), ready(("Anna", "Beth", "Cyril", "Dora"))
    for ballroom in range(3):
        for a, b in zip(of(three).rooms[ballroom].rows, of(four).rooms[ballroom].rows):
            assert len(a.spaces) == len(b.spaces) - 1       # the shipped boards: one 4-player space per row


def test_an_empty_section_cannot_send_and_without_dancers_a_reward_dancer_lapses():
    state = anna_on(ready())
    state = kitchen(state, "Anna", champagne=5)
    state = sections(state, "Anna", [0, 0, 0, 0])
    state = guest_served(state, "Anna", 137)                   # Prima Ballerina: 2 krones and two dancers
    assert refusal(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                           "row": "bottom", "section": 1}).code == "section_empty"
    hotel = state.hotel_of("Anna")
    free = next(hotel.name_of(r) for r, s in enumerate(state.player("Anna").rooms) if s == 1)
    state, facts = play(state, {"type": "check_in", "seat": "Anna", "table": 1, "room": free})
    assert [f["step"] for f in facts_of(facts, "lapsed")] == ["dancer", "dancer"]


def test_prima_ballerinas_two_friends_go_dancing_wherever_she_goes():
    state = anna_on(ready())
    state = kitchen(state, "Anna", champagne=6)
    state = guest_served(state, "Anna", 137)
    state, _ = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                            "row": "bottom", "section": 4})
    assert [p.kind for p in state.pending] == ["dancer", "dancer"]
    state, _ = play(state, {"type": "send_dancer", "seat": "Anna", "ballroom": 2, "row": "bottom", "section": 4},
                    {"type": "send_dancer", "seat": "Anna", "ballroom": 2, "row": "bottom", "section": 4})
    assert of(state).rooms[1].row("bottom").spaces[:2] == ("Anna", "Anna")
    assert of(state).dancers["Anna"] == (1, 2, 3, 1)


def test_the_dancing_master_sends_a_dancer_around_the_main_action_of_a_3():
    state = anna_on(ready())
    from domain.grand_austria.effects import staff_card
    anna = state.player("Anna")
    state = evolve(state, seats={**state.seats, "Anna": evolve(anna, hired=(staff_card(119),))})
    state = kitchen(state, "Anna", champagne=1)
    first, _ = play(state, {"type": "take_die", "seat": "Anna", "value": 3, "staff_first": True})
    assert [p.kind for p in first.pending][:1] == ["dancer"]
    after, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 3})
    assert [p.kind for p in after.pending][0] == "rooms" and "dancer" in [p.kind for p in after.pending]
    assert ("Anna", 1) in [(f["seat"], f["krones"]) for f in facts_of(facts, "krones")]


def test_check_in_staff_do_not_fire_for_a_guest_sent_to_a_ballroom():
    from domain.grand_austria.effects import staff_card
    state = anna_on(ready())
    anna = state.player("Anna")
    state = evolve(state, seats={**state.seats, "Anna": evolve(anna, hired=(staff_card(5),))})   # Groom: red guests
    state = kitchen(state, "Anna", champagne=1)
    state = guest_served(state, "Anna", 134)                                                    # Debutante, red
    krones = state.player("Anna").krones
    state, facts = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1,
                                "row": "bottom", "section": 4})
    assert state.player("Anna").krones == krones and not facts_of(facts, "krones")

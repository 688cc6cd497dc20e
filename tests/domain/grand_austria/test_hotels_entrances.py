"""Module 3 "Unique Hotels": the nine entrances as the appendix words them
[LW §Appendix: Hotel Entrances], the Kozi Palace example (M3.X02) and the
printed numbers (M3.X03-X08); only the owner uses an entrance."""
from __future__ import annotations

import pytest
from ballrooms_table import dancing
from grand_austria_table import play
from hotels_table import auctions, facts_of, holdings, plainly, points, ready, served_guest, set_up, turn_of

from domain.grand_austria import GAME
from domain.grand_austria.catalog import catalog
from domain.grand_austria.hotel import occupy
from domain.grand_austria.scoring import measured
from domain.grand_austria.modules.unique_hotels import kaufman_pile, ninas_final, of, ren_ballroom, round_over, with_
from domain.grand_austria.state import WHITE, Pending
from domain.grand_austria.dice import on_spaces
from domain.immutable import evolve
from domain.rules import RuleViolation

TWO_EACH = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def refused(state, move, code):
    with pytest.raises(RuleViolation) as caught:
        GAME.check(state, GAME.load_move(move))
    assert caught.value.code == code, caught.value
    return caught.value


def owned_by_anna(entrance, modules=("unique_hotels",), dice=TWO_EACH):
    """Anna (the start player, first to move) owns ``entrance``; the first turn is next."""
    others = [e for e in ("kaufman", "dove", "kozi_palace") if e != entrance][:2]
    return ready([entrance, *others], [(entrance, 0), (others[0], 0)], modules=modules, dice=dice)


def dice_on(state, *counts):
    """Action spaces 1-6 holding so many white dice each."""
    return evolve(state, dice=on_spaces([(v, WHITE) for v, n in enumerate(counts, 1) for _ in range(n)]))


# -- Chateau Paulwei ------------------------------------------------------------------------
def at_initial_rooms_of(entrance, seat="Anna"):
    state = auctions(set_up([entrance, "kaufman", "kozi_palace"]), (entrance, 0), ("kaufman", 0))
    return plainly(state, until=lambda s: s.phase == "initial_rooms" and not s.pending
                   and GAME.expected(s).seats == (seat,) and not any(s.player(seat).rooms))


def test_chateau_paulwei_prepares_two_more_starting_rooms_at_the_floors_cost():
    state = at_initial_rooms_of("chateau_paulwei")
    state, _ = play(state, *[{"type": "prepare_room", "seat": "Anna", "room": r} for r in ("1.1", "1.2", "1.3")])
    assert [p.kind for p in state.pending] == ["rooms"] and state.pending[0].n == 2
    state, facts = play(state, {"type": "prepare_room", "seat": "Anna", "room": "2.1"},
                        {"type": "prepare_room", "seat": "Anna", "room": "1.4"})
    assert [f["cost"] for f in facts_of(facts, "room_prepared")] == [1, 0]
    assert sum(1 for r in state.player("Anna").rooms if r) == 5 and not state.pending


def test_chateau_paulweis_extra_rooms_may_be_left_out():
    state = at_initial_rooms_of("chateau_paulwei")
    state, _ = play(state, *[{"type": "prepare_room", "seat": "Anna", "room": r} for r in ("1.1", "1.2", "1.3")],
                    {"type": "decline", "seat": "Anna"})
    assert sum(1 for r in state.player("Anna").rooms if r) == 3 and GAME.expected(state).seats != ("Anna",)


@pytest.mark.parametrize("rooms, gain, amount", [
    (["1.1"], "scored", 4), (["3.1", "4.1"], "scored", 8), (["3.2", "4.2"], "krones", 4),
    (["1.2", "2.1", "2.2"], "emperor", 8), (["1.3", "1.4", "2.3", "2.4"], "krones", 13)])
def test_chateau_paulweis_own_occupancy_charts(rooms, gain, amount):
    state = owned_by_anna("chateau_paulwei")
    state = holdings(state, "Anna", rooms={r: "occupied" for r in rooms[:-1]} | {rooms[-1]: "prepared"}, emperor=0,
                     krones=0)
    out = []
    occupy(state, "Anna", state.hotel.index(rooms[-1]), out)
    bonus = [f for f in out if f.get("why", "").startswith("occupancy bonus")]
    assert [f["fact"] for f in bonus] == [gain]
    assert bonus[0].get("points", bonus[0].get("krones", bonus[0].get("steps"))) == amount


def test_the_board_charts_stay_for_everyone_else():
    state = owned_by_anna("chateau_paulwei")
    state = holdings(state, "Beth", rooms={"1.1": "prepared"})
    out = []
    occupy(state, "Beth", 0, out)
    assert [f["points"] for f in out if f["fact"] == "scored"] == [2]


# -- Corogari Zant-Mainz ---------------------------------------------------------------------
def corogari_with(first, dice=TWO_EACH, modules=("unique_hotels",)):
    state = owned_by_anna("corogari_zant_mainz", modules=modules, dice=dice)
    return with_(state, round_dice=(first,)) if first is not None else state


def test_corogari_the_second_die_summing_6_gives_a_hire_1_krone_less_before_the_main_action():
    state = corogari_with(2)
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 4})
    assert facts_of(facts, "corogari_bonus") == [{"fact": "corogari_bonus", "seat": "Anna", "dice": [2, 4], "sum": 6}]
    assert [(p.kind, p.discount) for p in state.pending] == [("hire", 1), ("funds", 0)]


def test_corogari_a_sum_of_7_gives_nothing():
    state = corogari_with(3)
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 4})
    assert facts_of(facts, "corogari_bonus")[0]["sum"] == 7 and [p.kind for p in state.pending] == ["funds"]


def test_corogari_double_six_a_free_room_and_1_vp():
    state = corogari_with(6)
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 6})
    assert points(facts, "Anna") == 1
    assert [(p.kind, p.free) for p in state.pending][:1] == [("rooms", True)]


@pytest.mark.parametrize("first, second, items", [(2, 3, {"strudel": 1, "wine": 1}), (1, 2, {"cake": 1, "coffee": 1})])
def test_corogari_items_by_the_sum(first, second, items):
    state = corogari_with(first)
    before = state.config.named(state.player("Anna").items)
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": second})
    bonus = [f for f in facts_of(facts, "items") if f["why"].startswith("Corogari")]
    assert {k: v for f in bonus for k, v in f["items"].items() if v} == items
    assert before != state.config.named(state.player("Anna").items)


def test_corogari_the_first_die_of_the_round_gives_nothing():
    state = corogari_with(None)
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 4})
    assert not facts_of(facts, "corogari_bonus") and of(state).round_dice == (4,)


def test_corogari_with_module_4_the_skeleton_key_copies_the_other_die():
    state = corogari_with(5, modules=("unique_hotels", "start_player"))
    krones, emperor = state.player("Anna").krones, state.player("Anna").emperor
    state, facts = play(state, {"type": "take_key", "seat": "Anna"})
    assert facts_of(facts, "corogari_bonus")[0]["sum"] == 10 and facts_of(facts, "corogari_bonus")[0]["dice"] == [5, None]
    assert state.player("Anna").emperor == emperor + 1
    assert state.player("Anna").krones == krones + 1


def test_corogari_an_extra_action_die_does_not_count():
    state = corogari_with(2)
    state = evolve(state, turn=evolve(state.turn, main="die", die=1, acted=True),
                   pending=(Pending("Anna", "extra_action", why="a reward"),))
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 4})
    assert not facts_of(facts, "corogari_bonus") and of(state).round_dice == (2,)


def test_corogari_the_dice_are_forgotten_at_the_round_end():
    assert of(round_over(corogari_with(2), [])).round_dice == ()


# -- Dove ------------------------------------------------------------------------------------
def test_dove_a_fourth_starting_room_at_no_cost_adjacent_as_normal():
    state = at_initial_rooms_of("dove")
    state, _ = play(state, *[{"type": "prepare_room", "seat": "Anna", "room": r} for r in ("1.1", "1.2", "1.3")])
    assert [(p.kind, p.n, p.free) for p in state.pending] == [("rooms", 1, True)]
    refused(state, {"type": "prepare_room", "seat": "Anna", "room": "3.1"}, "cannot_prepare")
    state, facts = play(state, {"type": "prepare_room", "seat": "Anna", "room": "2.1"})
    assert facts_of(facts, "room_prepared")[0]["cost"] == 0 and state.player("Anna").krones == 10


def test_dove_a_completed_column_claims_a_tokens_top_bonus_and_the_token_leaves_play():
    state = owned_by_anna("dove")
    state = holdings(state, "Anna", rooms={"1.1": "occupied", "2.1": "occupied", "3.1": "occupied", "4.1": "prepared"})
    out = []
    state = occupy(state, "Anna", state.hotel.index("4.1"), out)
    assert [(p.kind, p.pair) for p in state.pending] == [("dove_token", ("top",))]
    emperor = state.player("Anna").emperor
    state, facts = play(state, {"type": "choose_dove_token", "seat": "Anna", "token": 2})
    assert state.player("Anna").emperor == emperor + 2 and of(state).dove_used == {1}


def test_dove_one_room_completing_a_column_and_a_floor_claims_two_tokens_column_first():
    state = owned_by_anna("dove")
    state = holdings(state, "Anna", rooms={"1.1": "occupied", "2.1": "occupied", "3.1": "occupied",
                                           "4.2": "occupied", "4.3": "occupied", "4.4": "occupied", "4.5": "occupied",
                                           "4.1": "prepared"})
    state = with_(state, dove_used=frozenset({0, 1, 2}))
    state = occupy(state, "Anna", state.hotel.index("4.1"), [])
    assert [p.pair for p in state.pending] == [("top",), ("bottom",)]
    refused(state, {"type": "choose_dove_token", "seat": "Anna", "token": 1}, "token_used")
    vp = state.player("Anna").vp
    state, facts = play(state, {"type": "choose_dove_token", "seat": "Anna", "token": 5})
    # 7 VP (token 5's top); then the last token is the only choice: claimed by itself (its bottom, 2 VP)
    assert [f["token"] for f in facts_of(facts, "dove_token")] == [5, 4]
    assert not state.pending and state.player("Anna").vp == vp + 9
    assert of(state).dove_used == {0, 1, 2, 3, 4}


def test_dove_with_no_token_left_the_bonus_lapses_and_a_line_pays_once():
    state = owned_by_anna("dove")
    state = with_(state, dove_used=frozenset(range(5)), dove_lines=frozenset({"column 1"}))
    state = holdings(state, "Anna", rooms={"1.1": "occupied", "2.1": "occupied", "3.1": "occupied", "4.1": "prepared"})
    state = occupy(state, "Anna", state.hotel.index("4.1"), [])
    assert not state.pending


def test_only_the_owner_of_dove_claims_tokens():
    state = owned_by_anna("dove")
    state = holdings(state, "Beth", rooms={"1.1": "occupied", "2.1": "occupied", "3.1": "occupied", "4.1": "prepared"})
    assert not occupy(state, "Beth", state.hotel.index("4.1"), []).pending


# -- Kaufman ----------------------------------------------------------------------------------
def test_kaufman_a_fourth_cafe_table_and_a_second_free_starting_guest():
    state = auctions(set_up(["kaufman", "dove", "kozi_palace"]), ("kaufman", 0), ("dove", 0))
    assert len(state.player("Anna").cafe) == 4
    state = plainly(state, until=lambda s: s.pending and s.pending[0].kind == "second_guest" and not s.refill)
    assert state.pending[0].seat == "Anna" and not state.pending[0].paid
    krones = state.player("Anna").krones
    state, _ = play(state, {"type": "take_guest", "seat": "Anna", "position": 1})
    assert sum(1 for t in state.player("Anna").cafe if t) == 2 and state.player("Anna").krones == krones


def test_kaufman_after_taking_a_guest_a_second_one_paying_its_cost():
    state = owned_by_anna("kaufman")
    krones = state.player("Anna").krones
    state, _ = play(state, {"type": "take_guest", "seat": "Anna", "position": 3},
                    {"type": "reveal_guest", "card": 60})
    assert state.pending[0].kind == "second_guest" and state.pending[0].paid
    state, facts = play(state, {"type": "take_guest", "seat": "Anna", "position": 1})
    assert state.player("Anna").krones == krones - 1 - 3
    state, _ = play(state, {"type": "reveal_guest", "card": 61})
    assert not state.pending, "a second guest once per guest step, not again after it"
    refused(state, {"type": "take_guest", "seat": "Anna", "position": 5}, "guest_first")


def test_kaufmans_second_guest_needs_a_free_table_and_the_krones():
    state = owned_by_anna("kaufman")
    state = holdings(state, "Anna", krones=1)
    state, _ = play(state, {"type": "take_guest", "seat": "Anna", "position": 4},
                    {"type": "reveal_guest", "card": 60})
    refused(state, {"type": "take_guest", "seat": "Anna", "position": 1}, "cannot_pay")
    assert GAME.is_legal(state, GAME.load_move({"type": "take_guest", "seat": "Anna", "position": 5}))


def test_other_players_take_one_guest():
    state = owned_by_anna("kaufman")
    state = turn_of(state, "Beth")
    state, _ = play(state, {"type": "take_guest", "seat": "Beth", "position": 4}, {"type": "reveal_guest", "card": 60})
    assert not state.pending


@pytest.mark.parametrize("completed, vp", [(0, 0), (1, 0), (2, 1), (3, 3), (4, 6), (5, 9), (6, 9)])
def test_kaufmans_pile_scores_at_the_round_end_then_goes_to_the_discard_pile(completed, vp):
    state = owned_by_anna("kaufman")
    guests = tuple(catalog().guests[n] for n in (80, 81, 82, 83, 84, 85)[:completed])
    state = holdings(state, "Anna", guests=guests)
    out, again = [], []
    state = kaufman_pile(state, out)
    assert points(out, "Anna") == vp
    kaufman_pile(state, again)
    assert points(again, "Anna") == 0 and again[0]["guests"] == 0


# -- Mayenfels ---------------------------------------------------------------------------------
def test_mayenfels_after_every_later_hire_1_krone_and_an_optional_draw():
    state = owned_by_anna("mayenfels")
    hand = state.player("Anna").hand
    card = next(c for c in hand if c.cost <= 5)
    krones = state.player("Anna").krones
    state, _ = play(state, {"type": "take_die", "seat": "Anna", "value": 5})
    state, facts = play(state, {"type": "hire", "seat": "Anna", "staff": card.number})
    assert state.player("Anna").krones == krones - max(0, card.cost - 2) + 1
    assert state.pending[0].kind == "may_draw"
    state, _ = play(state, {"type": "mayenfels_draw", "seat": "Anna"})
    assert GAME.expected(state).moves == ("draw_staff",)
    state, _ = play(state, {"type": "draw_staff", "seat": "Anna", "cards": [40]})
    assert len(state.player("Anna").hand) == len(hand)


def test_mayenfels_the_draw_may_be_declined_and_others_get_nothing():
    state = owned_by_anna("mayenfels")
    card = next(c for c in state.player("Anna").hand if c.cost <= 5)
    state, _ = play(state, {"type": "take_die", "seat": "Anna", "value": 5},
                    {"type": "hire", "seat": "Anna", "staff": card.number}, {"type": "decline", "seat": "Anna"})
    assert not state.pending
    state = turn_of(owned_by_anna("mayenfels"), "Beth")
    card = next(c for c in state.player("Beth").hand if c.cost <= 5)
    state, facts = play(state, {"type": "take_die", "seat": "Beth", "value": 5},
                        {"type": "hire", "seat": "Beth", "staff": card.number})
    assert not state.pending and all(f["krones"] <= 0 for f in facts_of(facts, "krones"))


# -- Ninas Melange -------------------------------------------------------------------------------
TWELVE_ROOMS = {f"{f}.{c}": "prepared" for f in (1, 2, 3) for c in range(1, 6)}


@pytest.mark.parametrize("round_, vp", [(1, 15), (3, 15), (4, 10), (5, 10), (6, 5), (7, 5)])
def test_ninas_melange_a_personal_objective_scores_by_the_round(round_, vp):
    state = owned_by_anna("ninas_melange")
    state = evolve(holdings(state, "Anna", rooms=TWELVE_ROOMS), round=round_)
    refused(state, {"type": "claim_personal_objective", "seat": "Anna", "objective": 110}, "condition_unmet")
    refused(state, {"type": "claim_personal_objective", "seat": "Anna", "objective": 105}, "no_personal_objective")
    state, facts = play(state, {"type": "claim_personal_objective", "seat": "Anna", "objective": 106})
    assert points(facts, "Anna") == vp and of(state).ninas_done == (106,)
    assert state.player("Anna").objectives == (), "a personal objective is no marker on the game board"
    refused(state, {"type": "claim_personal_objective", "seat": "Anna", "objective": 106}, "no_personal_objective")


def test_ninas_melange_only_the_owner_has_personal_objectives():
    state = turn_of(owned_by_anna("ninas_melange"), "Beth")
    state = holdings(state, "Beth", rooms=TWELVE_ROOMS)
    refused(state, {"type": "claim_personal_objective", "seat": "Beth", "objective": 106}, "not_ninas")


@pytest.mark.parametrize("common, personal, vp", [(1, 2, 0), (2, 2, 3), (3, 2, 6), (3, 3, 10)])
def test_ninas_melange_final_scoring_counts_common_and_personal_objectives(common, personal, vp):
    state = owned_by_anna("ninas_melange")
    state = with_(holdings(state, "Anna", objectives=(105, 109, 113)[:common]), ninas_done=(106, 110, 114)[:personal])
    assert sum(p for p, _ in ninas_final(state, "Anna")) == vp
    assert ninas_final(state, "Beth") == []


# -- The Grand Wray Hotel ----------------------------------------------------------------------
def test_grand_wray_retreat_for_a_tiles_reward_once_per_turn():
    state = owned_by_anna("grand_wray")
    assert state.player("Anna").emperor == 2
    state = holdings(state, "Anna", emperor=3)
    krones = state.player("Anna").krones
    state, facts = play(state, {"type": "grand_wray", "seat": "Anna", "tile": "B2"})      # B2: 5 krones
    assert state.player("Anna").emperor == 1 and state.player("Anna").krones == krones + 5
    assert "B2" not in of(state).wray_tiles
    refused(state, {"type": "grand_wray", "seat": "Anna", "tile": "A2"}, "once_per_turn")


def test_grand_wray_no_retreat_below_0_and_only_its_own_tiles():
    state = holdings(owned_by_anna("grand_wray"), "Anna", emperor=2)
    refused(state, {"type": "grand_wray", "seat": "Anna", "tile": "C2"}, "emperor_too_low")
    refused(state, {"type": "grand_wray", "seat": "Anna", "tile": "B1"}, "no_such_tile")
    state = turn_of(state, "Beth")
    refused(state, {"type": "grand_wray", "seat": "Beth", "tile": "A2"}, "not_grand_wray")


def test_grand_wray_a_tile_whose_reward_asks_a_decision():
    state = holdings(owned_by_anna("grand_wray"), "Anna", emperor=1)
    state, _ = play(state, {"type": "grand_wray", "seat": "Anna", "tile": "A2"})        # A2: 2 items of choice
    assert state.pending[0].kind == "any_items" and state.player("Anna").emperor == 0


# -- The Kozi Palace ---------------------------------------------------------------------------
def test_the_kozi_palace_example_a_die_moved_onto_space_5():
    state = owned_by_anna("kozi_palace")
    assert [len(space) for space in state.dice] == [2] * 6
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 5, "move_from": 4})
    assert facts_of(facts, "die_taken")[0]["strength"] == 3 and facts_of(facts, "die_taken")[0]["moved_from"] == 4
    assert (state.pending[0].kind, state.pending[0].discount) == ("hire", 3)
    assert [len(space) for space in state.dice] == [2, 2, 2, 1, 2, 2]


def test_the_kozi_palace_refuses_a_space_not_adjacent():
    state = owned_by_anna("kozi_palace")
    refused(state, {"type": "take_die", "seat": "Anna", "value": 5, "move_from": 3}, "not_adjacent")
    refused(state, {"type": "take_die", "seat": "Anna", "value": 1, "move_from": 6}, "not_adjacent")
    state = dice_on(state, 2, 0, 2, 2, 2, 2)
    refused(state, {"type": "take_die", "seat": "Anna", "value": 1, "move_from": 2}, "no_die_to_move")


def test_the_kozi_palace_onto_an_empty_space():
    state = dice_on(owned_by_anna("kozi_palace"), 2, 0, 2, 2, 2, 2)
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 2, "move_from": 3})
    assert facts_of(facts, "die_taken")[0]["strength"] == 1
    assert [len(space) for space in state.dice] == [2, 0, 1, 2, 2, 2]


def test_only_the_owner_moves_a_die_and_never_with_the_skeleton_key():
    state = turn_of(owned_by_anna("kozi_palace"), "Beth")
    refused(state, {"type": "take_die", "seat": "Beth", "value": 5, "move_from": 4}, "not_kozi")
    errors = GAME.move_schemas["take_key"]().validate({"type": "take_key", "seat": "Anna", "move_from": 4})
    assert "move_from" in errors


def test_without_the_kozi_palace_no_die_is_moved():
    state = ready(["dove", "kaufman", "chateau_paulwei"], [("dove", 0), ("kaufman", 0)], dice=TWO_EACH)
    refused(state, {"type": "take_die", "seat": "Anna", "value": 5, "move_from": 4}, "not_kozi")


def test_the_kozi_palace_moves_are_listed():
    state = owned_by_anna("kozi_palace")
    moved = [m for m in GAME.legal_moves(state) if m["type"] == "take_die" and m.get("move_from")]
    assert {(m["value"], m["move_from"]) for m in moved} == {(v, s) for v in range(1, 7) for s in (v - 1, v + 1)
                                                             if 1 <= s <= 6}


# -- The Ren (modules 1 and 3) -------------------------------------------------------------------
def ren_state():
    state = ready(["the_ren", "kaufman", "dove"], [("the_ren", 0), ("kaufman", 0)],
                  modules=("unique_hotels", "ballrooms"))
    assert state.config.named(state.player("Anna").items)["champagne"] == 2
    return state


def test_the_ren_double_row_bonus():
    state = ren_state()
    room = next(i for i, r in enumerate(state.module("ballrooms").rooms) if r.name == "Apollosaal") + 1
    state = holdings(state, "Anna", items={"champagne": 3})
    state = served_guest(state, "Anna", 91)
    krones = state.player("Anna").krones
    state, facts = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": room, "row": "top",
                                "section": 1})
    assert state.player("Anna").krones - krones == 6


def test_the_ren_bottom_row_two_times_nothing_is_nothing():
    state = ren_state()
    state = holdings(state, "Anna", items={"champagne": 3})
    state = served_guest(state, "Anna", 91)
    krones = state.player("Anna").krones
    state, _ = play(state, {"type": "send_to_ballroom", "seat": "Anna", "table": 1, "ballroom": 1, "row": "bottom",
                            "section": 1})
    assert state.player("Anna").krones == krones


@pytest.mark.parametrize("anna, beth, vp", [(3, 2, 4), (3, 3, 0), (0, 0, 0)])
def test_the_ren_4_vp_for_the_sole_most_dancers_at_each_ballroom_scoring(anna, beth, vp):
    state = evolve(ren_state(), round=3)
    state = dancing(state, 1, "bottom", ["Anna"] * anna + ["Beth"] * beth)
    out = []
    ren_ballroom(state, out)
    assert points(out, "Anna") == vp


def test_kaufmans_pile_is_kept_apart_from_objective_165s_pile():
    """Objective #165 (module 1) counts every green guest completed; Kaufman's
    round pile counts this round's and is discarded, the objective's stays."""
    state = ready(["kaufman", "dove", "the_ren"], [("kaufman", 0), ("dove", 0)], modules=("unique_hotels", "ballrooms"))
    greens = tuple(catalog().guests[n] for n in (91, 92, 93, 94))
    state = holdings(state, "Anna", guests=greens)
    out = []
    state = kaufman_pile(state, out)
    assert points(out, "Anna") == 6
    assert measured(state, "Anna", "completed_green") == 4
    state = evolve(state, objectives=(165, 109, 113), claims=((), (), ()))
    state, facts = play(state, {"type": "claim_objective", "seat": "Anna", "objective": 165})
    assert points(facts, "Anna") > 0


def test_without_module_3_no_die_is_moved():
    state = GAME.setup(["Anna", "Beth"], GAME.load_options({}))
    state, _ = play(state, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": [49, 63, 77, 91, 50], "start_player": "Anna"})
    state = plainly(state, until=lambda s: s.phase == "turns")
    refused(state, {"type": "take_die", "seat": "Anna", "value": 5, "move_from": 4}, "no_move_from")


def test_the_kozi_palace_moves_a_coloured_die_when_the_space_has_no_white_one():
    """A coloured die (module 2's) moves like any other and counts for the strength [M3.A09]."""
    state = owned_by_anna("kozi_palace")
    state = evolve(state, dice=((WHITE,), (WHITE,), (), ("red",), (WHITE,), (WHITE,)))
    state, facts = play(state, {"type": "take_die", "seat": "Anna", "value": 5, "move_from": 4})
    assert facts_of(facts, "die_taken")[0]["strength"] == 2
    assert state.dice[3] == () and state.dice[4] == ("red",)

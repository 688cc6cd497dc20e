"""Module 2 "Celebrities": the lounge. Three celebrities drawn onto it at the
setup (the module-1 tiles only with module 1); at the round end, before the
Emperor scoring, the celebrities taken are discarded, those left age (no
chit -> 2, 2 -> 4, 4 -> discarded) and the table refills the empty spaces
left to right from the stack, the discard pile reshuffled once the stack is
empty. Rulebook: "Module 2 Setup", "End of Round"; specification M2.X02."""
from __future__ import annotations

import random

import pytest
from celebrities_table import LOUNGE, chits, facts_of, holding, in_lounge, ready, refused, set_up, started
from grand_austria_table import mv, play

from domain.grand_austria import GAME
from domain.grand_austria.modules.celebrities import Celebrity, of, with_
from domain.grand_austria.state import WHITE
from domain.immutable import evolve
from domain.rules import MalformedMove, RuleViolation

MODULE_1_TILES = {"Giacomo Puccini", "Mata Hari", "Picasso"}


# -- setup ------------------------------------------------------------------------------
def test_the_stack_holds_eight_tiles_without_module_1_and_eleven_with_it():
    alone = {c.name for c in of(started()).tiles}
    both = {c.name for c in of(started(modules=("ballrooms", "celebrities"))).tiles}
    assert len(alone) == 8 and not alone & MODULE_1_TILES
    assert len(both) == 11 and MODULE_1_TILES <= both


def test_the_table_lays_out_the_lounge_after_its_setup_left_to_right():
    state = set_up(lounge=None)
    assert GAME.expected(state).moves == ("lay_out_lounge",)
    after, facts = play(state, LOUNGE)
    assert [(s.colour, s.celebrity.name, s.chit) for s in of(after).spaces] == [
        ("red", "Gandhi", 0), ("blue", "Albert Einstein", 0), ("yellow", "Marie Curie", 0)]
    assert [e["name"] for e in facts[0]["lounge"]] == LOUNGE["celebrities"]
    assert len(of(after).stack) == 5
    assert after.phase == "initial_guests"


def test_the_lounge_colours_may_be_given_left_to_right():
    after, _ = play(set_up(lounge=None), {**LOUNGE, "colours": ["yellow", "red", "blue"]})
    assert [s.colour for s in of(after).spaces] == ["yellow", "red", "blue"]
    error = refused(set_up(lounge=None), {**LOUNGE, "colours": ["red", "red", "blue"]})
    assert error.code == "lounge_colours"
    with pytest.raises(MalformedMove):
        GAME.load_move({**LOUNGE, "colours": ["red", "green", "blue"]})


def test_three_different_celebrities_of_this_game_are_drawn():
    state = set_up(lounge=None)
    assert refused(state, {**LOUNGE, "celebrities": ["Gandhi", "Gandhi", "Marie Curie"]}).code == "same_celebrity"
    error = refused(state, {**LOUNGE, "celebrities": ["Gandhi", "Picasso", "Marie Curie"]})
    assert error.code == "unknown_celebrity" and "No celebrity of this game is called 'Picasso'" in error.message
    error = refused(state, {**LOUNGE, "celebrities": ["Gandhi", {"name": "Picasso", "effect": "staff_champagne"},
                                                      "Marie Curie"]})
    assert "only when modules 1 and 2 are combined" in error.message
    with pytest.raises(MalformedMove):
        GAME.load_move({**LOUNGE, "celebrities": ["Gandhi", {"name": "X", "effect": "dancing"}, "Marie Curie"]})


def test_a_tile_the_table_enters_by_printed_content_joins_the_games_tiles():
    state = set_up(lounge=None)
    after, facts = play(state, {**LOUNGE, "celebrities": ["Gandhi", {"name": "Lise Meitner", "effect": "vp_bonus"},
                                                          "Marie Curie"]})
    assert of(after).spaces[1].celebrity == Celebrity("Lise Meitner", "vp_bonus")
    assert len(of(after).tiles) == 9 and facts[0]["lounge"][1]["effect"] == "vp_bonus"
    error = refused(state, {**LOUNGE, "celebrities": ["Gandhi", {"name": "Albert Einstein", "effect": "vp_bonus"},
                                                      "Marie Curie"]})
    assert "This game's Albert Einstein has the effect occupy_vp" in error.message


def test_a_house_catalog_gives_the_tables_own_tiles():
    own = [{"name": f"Guest star {i}", "effect": effect} for i, effect in
           enumerate(["vp_bonus", "exchange", "free_rooms", "money_rooms"])]
    state = started(house_catalog={"celebrity": own})
    assert [c.effect for c in of(state).tiles] == ["vp_bonus", "exchange", "free_rooms", "money_rooms"]
    with pytest.raises(RuleViolation) as error:
        started(house_catalog={"celebrity": [{"name": "Nobody", "effect": "juggling"}]})
    assert error.value.code == "house_catalog"


def test_digital_mode_draws_the_lounge_from_the_stack():
    state = set_up(lounge=None, modules=("ballrooms", "celebrities"))
    move = GAME.chance_move(state, random.Random(4))
    assert move["type"] == "lay_out_lounge" and len(set(move["celebrities"])) == 3
    play(state, move)


# -- the round end ------------------------------------------------------------------------
def round_over(state, round_=1):
    """Everyone passes with one die left: it goes to the dustbin and the round ends."""
    state = evolve(state, dice=((WHITE,), (), (), (), (), ()), round=round_)
    state, facts = play(state, mv("pass", "Anna"))
    state, more = play(state, mv("pass", "Beth"))
    return state, facts + more


def test_at_the_round_end_taken_celebrities_are_discarded_and_those_left_age():
    """M2.X02: X without a chit gets a 2, Y's 2 turns to 4, Z with a 4 leaves; the taken one is discarded."""
    state = in_lounge(ready(), "Gandhi", "Albert Einstein", "Marie Curie")
    state = holding(chits(state, 0, 2, 4), "Beth", "Sigmund Freud")
    state, facts = round_over(state)
    lounge = of(state)
    assert [(s.celebrity and s.celebrity.name, s.chit) for s in lounge.spaces] == [
        ("Gandhi", 2), ("Albert Einstein", 4), (None, 0)]
    assert {c.name for c in lounge.discard} == {"Sigmund Freud", "Marie Curie"} and not lounge.held
    assert facts_of(facts, "celebrities_discarded") == [{"fact": "celebrities_discarded",
                                                        "celebrities": ["Sigmund Freud"]}]
    assert facts_of(facts, "celebrity_left")[0]["celebrity"] == "Marie Curie"
    assert [f["vp"] for f in facts_of(facts, "celebrity_aged")] == [2, 4]
    assert GAME.expected(state).moves == ("reveal_celebrity",) and GAME.expected(state).is_chance


def test_the_lounge_is_refilled_left_to_right_by_the_table():
    state = holding(holding(ready(), "Anna", "Gandhi"), "Beth", "Marie Curie")     # red and yellow taken
    state, _ = round_over(state)
    assert [s.celebrity is None for s in of(state).spaces] == [True, False, True]
    error = refused(state, {"type": "reveal_celebrity", "card": "Gandhi"})
    assert error.code == "not_in_stack" and "is not in the stack" in error.message
    state, facts = play(state, {"type": "reveal_celebrity", "card": "Johann Strauss"})
    assert facts_of(facts, "celebrity_revealed")[0]["colour"] == "red"
    assert GAME.expected(state).moves == ("reveal_celebrity",)
    state, facts = play(state, {"type": "reveal_celebrity", "card": "Nikola Tesla"})
    assert [s.celebrity.name for s in of(state).spaces] == ["Johann Strauss", "Albert Einstein", "Nikola Tesla"]
    assert [s.chit for s in of(state).spaces] == [0, 2, 0]
    assert state.round == 2 and state.phase == "roll"
    assert facts_of(facts, "round_started")


def test_an_empty_stack_is_reshuffled_from_the_discard_pile():
    state = holding(ready(), "Anna", "Gandhi")
    lounge = of(state)
    rest = lounge.stack
    # two tiles already discarded, the rest of the stack out of this game: the stack is empty
    state = with_(state, discard=rest[:2], tiles=tuple(c for c in lounge.tiles if c not in rest[2:]))
    assert not of(state).stack
    state, _ = round_over(state)
    discard = {c.name for c in of(state).discard}
    assert "Gandhi" in discard
    error = refused(state, {"type": "reveal_celebrity", "card": "Albert Einstein"})
    assert "is not in the discard pile: the stack is empty" in error.message
    after, facts = play(state, {"type": "reveal_celebrity", "card": "Gandhi"})
    assert facts_of(facts, "celebrities_reshuffled") == [{"fact": "celebrities_reshuffled",
                                                         "celebrities": len(discard)}]
    assert of(after).spaces[0].celebrity.name == "Gandhi" and not of(after).discard
    assert {c.name for c in of(after).stack} == discard - {"Gandhi"}


def test_the_celebrities_leave_before_the_emperor_scoring():
    state = holding(ready(), "Anna", "Marie Curie")
    state, facts = round_over(state, round_=3)
    kinds = [f["fact"] for f in facts]
    assert kinds.index("celebrities_discarded") < kinds.index("celebrity_aged")
    assert "emperor_scoring" not in kinds[:kinds.index("celebrity_aged")]
    assert GAME.expected(state).moves == ("reveal_celebrity",)        # the Emperor scoring waits for the lounge
    state, facts = play(state, {"type": "reveal_celebrity", "card": "Johann Strauss"})
    assert any(f["fact"].startswith("emperor") for f in facts)


def test_after_the_last_round_the_lounge_is_not_refilled():
    state = holding(ready(), "Anna", "Gandhi")
    state, facts = round_over(state, round_=7)
    assert GAME.finished(state) and facts_of(facts, "celebrities_discarded")
    assert not facts_of(facts, "celebrity_revealed")


def test_the_view_shows_the_lounge_who_holds_whom_and_the_stack():
    state = holding(chits(ready(), 0, 2, 0), "Beth", "Marie Curie")
    view = GAME.view(state, "Anna", full=False)
    assert [(s["colour"], s["celebrity"] and s["celebrity"]["name"], s["chit"], s["vp"]) for s in view["lounge"]] \
        == [("red", "Gandhi", 0, 1), ("blue", "Albert Einstein", 2, 2), ("yellow", None, 0, 1)]
    assert [c["name"] for c in view["celebrities"]["Beth"]] == ["Marie Curie"]
    assert view["celebrities"]["Beth"][0]["text"].startswith("Emperor track bonus")
    assert view["celebrity_stack"] == 5 and view["celebrity_discard"] == []
    assert view["action_space_dice"]["4"] == ["white", "white", "white", "red", "blue"]


def test_the_catalog_lists_the_tiles_in_play_with_their_effect_and_source():
    alone = GAME.catalog({"modules": ["celebrities"]})
    assert len(alone["celebrities"]) == 8 and alone["lounge_colours"]["source"] == "reconstructed"
    einstein = next(c for c in alone["celebrities"] if c["name"] == "Albert Einstein")
    assert einstein["effect"] == "occupy_vp" and "effect: reconstructed" in einstein["source"]
    assert len(GAME.catalog({"modules": ["ballrooms", "celebrities"]})["celebrities"]) == 11
    own = GAME.catalog({"modules": ["celebrities"],
                        "house_catalog": {"celebrity": [{"name": "Lise Meitner", "effect": "vp_bonus"}]}})
    assert [(c["name"], c["source"]) for c in own["celebrities"]] == [("Lise Meitner", "house catalog")]


def test_a_stored_house_catalogs_celebrity_section_is_checked():
    GAME.check_house_catalog({"celebrity": [{"name": "Lise Meitner", "effect": "vp_bonus"}]})
    for bad in ({"celebrity": {"name": "X"}}, {"celebrity": [{"name": "X", "effect": "juggling"}]},
                {"celebrity": [{"name": "X", "effect": "exchange"}, {"name": "X", "effect": "vp_bonus"}]}):
        with pytest.raises(MalformedMove):
            GAME.check_house_catalog(bad)

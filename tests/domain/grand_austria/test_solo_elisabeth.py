"""The solo variant with module 1 "Vienna Ballrooms": Elisabeth's deck, her
10 dancers and no rehearsal board, your random board (not chosen), her
dancers placed by the arrows (SO.X09), no champagne, no row bonus, the
eleventh dancer symbol doing nothing (SO.A05), the ballroom scorings."""
from __future__ import annotations

import pytest
from grand_austria_table import play, points
from solo_table import BALLROOMS, SETUP, carry_out, solo, solo_ready, texts, with_queue
from test_grand_austria_playouts import run

from domain.grand_austria import GAME
from domain.grand_austria.modules.ballrooms import of, with_
from domain.grand_austria.solo.elisabeth import dancer_place, target_ballroom
from domain.grand_austria.solo.variant import BOT, bot
from domain.immutable import evolve
from domain.rules import RuleViolation

M1 = {"modules": ["ballrooms"]}


def full(room):
    """Every row of the ballroom taken (by Ann)."""
    return evolve(room, rows=tuple(evolve(r, spaces=("Ann",) * len(r.spaces)) for r in room.rows))


def in_round(state, round_, scored=()):
    rooms = tuple(evolve(room, scored=i in scored) for i, room in enumerate(of(state).rooms))
    return with_(evolve(state, round=round_), rooms=rooms)


def test_with_module_1_the_opponent_is_elisabeth_with_10_dancers_and_an_empty_kitchen():
    state = solo_ready(**M1)
    assert GAME.view(state)["solo"]["opponent"] == "Elisabeth"
    assert bot(state).deck == "elisabeth" and bot(state).dancers_left == 10
    assert state.config.named(state.player(BOT).items)["champagne"] == 0
    assert state.config.named(state.player("Ann").items)["champagne"] == 1


def test_you_get_the_one_rehearsal_board_laid_out_and_do_not_choose():
    state, _ = play(solo(**M1), SETUP)
    while GAME.expected(state).moves != ("lay_out_ballrooms",):
        state, _ = play(state, {"type": "keep_staff", "seat": "Ann", "staff": SETUP["hands"]["Ann"][:6]})
    with pytest.raises(RuleViolation) as refused:
        play(state, {**BALLROOMS, "rehearsal_boards": ["R1", "R2"]})
    assert "opponent has none" in refused.value.message
    state, facts = play(state, BALLROOMS)
    assert of(state).boards["Ann"].id == "R2" and BOT not in of(state).boards
    assert state.phase != "rehearsal_rooms"


def test_so_x09_two_arrows_go_to_the_ballroom_after_next_one_arrow_to_the_next():
    rooms = of(solo_ready(**M1)).rooms
    assert target_ballroom(rooms, 2) == 1                            # round 2: the middle one
    assert target_ballroom(rooms, 1) == 0
    later = tuple(evolve(room, scored=i < 2) for i, room in enumerate(rooms))
    assert target_ballroom(later, 2) == 2                            # round 6: the rightmost
    middle_full = (rooms[0], full(rooms[1]), rooms[2])
    assert target_ballroom(middle_full, 2) == 2                      # round 2, the middle full
    round_4 = (evolve(rooms[0], scored=True), full(rooms[1]), rooms[2])
    assert target_ballroom(round_4, 1) == 2                          # round 4, the middle full: to the right


def test_her_dancer_goes_to_the_bottommost_free_space_then_the_balcony():
    rooms = of(solo_ready(**M1)).rooms
    assert dancer_place(rooms[2]) == ("bottom", 1)
    assert dancer_place(full(rooms[2])) == ("top", "balcony")


def test_a_guest_with_a_dancer_scores_its_vp_and_sends_a_dancer_without_a_room():
    state = with_queue(solo_ready(**M1), 84, 49, 68, 50, 91)
    state, facts = carry_out(state, 214)          # red +d2, die 2, E1, objective B; round 1
    assert not any(state.player(BOT).rooms)
    assert points(facts, BOT) == 2                 # Court Counsellor's VP, no reward, no row bonus
    assert [f["ballroom"] for f in facts if f["fact"] == "bot_dancer"] == ["Zum Sperl"]
    assert bot(state).dancers_left == 9
    assert "sends a dancer to Zum Sperl, space 1 of the bottom row" in " ".join(texts(facts))
    assert not any(f["fact"] == "items" for f in facts)


def test_the_bottom_dancer_symbol_sends_one_more_dancer_without_a_guest():
    state, facts = carry_out(with_queue(solo_ready(**M1), 84, 49, 68, 50, 91), 215)   # any guest; D1
    assert state.player(BOT).rooms.count(2) == 1
    assert [f["ballroom"] for f in facts if f["fact"] == "bot_dancer"] == ["Goldener Strauss"]


def test_so_a05_out_of_dancers_a_dancer_guest_is_a_regular_guest_and_a_bottom_dancer_does_nothing():
    state = solo_ready(**M1)
    state = evolve(state, modules={**state.modules, "solo": evolve(bot(state), dancers_left=0)})
    state, facts = carry_out(with_queue(state, 84, 49, 68, 50, 91), 228)     # any +d1; D1; die 3/4
    assert state.player(BOT).rooms.count(2) == 1
    assert any(f["fact"] == "lapsed" and f["step"] == "bot_dancer" for f in facts)


def test_without_module_1_leopold_plays_and_elisabeths_cards_are_refused():
    with pytest.raises(RuleViolation) as refused:
        play(solo_ready(), {"type": "draw_instruction", "card": 214})
    assert refused.value.code == "not_in_deck" and "Leopold" in refused.value.message


def test_without_module_1_a_dancer_symbol_is_ignored_and_a_dancer_guest_is_a_regular_guest():
    from domain.grand_austria.solo.deck import decks, filtered
    symbols = filtered(decks()["elisabeth"][228], "hard", dancers=False, coloured_dice=False)
    assert [(s.kind, s.dancer) for s in symbols] == [("guest", 0), ("die", 0), ("objective", 0)]
    coloured = filtered(decks()["elisabeth"][230], "hard", dancers=False, coloured_dice=False)
    assert coloured[1].kind == "die" and not coloured[1].coloured and coloured[1].die == ()


def test_she_scores_in_the_ballroom_scoring_as_normal():
    from domain.grand_austria.modules.ballrooms import ballroom_scoring
    state = in_round(solo_ready(**M1), 3)
    state, _ = carry_out(with_queue(state, 84, 49, 68, 50, 91), 215)      # a dancer to the first ballroom
    out = []
    ballroom_scoring(state, out)
    assert any(f["fact"] == "scored" and f["seat"] == BOT and "Goldener Strauss" in f["why"] for f in out)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_whole_solo_games_against_elisabeth(level):
    state, moves = run(1, 60, solo={"difficulty": level}, modules=["ballrooms"])
    assert bot(state).deck == "elisabeth"
    assert all(room.scored for room in of(state).rooms)
    assert "choose_rehearsal" not in {m["type"] for m in moves}

"""The solo variant "Dinner for One" against Leopold: the setup, the
instruction cards as data, the opponent's turn carried out by the engine
(the rulebook's examples SO.X01-X04, X07, X08, X12 of
shared/reference/lets-waltz.md 7.3), its Emperor and final scoring, the
winner."""
from __future__ import annotations

import pytest
from grand_austria_table import arrange, play, points
from solo_table import (DEALT, SETUP, carry_out, draw, opponent_to_move, solo, solo_ready, texts, with_dice,
                        with_queue)

from domain.grand_austria import GAME
from domain.grand_austria.solo.bot import bot_room, empty_colours, select_die, select_guest
from domain.grand_austria.solo.deck import decks, filtered
from domain.grand_austria.solo.variant import BOT, bot
from domain.grand_austria.solo.variant.turn import any_left, deck_left
from domain.grand_austria.state import OCCUPIED
from domain.immutable import evolve
from domain.rules import RuleViolation

REVEAL = {"type": "reveal_guest", "card": 52}


# -- the decks as data ------------------------------------------------------------------
def test_each_deck_has_twenty_cards_and_exactly_five_staff_symbols():
    for deck, first in (("leopold", 193), ("elisabeth", 213)):
        cards = decks()[deck]
        assert sorted(cards) == list(range(first, first + 20))
        staff = [n for n, c in cards.items() for s in c.bottom if s.kind == "staff"]
        assert len(staff) == 5
    assert [n for n, c in decks()["leopold"].items() for s in c.bottom if s.kind == "staff"] == \
        [198, 201, 205, 206, 207]


def test_elisabeth_has_eleven_dancer_symbols_for_ten_dancers():
    cards = decks()["elisabeth"].values()
    assert sorted(c.number for c in cards for g in c.guests if g.dancer) == [214, 216, 225, 228, 232]
    assert sorted(c.number for c in cards for b in c.bottom if b.kind == "dancer") == [215, 217, 220, 223, 228, 230]


def test_easy_ignores_silver_and_gold_borders_medium_gold_only():
    """SO.X08: card 197's silver guest and card 200's gold guest are ignored on easy; card 203 takes only green."""
    kinds = lambda card, level: [s.kind for s in filtered(decks()["leopold"][card], level, False, False)]
    assert kinds(197, "easy") == ["die", "emperor"]
    assert kinds(200, "easy") == kinds(200, "medium") == ["die", "objective"]
    assert kinds(200, "hard") == ["guest", "die", "objective"]
    assert [s.colour for s in filtered(decks()["leopold"][203], "easy", False, False) if s.kind == "guest"] == \
        ["green"]
    assert len([s for s in filtered(decks()["leopold"][203], "medium", False, False) if s.kind == "guest"]) == 2


# -- the setup -----------------------------------------------------------------------------
def test_the_opponent_is_the_seat_bot_leopold_with_the_base_game():
    state = solo()
    assert state.players == ("Ann", BOT)
    assert GAME.view(state)["solo"]["opponent"] == "Leopold"
    assert state.player(BOT).krones == 0 and sum(state.player(BOT).items) == 0


@pytest.mark.parametrize("players, options, code", [
    (["Ann"], {}, "player_count"),
    (["Ann", "Bob"], {"solo": {"difficulty": "easy"}}, "player_count"),
    (["Ann"], {"solo": {"difficulty": "easy"}, "modules": ["start_player"]}, "solo_start_player"),
    (["Ann"], {"solo": {"difficulty": "easy"}, "staff_draft": True}, "solo_staff_draft"),
])
def test_setups_the_solo_rules_refuse(players, options, code):
    with pytest.raises(RuleViolation) as refused:
        GAME.setup(players, GAME.load_options(options))
    assert refused.value.code == code


def test_bot_is_a_reserved_name():
    with pytest.raises(RuleViolation):
        GAME.validate_players(["bot", "Ann"])


def test_leopold_takes_the_first_turn_and_draws_no_staff():
    state = solo()
    with pytest.raises(RuleViolation) as refused:
        play(state, {**SETUP, "start_player": "Ann"})
    assert refused.value.code == "solo_start"
    with pytest.raises(RuleViolation):
        play(state, {**SETUP, "hands": {"Ann": DEALT[:6]}})     # 10 are dealt
    state, facts = play(state, SETUP)
    assert state.tiles == {BOT: (1, 4), "Ann": (2, 3)}
    assert state.player(BOT).hand == ()
    assert state.phase == "keep_staff" and GAME.expected(state).moves == ("keep_staff",)
    assert "private deck" in texts(facts)[0]


def test_you_keep_6_of_the_10_staff_and_only_you_take_a_starting_guest_and_rooms():
    state, _ = play(solo(), SETUP)
    assert len(GAME.legal_moves(state)) == 210           # 10 choose 6
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "keep_staff", "seat": "Ann", "staff": DEALT[:5]})
    assert refused.value.code == "keep_six"
    with pytest.raises(RuleViolation):
        play(state, {"type": "keep_staff", "seat": "Ann", "staff": [3, 5, 9, 13, 21, 27]})
    state, _ = play(state, {"type": "keep_staff", "seat": "Ann", "staff": DEALT[4:]})
    assert [c.number for c in state.player("Ann").hand] == DEALT[4:]
    assert GAME.expected(state).seats == ("Ann",) and state.phase == "initial_guests"
    state = solo_ready()
    assert not any(state.player(BOT).rooms) and not any(state.player(BOT).cafe)
    assert GAME.expected(state).to_json() == {"seats": ["table"], "moves": ["draw_instruction"]}


# -- the rulebook's examples -----------------------------------------------------------------
def test_so_x01_guest_tie_with_the_hand_pointing_left():
    """Card 196 (yellow, hand left); queue red 2, yellow 0, blue 4, yellow 0, green 1 VP."""
    state = with_queue(solo_ready(), 84, 49, 68, 50, 91)
    assert select_guest(state, BOT, "yellow", "left") == 3          # position 4
    state, facts = draw(state, 196, REVEAL)
    assert facts[1]["guest"] == "Musician" and facts[1]["position"] == 4
    full = arrange(with_queue(solo_ready(), 84, 49, 68, 50, 91), BOT,
                   rooms={r: "occupied" for r in ("1.2", "2.1", "2.2", "2.5", "3.4", "3.5")})
    assert select_guest(full, BOT, "yellow", "left") == 2           # position 3: blue, most VP of those that fit


def test_so_x02_the_first_seven_guests_in_order():
    state = solo_ready()
    hotel, player, rooms = state.hotel_of(BOT), state.player(BOT), []
    for colour in ("yellow", "blue", "yellow", "green", "red", "green", "blue"):
        room = bot_room(hotel, player, colour)
        rooms.append(hotel.name_of(room))
        player = evolve(player, rooms=player.rooms[:room] + (OCCUPIED,) + player.rooms[room + 1:])
    assert rooms == ["1.2", "1.1", "2.1", "1.5", "1.3", "2.5", "3.1"]


def test_so_x02_a_guest_scores_its_vp_and_its_room_is_placed_occupied_without_payment_or_reward():
    state = with_queue(solo_ready(), 84, 49, 68, 50, 91)
    state, facts = draw(state, 194, REVEAL)        # red: Court Counsellor 2 VP (reward not given)
    assert state.player(BOT).rooms[2] == OCCUPIED    # 1.3
    assert points(facts, BOT) == 2 and state.player(BOT).krones == 0
    assert [f["fact"] for f in facts if f["fact"] != "scored"][:3] == ["instruction_drawn", "bot_guest", "bot_room"]
    assert state.queue[0].number == 52


def test_a_room_space_with_victory_points_scores_them():
    state = arrange(with_queue(solo_ready(), 84, 49, 68, 50, 91), BOT,
                    rooms={r: "occupied" for r in ("1.1", "1.5", "3.1", "3.3", "4.1")})
    state, facts = draw(state, 193, REVEAL)          # blue Princess (4 VP) -> 4.3, printed 2 VP
    assert any(f["fact"] == "bot_room" and f["room"] == "4.3" for f in facts)
    assert points(facts, BOT) == 4 + 2


def test_so_x03_tied_dice_and_the_most_dice():
    counts = (2, 2, 1, 3, 2, 0)
    assert select_die(counts, (1, 2), "right") == 1     # card 207: tie -> from the left
    assert select_die(counts, (), "right") == 4         # "?": most dice
    assert select_die(counts, (2, 3), "left") == 2      # card 210: 2 > 1
    assert select_die((0, 2, 1, 3, 2, 0), (1, 6), "left") == 4   # card 212: neither there -> most dice
    assert select_die((0, 2, 0, 0, 2, 0), (), "left") == 5       # tie, hand left -> from the right


def test_the_die_goes_onto_leopolds_tile_without_an_action():
    state = with_dice(solo_ready(), 2, 2, 1, 3, 2, 0)
    state, facts = draw(state, 199, REVEAL)           # "?"
    assert state.dice_on(4) == 2 and state.turn is not None and state.turn.seat == "Ann"
    assert not any(f["fact"] in ("action_chosen", "items") for f in facts)
    assert state.used_numbers == {1}


def test_so_x04_the_objective_countdown_and_a_claim_taken_first_by_you():
    state, facts = carry_out(solo_ready(), 196)          # E2, objective A (silver: applied on hard)
    assert bot(state).progress[0] == 1 and 'objective A (105) moves onto "III"' in texts(facts)[-1]
    state, facts = carry_out(opponent_to_move(state), 200)
    assert bot(state).progress[0] == 2
    state = evolve(state, claims=(("Ann",), (), ()))      # meanwhile Ann claims A for 15
    state, facts = carry_out(opponent_to_move(state), 209)   # objective A again: "I" -> claim
    assert bot(state).progress[0] == 3
    assert state.claims[0] == ("Ann", BOT)
    assert [f["points"] for f in facts if f["fact"] == "scored" and "objective 105" in f["why"]] == [10]


def test_a_claimed_or_question_mark_objective_goes_to_the_least_progress_by_the_hand():
    from domain.grand_austria.solo.bot import objective_target
    assert objective_target((3, 1, 1), "A", "right") == 1
    assert objective_target((3, 1, 1), "A", "left") == 2
    assert objective_target((0, 1, 0), "?", "left") == 2
    assert objective_target((3, 3, 3), "?", "left") is None


def test_so_x07_five_staff_symbols_use_up_the_private_deck():
    state = solo_ready()
    for card, staff in zip((198, 201, 205, 206, 207), (28, 29, 30, 31, 32)):
        state, _ = carry_out(opponent_to_move(state), card, [staff])
    assert bot(state).private_left == 0
    assert [c.number for c in state.player(BOT).hired] == [28, 29, 30, 31, 32]
    empty = solo_ready()
    empty = evolve(empty, modules={**empty.modules, "solo": evolve(bot(empty), private_left=0)})
    state, facts = carry_out(empty, 198)
    assert any(f["fact"] == "lapsed" and f["step"] == "bot_staff" for f in facts)


def test_only_an_end_game_staff_card_can_be_revealed_from_the_private_deck():
    state, _ = draw(with_queue(solo_ready(), 84, 49, 68, 50, 91), 198, REVEAL)
    assert GAME.expected(state).moves == ("reveal_bot_staff",)
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "reveal_bot_staff", "card": 1})
    assert refused.value.code == "not_end_game_staff"
    with pytest.raises(RuleViolation):
        play(state, {"type": "reveal_bot_staff", "card": 27})      # Ann holds it


def test_instruction_cards_belong_to_the_deck_and_are_drawn_once():
    state = solo_ready()
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "draw_instruction", "card": 213})
    assert refused.value.code == "not_in_deck"
    state, _ = carry_out(state, 197)
    state = opponent_to_move(state)
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "draw_instruction", "card": 197})
    assert refused.value.code == "already_drawn"


def test_a_deck_drawn_to_the_end_starts_again():
    """Whether a card is left is asked without listing them: the same answer as the list."""
    state = solo_ready()
    deck = list(decks()[bot(state).deck])
    for drawn in ((), tuple(deck[:1]), tuple(deck[1:]), tuple(deck[:-1]), tuple(deck)):
        at = evolve(state, modules={**state.modules, "solo": evolve(bot(state), drawn=drawn)})
        assert any_left(at) == bool(deck_left(at)) == (len(drawn) < len(deck))
    done = evolve(state, modules={**state.modules, "solo": evolve(bot(state), drawn=tuple(deck))})
    after, _ = play(done, {"type": "draw_instruction", "card": deck[0]})
    assert bot(after).drawn == (deck[0],)


def test_the_empty_rooms_colours_are_those_of_the_opponents_board():
    state = solo_ready()
    hotel, player = state.hotel_of(BOT), state.player(BOT)
    for occupied in ((), (0,), tuple(range(0, hotel.size, 2)), tuple(range(1, hotel.size))):
        rooms = tuple(OCCUPIED if r in occupied else status for r, status in enumerate(player.rooms))
        expected = {hotel.colour(r) for r in range(hotel.size) if r not in occupied}
        assert empty_colours(hotel, evolve(player, rooms=rooms)) == expected


def test_every_step_is_a_fact_in_words():
    state, facts = draw(with_queue(solo_ready(), 84, 49, 68, 50, 91), 194, REVEAL)
    words = texts(facts)
    assert words[0].startswith("Leopold draws instruction card 194: a red guest; die 2; 1 Emperor step; objective B")
    assert any("takes Court Counsellor" in w for w in words)
    assert any("places an occupied red room on 1.3" in w for w in words)
    assert any("action space 2" in w for w in words)
    assert any("advances 1 on the Emperor track" in w for w in words)
    assert any('objective B (109) moves onto "III"' in w for w in words)


# -- the scoring -------------------------------------------------------------------------------
def test_leopold_never_gets_an_emperor_reward_or_penalty():
    from domain.grand_austria.scoring import emperor_scoring
    state = arrange(evolve(solo_ready(), round=3), BOT, emperor=0)
    state = arrange(state, "Ann", emperor=0)
    out = []
    emperor_scoring(state, out)
    penalties = [f["seat"] for f in out if f["fact"] == "emperor_penalty"]
    assert penalties == ["Ann"]


def test_leopold_scores_his_rooms_and_his_face_up_staff_at_the_end():
    from domain.grand_austria.scoring import final_scoring
    state = arrange(solo_ready(), BOT, rooms={"1.1": "occupied", "2.2": "occupied", "4.5": "occupied"},
                    hired=[31, 29, 40], vp=10)
    state = arrange(state, "Ann", hired=[28], krones=5)    # Ann's Concierge, copied by his Secretary: 2 blue rooms
    state = evolve(state, claims=((BOT,), (), ()))
    state = arrange(state, BOT, objectives=(105,))
    out = []
    state = final_scoring(state, out)
    lines = {f["why"]: f["points"] for f in out if f["fact"] == "scored" and f["seat"] == BOT}
    assert lines == {"final scoring: Chambermaid": 3, "final scoring: Secretary": 6,
                     "final scoring: Marketing Director": 5, "final scoring: occupied rooms by floor": 1 + 2 + 4}


def test_so_x12_a_tie_goes_to_leopold():
    from domain.grand_austria.solo.variant import winners
    state = arrange(arrange(solo_ready(), "Ann", vp=120), BOT, vp=120)
    assert winners(state) == [BOT]
    assert winners(arrange(state, "Ann", vp=121)) == ["Ann"]

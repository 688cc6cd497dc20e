"""The solo variant with module 3 "Unique Hotels": you start with 7 krones
and choose one of three entrances drawn (no auction); the opponent plays a
solo entrance: the Toll Bridge Hotel (SO.X05), the Nine Stars Inn (SO.X06)
and the Sushi Resort (SO.X11)."""
from __future__ import annotations

import pytest
from grand_austria_table import arrange, play, points
from solo_table import ENTRANCES, SETUP, carry_out, solo_ready, texts, with_queue
from test_grand_austria_playouts import run

from domain.grand_austria import GAME
from domain.grand_austria.modules.unique_hotels import of
from domain.grand_austria.solo.entrances import HAUTEL, NINE_STARS, SUSHI, TOLL_BRIDGE
from domain.grand_austria.solo.variant import BOT, bot, stars_scoring
from domain.grand_austria.state import WHITE
from domain.immutable import evolve
from domain.rules import RuleViolation


def m3(entrance):
    return {"modules": ["unique_hotels"], "solo": {"difficulty": "hard", "bot_entrance": entrance}}


def ready(entrance, **changes):
    """The opening of solo_table.solo_ready with module 3 (Ann takes Corogari
    Zant-Mainz), the opponent's entrance with ``changes``."""
    state = solo_ready(modules=["unique_hotels"], bot_entrance=entrance)
    if changes:
        state = evolve(state, modules={**state.modules, "solo": evolve(bot(state), entrance=evolve(
            bot(state).entrance, **changes))})
    return state


def test_you_start_with_7_krones_and_choose_one_of_three_entrances():
    state, _ = play(GAME.setup(["Ann"], GAME.load_options(m3(TOLL_BRIDGE))), SETUP,
                    {"type": "keep_staff", "seat": "Ann", "staff": SETUP["hands"]["Ann"][:6]})
    with pytest.raises(RuleViolation) as refused:
        play(state, {**ENTRANCES, "entrances": ["kaufman", "mayenfels"]})
    assert refused.value.code == "entrance_count"
    state, _ = play(state, ENTRANCES)
    assert GAME.expected(state).to_json() == {"seats": ["Ann"], "moves": ["choose_entrance"]}
    assert len(GAME.legal_moves(state)) == 3
    with pytest.raises(RuleViolation):
        play(state, {"type": "choose_entrance", "seat": "Ann", "entrance": "dove"})
    state, _ = play(state, {"type": "choose_entrance", "seat": "Ann", "entrance": "kaufman"})
    assert of(state).owners == {"Ann": "kaufman"} and state.phase == "initial_guests"
    assert state.player("Ann").krones == 7 and state.player(BOT).krones == 0


def test_the_opponents_entrance_is_an_option_of_module_3_only():
    with pytest.raises(RuleViolation) as refused:
        GAME.setup(["Ann"], GAME.load_options({"modules": ["unique_hotels"], "solo": {"difficulty": "easy"}}))
    assert refused.value.code == "solo_entrance"
    with pytest.raises(RuleViolation):
        GAME.setup(["Ann"], GAME.load_options({"solo": {"difficulty": "easy", "bot_entrance": TOLL_BRIDGE}}))


# -- the Toll Bridge Hotel -------------------------------------------------------------------------
def test_leopold_leaves_a_cogwheel_on_the_space_he_takes_a_die_from():
    state, facts = carry_out(with_queue(ready(TOLL_BRIDGE), 84, 49, 68, 50, 91), 194)     # die 2
    assert bot(state).entrance.tolls == (0, 1, 0, 0, 0, 0)
    assert "leaves a cogwheel on action space 2" in " ".join(texts(facts))


def test_so_x05_a_boosted_die_from_a_space_with_three_cogwheels():
    state = ready(TOLL_BRIDGE, tolls=(0, 3, 0, 0, 0, 0))
    state = evolve(state, dice=((WHITE,), (WHITE,) * 4, (), (), (), ()))
    state, _ = carry_out(state, 193)                 # Leopold takes die 1; Ann's turn
    krones, vp = state.player("Ann").krones, state.player(BOT).vp
    state, facts = play(state, {"type": "take_die", "seat": "Ann", "value": 2, "boost": True})
    assert state.player("Ann").krones == krones - 2
    assert points(facts, BOT) == 3 and state.player(BOT).vp == vp + 3
    assert bot(state).entrance.tolls[1] == 2
    state, _ = play(state, {"type": "choose_items", "seat": "Ann", "items": {"wine": 3, "coffee": 2}})


def test_without_a_krone_you_may_not_use_a_space_with_cogwheels():
    state = ready(TOLL_BRIDGE, tolls=(0, 1, 0, 0, 0, 0))
    state = evolve(state, dice=((WHITE,), (WHITE,), (WHITE,), (), (), ()))
    state, _ = carry_out(state, 193)                 # die 1
    state = arrange(state, "Ann", krones=0)
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "take_die", "seat": "Ann", "value": 2})
    assert refused.value.code == "cannot_pay" and "Toll Bridge" in refused.value.message
    state, facts = play(state, {"type": "take_die", "seat": "Ann", "value": 3})
    assert not any(f["fact"] == "bot_toll" for f in facts)


def test_only_when_no_space_can_be_used_you_lose_5_vp_and_use_one_free():
    state = ready(TOLL_BRIDGE, tolls=(1, 2, 0, 0, 0, 0))
    state = evolve(state, dice=((WHITE,), (WHITE,), (WHITE,), (), (), ()))
    state, _ = carry_out(state, 195)                 # Leopold takes die 3: a cogwheel there too
    state = arrange(state, "Ann", krones=0, vp=10)
    state, facts = play(state, {"type": "take_die", "seat": "Ann", "value": 2})
    assert state.player("Ann").vp == 5 and state.player("Ann").krones == 0
    assert points(facts, BOT) == 2 and bot(state).entrance.tolls[1] == 1


# -- the Nine Stars Inn ---------------------------------------------------------------------------
def test_an_objective_symbol_places_a_cogwheel_on_the_stars_track():
    state, facts = carry_out(with_queue(ready(NINE_STARS), 84, 49, 68, 50, 91), 194)   # objective B
    assert bot(state).entrance.stars == 1
    state = ready(NINE_STARS, stars=9)
    state, _ = carry_out(with_queue(state, 84, 49, 68, 50, 91), 194)
    assert bot(state).entrance.stars == 9


@pytest.mark.parametrize("stars, vp", [(5, 10), (4, 10), (3, 5), (1, 5), (0, 0), (7, 15), (9, 15)])
def test_so_x06_the_stars_track_scores_after_each_emperor_scoring(stars, vp):
    state = evolve(ready(NINE_STARS, stars=stars), round=3)
    out = []
    state = stars_scoring(state, out)
    assert points(out, BOT) == vp
    assert stars_scoring(evolve(state, round=4), []) is not None


def test_completing_a_column_removes_a_cogwheel_once():
    state = ready(NINE_STARS, stars=5)
    column = {f"{f}.1": "occupied" for f in (1, 2, 3)}
    state = arrange(state, "Ann", rooms={**column, "4.1": "prepared"})
    from domain.grand_austria.hotel import occupy
    out = []
    state = occupy(state, "Ann", state.hotel_of("Ann").index("4.1"), out)
    assert bot(state).entrance.stars == 4 and bot(state).entrance.lines == {"column 1"}
    assert any(f["fact"] == "bot_stars" for f in out)


@pytest.mark.parametrize("entrance", [TOLL_BRIDGE, NINE_STARS, SUSHI, HAUTEL])
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_whole_solo_games_with_module_3(level, entrance):
    state, moves = run(1, 80, solo={"difficulty": level, "bot_entrance": entrance}, modules=["unique_hotels"])
    assert bot(state).entrance.id == entrance
    assert "choose_entrance" in {m["type"] for m in moves} and "open_auction" not in {m["type"] for m in moves}


# -- the Sushi Resort -------------------------------------------------------------------------------
def riding(state, *numbers):
    return evolve(state, modules={**state.modules, "solo": evolve(bot(state), entrance=evolve(
        bot(state).entrance, riders=frozenset(numbers)))})


def test_six_cogwheels_start_on_leopolds_hotel():
    assert bot(ready(SUSHI)).entrance.rooms == {"1.4", "1.5", "2.1", "2.2", "2.3", "3.1"}


def test_so_x11_a_room_on_a_cogwheel_sends_it_onto_the_leftmost_guest_after_the_refill():
    state = arrange(with_queue(ready(SUSHI), 84, 49, 68, 50, 91), BOT, rooms={"1.3": "occupied"})
    state, facts = carry_out(state, 194)            # red Court Counsellor -> 1.4, a cogwheel space
    entrance = bot(state).entrance
    assert "1.4" not in entrance.rooms and entrance.waiting == 0
    assert entrance.riders == {state.queue[0].number}           # the guest revealed after his take
    assert any("cogwheel on 1.4" in w for w in texts(facts))


def test_so_x11_a_guest_with_a_cogwheel_reaching_the_rightmost_space_scores_8_and_stays():
    state, _ = carry_out(with_queue(ready(SUSHI), 84, 49, 68, 50, 91), 193)   # Leopold's turn done
    state = riding(state, state.queue[3].number)
    rider = state.queue[3]
    state, facts = play(state, {"type": "take_guest", "seat": "Ann", "position": 5},
                        {"type": "reveal_guest", "card": 52})
    assert state.queue[4] == rider
    assert points(facts, BOT) == 8 and not bot(state).entrance.riders


def test_so_x11_you_pay_1_krone_more_for_a_guest_with_a_cogwheel():
    state, _ = carry_out(with_queue(ready(SUSHI), 84, 49, 68, 50, 91), 193)
    state = riding(state, state.queue[3].number)
    krones = state.player("Ann").krones
    state, facts = play(state, {"type": "take_guest", "seat": "Ann", "position": 4})
    assert state.player("Ann").krones == krones - 1            # position 4 costs 0, +1 for the cogwheel
    assert any(f["fact"] == "krones" and "Sushi" in f["why"] for f in facts)
    assert not bot(state).entrance.riders                       # the cogwheel goes back


def test_without_the_krone_you_may_not_choose_a_guest_with_a_cogwheel():
    state, _ = carry_out(with_queue(ready(SUSHI), 84, 49, 68, 50, 91), 193)
    state = arrange(riding(state, state.queue[3].number), "Ann", krones=0)
    with pytest.raises(RuleViolation) as refused:
        play(state, {"type": "take_guest", "seat": "Ann", "position": 4})
    assert refused.value.code == "cannot_pay" and "Sushi Resort" in refused.value.message


def test_leopold_taking_a_guest_with_a_cogwheel_scores_8_more():
    state = riding(with_queue(ready(SUSHI), 84, 49, 68, 50, 91), 84)
    state, facts = carry_out(state, 194)            # he takes the red Court Counsellor
    assert points(facts, BOT) == 2 + 8 and 84 not in bot(state).entrance.riders


# -- Hautel Couture -----------------------------------------------------------------------------------
HAUTEL_LAID = {"type": "lay_out_hautel", "guests": [75, 60, 89],          # blue 5, yellow 5, red 5 VP
               "items": ["coffee", "cake", "strudel", "cake", "strudel", "wine"]}


def hautel(**changes):
    """Module 3 with Hautel Couture: its guests and items laid out, Leopold's first turn next."""
    state = GAME.setup(["Ann"], GAME.load_options(m3(HAUTEL)))
    state, _ = play(state, SETUP, {"type": "keep_staff", "seat": "Ann", "staff": SETUP["hands"]["Ann"][:6]},
                    ENTRANCES, {"type": "choose_entrance", "seat": "Ann", "entrance": "corogari_zant_mainz"})
    assert GAME.expected(state).moves == ("lay_out_hautel",)
    state, facts = play(state, HAUTEL_LAID, {"type": "take_guest", "seat": "Ann", "position": 1},
                        {"type": "reveal_guest", "card": 51},
                        *[{"type": "prepare_room", "seat": "Ann", "room": r} for r in ("1.1", "1.2", "1.3")],
                        {"type": "roll", "dice": [1, 1, 2, 2, 3, 3, 4, 4, 5, 6]})
    return state, facts


def test_hautel_couture_three_guests_in_his_cafe_and_their_rooms_reserved_from_the_top_floor():
    state, facts = hautel()
    assert [t.guest.number for t in state.player(BOT).cafe] == [75, 60, 89]
    assert bot(state).entrance.reserved == ("4.1", "3.4", "4.2")      # no yellow on floor 4: floor 3
    rooms = GAME.view(state)["players"][BOT]["rooms"]
    assert [r for r, s in rooms.items() if s == "prepared"] == ["3.4", "4.1", "4.2"]
    assert bot(state).entrance.items == tuple(HAUTEL_LAID["items"])
    assert sum(bot(state).entrance.pool) == 18 - 6


def test_hautel_couture_guests_show_5_to_7_vp_and_the_items_come_from_the_pool():
    state = GAME.setup(["Ann"], GAME.load_options(m3(HAUTEL)))
    state, _ = play(state, SETUP, {"type": "keep_staff", "seat": "Ann", "staff": SETUP["hands"]["Ann"][:6]},
                    ENTRANCES, {"type": "choose_entrance", "seat": "Ann", "entrance": "corogari_zant_mainz"})
    with pytest.raises(RuleViolation) as refused:
        play(state, {**HAUTEL_LAID, "guests": [75, 60, 84]})           # Court Counsellor: 2 VP
    assert refused.value.code == "hautel_guests"
    with pytest.raises(RuleViolation) as refused:
        play(state, {**HAUTEL_LAID, "items": ["coffee"] * 6})
    assert refused.value.code == "not_in_pool"


def test_the_item_of_the_space_you_take_a_die_from_goes_onto_one_of_his_guests():
    state, _ = hautel()
    state, _ = carry_out(state, 195)                 # Leopold takes die 3: nothing happens to its strudel
    assert bot(state).entrance.items[2] == "strudel"
    state, facts = play(state, {"type": "take_die", "seat": "Ann", "value": 2},
                        {"type": "choose_items", "seat": "Ann", "items": {"wine": 2}})
    waiting = GAME.expected(state)
    assert waiting.moves == ("place_pool_item",)     # cake: the Jewelry Designer and the Commissioner want it
    with pytest.raises(RuleViolation):
        play(state, {"type": "place_pool_item", "seat": "Ann", "table": 1})     # the Baroness wants no cake
    state, facts = play(state, {"type": "place_pool_item", "seat": "Ann", "table": 2})
    assert state.player(BOT).cafe[1].served[1] == 1 and bot(state).entrance.items[1] is None


def test_his_completed_guest_scores_and_moves_into_the_reserved_room():
    from domain.grand_austria.state import Pending, Table
    state, _ = hautel()
    state, _ = carry_out(state, 195)
    guest = state.player(BOT).cafe[0].guest                       # the Baroness, 5 VP
    last = next(i for i, n in zip(state.config.items, guest.order) if n)
    served = list(guest.order[:len(state.config.items)])
    served[state.config.items.index(last)] -= 1                   # all but one item served
    cafe = (Table(guest, tuple(served)),) + state.player(BOT).cafe[1:]
    state = evolve(state, seats={**state.seats, BOT: evolve(state.player(BOT), cafe=cafe)},
                   pending=(Pending("Ann", "pool_item", pair=(last,), why="Hautel Couture"),))
    state, facts = play(state, {"type": "place_pool_item", "seat": "Ann", "table": 1})
    assert state.player(BOT).cafe[0] is None and guest in state.player(BOT).guests
    assert GAME.view(state)["players"][BOT]["rooms"]["4.1"] == "occupied"
    assert points(facts, BOT) == 5
    assert "moves into the reserved room 4.1" in " ".join(texts(facts))


def test_emptied_spaces_are_refilled_from_the_pool_at_the_round_end():
    from domain.grand_austria.solo.variant import pool_refill
    state, _ = hautel()
    entrance = bot(state).entrance
    state = evolve(state, modules={**state.modules, "solo": evolve(bot(state), entrance=evolve(
        entrance, items=(None, "cake", None) + entrance.items[3:]))})
    state = pool_refill(state, [])
    assert state.pending[0].kind == "pool_draw" and state.pending[0].n == 2

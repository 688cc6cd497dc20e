"""The solo variant with module 2 "Celebrities": Elisabeth takes a coloured
die where one lies on the space she picks (the celebrity of most VP, ties in
the lounge's order by the hand), never pays, scores the celebrity and gets
its colour's bonus instead of its effect (SO.X10); the coloured-die symbol."""
from __future__ import annotations

import pytest
from grand_austria_table import points
from solo_table import carry_out, solo_ready, texts, with_queue
from test_grand_austria_playouts import run

from domain.grand_austria.modules.celebrities import of, with_
from domain.grand_austria.solo.variant import BOT, bot
from domain.grand_austria.state import WHITE
from domain.immutable import evolve

M2 = {"modules": ["celebrities"]}


def lounge_vp(state, red, blue, yellow):
    """The lounge's celebrities worth so many VP (a chit of 2 or 4, else the printed 1)."""
    chits = {1: 0, 2: 2, 4: 4}
    return with_(state, spaces=tuple(evolve(s, chit=chits[{"red": red, "blue": blue, "yellow": yellow}[s.colour]])
                                     for s in of(state).spaces))


def dice(state, **spaces):
    """Action spaces holding these dice (space number -> colours), the rest empty."""
    return evolve(state, dice=tuple(tuple(spaces.get(f"s{v}", ())) for v in range(1, 7)))


def ready():
    return with_queue(solo_ready(**M2), 84, 49, 68, 50, 91)


def test_with_module_2_the_opponent_is_elisabeth():
    state = solo_ready(**M2)
    assert bot(state).deck == "elisabeth" and bot(state).dancers_left == 0


def test_so_x10_she_takes_the_coloured_die_of_the_celebrity_worth_most_and_its_colour_bonus():
    state = lounge_vp(dice(ready(), s2=(WHITE, "red", "blue"), s4=(WHITE,)), red=2, blue=4, yellow=1)
    state, facts = carry_out(state, 214)             # die 2
    assert state.dice[1] == (WHITE, "red")
    assert state.player(BOT).krones == 0 and not any(f["fact"] == "krones" for f in facts)
    celebrity = [f for f in facts if f["fact"] == "scored" and f["why"].startswith("celebrity")]
    assert [f["points"] for f in celebrity] == [4]
    assert any(f["why"] == "the blue die" and f["points"] == 2 for f in facts if f["fact"] == "scored")
    assert "ignores its effect" in " ".join(texts(facts))


def test_so_x10_the_red_die_advances_the_objective_of_least_progress():
    state = lounge_vp(dice(ready(), s2=(WHITE, "red"), s4=(WHITE,)), red=2, blue=4, yellow=1)
    state, facts = carry_out(state, 214)             # die 2, then objective B from the card
    assert bot(state).progress == (0, 1, 1)          # red first: A, B, C tied, the hand left takes C
    assert any(f.get("fact") == "bot_colour_bonus" and f["colour"] == "red" for f in facts)


def test_the_yellow_die_gives_two_emperor_steps():
    state = lounge_vp(dice(ready(), s4=("yellow",)), red=1, blue=1, yellow=1)
    state, facts = carry_out(state, 216)             # die 4; E2 on the card
    assert state.player(BOT).emperor == 4


def test_the_coloured_die_symbol_takes_the_coloured_die_of_most_celebrity_vp_on_the_board():
    state = lounge_vp(dice(ready(), s1=(WHITE, WHITE, WHITE), s3=("red",), s5=("yellow",)), red=1, blue=4, yellow=2)
    state, facts = carry_out(state, 231)             # coloured-die symbol
    assert state.dice[4] == () and state.dice[2] == ("red",)


def test_the_coloured_die_symbol_without_coloured_dice_takes_the_most_dice():
    state = dice(ready(), s1=(WHITE, WHITE, WHITE), s3=(WHITE,))
    state, _ = carry_out(state, 231)
    assert state.dice[0] == (WHITE, WHITE)


def test_she_ignores_the_celebritys_effect():
    """Nikola Tesla (2 VP more for each VP gained) gives her nothing more."""
    state = lounge_vp(dice(ready(), s2=("blue",)), red=1, blue=1, yellow=1)
    state, facts = carry_out(state, 214)
    assert points(facts, BOT) == 2 + 1 + 2           # Court Counsellor 2, Tesla 1, the blue die 2: no +2s


@pytest.mark.parametrize("modules", [["celebrities"], ["ballrooms", "celebrities"]], ids=["m2", "m1+m2"])
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_whole_solo_games_with_module_2(level, modules):
    state, moves = run(1, 70, solo={"difficulty": level}, modules=modules)
    assert bot(state).deck == "elisabeth"

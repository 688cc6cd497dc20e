"""A module added in this file alone, without touching the engine's files:
one effect (``tip``: krones into the tip jar, with its words), one round-end step (the
fullest tip jar scores 2 VP, or the option ``tip_prize``) and one move
(``ring_bell``, an additional action: a tip of 1 krone). It is chosen like
any module, by the option ``modules``, and is gone again once unregistered."""
from __future__ import annotations

import pytest
from grand_austria_table import mv, play, ready, white_dice
from marshmallow import validate

from domain.grand_austria import GAME
from domain.grand_austria.effects import N_, Carrying, Words, apply_effects, describe, score
from domain.grand_austria.parts import Module, MoveRule, RoundEndStep
from domain.grand_austria.registry import register, unregister
from domain.grand_austria.state import State
from domain.immutable import evolve
from domain.rules import MalformedMove, MoveSchema, RuleViolation, seat_field, whole_number

ID = "tip_jar"


def jar(state: State) -> dict[str, int]:
    return state.module(ID)


def tip(doing: Carrying, effect) -> None:
    tips = jar(doing.state)
    doing.state = evolve(doing.state, modules={**doing.state.modules,
                                               ID: {**tips, doing.seat: tips.get(doing.seat, 0) + effect.get("n", 1)}})
    doing.out.append({"fact": "tipped", "seat": doing.seat, "krones": effect.get("n", 1)})


class RingBellSchema(MoveSchema):
    seat = seat_field()


def check_ring_bell(state: State, move) -> None:
    if state.turn.boosted:
        raise RuleViolation("bell_rung", "Boosted turns ring no bell.", "Tip jar")


def ring_bell(state: State, move, out) -> State:
    return apply_effects(state, move["seat"], [{"kind": "tip", "n": 1}], "the bell", out)


def fullest_jar(state: State, out) -> State:
    tips = jar(state)
    most = max(tips.values(), default=0)
    for seat in state.players:
        if most and tips.get(seat) == most:
            state = score(state, seat, state.config.options.get("tip_prize", 2), "the fullest tip jar", out)
    return state


TIP_JAR = Module(
    id=ID, title="Tip jar (a test module)",
    moves={"ring_bell": MoveRule(RingBellSchema, check_ring_bell, ring_bell, before_main=True, additional=True,
                                 candidates=lambda state, seat: [{"type": "ring_bell", "seat": seat}])},
    effects={"tip": (frozenset({"n"}), tip, Words(N_("tip 1 krone into the jar"), N_("tip {n} krones into the jar")))},
    round_end=(RoundEndStep("fullest_tip_jar", 50, fullest_jar),),
    options={"tip_prize": whole_number(validate=validate.Range(min=1, max=9),
                                       metadata={"description": "VP for the fullest tip jar (default 2)"})},
    start=lambda config: {},
)


@pytest.fixture
def tip_jar():
    register(TIP_JAR)
    yield TIP_JAR
    unregister(ID)


def test_the_module_is_chosen_by_the_modules_option(tip_jar):
    assert GAME.load_options({"modules": ["tip_jar"]}) == {"modules": ["tip_jar"]}
    state = GAME.setup(["Ann", "Bob"], {"modules": ["tip_jar"]})
    assert ID in state.modules and "ring_bell" in GAME.describe()["moves"]


def test_its_move_effect_and_round_end_step_play(tip_jar):
    state = ready(modules=["tip_jar"])
    assert "ring_bell" in GAME.expected(state).moves
    assert {"type": "ring_bell", "seat": "Ann"} in GAME.legal_moves(state)
    state, facts = play(state, mv("ring_bell", "Ann"))
    assert {"fact": "tipped", "seat": "Ann", "krones": 1} in facts and jar(state)["Ann"] == 1
    state = evolve(state, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0),
                        mv("end_turn", "Ann"))
    assert {"fact": "scored", "seat": "Ann", "points": 2, "why": "the fullest tip jar"} in facts
    assert facts.index({"fact": "scored", "seat": "Ann", "points": 2, "why": "the fullest tip jar"}) < \
        next(i for i, f in enumerate(facts) if f["fact"] == "round_started")


def test_its_option(tip_jar):
    assert "tip_prize" in GAME.describe()["options"]["fields"]
    state = ready(modules=["tip_jar"], tip_prize=5)
    state, _ = play(state, mv("ring_bell", "Ann"))
    state = evolve(state, dice=white_dice(0, 0, 0, 1, 0, 0))
    state, facts = play(state, mv("take_die", "Ann", value=4), mv("split_funds", "Ann", krones=1, emperor=0),
                        mv("end_turn", "Ann"))
    assert {"fact": "scored", "seat": "Ann", "points": 5, "why": "the fullest tip jar"} in facts
    with pytest.raises(MalformedMove):
        GAME.load_options({"modules": ["tip_jar"], "tip_prize": "5"})
    with pytest.raises(RuleViolation, match="belongs to a module"):
        GAME.setup(["Ann", "Bob"], GAME.load_options({"tip_prize": 5}))


def test_its_effect_is_in_the_vocabulary_of_printed_cards(tip_jar):
    guest = {"name": "Waiter", "colour": "green", "order": {"wine": 1}, "vp": 1, "reward": [{"kind": "tip", "n": 3}]}
    assert GAME.load_move({"type": "reveal_guest", "card": guest})["card"] == guest


def test_its_effect_brings_its_words_to_the_view_and_the_catalog(tip_jar):
    guest = {"number": 180, "name": "Waiter", "colour": "green", "order": {"wine": 1}, "vp": 1,
             "reward": [{"kind": "tip", "n": 3}]}
    assert describe({"kind": "tip", "n": 1}) == "tip 1 krone into the jar"
    cat = GAME.catalog({"modules": ["tip_jar"], "house_catalog": {"guest": [guest]}})
    assert cat["effects"]["tip"] == {"fields": ["n"], "words": "tip 1 krone into the jar",
                                     "words_many": "tip {n} krones into the jar"}
    assert next(c for c in cat["cards"] if c.get("number") == 180)["reward_words"] == ["tip 3 krones into the jar"]


def test_a_game_without_the_module_knows_nothing_of_it(tip_jar):
    state = ready()
    assert "ring_bell" not in GAME.expected(state).moves
    with pytest.raises(RuleViolation) as refused:
        GAME.check(state, GAME.load_move(mv("ring_bell", "Ann")))
    assert refused.value.code == "module_not_in_play"


def test_once_unregistered_it_is_an_unknown_module():
    with pytest.raises(MalformedMove, match="Unknown module 'tip_jar'"):
        GAME.load_options({"modules": ["tip_jar"]})
    assert "tip" not in GAME.catalog({})["effects"]

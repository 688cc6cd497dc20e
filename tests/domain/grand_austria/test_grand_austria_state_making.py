"""The state's quick parts: a turn, a decision waiting and a die made by
filling their fields at once are the instances the dataclass's own
``__init__`` makes; answers remembered by identity are asked again for
another object, even an equal one."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from domain.grand_austria.catalog import every_card
from domain.grand_austria.memo import by_identity
from domain.grand_austria.state import Die, Pending, Turn, filled_at_once


def _as_the_dataclass_makes_it(cls: type, *args, **kwargs):
    made = object.__new__(cls)
    # the generated __init__ a plain frozen dataclass of the same fields has
    plain = dataclasses.dataclass(frozen=True)(type(cls.__name__, (), {"__annotations__": {
        f.name: f.type for f in dataclasses.fields(cls)}, **{f.name: f.default for f in dataclasses.fields(cls)
                                                           if f.default is not dataclasses.MISSING}}))
    plain.__init__(made, *args, **kwargs)
    return made


@pytest.mark.parametrize("cls, args, kwargs", [
    (Pending, ("Alex", "rooms"), {"n": 2, "why": "action 3"}),
    (Pending, ("Joe", "hire", 1, 4), {"cards": (None,), "paid": True}),
    (Turn, ("Alex", 3), {"fresh": (0, 0, 0, 0)}),
    (Turn, ("Joe", 1, True, False, 5), {"main": "die"}),
    (Die, (4,), {}),
    (Die, (2, "red"), {}),
])
def test_a_part_filled_at_once_is_the_instance_the_dataclass_makes(cls, args, kwargs):
    quick, plain = cls(*args, **kwargs), _as_the_dataclass_makes_it(cls, *args, **kwargs)
    assert quick.__dict__ == plain.__dict__ and list(quick.__dict__) == list(plain.__dict__)
    assert quick == plain and hash(quick) == hash(plain) and repr(quick) == repr(plain)
    assert pickle.dumps(quick) == pickle.dumps(plain) and pickle.loads(pickle.dumps(quick)) == quick
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.seat = "Ida"     # still frozen
    assert dataclasses.replace(quick) == quick


def test_a_part_filled_at_once_takes_no_default_factory():
    @dataclasses.dataclass(frozen=True)
    class Listed:
        cards: list = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError):
        filled_at_once(Listed)


def test_an_answer_remembered_by_identity_is_asked_again_for_another_object():
    asked = []

    @by_identity
    def bells(hired: tuple) -> tuple:
        asked.append(hired)
        return tuple(card for card in hired if card.kind == "bell")

    cards = tuple(every_card().staff.values())
    hired, equal = cards[:3], tuple(list(cards[:3]))     # (an equal tuple, another object)
    assert hired == equal and hired is not equal
    assert bells(hired) == bells(hired) == bells(equal)
    assert [a is hired for a in asked] == [True, False]
    small = by_identity(len, size=2)
    kept = [(1,), (1, 2), (1, 2, 3)]
    assert [small(t) for t in kept + kept] == [1, 2, 3, 1, 2, 3]

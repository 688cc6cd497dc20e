"""What an effect does, in words, lives in the effect registry. Each
kind registers one message template (singular and plural where the count
matters) with its handler; the view and the catalog say every printed reward,
bonus, penalty, staff card and Emperor tile in those words, so the page keeps
no table of its own."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domain.grand_austria import GAME
from domain.grand_austria.catalog import EFFECT_FIELDS, staff_from
from domain.grand_austria.effects import EFFECTS, WORDS, describe
from domain.grand_austria.view import staff_words

SAID = [
    ({"kind": "item", "item": "wine", "n": 2}, "2 wine"),
    ({"kind": "item", "item": "champagne"}, "1 champagne"),
    ({"kind": "krones", "n": 1}, "1 krone"),
    ({"kind": "krones", "n": 3}, "3 krones"),
    ({"kind": "emperor", "n": 2}, "2 Emperor steps"),
    ({"kind": "vp", "n": -5}, "−5 VP"),
    ({"kind": "vp_per_hired", "n": -1}, "−1 VP per staff card hired"),
    ({"kind": "any_items", "n": 1}, "a dish or drink of your choice"),
    ({"kind": "any_item", "n": 2}, "2 items of any kind"),
    ({"kind": "hire", "free": True}, "hire a staff card from your hand at no cost"),
    ({"kind": "hire", "discount": 3}, "hire a staff card from your hand for 3 krones less"),
    ({"kind": "offer", "draw": 2, "discount": 1}, "draw 2 staff cards and hire 1 of them for 1 krone less"),
    ({"kind": "prepare", "free": True, "max_floor": 2}, "prepare a room at no cost on floors 1–2"),
    ({"kind": "prepare", "max_floor": 4}, "prepare a room"),
    ({"kind": "occupy", "max_floor": 3}, "occupy a prepared room on floors 1–3"),
    ({"kind": "pay", "item": "champagne", "n": 2, "vp": 5}, "pay 2 champagne, else lose 5 VP"),
    ({"kind": "pay", "n": 2}, "pay 2 krones"),
    ({"kind": "lose_items", "cafe": True}, "lose every item in your kitchen and on your café guests"),
    ({"kind": "remove_empty_rooms", "n": 2, "vp": 3}, "remove 2 empty rooms, from the top floor down, else lose 3 VP"),
    ({"kind": "dancer", "discount": 1}, "send an additional dancer to a ballroom for up to 1 champagne less"),
    ({"kind": "dancer", "n": 2}, "send 2 additional dancers to ballrooms"),
    ({"kind": "dancer", "free": True}, "send an additional dancer to a ballroom at no cost"),
    ({"kind": "remove_dancers", "n": 2, "vp": 10},
     "remove 2 of your dancers from the ballroom about to be scored, else lose 10 VP"),
    ({"kind": "vp_per_dancer", "n": 2}, "2 VP per dancer in the ballrooms"),
]


@pytest.mark.parametrize("effect, words", SAID, ids=[w for _, w in SAID])
def test_an_effect_is_said_in_its_kinds_words(effect, words):
    assert describe(effect) == words


def test_every_registered_effect_kind_has_words():
    assert set(EFFECTS) == set(EFFECT_FIELDS) and set(WORDS) == set(EFFECTS)


def test_a_floor_limit_is_said_only_where_it_limits_the_hotel():
    assert describe({"kind": "prepare_occupy", "max_floor": 3}, floors=3) == "prepare a room at no cost and occupy it"
    assert describe({"kind": "prepare_occupy", "max_floor": 3}, floors=4) == \
        "prepare a room at no cost and occupy it on floors 1–3"


def test_the_templates_are_marked_for_extraction_one_per_kind():
    """Every template is a literal inside N_( ) in the registering source, so a
    message catalogue's extraction finds it."""
    marked = set()
    for source in Path("domain/grand_austria").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                marked.add(node.args[0].value)
    for kind, words in WORDS.items():
        assert words.one in marked and (words.many is None or words.many in marked), kind


def test_a_staff_card_says_its_printed_text_else_its_effects():
    assert staff_words(staff_from({"name": "Bandleader", "cost": 3, "kind": "once",
                                   "on_hire": [{"kind": "item", "item": "champagne", "n": 2}]})) == \
        "on hire: 2 champagne"
    assert staff_words(staff_from({"name": "Tuner", "cost": 1, "kind": "permanent",
                                   "trigger": {"on": "die", "values": [1], "effects": [{"kind": "vp", "n": 1}]}})) == \
        "each time (die): 1 VP"
    assert staff_words(staff_from({"name": "Old", "cost": 1, "kind": "end", "text": "printed",
                                   "end": {"measure": "rooms", "vp": 1}})) == "printed"


def test_the_view_says_rewards_tiles_bonuses_and_staff_in_words():
    from ballrooms_table import ready
    state = ready()
    view = GAME.view(state)
    guest = next(g for g in view["queue"] if g)
    assert guest["reward_words"] == [describe(e) for e in guest["reward"]]
    tile = view["emperor_tile_stacks"][0]["tiles"][-1]
    assert tile["id"] == "A5" and tile["reward_words"] == ["2 champagne"]
    assert tile["penalty_words"] == ["pay 2 champagne, else lose 5 VP"]
    row = view["ballrooms"][0]["rows"][0]
    assert row["bonus_words"] == [describe(e) for e in row["bonus"]]
    board = next(iter(view["rehearsal"].values()))
    assert board["bonus_words"] == [[describe(e) for e in section] for section in board["bonuses"]]
    assert all(c["words"] for p in view["players"].values() for c in p["hand"] if c)


def test_the_catalog_says_every_card_tile_and_board_and_lists_the_templates():
    cat = GAME.catalog({"modules": ["ballrooms"]})
    prima = next(c for c in cat["cards"] if c.get("number") == 137)
    assert prima["reward_words"] == ["2 krones", "send 2 additional dancers to ballrooms"]
    assert all(c["words"] for c in cat["cards"] if c["deck"] == "staff")
    assert cat["effects"]["krones"] == {"fields": ["n"], "words": "1 krone", "words_many": "{n} krones"}
    assert {t["id"] for t in cat["emperor_tiles"]} >= {"A1", "C5"}

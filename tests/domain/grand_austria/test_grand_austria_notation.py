"""Grand Austria Hotel's short notation for game records: every move of random
whole games reads back as the same move; the printed form of every move type;
the generic form where a move does not fit (cards by printed content);
malformed notation is refused as such."""
from __future__ import annotations

import random

import pytest

from domain.grand_austria import GAME
from domain.rules import Game
from domain.table import random_game
from notation_tables import notation_table_tests

NAMES = ["Ann", "Bo Lee", "Cy", "Di"]
SEATS = NAMES[:3]


def whole_game(players: int, options: dict, seed: int) -> list[dict]:
    return random_game(GAME, NAMES[:players], options, random.Random(seed))


@pytest.mark.parametrize("options", [{}, {"staff_draft": True}, {"modules": ["start_player"]},
                                     {"modules": ["ballrooms"]}, {"modules": ["celebrities"]},
                                     {"modules": ["unique_hotels", "ballrooms"]}])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_move_of_a_random_game_reads_back_as_itself(players, options):
    seen = set()
    for seed in range(3):
        for move in whole_game(players, options, seed):
            text = GAME.notation(move)
            assert "=" not in text, f"{move} fell back to the generic form: {text}"
            assert GAME.parse_notation(text, NAMES[:players]) == GAME.load_move(move)
            seen.add(move["type"])
    assert {"setup", "roll", "take_die", "serve", "end_turn"} <= seen
    assert ("draft_pick" in seen) == ("staff_draft" in options)


SETUP = {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B3", "C2"],
         "queue": [49, 50, 51, 52, 53], "start_player": "Bo Lee"}
PRINTED = [
    ({**SETUP, "hands": {"Ann": [1, 2, 3, 4, 5, 6], "Bo Lee": [7, 8, 9, 10, 11, 12]}},
     'Setup objectives 105 109 113, Emperor A1 B3 C2, queue 49 50 51 52 53, Bo Lee starts, '
     'hands {"Ann":[1,2,3,4,5,6],"Bo Lee":[7,8,9,10,11,12]}'),
    (SETUP, "Setup objectives 105 109 113, Emperor A1 B3 C2, queue 49 50 51 52 53, Bo Lee starts, hands ?"),
    ({"type": "reveal_guest", "card": 93}, "Reveal 93"),
    ({"type": "roll", "dice": [2, 2, 5, 1, 6]}, "Roll 2 2 5 1 6"),
    ({"type": "reroll", "dice": [3, 4]}, "Reroll 3 4"),
    ({"type": "draw_staff", "seat": "Bo Lee", "cards": [19, 25]}, "Bo Lee draws 19 25"),
    ({"type": "draw_staff", "seat": "Ann"}, "Ann draws ?"),
    ({"type": "draft_pick", "seat": "Ann", "staff": 3}, "Ann keeps 3"),
    ({"type": "draft_pick", "seat": "Ann"}, "Ann keeps ?"),
    ({"type": "take_guest", "seat": "Ann", "position": 4}, "Ann guest @4"),
    ({"type": "prepare_room", "seat": "Ann", "room": "2.1"}, "Ann room 2.1"),
    ({"type": "take_die", "seat": "Ann", "value": 3, "boost": False}, "Ann die 3"),
    ({"type": "take_die", "seat": "Ann", "value": 3, "boost": True}, "Ann die 3+"),
    ({"type": "choose_action", "seat": "Ann", "action": 2}, "Ann action 2"),
    ({"type": "choose_items", "seat": "Ann", "items": {"wine": 3, "coffee": 2}}, "Ann items 3 wine 2 coffee"),
    ({"type": "choose_items", "seat": "Ann", "items": {"strudel": 2}, "place": {"1": {"strudel": 1}}},
     "Ann items 2 strudel onto 1:1 strudel"),
    ({"type": "place_items", "seat": "Ann", "place": {"1": {"wine": 1}, "3": {"cake": 2}}},
     "Ann places 1:1 wine 3:2 cake"),
    ({"type": "take_die", "seat": "Ann", "value": 3, "boost": False, "staff_first": True}, "Ann die 3 staff first"),
    ({"type": "take_key", "seat": "Ann", "action": 3}, "Ann takes the key and action 3"),
    ({"type": "take_key", "seat": "Ann"}, "Ann takes the key"),
    ({"type": "split_funds", "seat": "Ann", "krones": 1, "emperor": 2}, "Ann funds 1 krones 2 Emperor"),
    ({"type": "hire", "seat": "Ann", "staff": 19}, "Ann hire 19"),
    ({"type": "occupy_room", "seat": "Ann", "room": "1.3"}, "Ann occupy 1.3"),
    ({"type": "complete_order", "seat": "Ann", "table": 2}, "Ann complete 2"),
    ({"type": "return_staff", "seat": "Ann", "staff": 41}, "Ann return 41"),
    ({"type": "return_staff", "seat": "Ann"}, "Ann return ?"),
    ({"type": "remove_room", "seat": "Ann", "room": "3.2"}, "Ann remove 3.2"),
    ({"type": "discard_staff", "seat": "Ann", "staff": 44}, "Ann discard 44"),
    ({"type": "decline", "seat": "Ann"}, "Ann decline"),
    ({"type": "serve", "seat": "Bo Lee", "items": [{"table": 1, "item": "wine"}, {"table": 2, "item": "cake"}]},
     "Bo Lee serve 1:wine 2:cake"),
    ({"type": "check_in", "seat": "Ann", "table": 1, "room": "1.3"}, "Ann check-in 1->1.3"),
    ({"type": "use_staff", "seat": "Ann", "staff": 12}, "Ann use 12"),
    ({"type": "claim_objective", "seat": "Ann", "objective": 108}, "Ann objective 108"),
    ({"type": "end_turn", "seat": "Ann"}, "Ann end"),
    ({"type": "pass", "seat": "Ann"}, "Ann pass"),
    ({"type": "lay_out_ballrooms", "ballrooms": ["Apollosaal", "Zum Sperl", "Odeonsaal"],
      "rehearsal_boards": ["R2", {"id": "X", "sections": [[], [], [], [{"kind": "vp", "n": 3}]]}]},
     'Ballrooms ["Apollosaal","Zum Sperl","Odeonsaal"], rehearsal boards '
     '["R2",{"id":"X","sections":[[],[],[],[{"kind":"vp","n":3}]]}]'),
    ({"type": "choose_rehearsal", "seat": "Bo Lee", "board": "R3"}, "Bo Lee rehearsal R3"),
    ({"type": "send_to_ballroom", "seat": "Ann", "table": 2, "ballroom": 3, "row": "top", "section": 4},
     "Ann ballroom 2->3 top s4"),
    ({"type": "send_to_ballroom", "seat": "Ann", "table": 1, "ballroom": 1, "row": "middle", "section": 2,
      "rewards_order": ["guest", "row", "section"]}, "Ann ballroom 1->1 middle s2 then guest row section"),
    ({"type": "send_dancer", "seat": "Ann", "ballroom": 2, "row": "bottom", "section": 1}, "Ann dancer 2 bottom s1"),
    ({"type": "choose_dustbin", "seat": "Ann", "colour": "blue"}, "Ann dustbin blue"),
    ({"type": "lay_out_lounge", "celebrities": ["Gandhi", "Albert Einstein", "Marie Curie"]},
     'Lounge ["Gandhi","Albert Einstein","Marie Curie"]'),
    ({"type": "reveal_celebrity", "card": "Marie Curie"}, "Celebrity Marie Curie"),
    ({"type": "exchange", "seat": "Ann", "give": {"cake": 2}, "take": {"wine": 1, "coffee": 1}},
     "Ann exchanges 2 cake for 1 wine 1 coffee"),
    ({"type": "remove_dancer", "seat": "Ann", "row": "middle", "space": 2}, "Ann removes dancer middle 2"),
    ({"type": "remove_dancer", "seat": "Ann", "row": "top", "space": "balcony"}, "Ann removes dancer top balcony"),
    ({"type": "take_bell_reward", "seat": "Ann", "staff": 168}, "Ann bell 168"),
    ({"type": "return_item", "seat": "Bo Lee", "item": "coffee"}, "Bo Lee returns coffee"),
    ({"type": "take_die", "seat": "Ann", "value": 5, "boost": False, "move_from": 4}, "Ann die 5 from 4"),
    ({"type": "take_die", "seat": "Ann", "value": 5, "boost": True, "colour": "red", "move_from": 4,
      "move_colour": "red"}, "Ann die 5+ red from 4 red"),
    ({"type": "lay_out_entrances", "entrances": ["kaufman", "dove"],
      "dove_tokens": [{"top": [{"kind": "vp", "n": 2}], "bottom": []}] * 5},
     'Entrances ["kaufman","dove"], Dove tokens [' + ",".join(['{"top":[{"kind":"vp","n":2}],"bottom":[]}'] * 5)
     + '], Ninas ?, Grand Wray ?'),
    ({"type": "lay_out_entrances", "entrances": ["ninas_melange", "grand_wray"], "ninas_objectives": [105, 109, 113],
      "grand_wray_tiles": ["A2", "A3", "B2", "B3", "C2", "C3"]},
     'Entrances ["ninas_melange","grand_wray"], Dove tokens ?, Ninas 105 109 113, Grand Wray '
     '["A2","A3","B2","B3","C2","C3"]'),
    ({"type": "open_auction", "seat": "Bo Lee", "entrance": "mayenfels", "bid": 5}, "Bo Lee auctions mayenfels at 5"),
    ({"type": "bid", "seat": "Ann", "amount": 7}, "Ann bids 7"),
    ({"type": "pass_bid", "seat": "Ann"}, "Ann passes the bid"),
    ({"type": "choose_dove_token", "seat": "Ann", "token": 3}, "Ann Dove token 3"),
    ({"type": "mayenfels_draw", "seat": "Ann"}, "Ann draws for Mayenfels"),
    ({"type": "claim_personal_objective", "seat": "Ann", "objective": 110}, "Ann personal objective 110"),
    ({"type": "grand_wray", "seat": "Ann", "tile": "B3"}, "Ann Grand Wray B3"),
    ({"type": "keep_staff", "seat": "Ann", "staff": [1, 5, 9, 13, 21, 27]}, "Ann selects 1 5 9 13 21 27"),
    ({"type": "keep_staff", "seat": "Ann"}, "Ann selects ?"),
    ({"type": "draw_instruction", "card": 196}, "Instruction 196"),
    ({"type": "reveal_bot_staff", "card": 31}, "Bot staff 31"),
    ({"type": "choose_entrance", "seat": "Ann", "entrance": "mayenfels"}, "Ann chooses entrance mayenfels"),
    ({"type": "lay_out_hautel", "guests": [59, 75, 89], "items": ["strudel", "cake", "wine", "coffee", "cake", "wine"]},
     "Hautel guests 59 75 89, items strudel cake wine coffee cake wine"),
    ({"type": "place_pool_item", "seat": "Ann", "table": 2}, "Ann pool item to 2"),
    ({"type": "pool_item", "item": "coffee"}, "Pool item coffee"),
]


def test_a_take_die_without_boost_reads_as_no_boost():
    assert GAME.parse_notation("Ann die 6", SEATS)["boost"] is False


HERALD = {"name": "Herald", "cost": 2, "kind": "permanent", "text": "a printed card"}
GUEST = {"name": "Waltz King", "colour": "blue", "order": {"cake": 2}, "vp": 3}
BY_PRINTED_CONTENT = [
    {"type": "hire", "seat": "Ann", "staff": HERALD},
    {"type": "draft_pick", "seat": "Ann", "staff": HERALD},
    {"type": "draw_staff", "seat": "Ann", "cards": [19, HERALD]},
    {"type": "reveal_guest", "card": GUEST},
    {**SETUP, "queue": [49, 50, GUEST, 52, 53]},
]


@pytest.mark.parametrize("move", BY_PRINTED_CONTENT, ids=[m["type"] for m in BY_PRINTED_CONTENT])
def test_a_card_by_printed_content_is_written_in_the_generic_form(move):
    loaded = GAME.load_move(move)
    text = GAME.notation(loaded)
    assert text == Game.notation(GAME, loaded)
    assert GAME.parse_notation(text, SEATS) == loaded


def test_the_views_of_a_seat_are_written_short():
    setup = GAME.load_move({**SETUP, "hands": {"Ann": [1, 2, 3, 4, 5, 6], "Cy": [7, 8, 9, 10, 11, 12]}})
    assert GAME.notation(GAME.redact_move(setup, "Bo Lee")).endswith("Bo Lee starts, hands {}")
    assert GAME.notation(GAME.redact_move(setup, "Ann")).endswith('hands {"Ann":[1,2,3,4,5,6]}')
    drawn = GAME.load_move({"type": "draw_staff", "seat": "Ann", "cards": [19, 25]})
    assert GAME.notation(GAME.redact_move(drawn, "Cy")) == "Ann draws ?"


MALFORMED = [
    "",
    "Ann",
    "Ann die",
    "Ann die 7",                    # a die shows 1 to 6
    "Ann die three",
    "Ann guest @6",
    "Ann room 21",
    "Ann hire staff",
    "Ann hire 0",                   # no staff card has number 0
    "Ann serve",
    "Ann serve 5:wine",             # café tables are 1 to 4 (Kaufman)
    "Ann serve 1:pizza",
    "Ann items 2 pizza",
    "Ann check-in 1->",
    "Reveal 3",                     # a staff card, not a guest
    "Roll 2 9",
    "Setup objectives 105 109 113, Emperor A1 B3 C2, queue 49 50 51 52 53, Bo Lee starts, hands {nope}",
    "Setup objectives 105 109, Emperor A1 B3 C2, queue 49 50 51 52 53, Bo Lee starts, hands ?",
    "Setup objectives 105 109 113, queue 49 50 51 52 53",
    "Ann take_die value=x",
]


test_the_printed_forms, test_malformed_notation_is_refused_as_malformed, \
    test_every_move_type_has_a_printed_form = notation_table_tests(GAME, SEATS, PRINTED, MALFORMED)

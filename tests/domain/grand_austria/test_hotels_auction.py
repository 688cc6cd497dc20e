"""Module 3 "Unique Hotels": the setup and the entrance auction [LW §Module 3
Setup], the rulebook's Anna, Beth and Cyril example (M3.X01) and the bids it
refuses."""
from __future__ import annotations

import pytest
from grand_austria_table import play
from hotels_table import facts_of, lay_out, plainly, ready, set_up

from domain.grand_austria import GAME
from domain.grand_austria.modules.unique_hotels import of
from domain.grand_austria.parts import parts
from domain.rules import RuleViolation

EXAMPLE = ["mayenfels", "grand_wray", "kozi_palace"]


def refused(state, move, code):
    with pytest.raises(RuleViolation) as caught:
        GAME.check(state, GAME.load_move(move))
    assert caught.value.code == code, caught.value
    return caught.value


def test_no_dishes_or_drinks_in_the_kitchens():
    state = set_up(EXAMPLE)
    assert all(sum(p.items) == 0 for p in state.seats.values())
    assert all(p.krones == 10 for p in state.seats.values())


def test_with_module_1_the_kitchens_start_with_one_champagne_only():
    for modules in (("unique_hotels", "ballrooms"), ("ballrooms", "unique_hotels")):
        state = set_up(["the_ren", "dove", "kaufman"], modules=modules)
        assert all(state.config.named(p.items) == {"strudel": 0, "cake": 0, "wine": 0, "coffee": 0, "champagne": 1}
                   for p in state.seats.values())


@pytest.mark.parametrize("modules", [("unique_hotels", "ballrooms"), ("ballrooms", "unique_hotels"),
                                     ("ballrooms", "celebrities", "unique_hotels", "start_player", "more"),
                                     ("more", "unique_hotels", "start_player", "celebrities", "ballrooms")])
def test_the_auction_comes_after_the_staff_draft_and_before_the_rehearsal_rooms(modules):
    """[LW §Combining Modules] steps 12-16: staff (drafted), the auction, rehearsal rooms, guests, rooms."""
    state = GAME.setup(["Anna", "Beth"], GAME.load_options({"modules": list(modules), "staff_draft": True}))
    names = [p.name for p in parts(state).setup_phases if p.active(state.config)]
    assert names.index("staff_draft") < names.index("entrances") < names.index("entrance_auction") \
        < names.index("rehearsal_rooms") < names.index("initial_guests")


def test_the_rulebook_example_anna_beth_and_cyril():
    state = set_up(EXAMPLE)
    assert GAME.expected(state).seats == ("Anna",)
    state, _ = play(state, {"type": "open_auction", "seat": "Anna", "entrance": "mayenfels", "bid": 5},
                    {"type": "bid", "seat": "Beth", "amount": 7}, {"type": "pass_bid", "seat": "Cyril"})
    refused(state, {"type": "bid", "seat": "Cyril", "amount": 9}, "auction_passed")
    refused(state, {"type": "bid", "seat": "Anna", "amount": 7}, "raise")
    refused(state, {"type": "bid", "seat": "Anna", "amount": 11}, "cannot_pay")
    state, facts = play(state, {"type": "bid", "seat": "Anna", "amount": 8}, {"type": "pass_bid", "seat": "Beth"})
    assert facts_of(facts, "entrance_gained") == [{"fact": "entrance_gained", "seat": "Anna", "entrance": "mayenfels",
                                                   "krones": 8}]
    anna = state.player("Anna")
    assert anna.krones == 2 and state.config.named(anna.items) == {"strudel": 0, "cake": 1, "wine": 0, "coffee": 1}
    # Mayenfels when gained: the table draws a staff card, then a hire up to 3 krones less
    assert GAME.expected(state).moves == ("draw_staff",)
    state, _ = play(state, {"type": "draw_staff", "seat": "Anna", "cards": [40]})
    assert len(state.player("Anna").hand) == 7
    refused(state, {"type": "hire", "seat": "Anna", "staff": 10}, "not_in_hand")
    state, facts = play(state, {"type": "hire", "seat": "Anna", "staff": 9})      # Butler 5, 3 less: 2 krones
    assert state.player("Anna").krones == 0 and [c.name for c in state.player("Anna").hired] == ["Butler"]
    assert not facts_of(facts, "krones")[1:], "the hire when gaining Mayenfels gives no krone back"
    # Anna, the start player, won: Beth opens the next auction
    assert GAME.expected(state).seats == ("Beth",) and GAME.expected(state).moves == ("open_auction",)
    refused(state, {"type": "open_auction", "seat": "Anna", "entrance": "kozi_palace", "bid": 0}, "has_entrance")
    refused(state, {"type": "open_auction", "seat": "Beth", "entrance": "mayenfels", "bid": 0}, "no_such_entrance")
    state, _ = play(state, {"type": "open_auction", "seat": "Beth", "entrance": "kozi_palace", "bid": 0})
    refused(state, {"type": "bid", "seat": "Anna", "amount": 1}, "has_entrance")
    for seat, amount in (("Cyril", 1), ("Beth", 2), ("Cyril", 3), ("Beth", 4), ("Cyril", 5)):
        assert GAME.expected(state).seats == (seat,)
        state, _ = play(state, {"type": "bid", "seat": seat, "amount": amount})
    state, facts = play(state, {"type": "pass_bid", "seat": "Beth"})
    assert [(f["seat"], f["entrance"], f["krones"]) for f in facts_of(facts, "entrance_gained")] == \
        [("Cyril", "kozi_palace", 5), ("Beth", "grand_wray", 0)]
    assert {s: p.krones for s, p in state.seats.items()} == {"Anna": 0, "Beth": 10, "Cyril": 5}
    beth, cyril = state.player("Beth"), state.player("Cyril")
    assert beth.emperor == 2 and state.config.named(beth.items)["strudel"] == 1
    assert state.config.named(cyril.items) == {"strudel": 0, "cake": 1, "wine": 0, "coffee": 1}
    assert of(state).owners == {"Anna": "mayenfels", "Cyril": "kozi_palace", "Beth": "grand_wray"}
    assert state.phase == "initial_guests"


def test_a_bid_of_0_is_a_bid_and_a_bid_above_your_krones_is_refused():
    state = set_up(EXAMPLE)
    refused(state, {"type": "open_auction", "seat": "Anna", "entrance": "mayenfels", "bid": 11}, "cannot_pay")
    with pytest.raises(Exception):
        GAME.load_move({"type": "open_auction", "seat": "Anna", "entrance": "mayenfels", "bid": -1})
    state, _ = play(state, {"type": "open_auction", "seat": "Anna", "entrance": "kozi_palace", "bid": 0})
    refused(state, {"type": "bid", "seat": "Beth", "amount": 0}, "raise")


def test_with_two_players_one_auction_and_the_loser_takes_the_other_free():
    state = set_up(["dove", "kaufman"], names=("Anna", "Beth"), start="Beth")
    assert GAME.expected(state).seats == ("Beth",)
    state, facts = play(state, {"type": "open_auction", "seat": "Beth", "entrance": "kaufman", "bid": 3},
                        {"type": "pass_bid", "seat": "Anna"})
    assert [(f["seat"], f["entrance"], f["krones"]) for f in facts_of(facts, "entrance_gained")] == \
        [("Beth", "kaufman", 3), ("Anna", "dove", 0)]
    assert state.player("Beth").krones == 7 and state.player("Anna").krones == 10


def test_who_opens_the_next_auction_with_four_players():
    """The start player while they have no entrance; else the next clockwise without one."""
    names = ("Anna", "Beth", "Cyril", "Dora")
    state = set_up(["dove", "kaufman", "kozi_palace", "chateau_paulwei"], names=names, start="Beth")
    openers = []
    for entrance, winner in (("dove", "Cyril"), ("kaufman", "Beth"), ("kozi_palace", "Anna")):
        opener = GAME.expected(state).seats[0]
        openers.append(opener)
        state, _ = play(state, {"type": "open_auction", "seat": opener, "entrance": entrance, "bid": 0})
        while of(state).auction is not None:
            seat = GAME.expected(state).seats[0]
            move = {"type": "bid", "seat": seat, "amount": of(state).auction.bid + 1} if seat == winner else \
                {"type": "pass_bid", "seat": seat}
            state, _ = play(state, move)
        state = plainly(state, until=lambda s: not s.pending)
    assert openers == ["Beth", "Beth", "Dora"]
    assert of(state).owners["Dora"] == "chateau_paulwei"


def test_passing_is_final_and_the_bidding_goes_clockwise_skipping_those_out():
    names = ("Anna", "Beth", "Cyril", "Dora")
    state = set_up(["dove", "kaufman", "kozi_palace", "chateau_paulwei"], names=names)
    state, _ = play(state, {"type": "open_auction", "seat": "Anna", "entrance": "dove", "bid": 1},
                    {"type": "pass_bid", "seat": "Beth"}, {"type": "bid", "seat": "Cyril", "amount": 2})
    assert GAME.expected(state).seats == ("Dora",)
    state, _ = play(state, {"type": "pass_bid", "seat": "Dora"})
    assert GAME.expected(state).seats == ("Anna",)          # Beth passed: skipped
    state, _ = play(state, {"type": "bid", "seat": "Anna", "amount": 3})
    assert GAME.expected(state).seats == ("Cyril",)
    state, facts = play(state, {"type": "pass_bid", "seat": "Cyril"})
    assert facts_of(facts, "entrance_gained")[0]["seat"] == "Anna"


def test_the_lay_out_is_checked():
    state = set_up(EXAMPLE)
    fresh = GAME.setup(["Anna", "Beth"], GAME.load_options({"modules": ["unique_hotels"]}))
    fresh, _ = play(fresh, {"type": "setup", "objectives": [105, 109, 113], "emperor_tiles": ["A1", "B1", "C1"],
                            "queue": [49, 63, 77, 91, 50], "start_player": "Anna"})
    refused(fresh, lay_out(["dove"]), "entrance_count")
    refused(fresh, lay_out(["dove", "dove"]), "entrance_count")
    refused(fresh, lay_out(["the_ren", "dove"]), "the_ren_needs_module_1")
    refused(fresh, {"type": "lay_out_entrances", "entrances": ["dove", "kaufman"]}, "entrance_extras")
    refused(fresh, {**lay_out(["dove", "kaufman"]), "ninas_objectives": [106, 110, 114]}, "entrance_extras")
    refused(fresh, {**lay_out(["ninas_melange", "kaufman"]), "ninas_objectives": [105, 110, 114]},
            "ninas_objectives")           # 105 lies on the game board
    refused(fresh, {**lay_out(["grand_wray", "kaufman"]), "grand_wray_tiles": ["A1", "A2", "B2", "B3", "C2", "C3"]},
            "grand_wray_tiles")           # A1 lies below the round track
    refused(fresh, {**lay_out(["grand_wray", "kaufman"]), "grand_wray_tiles": ["A2", "A3", "A4", "B3", "C2", "C3"]},
            "grand_wray_tiles")
    with pytest.raises(Exception):
        GAME.load_move({**lay_out(["dove", "kaufman"]), "dove_tokens": [{"top": [{"kind": "teleport"}], "bottom": []}]})
    assert state.phase == "entrance_auction"


def test_the_view_shows_the_auction():
    state = set_up(EXAMPLE)
    state, _ = play(state, {"type": "open_auction", "seat": "Anna", "entrance": "mayenfels", "bid": 5})
    view = GAME.view(state, None)["hotel_entrances"]
    assert view["auction"] == {"entrance": "mayenfels", "name": "Mayenfels", "bid": 5, "leader": "Anna",
                               "to_bid": "Beth", "passed": []}
    assert [e["entrance"] for e in view["offer"]] == EXAMPLE


def test_after_the_auction_the_setup_goes_on_to_the_first_roll():
    state = ready(["dove", "kaufman", "chateau_paulwei"], [("dove", 2), ("kaufman", 1)])
    assert state.phase == "turns"
    assert of(state).owners == {"Anna": "dove", "Beth": "kaufman", "Cyril": "chateau_paulwei"}
    assert len(state.player("Beth").cafe) == 4 and len(state.player("Anna").cafe) == 3


def test_with_module_4_the_auction_spends_the_money_of_the_new_turn_order_tiles():
    """[LW §Combining Modules] steps 10b then 13: 9, 10, 11, 12 krones by position before the auction."""
    names = ("Anna", "Beth", "Cyril", "Dora")
    state = set_up(["dove", "kaufman", "kozi_palace", "chateau_paulwei"], names=names, start="Cyril",
                   modules=("unique_hotels", "start_player"))
    assert {s: p.krones for s, p in state.seats.items()} == {"Cyril": 9, "Dora": 10, "Anna": 11, "Beth": 12}
    refused(state, {"type": "open_auction", "seat": "Cyril", "entrance": "dove", "bid": 10}, "cannot_pay")
    state, _ = play(state, {"type": "open_auction", "seat": "Cyril", "entrance": "dove", "bid": 9})
    refused(state, {"type": "bid", "seat": "Dora", "amount": 11}, "cannot_pay")

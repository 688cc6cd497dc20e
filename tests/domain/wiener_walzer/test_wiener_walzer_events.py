"""The variant with event cards (rulebook "Variant with Event Cards" and
"The Event Cards in Detail"), card by card."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace


from domain.rules import TABLE
from domain.wiener_walzer import GAME
from domain.wiener_walzer.components import EVENT_CARDS, EVENT_DECK
from domain.wiener_walzer.events import RULES
from wiener_walzer_table import Table, facts, pairs


def drawn(card, table=None, zero="L0", space="g1"):
    """Blue places a guest of value 0 on g1 (out of the way), the table draws ``card``."""
    table = table or Table(events=True)
    table.place("Blue", zero, space)
    assert table.expected().seats == (TABLE,) and table.expected().moves == ("event",)
    outcome = table.do(type="event", card=card)
    assert facts(outcome, "event_drawn")[0]["title"] == EVENT_CARDS[card]["title"]
    assert table.expected().seats == ("Blue",) and table.expected().moves == ("resolve_event",)
    return table


def resolve(table, **fields):
    return table.do(type="resolve_event", seat="Blue", **fields)


def refused(table, **fields):
    return table.refused(type="resolve_event", seat="Blue", **fields)


def test_the_event_stack_holds_the_12_cards_of_the_rulebook():
    assert len(EVENT_DECK) == 12 and set(RULES) == set(EVENT_CARDS)
    counts = Counter(EVENT_DECK)
    assert counts["ausfallschritt"] == counts["solotaenzer"] == counts["essen_sie_das_noch"] == 2
    assert sum(1 for c in counts.values() if c == 1) == 6


def test_a_guest_of_value_0_draws_an_event_card_only_in_the_variant():
    table = Table()
    table.place("Blue", "L0", "g1")
    assert table.expected().seats == ("Green",)
    table = Table(events=True)
    assert table.refused(type="event", card="tortung").code == "no_event_due"
    table.place("Blue", "L1", "g1")
    assert table.expected().seats == ("Green",)
    table.place("Green", "G0", "g7")
    assert table.expected().seats == (TABLE,)
    assert table.refused(type="place", seat="Red", card="L1", space="a7").code == "event_due"


def test_a_drawn_event_card_goes_back_into_the_box():
    table = drawn("tortung")
    resolve(table, lapse=True)       # no cake anywhere: it lapses
    table.place("Green", "L1", "a7")
    table.place("Red", "L1", "c7")
    table.place("Blue", "G0", "e7")
    assert table.refused(type="event", card="tortung").code == "event_used"
    table.do(type="event", card="ausfallschritt")
    assert table.state.event_deck.count("ausfallschritt") == 1


def test_the_event_comes_before_the_dances_and_dances_are_checked_after_it():
    table = Table(events=True).put("a7", "G3", "Green").put("b7", "L5", "Red")
    table.place("Blue", "L0", "a6")            # a7 is now enclosed, but the event comes first
    assert pairs(table.outcomes[-1]) == [] and not table.guest("a7").turned
    table.do(type="event", card="ausfallschritt")
    assert refused(table, first="a6", second="b7").code == "not_adjacent"
    outcome = resolve(table, first="a7", second="a6")   # the gentleman steps up; Blue's lady 0 in the corner
    assert facts(outcome, "swapped")[0]["spaces"] == ["a7", "a6"]
    assert table.guest("a7").card == "L0" and table.guest("a6").card == "G3"
    # the corner lady 0 is enclosed by a6 (G3) and b7 (a lady): she dances with the gentleman 3
    assert pairs(outcome) == [{"a7", "a6"}]
    assert table.points("Blue") == 3 and table.points("Green") == 3


def test_an_event_lapses_only_when_it_cannot_be_carried_out():
    table = drawn("partnerwechsel")       # nobody has danced yet
    assert GAME.legal_moves(table.state) == [{"type": "resolve_event", "seat": "Blue", "lapse": True}]
    outcome = resolve(table, lapse=True)
    assert facts(outcome, "event_lapsed") == [{"fact": "event_lapsed", "card": "partnerwechsel"}]
    table = drawn("ausfallschritt", Table(events=True).put("f1", "G2", "Red"))
    error = refused(table, lapse=True)
    assert error.code == "event_possible" and "first" in error.message
    assert refused(table, lapse=True, first="f1").code == "lapse_with_fields"
    assert refused(table, first="f1").code == "event_fields"
    assert refused(table, first="f1", second="g1", tile="a1").code == "event_fields"
    assert refused(table, first="f1", second="z9").code == "not_in_play"


def test_every_listed_resolution_is_legal():
    table = drawn("essen_sie_das_noch", Table(events=True).collect("Blue", ("caviar",), ("cigar", "cigar")))
    moves = GAME.legal_moves(table.state)
    assert len(moves) == 3 * (len(table.state.tiles))   # cheese (from g1), caviar, cigar+cigar
    for move in moves:
        GAME.check(table.state, GAME.load_move(move))


# -- Küss die Hand! ------------------------------------------------------------------------
def test_kuess_die_hand_swaps_a_gentleman_with_a_tile_next_to_a_lady():
    table = Table(events=True).put("d4", "G5", "Red").put("a7", "L2", "Green").tile("b7", "caviar")
    drawn("kuess_die_hand", table)
    assert refused(table, guest="a7", tile="b7").code == "not_a_gentleman"
    assert refused(table, guest="d4", tile="c3").code == "tile_not_by_lady"
    assert refused(table, guest="d4", tile="a7").code == "no_tile"
    resolve(table, guest="d4", tile="b7")
    assert table.guest("b7").card == "G5" and table.guest("b7").owner == "Red"
    assert table.state.tiles["d4"] == ("caviar",) and "d4" not in table.state.guests


def test_kuess_die_hand_does_not_move_a_turned_gentleman():
    table = Table(events=True).put("d4", "G5", "Red", turned=True).put("a7", "L2", "Green")
    drawn("kuess_die_hand", table)
    assert refused(table, guest="d4", tile="b7").code == "guest_turned"


# -- Hatten Sie nicht schon genug ...? ---------------------------------------------------------
def test_hatten_sie_swaps_a_champagne_tile_on_the_board_with_another_tile():
    table = drawn("hatten_sie_nicht_schon_genug", Table(events=True).tile("c3", "champagne").tile("e5", "cigar"))
    assert refused(table, champagne="e5", tile="c3").code == "not_champagne"
    assert refused(table, champagne="c3", tile="c3").code == "same_space"
    assert refused(table, tile="c3").code == "champagne_source"
    resolve(table, champagne="c3", tile="e5")
    assert table.state.tiles["c3"] == ("cigar",) and table.state.tiles["e5"] == ("champagne",)


def test_hatten_sie_takes_a_champagne_tile_from_a_player():
    table = Table(events=True).collect("Green", ("champagne", "champagne"), ("cheese",)).tile("e5", "cigar")
    drawn("hatten_sie_nicht_schon_genug", table)
    assert refused(table, champagne_of="Green", collected=["cheese"], tile="e5").code == "not_champagne"
    assert refused(table, champagne_of="Green", collected=["champagne"], tile="e5").code == "tile_not_collected"
    outcome = resolve(table, champagne_of="Green", collected=["champagne", "champagne"], tile="e5")
    assert table.state.collected[1] == (("cheese",), ("cigar",))
    assert table.state.tiles["e5"] == ("champagne", "champagne")
    assert facts(outcome, "tile_exchanged")[0]["took"] == ["cigar"]


# -- Ausfallschritt --------------------------------------------------------------------------
def test_ausfallschritt_swaps_two_adjacent_face_up_guests():
    table = drawn("ausfallschritt", Table(events=True).put("d4", "G5", "Red").put("d5", "L1", "Green")
                  .put("d6", "L3", "Green", turned=True))
    assert refused(table, first="d5", second="d6").code == "guest_turned"
    assert refused(table, first="d4", second="e4").code == "no_guest"
    resolve(table, first="d4", second="d5")
    assert table.guest("d4").card == "L1" and table.guest("d5").card == "G5"


# -- Solotänzer ------------------------------------------------------------------------------
def test_solotaenzer_moves_a_players_highest_card_onto_an_adjacent_tile():
    table = Table(events=True).put("d4", "G5", "Red").put("a7", "L3", "Red").put("c4", "L5", "Green")
    table.put("e4", "L5", "Red", turned=True).tile("d3", "cigar")
    drawn("solotaenzer", table)
    error = refused(table, guest="a7", tile="a6")
    assert error.code == "not_highest" and "5" in error.message
    assert refused(table, guest="b1", tile="a1").code == "neutral_guest"
    assert refused(table, guest="d4", tile="d6").code == "not_adjacent"
    resolve(table, guest="d4", tile="d3")
    assert table.guest("d3").card == "G5" and table.state.tiles["d4"] == ("cigar",)


def test_solotaenzer_lets_you_pick_among_a_players_tied_highest_cards():
    table = Table(events=True).put("d4", "G5", "Red").put("a7", "L5", "Red")
    drawn("solotaenzer", table)
    resolve(table, guest="a7", tile="a6")
    assert table.guest("a6").card == "L5"


# -- Essen Sie das noch? ---------------------------------------------------------------------
def test_essen_sie_das_noch_swaps_one_of_your_tiles_with_one_on_the_board():
    table = Table(events=True).collect("Blue", ("caviar", "caviar")).tile("e5", "champagne")
    drawn("essen_sie_das_noch", table)
    assert refused(table, collected=["cigar"], tile="e5").code == "tile_not_collected"
    resolve(table, collected=["caviar", "caviar"], tile="e5")
    assert table.state.collected[0] == (("cheese",), ("champagne",))   # g1's cheese taken when placing the 0
    assert table.state.tiles["e5"] == ("caviar", "caviar")


# -- Anstandsdame -----------------------------------------------------------------------------
def test_anstandsdame_swaps_any_two_ladies():
    table = drawn("anstandsdame", Table(events=True).put("a7", "L5", "Red").put("e2", "L1", "Green")
                  .put("c4", "G3", "Red"))
    assert refused(table, first="a7", second="c4").code == "not_a_lady"
    assert refused(table, first="a7", second="a7").code == "same_space"
    resolve(table, first="a7", second="e2")
    assert table.guest("a7").owner == "Green" and table.guest("e2").owner == "Red"


# -- Tortung ------------------------------------------------------------------------------------
def test_tortung_sets_the_owner_of_a_guest_beside_a_cake_back_2():
    table = Table(events=True).put("d4", "G3", "Red").tile("d5", "sachertorte").put("a7", "L2", "Green")
    table.score("Red", 10)
    drawn("tortung", table)
    assert refused(table, guest="a7").code == "no_cake"
    outcome = resolve(table, guest="d4")
    assert table.points("Red") == 8
    assert facts(outcome, "scored") == [{"fact": "scored", "seat": "Red", "points": -2,
                                         "why": "Tortung: cake next to G3 on d4"}]


def test_tortung_never_sets_a_player_below_zero_nor_a_neutral_guest():
    table = Table(events=True).put("d4", "G3", "Red").tile("d5", "sachertorte").tile("a1", "sachertorte")
    table.score("Red", 1)
    drawn("tortung", table)
    assert refused(table, guest="b1").code == "neutral_guest"     # the white guest beside a1's cake
    resolve(table, guest="d4")
    assert table.points("Red") == 0


# -- Partnerwechsel -------------------------------------------------------------------------------
def test_partnerwechsel_swaps_your_own_guest_with_one_who_has_danced():
    table = Table(events=True).put("d4", "G3", "Blue").put("a7", "L2", "Red", turned=True).put("c4", "L4", "Red")
    drawn("partnerwechsel", table)
    assert refused(table, first="c4", second="a7").code == "not_own_guest"
    assert refused(table, first="d4", second="c4").code == "not_danced"
    resolve(table, first="d4", second="a7")
    assert table.guest("a7").card == "G3" and table.guest("d4").turned


# -- ... nur eine Zigarre! ------------------------------------------------------------------------
def test_nur_eine_zigarre_makes_two_guests_of_the_same_sex_dance_at_once():
    table = (Table(events=True).put("d4", "G3", "Red").put("d5", "G5", "Green").put("c4", "L5", "Green")
             .tile("e4", "cigar"))
    drawn("nur_eine_zigarre", table)
    assert refused(table, first="d4", second="c4").code == "not_same_sex"
    outcome = resolve(table, first="d4", second="d5")
    dance = facts(outcome, "danced")[0]
    assert dance["kind"] == "cigar" and dance["points"] == 8
    assert table.points("Red") == 8 and table.points("Green") == 8
    assert table.guest("d4").turned and table.guest("d5").turned


def test_nur_eine_zigarre_needs_a_cigar_beside_one_of_them():
    table = Table(events=True).put("d4", "L3", "Red").put("d5", "L5", "Green")
    drawn("nur_eine_zigarre", table)
    assert refused(table, first="d4", second="d5").code == "no_cigar"
    resolve(table, lapse=True)


def test_tortung_may_hit_the_active_player_when_only_their_guest_stands_by_a_cake():
    table = Table(events=True).put("d4", "G3", "Blue").tile("d5", "sachertorte").score("Blue", 5)
    drawn("tortung", table)
    assert refused(table, lapse=True).code == "event_possible"
    resolve(table, guest="d4")
    assert table.points("Blue") == 3


def test_neutral_guests_kiss_hands_too():
    table = drawn("kuess_die_hand", Table(events=True).put("a2", "L4", "Green"))
    resolve(table, guest="b1", tile="a1")       # the white gentleman leaves his gold space
    assert table.guest("a1").owner is None and table.state.tiles["b1"] == ("cheese",)


def test_in_digital_play_the_table_draws_an_event_card_still_in_the_stack():
    table = Table(events=True)
    table.place("Blue", "L0", "g1")
    table.state = replace(table.state, event_deck=("tortung",))
    assert GAME.chance_move(table.state, random.Random(1)) == {"type": "event", "card": "tortung"}


# -- where the cards leave a case open (docs/games/wiener-walzer.md, "Choices where the rulebook is silent") ----------------
def test_kuess_die_hand_needs_a_face_up_lady_beside_the_tile():
    table = Table(events=True).put("d4", "G5", "Red").put("a6", "L2", "Green", turned=True)
    drawn("kuess_die_hand", table)
    assert refused(table, guest="d4", tile="a7").code == "tile_not_by_lady"   # the lady beside a7 has danced


def test_solotaenzer_looks_at_a_players_face_up_cards_only():
    table = Table(events=True).put("d4", "G5", "Red", turned=True).put("a7", "L3", "Red").put("c4", "L1", "Red")
    drawn("solotaenzer", table)
    assert refused(table, guest="d4", tile="d3").code == "guest_turned"
    assert refused(table, guest="c4", tile="c3").code == "not_highest"
    resolve(table, guest="a7", tile="b7")       # Red's danced 5 lies face down: the 3 is their highest
    assert table.guest("b7").card == "L3" and table.state.tiles["a7"] == ("cheese",)


def test_anstandsdame_swaps_face_up_ladies_white_ones_too():
    layout = ["GGoooooo"] + ["oooooooo"] * 5
    table = Table(events=True, layout=layout, neutral={"a1": "L5", "b1": "G2"})
    table.put("e4", "L3", "Red").put("e5", "L4", "Green", turned=True)
    drawn("anstandsdame", table)
    assert refused(table, first="a1", second="e5").code == "guest_turned"
    resolve(table, first="a1", second="e4")
    assert table.guest("e4").owner is None and table.guest("e4").card == "L5" and table.guest("a1").owner == "Red"


def test_tortung_picks_a_face_up_guest():
    table = Table(events=True).put("d4", "G3", "Red", turned=True).tile("d5", "sachertorte").score("Red", 6)
    drawn("tortung", table)
    assert refused(table, guest="d4").code == "guest_turned"
    resolve(table, lapse=True)
    assert table.points("Red") == 6


def test_partnerwechsel_may_move_your_own_danced_guest():
    table = Table(events=True).put("d4", "G3", "Blue", turned=True).put("a7", "L2", "Red", turned=True)
    drawn("partnerwechsel", table)
    assert refused(table, first="d4", second="d4").code == "same_space"
    resolve(table, first="d4", second="a7")
    assert table.guest("a7").owner == "Blue" and table.guest("d4").owner == "Red"
    assert table.guest("a7").turned and table.guest("d4").turned


def test_nur_eine_zigarre_never_makes_a_danced_guest_dance_again_and_two_white_guests_score_for_nobody():
    layout = ["GGoooooo"] + ["oooooooo"] * 5
    table = Table(events=True, layout=layout, neutral={"a1": "G5", "b1": "G2"}).tile("c1", "cigar")
    table.put("e4", "L3", "Red").put("e5", "L4", "Green", turned=True).tile("f4", "cigar")
    drawn("nur_eine_zigarre", table, space="h6")
    assert refused(table, first="e4", second="e5").code == "guest_turned"
    outcome = resolve(table, first="a1", second="b1")
    assert facts(outcome, "danced")[0]["seats"] == [] and facts(outcome, "scored") == []
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 0, "Red": 0}
    assert table.guest("a1").turned and table.guest("b1").turned


def test_hatten_sie_may_swap_the_active_players_own_champagne():
    table = Table(events=True).collect("Blue", ("champagne",)).tile("e5", "caviar", "caviar")
    drawn("hatten_sie_nicht_schon_genug", table)
    resolve(table, champagne_of="Blue", collected=["champagne"], tile="e5")
    assert table.state.collected[0] == (("cheese",), ("caviar", "caviar"))
    assert table.state.tiles["e5"] == ("champagne",)


def test_ausfallschritt_moves_white_guests_too_and_the_dances_follow():
    table = Table(events=True).put("a1", "L3", "Red").put("c1", "G1", "Green").put("a2", "G2", "Green")
    drawn("ausfallschritt", table)           # a1 is enclosed, but the event comes before her dance
    outcome = resolve(table, first="b1", second="c1")     # the white G4 steps away from her
    assert table.guest("c1").owner is None and table.guest("b1").card == "G1"
    assert pairs(outcome) == [{"a1", "a2"}]              # her best partner now is the green 2
    assert table.points("Red") == 5 and table.points("Green") == 5

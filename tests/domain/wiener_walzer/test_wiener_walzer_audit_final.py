"""A last audit of Wiener Walzer against the rulebook
(../shared/rules/wiener-walzer.txt), rule by rule: the cases the
other test files leave out."""
from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from domain.rules import RuleViolation
from domain.wiener_walzer import GAME
from domain.wiener_walzer.components import DELICACIES, GUEST_CARDS, JOKER, buffet_points, buffet_sets
from test_wiener_walzer_api import record, state
from test_wiener_walzer_http import danced, place, refused as refused_over_http, table_game
from wiener_walzer_table import Table, facts, pairs


def default_board(players):
    """The reconstructed default board for ``players``, every white guest a different card."""
    state = GAME.setup(list(players), GAME.load_options({}))
    neutral = dict(zip(sorted(state.board.gold), GUEST_CARDS))
    return Table(players=players, layout=None, neutral=neutral)


def options_of(table):
    return [(o["dancer"], o["partner"]) for o in facts(table.outcomes[-1], "dance_choice")[0]["options"]]


# -- Setup: "With 2 players, play takes place only in the light brown area" ---------------------------
def test_with_2_players_the_unused_west_wing_is_the_edge_of_the_board():
    """"If a guest card is surrounded on all four sides by other guest cards (or
    the edge of the board), the enclosed guest dances": c3 lies in the west wing,
    not in play with 2 players, so d3 is enclosed by d2, e3 and d4."""
    table = default_board(("Blue", "Green")).put("d2", "L5", "Green").put("e3", "L1", "Green").put("d4", "L2", "Blue")
    outcome = table.place("Blue", "G3", "d3")
    assert pairs(outcome) == [{"d3", "d2"}]
    assert table.points("Blue") == 8 and table.points("Green") == 8


def test_with_3_players_the_west_wing_is_in_play_and_no_longer_an_edge():
    table = default_board(("Blue", "Green", "Red")).put("d2", "L5", "Green").put("e3", "L1", "Green")
    table.put("d4", "L2", "Blue")
    outcome = table.place("Blue", "G3", "d3")      # c3 is a free space now
    assert pairs(outcome) == [] and not table.guest("d3").turned


def test_with_3_players_the_east_wing_and_the_foyer_are_both_edges():
    """j5 borders the east wing (4 players) and the foyer (5 players): with 3
    players its only neighbours are j4 and i5."""
    table = default_board(("Blue", "Green", "Red")).put("j4", "L4", "Green").put("i5", "L0", "Red")
    outcome = table.place("Blue", "G2", "j5")
    assert pairs(outcome) == [{"j5", "j4"}] and table.points("Blue") == 6 == table.points("Green")
    table = default_board(("Blue", "Green", "Red", "Yellow")).put("j4", "L4", "Green").put("i5", "L0", "Red")
    assert pairs(table.place("Blue", "G2", "j5")) == []     # the east wing is in play with 4


def test_a_square_without_a_space_in_a_custom_layout_is_the_edge_too():
    layout = ["oooooooo", "oo.ooooo", "oooooooo", "oooooooo"]
    table = Table(players=("Blue", "Green"), layout=layout, neutral={}).put("d1", "G1", "Green")
    table.put("e2", "G5", "Green").put("d3", "G0", "Blue")
    outcome = table.place("Blue", "L2", "d2")       # c2 is no space
    assert pairs(outcome) == [{"d2", "e2"}] and table.points("Blue") == 7 == table.points("Green")


@pytest.mark.parametrize("players, rows", [
    (2, ["G" * 12 + "o" * 24]),               # 12 x 2 buffet spaces and 12 gold: just enough, just allowed
    (5, ["G" * 12 + "o" * 60, "o" * 6 + "." * 66]),   # 66 buffet spaces: all the buffet tiles
])
def test_a_custom_layout_at_the_limits_of_the_components_is_accepted_and_all_in_play(players, rows):
    state = GAME.setup([f"P{i}" for i in range(players)], GAME.load_options({"layout": rows}))
    assert len(state.board.gold) == 12 and len(state.board.buffet_spaces) == sum(r.count("o") for r in rows)


@pytest.mark.parametrize("players, rows, code", [
    (3, ["G" * 12 + "o" * 35], "layout_too_small"),    # 3 players place 36 guests
    (5, ["o" * 59], "layout_too_small"),
    (2, ["G" * 13 + "o" * 24], "layout_gold"),         # only 12 neutral guests
    (2, ["o" * 60, "o" * 7 + "." * 53], "layout_buffet"),   # only 66 buffet tiles
])
def test_a_custom_layout_beyond_the_components_is_refused_with_the_setup_rule(players, rows, code):
    with pytest.raises(RuleViolation) as caught:
        GAME.setup([f"P{i}" for i in range(players)], GAME.load_options({"layout": rows}))
    assert caught.value.code == code and caught.value.rule == "Setup" and caught.value.message.endswith(".")


# -- Dances -------------------------------------------------------------------------------------------
def test_when_the_partner_is_enclosed_too_the_order_of_the_dances_is_the_players_choice():
    """"If several dances are triggered, the player whose turn it is decides who
    dances first." Blue's lady 2 in the corner encloses the blue gentleman 3,
    whose best lady is the red 5; the lady 2's best gentleman is the 3."""
    def position():
        return (Table().put("a6", "G1", "Green").put("c7", "L5", "Red").put("b6", "G0", "Red")
                .put("b7", "G3", "Blue"))

    table = position()
    table.place("Blue", "L2", "a7")
    assert table.expected().moves == ("dance",) and options_of(table) == [("a7", "b7"), ("b7", "c7")]
    assert pairs(table.do(type="dance", seat="Blue", dancer="a7", partner="b7")) == [{"a7", "b7"}]
    assert GAME.scores(table.state) == {"Blue": 5, "Green": 0, "Red": 0}   # both blue: once
    assert not table.guest("c7").turned and table.expected().seats == ("Green",)

    table = position()
    table.place("Blue", "L2", "a7")
    outcome = table.do(type="dance", seat="Blue", dancer="b7", partner="c7")
    assert pairs(outcome) == [{"b7", "c7"}, {"a7", "a6"}]   # the lady 2 then takes the gentleman 1
    assert GAME.scores(table.state) == {"Blue": 8 + 3, "Green": 3, "Red": 8}


def test_a_tie_that_appears_after_the_first_dance_is_the_players_choice_again():
    """"If there are several suitable dance partners with the highest point value,
    the player whose turn it is decides": once the gentleman 5 has danced with
    the lady on a7, the red lady 4 has two gentlemen 1 to choose from."""
    table = (Table().put("a7", "L2", "Green").put("a6", "G2", "Red").put("c7", "L4", "Red")
             .put("d7", "G1", "Green").put("c6", "G1", "Red"))
    table.place("Blue", "G5", "b7")
    assert options_of(table) == [("a7", "b7"), ("c7", "b7")]
    outcome = table.do(type="dance", seat="Blue", dancer="a7", partner="b7")
    assert pairs(outcome) == [{"a7", "b7"}] and table.expected().moves == ("dance",)
    assert options_of(table) == [("c7", "c6"), ("c7", "d7")]
    assert table.refused(type="place", seat="Green", card="L1", space="e1").code == "dance_pending"
    outcome = table.do(type="dance", seat="Blue", dancer="c7", partner="d7")
    assert pairs(outcome) == [{"c7", "d7"}]
    assert GAME.scores(table.state) == {"Blue": 7, "Green": 7 + 5, "Red": 5}
    assert not table.guest("c6").turned and table.expected().seats == ("Green",)


def test_the_partner_already_taken_leaves_the_next_best_and_that_may_be_forced():
    """The rulebook's second example without a choice: the yellow lady 3 has only
    the white gentleman 4, the blue lady 4 has him and the red gentleman 5; she
    takes her best, the 5, and the yellow lady then still has the white 4."""
    table = (Table(players=("Green", "Yellow", "Blue", "Red"), neutral={"b1": "G4"})
             .put("a1", "L3", "Yellow").put("b2", "L4", "Blue").put("c2", "G5", "Red").put("b3", "L2", "Red"))
    outcome = table.place("Green", "L1", "a2")
    assert table.expected().seats == ("Yellow",)          # forced: no dance move
    assert sorted(map(sorted, pairs(outcome))) == [["a1", "b1"], ["b2", "c2"]]
    assert GAME.scores(table.state) == {"Green": 0, "Yellow": 7, "Blue": 9, "Red": 9}


def test_a_guest_surrounded_by_its_own_sex_and_turned_guests_stays_without_a_partner():
    """"If the enclosed guest is surrounded only by guests of their own sex, they
    remain without a dance partner"; a gentleman who has danced lies face down
    and never dances again."""
    table = Table().put("a6", "G5", "Green", turned=True).put("b7", "L4", "Red")
    outcome = table.place("Blue", "L3", "a7")
    assert pairs(outcome) == [] and not table.guest("a7").turned
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 0, "Red": 0}


def test_a_guest_without_a_partner_does_not_dance_later_with_a_lower_gentleman_placed_elsewhere():
    table = Table().put("a6", "L5", "Green").put("b7", "L4", "Red")
    table.place("Blue", "L3", "a7")                    # enclosed among ladies: no dance
    outcome = table.place("Green", "G5", "c7")          # beside b7 (not enclosed), not beside a7
    assert pairs(outcome) == [] and not table.guest("a7").turned


def test_a_dance_between_a_players_guest_and_a_white_guest_scores_once_for_that_player():
    """"If only one player is involved in the dance - because two guests of the
    same color or a white guest are involved - the player receives the points only once.\""""
    table = Table().put("a2", "G1", "Red")
    outcome = table.place("Blue", "L3", "a1")     # beside the white gentleman 4 on b1 and the red 1
    assert pairs(outcome) == [{"a1", "b1"}]
    assert facts(outcome, "scored") == [{"fact": "scored", "seat": "Blue", "points": 7,
                                         "why": "dance of L3 on a1 with G4 on b1"}]
    assert GAME.scores(table.state) == {"Blue": 7, "Green": 0, "Red": 0}


def test_a_dance_of_two_guests_worth_0_scores_nothing_but_turns_both_cards():
    table = Table().put("a6", "G0", "Green").put("b7", "L5", "Red", turned=True)
    outcome = table.place("Blue", "L0", "a7")
    assert pairs(outcome) == [{"a7", "a6"}] and table.guest("a7").turned and table.guest("a6").turned
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 0, "Red": 0}


# -- End of the game & scoring ------------------------------------------------------------------------
def sets_by_brute_force(tiles):
    """Try every way to hand the champagne to the five delicacies."""
    counts = Counter(item for tile in tiles for item in tile)
    jokers = counts[JOKER]
    return max(min(counts[d] + j for d, j in zip(DELICACIES, share))
               for share in itertools.product(range(jokers + 1), repeat=len(DELICACIES)) if sum(share) <= jokers)


def test_champagne_goes_where_it_makes_the_most_sets():
    """"Champagne counts as a joker. It can replace any other delicacy." Three
    cheese, three rolls and three cakes (each on one tile showing it three
    times), one caviar, one cigar and four champagne make 3 sets: two champagne
    for caviar, two for the cigar."""
    tiles = [("cheese",) * 3, ("shrimp_roll",) * 3, ("sachertorte",) * 3, ("caviar",), ("cigar",),
             ("champagne", "champagne"), ("champagne",), ("champagne",)]
    assert buffet_sets(tiles) == 3 and buffet_points(tiles) == 15
    assert buffet_sets(tiles[:-1]) == 2     # with three champagne the third set lacks one


def test_a_tile_showing_a_delicacy_twice_counts_twice():
    """"If a delicacy is shown several times on a buffet tile, it is counted several times.\""""
    tiles = [("cheese", "cheese"), ("shrimp_roll", "shrimp_roll"), ("sachertorte", "sachertorte"),
             ("caviar", "caviar"), ("cigar",), ("champagne",)]
    assert buffet_sets(tiles) == 2 and buffet_points(tiles) == 10


def test_leftover_delicacies_bring_no_points():
    tiles = [("cheese",) * 3, ("shrimp_roll",) * 3, ("sachertorte",) * 3, ("caviar",) * 3]
    assert buffet_sets(tiles) == 0


def test_buffet_sets_are_the_most_any_use_of_the_champagne_gives():
    rng = random.Random(7)
    kinds = DELICACIES + (JOKER,)
    for _ in range(300):
        tiles = [(rng.choice(kinds),) * rng.randint(1, 3) for _ in range(rng.randint(0, 14))]
        if sum(len(t) for t in tiles if t[0] == JOKER) > 6:
            continue
        assert buffet_sets(tiles) == sets_by_brute_force(tiles), tiles


def last_round(points, collected):
    """Blue and Green have one guest card each left to place."""
    table = Table(players=("Blue", "Green"))
    table.state = replace(table.state, cards=(("L1",), ("L1",)), points=points, collected=collected)
    return table


def test_the_game_ends_when_all_guests_are_placed_and_a_tie_shares_the_win():
    """"The game ends when all players have played their guest cards" and "In
    case of a tie there are several winners": Blue has 12 from dances and 1
    set, Green 7 from dances and 2 sets (the tiles they take now are cheese)."""
    full_set = tuple((d,) for d in DELICACIES)
    table = last_round((12, 7), (full_set[1:], full_set + full_set[1:]))
    table.place("Blue", "L1", "d4")
    assert not GAME.finished(table.state)
    outcome = table.place("Green", "L1", "f4")
    assert facts(outcome, "buffet") == [{"fact": "buffet", "seat": "Blue", "sets": 1},
                                        {"fact": "buffet", "seat": "Green", "sets": 2}]
    assert GAME.scores(table.state) == {"Blue": 17, "Green": 17}
    assert GAME.winners(table.state) == ["Blue", "Green"]
    assert facts(outcome, "game_over")[0]["winners"] == ["Blue", "Green"]
    assert GAME.expected(table.state).seats == ()


def test_the_player_with_the_most_points_wins_alone():
    table = last_round((12, 8), ((), ()))
    table.place("Blue", "L1", "d4")
    table.place("Green", "L1", "f4")
    assert GAME.winners(table.state) == ["Blue"]


# -- Variant with event cards ------------------------------------------------------------------------------
def drawn(card, table=None, zero="G0", space="g1"):
    """Blue places a guest of value 0 on ``space``; the table draws ``card``."""
    table = table or Table(events=True)
    table.place("Blue", zero, space)
    table.do(type="event", card=card)
    return table


def resolve(table, **fields):
    return table.do(type="resolve_event", seat="Blue", **fields)


def refused(table, **fields):
    return table.refused(type="resolve_event", seat="Blue", **fields)


@pytest.mark.parametrize("card", ["kuess_die_hand", "hatten_sie_nicht_schon_genug", "ausfallschritt",
                                  "anstandsdame", "tortung", "partnerwechsel", "nur_eine_zigarre"])
def test_an_event_that_cannot_be_carried_out_lapses(card):
    """"If an event cannot be carried out, it lapses." On the bare board (only
    the white gentleman on b1 and Blue's gentleman 0 on g1; no lady, no
    champagne, no cake, no cigar, nobody has danced) these cards cannot be."""
    table = drawn(card)
    assert GAME.legal_moves(table.state) == [{"type": "resolve_event", "seat": "Blue", "lapse": True}]
    outcome = resolve(table, lapse=True)
    assert facts(outcome, "event_lapsed") == [{"fact": "event_lapsed", "card": card}]
    assert table.expected().seats == ("Green",)


@pytest.mark.parametrize("card, example", [("solotaenzer", "guest g1"), ("essen_sie_das_noch", "collected")])
def test_an_event_that_can_be_carried_out_does_not_lapse(card, example):
    """Blue's gentleman 0 is Blue's highest card and has tiles beside him; Blue
    has collected the tile of g1."""
    table = drawn(card)
    error = refused(table, lapse=True)
    assert error.code == "event_possible" and example in error.message
    assert error.rule == "Variant with Event Cards"


def test_essen_sie_das_noch_lapses_when_you_have_collected_nothing():
    table = Table(events=True)
    guests = dict(table.state.guests)
    del guests["b1"]                     # the white guest has left b1: no tile lies there
    table.state = replace(table.state, guests=guests)
    drawn("essen_sie_das_noch", table, space="b1")
    assert table.state.collected[0] == ()
    resolve(table, lapse=True)


def test_solotaenzer_lapses_when_every_players_highest_card_is_surrounded_and_the_dance_follows():
    """Blue's gentleman 0 goes into the corner between two white ladies: he is
    the only player's card on the board and no tile lies beside him, so
    Solotänzer lapses; then he dances with the better white lady."""
    table = Table(events=True).put("a6", "L2").put("b7", "L3")
    table.place("Blue", "G0", "a7")
    table.do(type="event", card="solotaenzer")
    assert refused(table, guest="a7", tile="a6").code == "no_tile"
    assert refused(table, guest="b7", tile="c7").code == "neutral_guest"
    outcome = resolve(table, lapse=True)
    assert pairs(outcome) == [{"a7", "b7"}] and table.points("Blue") == 3


def test_solotaenzer_picks_the_highest_card_of_any_player_not_only_your_own():
    table = Table(events=True).put("d4", "G4", "Green").put("a7", "L1", "Green").tile("d5", "caviar")
    drawn("solotaenzer", table)
    assert refused(table, guest="a7", tile="a6").code == "not_highest"
    resolve(table, guest="d4", tile="d5")
    assert table.guest("d5").card == "G4" and table.guest("d5").owner == "Green"
    assert table.state.tiles["d4"] == ("caviar",)


def test_nur_eine_zigarre_dances_even_if_neither_is_enclosed_and_a_better_partner_stands_beside():
    """"They dance with each other immediately - even if neither of the two is
    enclosed. They do this regardless of adjacent dance partners with higher point values.\""""
    table = (Table(events=True).put("d4", "L1", "Red").put("d5", "L2", "Green").put("c4", "G5", "Green")
             .tile("e4", "cigar", "cigar"))
    drawn("nur_eine_zigarre", table)
    outcome = resolve(table, first="d5", second="d4")
    assert facts(outcome, "danced") == [{"fact": "danced", "dancer": "d5", "partner": "d4", "cards": ["L2", "L1"],
                                         "seats": ["Green", "Red"], "points": 3, "kind": "cigar"}]
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 3, "Red": 3}
    assert not table.guest("c4").turned


def test_nur_eine_zigarre_comes_first_and_the_enclosed_guest_then_takes_the_next_partner():
    """"Only after the event card has been carried out is it checked whether
    dances occur": Blue's gentleman 0 on a6 encloses the red lady 3 in the
    corner, whose best partner would be the green gentleman 5 beside her; the
    cigar dance takes him first, and she then dances with Blue's 0."""
    table = (Table(events=True).put("a7", "L3", "Red").put("b7", "G5", "Green").put("c7", "G2", "Red")
             .tile("c6", "cigar"))
    table.place("Blue", "G0", "a6")       # a7 is enclosed now: her best would be the 5 on b7
    table.do(type="event", card="nur_eine_zigarre")
    outcome = resolve(table, first="b7", second="c7")
    assert [(f["dancer"], f["partner"], f["kind"]) for f in facts(outcome, "danced")] == [
        ("b7", "c7", "cigar"), ("a7", "a6", "enclosed")]
    assert GAME.scores(table.state) == {"Blue": 3, "Green": 7, "Red": 7 + 3}


def test_partnerwechsel_moves_your_guest_into_the_danced_guests_place_and_it_may_dance_there():
    """"Choose one of your own guest cards on the game board and any guest card
    with which a dance has already taken place. Swap their positions." The
    danced white gentleman leaves the corner beside the green lady 4 and Blue's
    gentleman 3 takes his place: enclosed, he dances with her."""
    layout = ["Gooooooo"] + ["oooooooo"] * 5
    table = Table(events=True, layout=layout, neutral={"a1": "G4"}).put("b1", "L4", "Green").put("a2", "L1", "Red")
    table.state = replace(table.state, guests={**table.state.guests, "a1": replace(table.guest("a1"), turned=True)})
    table.put("e4", "G3", "Blue")
    drawn("partnerwechsel", table, space="h6")
    assert refused(table, first="e4", second="b1").code == "not_danced"
    outcome = resolve(table, first="e4", second="a1")
    assert table.guest("e4").owner is None and table.guest("e4").turned
    assert pairs(outcome) == [{"a1", "b1"}]      # the 3 has the lady 4 and the lady 1 beside him
    assert GAME.scores(table.state) == {"Blue": 7, "Green": 7, "Red": 0}


def test_kuess_die_hand_leaves_the_gentlemans_space_with_the_tile():
    """"Swap any card of a male guest with a buffet tile next to a card of a
    female guest": the gentleman stands where the tile was, the tile lies where
    he stood (and may be taken by the next guest placed there)."""
    table = Table(events=True).put("d4", "G2", "Green").put("a7", "L3", "Red").tile("a6", "cigar")
    drawn("kuess_die_hand", table)
    resolve(table, guest="d4", tile="a6")
    assert table.guest("a6").card == "G2" and table.state.tiles["d4"] == ("cigar",)
    outcome = table.place("Green", "L1", "d4")
    assert facts(outcome, "placed")[0]["tile"] == ["cigar"]


def test_kuess_die_hand_can_bring_a_gentleman_to_an_enclosed_lady_who_then_dances():
    table = Table(events=True).put("a7", "L3", "Red").put("a6", "L1", "Green").put("d4", "G5", "Green")
    drawn("kuess_die_hand", table)
    outcome = resolve(table, guest="d4", tile="b7")          # the corner lady is now enclosed
    assert pairs(outcome) == [{"a7", "b7"}]
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 8, "Red": 8}


def test_hatten_sie_gives_the_player_the_board_tile_for_their_champagne():
    """"Swap any champagne tile (from the game board or from a player) with any
    buffet tile on the game board": the player whose champagne leaves gets the
    board tile, and it counts in their buffet."""
    table = Table(events=True).collect("Green", ("champagne",), ("cheese",), ("shrimp_roll",),
                                       ("sachertorte",), ("caviar",)).tile("e5", "cigar")
    assert buffet_sets(table.state.collected[1]) == 1
    drawn("hatten_sie_nicht_schon_genug", table)
    resolve(table, champagne_of="Green", collected=["champagne"], tile="e5")
    assert table.state.tiles["e5"] == ("champagne",) and buffet_sets(table.state.collected[1]) == 1
    assert ("cigar",) in table.state.collected[1] and ("champagne",) not in table.state.collected[1]


def test_essen_sie_das_noch_refuses_another_players_tile():
    table = Table(events=True).collect("Green", ("caviar",)).tile("e5", "champagne")
    drawn("essen_sie_das_noch", table)
    assert refused(table, collected=["caviar"], tile="e5").code == "tile_not_collected"


def test_tortung_hits_the_owner_of_the_guest_not_the_player_who_drew_the_card():
    """"The player to whom this guest card belongs must immediately move their
    scoring stone back 2 spaces" and the event comes before the dance."""
    table = Table(events=True).put("e5", "L4", "Green").tile("e6", "sachertorte", "sachertorte")
    table.score("Green", 9).score("Blue", 9)
    drawn("tortung", table)
    resolve(table, guest="e5")
    assert GAME.scores(table.state) == {"Blue": 9, "Green": 7, "Red": 0}


def test_anstandsdame_swaps_ladies_far_apart_before_the_dance():
    """"Swap any two cards of female guests on the game board", and "only after
    the event card has been carried out is it checked whether dances occur":
    Blue's 0 encloses the green lady 2 on b7, but the chaperone sends her away
    and the green lady 5 dances with the red gentleman 3 in her place."""
    table = Table(events=True).put("a7", "L1", "Red").put("c7", "G3", "Red").put("b7", "L2", "Green")
    table.put("e4", "L5", "Green")
    drawn("anstandsdame", table, space="b6")
    outcome = resolve(table, first="b7", second="e4")
    assert table.guest("e4").card == "L2" and table.guest("b7").card == "L5"
    assert pairs(outcome) == [{"b7", "c7"}]
    assert GAME.scores(table.state) == {"Blue": 0, "Green": 8, "Red": 8}


# -- the same refusals through the HTTP API: 422 with the rule, nothing changed ----------------------------
def test_over_http_a_side_step_that_can_be_made_does_not_lapse_and_wrong_fields_are_refused(client):
    game = table_game(client, ("Blue", "Green"), events=True)
    place(client, game, "Blue", "G3", "a6")
    place(client, game, "Green", "L5", "b7")
    place(client, game, "Blue", "L0", "a7")             # she is enclosed, but the event comes first
    record(client, game, {"type": "event", "card": "ausfallschritt"})
    move = {"type": "resolve_event", "seat": "Blue"}
    error = refused_over_http(client, game, {**move, "lapse": True}, "event_possible")
    assert "Ausfallschritt" in error["detail"] and error["rule"] == "Variant with Event Cards"
    refused_over_http(client, game, {**move, "guest": "a6", "tile": "c7"}, "event_fields")
    refused_over_http(client, game, {**move, "first": "a6", "second": "b7"}, "not_adjacent")
    refused_over_http(client, game, {**move, "first": "a6", "second": "a6"}, "not_adjacent")
    refused_over_http(client, game, {**move, "first": "a6", "second": "a5"}, "no_guest")
    refused_over_http(client, game, {**move, "lapse": True, "first": "a6"}, "lapse_with_fields")
    refused_over_http(client, game, {"type": "dance", "seat": "Blue", "dancer": "a7", "partner": "a6"},
                      "event_pending")
    body = record(client, game, {**move, "first": "a7", "second": "b7"})   # the lady 5 steps into the corner
    assert danced(body) == [{"a7", "a6"}]
    assert state(client, game)["scores"] == {"Blue": 8, "Green": 8}


def test_over_http_champagne_must_come_from_the_board_or_a_player_at_the_table(client):
    game = table_game(client, ("Blue", "Green"), events=True, buffet={"a1": ["champagne"], "e5": ["cigar"]})
    place(client, game, "Blue", "L1", "a1")
    place(client, game, "Green", "G0", "g7")
    record(client, game, {"type": "event", "card": "hatten_sie_nicht_schon_genug"})
    move = {"type": "resolve_event", "seat": "Green", "tile": "e5"}
    refused_over_http(client, game, {**move, "champagne_of": "Zoe", "collected": ["champagne"]}, "champagne_source")
    refused_over_http(client, game, {**move, "champagne_of": "Green", "collected": ["champagne"]},
                      "tile_not_collected")
    refused_over_http(client, game, {**move, "champagne": "a1"}, "no_tile")
    refused_over_http(client, game, {**move, "champagne": "a2", "champagne_of": "Blue",
                                     "collected": ["champagne"]}, "champagne_source")
    refused_over_http(client, game, {**move, "champagne_of": "Blue", "collected": ["sekt"]}, "malformed")
    record(client, game, {**move, "champagne_of": "Blue", "collected": ["champagne"]})
    now = state(client, game)
    assert now["players_detail"]["Blue"]["collected"] == [["cigar"]] and now["spaces"]["e5"]["tile"] == ["champagne"]

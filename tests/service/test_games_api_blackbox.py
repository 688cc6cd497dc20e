"""Wiener Walzer, Vienna and Grand Austria Hotel through the API, read as an
independent tester: each request is written from the rules' own words (move
types, field names, notations, option names, state keys) and sent through the
HTTP API. Only what the per-game API tests and test_every_game do not already
check is here."""
from __future__ import annotations

import pytest
from helpers import Api

ITEMS = ["cheese", "shrimp_roll", "sachertorte", "caviar", "cigar", "champagne"]


class Game(Api):
    """A game through the API, created with the scorekeeper's token."""

    @property
    def headers(self):
        return self.auth()

    def legal(self):
        return self.get("legal-moves", headers=self.auth())


# --------------------------------------------------------------------------- Wiener Walzer

def ww_setup(game, doubles=False):
    spaces = game.state()["spaces"]
    gold = [s for s, v in spaces.items() if v["gold"]]
    other = [s for s, v in spaces.items() if not v["gold"]]
    neutral = {s: f"{'LG'[i % 2]}{i % 6}" for i, s in enumerate(gold)}
    buffet = {s: [ITEMS[i % 6]] * (2 if doubles and i == 0 else 1) for i, s in enumerate(other)}
    return game.move({"type": "setup", "neutral": neutral, "buffet": buffet})


@pytest.mark.parametrize("players, spaces, gold", [(2, 35, 6), (3, 48, 9), (4, 61, 12), (5, 78, 12)])
def test_ww_the_default_board_grows_with_the_players_within_35_to_78_fields(client, players, spaces, gold):
    game = Game(client, "wiener_walzer", ["A", "B", "C", "D", "E"][:players])
    shown = game.state()["spaces"]
    assert len(shown) == spaces and sum(v["gold"] for v in shown.values()) == gold


def test_ww_setup_place_and_the_state_as_documented(client):
    game = Game(client, "wiener_walzer", ["Anna", "Bernd"], options={"colours": {"Bernd": "green"}, "events": False})
    answer = ww_setup(game, doubles=True)
    first_buffet = next(s for s, v in answer["state"]["spaces"].items() if not v["gold"])
    assert answer["state"]["spaces"][first_buffet]["tile"] == ["cheese", "cheese"]   # a tile may repeat a delicacy
    placed = game.move({"type": "place", "seat": "Anna", "card": "L3", "space": first_buffet})
    assert {"fact": "placed", "seat": "Anna", "card": "L3", "space": first_buffet,
            "tile": ["cheese", "cheese"]} in placed["outcome"]
    state = game.state()
    for key in ("scores", "finished", "winners", "expected", "spaces"):
        assert key in state
    guest = state["spaces"][first_buffet]["guest"]
    assert {"owner": "Anna", "sex": "lady", "value": 3, "turned": False}.items() <= guest.items()
    assert state["spaces"][first_buffet]["tile"] is None
    anna = state["players_detail"]["Anna"]
    assert anna["collected"] == [["cheese", "cheese"]] and "L3" not in anna["cards_left"] and len(anna["cards_left"]) == 11
    assert state["colours"] == {"Anna": "red", "Bernd": "green"}
    assert state["expected"] == {"seats": ["Bernd"], "moves": ["place"]}


def test_ww_a_card_the_player_no_longer_has_is_refused(client):
    game = Game(client, "wiener_walzer", ["Anna", "Bernd"])
    ww_setup(game)
    game.move({"type": "place", "seat": "Anna", "card": "G5", "space": "d1"})
    game.move({"type": "place", "seat": "Bernd", "card": "G5", "space": "e1"})
    refused = game.move({"type": "place", "seat": "Anna", "card": "G5", "space": "f1"}, status=422)
    assert refused["code"] == "card_not_held" and refused["detail"]


def test_ww_a_zero_makes_the_table_draw_an_event_before_anything_else(client):
    game = Game(client, "wiener_walzer", ["Anna", "Bernd"], options={"events": True})
    ww_setup(game)
    game.move({"type": "place", "seat": "Anna", "card": "L0", "space": "d1"})
    assert game.state()["expected"] == {"seats": ["table"], "moves": ["event"]}
    refused = game.move({"type": "place", "seat": "Bernd", "card": "L1", "space": "e1"}, status=422)
    assert refused["detail"]
    game.move({"type": "event", "card": "tortung"})
    assert game.state()["expected"] == {"seats": ["Anna"], "moves": ["resolve_event"]}
    # nobody holds a Sachertorte tile next to a guest: Tortung cannot be carried out and lapses
    lapsed = game.move({"type": "resolve_event", "seat": "Anna", "lapse": True})
    assert any(f["fact"] == "event_lapsed" for f in lapsed["outcome"])
    assert game.state()["expected"] == {"seats": ["Bernd"], "moves": ["place"]}


def test_ww_without_the_variant_a_zero_draws_no_event(client):
    game = Game(client, "wiener_walzer", ["Anna", "Bernd"])
    ww_setup(game)
    game.move({"type": "place", "seat": "Anna", "card": "L0", "space": "d1"})
    assert game.state()["expected"] == {"seats": ["Bernd"], "moves": ["place"]}
    assert game.move({"type": "event", "card": "tortung"}, status=422)["detail"]


def test_ww_all_twelve_event_cards_are_documented_with_the_vocabulary(client):
    types = {g["id"]: g for g in client.get("/api/game-types").json["games"]}
    ww = types["wiener_walzer"]
    names = ww["moves"]["event"]["fields"]["card"]["one_of"]
    described = ww["moves"]["resolve_event"]["description"]
    assert all(name in described for name in names)
    assert {"lapse", "seat"} <= set(ww["moves"]["resolve_event"]["fields"])
    assert {"colours", "events", "layout"} == set(ww["options"]["fields"])


def test_ww_a_custom_layout_of_the_documented_characters_names_spaces_from_a1(client):
    layout = ["oooooooooooooooooooooooo", "oGoGoooooooooooooooooooo"]   # 46 buffet, 2 gold
    game = Game(client, "wiener_walzer", ["A", "B", "C"], options={"layout": layout})
    spaces = game.state()["spaces"]
    assert spaces["a1"]["gold"] is False and spaces["b2"]["gold"] is True and spaces["d2"]["gold"] is True
    assert "x2" in spaces and "y1" not in spaces and len(spaces) == 48


def test_ww_the_state_shows_the_board_guests_and_tiles_as_documented(client):
    game = Game(client, "wiener_walzer", ["Anna", "Bernd"])
    ww_setup(game)
    game.move({"type": "place", "seat": "Anna", "card": "G4", "space": "d1"})
    board = game.state()["board"]
    assert {"owner": "Anna", "sex": "gentleman", "value": 4, "turned": False}.items() <= board["guests"]["d1"].items()
    assert board["guests"]["e2"]["owner"] is None and board["guests"]["e2"]["colour"] == "white"
    assert "d1" not in board["tiles"] and board["tiles"]["e1"] == ["shrimp_roll"]
    assert len(board["guests"]) == 7 and len(board["tiles"]) == 28


def test_ww_a_custom_layout_with_more_than_12_gold_spaces_is_refused(client):
    layout = ["oooooooooooooooooooooooo", "ooooooGGGGGGGGGGGGGooooo"]
    r = client.post("/api/games", json={"game": "wiener_walzer", "players": ["A", "B"], "options": {"layout": layout}})
    assert r.status_code in (400, 422) and r.json["detail"]


# --------------------------------------------------------------------------- Vienna

SABRINA, MATTHEW, NANCY, OLGA = "Sabrina", "Matthew", "Nancy", "Olga"
START = {
    "Merchant": {"name": "Merchant", "citizens": 1, "crosses": 0, "crowns": 0, "coins": 5},
    "Chaplain": {"name": "Chaplain", "citizens": 0, "crosses": 1, "crowns": 0, "coins": 5},
    "Baron": {"name": "Baron", "citizens": 0, "crosses": 0, "crowns": 1, "coins": 5},
    "Innkeeper": {"name": "Innkeeper", "citizens": 1, "crosses": 1, "crowns": 0, "coins": 3},
}


def vienna_started(client, players=(SABRINA, MATTHEW, NANCY)):
    game = Game(client, "vienna", list(players))
    order = list(reversed(players[1:])) + [players[0]]     # counter-clockwise, the start player last
    for seat, card in zip(order, START.values()):
        assert game.state()["expected"] == {"seats": [seat], "moves": ["choose_start_card"]}
        game.move({"type": "choose_start_card", "seat": seat, "card": card})
    return game


def test_vienna_the_default_street_holds_the_documented_facts(client):
    game = Game(client, "vienna", [SABRINA, MATTHEW, NANCY])
    street = {f["name"]: f for f in game.state()["street"]}
    assert len(street) == 24 and "Geheimbund" not in street      # the Geheimbund is off the street order
    assert "geheimbund" in game.state()                               # its dice are shown apart
    assert street["Stephansdom"]["values"] == [9]
    assert {"pay": 3} in street["Rathaus"]["effects"]
    assert {"coins": 2} in street["Naschmarkt"]["effects"]
    assert {"vp": 1} in street["Oper"]["effects"] and {"vp": 2} in street["Hofreitschule"]["effects"]
    compares = [e for f in street.values() for e in f["effects"] if "compare" in e]
    assert compares and all(e["vp"] == 2 and e["coins"] == 1 and e["tie_vp"] == 1 for e in compares)
    assert game.state()["board_source"] == "reconstructed"


def test_vienna_a_custom_board_in_the_documented_form_replaces_the_default(client):
    board = {"fields": [
        {"name": "Krieau", "values": [1], "double": False, "kind": "krieau", "effects": []},
        {"name": "Naschmarkt", "values": [3], "double": False, "kind": None, "effects": [{"coins": 2}]},
        {"name": "Rathaus", "values": [5], "double": False, "kind": None, "effects": [{"pay": 3}, {"vp": 5}]},
        {"name": "Universität", "values": [5, 6], "double": False, "kind": None,
         "effects": [{"special": "more_influence"}]},
        {"name": "Café", "values": [6], "double": False, "kind": None, "effects": [{"character": 1}]},
        {"name": "Stephansdom", "values": [9], "double": False, "kind": None,
         "effects": [{"compare": "crosses", "vp": 2, "coins": 1, "tie_vp": 1}]},
        {"name": "Gloriette", "values": [], "double": True, "kind": None, "effects": [{"gloriette": True}]},
        {"name": "Tiergarten", "values": [], "double": True, "kind": None, "effects": [{"tiergarten": 3}]},
        {"name": "Heuriger", "values": [], "double": True, "kind": None, "effects": [{"heuriger": 1}]},
        {"name": "Geheimbund", "values": [], "double": False, "kind": "geheimbund", "effects": []}],
        "vp_start": {"3": 1, "4": 3, "5": 5}, "more_influence": {"citizens": 1, "crosses": 1, "crowns": 1}}
    game = Game(client, "vienna", [SABRINA, MATTHEW, NANCY, OLGA], options={"board": board})
    state = game.state()
    assert [f["field"] for f in state["board"]] == [f["name"] for f in board["fields"][:-1]]
    assert state["scores"] == {SABRINA: 3, MATTHEW: 3, NANCY: 3, OLGA: 3}      # vp_start["4"]


def test_vienna_a_four_player_round_in_the_documented_notation(client):
    game = vienna_started(client, (SABRINA, MATTHEW, NANCY, OLGA))
    game.move({"type": "reveal_characters", "cards": [{"name": "Monk", "citizens": 0, "crosses": 1, "crowns": 0},
                                                      {"name": "Mayor", "citizens": 2, "crosses": 0, "crowns": 1},
                                                      {"name": "Coachman", "citizens": 1, "crosses": 0, "crowns": 0}]})
    state = game.state()
    assert [c["name"] for c in state["display"]] == ["Monk", "Mayor", "Coachman"]
    assert state["expected"] == {"seats": ["table"], "moves": ["roll"]}
    assert game.move({"type": "roll", "seat": SABRINA, "dice": ["2", "2", "3", "5", "6"]}, status=422)
    game.move({"type": "roll", "seat": SABRINA, "dice": ["2", "2", "3", "5"]})     # the documented example
    coins = game.state()["players"][SABRINA]["coins"]
    game.move({"type": "reroll", "seat": SABRINA, "dice": ["2"], "result": ["6"]})
    game.move({"type": "turn_die", "seat": SABRINA, "die": "3", "to": "4"})
    sabrina = game.state()["players"][SABRINA]
    assert sabrina["coins"] == coins - 2 and sorted(sabrina["dice"]) == ["2", "4", "5", "6"]
    game.move({"type": "place", "seat": SABRINA, "field": "Burgtheater", "dice": ["5"]})

    game.move({"type": "roll", "seat": MATTHEW, "dice": ["1", "1", "1", "1"]})
    game.move({"type": "place", "seat": MATTHEW, "field": "Krieau", "dice": ["1"], "gendarme": "Hofburg",
               "take": "vp"})
    assert game.state()["gendarme"] == "Hofburg"
    game.move({"type": "roll", "seat": NANCY, "dice": ["1", "1", "1", "2"]})
    blocked = game.move({"type": "place", "seat": NANCY, "field": "Hofburg", "dice": ["1", "1"]}, status=422)
    assert blocked["code"] == "gendarme" and "Gendarme" in blocked["detail"]
    prater = game.move({"type": "place", "seat": NANCY, "field": "Prater", "dice": ["1"], "turn": "2", "to": "6"})
    assert {"fact": "die_turned", "seat": NANCY, "die": "2", "to": "6", "why": "Prater"} in prater["outcome"]
    game.move({"type": "roll", "seat": OLGA, "dice": ["4", "4", "4", "4"]})
    game.move({"type": "place", "seat": OLGA, "field": "Heldenplatz", "dice": ["4"]})

    # going back down the street charges the coin itself
    before = game.state()["players"][SABRINA]["coins"]
    back = game.move({"type": "place", "seat": SABRINA, "field": "Oper", "dice": ["2"]})
    assert game.state()["players"][SABRINA]["coins"] == before - 1
    assert any(f["fact"] == "coins" and f["coins"] == -1 for f in back["outcome"])
    state = game.state()
    for key in ("coins", "dice", "cards", "symbols", "special_cards"):
        assert key in state["players"][SABRINA]
    board = {f["field"]: f for f in state["board"]}
    assert board["Oper"]["dice"] == ["2"] and board["Oper"]["seat"] == SABRINA
    assert state["players"][SABRINA]["special_cards"] == ["start_player"]


def test_vienna_going_back_without_a_coin_is_refused(client):
    game = Game(client, "vienna", [SABRINA, MATTHEW, NANCY])
    for seat in (NANCY, MATTHEW, SABRINA):      # the Innkeeper's 3 coins for Sabrina
        card = START["Innkeeper"] if seat == SABRINA else START["Merchant" if seat == NANCY else "Chaplain"]
        game.move({"type": "choose_start_card", "seat": seat, "card": card})
    game.move({"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1}, {"name": "Mayor",
                                                                                     "citizens": 2, "crowns": 1}]})
    game.move({"type": "roll", "seat": SABRINA, "dice": ["5", "5", "5", "5", "2"]})
    game.move({"type": "reroll", "seat": SABRINA, "dice": ["5"], "result": ["5"]})
    game.move({"type": "reroll", "seat": SABRINA, "dice": ["5"], "result": ["5"]})
    game.move({"type": "reroll", "seat": SABRINA, "dice": ["5"], "result": ["5"]})
    assert game.state()["players"][SABRINA]["coins"] == 0
    refused = game.move({"type": "reroll", "seat": SABRINA, "dice": ["5"], "result": ["4"]}, status=422)
    assert refused["detail"]
    game.move({"type": "place", "seat": SABRINA, "field": "Burgtheater", "dice": ["5"]})
    game.move({"type": "roll", "seat": MATTHEW, "dice": ["6", "6", "6", "6", "6"]})
    game.move({"type": "place", "seat": MATTHEW, "field": "Café Landtmann", "dice": ["6"]})
    game.move({"type": "roll", "seat": NANCY, "dice": ["6", "6", "6", "6", "6"]})
    game.move({"type": "place", "seat": NANCY, "field": "Café Sacher", "dice": ["6"]})
    refused = game.move({"type": "place", "seat": SABRINA, "field": "Oper", "dice": ["2"]}, status=422)
    assert "coin" in refused["detail"]


def test_vienna_the_white_die_and_the_joker_are_written_as_documented(client):
    types = {g["id"]: g for g in client.get("/api/game-types").json["games"]}
    dice = types["vienna"]["moves"]["place"]["fields"]["dice"]
    text = str(dice)
    assert "W" in text and "J" in text


def test_vienna_a_die_on_the_dice_joker_is_placed_as_j_with_its_face(client):
    import random

    from domain.vienna import GAME
    players = [SABRINA, MATTHEW, NANCY]
    game = Game(client, "vienna", players)
    rng = random.Random(0)
    local = GAME.setup(players, GAME.load_options({}))
    for _ in range(3000):
        assert not GAME.finished(local)
        if GAME.expected(local).is_chance:
            move = GAME.chance_move(local, rng)
        else:
            moves = GAME.legal_moves(local)
            jokers = [m for m in moves if m["type"] == "place" and any(d.startswith("J") for d in m["dice"])]
            if jokers:
                break
            move = GAME.complete_move(local, rng.choice(moves), rng)
        game.move(move)
        local, _ = GAME.play(local, GAME.load_move(move))
    seat = jokers[0]["seat"]
    assert "J" in game.state()["players"][seat]["dice"]
    joker = next(d for d in jokers[0]["dice"] if d.startswith("J"))
    assert len(joker) == 2 and joker[1] in "123456"
    placed = game.move(jokers[0])
    assert {"fact": "placed", "seat": seat, "field": jokers[0]["field"], "dice": jokers[0]["dice"]} in placed["outcome"]


# --------------------------------------------------------------------------- Grand Austria Hotel

@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E"]])
def test_gah_is_for_two_to_four_players(client, players):
    r = client.post("/api/games", json={"game": "grand_austria", "players": players})
    assert r.status_code == 422 and r.json["detail"]


def test_gah_the_game_type_names_its_documented_options(client):
    types = {g["id"]: g for g in client.get("/api/game-types").json["games"]}
    gah = types["grand_austria"]
    assert gah["players"] == {"min": 1, "max": 4}      # 1 only with the solo variant
    assert {"hotel", "staff_draft"} <= set(gah["options"]["fields"])
    for name, move in gah["moves"].items():
        assert "type" in move["fields"]


def test_gah_each_player_starts_with_ten_krones_and_one_of_each_item_and_the_queue_holds_five(client):
    game = Game(client, "grand_austria", ["Ann", "Bob"])
    state = game.state()
    for seat in ("Ann", "Bob"):
        assert state["players"][seat]["krones"] == 10
        assert state["players"][seat]["items"] == {"strudel": 1, "cake": 1, "wine": 1, "coffee": 1}
    assert len(state["queue"]) == 5 and state["queue_costs"] == [3, 2, 1, 0, 0]
    assert sum(len(stack["tiles"]) for stack in state["emperor_tile_stacks"]) == 12


@pytest.mark.parametrize("players, dice", [(2, 10), (3, 12), (4, 14)])
def test_gah_the_start_player_rolls_10_12_or_14_dice(client, players, dice):
    seats = ["Ann", "Bob", "Cy", "Di"][:players]
    game = Game(client, "grand_austria", seats)
    game.move({"type": "setup", "objectives": [105, 110, 116], "emperor_tiles": ["A1", "B3", "C2"],
               "queue": [49, 63, 77, 91, 50], "start_player": "Ann"})
    guests = iter(range(1, 200))
    for _ in range(100):
        expected = game.state()["expected"]
        if expected["moves"] == ["roll"]:
            break
        if expected["moves"] == ["reveal_guest"]:       # the table reveals the next guest by its number
            next(n for n in guests if client.post(f"/api/games/{game.id}/moves", headers=game.headers, json={
                "move": {"type": "reveal_guest", "card": n}}).status_code == 201)
            continue
        game.move(game.legal()["moves"][0])
    assert game.state()["expected"] == {"seats": ["table"], "moves": ["roll"]}
    refused = game.move({"type": "roll", "dice": [3] * (dice + 2)}, status=422)
    assert str(dice) in refused["detail"]
    game.move({"type": "roll", "dice": [1, 2, 3, 4, 5, 6] * 2 + [1, 2][:dice - 12] if dice >= 12 else
               [1, 2, 3, 4, 5, 6, 1, 2, 3, 4]})
    assert sum(game.state()["action_spaces"].values()) == dice


def gah_at_the_roll(client, seats):
    game = Game(client, "grand_austria", seats)
    game.move({"type": "setup", "objectives": [105, 110, 116], "emperor_tiles": ["A1", "B3", "C2"],
               "queue": [49, 63, 77, 91, 50], "start_player": seats[0]})
    guests, pickers = iter(range(1, 200)), []
    for _ in range(100):
        expected = game.state()["expected"]
        if expected["moves"] == ["roll"]:
            return game, pickers
        if expected["moves"] == ["reveal_guest"]:
            next(n for n in guests if client.post(f"/api/games/{game.id}/moves", headers=game.headers, json={
                "move": {"type": "reveal_guest", "card": n}}).status_code == 201)
            continue
        if expected["moves"] == ["take_guest"]:
            pickers.append(expected["seats"][0])
        game.move(game.legal()["moves"][0])
    raise AssertionError("no roll")


def test_gah_starting_guests_are_taken_counter_clockwise_the_start_player_last(client):
    _, pickers = gah_at_the_roll(client, ["Ann", "Bob", "Cy"])
    assert pickers == ["Cy", "Bob", "Ann"]


def test_gah_when_every_open_turn_has_passed_a_die_goes_to_the_dustbin_and_the_rest_is_rerolled(client):
    game, _ = gah_at_the_roll(client, ["Ann", "Bob", "Cy"])
    game.move({"type": "roll", "dice": [1, 2, 3, 4, 5, 6] * 2})
    for seat in ("Ann", "Bob"):
        game.move({"type": "pass", "seat": seat})
    last = game.move({"type": "pass", "seat": "Cy"})
    assert {"fact": "dustbin", "seat": "Ann", "dice_left": 11} in last["outcome"]   # lowest unused number: Ann's 1
    state = game.state()
    assert state["dustbin"] == 1 and state["expected"] == {"seats": ["table"], "moves": ["reroll"]}
    assert game.move({"type": "reroll", "dice": [2] * 12}, status=422)["detail"]
    game.move({"type": "reroll", "dice": [2] * 11})
    state = game.state()
    assert state["action_spaces"]["2"] == 11 and state["expected"]["seats"] == ["Ann"]   # deferred turns in order


def test_gah_cards_are_written_by_number_or_by_printed_content(client):
    game = Game(client, "grand_austria", ["Ann", "Bob"], options={"staff_draft": True})
    guest = {"name": "Waltz King", "colour": "blue", "order": {"cake": 2}, "vp": 3,
             "reward": [{"kind": "krones", "n": 2}]}
    staff = {"name": "Maestro", "cost": 3, "kind": "once", "on_hire": [{"kind": "vp", "n": 4}]}
    game.move({"type": "setup", "objectives": [105, 110, 116], "emperor_tiles": ["A1", "B3", "C2"],
               "queue": [guest, 63, 77, 91, 50], "start_player": "Bob",
               "hands": {"Ann": [staff, 5, 9, 13, 21, 27], "Bob": [2, 6, 10, 14, 22, 28]}})
    state = game.state()
    assert state["queue"][0]["name"] == "Waltz King" and state["queue"][1]["number"] == 63
    assert state["expected"] == {"seats": ["Ann", "Bob"], "moves": ["draft_pick"]}
    game.move({"type": "draft_pick", "seat": "Ann", "staff": staff})
    game.move({"type": "draft_pick", "seat": "Bob", "staff": 2})
    assert [c["name"] for c in game.state()["players"]["Ann"]["hand"]] == ["Maestro"]


def test_gah_a_day_side_hotel_is_a_custom_board_option(client):
    hotel = {"name": "day A",
             "floors": [["red", "red", "blue", "blue", "yellow"], ["yellow", "red", "blue", "red", "yellow"],
                        ["blue", "blue", "yellow", "red", "red"], ["yellow", "red", "blue", "yellow", "blue"]],
             "groups": [["1.1", "1.2"], ["1.3", "1.4"], ["1.5"], ["2.1", "2.2"], ["2.3", "2.4", "2.5"],
                        ["3.1", "3.2", "3.3"], ["3.4", "3.5"], ["4.1", "4.2", "4.3"], ["4.4", "4.5"]],
             "floor_costs": [0, 1, 2, 3], "floor_vp": [1, 2, 3, 4], "prepare_vp": {"4.3": 2}}
    game = Game(client, "grand_austria", ["Ann", "Bob"], options={"hotel": hotel})
    assert game.state()["hotel"]["floors"] == hotel["floors"]


def test_gah_a_guest_taken_on_a_turn_costs_its_position_and_the_queue_slides_right_and_refills_left(client):
    game, _ = gah_at_the_roll(client, ["Ann", "Bob"])
    game.move({"type": "roll", "dice": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4]})
    before = game.state()
    queue = [g["number"] for g in before["queue"]]
    krones = before["players"]["Ann"]["krones"]
    taken = game.move({"type": "take_guest", "seat": "Ann", "position": 2})
    assert {"fact": "krones", "seat": "Ann", "krones": -2, "why": "guest from the queue"} in taken["outcome"]
    state = game.state()
    assert state["players"]["Ann"]["krones"] == krones - 2
    assert [g and g["number"] for g in state["queue"]] == [None, queue[0]] + queue[2:]
    assert state["expected"] == {"seats": ["table"], "moves": ["reveal_guest"]}
    number = next(n for n in range(49, 105) if client.post(f"/api/games/{game.id}/moves", headers=game.headers, json={
        "move": {"type": "reveal_guest", "card": n}}).status_code == 201)
    assert game.state()["queue"][0]["number"] == number

"""Vienna through the HTTP API at a real table: every illegal move is a 422
naming the rule in words, every malformed one a 400, and neither changes the
record. One round played from the start cards to the evaluation's choices."""
from __future__ import annotations

import pytest

PLAYERS = ["Sabrina", "Matthew", "Nancy"]
START_CARDS = {  # chosen counter-clockwise: Nancy, Matthew, then the start player Sabrina
    "Nancy": {"name": "Merchant", "coins": 5, "citizens": 1, "crosses": 0, "crowns": 0},
    "Matthew": {"name": "Baron", "coins": 5, "citizens": 0, "crosses": 0, "crowns": 1},
    "Sabrina": {"name": "Innkeeper", "coins": 3, "citizens": 1, "crosses": 1, "crowns": 0},
}


class Table:
    """A scorekeeper recording one game."""

    def __init__(self, client):
        self.client = client
        answer = client.post("/api/games", json={"game": "vienna", "players": PLAYERS})
        assert answer.status_code == 201, answer.json
        self.url = f"/api/games/{answer.json['id']}"
        self.headers = {"Authorization": f"Bearer {answer.json['tokens']['scorekeeper']}"}

    def post(self, move):
        return self.client.post(f"{self.url}/moves", json={"move": move}, headers=self.headers)

    def state(self):
        return self.client.get(f"{self.url}/state").json

    def record(self, *moves):
        for move in moves:
            answer = self.post(move)
            assert answer.status_code == 201, (move, answer.json)
        return self.state()

    def refused(self, move, code, status=422):
        """``move`` is refused with ``code`` and the record stays as it was."""
        before = self.state()
        answer = self.post(move)
        assert answer.status_code == status, (move, answer.json)
        error = answer.json
        if status == 422:
            assert {"code", "detail", "rule"} <= set(error) and error["code"] == code, (move, error)
            assert error["detail"].endswith(".") and error["rule"]
        else:
            assert error["code"] == "malformed"
        assert self.state() == before
        return error["detail"]


def place(seat, field, *dice, **extra):
    return {"type": "place", "seat": seat, "field": field, "dice": list(dice), **extra}


def roll(seat, *dice):
    return {"type": "roll", "seat": seat, "dice": list(dice)}


@pytest.fixture
def vienna(client):
    return Table(client)


def test_setup_refusals(client, vienna):
    two = client.post("/api/games", json={"game": "vienna", "players": ["Sabrina", "Matthew"]})
    assert two.status_code == 422 and two.json["detail"] == "Vienna is for 3 to 5 players, not 2."
    bad_board = client.post("/api/games", json={"game": "vienna", "players": PLAYERS, "options": {"board": {
        "fields": [{"name": "Oper", "values": [2, 4]}], "vp_start": {"3": 0}, "more_influence": {}}}})
    assert bad_board.status_code == 422 and bad_board.json["code"] == "components_refused"   # a board no game is on
    card = START_CARDS["Sabrina"]
    assert "counter-clockwise" in vienna.refused(
        {"type": "choose_start_card", "seat": "Sabrina", "card": card}, "not_your_choice")
    vienna.refused({"type": "choose_start_card", "seat": "Nancy", "card": {"name": "Merchant"}}, "", 400)
    vienna.refused({"type": "choose_start_card", "seat": "Zoe", "card": card}, "unknown_seat")
    vienna.refused(roll("Sabrina", "1", "2", "3", "4", "5"), "not_roll_time")
    vienna.record({"type": "choose_start_card", "seat": "Nancy", "card": START_CARDS["Nancy"]})
    vienna.refused({"type": "choose_start_card", "seat": "Matthew", "card": START_CARDS["Nancy"]},
                   "start_card_taken")
    vienna.record(*({"type": "choose_start_card", "seat": s, "card": START_CARDS[s]} for s in ("Matthew", "Sabrina")))
    monk, mayor = {"name": "Monk", "crosses": 1}, {"name": "Mayor", "citizens": 2, "crowns": 1}
    assert "one less than the number of players" in vienna.refused(
        {"type": "reveal_characters", "cards": [monk]}, "display_size")
    assert "bottom of the stack" in vienna.refused(
        {"type": "reveal_characters", "cards": [monk, monk]}, "same_character_twice")
    vienna.refused({"type": "reveal_characters", "cards": "Monk"}, "", 400)
    state = vienna.record({"type": "reveal_characters", "cards": [monk, mayor]})
    assert state["expected"] == {"seats": ["table"], "moves": ["roll"]}
    assert vienna.refused(roll("Sabrina", "1", "2", "3", "4"), "dice_count") == \
        "Sabrina rolls 5 dice: enter exactly those."
    vienna.refused(roll("Sabrina", "1", "2", "3", "4", "W5"), "dice_count")
    vienna.refused(roll("Matthew", "1", "2", "3", "4", "5"), "not_roll_time")
    vienna.refused(roll("Sabrina", "1", "2", "3", "4", "7"), "", 400)
    vienna.refused(place("Sabrina", "Oper", "2"), "not_rolled")


def test_a_round_of_refusals_from_placing_to_the_evaluation_choices(vienna):
    vienna.record(*({"type": "choose_start_card", "seat": s, "card": START_CARDS[s]}
                    for s in ("Nancy", "Matthew", "Sabrina")),
                  {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1},
                                                          {"name": "Mayor", "citizens": 2, "crowns": 1}]},
                  roll("Sabrina", "6", "5", "6", "1", "1"))
    # placing: the dice must be hers and match a free field; a reroll at the table needs its result
    assert vienna.refused(place("Sabrina", "Oper", "1"), "value_mismatch") == "Oper needs 2; your dice show 1."
    vienna.refused(place("Sabrina", "Oper", "2"), "die_not_held")
    vienna.refused(place("Sabrina", "Oper", "W1", "1"), "die_not_held")
    vienna.refused(place("Sabrina", "Hauptbahnhof", "6"), "unknown_field")
    vienna.refused(place("Matthew", "Oper", "2"), "not_your_turn")
    vienna.refused(place("Sabrina", "Heuriger", "5", "6"), "needs_double")
    vienna.refused(place("Sabrina", "Oper", "1", "1", gendarme="Rathaus", take="vp"), "not_krieau")
    vienna.refused(place("Sabrina", "Secession", "1", "1", turn="6", to="3"), "not_prater")
    vienna.refused({"type": "reroll", "seat": "Sabrina", "dice": ["6"]}, "reroll_result")
    vienna.refused({"type": "reroll", "seat": "Sabrina", "dice": ["6"], "result": ["W2"]}, "reroll_result")
    vienna.refused({"type": "turn_die", "seat": "Sabrina", "die": "6", "to": "4"}, "turn_by_one")
    vienna.refused({"type": "double_move", "seat": "Sabrina"}, "double_move_not_now")
    vienna.refused({"type": "take_character", "seat": "Sabrina", "card": "Monk"}, "no_decision")
    vienna.refused(place("Sabrina", "Oper", "1", "1", "1"), "", 400)
    vienna.refused(place("Sabrina", "Oper", "J"), "", 400)
    vienna.refused({"type": "place", "seat": "Sabrina", "field": "Oper"}, "", 400)
    vienna.refused({"type": "teleport", "seat": "Sabrina"}, "", 400)
    vienna.record(place("Sabrina", "Café Landtmann", "6"), roll("Matthew", "1", "5", "6", "4", "4"))
    # the Krieau: a coin or a VP, and the Gendarme on a free field of the street
    vienna.refused(place("Matthew", "Krieau", "1", gendarme="Oper"), "krieau_take")
    vienna.refused(place("Matthew", "Krieau", "1", take="coin"), "krieau_gendarme")
    vienna.refused(place("Matthew", "Krieau", "1", gendarme="Geheimbund", take="coin"), "gendarme_field")
    vienna.refused(place("Matthew", "Krieau", "1", gendarme="Café Landtmann", take="coin"), "gendarme_field")
    vienna.refused(place("Matthew", "Krieau", "1", gendarme="Oper", take="beer"), "", 400)
    vienna.record(place("Matthew", "Krieau", "1", gendarme="Oper", take="coin"), roll("Nancy", "3", "3", "2", "4", "2"))
    assert vienna.refused(place("Nancy", "Oper", "2"), "gendarme") == "The Gendarme blocks Oper until the evaluation."
    vienna.refused(place("Nancy", "Café Landtmann", "4", "2"), "field_occupied")
    vienna.record(place("Nancy", "Tiergarten", "3", "3"), place("Sabrina", "Geheimbund", "5", "6"),
                  place("Matthew", "Gloriette", "5", "6"), place("Nancy", "Geheimbund", "2", "4"),
                  place("Sabrina", "Geheimbund", "1", "1"), place("Matthew", "Geheimbund", "4", "4"))
    state = vienna.record(place("Nancy", "Geheimbund", "2"))
    # the evaluation stops at the Café Landtmann: Sabrina chooses a card for 1 coin
    assert state["phase"] == "evaluation" and state["pending"]["decision"] == "take_character"
    assert state["pending"]["cost"] == 1 and state["players"]["Sabrina"]["coins"] == 3 + 4
    vienna.refused({"type": "take_character", "seat": "Sabrina", "card": "Empress"}, "not_in_display")
    vienna.refused({"type": "take_character", "seat": "Matthew", "card": "Monk"}, "not_your_field")
    vienna.refused({"type": "gloriette", "seat": "Matthew", "symbol": "crowns"}, "no_decision")
    vienna.refused(place("Sabrina", "Oper", "2"), "not_your_turn")
    state = vienna.record({"type": "take_character", "seat": "Sabrina", "card": "Monk"})
    assert state["pending"]["decision"] == "gloriette" and state["players"]["Sabrina"]["symbols"]["crosses"] == 2
    assert state["players"]["Sabrina"]["coins"] == 6
    vienna.refused({"type": "gloriette", "seat": "Matthew", "symbol": "beer"}, "", 400)
    state = vienna.record({"type": "gloriette", "seat": "Matthew", "symbol": "crowns"})
    # Matthew paid 1 coin; his crown against Sabrina's none and Nancy's none: two majorities, 2 VP + 1 coin each
    assert state["scores"]["Matthew"] == 2 + 2 and state["players"]["Matthew"]["coins"] == 5 + 1 + 2 - 1 + 2
    assert state["pending"]["decision"] == "tiergarten"
    for take, code in (({"Nancy": 1}, "tiergarten_victim"), ({"Sabrina": 4}, "tiergarten_take"),
                       ({"Sabrina": 2, "Matthew": 1}, "tiergarten_take"), ({"Sabrina": 7}, "tiergarten_coins"),
                       ({}, "tiergarten_take")):
        vienna.refused({"type": "tiergarten", "seat": "Nancy", "take": take}, code)
    vienna.refused({"type": "tiergarten", "seat": "Nancy", "take": {"Sabrina": 0}}, "", 400)
    state = vienna.record({"type": "tiergarten", "seat": "Nancy", "take": {"Sabrina": 3}})
    assert state["phase"] == "reveal" and state["round"] == 2 and state["gendarme"] is None
    assert state["players"]["Sabrina"]["coins"] == 3 and state["players"]["Nancy"]["coins"] == 5 + 3 + 3

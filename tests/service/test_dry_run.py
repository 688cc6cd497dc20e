"""A greyed option says why, in the rule's words: a dry
run of the move through the engine's own check, nothing recorded, answered
only from what the caller may see (the scorekeeper of a digital game never
learns whether a player holds a card)."""
from __future__ import annotations

from helpers import Api

FOUR = ["Alex", "Joe", "Gunter", "Hanna"]
HANDS = {"Alex": ["R1", "R2", "R3", "Y4", "Y5", "G6", "G7", "B8", "B9"],
         "Joe": ["R4", "R5", "R6", "Y1", "Y2", "G1", "G2", "B1", "B2"],
         "Gunter": ["R7", "R8", "R9", "Y3", "Y6", "G3", "G4", "B3", "B4"],
         "Hanna": ["Y7", "Y8", "Y9", "G5", "G8", "G9", "B5", "B6", "B7"]}


def test_a_card_that_cannot_be_played_says_why_and_nothing_is_recorded(client):
    api = Api(client, "willi", FOUR)
    api.move({"type": "deal", "hands": HANDS})
    version = api.get("")["version"]
    answer = api.post("check", status=200, json={"move": {"type": "discard", "seat": "Alex", "card": "R4"}})
    assert answer["legal"] is False and answer["code"] and answer["message"]
    refused = api.move({"type": "discard", "seat": "Alex", "card": "R4"}, status=422)
    assert (answer["code"], answer["message"], answer["rule"]) == (refused["code"], refused["detail"], refused["rule"])
    assert api.post("check", status=200, json={"move": {"type": "discard", "seat": "Alex", "card": "R1"}}) == \
        {"legal": True}
    assert api.get("")["version"] == version
    assert api.post("check", status=400, json={"move": {"type": "fly"}})
    assert client.post(f"/api/games/{api.id}/check", json={"move": {"type": "discard"}}).status_code == 401


def test_in_a_digital_game_the_table_cannot_ask_about_a_players_hand(client):
    api = Api(client, "willi", FOUR, mode="digital", seed=7)
    hand = client.get(f"/api/games/{api.id}/state?seat=Alex", headers=api.auth(api.seat_tokens["Alex"])).json
    held = hand["hands"]["Alex"]["cards"][0]
    not_held = next(c for c in (f"{colour}{n}" for colour in "RYGB" for n in range(1, 10))
                    if c not in hand["hands"]["Alex"]["cards"])
    answers = [client.post(f"/api/games/{api.id}/check", headers=api.auth(),
                           json={"move": {"type": "discard", "seat": "Alex", "card": card}}) for card in (held, not_held)]
    # The same refusal whether Alex holds the card or not.
    assert [a.status_code for a in answers] == [403, 403]
    assert answers[0].json == answers[1].json
    # Another player's token may not ask either; Alex's own may.
    assert client.post(f"/api/games/{api.id}/check", headers=api.auth(api.seat_tokens["Joe"]),
                       json={"move": {"type": "discard", "seat": "Alex", "card": held}}).status_code == 403
    own = client.post(f"/api/games/{api.id}/check", headers=api.auth(api.seat_tokens["Alex"]),
                      json={"move": {"type": "discard", "seat": "Alex", "card": not_held}})
    assert own.status_code == 200 and own.json["legal"] is False

"""Vienna recorded through the HTTP API, from the start cards to the final scoring."""
from __future__ import annotations

import random

from domain.vienna import GAME
from domain.vienna.components import start_cards

PLAYERS = ["Sabrina", "Matthew", "Nancy"]


def create(client, players=PLAYERS, status=201, **body):
    r = client.post("/api/games", json={"game": "vienna", "players": players, **body})
    assert r.status_code == status, r.json
    return r.json


def record(client, game, move, status=201, token=None):
    r = client.post(f"/api/games/{game['id']}/moves", json={"move": move},
                    headers={"Authorization": f"Bearer {token or game['tokens']['scorekeeper']}"})
    assert r.status_code == status, (move, r.json)
    return r.json


def test_the_vocabulary_is_in_the_game_types(client):
    types = {g["id"]: g for g in client.get("/api/game-types").json["games"]}
    vienna = types["vienna"]
    assert vienna["players"] == {"min": 3, "max": 5}
    assert set(vienna["moves"]) == {"choose_start_card", "reveal_characters", "roll", "reroll", "turn_die", "place",
                                    "double_move", "take_character", "gloriette", "tiergarten"}
    place = vienna["moves"]["place"]["fields"]
    assert {"field", "dice", "gendarme", "take", "turn", "to"} <= set(place)
    assert "board" in vienna["options"]["fields"]
    assert "fields" in vienna["options"]["fields"]["board"]["fields"]


def test_a_two_player_game_is_refused_with_a_clear_message(client):
    answer = create(client, ["Sabrina", "Matthew"], status=422)
    assert answer["detail"] == "Vienna is for 3 to 5 players, not 2."


def test_a_whole_table_game_is_recorded_and_scored_as_counted_by_hand(client):
    game = create(client)
    rng = random.Random(11)
    local = GAME.setup(PLAYERS, GAME.load_options({}))
    while not GAME.finished(local):
        if GAME.expected(local).is_chance:
            move = GAME.chance_move(local, rng)
        else:
            move = GAME.complete_move(local, rng.choice(GAME.legal_moves(local)), rng)
        answer = record(client, game, move)
        local, outcome = GAME.play(local, GAME.load_move(move))
        assert answer["outcome"] == outcome
    final = client.get(f"/api/games/{game['id']}/state").json
    assert final["finished"] and final["scores"] == GAME.scores(local) and final["winners"] == GAME.winners(local)
    # the hand count: start field + every VP in the log
    log = client.get(f"/api/games/{game['id']}/log").json["entries"]
    start = GAME.setup(PLAYERS, {}).players[0].vp
    for seat in PLAYERS:
        points = sum(f["points"] for e in log for f in e["outcome"] if f["fact"] == "scored" and f["seat"] == seat)
        assert final["scores"][seat] == start + points
    assert client.get(f"/api/games/{game['id']}/audit").json["ok"] is True


def test_illegal_moves_are_refused_with_the_rule_and_malformed_ones_are_400(client):
    game = create(client)
    for seat, card in [("Nancy", "Merchant"), ("Matthew", "Baron"), ("Sabrina", "Innkeeper")]:
        printed = {"Merchant": (5, 1, 0, 0), "Baron": (5, 0, 0, 1), "Innkeeper": (3, 1, 1, 0)}[card]
        record(client, game, {"type": "choose_start_card", "seat": seat, "card": {
            "name": card, "coins": printed[0], "citizens": printed[1], "crosses": printed[2], "crowns": printed[3]}})
    record(client, game, {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1},
                                                                 {"name": "Mayor", "citizens": 2, "crowns": 1}]})
    record(client, game, {"type": "roll", "seat": "Sabrina", "dice": ["2", "2", "3", "5", "6"]})
    answer = record(client, game, {"type": "place", "seat": "Sabrina", "field": "Oper", "dice": ["3"]}, 422)
    assert (answer["code"], answer["detail"], answer["rule"]) == (
        "value_mismatch", "Oper needs 2; your dice show 3.", "How to Play")
    answer = record(client, game, {"type": "place", "seat": "Sabrina", "field": "Oper", "dice": ["9"]}, 400)
    assert answer["code"] == "malformed"
    record(client, game, {"type": "place", "seat": "Sabrina", "field": "Rathaus", "dice": ["2", "3"]})
    record(client, game, {"type": "roll", "seat": "Matthew", "dice": ["1", "1", "1", "1", "1"]})
    record(client, game, {"type": "place", "seat": "Matthew", "field": "Geheimbund", "dice": ["1"]})
    record(client, game, {"type": "roll", "seat": "Nancy", "dice": ["1", "1", "1", "1", "1"]})
    record(client, game, {"type": "place", "seat": "Nancy", "field": "Geheimbund", "dice": ["1"]})
    answer = record(client, game, {"type": "place", "seat": "Sabrina", "field": "Oper", "dice": ["2"]})
    assert {"fact": "coins", "seat": "Sabrina", "coins": -1, "why": "turning the coach back to Oper"} in \
        answer["outcome"]
    assert answer["state"]["players"]["Sabrina"]["coins"] == 2
    assert answer["state"]["board"][3] == {"field": "Oper", "seat": "Sabrina", "dice": ["2"]}


def test_a_digital_game_rolls_for_the_players_and_fills_in_rerolls(client):
    game = create(client, mode="digital", seed=7)
    tokens = game["tokens"]["seats"]
    history = client.application.extensions["tablelog"]
    for _ in range(3):
        state = history.history(game["id"]).state
        move = GAME.legal_moves(state)[0]
        record(client, game, move, token=tokens[move["seat"]])
    state = history.history(game["id"]).state
    assert state.phase == "placing" and state.player("Sabrina").rolled
    answer = record(client, game, {"type": "reroll", "seat": "Sabrina", "dice": [state.player("Sabrina").dice[0]]},
                    token=tokens["Sabrina"])
    assert answer["outcome"][-1]["fact"] == "rerolled" and len(answer["outcome"][-1]["result"]) == 1


def test_undo_then_redo_gives_back_the_same_state(client):
    game = create(client)
    rng = random.Random(3)
    local = GAME.setup(PLAYERS, {})
    for _ in range(12):
        move = GAME.chance_move(local, rng) if GAME.expected(local).is_chance else \
            GAME.complete_move(local, rng.choice(GAME.legal_moves(local)), rng)
        record(client, game, move)
        local, _ = GAME.play(local, GAME.load_move(move))
    headers = {"Authorization": f"Bearer {game['tokens']['scorekeeper']}"}
    url = f"/api/games/{game['id']}"
    before = client.get(f"{url}/state").json
    assert client.post(f"{url}/undo", json={}, headers=headers).status_code == 201
    undone = client.get(f"{url}/state").json
    assert undone["moves_applied"] == before["moves_applied"] - 1
    assert client.post(f"{url}/redo", json={}, headers=headers).status_code == 201
    after = client.get(f"{url}/state").json
    assert {k: v for k, v in after.items() if k != "version"} == {k: v for k, v in before.items() if k != "version"}


def test_a_digital_game_declines_the_double_move_and_the_service_rolls_on(client):
    """The double-move holder's turn is over and the next player has not
    rolled: nobody else can act, so the holder declines with ``use: false``
    and the service rolls for the next player."""
    game = create(client, mode="digital", seed=2)
    tokens = game["tokens"]["seats"]
    history = client.application.extensions["tablelog"]
    rng = random.Random(2)
    state = history.history(game["id"]).state
    while not (state.offer and not state.player(state.turn).rolled):
        assert not GAME.finished(state), "no double move was offered before the roll"
        move = rng.choice(GAME.legal_moves(state))
        record(client, game, move, token=tokens[move["seat"]])
        state = history.history(game["id"]).state
    holder, following = state.offer, state.turn
    assert GAME.expected(state).to_json() == {"seats": [holder, "table"], "moves": ["double_move", "roll"]}
    # nor may the next player roll their own dice: the service rolls
    sixes = ["6"] * state.dice_count + (["W6"] if state.white_die == following else [])
    refused = record(client, game, {"type": "roll", "seat": following, "dice": sixes}, 422, tokens[following])
    assert refused["code"] == "digital_chance"
    answer = record(client, game, {"type": "double_move", "seat": holder, "use": False}, token=tokens[holder])
    assert answer["state"]["double_move_offer"] is None
    assert answer["state"]["players"][following]["rolled"] and answer["state"]["turn"] == following


def test_the_rulebooks_placing_example_recorded_at_the_table(client):
    """How to Play: Sabrina rolls 2/2/3/5 and places a 2 on the Secession;
    Matthew his 4 on the Heldenplatz, Nancy her 2 on the Oper; Sabrina 2 + 3
    on the Rathaus; Matthew his 6 on the Café Landtmann, Nancy her 5 on the
    Universität; Sabrina, already further down the street, pays 1 coin to
    place her 5 on the Burgtheater."""
    players = ["Sabrina", "Matthew", "Nancy", "Oscar"]
    game = create(client, players)
    for seat, card in zip(["Oscar", "Nancy", "Matthew", "Sabrina"], start_cards()[2:]):  # Sabrina's shows 3 coins
        record(client, game, {"type": "choose_start_card", "seat": seat, "card": card.to_json(with_coins=True)})
    record(client, game, {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1}, {
        "name": "Mayor", "citizens": 2, "crowns": 1}, {"name": "Coachman", "citizens": 1}]})

    def place(seat, field, *dice, status=201):
        return record(client, game, {"type": "place", "seat": seat, "field": field, "dice": list(dice)}, status)

    record(client, game, {"type": "roll", "seat": "Sabrina", "dice": ["2", "2", "3", "5"]})
    place("Sabrina", "Secession", "2")
    record(client, game, {"type": "roll", "seat": "Matthew", "dice": ["4", "6", "3", "3"]})
    place("Matthew", "Heldenplatz", "4")
    record(client, game, {"type": "roll", "seat": "Nancy", "dice": ["2", "5", "6", "6"]})
    place("Nancy", "Oper", "2")
    record(client, game, {"type": "roll", "seat": "Oscar", "dice": ["6", "6", "6", "6"]})
    place("Oscar", "Geheimbund", "6", "6")
    state = place("Sabrina", "Rathaus", "2", "3")["state"]
    assert state["players"]["Sabrina"]["dice"] == ["5"] and state["players"]["Sabrina"]["position"] == "Rathaus"
    place("Matthew", "Café Landtmann", "6")
    place("Nancy", "Universität", "5")
    place("Oscar", "Geheimbund", "6")
    refused = place("Sabrina", "Universität", "5", status=422)
    assert (refused["code"], refused["detail"], refused["rule"]) == (
        "field_occupied", "Universität is already occupied by Nancy.", "How to Play")
    answer = place("Sabrina", "Burgtheater", "5")
    assert {"fact": "coins", "seat": "Sabrina", "coins": -1, "why": "turning the coach back to Burgtheater"} in \
        answer["outcome"]
    assert answer["state"]["players"]["Sabrina"]["coins"] == 3 - 1
    assert [(b["field"], b["seat"], b["dice"]) for b in answer["state"]["board"] if b["seat"]] == [
        ("Secession", "Sabrina", ["2"]), ("Oper", "Nancy", ["2"]), ("Heldenplatz", "Matthew", ["4"]),
        ("Burgtheater", "Sabrina", ["5"]), ("Rathaus", "Sabrina", ["2", "3"]), ("Universität", "Nancy", ["5"]),
        ("Café Landtmann", "Matthew", ["6"])]

"""The API read as an independent tester would: black-box, through the
HTTP API only (on SQLite, as every API suite). Sentences the rest of the suite does
not pin down: numbering across undo/redo, redo after a new move, idempotent
retries, unknown ids, 400 against 422 for each game's move fields, state at
and beyond the last move, seat views in digital games of every type, the end
of a game."""
from __future__ import annotations

import random

import pytest

FOUR = ["Ann", "Bob", "Cid", "Dee"]
THREE = ["Ann", "Bob", "Cid"]
CARDS = [f"{colour}{value}" for colour in "RYGB" for value in range(1, 10)]
MISSING = "00000000-0000-0000-0000-000000000000"


# -- a small client, written from the documentation's wording---------------------------------
class Game:
    def __init__(self, client, game: str = "willi", players=FOUR, mode: str = "table", **extra):
        self.client = client
        r = client.post("/api/games", json={"game": game, "players": list(players), "mode": mode, **extra})
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id, self.version = body["id"], body["version"]
        self.token, self.seats = body["tokens"]["scorekeeper"], body["tokens"]["seats"]
        self.players = list(players)
        self.mode = mode

    def auth(self, token: str | None = None, **headers) -> dict:
        return {"Authorization": f"Bearer {token or self.token}", **headers}

    def post(self, path: str, body=None, token: str | None = None, **headers):
        return self.client.post(f"/api/games/{self.id}/{path}", json=body if body is not None else {},
                                headers=self.auth(token, **headers))

    def move(self, move: dict, status: int = 201, token: str | None = None, **headers) -> dict:
        if token is None and self.mode == "digital":     # the scorekeeper is the table
            token = self.seats.get(move.get("seat"))
        r = self.post("moves", {"move": move}, token, **headers)
        assert r.status_code == status, (move, r.status_code, r.get_json())
        return r.get_json()

    def get(self, path: str = "", status: int = 200, token: str | None = None) -> dict:
        headers = self.auth(token) if token else {}
        r = self.client.get(f"/api/games/{self.id}" + (f"/{path}" if path else ""), headers=headers)
        assert r.status_code == status, (path, r.status_code, r.get_json())
        return r.get_json()

    def version_now(self) -> int:
        return self.get()["version"]


def error(r, status: int) -> dict:
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:400])
    body = r.get_json()
    assert r.mimetype == "application/problem+json" and body["code"] and body["detail"]
    return body


def deal_for(players: list[str], seed: int = 1) -> dict:
    cards = list(CARDS)
    random.Random(seed).shuffle(cards)
    seats = (["monster"] if len(players) == 3 else []) + players
    return {"type": "deal", "hands": {seat: sorted(cards[9 * i:9 * i + 9]) for i, seat in enumerate(seats)}}


def dealt(client, players=FOUR) -> tuple[Game, dict]:
    game = Game(client, players=players)
    deal = deal_for(players)
    game.move(deal)
    return game, deal["hands"]


def discarded(client) -> tuple[Game, dict]:
    """A 4-player game at the first lead: each has discarded the highest card."""
    game, hands = dealt(client)
    for seat in FOUR:
        game.move({"type": "discard", "seat": seat, "card": hands[seat][-1]})
        hands[seat] = hands[seat][:-1]
    return game, hands


def without(state: dict, *keys: str) -> dict:
    return {k: v for k, v in state.items() if k not in keys}


# -- numbering across undo, redo and annotations --------------------------------------
def test_state_at_an_undone_moves_number_is_the_state_before_it(client):
    game, hands = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None})          # 2
    game.move({"type": "discard", "seat": "Bob", "card": None})          # 3
    assert game.post("undo").get_json() == {"version": 5, "undone": 3}
    at2, at3 = game.get("state?at=2"), game.get("state?at=3")
    assert at3["discarded"] == at2["discarded"] == ["Ann"]
    assert without(at3, "at") == without(at2, "at")
    live = game.get("state")
    assert without(live, "at") == without(at2, "at")


@pytest.mark.parametrize("at", [3, 4, 50, 10 ** 9])
def test_state_at_beyond_the_last_move_is_the_state_after_every_move(client, at):
    game, _ = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None})
    beyond = game.get(f"state?at={at}")
    assert without(beyond, "at") == without(game.get("state"), "at")
    assert beyond["discarded"] == ["Ann"] and beyond["version"] == 3


def test_state_at_zero_in_a_digital_game_is_before_the_services_deal(client):
    game = Game(client, mode="digital", seed=2)
    zero = game.get("state?at=0")
    assert zero["expected"] == {"seats": ["table"], "moves": ["deal"]}
    assert zero["winners"] == [] and zero["finished"] is False and set(zero["scores"]) == set(FOUR)
    ann = game.get("state?at=0&seat=Ann", token=game.seats["Ann"])
    assert ann["expected"] == zero["expected"]
    assert game.get("state?at=1&seat=Ann", token=game.seats["Ann"])["hands"]["Ann"]["count"] == 9


def test_an_undone_and_redone_move_keeps_its_number_and_the_next_move_takes_a_new_one(client):
    game, _ = dealt(client)
    assert game.move({"type": "discard", "seat": "Ann", "card": None})["index"] == 2
    assert game.post("undo").get_json() == {"version": 4, "undone": 2}
    assert game.post("redo").get_json() == {"version": 5, "redone": 2}
    body = game.move({"type": "discard", "seat": "Bob", "card": None})
    assert (body["index"], body["version"]) == (3, 6)
    log = game.get("log")
    assert [(e["index"], e["undone"]) for e in log["entries"]] == [(1, False), (2, False), (3, False)]
    assert log["version"] == game.version_now() == 6


def test_redo_after_a_new_move_is_409_and_changes_nothing(client):
    game, _ = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None})
    game.post("undo")
    game.move({"type": "discard", "seat": "Bob", "card": None})                  # 3, recorded since
    log = game.get("log")
    assert error(game.post("redo"), 409)["code"]
    assert game.get("log") == log and game.version_now() == 5


def test_redo_gives_back_only_the_newer_move_once_something_was_recorded_since(client):
    game, _ = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None})                  # 2
    game.post("undo")                                                            # 2 undone
    game.move({"type": "discard", "seat": "Bob", "card": None})                  # 3
    assert game.post("undo").get_json() == {"version": 6, "undone": 3}
    assert game.post("redo").get_json() == {"version": 7, "redone": 3}
    error(game.post("redo"), 409)                                                # 2 stays undone
    assert game.get("state")["discarded"] == ["Bob"]


def test_undo_redo_and_annotations_each_add_one_to_the_version_everywhere(client):
    game, _ = dealt(client)
    versions = [game.version_now()]
    versions.append(game.move({"type": "discard", "seat": "Ann", "card": None})["version"])
    versions.append(game.post("undo").get_json()["version"])
    r = game.post("annotations", {"move_index": 2, "text": "misheard"})
    assert r.status_code == 201
    versions.append(r.get_json()["version"])
    versions.append(game.post("redo").get_json()["version"])
    assert versions == [2, 3, 4, 5, 6]
    assert game.get()["version"] == game.get("log")["version"] == game.get("state")["version"] == 6


# -- idempotent retries ----------------------------------------------------------------
def test_a_move_retried_after_the_game_moved_on_returns_the_first_answer(client):
    game, _ = dealt(client)
    move = {"type": "discard", "seat": "Ann", "card": None}
    first = game.post("moves", {"move": move}, **{"Idempotency-Key": "m-1"})
    assert first.status_code == 201
    game.move({"type": "discard", "seat": "Bob", "card": None})
    again = game.post("moves", {"move": move}, **{"Idempotency-Key": "m-1"})
    assert (again.status_code, again.get_json()) == (201, first.get_json())
    assert game.version_now() == 4 and len(game.get("log")["entries"]) == 3


def test_an_undo_retried_after_a_new_move_undoes_nothing_more(client):
    game, _ = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None})
    first = game.post("undo", **{"Idempotency-Key": "u-1"})
    assert first.get_json() == {"version": 4, "undone": 2}
    game.move({"type": "discard", "seat": "Bob", "card": None})                  # 3, version 5
    again = game.post("undo", **{"Idempotency-Key": "u-1"})
    assert (again.status_code, again.get_json()) == (201, {"version": 4, "undone": 2})
    assert game.version_now() == 5 and game.get("state")["discarded"] == ["Bob"]


def test_a_redo_retried_after_a_new_undo_redoes_nothing_more(client):
    game, _ = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None})
    game.post("undo")
    first = game.post("redo", **{"Idempotency-Key": "r-1"})
    assert first.get_json() == {"version": 5, "redone": 2}
    game.post("undo")                                                            # version 6
    again = game.post("redo", **{"Idempotency-Key": "r-1"})
    assert (again.status_code, again.get_json()) == (201, {"version": 5, "redone": 2})
    assert game.version_now() == 6 and game.get("state")["discarded"] == []


def test_a_key_first_sent_with_a_move_is_no_retry_of_an_undo(client):
    """A move's key sent with an undo, a redo or a comment is refused
    (409), not answered with the move's answer cut down to another schema."""
    game, _ = dealt(client)
    game.move({"type": "discard", "seat": "Ann", "card": None}, **{"Idempotency-Key": "k"})
    for path in ("undo", "redo", "annotations"):
        body = {"move_index": 1, "text": "x"} if path == "annotations" else {}
        r = game.post(path, body, **{"Idempotency-Key": "k"})
        assert r.status_code == 409, (path, r.status_code, r.get_json())
        assert error(r, 409)["code"] == "idempotency_key_reused"
    assert game.version_now() == 3
    assert game.post("undo", **{"Idempotency-Key": "u"}).get_json() == {"version": 4, "undone": 2}
    assert error(game.post("redo", **{"Idempotency-Key": "u"}), 409)["code"] == "idempotency_key_reused"
    r = game.post("moves", {"move": {"type": "discard", "seat": "Bob", "card": None}}, **{"Idempotency-Key": "u"})
    assert error(r, 409)["code"] == "idempotency_key_reused"
    assert game.version_now() == 4


def test_the_key_that_started_a_digital_game_is_no_retry_of_a_move(client):
    """A digital game's start key belongs to the start alone: the service's
    first deal does not carry it, so a move sent with that key is not
    mistaken for the deal."""
    r = client.post("/api/games", json={"game": "willi", "players": THREE, "mode": "digital", "seed": 1},
                    headers={"Idempotency-Key": "k"})
    assert r.status_code == 201
    game_id, token = r.get_json()["id"], r.get_json()["tokens"]["seats"]["Ann"]
    headers = {"Authorization": f"Bearer {token}"}
    move = client.get(f"/api/games/{game_id}/legal-moves", headers=headers).get_json()["moves"][0]
    r = client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers={**headers, "Idempotency-Key": "k"})
    assert r.status_code == 201 and r.get_json()["index"] == 2, r.get_json()
    assert client.get(f"/api/games/{game_id}").get_json()["version"] == 3


def test_the_same_idempotency_key_in_two_games_records_in_each(client):
    one, _ = dealt(client)
    two, _ = dealt(client)
    move = {"type": "discard", "seat": "Ann", "card": None}
    a = one.post("moves", {"move": move}, **{"Idempotency-Key": "shared"})
    b = two.post("moves", {"move": move}, **{"Idempotency-Key": "shared"})
    assert a.status_code == b.status_code == 201
    assert one.version_now() == two.version_now() == 3


def test_a_seats_retried_move_in_a_digital_game_is_recorded_once(client):
    game = Game(client, mode="digital", seed=5)
    token = game.seats["Bob"]
    move = game.get("legal-moves", token=token)["moves"][0]
    first = game.post("moves", {"move": move}, token, **{"Idempotency-Key": "bob-1"})
    again = game.post("moves", {"move": move}, token, **{"Idempotency-Key": "bob-1"})
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    assert game.version_now() == 3 and game.get("log")["entries"][-1]["recorded_by"] == "Bob"


# -- who may write -------------------------------------------------------------------------
def test_a_seat_token_does_not_record_at_a_table_game(client):
    game, _ = dealt(client)
    r = game.post("moves", {"move": {"type": "discard", "seat": "Ann", "card": None}}, game.seats["Ann"])
    error(r, 403)
    error(game.post("undo", token=game.seats["Ann"]), 403)
    assert game.version_now() == 2


def test_a_token_of_another_game_is_403_and_a_missing_one_401(client):
    one, _ = dealt(client)
    two, _ = dealt(client)
    move = {"move": {"type": "discard", "seat": "Ann", "card": None}}
    error(one.post("moves", move, two.token), 403)
    r = client.post(f"/api/games/{one.id}/moves", json=move)
    error(r, 401)
    r = client.post(f"/api/games/{one.id}/undo", json={})
    error(r, 401)
    assert one.version_now() == 2


# -- unknown games -------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", [MISSING, "nope", "1", "00000000-0000-0000-0000-00000000000g"])
def test_an_unknown_game_is_404_for_annotations_and_seat_views_too(client, game_id):
    game, _ = dealt(client)
    error(client.post(f"/api/games/{game_id}/annotations", json={"move_index": 1, "text": "x"},
                      headers=game.auth()), 404)
    error(client.get(f"/api/games/{game_id}/state?at=0&seat=Ann"), 404)
    error(client.get(f"/api/games/{game_id}/legal-moves", headers=game.auth()), 404)


def test_an_unknown_game_is_404_even_with_a_token_of_another_game(client):
    game, _ = dealt(client)
    r = client.post(f"/api/games/{MISSING}/moves", json={"move": {"type": "meinz", "seat": "Ann"}},
                    headers=game.auth())
    error(r, 404)


# -- Willi: 400 (does not fit the move schema) against 422 (the rules forbid it) ----------
WILLI_MALFORMED = [
    {"type": "play", "seat": "Ann", "card": "R0"},
    {"type": "play", "seat": "Ann", "card": "R10"},
    {"type": "play", "seat": "Ann", "card": "X5"},
    {"type": "play", "seat": "Ann", "card": "r5"},
    {"type": "play", "seat": "Ann", "card": "5R"},
    {"type": "play", "seat": "Ann", "card": ""},
    {"type": "play", "seat": "Ann", "card": 5},
    {"type": "play", "seat": "Ann", "card": ["R5"]},
    {"type": "play", "seat": "Ann", "card": None},
    {"type": "play", "seat": "Ann"},
    {"type": "play", "card": "R5"},
    {"type": "play", "seat": 1, "card": "R5"},
    {"type": "play", "seat": None, "card": "R5"},
    {"type": "play", "seat": "Ann", "card": "R5", "colour": "red"},
    {"type": "meinz"},
    {"type": "meinz", "seat": ["Ann"]},
    {"type": "exchange", "seat": "Ann", "give": "R5"},
    {"type": "exchange", "seat": "Ann", "give": "R5", "take": "Q1"},
    {"type": "discard", "seat": "Ann"},
    {"type": "discard", "seat": "Ann", "card": "R 5"},
    {"type": "deal", "hands": ["R1"]},
    {"type": "deal", "hands": {"Ann": "R1"}},
    {"type": "deal", "hands": {"Ann": ["R1", 2]}},
    {"type": "deal"},
    {"type": "pass", "seat": "Ann"},
    {"type": "PLAY", "seat": "Ann", "card": "R5"},
    {"type": 7, "seat": "Ann", "card": "R5"},
    {"seat": "Ann", "card": "R5"},
]


@pytest.mark.parametrize("move", WILLI_MALFORMED, ids=[str(i) for i in range(len(WILLI_MALFORMED))])
def test_willi_moves_that_do_not_fit_the_schema_are_400(client, move):
    game, _ = discarded(client)
    log = game.get("log")
    assert error(game.post("moves", {"move": move}), 400)["code"] == "malformed"
    assert game.get("log") == log


@pytest.mark.parametrize("body", [{"move": None}, {"move": "play"}, {"move": []}, {}, {"move": {}},
                                  {"move": {"type": "meinz", "seat": "Ann"}, "expected_version": True},
                                  {"move": {"type": "meinz", "seat": "Ann"}, "extra": 1}])
def test_move_bodies_that_do_not_fit_are_400(client, body):
    game, _ = discarded(client)
    assert error(game.post("moves", body), 400)["code"] == "malformed"
    assert game.version_now() == 6


def test_willi_well_formed_moves_the_rules_forbid_are_422_with_the_rule(client):
    game, hands = discarded(client)
    cases = [
        {"type": "play", "seat": "Bob", "card": hands["Bob"][0]},              # not Bob's turn
        {"type": "play", "seat": "Ann", "card": hands["Bob"][0]},              # a card Bob holds
        {"type": "play", "seat": "Ann", "card": next(c for c in CARDS if c not in sum(hands.values(), []))},
        {"type": "discard", "seat": "Ann", "card": None},                      # discards are over
        {"type": "exchange", "seat": "Ann", "give": hands["Ann"][0], "take": hands["Bob"][0]},
        {"type": "meinz", "seat": "Bob"},                                      # nothing led yet
        {"type": "deal", "hands": {s: None for s in FOUR}},                    # not a deal now
        {"type": "play", "seat": "Zed", "card": hands["Ann"][0]},              # no such seat
        {"type": "play", "seat": "monster", "card": hands["Ann"][0]},          # no monster with 4
    ]
    for move in cases:
        refused = error(game.post("moves", {"move": move}), 422)
        assert {"code", "detail", "rule"} <= set(refused) and refused["rule"], move
    assert game.version_now() == 6


@pytest.mark.parametrize("change", ["short", "long", "twice", "missing_seat", "unknown_seat"])
def test_willi_deals_that_do_not_add_up_are_refused_without_a_500(client, change):
    game = Game(client, players=FOUR)
    deal = deal_for(FOUR)
    hands = deal["hands"]
    if change == "short":
        hands["Ann"] = hands["Ann"][:8]
    elif change == "long":
        hands["Ann"] = hands["Ann"] + [hands["Bob"].pop()]
    elif change == "twice":
        hands["Ann"][0] = hands["Bob"][0]
    elif change == "missing_seat":
        del hands["Dee"]
    else:
        hands["Zed"] = hands.pop("Dee")
    r = game.post("moves", {"move": deal})
    assert r.status_code in (400, 422), (r.status_code, r.get_json())
    assert game.version_now() == 1


# -- other games: 400 against 422 --------------------------------------------------------
def digital(client, kind: str, players: list[str], seed: int = 3) -> Game:
    return Game(client, game=kind, players=players, mode="digital", seed=seed)


WW_MALFORMED = [
    {"card": "L6"}, {"card": "X3"}, {"card": "l3"}, {"card": "L"}, {"card": "L33"}, {"card": 3},
    {"card": None}, {"space": 4}, {"space": None}, {"space": ""}, {"space": "1a"}, {"space": "a"},
    {"seat": 2}, {"card": "L3", "space": "d1", "bonus": 1},
]


@pytest.mark.parametrize("change", WW_MALFORMED, ids=[str(i) for i in range(len(WW_MALFORMED))])
def test_wiener_walzer_place_fields_that_do_not_fit_are_400(client, change):
    game = digital(client, "wiener_walzer", ["Ann", "Bob"])
    move = {"type": "place", "seat": "Ann", "card": "L3", "space": "d1", **change}
    assert error(game.post("moves", {"move": move}), 400)["code"] == "malformed"
    assert game.version_now() == 2


def test_wiener_walzer_well_formed_but_forbidden_placements_are_422(client):
    game = digital(client, "wiener_walzer", ["Ann", "Bob"])
    legal = game.get("legal-moves", token=game.seats["Ann"])["moves"]
    card, space = legal[0]["card"], legal[0]["space"]
    other = next(c for c in (f"{s}{v}" for s in "LG" for v in range(6)) if c != card)
    gold = next(name for name, spec in game.get("state")["spaces"].items() if spec["gold"])
    for move in [
        {"type": "place", "seat": "Bob", "card": card, "space": space},        # not Bob's turn
        {"type": "place", "seat": "Ann", "card": other, "space": space},       # not the card drawn
        {"type": "place", "seat": "Ann", "card": card, "space": "z99"},        # no such space in play
        {"type": "place", "seat": "Ann", "card": card, "space": gold},         # a neutral guest is there
        {"type": "dance", "seat": "Ann", "dancer": space, "partner": gold},    # no dance pending
        {"type": "event", "card": "tortung"},                                  # no events in this game
        {"type": "setup", "neutral": {}, "buffet": {}},                        # the board is laid out
    ]:
        # Each seat's move with its own token: the scorekeeper is the table.
        refused = error(game.post("moves", {"move": move}, game.seats.get(move.get("seat"))), 422)
        assert refused["rule"], move
    assert game.version_now() == 2


VIENNA_MALFORMED = [
    {"dice": ["7"]}, {"dice": ["0"]}, {"dice": ["W7"]}, {"dice": ["X3"]}, {"dice": [3]}, {"dice": "3"},
    {"dice": []}, {"dice": ["1", "2", "3"]}, {"dice": None}, {"field": 4}, {"field": None}, {"seat": None},
    {"take": "gold"},
]


@pytest.mark.parametrize("change", VIENNA_MALFORMED, ids=[str(i) for i in range(len(VIENNA_MALFORMED))])
def test_vienna_place_fields_that_do_not_fit_are_400(client, change):
    game = digital(client, "vienna", THREE)
    move = {"type": "place", "seat": "Ann", "field": "Oper", "dice": ["2"], **change}
    assert error(game.post("moves", {"move": move}), 400)["code"] == "malformed"
    assert game.version_now() == 1


def test_vienna_well_formed_but_forbidden_moves_are_422(client):
    game = digital(client, "vienna", THREE)
    for move in [
        {"type": "place", "seat": "Ann", "field": "Oper", "dice": ["2"]},        # start cards come first
        {"type": "place", "seat": "Ann", "field": "Nowhere", "dice": ["2"]},     # no such field
        {"type": "turn_die", "seat": "Cid", "die": "3", "to": "4"},
        {"type": "gloriette", "seat": "Cid", "symbol": "crowns"},
    ]:
        assert error(game.post("moves", {"move": move}, game.seats.get(move.get("seat"))), 422)["rule"], move
    assert game.version_now() == 1


def test_vienna_table_moves_split_400_and_422_where_the_wording_says(client):
    game = Game(client, game="vienna", players=THREE)
    start = {"Cid": ("Merchant", "citizens"), "Bob": ("Chaplain", "crosses"), "Ann": ("Baron", "crowns")}
    for label, move, status in [
        ("card as a name", {"type": "choose_start_card", "seat": "Cid", "card": "Merchant"}, 400),
        ("card without name", {"type": "choose_start_card", "seat": "Cid", "card": {"coins": 5}}, 400),
        ("unknown card field", {"type": "choose_start_card", "seat": "Cid",
                                "card": {"name": "Merchant", "coins": 5, "gold": 1}}, 400),
        ("the start player first", {"type": "choose_start_card", "seat": "Ann",
                                    "card": {"name": "Baron", "coins": 5, "crowns": 1}}, 422),
    ]:
        assert error(game.post("moves", {"move": move}), status)["code"], label
    for seat in ("Cid", "Bob", "Ann"):
        name, symbol = start[seat]
        game.move({"type": "choose_start_card", "seat": seat, "card": {"name": name, "coins": 5, symbol: 1}})
    for label, move, status in [
        ("one card for three players", {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1}]}, 422),
        ("the same name twice", {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1}] * 2}, 422),
        ("a symbol count as text", {"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": "x"},
                                                                           {"name": "Mayor", "citizens": 2}]}, 400),
    ]:
        assert error(game.post("moves", {"move": move}), status)["code"], label
    game.move({"type": "reveal_characters", "cards": [{"name": "Monk", "crosses": 1},
                                                      {"name": "Mayor", "citizens": 2, "crowns": 1}]})
    for label, move, status in [
        ("four dice of five", {"type": "roll", "seat": "Ann", "dice": ["1", "2", "3", "4"]}, 422),
        ("a seven", {"type": "roll", "seat": "Ann", "dice": ["1", "2", "3", "4", "7"]}, 400),
        ("dice as numbers", {"type": "roll", "seat": "Ann", "dice": [1, 2, 3, 4, 5]}, 400),
        ("not Bob's roll yet", {"type": "roll", "seat": "Bob", "dice": ["1", "2", "3", "4", "5"]}, 422),
    ]:
        assert error(game.post("moves", {"move": move}), status)["code"], label
    assert game.version_now() == 5
    assert game.move({"type": "roll", "seat": "Ann", "dice": ["1", "2", "3", "4", "5"]})["index"] == 5


def test_wiener_walzer_setup_splits_400_and_422(client):
    game = Game(client, game="wiener_walzer", players=["Ann", "Bob"])
    spaces = game.get("state")["spaces"]
    gold = [name for name, space in spaces.items() if space["gold"]]
    other = [name for name, space in spaces.items() if not space["gold"]]
    neutral = {space: f"{'LG'[i % 2]}{i // 2}" for i, space in enumerate(gold)}
    buffet = {space: ["cheese"] for space in other}
    for label, move, status in [
        ("a guest valued 9", {"neutral": {**neutral, gold[0]: "L9"}, "buffet": buffet}, 400),
        ("a delicacy not on any tile", {"neutral": neutral, "buffet": {**buffet, other[0]: ["pizza"]}}, 400),
        ("a tile as text", {"neutral": neutral, "buffet": {**buffet, other[0]: "cheese"}}, 400),
        ("an empty tile", {"neutral": neutral, "buffet": {**buffet, other[0]: []}}, 400),
        ("a gold space left empty", {"neutral": {s: c for s, c in neutral.items() if s != gold[0]},
                                     "buffet": buffet}, 422),
        ("one white guest twice", {"neutral": {s: "L1" for s in gold}, "buffet": buffet}, 422),
    ]:
        assert error(game.post("moves", {"move": {"type": "setup", **move}}), status)["code"], label
    assert game.version_now() == 1
    game.move({"type": "setup", "neutral": neutral, "buffet": buffet})


GAH_MALFORMED = [
    {"type": "take_guest", "seat": "Ann", "position": None},
    {"type": "take_guest", "seat": "Ann", "position": True},
    {"type": "take_guest", "seat": "Ann", "position": 9},           # game-types: min 1, max 5
    {"type": "take_guest", "seat": "Ann", "position": 0},
    {"type": "take_guest", "seat": "Ann"},
    {"type": "take_die", "seat": "Ann", "value": 7},
    {"type": "serve", "seat": "Ann", "items": "cake"},
    {"type": "check_in", "seat": "Ann", "table": 1, "room": 11},
    {"type": "take_guest", "seat": "Ann", "position": 1, "free": True},
]


@pytest.mark.parametrize("move", GAH_MALFORMED, ids=[str(i) for i in range(len(GAH_MALFORMED))])
def test_grand_austria_moves_that_do_not_fit_are_400(client, move):
    game = digital(client, "grand_austria", ["Ann", "Bob"])
    assert error(game.post("moves", {"move": move}), 400)["code"] == "malformed"
    assert game.version_now() == 2


def test_grand_austria_well_formed_but_forbidden_moves_are_422(client):
    game = digital(client, "grand_austria", ["Ann", "Bob"])
    expected = game.get("state")["expected"]
    assert expected == {"seats": ["Ann"], "moves": ["take_guest"]}
    for move in [
        {"type": "take_guest", "seat": "Bob", "position": 1},
        {"type": "take_die", "seat": "Ann", "value": 3},
        {"type": "pass", "seat": "Ann"},
    ]:
        assert error(game.post("moves", {"move": move}, game.seats.get(move.get("seat"))), 422)["rule"], move
    assert game.version_now() == 2


# Numbers and booleans given as text, or a fraction for a whole number, are
# "wrong field types" (400), not read as "2" -> 2, 2.5 -> 2, "yes" -> true.
COERCED = [
    ("grand_austria", ["Ann", "Bob"], {"type": "take_guest", "seat": "Ann", "position": "2"}),
    ("grand_austria", ["Ann", "Bob"], {"type": "take_guest", "seat": "Ann", "position": 2.5}),
    ("grand_austria", ["Ann", "Bob"], {"type": "take_guest", "seat": "Ann", "position": 2.0}),
    ("grand_austria", ["Ann", "Bob"], {"type": "take_die", "seat": "Ann", "value": "3"}),
    ("grand_austria", ["Ann", "Bob"], {"type": "take_die", "seat": "Ann", "value": 3, "boost": "yes"}),
    ("vienna", THREE, {"type": "double_move", "seat": "Ann", "use": "no"}),
    ("vienna", THREE, {"type": "choose_start_card", "seat": "Cid",
                       "card": {"name": "Merchant", "citizens": 1, "coins": "5"}}),
    ("vienna", THREE, {"type": "tiergarten", "seat": "Ann", "take": {"Bob": "2"}}),
    ("wiener_walzer", ["Ann", "Bob"], {"type": "resolve_event", "seat": "Ann", "lapse": 1}),
]


@pytest.mark.parametrize("kind,players,move", COERCED, ids=[str(i) for i in range(len(COERCED))])
def test_numbers_and_booleans_of_the_wrong_json_type_are_400(client, kind, players, move):
    game = digital(client, kind, players)
    before = game.version_now()
    r = game.post("moves", {"move": move})
    assert r.status_code == 400, (r.status_code, r.get_json())
    assert game.version_now() == before


@pytest.mark.parametrize("kind,players,options", [
    ("grand_austria", ["Ann", "Bob"], {"staff_draft": "yes"}),
    ("grand_austria", ["Ann", "Bob"], {"staff_draft": 1}),
    ("wiener_walzer", ["Ann", "Bob"], {"events": 1}),
    ("wiener_walzer", ["Ann", "Bob"], {"events": "true"}),
])
def test_options_of_the_wrong_json_type_are_400(client, kind, players, options):
    r = client.post("/api/games", json={"game": kind, "players": players, "options": options})
    assert r.status_code == 400, (r.status_code, r.get_json())
    assert r.get_json()["code"] == "malformed"


# -- seat views in digital games of every type --------------------------------------------
GAMES = [("willi", FOUR), ("willi", THREE), ("wiener_walzer", ["Ann", "Bob", "Cid"]), ("vienna", THREE),
         ("grand_austria", ["Ann", "Bob", "Cid"])]


@pytest.mark.parametrize("kind,players", GAMES, ids=[f"{k}-{len(p)}" for k, p in GAMES])
def test_a_seats_view_in_a_digital_game_needs_that_seats_own_token(client, kind, players):
    game = digital(client, kind, players)
    for token in (None, game.token, game.seats[players[1]]):
        r = client.get(f"/api/games/{game.id}/state?seat={players[0]}",
                       headers=game.auth(token) if token else {})
        assert r.status_code in (401, 403), (token, r.status_code)
    own = game.get(f"state?seat={players[0]}", token=game.seats[players[0]])
    public = game.get("state")
    for key in ("scores", "finished", "winners", "expected"):
        assert own[key] == public[key], key
    at = game.get(f"state?seat={players[0]}&at=0", token=game.seats[players[0]])
    assert at["winners"] == [] and at["finished"] is False


def test_a_digital_willi_hand_is_shown_only_to_its_seat(client):
    game = digital(client, "willi", FOUR, seed=8)
    for seat in FOUR:
        view = game.get(f"state?seat={seat}", token=game.seats[seat])
        assert len(view["hands"][seat]["cards"]) == 9
        assert all(view["hands"][other]["cards"] is None for other in FOUR if other != seat)
    for token in (None, game.token):
        public = game.get("state", token=token)
        assert all(hand["cards"] is None for hand in public["hands"].values())
    assert "R" not in str(game.get("log")["entries"][0]["move"]["hands"])


def test_a_digital_wiener_walzer_card_drawn_is_shown_only_to_its_player(client):
    game = digital(client, "wiener_walzer", ["Ann", "Bob"], seed=6)
    ann = game.get("state?seat=Ann", token=game.seats["Ann"])
    bob = game.get("state?seat=Bob", token=game.seats["Bob"])
    public = game.get("state")
    drawn = game.get("legal-moves", token=game.seats["Ann"])["moves"][0]["card"]
    assert drawn in str(ann["players_detail"]["Ann"])
    assert bob["players_detail"]["Ann"].get("hand") is None
    assert public["players_detail"]["Ann"].get("hand") is None


UNDOABLE = [("wiener_walzer", ["Ann", "Bob"]), ("vienna", THREE), ("willi", FOUR)]


@pytest.mark.parametrize("kind,players", UNDOABLE, ids=[k for k, _ in UNDOABLE])
def test_a_seat_undoes_and_redoes_its_own_move_in_a_digital_game(client, kind, players):
    game = digital(client, kind, players)
    seat = game.get("state")["expected"]["seats"][0]
    move = game.get("legal-moves", token=game.seats[seat])["moves"][0]
    body = game.move(move, token=game.seats[seat])
    other = next(s for s in players if s != seat)
    error(game.post("undo", token=game.seats[other]), 403)
    assert game.post("undo", token=game.seats[seat]).get_json() == {"version": body["version"] + 1,
                                                                     "undone": body["index"]}
    error(game.post("redo", token=game.seats[other]), 403)
    assert game.post("redo", token=game.seats[seat]).get_json() == {"version": body["version"] + 2,
                                                                     "redone": body["index"]}


def test_undo_may_not_cross_the_guest_the_service_revealed(client):
    game = digital(client, "grand_austria", ["Ann", "Bob"])
    body = game.move({"type": "take_guest", "seat": "Ann", "position": 1}, token=game.seats["Ann"])
    assert body["index"] == 2 and [a["index"] for a in body["auto"]] == [3] and body["version"] == 4
    assert game.get("log")["entries"][-1]["recorded_by"] == "service"
    assert error(game.post("undo"), 409)["code"]
    assert game.version_now() == 4


# The scorekeeper's token "sees what the table sees" (README) and may record
# any seat's move in a digital game, yet its legal-moves hides every move of a
# seat held by a person, even where nothing in it is hidden (a start card on
# the table, a guest in the open queue): it answers "moves": [] while such a
# move is recorded with that very token. Anonymous callers get null.
def test_the_scorekeeper_sees_every_legal_move_when_the_table_sees_everything(client):
    # Vienna hides nothing: in a digital game the scorekeeper's legal moves are the acting seat's
    game = digital(client, "vienna", THREE)
    own = game.get("legal-moves", token=game.seats["Cid"])["moves"]
    assert own
    assert game.get("legal-moves", token=game.token)["moves"] == own
    game.move(own[0])                                       # the scorekeeper records it all the same


def test_the_scorekeeper_sees_no_seats_options_while_the_table_view_hides_hands(client):
    # Grand Austria Hotel's staff hands are hidden in a digital game: a seat's
    # options would show its hand, so the scorekeeper gets none of them
    game = digital(client, "grand_austria", ["Ann", "Bob"])
    assert game.get("legal-moves", token=game.seats["Ann"])["moves"]
    assert game.get("legal-moves", token=game.token)["moves"] == []


# -- the end of a game --------------------------------------------------------------------
def play_out(game: Game, players: list[str], seed: int) -> dict:
    rng = random.Random(seed)
    round_seed = seed
    while True:
        legal = game.get("legal-moves")
        if legal["expected"]["moves"] == ["deal"]:
            round_seed += 1
            game.move(deal_for(players, round_seed))
            continue
        if not legal["moves"]:
            return legal
        game.move(rng.choice(legal["moves"]))


@pytest.mark.parametrize("players", [FOUR, THREE], ids=["four", "three"])
def test_a_finished_willi_game_has_winners_nobody_expected_and_no_legal_moves(client, players):
    game = Game(client, players=players)
    last = play_out(game, players, seed=len(players))
    state = game.get("state")
    assert state["finished"] is True
    assert state["winners"] and "monster" not in state["winners"]
    best = max(state["scores"][seat] for seat in players)
    assert state["winners"] == [seat for seat in players if state["scores"][seat] == best]
    assert state["expected"] == {"seats": [], "moves": []}
    assert last == {"version": state["version"], "expected": {"seats": [], "moves": []}, "moves": [],
                    "unlisted": []}     # nothing to list, not "too many"
    assert error(game.post("moves", {"move": {"type": "meinz", "seat": players[0]}}), 422)["rule"]
    summary = game.get()
    assert summary["finished"] is True and summary["winners"] == state["winners"]
    moves = summary["moves"]
    before_last = game.get(f"state?at={moves - 1}")
    assert before_last["winners"] == [] and before_last["finished"] is False
    assert game.get("audit")["ok"] is True

"""Grand Austria Hotel: the optional staff draft. "Each player takes ... 6
staff cards drawn from the deck as a starting hand — you may optionally
perform a draft with these": with the ``staff_draft`` option the six cards
dealt to each player are drafted (keep one, pass the rest to the left) until
every hand holds six again; then the starting guests are chosen."""
from __future__ import annotations

import random

import pytest
from grand_austria_table import HANDS, PLAYERS, SETUP, fresh, mv, play

from domain.grand_austria import GAME
from domain.rules import MalformedMove, RuleViolation


def dealt(n=3, hands=None):
    """The table has set up a game with the staff draft; picks are next."""
    hands = {p: HANDS[p] for p in PLAYERS[:n]} if hands is None else hands
    state, facts = play(fresh(n, staff_draft=True), {**SETUP, "hands": hands})
    return state, facts


def refused(state, move, code):
    with pytest.raises(RuleViolation) as error:
        play(state, move)
    assert error.value.code == code, error.value.message
    return error.value


def hand(state, seat):
    return [c.number if c else None for c in state.player(seat).hand]


def test_without_the_option_the_dealt_cards_are_the_hand():
    state, facts = play(fresh(2), {**SETUP, "hands": {p: HANDS[p] for p in PLAYERS[:2]}})
    assert state.phase == "initial_guests" and hand(state, "Ann") == HANDS["Ann"]
    assert "staff_draft" not in facts[0]


def test_with_the_draft_every_player_keeps_one_card_of_the_six_dealt_at_the_same_time():
    state, facts = dealt()
    assert facts[0]["staff_draft"] is True
    assert state.phase == "staff_draft" and hand(state, "Ann") == []
    assert GAME.expected(state).seats == ("Ann", "Bob", "Cy")
    assert GAME.expected(state).moves == ("draft_pick",)
    state, facts = play(state, mv("draft_pick", "Bob", staff=14))
    assert facts == [{"fact": "staff_drafted", "seat": "Bob", "pick": 1}]
    assert GAME.expected(state).seats == ("Ann", "Cy")          # Bob waits for the others
    refused(state, mv("draft_pick", "Bob", staff=22), "not_your_turn")


def test_the_rest_of_each_pack_passes_to_the_left():
    state, _ = dealt()
    state, facts = play(state, mv("draft_pick", "Ann", staff=1), mv("draft_pick", "Bob", staff=2),
                        mv("draft_pick", "Cy", staff=3))
    assert facts[-1] == {"fact": "staff_passed", "direction": "left", "cards": 5}
    # Ann's left is Bob: Bob now drafts from what Ann left; Ann from Cy's pack
    assert [c.number for c in state.packs["Bob"]] == [5, 9, 13, 21, 27]
    assert [c.number for c in state.packs["Ann"]] == [7, 11, 15, 23, 29]
    refused(state, mv("draft_pick", "Ann", staff=5), "not_in_pack")      # that card went on to Bob


def test_after_six_picks_every_hand_holds_six_and_the_starting_guests_follow():
    state, _ = dealt()
    for _ in range(6):
        for seat in ("Cy", "Ann", "Bob"):
            state, facts = play(state, mv("draft_pick", seat, staff=state.packs[seat][-1].number))
    assert facts[-1] == {"fact": "staff_draft_over"}
    assert [len(state.player(s).hand) for s in ("Ann", "Bob", "Cy")] == [6, 6, 6]
    assert sorted(hand(state, "Ann") + hand(state, "Bob") + hand(state, "Cy")) == \
        sorted(HANDS["Ann"] + HANDS["Bob"] + HANDS["Cy"])
    assert state.phase == "initial_guests" and not state.packs
    assert GAME.expected(state).seats == ("Cy",)        # counter-clockwise from the start player's right


def test_picks_the_scorekeeper_cannot_see_are_recorded_unnamed():
    state, _ = dealt(2, hands={"Ann": HANDS["Ann"]})     # Bob's six are not seen
    refused(state, mv("draft_pick", "Ann"), "name_the_card")
    state, _ = play(state, mv("draft_pick", "Ann", staff=27), mv("draft_pick", "Bob"))
    assert hand(state, "Bob") == [None]
    # Bob now holds Ann's seen pack, Ann Bob's unseen one
    assert [c.number for c in state.packs["Bob"]] == [1, 5, 9, 13, 21]
    assert state.packs["Ann"] == (None,) * 5
    refused(state, mv("draft_pick", "Ann", staff=5), "not_in_pack")     # in play: in Bob's pack
    state, _ = play(state, mv("draft_pick", "Ann", staff=40), mv("draft_pick", "Bob", staff=9))
    assert hand(state, "Ann") == [27, 40] and hand(state, "Bob") == [None, 9]


def test_legal_picks_are_listed_for_every_player_still_to_pick():
    state, _ = dealt(2)
    moves = GAME.legal_moves(state)
    assert {(m["seat"], m["staff"]) for m in moves} == \
        {("Ann", n) for n in HANDS["Ann"]} | {("Bob", n) for n in HANDS["Bob"]}


def test_a_malformed_pick_is_refused_with_400():
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "draft_pick", "seat": "Ann", "staff": 99})
    with pytest.raises(MalformedMove):
        GAME.load_move({"type": "draft_pick", "staff": 1})
    with pytest.raises(MalformedMove):
        GAME.load_options({"staff_draft": "maybe"})


def test_views_hide_the_packs_and_kept_cards_of_other_players():
    state, _ = dealt(2)
    state, _ = play(state, mv("draft_pick", "Ann", staff=1))
    view = GAME.view(state, "Bob", full=False)
    assert view["phase"] == "staff_draft" and view["staff_draft"] is True and view["draft_picked"] == ["Ann"]
    assert view["players"]["Ann"]["hand"] == [None] and view["players"]["Ann"]["draft_pack"] == [None] * 5
    assert [c["number"] for c in view["players"]["Bob"]["draft_pack"]] == HANDS["Bob"]
    assert GAME.view(state, None, full=True)["players"]["Ann"]["hand"][0]["number"] == 1
    assert GAME.redact_move({"type": "draft_pick", "seat": "Ann", "staff": 1}, "Bob") == \
        {"type": "draft_pick", "seat": "Ann"}
    assert GAME.redact_move({"type": "draft_pick", "seat": "Ann", "staff": 1}, "Ann")["staff"] == 1


def test_digital_mode_deals_the_packs_from_the_seed_then_the_players_draft():
    state = fresh(4, staff_draft=True)
    setup = GAME.chance_move(state, random.Random(11))
    assert setup == GAME.chance_move(state, random.Random(11))
    state, _ = play(state, setup)
    packs = [c.number for pack in state.packs.values() for c in pack]
    assert len(packs) == 24 and len(set(packs)) == 24
    rng = random.Random(2)
    while state.phase == "staff_draft":
        state, _ = play(state, rng.choice(GAME.legal_moves(state)))
    assert sorted(c.number for s in state.players for c in state.player(s).hand) == sorted(packs)


def test_the_draft_through_the_api(client):
    r = client.post("/api/games", json={"game": "grand_austria", "players": ["Ann", "Bob"], "mode": "table",
                                        "options": {"staff_draft": True}})
    assert r.status_code == 201, r.json
    headers = {"Authorization": f"Bearer {r.json['tokens']['scorekeeper']}"}
    url = f"/api/games/{r.json['id']}"

    def post(move, status=201):
        answer = client.post(f"{url}/moves", json={"move": move}, headers=headers)
        assert answer.status_code == status, (move, answer.json)
        return answer.json

    post({**SETUP, "hands": {p: HANDS[p] for p in ("Ann", "Bob")}})
    refused = post(mv("draft_pick", "Ann", staff=2), status=422)
    assert refused["code"] == "not_in_pack" and refused["rule"]
    post(mv("draft_pick", "Ann", staff="two"), status=400)
    post(mv("draft_pick", "Ann", staff=1))
    post(mv("draft_pick", "Bob", staff=2))
    state = client.get(f"{url}/state").json
    assert [c["number"] for c in state["players"]["Ann"]["draft_pack"]] == [6, 10, 14, 22, 28]
    types = {t["id"]: t for t in client.get("/api/game-types").json["games"]}
    assert "draft_pick" in types["grand_austria"]["moves"]
    assert "staff_draft" in types["grand_austria"]["options"]["fields"]

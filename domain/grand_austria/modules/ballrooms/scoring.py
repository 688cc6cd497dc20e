"""Module 1: the ballroom scoring after the Emperor scorings of rounds 3, 5 and 7;
the module's setup phases, its view and its components."""
from __future__ import annotations

from typing import Any, Mapping


from domain.grand_austria.effects import describe_all, score
from domain.grand_austria.parts import SetupPhase
from domain.grand_austria.state import INITIAL_GUESTS, State
from domain.immutable import evolve, put
from domain.ranking import shared_rank_prizes
from domain.rules import TABLE, Expected, Move, Outcome
from domain.grand_austria.modules.ballrooms.boards import (Ballroom, LAY_OUT, REHEARSAL, ROWS, ballroom_from, champagne,
                                                           chooser, dancers_in, dancing_school, data, house, of,
                                                           rehearsal_data, rehearsal_from, shipped, with_)
from domain.grand_austria.modules.ballrooms.dancers import about_to_score
from domain.words import N_, said


# -- the ballroom scoring (a round-end step after the Emperor scoring) -----------------
def apollosaal(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    height = {"top": 3, "middle": 2, "bottom": 1}
    return {seat: sum(rows.values()) * max((height[r] for r, n in rows.items() if n), default=0)
            for seat, rows in counts.items()}


def goldener_strauss(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    points = dict.fromkeys(counts, 0)
    for row in ROWS:
        present = {seat: rows.get(row, 0) for seat, rows in counts.items() if rows.get(row, 0)}
        for seat, vp in shared_rank_prizes(present, [7, 2]).items():
            points[seat] += vp
    return points


def odeonsaal(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    table = [0, 1, 4, 9, 16, 25]
    return {seat: table[min(sum(rows.values()), 5)] for seat, rows in counts.items()}


def zum_sperl(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    present = {seat: sum(rows.values()) for seat, rows in counts.items() if sum(rows.values())}
    prizes = shared_rank_prizes(present, [10, 3] if players == 2 else [15, 10, 5])
    return {seat: prizes.get(seat, 0) for seat in counts}


def zur_kettenbruecke(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    return {seat: 7 * (sum(rows.values()) // 2) for seat, rows in counts.items()}


SCORINGS = {f.__name__: f for f in (apollosaal, goldener_strauss, odeonsaal, zum_sperl, zur_kettenbruecke)}


def ballroom_points(room: Ballroom, players: tuple[str, ...]) -> dict[str, int]:
    """Each player's points for this ballroom: its own rule, or the penalty
    for a player with no dancer there."""
    counts = {seat: room.dancers(seat) for seat in players}
    points = SCORINGS[room.scoring](counts, len(players))
    return {seat: data()["rules"]["no_dancer_vp"] if not sum(counts[seat].values()) else points[seat]
            for seat in players}


def ballroom_scoring(state: State, out: Outcome) -> State:
    if state.round not in state.config.emperor_rounds:
        return state
    index = about_to_score(state)
    mine = of(state)
    room = mine.rooms[index]
    out.append({"fact": "ballroom_scored", "ballroom": room.name, "round": state.round,
                "dancers": {seat: dancers_in(room, seat) for seat in state.players}})
    for seat, points in ballroom_points(room, state.players).items():
        why = said(N_("ballroom scoring: {name}") if dancers_in(room, seat) else
                   N_("ballroom scoring: no dancer in {name}"), name=room.name)
        state = score(state, seat, points, why, out)
    return with_(state, rooms=put(of(state).rooms, index, evolve(room, scored=True)))


def champagne_left(state: State, seat: str) -> list[tuple[int, str]]:
    return [(champagne(state, seat), "final scoring: 1 VP per champagne")]


# -- measures for the objectives --------------------------------------------------------
def completed_green(state: State, seat: str) -> int:
    guests = state.player(seat).guests + of(state).danced.get(seat, ())
    return sum(1 for g in guests if g.colour == "green")


# -- setup phases -------------------------------------------------------------------------
def _rehearsal_expected(state: State) -> Expected:
    return Expected((chooser(state),), ("choose_rehearsal",))


def _rehearsal_candidates(state: State, expected: Expected) -> list[Move]:
    return [{"type": "choose_rehearsal", "seat": expected.seats[0], "board": b.id} for b in of(state).offer]


PHASES = (
    (SetupPhase(LAY_OUT, lambda state: bool(of(state).rooms), lambda state: Expected((TABLE,), ("lay_out_ballrooms",)),
                lambda state, e: []), INITIAL_GUESTS),
    (SetupPhase(REHEARSAL, lambda state: len(of(state).boards) == len(dancing_school(state)), _rehearsal_expected,
                _rehearsal_candidates), INITIAL_GUESTS),
)


def ballrooms_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    mine = of(state)
    floors = len(state.hotel.floors)
    return {"ballrooms": [{"name": room.name, "round": room.round, "scored": room.scored, "scoring": room.scoring,
                           "rows": [{"row": r.name, "cost": r.cost, "spaces": list(r.spaces), "bonus": list(r.bonus),
                                     "bonus_words": describe_all(r.bonus, floors)}
                                    for r in room.rows],
                           **({"balcony": list(room.balcony),
                               "balcony_cost": data()["rules"]["balcony_cost"]} if room.balcony is not None else {})}
                          for room in mine.rooms],
            "rehearsal_offer": [b.id for b in mine.offer],
            "rehearsal": {s: {"board": b.id, "dancers_left": list(mine.dancers[s]),
                              "bonuses": [list(x) for x in b.bonuses],
                              "bonus_words": [describe_all(x, floors) for x in b.bonuses]}
                          for s, b in mine.boards.items()}}


def components(options: Mapping[str, Any]) -> dict[str, Any]:
    """The catalog's module-1 boards: the five ballrooms (printed bonuses and
    scoring, each side's rows as shipped or as the house catalog gives them,
    with their source) and the rehearsal boards, each bonus in words."""
    rooms = []
    for board in data()["ballroom"]:
        known = shipped(board["name"], options)
        mine = next((b for b in house(options).get("ballroom", []) if b.get("name") == board["name"]), None)
        source = known["source"] if mine is None else \
            f"house catalog ({', '.join(mine['sides'])} side); shipped: {known['source']}"
        rooms.append({"name": known["name"], "scoring": known["scoring"], "source": source,
                      "bonus": {row: list(b) for row, b in known["bonus"].items()},
                      "bonus_words": {row: describe_all(b) for row, b in known["bonus"].items()},
                      "sides": {side: ballroom_from({"name": known["name"], "rows": rows}, 2 if side == "2" else 4)
                                ["rows"] for side, rows in known["sides"].items()}})
    boards = {}
    for board in rehearsal_data(options):
        boards.setdefault(board["id"], {**rehearsal_from(board), "source": board.get("source", "house catalog"),
                                        "bonus_words": [describe_all(x) for x in board["sections"]]})
    return {"ballrooms": rooms, "balcony_cost": data()["rules"]["balcony_cost"],
            "rehearsal_boards": list(boards.values())}

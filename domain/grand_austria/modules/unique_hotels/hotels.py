"""Module 3's hotels, part one: Chateau Paulwei, Dove, Kaufman, Mayenfels and
Ninas Melange."""
from __future__ import annotations

from functools import cache
from typing import Any, Mapping

from marshmallow import validate

from domain.grand_austria.effects import NO_TRIGGERS, Carrying, apply_effects, by_kind, score
from domain.grand_austria.refusals import resolved, violation
from domain.grand_austria import scoring
from domain.grand_austria.scoring import measured
from domain.grand_austria.state import INITIAL_GUESTS, INITIAL_ROOMS, OCCUPIED, REROLL, ROLL, ROUND_END, TURNS, \
    Pending, State
from domain.immutable import evolve
from domain.rules import Move, MoveSchema, Outcome, seat_field, whole_number
from domain.grand_austria.modules.unique_hotels.entrances import (CHATEAU, DOVE, KAUFMAN, MAYENFELS, NINAS, R_ENTRANCE,
                                                                  entrance, of, owner, owns, with_)
from domain.words import N_, said
# -- Chateau Paulwei and Dove: extra starting rooms; Chateau's occupancy charts ----------------
def extra_starting_rooms(state: State, seat: str, room: int, out: Outcome) -> State:
    """After the initial three rooms: Chateau Paulwei up to two more (paid),
    Dove a fourth (free); both optional, adjacent as normal."""
    if state.phase != INITIAL_ROOMS:
        return state        # (a room prepared later: most of them)
    spec = entrance(of(state).owners[seat]) if seat in of(state).owners else {}
    rooms = sum(1 for r in state.player(seat).rooms if r)
    if not spec.get("extra_initial_rooms") or seat in of(state).extra_rooms or rooms != state.config.initial_rooms:
        return state
    free = spec["id"] == DOVE
    step = Pending(seat, "rooms", n=spec["extra_initial_rooms"], free=free,
                   why=said(N_("{name}: {value}"), name=spec['name'], value='a fourth starting room at no cost' if free else "two more starting rooms at the floor's cost"))
    state = with_(state, extra_rooms=of(state).extra_rooms | {seat})
    return evolve(state, pending=(step,) + state.pending)


def chateau_chart(state: State, seat: str) -> dict[str, tuple[str, tuple[int, ...]]] | None:
    if not owns(state, seat, CHATEAU):
        return None
    return {colour: (spec["gain"], tuple(spec["by_size"])) for colour, spec in entrance(CHATEAU)["occupancy_bonus"].items()}


# -- Dove: a bonus token for each completed column and floor ----------------------------------
def dove_lines(state: State, seat: str, room: int, out: Outcome) -> State:
    if not owns(state, seat, DOVE):
        return state
    hotel, rooms = state.hotel_of(seat), state.player(seat).rooms
    column, floor = room % hotel.width, room // hotel.width
    lines = []
    if all(rooms[f * hotel.width + column] == OCCUPIED for f in range(len(hotel.floors))):
        lines.append((f"column {column + 1}", "top"))
    if all(rooms[floor * hotel.width + c] == OCCUPIED for c in range(hotel.width)):
        lines.append((f"floor {floor + 1}", "bottom"))
    lines = [(line, side) for line, side in lines if line not in of(state).dove_lines]
    if not lines:
        return state
    state = with_(state, dove_lines=of(state).dove_lines | {line for line, _ in lines})
    steps = tuple(Pending(seat, "dove_token", pair=(side,), why=said(N_("Dove: {line} complete"), line=line)) for line, side in lines)
    return evolve(state, pending=steps + state.pending)


class ChooseDoveTokenSchema(MoveSchema):
    """Dove: claim one of your remaining bonus tokens (its top bonus for a
    completed column, its bottom bonus for a completed floor); it leaves play."""

    seat = seat_field()
    token = whole_number(required=True, validate=validate.Range(min=1, max=5),
                         metadata={"description": N_("the token, 1-5 as laid out")})


def check_dove_token(state: State, move: Move) -> None:
    mine = of(state)
    if not 0 < move["token"] <= len(mine.dove_tokens) or move["token"] - 1 in mine.dove_used:
        left = [str(i + 1) for i in range(len(mine.dove_tokens)) if i not in mine.dove_used]
        raise violation("token_used", N_("Choose one of your remaining bonus tokens: {left}."), R_ENTRANCE,
                        left=', '.join(left))


def apply_dove_token(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    index = move["token"] - 1
    token = of(state).dove_tokens[index]
    side = p.pair[0]
    out.append({"fact": "dove_token", "seat": p.seat, "token": move["token"], "side": side})
    state = with_(resolved(state), dove_used=of(state).dove_used | {index})
    return apply_effects(state, p.seat, token.top if side == "top" else token.bottom,
                         said(N_("{why}: bonus token {token}"), why=p.why, token=move['token']), out)


def dove_candidates(state: State, p: Pending) -> list[Move]:
    mine = of(state)
    return [{"type": "choose_dove_token", "seat": p.seat, "token": i + 1}
            for i in range(len(mine.dove_tokens)) if i not in mine.dove_used]


# -- Kaufman: a fourth café table, a second guest, the pile of completed guests ----------------
def kaufman_second_guest(state: State, seat: str, p: Pending | None, out: Outcome) -> State:
    """After the initial guest (free), and after the turn's own guest (paying
    its cost): a second guest from the queue, once the queue is replenished."""
    if p is not None or not owns(state, seat, KAUFMAN) or state.phase not in (INITIAL_GUESTS, TURNS):
        return state
    initial = state.phase == INITIAL_GUESTS
    step = Pending(seat, "second_guest", paid=not initial,
                   why=said(N_("Kaufman: a second {value}"), value='starting guest at no cost' if initial else 'guest, paying its cost'))
    return evolve(state, pending=(step,) + state.pending)


def second_guest_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "take_guest", "seat": p.seat, "position": i} for i in range(1, len(state.queue) + 1)]


def completed_guests(state: State, seat: str) -> int:
    """Guests whose order the seat completed: checked in, or sent to a ballroom (module 1)."""
    return len(scoring.completed_guests(state, seat))


def kaufman_pile(state: State, out: Outcome) -> State:
    """The round end: VP for the guests completed this round (then discarded),
    apart from any pile objectives #165/#182 keep (they count every guest)."""
    seat = owner(state, KAUFMAN)
    if seat is None:
        return state
    now = completed_guests(state, seat)
    pile = now - of(state).completed
    points = next((vp for least, vp in entrance(KAUFMAN)["pile_vp"] if pile >= least), 0)
    out.append({"fact": "kaufman_pile", "seat": seat, "guests": pile})
    state = score(state, seat, points, said(N_("Kaufman: {pile} guests completed this round"), pile=pile), out)
    return with_(state, completed=now)


# -- Mayenfels: after every hire but the first, 1 krone and an optional draw ------------------
def mayenfels_triggers(state: State, seat: str) -> Mapping[str, tuple[dict, ...]]:
    """The entrance as a trigger source; from the first round on (the hire
    made when gaining it, during the setup, does not count)."""
    if owns(state, seat, MAYENFELS) and state.phase in (ROLL, TURNS, REROLL, ROUND_END):
        return _mayenfels_trigger()
    return NO_TRIGGERS


@cache
def _mayenfels_trigger() -> Mapping[str, tuple[dict, ...]]:
    """The entrance's trigger, made once from its data."""
    return by_kind([{"on": "gained", "what": "hired",
                     "effects": list(entrance(MAYENFELS)["after_hire"]) + [{"kind": "may_draw_staff"}]}])


def may_draw_staff(doing: Carrying, e: Mapping[str, Any]) -> None:
    doing.ask("may_draw")


class MayenfelsDrawSchema(MoveSchema):
    """Mayenfels: after a hire, draw a new staff card from the deck (or decline)."""

    seat = seat_field()


def check_mayenfels_draw(state: State, move: Move) -> None:
    """The step offers it (see expected)."""


def apply_mayenfels_draw(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    return evolve(state, pending=(Pending(p.seat, "draw_staff", n=1, why=p.why),) + state.pending[1:])


# -- Ninas Melange: personal objectives ------------------------------------------------------
class ClaimPersonalSchema(MoveSchema):
    """Ninas Melange (additional action): complete one of your personal
    objectives: 15, 10 or 5 VP in rounds 1-3, 4-5, 6-7; the card is turned face down."""

    seat = seat_field()
    objective = whole_number(required=True, validate=validate.Range(min=1))


def check_claim_personal(state: State, move: Move) -> None:
    seat, number = move["seat"], move["objective"]
    if not owns(state, seat, NINAS):
        raise violation("not_ninas", N_("Only the owner of Ninas Melange has personal objectives."), R_ENTRANCE)
    mine = of(state)
    if number not in mine.ninas or number in mine.ninas_done:
        raise violation("no_personal_objective", N_("Objective {number} is not one of your open personal objectives."),
                        R_ENTRANCE, number=number)
    objective = state.config.catalog.objectives[number]
    if any(measured(state, seat, key) < n for key, n in objective.needs.items()):
        raise violation("condition_unmet", N_("You do not meet the objective: {text}."), R_ENTRANCE,
                        text=objective.text)


def apply_claim_personal(state: State, move: Move, out: Outcome) -> State:
    seat, number = move["seat"], move["objective"]
    points = next(vp for last, vp in entrance(NINAS)["personal_vp"] if state.round <= last)
    state = with_(state, ninas_done=of(state).ninas_done + (number,))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    out.append({"fact": "personal_objective", "seat": seat, "objective": number, "round": state.round})
    text = state.config.catalog.objectives[number].text
    return score(state, seat, points, said(N_("Ninas Melange: personal objective {number} ({text})"), number=number, text=text), out)


def personal_moves(state: State, seat: str) -> list[Move]:
    if not owns(state, seat, NINAS):
        return []
    return [{"type": "claim_personal_objective", "seat": seat, "objective": n}
            for n in of(state).ninas if n not in of(state).ninas_done]


def ninas_final(state: State, seat: str) -> list[tuple[int, str]]:
    if not owns(state, seat, NINAS):
        return []
    total = len(state.player(seat).objectives) + len(of(state).ninas_done)
    points = next((vp for least, vp in entrance(NINAS)["final_vp"] if total >= least), 0)
    return [(points, said(N_("final scoring: Ninas Melange, {total} objectives completed"), total=total))]

"""Module 1: sending dancers to the ballrooms, the Emperor's removals (penalties)
and the module's effects."""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import fields, validate

from domain.grand_austria.cafe import extra_action_last, table_at
from domain.grand_austria.effects import AT_NO_COST, Carrying, N_, Words, apply_effects, lose, score, set_player
from domain.grand_austria.parts import asked
from domain.grand_austria.refusals import R_ADDITIONAL, resolved, violation, waiting
from domain.grand_austria.state import Pending, State
from domain.immutable import evolve, put
from domain.words import N_, filled, ngettext, said
from domain.rules import Move, MoveSchema, Outcome, seat_field, whole_number
from domain.grand_austria.modules.ballrooms.boards import (CHAMPAGNE, REWARDS, ROWS, R_SEND, Row, champagne, dancers_in,
                                                           data, of, with_)


# -- sending a dancer ---------------------------------------------------------------
def price(state: State, room_index: int, row: Row, p: Pending | None) -> tuple[int, bool]:
    """The champagne a dancer costs in this row, and whether it goes to the balcony."""
    room = of(state).rooms[room_index]
    balcony = None not in row.spaces and room.balcony is not None and row.name == "top"
    cost = data()["rules"]["balcony_cost"] if balcony else row.cost
    if p is not None and p.free:
        return 0, balcony
    return max(0, cost - (p.discount if p is not None else 0)), balcony


def check_dancer(state: State, seat: str, move: Move, p: Pending | None) -> None:
    """Steps 1 and 2: a row with a free space (or the balcony) that the seat
    can pay for from the kitchen, and a dancer in the named section."""
    mine = of(state)
    if seat not in mine.boards:
        raise violation("no_rehearsal_board", N_("You have no rehearsal room board."), R_SEND)
    section = move["section"]
    if mine.dancers[seat][section - 1] == 0:
        raise violation("section_empty", N_("Section {section} of your rehearsal room has no dancer left."), R_SEND,
                        section=section)
    room = mine.rooms[move["ballroom"] - 1]
    row = room.row(move["row"])
    if row is None:
        raise violation("no_such_row", N_("{name} has no {row} row in this game."), R_SEND,
                        name=room.name, row=move['row'])
    cost, balcony = price(state, move["ballroom"] - 1, row, p)
    if None not in row.spaces and not balcony:
        raise violation("row_full", N_("Every space of {name}'s {name2} row is taken{value}"), R_SEND,
                        name=room.name, name2=row.name, value=": the balcony takes only the rightmost ballroom's top row." if room.balcony is None and row.name == 'top' else '.')
    have = champagne(state, seat)
    if cost > have:
        raise violation("cannot_pay", N_("This dancer costs {cost} champagne from your kitchen; you have {have} (champagne from the "
                                         "rewards of this dancer cannot pay for it)."), R_SEND,
                        cost=cost, have=have)


def place_dancer(state: State, seat: str, move: Move, p: Pending | None, why: str,
                 out: Outcome) -> tuple[State, tuple[dict, ...], tuple[dict, ...]]:
    """Steps 1 and 2 (pay, the first free space from the left, or the
    balcony); returns the row bonus and the section bonus earned (steps 3, 5)."""
    mine = of(state)
    index = move["ballroom"] - 1
    room = mine.rooms[index]
    row = room.row(move["row"])
    cost, balcony = price(state, index, row, p)
    if cost:
        state = lose(state, seat, state.config.vector({CHAMPAGNE: cost}), said(N_("{why}: {name}, {name2} row"), why=why, name=room.name, name2=row.name), out)
    if balcony:
        placed = evolve(room, balcony=room.balcony + (seat,))
        space: Any = "balcony"
    else:
        space = row.spaces.index(None)
        placed = evolve(room, rows=tuple(evolve(r, spaces=put(r.spaces, space, seat)) if r is row else r
                                         for r in room.rows))
        space += 1
    left = put(mine.dancers[seat], move["section"] - 1, mine.dancers[seat][move["section"] - 1] - 1)
    out.append({"fact": "dancer_placed", "seat": seat, "ballroom": room.name, "row": row.name, "space": space,
                "section": move["section"], "champagne": cost, "why": why})
    state = with_(state, rooms=put(mine.rooms, index, placed), dancers={**mine.dancers, seat: left})
    emptied = mine.boards[seat].bonuses[move["section"] - 1] if left[move["section"] - 1] == 0 else ()
    return state, row.bonus * (asked(state, "row_bonus_times", seat) or 1), emptied


def rewards(state: State, seat: str, parts: list[tuple[str, Any]], out: Outcome) -> State:
    """Steps 3-5 in the order chosen: each part's gains at once, its choices
    waiting in that order (before the decisions already waiting)."""
    waiting_before = state.pending
    new: tuple[Pending, ...] = ()
    for why, effects in parts:
        state = evolve(state, pending=())
        state = effects(state) if callable(effects) else apply_effects(state, seat, effects, why, out)
        new += state.pending
    return evolve(state, pending=new + waiting_before)


class SendToBallroomSchema(MoveSchema):
    """Module 1 (additional action): send the guest at a café table whose order
    is complete to a ballroom instead of a room: choose a row, pay its
    champagne, a dancer from a section of your rehearsal board goes to the
    first free space; then the row bonus (top, middle), the guest's VP and
    reward, and the section's room bonus once it is empty, in the order you choose."""

    seat = seat_field()
    table = whole_number(required=True, validate=validate.Range(min=1, max=9))
    ballroom = whole_number(required=True, validate=validate.Range(min=1, max=3),
                            metadata={"description": N_("1, 2, 3: the ballrooms left to right (scored rounds 3, 5, 7)")})
    row = fields.String(required=True, validate=validate.OneOf(ROWS))
    section = whole_number(required=True, validate=validate.Range(min=1, max=4),
                           metadata={"description": N_("the rehearsal section the dancer leaves (1-4: its size)")})
    rewards_order = fields.List(fields.String(validate=validate.OneOf(REWARDS)),
                                metadata={"description": N_("the order of the rewards: a permutation of row, "
                                                         "section, guest (default that order)")})


class SendDancerSchema(MoveSchema):
    """Module 1: send an additional dancer (a reward icon, Prima Ballerina,
    Dancing Master, Emperor tile): row, champagne (less any discount), first
    free space, row bonus, section bonus."""

    seat = seat_field()
    ballroom = whole_number(required=True, validate=validate.Range(min=1, max=3))
    row = fields.String(required=True, validate=validate.OneOf(ROWS))
    section = whole_number(required=True, validate=validate.Range(min=1, max=4))


def check_send_to_ballroom(state: State, move: Move) -> None:
    seat = move["seat"]
    if state.turn is None or state.turn.seat != seat:
        raise violation("not_your_turn", N_("A guest is sent to a ballroom on your own turn."), R_ADDITIONAL)
    table = table_at(state, seat, move["table"])
    if not table.complete:
        raise violation("order_incomplete", N_("{name} has not been served everything ordered."), R_SEND,
                        name=table.guest.name)
    order = move.get("rewards_order")
    if order is not None and sorted(order) != sorted(REWARDS):
        raise violation("rewards_order", N_("Name each reward once: row, section, guest."), R_SEND)
    check_dancer(state, seat, move, None)


def apply_send_to_ballroom(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    player = state.player(seat)
    index = move["table"] - 1
    guest = player.cafe[index].guest
    state = set_player(state, seat, evolve(player, cafe=put(player.cafe, index, None)))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    mine = of(state)
    state = with_(state, danced={**mine.danced, seat: mine.danced.get(seat, ()) + (guest,)})
    why = said(N_("{name} sent to a ballroom"), name=guest.name)
    out.append({"fact": "sent_to_ballroom", "seat": seat, "guest": guest.name, "table": move["table"]})
    state, row_bonus, section_bonus = place_dancer(state, seat, move, None, why, out)

    def guest_reward(state: State) -> State:
        state = score(state, seat, guest.vp, why, out)
        return apply_effects(state, seat, extra_action_last(list(guest.reward)), why, out)

    room = of(state).rooms[move["ballroom"] - 1].name
    parts = {"row": (f"{room}, {move['row']} row bonus", row_bonus),
             "section": (f"rehearsal section {move['section']} emptied", section_bonus),
             "guest": (why, guest_reward)}
    return rewards(state, seat, [parts[k] for k in move.get("rewards_order") or REWARDS], out)


def check_send_dancer(state: State, move: Move) -> None:
    check_dancer(state, move["seat"], move, waiting(state))


def apply_send_dancer(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    state, row_bonus, section_bonus = place_dancer(resolved(state), p.seat, move, p, p.why, out)
    room = of(state).rooms[move["ballroom"] - 1].name
    return rewards(state, p.seat, [(f"{room}, {move['row']} row bonus", row_bonus),
                                   (f"rehearsal section {move['section']} emptied", section_bonus)], out)


def dancer_moves(state: State, seat: str, kind: str, **extra: Any) -> list[Move]:
    mine = of(state)
    if seat not in mine.boards:
        return []
    return [{"type": kind, "seat": seat, **extra, "ballroom": b + 1, "row": row.name, "section": s + 1}
            for b, room in enumerate(mine.rooms) for row in room.rows
            for s, left in enumerate(mine.dancers[seat]) if left]


def send_moves(state: State, seat: str) -> list[Move]:
    complete = [t + 1 for t, table in enumerate(state.player(seat).cafe) if table and table.complete]
    return [m for t in complete for m in dancer_moves(state, seat, "send_to_ballroom", table=t)]


def send_dancer_candidates(state: State, p: Pending) -> list[Move]:
    return dancer_moves(state, p.seat, "send_dancer")


# -- the Emperor's dancers: removals (penalties) --------------------------------------
class RemoveDancerSchema(MoveSchema):
    """Module 1, Emperor penalty: one of your dancers leaves the ballroom about
    to be scored (its row and space, or the balcony)."""

    seat = seat_field()
    row = fields.String(required=True, validate=validate.OneOf(ROWS))
    space = fields.Raw(required=True, metadata={"description": N_("the space, 1 = leftmost, or \"balcony\"")})


def about_to_score(state: State) -> int:
    """The ballroom scored after this round's Emperor scoring (in another
    round: the next one not yet scored)."""
    rounds, rooms = state.config.emperor_rounds, of(state).rooms
    if state.round in rounds:
        return rounds.index(state.round)
    return next((i for i, room in enumerate(rooms) if not room.scored), len(rooms) - 1)


def check_remove_dancer(state: State, move: Move) -> None:
    room = of(state).rooms[about_to_score(state)]
    seat, space = move["seat"], move["space"]
    row = room.row(move["row"])
    if space == "balcony":
        mine = room.balcony is not None and move["row"] == "top" and seat in room.balcony
    else:
        # a space number is a JSON integer: true is not space 1
        mine = row is not None and type(space) is int and 1 <= space <= len(row.spaces) \
            and row.spaces[space - 1] == seat
    if not mine:
        raise violation("not_your_dancer", N_("You have no dancer there in {name}, the ballroom about to be scored."), "Appendix: Emperor Tiles (module 1)", name=room.name)


def apply_remove_dancer(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    mine = of(state)
    index = about_to_score(state)
    room = mine.rooms[index]
    if move["space"] == "balcony":
        balcony = list(room.balcony)
        balcony.remove(p.seat)
        room = evolve(room, balcony=tuple(balcony))
    else:
        room = evolve(room, rows=tuple(evolve(r, spaces=put(r.spaces, move["space"] - 1, None))
                                       if r.name == move["row"] else r for r in room.rows))
    out.append({"fact": "dancer_removed", "seat": p.seat, "ballroom": room.name, "row": move["row"],
                "space": move["space"], "why": p.why})
    state = with_(state, rooms=put(mine.rooms, index, room))
    return evolve(state, pending=((evolve(p, n=p.n - 1),) if p.n > 1 else ()) + state.pending[1:])


def removal_candidates(state: State, p: Pending) -> list[Move]:
    room = of(state).rooms[about_to_score(state)]
    moves = [{"type": "remove_dancer", "seat": p.seat, "row": row.name, "space": i + 1}
             for row in room.rows for i, s in enumerate(row.spaces) if s == p.seat]
    if room.balcony and p.seat in room.balcony:
        moves.append({"type": "remove_dancer", "seat": p.seat, "row": "top", "space": "balcony"})
    return moves


# -- effects --------------------------------------------------------------------------
def dancer_effect(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Send an additional dancer (each of n its own choice): paying the cost,
    at no cost, or up to ``discount`` champagne less."""
    for _ in range(e.get("n", 1)):
        doing.ask("dancer", discount=e.get("discount", 0), free=bool(e.get("free")))


DANCER_WORDS = Words(N_("send an additional dancer to a ballroom{price}"),
                     N_("send {n} additional dancers to ballrooms{price}"),
                     values=lambda e, floors: {"price": AT_NO_COST if e.get("free") else filled(N_(
                         " for up to {discount} champagne less"), e) if e.get("discount") else ""})


def remove_dancers_effect(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Remove n dancers from the ballroom about to be scored; with fewer there, lose vp instead."""
    room = of(doing.state).rooms[about_to_score(doing.state)]
    n = e.get("n", 1)
    if dancers_in(room, doing.seat) < n:
        doing.state = score(doing.state, doing.seat, -e["vp"], ngettext("{why}: fewer than {n} dancer in {name}", "{why}: fewer than {n} dancers in {name}", n,
                                     why=doing.why, name=room.name), doing.out, doing.bonus)
    else:
        doing.ask("remove_dancer", n=n)


def vp_per_dancer_effect(doing: Carrying, e: Mapping[str, Any]) -> None:
    dancers = all_dancers(doing.state, doing.seat)
    doing.state = score(doing.state, doing.seat, e.get("n", 1) * dancers, said(N_("{why} ({dancers} dancers)"), why=doing.why, dancers=dancers),
                        doing.out, doing.bonus)


def all_dancers(state: State, seat: str) -> int:
    return sum(dancers_in(room, seat) for room in of(state).rooms)

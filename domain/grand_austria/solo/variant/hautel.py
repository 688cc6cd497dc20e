"""The solo variant with module 3: the opponent's entrance, the toll, and
Hautel Couture (its pool of items and stars)."""
from __future__ import annotations

import random

from marshmallow import fields, validate

from domain.grand_austria.cafe import in_play as guests_in_play, served_onto
from domain.grand_austria.effects import check_in_game, guest_card, score, set_player
from domain.grand_austria.modules import unique_hotels
from domain.grand_austria.moves import guest_field
from domain.grand_austria.parts import SetupPhase
from domain.grand_austria.refusals import counted_down, violation
from domain.grand_austria.rounds import last_round
from domain.grand_austria.solo import entrances
from domain.grand_austria.state import OCCUPIED, PREPARED, Pending, State, Table
from domain.immutable import evolve, put
from domain.rules import TABLE, Expected, Move, MoveSchema, Outcome, seat_field, whole_number
from domain.grand_austria.solo.variant.setup import (BALLROOMS, BOT, HOTELS, ID, R_SOLO_M3, bot, fact, human, name,
                                                     with_bot)
from domain.words import N_, said


# -- module 3: the opponent's solo entrance --------------------------------------------------------
def toll_price(state: State, seat: str, value: int, colour: str) -> tuple[int, str] | None:
    return entrances.toll(state, seat, value, bot(state).entrance, BOT)


def toll_taken(state: State, seat: str, value: int, colour: str, out: Outcome) -> State:
    entrance = bot(state).entrance
    if entrance is None:
        return state
    state, entrance = entrances.toll_taken(state, seat, value, entrance, BOT, name(state), out)
    state = with_bot(state, entrance=entrance)
    item = entrance.items[value - 1] if entrance.id == entrances.HAUTEL else None
    if item is None or seat == BOT:
        return state       # "(When Leopold takes a die, nothing happens.)"
    state = with_bot(state, entrance=evolve(entrance, items=put(entrance.items, value - 1, None)))
    step = Pending(seat, "pool_item", pair=(item,), why=said(N_("Hautel Couture: the {item} of action space {value} onto one of {state}'s guests, if one still "
                                                           "needs it (else back to the supply)"), item=item, value=value, state=name(state)))
    return evolve(state, pending=state.pending + (step,))


# -- Hautel Couture -------------------------------------------------------------------------------------
class LayOutHautelSchema(MoveSchema):
    """Hautel Couture: the first three guests revealed showing 5, 6 or 7 VP
    (with module 1, none ordering champagne) go to the opponent's café, in the
    order revealed; one item of the pool on each action space 1-6."""

    guests = fields.List(guest_field(), required=True, validate=validate.Length(equal=entrances.HAUTEL_GUESTS))
    items = fields.List(fields.String(validate=validate.OneOf(entrances.POOL_ORDER)), required=True,
                        validate=validate.Length(equal=6), metadata={"description": N_("the items on spaces 1-6")})


def check_lay_out_hautel(state: State, move: Move) -> None:
    check_in_game(state, "guest", move["guests"], R_SOLO_M3)
    guests = [guest_card(g, state) for g in move["guests"]]
    champagne = BALLROOMS in state.config.modules
    if not all(entrances.hautel_guest_fits(g, champagne) for g in guests):
        if champagne:
            raise violation("hautel_guests", N_("Hautel Couture's guests show 5, 6 or 7 victory points and order no "
                            "champagne."), R_SOLO_M3)
        raise violation("hautel_guests", N_("Hautel Couture's guests show 5, 6 or 7 victory points."), R_SOLO_M3)
    numbers = [g.number for g in guests if g.number is not None]
    if len(set(numbers)) != len(numbers) or set(numbers) & guests_in_play(state):
        raise violation("duplicate_card", N_("A guest card can be in play only once."), R_SOLO_M3)
    pool = entrances.pool_for(guests, state.config.items)
    if entrances.drawn_from(pool, move["items"]) is None:
        held = ", ".join(f"{n} {i}" for i, n in zip(entrances.POOL_ORDER, pool))
        raise violation("not_in_pool", N_("The pool holds {held}: the items on the spaces come from it."), R_SOLO_M3,
                        held=held)


def apply_lay_out_hautel(state: State, move: Move, out: Outcome) -> State:
    guests = [guest_card(g, state) for g in move["guests"]]
    hotel, player, who = state.hotel_of(BOT), state.player(BOT), name(state)
    rooms = entrances.reserved_rooms(hotel, [g.colour for g in guests])
    cafe = tuple(Table(g, state.config.nothing) for g in guests)
    state = set_player(state, BOT, evolve(player, cafe=cafe, rooms=tuple(
        PREPARED if r in rooms else status for r, status in enumerate(player.rooms))))
    pool = entrances.pool_for(guests, state.config.items)
    entrance = evolve(bot(state).entrance, reserved=tuple(hotel.name_of(r) for r in rooms),
                      pool=entrances.drawn_from(pool, move["items"]), items=tuple(move["items"]), laid=True)
    state = with_bot(state, entrance=entrance)
    for guest, room in zip(guests, rooms):
        fact(out, "bot_hautel", said(N_("Hautel Couture: {guest} ({colour}, {vp} VP) sits in {who}'s café; a vacant "
                                        "room on {room} is reserved for them."), guest=guest.name, colour=guest.colour,
                                     vp=guest.vp, who=who, room=hotel.name_of(room)),
             guest=guest.name, room=hotel.name_of(room))
        state = score(state, BOT, hotel.prepare_vp.get(room, 0), said(N_("Hautel Couture: room {hotel}"), hotel=hotel.name_of(room)), out)
    return state


def lay_out_hautel_chance(state: State, rng: random.Random) -> Move:
    champagne = BALLROOMS in state.config.modules
    taken = guests_in_play(state)
    fits = [n for n, g in state.config.catalog.guests.items()
            if n not in taken and entrances.hautel_guest_fits(g, champagne)]
    guests = rng.sample(fits, entrances.HAUTEL_GUESTS)
    pool = entrances.pool_for([state.config.catalog.guests[n] for n in guests], state.config.items)
    return {"type": "lay_out_hautel", "guests": guests, "items": rng.sample(entrances.pool_list(pool), 6)}


def hautel_laid(state: State) -> bool:
    return bot(state).entrance.laid


LAY_OUT_HAUTEL = SetupPhase("hautel_couture", hautel_laid, lambda state: Expected((TABLE,), ("lay_out_hautel",)),
                            lambda state, e: [],
                            active=lambda config: config.options[ID].get("bot_entrance") == entrances.HAUTEL)


class PlacePoolItemSchema(MoveSchema):
    """Hautel Couture: the item of the space you took a die from onto one of the opponent's café guests."""

    seat = seat_field()
    table = whole_number(required=True, validate=validate.Range(min=1, max=3),
                         metadata={"description": N_("the opponent's café table")})


def check_place_pool_item(state: State, move: Move) -> None:
    item = state.pending[0].pair[0]
    table = state.player(BOT).cafe[move["table"] - 1]
    if table is None or not table.wants(state.config.items.index(item)):
        who = name(state)
        raise violation("not_wanted", N_("No guest of {who}'s at café table {table} still needs {item}."),
                        R_SOLO_M3, who=who, table=move['table'], item=item)


def apply_place_pool_item(state: State, move: Move, out: Outcome) -> State:
    """"When the last item completes an order, Leopold immediately scores that
    guest's victory points and moves the guest to their reserved room"."""
    item, who = state.pending[0].pair[0], name(state)
    state = evolve(state, pending=state.pending[1:])
    index = move["table"] - 1
    player = served_onto(state.player(BOT), list(state.config.items), [(move["table"], item)])
    table = player.cafe[index]
    fact(out, "bot_hautel", said(N_("You place the {item} on {guest} in {who}'s café."), item=item,
                                 guest=table.guest.name, who=who), guest=table.guest.name)
    if not table.complete:
        return set_player(state, BOT, player)
    entrance = bot(state).entrance
    hotel = state.hotel_of(BOT)
    room = hotel.index(entrance.reserved[index])
    state = set_player(state, BOT, evolve(player, cafe=put(player.cafe, index, None),
                                          rooms=put(player.rooms, room, OCCUPIED),
                                          guests=player.guests + (table.guest,)))
    fact(out, "bot_hautel", said(N_("Hautel Couture: {guest}'s order is complete: {who} scores {vp} VP and the guest "
                                    "moves into the reserved room {room}."), guest=table.guest.name, who=who,
                                 vp=table.guest.vp, room=entrance.reserved[index]),
         guest=table.guest.name, room=entrance.reserved[index])
    return score(state, BOT, table.guest.vp, said(N_("Hautel Couture: {name}"), name=table.guest.name), out)


def pool_item_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "place_pool_item", "seat": p.seat, "table": t} for t in (1, 2, 3)]


def pool_refill(state: State, out: Outcome) -> State:
    """"Replenish the action space with a random item drawn from the pool at
    the start of the next round" (the emptied spaces, left to right, while the pool lasts)."""
    entrance = bot(state).entrance
    if entrance is None or entrance.id != entrances.HAUTEL or last_round(state):
        return state
    n = min(entrance.items.count(None), sum(entrance.pool))
    if not n:
        return state
    return evolve(state, pending=(Pending(TABLE, "pool_draw", n=n, why=N_("Hautel Couture: the pool refills the "
                                                                      "emptied action spaces")),) + state.pending)


class PoolItemSchema(MoveSchema):
    """Hautel Couture: the table draws an item from the pool onto the leftmost emptied action space."""

    item = fields.String(required=True, validate=validate.OneOf(entrances.POOL_ORDER))


def check_pool_item(state: State, move: Move) -> None:
    if entrances.drawn_from(bot(state).entrance.pool, [move["item"]]) is None:
        raise violation("not_in_pool", N_("The pool has no {item} left."), R_SOLO_M3, item=move['item'])


def apply_pool_item(state: State, move: Move, out: Outcome) -> State:
    entrance = bot(state).entrance
    space = entrance.items.index(None)
    out.append({"fact": "pool_item", "space": space + 1, "item": move["item"],
                "text": said(N_("Hautel Couture: {item} from the pool onto action space {space}."), item=move["item"],
                             space=space + 1)})
    state = with_bot(state, entrance=evolve(entrance, items=put(entrance.items, space, move["item"]),
                                            pool=entrances.drawn_from(entrance.pool, [move["item"]])))
    return counted_down(state)


def pool_item_chance(state: State, rng: random.Random) -> Move:
    return {"type": "pool_item", "item": rng.choice(entrances.pool_list(bot(state).entrance.pool))}


def sushi_surcharge(state: State, seat: str, position: int) -> tuple[int, str] | None:
    return entrances.sushi_surcharge(state, seat, position, bot(state).entrance, BOT)


def sushi_watch(before: State, state: State, out: Outcome) -> State:
    entrance = bot(state).entrance
    if entrance is None or entrance.id != entrances.SUSHI:
        return state        # (only Sushi Resort moves anything after a move)
    state, entrance = entrances.sushi_moves(state, entrance, BOT, name(state), out)
    return with_bot(state, entrance=entrance)


def star_removed(state: State, seat: str, room: int, out: Outcome) -> State:
    entrance = bot(state).entrance
    if entrance is None or seat == BOT:
        return state
    return with_bot(state, entrance=entrances.star_removed(state, seat, room, entrance, name(state), out))


def stars_scoring(state: State, out: Outcome) -> State:
    """"At the end of each Emperor scoring, Leopold scores the victory points
    printed at the right of the bottommost row of the stars track containing
    at least one token"."""
    entrance = bot(state).entrance
    if entrance is None or entrance.id != entrances.NINE_STARS or state.round not in state.config.emperor_rounds:
        return state
    points = entrances.stars_vp(entrance)
    fact(out, "bot_stars", said(N_("Nine Stars Inn: {who} scores {points} VP for the stars track ({n} cogwheels)."),
                                who=name(state), points=points, n=entrance.stars), stars=entrance.stars)
    return score(state, BOT, points, N_("Nine Stars Inn: the stars track"), out)


def entrance_chosen(state: State) -> bool:
    return human(state) in unique_hotels.of(state).owners


CHOOSE_ENTRANCE = SetupPhase("choose_entrance", entrance_chosen, entrances.choosing, entrances.choose_candidates,
                             active=lambda config: HOTELS in config.modules)

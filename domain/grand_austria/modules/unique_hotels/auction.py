"""Module 3: the entrance auction, and gaining an entrance."""
from __future__ import annotations

from marshmallow import fields, validate

from domain.grand_austria.effects import apply_effects, set_player
from domain.grand_austria.parts import automata
from domain.grand_austria.refusals import violation
from domain.grand_austria.state import State
from domain.immutable import evolve
from domain.rules import Move, MoveSchema, Outcome, seat_field, whole_number
from domain.seating import clockwise_from
from domain.grand_austria.modules.unique_hotels.entrances import Auction, R_AUCTION, entrance, of, with_
from domain.words import N_, said


# -- the auction --------------------------------------------------------------------
class OpenAuctionSchema(MoveSchema):
    """Module 3: put one of the entrances left up for auction with a first bid of 0 krones or more."""

    seat = seat_field()
    entrance = fields.String(required=True, metadata={"description": N_("the entrance's id, e.g. mayenfels")})
    bid = whole_number(required=True, validate=validate.Range(min=0, max=99))


class BidSchema(MoveSchema):
    """Module 3: raise the current bid (to more krones than it, at most what you have)."""

    seat = seat_field()
    amount = whole_number(required=True, validate=validate.Range(min=0, max=99))


class PassBidSchema(MoveSchema):
    """Module 3: pass in this auction (you cannot rejoin it)."""

    seat = seat_field()


def takers(state: State) -> list[str]:
    """The players who get a regular entrance: all but a seat the rules play
    (the solo opponent has a solo entrance of its own)."""
    return [s for s in state.players if s not in automata(state)]


def bidders(state: State) -> list[str]:
    """The players without an entrance, who take part in the auctions."""
    return [s for s in takers(state) if s not in of(state).owners]


def opener(state: State) -> str:
    """The start player while they have no entrance, else the next clockwise without one."""
    return next(s for s in clockwise_from(state.players, state.start_player) if s not in of(state).owners)


def next_bidder(state: State, auction: Auction, after: str) -> str | None:
    """Clockwise from ``after``: the next player still in the auction who does not lead it."""
    return next((s for s in clockwise_from(state.players, after)[1:]
                 if s in bidders(state) and s not in auction.passed and s != auction.leader), None)


def check_affordable(state: State, seat: str, amount: int) -> None:
    have = state.player(seat).krones
    if amount > have:
        raise violation("cannot_pay", N_("You have {have} krones: you cannot bid {amount} (the winner pays the bid)."),
                        R_AUCTION, have=have, amount=amount)


def check_open_auction(state: State, move: Move) -> None:
    if move["entrance"] not in of(state).offer:
        raise violation("no_such_entrance", N_("{entrance} is not among the entrances left: {offer}."), R_AUCTION,
                        entrance=move['entrance'], offer=', '.join(of(state).offer))
    check_affordable(state, move["seat"], move["bid"])


def apply_open_auction(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    out.append({"fact": "auction_opened", "seat": seat, "entrance": move["entrance"], "bid": move["bid"]})
    auction = Auction(move["entrance"], move["bid"], seat, to_bid=seat)
    return carry_on(state, auction, seat, out)


def check_bid(state: State, move: Move) -> None:
    auction = of(state).auction
    if move["amount"] <= auction.bid:
        raise violation("raise", N_("A raise is more than the current bid of {bid} krones."), R_AUCTION,
                        bid=auction.bid)
    check_affordable(state, move["seat"], move["amount"])


def apply_bid(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    out.append({"fact": "bid", "seat": seat, "entrance": of(state).auction.entrance, "bid": move["amount"]})
    return carry_on(state, evolve(of(state).auction, bid=move["amount"], leader=seat), seat, out)


def check_pass_bid(state: State, move: Move) -> None:
    """Possible whenever it is your bid (see expected)."""


def apply_pass_bid(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    auction = of(state).auction
    out.append({"fact": "bid_passed", "seat": seat, "entrance": auction.entrance})
    return carry_on(state, evolve(auction, passed=auction.passed | {seat}), seat, out)


def out_of_turn_bid(state: State, move: Move) -> None:
    """Why a player who may not bid now may not: the rule in words."""
    auction, seat = of(state).auction, move.get("seat")
    if seat in of(state).owners:
        raise violation("has_entrance", N_("Once you get your hotel entrance, you may not take part in any "
                        "further auction."), R_AUCTION)
    if auction is not None and seat in auction.passed:
        raise violation("auction_passed", N_("You passed in this auction for {name}: you cannot rejoin it."), R_AUCTION, name=entrance(auction.entrance)['name'])


def carry_on(state: State, auction: Auction, after: str, out: Outcome) -> State:
    """The next bidder clockwise, or the auction won by its leader."""
    following = next_bidder(state, auction, after)
    if following is not None:
        return with_(state, auction=evolve(auction, to_bid=following))
    state = with_(state, auction=None)
    state = gain(state, auction.leader, auction.entrance, auction.bid, out)
    left = bidders(state)
    if len(left) == 1:
        state = gain(state, left[0], of(state).offer[0], 0, out)
    return state


# -- gaining an entrance -------------------------------------------------------------------
def gain(state: State, seat: str, entrance_id: str, price: int, out: Outcome) -> State:
    """The winner pays the bid and takes the entrance with its starting items
    and what the appendix adds when gained."""
    spec = entrance(entrance_id)
    mine = of(state)
    out.append({"fact": "entrance_gained", "seat": seat, "entrance": entrance_id, "krones": price})
    player = state.player(seat)
    player = evolve(player, krones=player.krones - price,
                    cafe=player.cafe + (None,) * spec.get("cafe_tables", 0))
    state = set_player(state, seat, player)
    if price:
        out.append({"fact": "krones", "seat": seat, "krones": -price, "why": said(N_("{name} won at auction"), name=spec['name'])})
    state = with_(state, owners={**mine.owners, seat: entrance_id},
                  offer=tuple(e for e in mine.offer if e != entrance_id))
    return apply_effects(state, seat, spec["gained"], said(N_("{name} gained"), name=spec['name']), out)

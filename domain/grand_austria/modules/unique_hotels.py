"""Let's Waltz! Module 3 "Unique Hotels": no dishes or drinks in the kitchens
at the start; one hotel entrance per player laid out after the staff draft
and auctioned (bids of 0 krones or more, raise or pass clockwise; the last
player takes the last entrance free); each entrance's starting items and its
ongoing effect for its owner alone. Rulebook: "Module 3" and "Appendix: Hotel
Entrances"; data: ``data/unique_hotels.toml`` (Dove's ten token faces are not
printed: a table enters them by printed content)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from marshmallow import Schema, ValidationError, fields, validate

from domain.grand_austria.catalog import CatalogError, check_effects, data_file
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.effects import N_, Carrying, Words, apply_effects, describe_all, score, set_player
from domain.grand_austria.parts import (FinalLine, Module, MoveRule, PendingKind, RoundEndStep, SetupPhase, automata)
from domain.grand_austria.registry import register
from domain.grand_austria.refusals import R_TURN, resolved, violation
from domain.grand_austria import scoring
from domain.grand_austria.scoring import measured
from domain.grand_austria.state import INITIAL_GUESTS, INITIAL_ROOMS, OCCUPIED, REROLL, ROLL, ROUND_END, TURNS, \
    WHITE, Pending, State
from domain.immutable import evolve, put
from domain.rules import TABLE, Expected, Move, MoveSchema, Outcome, seat_field, whole_number
from domain.seating import clockwise_from

ID = "unique_hotels"
R_SETUP_M3 = "Module 3 Setup"
R_AUCTION = "Module 3 Setup: the auction"
R_ENTRANCE = "Appendix: Hotel Entrances"
LAY_OUT = "entrances"               # phase: the table lays out one entrance per player
AUCTION = "entrance_auction"        # phase: the entrances are auctioned
BEFORE = ("rehearsal_rooms", "initial_guests")   # [LW] Combining Modules: steps 13, then 14 and 15

CHATEAU, COROGARI, DOVE, KAUFMAN, MAYENFELS, NINAS, WRAY, KOZI, REN = (
    "chateau_paulwei", "corogari_zant_mainz", "dove", "kaufman", "mayenfels", "ninas_melange", "grand_wray",
    "kozi_palace", "the_ren")


def data() -> dict[str, Any]:
    return data_file("unique_hotels")


def entrance(entrance_id: str) -> dict[str, Any]:
    return next(e for e in data()["entrance"] if e["id"] == entrance_id)


def entrance_ids(config: Config) -> list[str]:
    """The entrances in the game's pool (The Ren only with module 1)."""
    return [e["id"] for e in data()["entrance"] if set(e.get("needs", ())) <= set(config.modules)]


# -- the module's state -----------------------------------------------------------
@dataclass(frozen=True)
class DoveToken:
    top: tuple[dict, ...]         # the bonus for a completed column
    bottom: tuple[dict, ...]      # the bonus for a completed floor


@dataclass(frozen=True)
class Auction:
    entrance: str
    bid: int
    leader: str
    to_bid: str
    passed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Hotels:
    laid: bool = False
    offer: tuple[str, ...] = ()                   # entrances laid out and not yet taken
    owners: Mapping[str, str] = field(default_factory=dict)   # seat -> entrance
    auction: Auction | None = None
    dove_tokens: tuple[DoveToken, ...] = ()
    dove_used: frozenset[int] = frozenset()       # tokens claimed (removed from play), by index
    dove_lines: frozenset[str] = frozenset()      # "column 2", "floor 1": lines whose bonus was claimed
    ninas: tuple[int, ...] = ()                   # Ninas Melange's personal objectives (A, B, C)
    ninas_done: tuple[int, ...] = ()
    wray_tiles: tuple[str, ...] = ()              # The Grand Wray Hotel's Emperor tiles still there
    wray_used: tuple[int, int] | None = None      # (round, turn number) of the last retreat
    extra_rooms: frozenset[str] = frozenset()     # seats offered their extra starting rooms
    round_dice: tuple[int | None, ...] = ()       # Corogari: the owner's main steps this round (None: the key)
    completed: int = 0                            # Kaufman: guests completed before this round


def of(state: State) -> Hotels:
    return state.module(ID)


def with_(state: State, **changes: Any) -> State:
    return evolve(state, modules={**state.modules, ID: evolve(of(state), **changes)})


def owns(state: State, seat: str, entrance_id: str) -> bool:
    """Only the owner of a hotel entrance may use its effect [LW §Module 3 Course of Play]."""
    return ID in state.modules and of(state).owners.get(seat) == entrance_id


def owner(state: State, entrance_id: str) -> str | None:
    return next((s for s, e in of(state).owners.items() if e == entrance_id), None) if ID in state.modules else None


# -- configuration: no dishes or drinks at the start ---------------------------------------
def configure(config: Config) -> Config:
    none = set(data()["rules"]["no_start_items"])
    return adjusted(config, start_items=tuple(0 if item in none else n
                                              for item, n in zip(config.items, config.start_items)))


# -- laying out the entrances (the table) -------------------------------------------------
class Effects(fields.Field):
    """A list of effects in the vocabulary, checked for its form."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return [dict(e) for e in check_effects(value, "Dove token")]
        except CatalogError as error:
            raise ValidationError(str(error)) from None


class LayOutEntrancesSchema(MoveSchema):
    """Module 3: the table lays out a random selection of hotel entrances, one
    per player, with what comes with three of them: Dove's 5 bonus tokens (by
    printed content: the column bonus at the top, the floor bonus at the
    bottom), Ninas Melange's 3 objective cards (one each of A, B, C from those
    left) and The Grand Wray Hotel's 6 Emperor tiles (two each of A, B, C from
    those left)."""

    entrances = fields.List(fields.String(validate=validate.OneOf([e["id"] for e in data()["entrance"]])),
                            required=True, metadata={"description": "one per player: " + ", ".join(
                                e["id"] for e in data()["entrance"]) + " (the_ren only with module 1)"})
    dove_tokens = fields.List(fields.Nested(Schema.from_dict({"top": Effects(required=True),
                                                                  "bottom": Effects(required=True)}, name="DoveToken")),
                              metadata={"description": "with dove: its 5 bonus tokens, each {top: [effects], "
                                                       "bottom: [effects]} as printed"})
    ninas_objectives = fields.List(whole_number(), metadata={"description": "with ninas_melange: objective "
                                                                            "card numbers of groups A, B, C"})
    grand_wray_tiles = fields.List(fields.String(), metadata={"description": "with grand_wray: 6 Emperor tiles, "
                                                                            "two each of A, B, C, e.g. A2"})


def check_lay_out(state: State, move: Move) -> None:
    laid = move["entrances"]
    if len(laid) != len(state.players) or len(set(laid)) != len(laid):
        raise violation("entrance_count", f"Lay out {len(state.players)} different hotel entrances, one per "
                        "player.", R_SETUP_M3)
    check_laid_out(state, move)


def check_laid_out(state: State, move: Move) -> None:
    """The entrances are the game's, each with what comes with it."""
    laid = move["entrances"]
    pool = entrance_ids(state.config)
    if set(laid) - set(pool):
        raise violation("the_ren_needs_module_1", "The Ren is only used when modules 1 and 3 are both in play.",
                        R_SETUP_M3)
    extras = {DOVE: "dove_tokens", NINAS: "ninas_objectives", WRAY: "grand_wray_tiles"}
    for entrance_id, name in extras.items():
        if (entrance_id in laid) != (move.get(name) is not None):
            raise violation("entrance_extras", f"{name.replace('_', ' ').capitalize()} are laid out with "
                            f"{entrance(entrance_id)['name']}, and only with it.", R_SETUP_M3)
    if DOVE in laid and len(move["dove_tokens"]) != 5:
        raise violation("dove_tokens", "Dove comes with its 5 bonus tokens.", R_SETUP_M3)
    cat = state.config.catalog
    if NINAS in laid:
        chosen = move["ninas_objectives"]
        groups = [cat.objectives[n].group if n in cat.objectives else None for n in chosen]
        if groups != ["A", "B", "C"] or set(chosen) & set(state.objectives):
            raise violation("ninas_objectives", "Ninas Melange comes with one objective card each of A, B and "
                            "C, in that order, from those not on the game board.", R_SETUP_M3)
    if WRAY in laid:
        tiles = move["grand_wray_tiles"]
        if sorted(t[:1] for t in tiles) != ["A", "A", "B", "B", "C", "C"] or len(set(tiles)) != 6 \
                or any(t not in cat.emperor_tiles or t in state.emperor_tiles for t in tiles):
            raise violation("grand_wray_tiles", "The Grand Wray Hotel comes with 6 Emperor tiles, two each of A, "
                            "B and C, from those not below the round track.", R_SETUP_M3)


def apply_lay_out(state: State, move: Move, out: Outcome) -> State:
    laid = tuple(move["entrances"])
    tokens = tuple(DoveToken(tuple(t["top"]), tuple(t["bottom"])) for t in move.get("dove_tokens") or ())
    out.append({"fact": "entrances_laid_out", "entrances": list(laid),
                **{k: move[k] for k in ("dove_tokens", "ninas_objectives", "grand_wray_tiles") if k in move}})
    return with_(state, laid=True, offer=laid, dove_tokens=tokens, ninas=tuple(move.get("ninas_objectives") or ()),
                 wray_tiles=tuple(move.get("grand_wray_tiles") or ()))


def lay_out_chance(state: State, rng: random.Random, count: int | None = None) -> Move:
    """``count`` entrances (default one per player) with what comes with them."""
    laid = rng.sample(entrance_ids(state.config), count or len(state.players))
    cat = state.config.catalog
    move: dict[str, Any] = {"type": "lay_out_entrances", "entrances": laid}
    if DOVE in laid:
        move["dove_tokens"] = [dict(t) for t in data()["dove_tokens"]["tokens"]]
    if NINAS in laid:
        move["ninas_objectives"] = [rng.choice([n for n, o in cat.objectives.items()
                                                if o.group == g and n not in state.objectives]) for g in "ABC"]
    if WRAY in laid:
        move["grand_wray_tiles"] = [t for g in "ABC" for t in rng.sample(
            [t for t in cat.emperor_tiles if t[:1] == g and t not in state.emperor_tiles], 2)]
    return move


# -- the auction --------------------------------------------------------------------
class OpenAuctionSchema(MoveSchema):
    """Module 3: put one of the entrances left up for auction with a first bid of 0 krones or more."""

    seat = seat_field()
    entrance = fields.String(required=True, metadata={"description": "the entrance's id, e.g. mayenfels"})
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
        raise violation("cannot_pay", f"You have {have} krones: you cannot bid {amount} (the winner pays the bid).",
                        R_AUCTION)


def check_open_auction(state: State, move: Move) -> None:
    if move["entrance"] not in of(state).offer:
        raise violation("no_such_entrance", f"{move['entrance']} is not among the entrances left: "
                        f"{', '.join(of(state).offer)}.", R_AUCTION)
    check_affordable(state, move["seat"], move["bid"])


def apply_open_auction(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    out.append({"fact": "auction_opened", "seat": seat, "entrance": move["entrance"], "bid": move["bid"]})
    auction = Auction(move["entrance"], move["bid"], seat, to_bid=seat)
    return carry_on(state, auction, seat, out)


def check_bid(state: State, move: Move) -> None:
    auction = of(state).auction
    if move["amount"] <= auction.bid:
        raise violation("raise", f"A raise is more than the current bid of {auction.bid} krones.", R_AUCTION)
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
        raise violation("has_entrance", "Once you get your hotel entrance, you may not take part in any "
                        "further auction.", R_AUCTION)
    if auction is not None and seat in auction.passed:
        raise violation("auction_passed", f"You passed in this auction for {entrance(auction.entrance)['name']}: "
                        "you cannot rejoin it.", R_AUCTION)


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
        out.append({"fact": "krones", "seat": seat, "krones": -price, "why": f"{spec['name']} won at auction"})
    state = with_(state, owners={**mine.owners, seat: entrance_id},
                  offer=tuple(e for e in mine.offer if e != entrance_id))
    return apply_effects(state, seat, spec["gained"], f"{spec['name']} gained", out)


# -- Chateau Paulwei and Dove: extra starting rooms; Chateau's occupancy charts ----------------
def extra_starting_rooms(state: State, seat: str, room: int, out: Outcome) -> State:
    """After the initial three rooms: Chateau Paulwei up to two more (paid),
    Dove a fourth (free); both optional, adjacent as normal."""
    spec = entrance(of(state).owners[seat]) if seat in of(state).owners else {}
    rooms = sum(1 for r in state.player(seat).rooms if r)
    if state.phase != INITIAL_ROOMS or not spec.get("extra_initial_rooms") or seat in of(state).extra_rooms \
            or rooms != state.config.initial_rooms:
        return state
    free = spec["id"] == DOVE
    step = Pending(seat, "rooms", n=spec["extra_initial_rooms"], free=free,
                   why=f"{spec['name']}: " + ("a fourth starting room at no cost" if free else
                                              "two more starting rooms at the floor's cost"))
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
    steps = tuple(Pending(seat, "dove_token", pair=(side,), why=f"Dove: {line} complete") for line, side in lines)
    return evolve(state, pending=steps + state.pending)


class ChooseDoveTokenSchema(MoveSchema):
    """Dove: claim one of your remaining bonus tokens (its top bonus for a
    completed column, its bottom bonus for a completed floor); it leaves play."""

    seat = seat_field()
    token = whole_number(required=True, validate=validate.Range(min=1, max=5),
                         metadata={"description": "the token, 1-5 as laid out"})


def check_dove_token(state: State, move: Move) -> None:
    mine = of(state)
    if not 0 < move["token"] <= len(mine.dove_tokens) or move["token"] - 1 in mine.dove_used:
        left = [str(i + 1) for i in range(len(mine.dove_tokens)) if i not in mine.dove_used]
        raise violation("token_used", f"Choose one of your remaining bonus tokens: {', '.join(left)}.", R_ENTRANCE)


def apply_dove_token(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    index = move["token"] - 1
    token = of(state).dove_tokens[index]
    side = p.pair[0]
    out.append({"fact": "dove_token", "seat": p.seat, "token": move["token"], "side": side})
    state = with_(resolved(state), dove_used=of(state).dove_used | {index})
    return apply_effects(state, p.seat, token.top if side == "top" else token.bottom,
                         f"{p.why}: bonus token {move['token']}", out)


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
                   why="Kaufman: a second " + ("starting guest at no cost" if initial else "guest, paying its cost"))
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
    state = score(state, seat, points, f"Kaufman: {pile} guests completed this round", out)
    return with_(state, completed=now)


# -- Mayenfels: after every hire but the first, 1 krone and an optional draw ------------------
def mayenfels_triggers(state: State, seat: str) -> Iterable[dict]:
    """The entrance as a trigger source; from the first round on (the hire
    made when gaining it, during the setup, does not count)."""
    if owns(state, seat, MAYENFELS) and state.phase in (ROLL, TURNS, REROLL, ROUND_END):
        return [{"on": "gained", "what": "hired",
                 "effects": list(entrance(MAYENFELS)["after_hire"]) + [{"kind": "may_draw_staff"}]}]
    return []


def _may_draw_staff(doing: Carrying, e: Mapping[str, Any]) -> None:
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
        raise violation("not_ninas", "Only the owner of Ninas Melange has personal objectives.", R_ENTRANCE)
    mine = of(state)
    if number not in mine.ninas or number in mine.ninas_done:
        raise violation("no_personal_objective", f"Objective {number} is not one of your open personal objectives.",
                        R_ENTRANCE)
    objective = state.config.catalog.objectives[number]
    if any(measured(state, seat, key) < n for key, n in objective.needs.items()):
        raise violation("condition_unmet", f"You do not meet the objective: {objective.text}.", R_ENTRANCE)


def apply_claim_personal(state: State, move: Move, out: Outcome) -> State:
    seat, number = move["seat"], move["objective"]
    points = next(vp for last, vp in entrance(NINAS)["personal_vp"] if state.round <= last)
    state = with_(state, ninas_done=of(state).ninas_done + (number,))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    out.append({"fact": "personal_objective", "seat": seat, "objective": number, "round": state.round})
    text = state.config.catalog.objectives[number].text
    return score(state, seat, points, f"Ninas Melange: personal objective {number} ({text})", out)


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
    return [(points, f"final scoring: Ninas Melange, {total} objectives completed")]


# -- The Grand Wray Hotel: retreat on the Emperor track for a tile's reward -------------------
class GrandWraySchema(MoveSchema):
    """The Grand Wray Hotel (once per turn, additional action): retreat 1, 2
    or 3 Emperor steps for the reward of one of its A, B or C tiles; the tile
    leaves play."""

    seat = seat_field()
    tile = fields.String(required=True, metadata={"description": "one of the entrance's Emperor tiles, e.g. B3"})


def check_grand_wray(state: State, move: Move) -> None:
    seat, tile = move["seat"], move["tile"]
    if not owns(state, seat, WRAY):
        raise violation("not_grand_wray", "Only the owner of The Grand Wray Hotel retreats for its tiles.",
                        R_ENTRANCE)
    mine = of(state)
    if mine.wray_used == (state.round, state.turn.number):
        raise violation("once_per_turn", "The Grand Wray Hotel's effect is used once per turn.", R_ENTRANCE)
    if tile not in mine.wray_tiles:
        raise violation("no_such_tile", f"{tile} is not among the entrance's tiles left: "
                        f"{', '.join(mine.wray_tiles) or 'none'}.", R_ENTRANCE)
    steps = entrance(WRAY)["retreat"][tile[:1]]
    if state.player(seat).emperor < steps:
        raise violation("emperor_too_low", f"A {tile[:1]} tile costs {steps} Emperor steps back; your marker is on "
                        f"{state.player(seat).emperor}.", R_ENTRANCE)


def apply_grand_wray(state: State, move: Move, out: Outcome) -> State:
    seat, tile = move["seat"], move["tile"]
    steps = entrance(WRAY)["retreat"][tile[:1]]
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, emperor=player.emperor - steps))
    out.append({"fact": "emperor", "seat": seat, "steps": -steps, "why": f"The Grand Wray Hotel: tile {tile}"})
    mine = of(state)
    state = with_(state, wray_tiles=tuple(t for t in mine.wray_tiles if t != tile),
                  wray_used=(state.round, state.turn.number))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    reward = state.config.catalog.emperor_tiles[tile].reward
    return apply_effects(state, seat, reward, f"The Grand Wray Hotel: Emperor tile {tile} reward", out)


def wray_moves(state: State, seat: str) -> list[Move]:
    if not owns(state, seat, WRAY):
        return []
    return [{"type": "grand_wray", "seat": seat, "tile": t} for t in of(state).wray_tiles]


# -- Corogari Zant-Mainz: a bonus by the sum of the round's two dice ------------------------
def corogari_bonus(state: State, seat: str, value: int | None, out: Outcome) -> State:
    """As soon as the second die is taken, before its main action; the
    skeleton key (module 4) copies the other die."""
    if not owns(state, seat, COROGARI):
        return state
    taken = of(state).round_dice + (value,)
    state = with_(state, round_dice=taken)
    if len(taken) != 2:
        return state
    known = [v for v in taken if v is not None]
    total = sum(known) * (2 if len(known) == 1 else 1)
    out.append({"fact": "corogari_bonus", "seat": seat, "dice": list(taken), "sum": total})
    return apply_effects(state, seat, entrance(COROGARI)["by_sum"][str(total)],
                         f"Corogari Zant-Mainz: dice summing to {total}", out)


# -- The Kozi Palace: move an adjacent die onto the space used -------------------------------
def kozi_move(state: State, move: Move) -> State:
    source = move.get("move_from")
    if source is None:
        if move.get("move_colour") is not None:
            raise violation("no_move_from", "Name the space the die is moved from (move_from).", R_ENTRANCE)
        return state
    seat, target = move["seat"], move["value"]
    if not owns(state, seat, KOZI):
        raise violation("not_kozi", "Only the owner of The Kozi Palace moves a die onto the space they use.",
                        R_ENTRANCE)
    if abs(source - target) != 1:
        raise violation("not_adjacent", f"Action space {source} is not next to space {target} (the two outer "
                        "spaces are not adjacent to one another).", R_ENTRANCE)
    colours = state.dice[source - 1]
    if not colours:
        raise violation("no_die_to_move", f"There is no die on action space {source} to move.", R_ENTRANCE)
    colour = move.get("move_colour") or (WHITE if WHITE in colours else colours[0])
    if colour not in colours:
        raise violation("no_die_to_move", f"There is no {colour} die on action space {source} to move.", R_ENTRANCE)
    i = colours.index(colour)
    dice = put(state.dice, source - 1, colours[:i] + colours[i + 1:])
    return evolve(state, dice=put(dice, target - 1, dice[target - 1] + (colour,)))


def kozi_die_moves(state: State, seat: str) -> list[Move]:
    if not owns(state, seat, KOZI):
        return []
    moves = []
    for v in range(1, 7):
        for s in (v - 1, v + 1):
            if not 1 <= s <= 6 or not state.dice[s - 1]:
                continue
            here = set(state.dice[v - 1])
            for moved in sorted(set(state.dice[s - 1])):
                by = {} if moved == (WHITE if WHITE in state.dice[s - 1] else state.dice[s - 1][0]) \
                    else {"move_colour": moved}
                # the die taken: white, or one of the colours on the space once the die is moved
                for taken in sorted((here | {moved}) - {WHITE}) + ([WHITE] if WHITE in here | {moved} else []):
                    colour = {} if taken == WHITE else {"colour": taken}
                    moves += [{"type": "take_die", "seat": seat, "value": v, "boost": b, "move_from": s, **colour,
                               **by} for b in (False, True)]
    return moves


# -- The Ren (with module 1): double row bonuses, 4 VP for the sole most dancers ----------------
def ren_row_bonus(state: State, seat: str) -> int | None:
    return entrance(REN)["row_bonus_times"] if owns(state, seat, REN) else None


def ren_ballroom(state: State, out: Outcome) -> State:
    """After each ballroom scoring: 4 VP if the owner alone has the most dancers there."""
    seat = owner(state, REN)
    if seat is None or state.round not in state.config.emperor_rounds:
        return state
    from domain.grand_austria.modules.ballrooms import dancers_in, of as ballrooms
    room = ballrooms(state).rooms[state.config.emperor_rounds.index(state.round)]
    mine = dancers_in(room, seat)
    if mine and all(dancers_in(room, other) < mine for other in state.players if other != seat):
        state = score(state, seat, entrance(REN)["sole_most_dancers_vp"],
                      f"The Ren: the most dancers in {room.name}", out)
    return state


def round_over(state: State, out: Outcome) -> State:
    return with_(state, round_dice=()) if of(state).round_dice else state


# -- setup phases, view --------------------------------------------------------------------
def _auction_expected(state: State) -> Expected:
    auction = of(state).auction
    if auction is None:
        return Expected((opener(state),), ("open_auction",))
    return Expected((auction.to_bid,), ("bid", "pass_bid"))


def _auction_candidates(state: State, expected: Expected) -> list[Move]:
    seat = expected.seats[0]
    auction, krones = of(state).auction, state.player(seat).krones
    if auction is None:
        return [{"type": "open_auction", "seat": seat, "entrance": e, "bid": b}
                for e in of(state).offer for b in range(krones + 1)]
    return [{"type": "bid", "seat": seat, "amount": a} for a in range(auction.bid + 1, krones + 1)] + \
        [{"type": "pass_bid", "seat": seat}]


PHASES = (
    (SetupPhase(LAY_OUT, lambda state: of(state).laid, lambda state: Expected((TABLE,), ("lay_out_entrances",)),
                lambda state, e: []), BEFORE),
    (SetupPhase(AUCTION, lambda state: len(of(state).owners) == len(takers(state)), _auction_expected,
                _auction_candidates), BEFORE),
)


def hotels_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    mine = of(state)
    auction = mine.auction
    cat = state.config.catalog
    floors = len(state.hotel.floors)
    owned = {}
    for s, e in mine.owners.items():
        spec = entrance(e)
        here: dict[str, Any] = {"entrance": e, "name": spec["name"]}
        if e == DOVE:
            here["dove_tokens"] = [{"token": i + 1, "top": list(t.top), "bottom": list(t.bottom),
                                    "top_words": describe_all(t.top, floors), "bottom_words": describe_all(t.bottom, floors),
                                    "used": i in mine.dove_used} for i, t in enumerate(mine.dove_tokens)]
        elif e == NINAS:
            here["personal_objectives"] = [{"number": n, "text": cat.objectives[n].text, "done": n in mine.ninas_done}
                                           for n in mine.ninas]
        elif e == WRAY:
            here["tiles"] = [{"id": t, "steps": spec["retreat"][t[:1]], "reward": list(cat.emperor_tiles[t].reward),
                              "reward_words": describe_all(cat.emperor_tiles[t].reward, floors)}
                             for t in mine.wray_tiles]
        elif e == KAUFMAN:
            here["pile"] = completed_guests(state, s) - mine.completed
        elif e == COROGARI:
            here["round_dice"] = list(mine.round_dice)
        owned[s] = here
    return {"hotel_entrances": {
        "offer": [{"entrance": e, "name": entrance(e)["name"]} for e in mine.offer],
        "auction": None if auction is None else {
            "entrance": auction.entrance, "name": entrance(auction.entrance)["name"], "bid": auction.bid,
            "leader": auction.leader, "to_bid": auction.to_bid, "passed": sorted(auction.passed)},
        "owners": owned,
        **({"laid_out": {"dove_tokens": len(mine.dove_tokens), "ninas_objectives": list(mine.ninas),
                         "grand_wray_tiles": list(mine.wray_tiles)}} if not mine.owners else {})}}


UNIQUE_HOTELS = register(Module(
    id=ID, title="Module 3: Unique Hotels",
    moves={"lay_out_entrances": MoveRule(LayOutEntrancesSchema, check_lay_out, apply_lay_out),
           "open_auction": MoveRule(OpenAuctionSchema, check_open_auction, apply_open_auction,
                                    out_of_turn=out_of_turn_bid),
           "bid": MoveRule(BidSchema, check_bid, apply_bid, out_of_turn=out_of_turn_bid),
           "pass_bid": MoveRule(PassBidSchema, check_pass_bid, apply_pass_bid, out_of_turn=out_of_turn_bid),
           "choose_dove_token": MoveRule(ChooseDoveTokenSchema, check_dove_token, apply_dove_token),
           "mayenfels_draw": MoveRule(MayenfelsDrawSchema, check_mayenfels_draw, apply_mayenfels_draw),
           "claim_personal_objective": MoveRule(ClaimPersonalSchema, check_claim_personal, apply_claim_personal,
                                                before_main=True, additional=True, candidates=personal_moves),
           "grand_wray": MoveRule(GrandWraySchema, check_grand_wray, apply_grand_wray, before_main=True,
                                  additional=True, candidates=wray_moves)},
    effects={"may_draw_staff": (frozenset(), _may_draw_staff, Words(N_("you may draw a staff card")))},
    pending={"dove_token": PendingKind("choose_dove_token", dove_candidates),
             "second_guest": PendingKind("take_guest", second_guest_candidates, optional=True),
             "may_draw": PendingKind("mayenfels_draw", lambda state, p: [{"type": "mayenfels_draw", "seat": p.seat}],
                                     optional=True)},
    triggers=(mayenfels_triggers,),
    setup_phases=PHASES,
    round_end=(RoundEndStep("the_ren", 31, ren_ballroom), RoundEndStep("kaufman_pile", 70, kaufman_pile),
               RoundEndStep("corogari_dice", 75, round_over)),
    final_scoring=(FinalLine(60, ninas_final),),
    configure=configure,
    start=lambda config: Hotels(),
    view=hotels_view,
    chance={"lay_out_entrances": lay_out_chance},
    notation={"lay_out_entrances": "Entrances {entrances:list}, Dove tokens {dove_tokens:listed}, Ninas "
                                   "{ninas_objectives:cards}, Grand Wray {grand_wray_tiles:listed}",
              "open_auction": "{seat:seat} auctions {entrance:name} at {bid:number}",
              "bid": "{seat:seat} bids {amount:number}",
              "pass_bid": "{seat:seat} passes the bid",
              "choose_dove_token": "{seat:seat} Dove token {token:number}",
              "mayenfels_draw": "{seat:seat} draws for Mayenfels",
              "claim_personal_objective": "{seat:seat} personal objective {objective:number}",
              "grand_wray": "{seat:seat} Grand Wray {tile:name}"},
    hooks={"guest_taken": kaufman_second_guest, "main_step": corogari_bonus, "before_die": kozi_move,
           "more_die_moves": kozi_die_moves, "room_prepared": extra_starting_rooms, "room_occupied": dove_lines,
           "occupancy_chart": chateau_chart, "row_bonus_times": ren_row_bonus},
))

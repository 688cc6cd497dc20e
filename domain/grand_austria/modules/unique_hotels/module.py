"""Module 3 as the engine sees it: its setup phases, view and parts (listed in domain.grand_austria.registry)."""
from __future__ import annotations

from typing import Any


from domain.grand_austria.effects import N_, Words, describe_all
from domain.grand_austria.parts import FinalLine, Hooks, Module, MoveRule, PendingKind, RoundEndStep, SetupPhase
from domain.grand_austria.state import State
from domain.rules import TABLE, Expected, Move
from domain.grand_austria.modules.unique_hotels.auction import (BidSchema, OpenAuctionSchema, PassBidSchema, apply_bid,
                                                                apply_open_auction, apply_pass_bid, check_bid,
                                                                check_open_auction, check_pass_bid, opener,
                                                                out_of_turn_bid, takers)
from domain.grand_austria.modules.unique_hotels.entrances import (AUCTION, BEFORE, COROGARI, DOVE, Hotels, ID, KAUFMAN,
                                                                  LAY_OUT, LayOutEntrancesSchema, NINAS, WRAY,
                                                                  apply_lay_out, check_lay_out, configure, data, entrance,
                                                                  lay_out_chance, of)
from domain.grand_austria.modules.unique_hotels.hotels import (ChooseDoveTokenSchema, ClaimPersonalSchema,
                                                               MayenfelsDrawSchema, may_draw_staff,
                                                               apply_claim_personal, apply_dove_token,
                                                               apply_mayenfels_draw, chateau_chart,
                                                               check_claim_personal, check_dove_token,
                                                               check_mayenfels_draw, completed_guests, dove_candidates,
                                                               dove_lines, extra_starting_rooms, kaufman_pile,
                                                               kaufman_second_guest, mayenfels_triggers, ninas_final,
                                                               personal_moves, second_guest_candidates)
from domain.grand_austria.modules.unique_hotels.more_hotels import (GrandWraySchema, apply_grand_wray, check_grand_wray,
                                                                    corogari_bonus, kozi_die_moves, kozi_move,
                                                                    ren_ballroom, ren_row_bonus, round_over, wray_moves)


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


UNIQUE_HOTELS = Module(
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
    effects={"may_draw_staff": (frozenset(), may_draw_staff, Words(N_("you may draw a staff card")))},
    pending={"dove_token": PendingKind("choose_dove_token", dove_candidates),
             "second_guest": PendingKind("take_guest", second_guest_candidates, optional=True),
             "may_draw": PendingKind("mayenfels_draw", lambda state, p: [{"type": "mayenfels_draw", "seat": p.seat}],
                                     optional=True)},
    triggers=(mayenfels_triggers,),
    answers=frozenset({"gained"}),      # Mayenfels: after a hire
    setup_phases=PHASES,
    round_end=(RoundEndStep("the_ren", 31, ren_ballroom), RoundEndStep("kaufman_pile", 70, kaufman_pile),
               RoundEndStep("corogari_dice", 75, round_over)),
    final_scoring=(FinalLine(60, ninas_final),),
    configure=configure,
    start=lambda config: Hotels(),
    view=hotels_view,
    components=lambda options: {"hotel_entrances": [{"entrance": e["id"], "name": e["name"]} for e in data()["entrance"]]},
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
    hooks=Hooks(guest_taken=kaufman_second_guest, main_step=corogari_bonus, before_die=kozi_move,
                more_die_moves=kozi_die_moves, room_prepared=extra_starting_rooms, room_occupied=dove_lines,
                occupancy_chart=chateau_chart, row_bonus_times=ren_row_bonus),
)

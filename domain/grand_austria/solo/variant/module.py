"""The end of a solo game and the variant as the engine sees it: its parts (listed in domain.grand_austria.registry)."""
from __future__ import annotations

from typing import Any


from domain.grand_austria.modules import unique_hotels
from domain.grand_austria.moves import SetupSchema
from domain.grand_austria.parts import DieRule, FinalLine, Hooks, Module, MoveRule, PendingKind, RoundEndStep
from domain.grand_austria.scoring import end_game_staff, occupied_rooms
from domain.grand_austria.solo import entrances
from domain.grand_austria.solo.deck import Symbol, decks
from domain.grand_austria.state import INITIAL_GUESTS, STAFF_DRAFT, State
from domain.grand_austria.solo.variant.hautel import (CHOOSE_ENTRANCE, LAY_OUT_HAUTEL, LayOutHautelSchema,
                                                      PlacePoolItemSchema, PoolItemSchema, apply_lay_out_hautel,
                                                      apply_place_pool_item, apply_pool_item, check_lay_out_hautel,
                                                      check_place_pool_item, check_pool_item, lay_out_hautel_chance,
                                                      pool_item_candidates, pool_item_chance, pool_refill, star_removed,
                                                      stars_scoring, sushi_surcharge, sushi_watch, toll_price,
                                                      toll_taken)
from domain.grand_austria.solo.variant.setup import (BALLROOMS, BOT, HOTELS, ID, KEEP_STAFF, KeepStaffSchema,
                                                     SoloOption, apply_keep_staff, apply_solo_setup, begin, bot,
                                                     check_keep_staff, check_solo_setup, configure, human, name,
                                                     solo_setup_chance, start)
from domain.grand_austria.solo.variant.turn import (DrawInstructionSchema, RevealBotStaffSchema, apply_draw_instruction,
                                                    apply_reveal_bot_staff, check_draw_instruction,
                                                    check_reveal_bot_staff, deck_left, draw_instruction_chance,
                                                    opponent_turn, reveal_bot_staff_chance, run_step)
from domain.words import N_, said


# -- the end ------------------------------------------------------------------------------------
def winners(state: State) -> list[str]:
    """"You win if you have more victory points than Leopold. Otherwise, Leopold wins." """
    you = human(state)
    return [you] if state.player(you).vp > state.player(BOT).vp else [BOT]


def bordered(symbol: Symbol) -> str:
    return said(N_("{symbol} ({border} border)"), symbol=symbol.words(), border=symbol.border) if symbol.border \
        else symbol.words()


def solo_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    b = bot(state)
    last = decks()[b.deck][b.drawn[-1]] if b.drawn else None
    left = deck_left(state)
    return {"solo": {
        "opponent": name(state), "seat": BOT, "deck": b.deck, "difficulty": b.level,
        "card": None if last is None else {"number": last.number, "hand": last.hand,
                                           "symbols": [s.words() for s in last.symbols]},
        "drawn": list(b.drawn), "deck_left": len(left),
        "cards_left": [{"number": n, "hand": c.hand, "symbols": [bordered(s) for s in c.symbols]}
                       for n, c in decks()[b.deck].items() if n in left],
        "last_turn": list(b.said),
        "carrying_out": None if b.steps is None else [s.words() for s in b.steps],
        "objectives": [{"objective": n, "progress": ("none", "III", "II", "claimed")[p]}
                       for n, p in zip(state.objectives, b.progress)],
        "private_deck": b.private_left,
        **({"dancers_left": b.dancers_left} if BALLROOMS in state.config.modules else {}),
        **({"entrance": entrances.describe(b.entrance)} if b.entrance is not None else {}),
    }}


ENTRANCE = Module(
    id=f"{ID}+{HOTELS}", title="Solo Variant with Module 3: the opponent's solo entrance",
    die_rules=(DieRule(toll_price, toll_taken),),
    hooks=Hooks(room_occupied=star_removed, guest_surcharge=sushi_surcharge),
    watch=sushi_watch,
)
"""The opponent's solo entrance at work after every move and die (only with
module 3: an entrance is played only then), as parts of its own. Its round
end steps stay the variant's: the state's cursor over the round end's steps
counts them."""


SOLO = Module(
    id=ID, title="Solo Variant: Dinner for One",
    chosen_by=ID,
    options={ID: SoloOption(metadata={"description": N_("the solo variant (one player): {\"difficulty\": easy | "
                                                     "medium | hard}; the opponent is the seat bot")})},
    moves={"setup": MoveRule(SetupSchema, check_solo_setup, apply_solo_setup),
           "keep_staff": MoveRule(KeepStaffSchema, check_keep_staff, apply_keep_staff),
           "draw_instruction": MoveRule(DrawInstructionSchema, check_draw_instruction, apply_draw_instruction),
           "reveal_bot_staff": MoveRule(RevealBotStaffSchema, check_reveal_bot_staff, apply_reveal_bot_staff),
           "lay_out_entrances": MoveRule(unique_hotels.LayOutEntrancesSchema, entrances.check_lay_out,
                                         unique_hotels.apply_lay_out),
           "choose_entrance": MoveRule(entrances.ChooseEntranceSchema, entrances.check_choose_entrance,
                                       entrances.apply_choose_entrance),
           "lay_out_hautel": MoveRule(LayOutHautelSchema, check_lay_out_hautel, apply_lay_out_hautel),
           "place_pool_item": MoveRule(PlacePoolItemSchema, check_place_pool_item, apply_place_pool_item),
           "pool_item": MoveRule(PoolItemSchema, check_pool_item, apply_pool_item)},
    pending={"bot_staff": PendingKind("reveal_bot_staff", lambda state, p: [], by_table=True),
             "pool_item": PendingKind("place_pool_item", pool_item_candidates),
             "pool_draw": PendingKind("pool_item", lambda state, p: [], by_table=True)},
    setup_phases=((KEEP_STAFF, STAFF_DRAFT), (CHOOSE_ENTRANCE, unique_hotels.AUCTION),
                  (LAY_OUT_HAUTEL, INITIAL_GUESTS)),
    along={HOTELS: ENTRANCE},
    round_end=(RoundEndStep("nine_stars", 21, stars_scoring), RoundEndStep("hautel_pool", 88, pool_refill)),
    configure=configure,
    start=start,
    begin=begin,
    automata=lambda state: frozenset({BOT}),
    automaton_scoring=(FinalLine(10, end_game_staff), FinalLine(20, occupied_rooms)),
    turn=opponent_turn,
    advance=run_step,
    winners=winners,
    view=solo_view,
    chance={"setup": solo_setup_chance, "draw_instruction": draw_instruction_chance,
            "reveal_bot_staff": reveal_bot_staff_chance, "lay_out_entrances": entrances.lay_out_chance,
            "lay_out_hautel": lay_out_hautel_chance, "pool_item": pool_item_chance},
    notation={"keep_staff": "{seat:seat} selects {staff:cards}",
              "choose_entrance": "{seat:seat} chooses entrance {entrance:name}",
              "lay_out_hautel": "Hautel guests {guests:cards}, items {items:words}",
              "place_pool_item": "{seat:seat} pool item to {table:number}",
              "pool_item": "Pool item {item:word}",
              "draw_instruction": "Instruction {card:number}",
              "reveal_bot_staff": "Bot staff {card:number}"},
)

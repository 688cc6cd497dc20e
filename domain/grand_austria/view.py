"""What people see: the state as JSON, each module adding its fragment."""
from __future__ import annotations

from typing import Any, Sequence

from domain.grand_austria.catalog import Catalog, EmperorTile, Guest, Staff
from domain.grand_austria.effects import N_, describe_all
from domain.words import Listing, said as filled_in
from domain.grand_austria.parts import parts
from domain.grand_austria.dice import rerolled
from domain.grand_austria.state import REROLL, ROLL, State

ON_HIRE = N_("on hire: {effects}")
EACH_ROUND = N_("once per round: {effects}")
EACH_TIME = N_("each time ({on}): {effects}")
AT_THE_END = N_("at the end: {vp} VP per {measure}")


def guest_json(guest: Guest, floors: int = 4) -> dict[str, Any]:
    """A guest card as shown: its printed content and its reward in words."""
    return {**guest.to_json(), "reward_words": describe_all(guest.reward, floors)}


def staff_words(card: Staff, floors: int = 4) -> str:
    """What a staff card does: its printed text, else its effects in words."""
    if card.text:
        return card.text
    said = [filled_in(template, effects=Listing(describe_all(effects, floors)))
            for template, effects in ((ON_HIRE, card.on_hire), (EACH_ROUND, card.per_round)) if effects]
    if card.trigger:
        said.append(filled_in(EACH_TIME, on=card.trigger["on"].replace("_", " "),
                              effects=Listing(describe_all(card.trigger.get("effects", ()), floors))))
    if card.end:
        said.append(filled_in(AT_THE_END, vp=card.end.get("vp", 1), measure=card.end["measure"].replace("_", " ")))
    return Listing(said, "; ")


def staff_json(card: Staff, floors: int = 4) -> dict[str, Any]:
    return {**card.to_json(), "words": staff_words(card, floors)}


def tile_json(tile: EmperorTile, floors: int = 4) -> dict[str, Any]:
    """An Emperor tile: its reward (3+ on the track) and penalty (0), as data and in words."""
    return {"id": tile.id, "reward": [dict(e) for e in tile.reward], "penalty": [dict(e) for e in tile.penalty],
            "reward_words": describe_all(tile.reward, floors), "penalty_words": describe_all(tile.penalty, floors)}


def view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    config = state.config
    floors = len(state.hotel.floors)

    def card(c: Staff | None, visible: bool) -> Any:
        return staff_json(c, floors) if c is not None and visible else None

    players = {}
    for name, p in state.seats.items():
        visible = full or name == seat
        hotel = state.hotel_of(name)
        players[name] = {
            "krones": p.krones, "items": config.named(p.items), "emperor": p.emperor, "vp": p.vp,
            "cafe": [{"guest": guest_json(t.guest, floors), "served": config.named(t.served), "complete": t.complete}
                     if t else None for t in p.cafe],
            "rooms": {hotel.name_of(r): ("empty", "prepared", "occupied")[s] for r, s in enumerate(p.rooms)},
            "hand": [card(c, visible) for c in p.hand], "hand_size": len(p.hand),
            "draft_pack": [card(c, visible) for c in state.packs.get(name, ())],
            "hired": [staff_json(c, floors) for c in p.hired],
            "staff_used": [p.hired[i].name for i in sorted(p.used)],
            "guests": [g.name for g in p.guests], "objectives": list(p.objectives),
            "turn_order": list(state.tiles.get(name, ())),
        }
    answer = {
        "phase": state.phase, "round": state.round, "start_player": state.start_player,
        "rules_version": config.version.number, "modules": list(config.modules),
        "hotel": state.hotel.to_json(),
        "queue": [guest_json(g, floors) if g else None for g in state.queue],
        "queue_costs": list(config.queue_costs),
        "guests_left": state.guests_left,
        "objectives": [{"number": n, "text": config.catalog.objectives[n].text, "claims": list(c)}
                       for n, c in zip(state.objectives, state.claims)],
        "emperor_tiles": list(state.emperor_tiles),
        "emperor_tile_stacks": emperor_tile_stacks(config.emperor_rounds, config.catalog, floors),
        "action_spaces": {str(v + 1): len(colours) for v, colours in enumerate(state.dice)},
        "action_space_dice": {str(v + 1): list(colours) for v, colours in enumerate(state.dice)},
        "dustbin": state.dustbin,
        "dice_to_roll": list(dice_to_roll(state)),
        "used_turn_numbers": sorted(state.used_numbers), "passed": sorted(state.passed),
        "staff_draft": config.staff_draft, "draft_picked": sorted(state.picked),
        "turn": None if state.turn is None else {
            "seat": state.turn.seat, "number": state.turn.number, "die": state.turn.die,
            "main": state.turn.main, "boosted": state.turn.boosted, "guest_taken": state.turn.guest_taken,
            "fresh_items": config.named(state.turn.fresh)},
        "pending": [{"seat": p.seat, "step": p.kind, "n": p.n, "why": p.why,
                     "cards": [card(c, full or p.seat == seat) for c in p.cards],
                     **({"items": config.named(p.items)} if p.items else {})} for p in state.pending],
        "players": players,
    }
    for module in parts(state).modules:
        if module.view is not None:
            answer.update(module.view(state, seat, full))
    return answer


def dice_to_roll(state: State) -> tuple[str, ...]:
    """The colours of the dice the table rolls now (a roll or a reroll), in
    the order a roll's values name them; none while nobody rolls."""
    if state.phase == ROLL:
        return state.config.dice
    if state.phase == REROLL:
        return rerolled(state)
    return ()


def emperor_tile_stacks(rounds: Sequence[int], cat: Catalog, floors: int = 4) -> list[dict[str, Any]]:
    """The catalog's Emperor tiles by stack (A, B, C), each stack with the
    round it scores in (one tile of each lies out, in stack order, for
    ``rounds``) and each tile's reward and penalty in the effect vocabulary
    and in words: the setup at the table is picked from these."""
    tiles = cat.emperor_tiles
    stacks = sorted({tile_id[:1] for tile_id in tiles})
    return [{"stack": stack, "round": round_,
             "tiles": [tile_json(t, floors) for t in tiles.values() if t.id[:1] == stack]}
            for stack, round_ in zip(stacks, rounds)]

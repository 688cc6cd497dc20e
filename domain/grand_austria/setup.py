"""The setup as a list of phases: the table lays out the game (setup), the
optional staff draft, the starting guests, the starting rooms; then the
first roll. Modules insert their own phases (see parts.Module.setup_phases)."""
from __future__ import annotations

import random
from domain.chance import shuffled
from domain.grand_austria import cafe, hotel, staff
from domain.grand_austria.effects import check_in_game, guest_card, set_player, staff_card
from domain.grand_austria.moves import DraftPickSchema, SetupSchema
from domain.grand_austria.parts import MODULES, MoveRule, SetupPhase, parts
from domain.grand_austria.refusals import R_DRAFT, R_SETUP, violation
from domain.grand_austria.state import INITIAL_GUESTS, INITIAL_ROOMS, SETUP, STAFF_DRAFT, State
from domain.immutable import evolve
from domain.rules import TABLE, Expected, Move, Outcome
from domain.seating import counter_clockwise_from, left_of, right_of
from domain.words import N_


# -- the table's setup move -------------------------------------------------------
def check_setup(state: State, move: Move) -> None:
    cat = state.config.catalog
    groups = [cat.objectives[n].group if n in cat.objectives else None for n in move["objectives"]]
    if groups != ["A", "B", "C"]:
        by_group = "; ".join(f"{g}: {', '.join(str(n) for n, o in cat.objectives.items() if o.group == g)}"
                             for g in "ABC")
        raise violation("bad_objectives", N_("Lay out one objective card of each group A, B, C, in that order (this game's objectives are {by_group})."), R_SETUP, by_group=by_group)
    tiles = move["emperor_tiles"]
    if [t[:1] for t in tiles] != ["A", "B", "C"] or any(t not in cat.emperor_tiles for t in tiles):
        stacks = "; ".join(f"{stack}: {', '.join(t for t in cat.emperor_tiles if t[:1] == stack)}" for stack in "ABC")
        raise violation("bad_emperor_tiles", N_("Lay out one Emperor tile of each stack A, B, C, in that order (this game's tiles are {stacks})."), R_SETUP, stacks=stacks)
    if move["start_player"] not in state.players:
        raise violation("unknown_player", N_("{start_player} is not playing."), R_SETUP,
                        start_player=move['start_player'])
    check_in_game(state, "guest", move["queue"], R_SETUP)
    check_in_game(state, "staff", [c for hand in move.get("hands", {}).values() for c in hand], R_SETUP)
    numbers = [c for c in move["queue"] if isinstance(c, int)]
    if len(set(numbers)) != len(numbers):
        raise violation("duplicate_card", N_("A guest card can be in the queue only once."), R_SETUP)
    hands = move.get("hands", {})
    for seat, hand in hands.items():
        if seat not in state.players:
            raise violation("unknown_player", N_("{seat} is not playing."), R_SETUP, seat=seat)
        if len(hand) != state.config.hand_size:
            raise violation("hand_size", N_("Each player is dealt {hand_size} staff cards."), R_SETUP,
                            hand_size=state.config.hand_size)
    dealt = [c for hand in hands.values() for c in hand if isinstance(c, int)]
    if len(set(dealt)) != len(dealt):
        raise violation("duplicate_card", N_("A staff card can be dealt only once."), R_SETUP)
    playing = parts(state).modules
    for module in MODULES.values():
        part = module.setup_part
        if part is None or not set(part.fields) & set(move):
            continue
        if module not in playing:
            raise violation("module_not_in_play", N_("The setup's {value} belong to a module this game does not play."), R_SETUP,
                            value=', '.join(sorted(set(part.fields) & set(move))))
        part.check(state, move)


def apply_setup(state: State, move: Move, out: Outcome) -> State:
    players = state.players
    start = move["start_player"]
    tiles, krones = parts(state).turn_order.deal(state, start)
    hands = move.get("hands", {})
    size = state.config.hand_size
    dealt = {seat: tuple(staff_card(c, state) for c in hands[seat]) if seat in hands else (None,) * size
             for seat in players}
    draft = state.config.staff_draft
    seats = {seat: evolve(player, hand=() if draft else dealt[seat], krones=krones[seat])
             for seat, player in state.seats.items()}
    queue = tuple(guest_card(c, state) for c in move["queue"])
    out.append({"fact": "setup", "objectives": list(move["objectives"]),
                "emperor_tiles": list(move["emperor_tiles"]), "queue": [g.name for g in queue],
                "start_player": start, **({"staff_draft": True} if draft else {})})
    state = evolve(state, seats=seats, queue=queue, packs=dealt if draft else {},
                   guests_left=state.guests_left - len(queue), objectives=tuple(move["objectives"]),
                   claims=((), (), ()), emperor_tiles=tuple(move["emperor_tiles"]), start_player=start,
                   tiles=tiles, setup_order=counter_clockwise_from(players, right_of(players, start)))
    for part in parts(state).setup_parts:
        if set(part.fields) & set(move):
            state = part.apply(state, move, out)
    return state


def setup_chance(state: State, rng: random.Random) -> Move:
    cat = state.config.catalog
    deck = shuffled(rng, list(cat.staff))
    size = state.config.hand_size
    move = {"type": "setup",
            "objectives": [rng.choice([n for n, o in cat.objectives.items() if o.group == g]) for g in "ABC"],
            "emperor_tiles": [rng.choice([t for t in cat.emperor_tiles if t[0] == g]) for g in "ABC"],
            "queue": rng.sample(list(cat.guests), 5), "start_player": rng.choice(state.players),
            "hands": {seat: deck[i * size:(i + 1) * size] for i, seat in enumerate(state.players)}}
    for part in parts(state).setup_parts:
        if part.chance is not None:
            move.update(part.chance(state, rng))
    return move


# -- the staff draft (option) ----------------------------------------------------------
def check_draft_pick(state: State, move: Move) -> None:
    pack = state.packs[move["seat"]]
    if move.get("staff") is None:
        if None not in pack:
            raise violation("name_the_card", N_("Name the staff card you keep: the scorekeeper has seen "
                            "this pack."), R_DRAFT)
        return
    card = staff_card(move["staff"], state)
    if staff.not_named_from(state, card, move["staff"], pack):
        raise violation("not_in_pack", N_("{name} is not among the staff cards you draft from now."), R_DRAFT,
                        name=card.name)


def apply_draft_pick(state: State, move: Move, out: Outcome) -> State:
    """The rulebook says only that the six dealt cards may be drafted: here
    each keeps one and passes the rest left (as the turn-order tiles go),
    until the packs are empty and every hand holds six again."""
    seat = move["seat"]
    card = staff_card(move["staff"], state) if move.get("staff") is not None else None
    pack = list(state.packs[seat])
    pack.remove(card if card in pack else None)
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, hand=player.hand + (card,)))
    out.append({"fact": "staff_drafted", "seat": seat, "pick": len(player.hand) + 1})
    state = evolve(state, packs={**state.packs, seat: tuple(pack)}, picked=state.picked | {seat})
    if len(state.picked) < len(state.players):
        return state
    if not pack:
        out.append({"fact": "staff_draft_over"})
        return evolve(state, packs={}, picked=frozenset())
    out.append({"fact": "staff_passed", "direction": "left", "cards": len(pack)})
    return evolve(state, packs={left_of(state.players, s): p for s, p in state.packs.items()}, picked=frozenset())


def draft_picks(state: State, seat: str) -> list[Move]:
    """A card of the pack; from an unseen pack, any card not in play (or none named)."""
    pack = state.packs[seat]
    seen = [c for i, c in enumerate(pack) if c is not None and c not in pack[:i]]
    cards = seen + (staff.named_from(state, (None,)) if None in pack else [])
    unnamed = [{"type": "draft_pick", "seat": seat}] if None in pack else []
    return [{"type": "draft_pick", "seat": seat, "staff": staff.card_ref(c)} for c in cards] + unnamed


# -- the phases --------------------------------------------------------------------------
def setup_seat(state: State) -> str:
    if state.phase == INITIAL_GUESTS:
        return next(s for s in state.setup_order if not any(state.player(s).cafe))
    need = state.config.initial_rooms
    return next(s for s in state.setup_order if sum(1 for r in state.player(s).rooms if r) < need)


def _laid_out(state: State) -> bool:
    return bool(state.objectives)


def _drafted(state: State) -> bool:
    return not state.packs


def _guests_taken(state: State) -> bool:
    return all(any(state.player(s).cafe) for s in state.setup_order)


def _rooms_prepared(state: State) -> bool:
    need = state.config.initial_rooms
    return all(sum(1 for r in state.player(s).rooms if r) >= need for s in state.setup_order)


def _one_seat(move: str):
    return lambda state: Expected((setup_seat(state),), (move,))


SETUP_PHASES = (
    SetupPhase(SETUP, _laid_out, lambda state: Expected((TABLE,), ("setup",)), lambda state, e: []),
    # everyone keeps a card at the same time
    SetupPhase(STAFF_DRAFT, _drafted,
               lambda state: Expected(tuple(s for s in state.players if s not in state.picked), ("draft_pick",)),
               lambda state, e: [m for s in e.seats for m in draft_picks(state, s)],
               active=lambda config: config.staff_draft),
    SetupPhase(INITIAL_GUESTS, _guests_taken, _one_seat("take_guest"),
               lambda state, e: cafe.guest_moves(state, e.seats[0])),
    SetupPhase(INITIAL_ROOMS, _rooms_prepared, _one_seat("prepare_room"),
               lambda state, e: hotel.room_moves(state, e.seats[0], "prepare_room")),
)

MOVES = {
    "setup": MoveRule(SetupSchema, check_setup, apply_setup),
    "draft_pick": MoveRule(DraftPickSchema, check_draft_pick, apply_draft_pick),
}

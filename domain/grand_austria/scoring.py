"""Scoring: the measures of a player's hotel and holdings (shared by
objectives, end-game staff and final scoring), objectives, the Emperor
scoring and the final scoring as a list of lines."""
from __future__ import annotations

from typing import Callable, Iterable

from domain.grand_austria.catalog import ROOM_COLOURS, Guest, Hotel, Staff
from domain.grand_austria.effects import apply_effects, pay, said_once, score, set_player, triggers
from domain.grand_austria.moves import ClaimObjectiveSchema
from domain.grand_austria.parts import FinalLine, MoveRule, automata, parts
from domain.grand_austria.refusals import R_OBJECTIVE, violation
from domain.grand_austria.state import EMPTY, OCCUPIED, OVER, Player, State, turn_order
from domain.immutable import evolve, put
from domain.ranking import best
from domain.rules import Move, Outcome
from domain.words import N_, said


def occupied(hotel: Hotel, player: Player, colour: str | None = None) -> int:
    return sum(1 for room, status in enumerate(player.rooms)
               if status == OCCUPIED and (colour is None or hotel.colour(room) == colour))


def full_floors(hotel: Hotel, player: Player) -> int:
    w = hotel.width
    return sum(1 for f in range(len(hotel.floors))
               if all(player.rooms[f * w + c] == OCCUPIED for c in range(w)))


def full_columns(hotel: Hotel, player: Player) -> int:
    w = hotel.width
    return sum(1 for c in range(w)
               if all(player.rooms[f * w + c] == OCCUPIED for f in range(len(hotel.floors))))


def full_groups(hotel: Hotel, player: Player) -> int:
    return sum(1 for group in hotel.groups if all(player.rooms[r] == OCCUPIED for r in group))


def full_colours(hotel: Hotel, player: Player) -> int:
    counts = {colour: sum(1 for row in hotel.floors for c in row if c == colour) for colour in ROOM_COLOURS}
    return sum(1 for colour, total in counts.items() if total and occupied(hotel, player, colour) == total)


# (made once: a dict of lambdas made on each call cost more than the measure,
# and the bell watch asks for a measure after most moves)
_MEASURE_OF: dict[str, Callable[[Hotel, Player], int]] = {
    "krones": lambda hotel, player: player.krones,
    "rooms": lambda hotel, player: sum(1 for status in player.rooms if status != EMPTY),
    "hired": lambda hotel, player: len(player.hired),
    "emperor": lambda hotel, player: player.emperor,
    "occupied": occupied,
    "full_floors": full_floors,
    "full_groups": full_groups,
    "full_colours": full_colours,
    "full_columns": full_columns,
    "colour_sets": lambda hotel, player: min(occupied(hotel, player, c) for c in ROOM_COLOURS),
    "objectives": lambda hotel, player: len(player.objectives),
}


def measure(name: str, hotel: Hotel, player: Player) -> int:
    """The quantity an objective or an end-game staff card counts."""
    if name.startswith("occupied_"):
        return occupied(hotel, player, name.removeprefix("occupied_"))
    return _MEASURE_OF[name](hotel, player)


def completed_guests(state: State, seat: str) -> tuple[Guest, ...]:
    """The guests whose orders the seat completed: checked in, or (a module's) sent elsewhere."""
    return state.player(seat).guests + tuple(g for more in parts(state).completed_guests for g in more(state, seat))


def measured(state: State, seat: str, name: str) -> int:
    """A measure of the seat's holdings: the base game's, or a module's (dancers, champagne...)."""
    own = parts(state).measures.get(name)
    return own(state, seat) if own is not None else measure(name, state.hotel_of(seat), state.player(seat))


def end_staff_vp(hotel: Hotel, player: Player, staff: Staff, opponents: tuple[Player, ...]) -> int:
    """An end-game staff card's points. The Secretary copies the opponents'
    end-game card that is worth most in this player's hotel (the rulebook
    lets the owner choose; the best choice is taken)."""
    spec = staff.end
    if spec["measure"] == "copy_opponent":
        copies = [end_staff_vp(hotel, player, card, ()) for other in opponents for card in other.hired
                  if card.end and card.end["measure"] != "copy_opponent"]
        return max(copies, default=0)
    return measure(spec["measure"], hotel, player) * spec["vp"]


# -- objectives -------------------------------------------------------------------
def check_claim_objective(state: State, move: Move) -> None:
    number = move["objective"]
    if number not in state.objectives:
        raise violation("no_objective", N_("Objective {number} is not in play."), R_OBJECTIVE, number=number)
    index = state.objectives.index(number)
    claims = state.claims[index]
    cat = state.config.catalog
    if move["seat"] in claims:
        raise violation("claimed", N_("You may place only one disc on each objective card."), R_OBJECTIVE)
    if len(claims) >= len(cat.objective_vp):
        raise violation("objective_full", N_("Every space of that objective card is taken."), R_OBJECTIVE)
    objective = cat.objectives[number]
    if any(measured(state, move["seat"], key) < n for key, n in objective.needs.items()):
        raise violation("condition_unmet", N_("You do not meet the objective: {text}."), R_OBJECTIVE,
                        text=objective.text)


def claim(state: State, seat: str, number: int, out: Outcome) -> State:
    """A disc on the objective's highest free VP space, scored at once."""
    cat = state.config.catalog
    index = state.objectives.index(number)
    claims = state.claims[index]
    points = cat.objective_vp[len(claims)]
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, objectives=player.objectives + (number,)))
    state = evolve(state, claims=put(state.claims, index, claims + (seat,)))
    state = score(state, seat, points, said(N_("objective {number}: {text}"), number=number, text=cat.objectives[number].text), out)
    for trigger in triggers(state, seat, "claim_objective"):
        state = apply_effects(state, seat, trigger["effects"], N_("staff: a marker placed on an objective"), out)
    return state


def apply_claim_objective(state: State, move: Move, out: Outcome) -> State:
    state = evolve(state, turn=evolve(state.turn, acted=True))
    return claim(state, move["seat"], move["objective"], out)


def objective_moves(state: State, seat: str) -> list[Move]:
    return [{"type": "claim_objective", "seat": seat, "objective": n} for n in state.objectives]


# -- the Emperor scoring (a round-end step) ----------------------------------------------
def emperor_scoring(state: State, out: Outcome) -> State:
    rounds = state.config.emperor_rounds
    if state.round not in rounds:
        return state
    bots = automata(state)
    cat = state.config.catalog
    tile = cat.emperor_tiles[state.emperor_tiles[rounds.index(state.round)]]
    track = cat.emperor_vp
    for seat in turn_order(state):
        player = state.player(seat)
        state = score(state, seat, track[player.emperor], said_once(N_("Emperor scoring, round {round}"), round=state.round), out)
        back = max(0, player.emperor - state.round)
        state = set_player(state, seat, evolve(state.player(seat), emperor=back))
        out.append({"fact": "emperor", "seat": seat, "steps": back - player.emperor,
                    "why": said_once(N_("Emperor scoring: back {round} spaces"), round=state.round)})
        if seat in bots:
            continue      # the solo opponent: "only you get the reward or suffer the penalty"
        if back >= 3:
            out.append({"fact": "emperor_reward", "seat": seat, "tile": tile.id})
            state = apply_effects(state, seat, tile.reward, said_once(N_("Emperor tile {id} reward"), id=tile.id), out, front=False)
            for trigger in triggers(state, seat, "emperor_reward"):
                state = apply_effects(state, seat, trigger["effects"], N_("staff: Emperor reward"), out, front=False)
        elif back == 0:
            fee = next((t["pay_krones"] for t in triggers(state, seat, "emperor_penalty")), None)
            if fee is not None and state.player(seat).krones >= fee:
                state = pay(state, seat, fee, said(N_("staff: instead of Emperor tile {id} penalty"), id=tile.id), out)
            else:
                out.append({"fact": "emperor_penalty", "seat": seat, "tile": tile.id})
                state = apply_effects(state, seat, tile.penalty, said_once(N_("Emperor tile {id} penalty"), id=tile.id), out,
                                      front=False)
    return state


# -- the final scoring: one line after the other, seat by seat -------------------------------
def end_game_staff(state: State, seat: str) -> Iterable[tuple[int, str]]:
    player = state.player(seat)
    opponents = tuple(state.player(s) for s in state.players if s != seat)
    return [(end_staff_vp(state.hotel_of(seat), player, card, opponents), said_once(N_("final scoring: {name}"), name=card.name))
            for card in player.hired if card.end]


def occupied_rooms(state: State, seat: str) -> Iterable[tuple[int, str]]:
    hotel = state.hotel_of(seat)
    rooms = sum(hotel.floor_vp[hotel.floor(r) - 1] for r, s in enumerate(state.player(seat).rooms) if s == OCCUPIED)
    return [(rooms, "final scoring: occupied rooms by floor")]


def krones_left(state: State, seat: str) -> Iterable[tuple[int, str]]:
    return [(state.player(seat).krones, "final scoring: 1 VP per krone")]


def kitchen_items(state: State, seat: str) -> Iterable[tuple[int, str]]:
    counted = state.config.kitchen_vp
    items = state.config.named(state.player(seat).items)
    return [(sum(items[i] for i in counted), "final scoring: 1 VP per item in the kitchen")]


def cafe_guests(state: State, seat: str) -> Iterable[tuple[int, str]]:
    waiting = sum(1 for t in state.player(seat).cafe if t)
    return [(-state.config.cafe_guest_penalty * waiting,
             f"final scoring: {waiting} guest{'' if waiting == 1 else 's'} still in the café")]


FINAL_SCORING = (FinalLine(10, end_game_staff), FinalLine(20, occupied_rooms), FinalLine(30, krones_left),
                 FinalLine(40, kitchen_items), FinalLine(50, cafe_guests))


def final_scoring(state: State, out: Outcome) -> State:
    bots = automata(state)
    for seat in state.players:
        lines = parts(state).automaton_scoring if seat in bots else parts(state).final_scoring
        for line in lines:
            for points, why in line.score(state, seat):
                state = score(state, seat, points, why, out)
    final = {seat: state.player(seat).vp for seat in state.players}
    out.append({"fact": "game_over", "scores": final, "winners": winners(state)})
    return evolve(state, phase=OVER, final=final)


def winners(state: State) -> list[str]:
    own = parts(state).winners
    if own is not None:
        return own(state)
    return best({seat: (p.vp, p.krones + sum(p.items)) for seat, p in state.seats.items()})


MOVES = {"claim_objective": MoveRule(ClaimObjectiveSchema, check_claim_objective, apply_claim_objective,
                                     before_main=True, additional=True)}

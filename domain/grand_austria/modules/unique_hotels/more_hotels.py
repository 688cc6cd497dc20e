"""Module 3's hotels, part two: The Grand Wray Hotel, Corogari Zant-Mainz, The
Kozi Palace and The Ren (with module 1)."""
from __future__ import annotations

from marshmallow import fields

from domain.grand_austria.effects import apply_effects, score, set_player
from domain.grand_austria.modules.ballrooms import dancers_in, of as ballrooms
from domain.grand_austria.refusals import violation
from domain.grand_austria.state import WHITE, State
from domain.immutable import evolve, put
from domain.rules import Move, MoveSchema, Outcome, seat_field
from domain.grand_austria.modules.unique_hotels.entrances import (COROGARI, KOZI, REN, R_ENTRANCE, WRAY, entrance, of,
                                                                  owner, owns, with_)
from domain.words import N_, said
# -- The Grand Wray Hotel: retreat on the Emperor track for a tile's reward -------------------
class GrandWraySchema(MoveSchema):
    """The Grand Wray Hotel (once per turn, additional action): retreat 1, 2
    or 3 Emperor steps for the reward of one of its A, B or C tiles; the tile
    leaves play."""

    seat = seat_field()
    tile = fields.String(required=True, metadata={"description": N_("one of the entrance's Emperor tiles, e.g. B3")})


def check_grand_wray(state: State, move: Move) -> None:
    seat, tile = move["seat"], move["tile"]
    if not owns(state, seat, WRAY):
        raise violation("not_grand_wray", N_("Only the owner of The Grand Wray Hotel retreats for its tiles."),
                        R_ENTRANCE)
    mine = of(state)
    if mine.wray_used == (state.round, state.turn.number):
        raise violation("once_per_turn", N_("The Grand Wray Hotel's effect is used once per turn."), R_ENTRANCE)
    if tile not in mine.wray_tiles:
        raise violation("no_such_tile", N_("{tile} is not among the entrance's tiles left: {value}."), R_ENTRANCE,
                        tile=tile, value=', '.join(mine.wray_tiles) or 'none')
    steps = entrance(WRAY)["retreat"][tile[:1]]
    if state.player(seat).emperor < steps:
        raise violation("emperor_too_low", N_("A {tile} tile costs {steps} Emperor steps back; your marker is on {emperor}."), R_ENTRANCE,
                        tile=tile[:1], steps=steps, emperor=state.player(seat).emperor)


def apply_grand_wray(state: State, move: Move, out: Outcome) -> State:
    seat, tile = move["seat"], move["tile"]
    steps = entrance(WRAY)["retreat"][tile[:1]]
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, emperor=player.emperor - steps))
    out.append({"fact": "emperor", "seat": seat, "steps": -steps, "why": said(N_("The Grand Wray Hotel: tile {tile}"), tile=tile)})
    mine = of(state)
    state = with_(state, wray_tiles=tuple(t for t in mine.wray_tiles if t != tile),
                  wray_used=(state.round, state.turn.number))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    reward = state.config.catalog.emperor_tiles[tile].reward
    return apply_effects(state, seat, reward, said(N_("The Grand Wray Hotel: Emperor tile {tile} reward"), tile=tile), out)


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
                         said(N_("Corogari Zant-Mainz: dice summing to {total}"), total=total), out)


# -- The Kozi Palace: move an adjacent die onto the space used -------------------------------
def kozi_move(state: State, move: Move) -> State:
    source = move.get("move_from")
    if source is None:
        if move.get("move_colour") is not None:
            raise violation("no_move_from", N_("Name the space the die is moved from (move_from)."), R_ENTRANCE)
        return state
    seat, target = move["seat"], move["value"]
    if not owns(state, seat, KOZI):
        raise violation("not_kozi", N_("Only the owner of The Kozi Palace moves a die onto the space they use."),
                        R_ENTRANCE)
    if abs(source - target) != 1:
        raise violation("not_adjacent", N_("Action space {source} is not next to space {target} (the two outer spaces are not adjacent to one another)."), R_ENTRANCE, source=source, target=target)
    colours = state.dice[source - 1]
    if not colours:
        raise violation("no_die_to_move", N_("There is no die on action space {source} to move."), R_ENTRANCE,
                        source=source)
    colour = move.get("move_colour") or (WHITE if WHITE in colours else colours[0])
    if colour not in colours:
        raise violation("no_die_to_move", N_("There is no {colour} die on action space {source} to move."), R_ENTRANCE,
                        colour=colour, source=source)
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
    room = ballrooms(state).rooms[state.config.emperor_rounds.index(state.round)]
    mine = dancers_in(room, seat)
    if mine and all(dancers_in(room, other) < mine for other in state.players if other != seat):
        state = score(state, seat, entrance(REN)["sole_most_dancers_vp"],
                      said(N_("The Ren: the most dancers in {name}"), name=room.name), out)
    return state


def round_over(state: State, out: Outcome) -> State:
    return with_(state, round_dice=()) if of(state).round_dice else state

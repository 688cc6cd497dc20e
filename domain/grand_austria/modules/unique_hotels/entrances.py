"""Module 3's state, its configuration (no dishes or drinks at the start) and
the table laying out one entrance per player."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Mapping

from marshmallow import Schema, ValidationError, fields, validate

from domain.grand_austria.catalog import CatalogError, check_effects, data_file
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.refusals import violation
from domain.grand_austria.state import State, filled_at_once
from domain.immutable import evolve
from domain.rules import Move, MoveSchema, Outcome, whole_number
from domain.words import N_


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
    return entrances_by_id()[entrance_id]


@cache
def entrances_by_id() -> Mapping[str, dict[str, Any]]:
    """The entrances of the data file by id, indexed once (the effects ask on every gain)."""
    return {e["id"]: e for e in data()["entrance"]}


def entrance_ids(config: Config) -> list[str]:
    """The entrances in the game's pool (The Ren only with module 1)."""
    return [e["id"] for e in data()["entrance"] if set(e.get("needs", ())) <= set(config.modules)]


# -- the module's state -----------------------------------------------------------
@dataclass(frozen=True)
class DoveToken:
    top: tuple[dict, ...]         # the bonus for a completed column
    bottom: tuple[dict, ...]      # the bonus for a completed floor


@filled_at_once
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
    return state.modules.get(ID)


def with_(state: State, **changes: Any) -> State:
    return evolve(state, modules={**state.modules, ID: evolve(of(state), **changes)})


def owns(state: State, seat: str, entrance_id: str) -> bool:
    """Only the owner of a hotel entrance may use its effect [LW §Module 3 Course of Play]."""
    hotels = state.modules.get(ID)
    return hotels is not None and hotels.owners.get(seat) == entrance_id


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
                            required=True, metadata={"description": N_("one entrance per player, by its id (the_ren only "
                                                          "with module 1)")})
    dove_tokens = fields.List(fields.Nested(Schema.from_dict({"top": Effects(required=True),
                                                                  "bottom": Effects(required=True)}, name="DoveToken")),
                              metadata={"description": N_("with dove: its 5 bonus tokens, each {top: [effects], "
                                                       "bottom: [effects]} as printed")})
    ninas_objectives = fields.List(whole_number(), metadata={"description": N_("with ninas_melange: objective "
                                                                            "card numbers of groups A, B, C")})
    grand_wray_tiles = fields.List(fields.String(), metadata={"description": N_("with grand_wray: 6 Emperor tiles, "
                                                                            "two each of A, B, C, e.g. A2")})


def check_lay_out(state: State, move: Move) -> None:
    laid = move["entrances"]
    if len(laid) != len(state.players) or len(set(laid)) != len(laid):
        raise violation("entrance_count", N_("Lay out {players} different hotel entrances, one per player."), R_SETUP_M3, players=len(state.players))
    check_laid_out(state, move)


def check_laid_out(state: State, move: Move) -> None:
    """The entrances are the game's, each with what comes with it."""
    laid = move["entrances"]
    pool = entrance_ids(state.config)
    if set(laid) - set(pool):
        raise violation("the_ren_needs_module_1", N_("The Ren is only used when modules 1 and 3 are both in play."),
                        R_SETUP_M3)
    extras = {DOVE: "dove_tokens", NINAS: "ninas_objectives", WRAY: "grand_wray_tiles"}
    for entrance_id, name in extras.items():
        if (entrance_id in laid) != (move.get(name) is not None):
            raise violation("entrance_extras", N_("{name} are laid out with {name2}, and only with it."), R_SETUP_M3,
                            name=name.replace('_', ' ').capitalize(), name2=entrance(entrance_id)['name'])
    if DOVE in laid and len(move["dove_tokens"]) != 5:
        raise violation("dove_tokens", N_("Dove comes with its 5 bonus tokens."), R_SETUP_M3)
    cat = state.config.catalog
    if NINAS in laid:
        chosen = move["ninas_objectives"]
        groups = [cat.objectives[n].group if n in cat.objectives else None for n in chosen]
        if groups != ["A", "B", "C"] or set(chosen) & set(state.objectives):
            raise violation("ninas_objectives", N_("Ninas Melange comes with one objective card each of A, B and "
                            "C, in that order, from those not on the game board."), R_SETUP_M3)
    if WRAY in laid:
        tiles = move["grand_wray_tiles"]
        if sorted(t[:1] for t in tiles) != ["A", "A", "B", "B", "C", "C"] or len(set(tiles)) != 6 \
                or any(t not in cat.emperor_tiles or t in state.emperor_tiles for t in tiles):
            raise violation("grand_wray_tiles", N_("The Grand Wray Hotel comes with 6 Emperor tiles, two each of A, "
                            "B and C, from those not below the round track."), R_SETUP_M3)


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

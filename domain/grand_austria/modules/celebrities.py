"""Let's Waltz! Module 2 "Celebrities": three coloured dice (red, blue, yellow)
replace three white ones; taking one costs 1 krone per other die on its space
and brings the celebrity on the lounge space of its colour (1, 2 or 4 VP at
once, then its effect on its holder's turns for the rest of the round); at
the round end, before the Emperor scoring, the celebrities taken are
discarded, those left in the lounge age (chit 2, then 4, then gone) and the
table refills the lounge left to right. Rulebook: "Module 2" and "Appendix:
Celebrities"; data: ``data/celebrities.toml`` (what the rulebook does not
print is marked ``reconstructed``; a table enters its own tiles by printed
content)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Mapping

from marshmallow import ValidationError, fields, validate

from domain.grand_austria.cafe import check_placement, place
from domain.grand_austria.catalog import CatalogError, data_file
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.effects import NO_TRIGGERS, by_kind, gain_items, lose, on_own_turn, said_once, score
from domain.grand_austria.memo import by_identity
from domain.grand_austria.moves import item_counts, placement
from domain.grand_austria.parts import (DieRule, Module, MoveRule, PendingKind, RoundEndStep, SetupPhase, automata)
from domain.grand_austria.refusals import counted_down, violation
from domain.grand_austria.rounds import last_round
from domain.grand_austria.state import INITIAL_GUESTS, WHITE, Pending, State, filled_at_once
from domain.immutable import evolve, put
from domain.rules import TABLE, Expected, Move, MoveSchema, Outcome, RuleViolation, seat_field
from domain.words import N_, said

__all__ = ["CELEBRITIES", "ID", "Celebrity", "Lounge", "die_taken", "held", "of", "with_"]
"""The module's seam: the registry and the solo variant use these, and nothing else of it."""

ID = "celebrities"
BALLROOMS = "ballrooms"             # module 1: its tiles join, and champagne exists
LOUNGE = "lounge"                   # setup phase: the table lays out the lounge
R_SETUP_M2 = "Module 2 Setup"
R_TAKE = "Module 2: Using an Action Space (coloured dice)"
R_END = "Module 2: End of Round"
R_EXCHANGE = "Appendix: Celebrities (Exchange)"


def data() -> dict[str, Any]:
    return data_file("celebrities")


EFFECTS = tuple(data()["effect"])
"""The eight effects the appendix prints, by id."""


@dataclass(frozen=True)
class Celebrity:
    """A celebrity tile: its name and its effect (one of :data:`EFFECTS`);
    ``module_1``: used only when modules 1 and 2 are combined."""

    name: str
    effect: str
    module_1: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "effect": self.effect, "module_1": self.module_1,
                "text": data()["effect"][self.effect]["text"]}


@filled_at_once
@dataclass(frozen=True)
class Space:
    """A lounge space: the die colour it belongs to, its celebrity, its chit (0: none, 2, 4)."""

    colour: str
    celebrity: Celebrity | None = None
    chit: int = 0

    @property
    def vp(self) -> int:
        return self.chit or data()["rules"]["printed_vp"]


@dataclass(frozen=True)
class Lounge:
    """The module's state: the game's tiles, the lounge left to right, the
    celebrities each seat took this round, the discard pile (the stack is
    every tile in none of these) and the exchanges made this round."""

    tiles: tuple[Celebrity, ...]
    spaces: tuple[Space, ...] = ()
    held: Mapping[str, tuple[Celebrity, ...]] = field(default_factory=dict)
    discard: tuple[Celebrity, ...] = ()
    exchanged: frozenset[str] = frozenset()     # the Exchange celebrities used this round

    @property
    def stack(self) -> tuple[Celebrity, ...]:
        out = self._out_of_stack()
        return tuple(c for c in self.tiles if c not in out)

    @property
    def stack_empty(self) -> bool:
        out = self._out_of_stack()
        return out.issuperset(self.tiles)

    def _out_of_stack(self) -> set[Celebrity]:
        return set(self.discard) | {s.celebrity for s in self.spaces} | {c for cs in self.held.values() for c in cs}

    def space_of(self, colour: str) -> int | None:
        return next((i for i, s in enumerate(self.spaces) if s.colour == colour), None)


def of(state: State) -> Lounge:
    return state.modules.get(ID)


def with_(state: State, **changes: Any) -> State:
    return evolve(state, modules={**state.modules, ID: evolve(of(state), **changes)})


def held(state: State, seat: str) -> tuple[Celebrity, ...]:
    return of(state).held.get(seat, ())


# -- tiles by name or printed content ---------------------------------------------------
def celebrity_from(card: Any, with_module_1: bool) -> Celebrity:
    """A tile by its printed content {"name", "effect", "module_1"}."""
    if not isinstance(card, Mapping) or not isinstance(card.get("name"), str) or not card["name"].strip() \
            or set(card) - {"name", "effect", "module_1", "source"}:
        raise ValueError("a celebrity is its name or its printed content {name, effect, module_1}")
    if card.get("effect") not in EFFECTS:
        raise ValueError(f"a celebrity's effect is one of {', '.join(EFFECTS)}")
    module_1 = bool(card.get("module_1", data()["effect"][card["effect"]].get("module_1", False)))
    if module_1 and not with_module_1:
        raise ValueError(f"{card['name']} is used only when modules 1 and 2 are combined")
    return Celebrity(card["name"], card["effect"], module_1)


def house_tiles(tiles: Any) -> list[Celebrity]:
    """A house catalog's ``celebrity`` section: the table's tiles by printed content."""
    if not isinstance(tiles, list):
        raise CatalogError("celebrity: a list of tiles {name, effect, module_1}")
    try:
        read = [celebrity_from(c, True) for c in tiles]
    except (ValueError, TypeError) as error:
        raise CatalogError(str(error)) from None
    if len({c.name for c in read}) != len(read):
        raise CatalogError("each celebrity name once")
    return read


def check_house_tiles(tiles: Any) -> None:
    house_tiles(tiles)


def tiles_for(options: Mapping[str, Any]) -> tuple[Celebrity, ...]:
    """The tiles shuffled into the stack: the house catalog's (option
    ``house_catalog``, key ``celebrity``) or the shipped ones; the module-1
    tiles only with module 1."""
    own = (options.get("house_catalog") or {}).get("celebrity")
    tiles = house_tiles(own) if own is not None else shipped_tiles()
    return tuple(c for c in tiles if BALLROOMS in (options.get("modules") or ()) or not c.module_1)


@cache
def shipped_tiles() -> tuple[Celebrity, ...]:
    """The shipped tiles, read once (every game's setup asks twice)."""
    return tuple(house_tiles(data()["celebrity"]))


def game_tiles(config: Config) -> tuple[Celebrity, ...]:
    try:
        return tiles_for({**config.options, "modules": config.modules})
    except CatalogError as error:
        raise RuleViolation("house_catalog", N_("House catalog: {error}."), R_SETUP_M2, error=error) from None


def components(options: Mapping[str, Any]) -> dict[str, Any]:
    """The catalog's module-2 components: the tiles in the stack (by the
    options: module 1's only with it, a house catalog's instead of the
    shipped) with their effect's words and source, and the lounge's colours."""
    own = (options.get("house_catalog") or {}).get("celebrity") is not None
    sources = {c["name"]: c.get("source", "") for c in data()["celebrity"]}
    return {"celebrities": [{**c.to_json(), "source": "house catalog" if own else sources[c.name]}
                            for c in tiles_for(options)],
            "lounge_colours": {"colours": data()["lounge"]["colours"], "source": data()["lounge"]["source"]}}


def tile_named(state: State, card: Any) -> Celebrity:
    """A tile named in a move: one of the game's by name, or by printed
    content (a tile of the game's name must show the same effect; another
    joins the game's tiles, the table's copy has it)."""
    tiles = of(state).tiles
    name = card if isinstance(card, str) else card.get("name") if isinstance(card, Mapping) else None
    known = next((c for c in tiles if c.name == name), None)
    if isinstance(card, str):
        if known is None:
            raise violation("unknown_celebrity", N_("No celebrity of this game is called {card!r}: name one of {tiles}, or give its printed content "
                                                    "{{name, effect}}."), R_SETUP_M2, card=card, tiles=', '.join((c.name for c in tiles)))
        return known
    try:
        printed = celebrity_from(card, BALLROOMS in state.config.modules)
    except ValueError as error:
        raise violation("unknown_celebrity", N_("This celebrity cannot be drawn: {error}."), R_SETUP_M2,
                        error=error) from None
    if known is not None and known != printed:
        raise violation("unknown_celebrity", N_("This game's {name} has the effect {effect}; a table whose tiles differ enters them in the house catalog."), R_SETUP_M2,
                        name=known.name, effect=known.effect)
    return printed


class CelebrityField(fields.Field):
    """A celebrity tile: its name, or its printed content {name, effect, module_1}."""

    def _deserialize(self, value, attr, data_, **kwargs):
        if isinstance(value, str) and value.strip():
            return value
        try:
            celebrity_from(value, True)
        except (ValueError, TypeError) as error:
            raise ValidationError(str(error)) from None
        return dict(value)


# -- configuration: three coloured dice replace three white ones ----------------------------
def configure(config: Config) -> Config:
    game_tiles(config)      # the house catalog's tiles are refused at the start, not later
    colours = tuple(data()["rules"]["coloured_dice"])
    whites = len(config.dice) - len(colours)
    return adjusted(config, dice=(WHITE,) * whites + colours)


# -- the lounge laid out (a setup phase after the table's setup) ---------------------------------
class LayOutLoungeSchema(MoveSchema):
    """Module 2: the table draws three celebrities from the shuffled stack
    onto the lounge, left to right; ``colours`` names the die colour of each
    space left to right when the table's lounge differs from the shipped order."""

    celebrities = fields.List(CelebrityField(), required=True, validate=validate.Length(equal=3),
                              metadata={"description": N_("left to right: a celebrity's name or its printed "
                                                       "content {name, effect, module_1}")})
    colours = fields.List(fields.String(validate=validate.OneOf(data()["rules"]["coloured_dice"])),
                          validate=validate.Length(equal=3),
                          metadata={"description": N_("the lounge spaces' die colours, left to right, when they "
                                                      "differ from the shipped order (reconstructed)")})


def check_lay_out_lounge(state: State, move: Move) -> None:
    colours = move.get("colours") or data()["lounge"]["colours"]
    if len(set(colours)) != len(colours):
        raise violation("lounge_colours", N_("Each lounge space belongs to a different die colour: red, blue and "
                        "yellow in some order."), R_SETUP_M2)
    names = [tile_named(state, c).name for c in move["celebrities"]]
    if len(set(names)) != len(names):
        raise violation("same_celebrity", N_("Three different celebrities are drawn onto the lounge."), R_SETUP_M2)


def apply_lay_out_lounge(state: State, move: Move, out: Outcome) -> State:
    colours = move.get("colours") or data()["lounge"]["colours"]
    drawn = [tile_named(state, c) for c in move["celebrities"]]
    tiles = of(state).tiles + tuple(c for c in drawn if c not in of(state).tiles)
    spaces = tuple(Space(colour, c) for colour, c in zip(colours, drawn))
    out.append({"fact": "lounge_laid_out", "lounge": [{"colour": s.colour, **s.celebrity.to_json()}
                                                      for s in spaces]})
    return with_(state, tiles=tiles, spaces=spaces)


def lay_out_chance(state: State, rng: random.Random) -> Move:
    return {"type": "lay_out_lounge", "celebrities": [c.name for c in rng.sample(of(state).tiles, 3)]}


# -- taking a coloured die ---------------------------------------------------------------
def die_price(state: State, seat: str, value: int, colour: str) -> tuple[int, str] | None:
    """Step 1: 1 krone for each other die on the action space, whatever its colour."""
    if colour == WHITE or of(state).space_of(colour) is None:
        return None
    return state.dice_on(value) - 1, said_once(N_("the {colour} die: 1 krone per other die on action space {value}"), colour=colour, value=value)


def die_taken(state: State, seat: str, value: int, colour: str, out: Outcome) -> State:
    """Steps 2-3 (the price is paid): take the celebrity of the die's colour,
    score its VP (the chit's, else the printed 1); the main action follows."""
    if colour == WHITE:
        return state
    lounge = of(state)
    index = lounge.space_of(colour)
    if index is None or lounge.spaces[index].celebrity is None:
        return state
    space = lounge.spaces[index]
    out.append({"fact": "celebrity_taken", "seat": seat, "colour": colour, "celebrity": space.celebrity.name,
                "effect": space.celebrity.effect, "vp": space.vp})
    state = with_(state, spaces=put(lounge.spaces, index, Space(colour)),
                  held={**lounge.held, seat: held(state, seat) + (space.celebrity,)})
    return score(state, seat, space.vp, said_once(N_("celebrity {name}"), name=space.celebrity.name), out)


# -- the celebrities as a trigger source (their holder's own turns, this round) --------------
def celebrity_triggers(state: State, seat: str) -> Mapping[str, tuple[dict, ...]]:
    celebrities = state.modules[ID].held.get(seat)
    if not celebrities or not on_own_turn(state, seat) or seat in automata(state):
        return NO_TRIGGERS       # (the solo opponent "ignores the effect on the celebrity tile")
    return _triggers_of(celebrities)


@by_identity
def _triggers_of(celebrities: tuple[Celebrity, ...]) -> Mapping[str, tuple[dict, ...]]:
    """The triggers of the celebrities a seat holds (the same tuple until it takes another)."""
    return by_kind({**trigger, "source": c.name} for c in celebrities
                   if (trigger := data()["effect"][c.effect].get("trigger")))


# -- the Exchange ------------------------------------------------------------------------------
class ExchangeSchema(MoveSchema):
    """Module 2, the Exchange celebrity (once this round, on your turn):
    give up to four dishes and/or drinks from your kitchen for as many
    other dishes and/or drinks from the supply, none of a kind you give;
    ``place`` puts some of them onto your café guests (rules version 3)."""

    seat = seat_field()
    give = item_counts(required=True)
    take = item_counts(required=True)
    place = placement()


def exchangers(state: State, seat: str) -> list[Celebrity]:
    return [c for c in held(state, seat) if c.effect == "exchange" and c.name not in of(state).exchanged]


def check_exchange(state: State, move: Move) -> None:
    seat = move["seat"]
    if not on_own_turn(state, seat):
        raise violation("not_your_turn", N_("A celebrity's effect is used on your own turn."), R_EXCHANGE)
    if not exchangers(state, seat):
        raise violation("no_exchange", N_("You hold no Exchange celebrity not yet used this round."), R_EXCHANGE)
    give = {k: n for k, n in move["give"].items() if n}
    take = {k: n for k, n in move["take"].items() if n}
    allowed = state.config.dish_or_drink
    if set(give) - set(allowed) or set(take) - set(allowed):
        raise violation("wrong_items", N_("Only dishes and drinks are exchanged ({allowed}): no champagne, no money."), R_EXCHANGE, allowed=', '.join(allowed))
    most = data()["rules"]["exchange_most"]
    if not 0 < sum(give.values()) <= most or sum(take.values()) != sum(give.values()):
        raise violation("exchange_count", N_("Exchange 1 to {most} items for as many others."), R_EXCHANGE, most=most)
    if set(give) & set(take):
        raise violation("same_items", N_("The items from the supply must differ from those you spend."), R_EXCHANGE)
    kitchen = state.config.named(state.player(seat).items)
    item = next((k for k, n in give.items() if kitchen.get(k, 0) < n), None)
    if item is not None:
        have = kitchen.get(item, 0)
        raise violation("not_in_kitchen", N_("Your kitchen has only {have} {item}."), R_EXCHANGE,
                        have=have, item=item)
    if move.get("place"):
        check_placement(state, seat, move["place"], state.config.vector(take), R_EXCHANGE)


def apply_exchange(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    celebrity = exchangers(state, seat)[0]
    state = with_(state, exchanged=of(state).exchanged | {celebrity.name})
    state = evolve(state, turn=evolve(state.turn, acted=True))
    why = said(N_("celebrity {name}: exchange"), name=celebrity.name)
    state = lose(state, seat, state.config.vector(move["give"]), why, out)
    state = gain_items(state, seat, state.config.vector(move["take"]), why, out)
    return place(state, seat, move.get("place") or {}, out)


def exchange_moves(state: State, seat: str) -> list[Move]:
    """One dish or drink for another (any other exchange is legal too)."""
    if not exchangers(state, seat):
        return []
    kitchen = state.config.named(state.player(seat).items)
    items = state.config.dish_or_drink
    return [{"type": "exchange", "seat": seat, "give": {a: 1}, "take": {b: 1}}
            for a in items if kitchen.get(a) for b in items if b != a]


# -- the round end, before the Emperor scoring -------------------------------------------------
def round_end(state: State, out: Outcome) -> State:
    """Discard the celebrities taken; age those left (chit 2, then 4, then
    the discard pile); the table refills the empty spaces left to right
    (not after the last round: no round follows)."""
    lounge = of(state)
    taken = tuple(c for seat in state.players for c in lounge.held.get(seat, ()))
    if taken:
        out.append({"fact": "celebrities_discarded", "celebrities": [c.name for c in taken]})
    chits = data()["rules"]["chits"]
    spaces, gone = [], []
    for space in lounge.spaces:
        if space.celebrity is None:
            spaces.append(space)
        elif space.chit == chits[-1]:
            gone.append(space.celebrity)
            spaces.append(Space(space.colour))
            out.append({"fact": "celebrity_left", "colour": space.colour, "celebrity": space.celebrity.name})
        else:
            chit = chits[chits.index(space.chit) + 1] if space.chit else chits[0]
            spaces.append(evolve(space, chit=chit))
            out.append({"fact": "celebrity_aged", "colour": space.colour, "celebrity": space.celebrity.name,
                        "vp": chit})
    state = with_(state, spaces=tuple(spaces), held={}, discard=lounge.discard + taken + tuple(gone),
                  exchanged=frozenset())
    empty = sum(1 for s in spaces if s.celebrity is None)
    if not empty or last_round(state):
        return state
    return evolve(state, pending=(Pending(TABLE, "celebrity", n=empty, why=N_("the lounge is refilled")),)
                  + state.pending)


class RevealCelebritySchema(MoveSchema):
    """Module 2, at the round end: the table draws a celebrity from the stack
    onto the leftmost empty lounge space (when the stack is empty, the
    discard pile is shuffled into a new stack first)."""

    card = CelebrityField(required=True, metadata={"description": N_("the celebrity drawn: its name or printed "
                                                                   "content {name, effect, module_1}")})


def drawable(lounge: Lounge) -> tuple[Celebrity, ...]:
    """The tiles a draw may show: the stack's, or once it is empty the discard pile's."""
    return lounge.stack or lounge.discard


def check_reveal_celebrity(state: State, move: Move) -> None:
    celebrity = tile_named(state, move["card"])
    lounge = of(state)
    if celebrity in lounge.tiles and celebrity not in drawable(lounge):
        raise violation("not_in_stack", N_("{name} is not in the stack: the lounge is refilled from the "
                        "stack, and from the shuffled discard pile once the stack is empty.") if lounge.stack else
                        N_("{name} is not in the discard pile: the stack is empty, so the discard pile is "
                        "shuffled into a new stack."), R_END, name=celebrity.name)


def apply_reveal_celebrity(state: State, move: Move, out: Outcome) -> State:
    celebrity = tile_named(state, move["card"])
    lounge = of(state)
    if lounge.stack_empty:
        out.append({"fact": "celebrities_reshuffled", "celebrities": len(lounge.discard)})
        lounge = evolve(lounge, discard=())
    index = next(i for i, s in enumerate(lounge.spaces) if s.celebrity is None)
    tiles = lounge.tiles + (() if celebrity in lounge.tiles else (celebrity,))
    out.append({"fact": "celebrity_revealed", "colour": lounge.spaces[index].colour, **celebrity.to_json()})
    lounge = evolve(lounge, tiles=tiles, spaces=put(lounge.spaces, index, Space(lounge.spaces[index].colour,
                                                                                 celebrity)),
                    discard=tuple([c for c in lounge.discard if c != celebrity]))
    return counted_down(evolve(state, modules={**state.modules, ID: lounge}))


def reveal_chance(state: State, rng: random.Random) -> Move:
    return {"type": "reveal_celebrity", "card": rng.choice(drawable(of(state))).name}


def _table_draw(state: State, p: Pending) -> list[Move]:
    return []


def lounge_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    lounge = of(state)
    return {"lounge": [{"colour": s.colour, "celebrity": s.celebrity.to_json() if s.celebrity else None,
                        "chit": s.chit, "vp": s.vp} for s in lounge.spaces],
            "celebrities": {s: [c.to_json() for c in cs] for s, cs in lounge.held.items()},
            "celebrity_stack": len(lounge.stack),
            # what the stack holds (its order is hidden, not its tiles); once empty, the discard pile's
            "celebrity_drawable": sorted(c.name for c in drawable(lounge)),
            "celebrity_discard": [c.name for c in lounge.discard],
            "exchange_used": sorted(lounge.exchanged)}


PHASES = ((SetupPhase(LOUNGE, lambda state: bool(of(state).spaces),
                      lambda state: Expected((TABLE,), ("lay_out_lounge",)), lambda state, e: []), INITIAL_GUESTS),)

CELEBRITIES = Module(
    id=ID, title="Module 2: Celebrities",
    moves={"lay_out_lounge": MoveRule(LayOutLoungeSchema, check_lay_out_lounge, apply_lay_out_lounge),
           "reveal_celebrity": MoveRule(RevealCelebritySchema, check_reveal_celebrity, apply_reveal_celebrity),
           "exchange": MoveRule(ExchangeSchema, check_exchange, apply_exchange, before_main=True, additional=True,
                                candidates=exchange_moves)},
    pending={"celebrity": PendingKind("reveal_celebrity", _table_draw, by_table=True)},
    triggers=(celebrity_triggers,),
    answers=frozenset(effect["trigger"]["on"] for effect in data()["effect"].values() if "trigger" in effect),
    setup_phases=PHASES,
    round_end=(RoundEndStep("celebrities", 10, round_end),),
    die_rules=(DieRule(die_price, die_taken),),
    configure=configure,
    start=lambda config: Lounge(game_tiles(config)),
    components=components,
    house={"celebrity": check_house_tiles},
    view=lounge_view,
    chance={"lay_out_lounge": lay_out_chance, "reveal_celebrity": reveal_chance},
    notation={"lay_out_lounge": "Lounge {celebrities:list}",
              "reveal_celebrity": "Celebrity {card:seat}",
              "exchange": "{seat:seat} exchanges {give:amounts} for {take:amounts}{place:placing}"},
)

"""Module 1's state, its boards by printed content (a table lays out its own),
laying them out and choosing a rehearsal board."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from marshmallow import ValidationError, fields, validate

from domain.chance import shuffled
from domain.grand_austria.catalog import ALL_ITEMS, ITEMS, CatalogError, Guest, check_effects, data_file
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.parts import automata
from domain.grand_austria.refusals import violation
from domain.grand_austria.state import State, filled_at_once
from domain.immutable import evolve
from domain.names import canonical
from domain.rules import Move, MoveSchema, Outcome, RuleViolation, seat_field
from domain.words import N_


ID = "ballrooms"
CHAMPAGNE = "champagne"
ROWS = ("top", "middle", "bottom")
REWARDS = ("row", "section", "guest")
R_SEND = "Module 1: Sending a Guest to a Ballroom"
R_SETUP_M1 = "Module 1 Setup"
R_BALLROOM_SCORING = "Module 1 Ballroom Scoring"
R_ICONS = "Module 1: New Icons"
LAY_OUT = "ballrooms"               # phase: the table lays out the ballrooms and rehearsal boards
REHEARSAL = "rehearsal_rooms"       # phase: each player chooses a rehearsal board


def data() -> dict[str, Any]:
    return data_file("ballrooms")


def house(config: Config | Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The game's house catalog (option ``house_catalog``), if any, from its
    configuration or its options."""
    options = config.options if isinstance(config, Config) else config or {}
    return options.get("house_catalog") or {}


def shipped(name: str, config: Config | Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """A ballroom's data: its printed bonuses and scoring, and its sides as
    shipped or as the house catalog gives them."""
    board = next((b for b in data()["ballroom"] if b["name"] == name), None)
    own = next((b for b in house(config).get("ballroom", []) if isinstance(b, Mapping) and b.get("name") == name),
               None)
    return {**board, "sides": {**board["sides"], **own.get("sides", {})}} if board and own else board


def rehearsal_data(config: Config | Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The rehearsal boards by id: the house catalog's before the shipped ones."""
    return list(house(config).get("rehearsal_board", [])) + data()["rehearsal_board"]


# -- the module's state ----------------------------------------------------------
@filled_at_once
@dataclass(frozen=True)
class Row:
    name: str                                 # top, middle, bottom
    cost: int                                 # champagne
    spaces: tuple[str | None, ...]            # the seat dancing on each usable space, left to right
    bonus: tuple[dict, ...] = ()              # the row bonus (none for the bottom row)


@filled_at_once
@dataclass(frozen=True)
class Ballroom:
    name: str
    scoring: str
    rows: tuple[Row, ...]                     # top first
    round: int                                # scored after this round's Emperor scoring
    balcony: tuple[str, ...] | None = None    # the rightmost ballroom's balcony (its top row, unlimited)
    scored: bool = False

    def row(self, name: str) -> Row | None:
        return next((r for r in self.rows if r.name == name), None)

    def dancers(self, seat: str) -> dict[str, int]:
        """The seat's dancers by row (the balcony counts as the top row)."""
        counts = {r.name: r.spaces.count(seat) for r in self.rows}
        if self.balcony:
            counts["top"] = counts.get("top", 0) + self.balcony.count(seat)
        return counts


@dataclass(frozen=True)
class Rehearsal:
    id: str
    bonuses: tuple[tuple[dict, ...], ...]     # the room bonus of the sections of 1, 2, 3, 4 dancers


@dataclass(frozen=True)
class Ballrooms:
    rooms: tuple[Ballroom, ...] = ()
    offer: tuple[Rehearsal, ...] = ()          # rehearsal boards laid out, not yet chosen
    boards: Mapping[str, Rehearsal] = field(default_factory=dict)
    dancers: Mapping[str, tuple[int, ...]] = field(default_factory=dict)   # left per section
    danced: Mapping[str, tuple[Guest, ...]] = field(default_factory=dict)  # guests sent to a ballroom


def of(state: State) -> Ballrooms:
    return state.modules.get(ID)


def with_(state: State, **changes: Any) -> State:
    return evolve(state, modules={**state.modules, ID: evolve(of(state), **changes)})


def champagne(state: State, seat: str) -> int:
    return state.config.named(state.player(seat).items)[CHAMPAGNE]


def dancers_in(room: Ballroom, seat: str) -> int:
    return sum(room.dancers(seat).values())


# -- configuration: champagne, the action chains, the start item --------------------
def check_house_ballrooms(boards: Any) -> None:
    """A house catalog's ``ballroom`` section: [{name, sides: {"2"|"34": rows}}]."""
    if not isinstance(boards, list):
        raise CatalogError("ballroom: a list of boards")
    for board in boards:
        if not isinstance(board, Mapping) or not isinstance(board.get("sides"), Mapping) \
                or set(board["sides"]) - {"2", "34"} or set(board) - {"name", "sides", "source"}:
            raise CatalogError("a house ballroom is {name, sides: {\"2\"|\"34\": rows}}")
        for side, rows in board["sides"].items():
            ballroom_from({"name": board.get("name"), "rows": rows}, 2 if side == "2" else 4)


def check_house_rehearsal(boards: Any) -> None:
    """A house catalog's ``rehearsal_board`` section: [{id, sections: [bonus x 4]}]."""
    if not isinstance(boards, list):
        raise CatalogError("rehearsal_board: a list of boards")
    for board in boards:
        if not isinstance(board, Mapping) or isinstance(board, str):
            raise CatalogError("a house rehearsal board is {id, sections}")
        rehearsal_from(board)


HOUSE_SECTIONS = {"ballroom": check_house_ballrooms, "rehearsal_board": check_house_rehearsal}


def check_house(config: Config) -> None:
    """The house catalog's module-1 sections have the shape of the shipped data."""
    try:
        for section, check in HOUSE_SECTIONS.items():
            check(house(config).get(section, []))
    except CatalogError as error:
        raise RuleViolation("house_catalog", N_("House catalog: {error}."), R_SETUP_M1, error=error) from None


def configure(config: Config) -> Config:
    check_house(config)
    rules = data()["rules"]
    start = dict(zip(config.items, config.start_items), **rules["start_items"])
    chains = {int(k): tuple(v) for k, v in data()["action_items"].items() if k != "source"}
    return adjusted(config, items=ALL_ITEMS, dish_or_drink=ITEMS, any_item=ALL_ITEMS, action_items=chains,
                    start_items=tuple(start.get(i, 0) for i in ALL_ITEMS))


# -- boards by printed content ------------------------------------------------------
def ballroom_from(board: Any, players: int, config: Config | None = None) -> dict[str, Any]:
    """A ballroom board as laid out: its name (the shipped side for the player
    count) or its printed content {"name", "rows": {row: {"spaces", "cost",
    "four_player_only"} | null}}; the name gives its bonuses and scoring."""
    if isinstance(board, str):
        board = {"name": board}
    if not isinstance(board, Mapping) or not isinstance(board.get("name"), str):
        raise CatalogError("a ballroom board is a name or {name, rows}")
    known = shipped(board["name"], config)
    if known is None:
        names = ", ".join(b["name"] for b in data()["ballroom"])
        raise CatalogError(f"no ballroom is called {board['name']!r}; the five are {names}")
    rows = board.get("rows") or known["sides"].get("2" if players == 2 else "34")
    if not isinstance(rows, Mapping) or set(rows) - set(ROWS) or "top" not in rows or "bottom" not in rows:
        raise CatalogError("a ballroom's rows are top, middle (or none), bottom")
    laid = {}
    for name in ROWS:
        spec = rows.get(name)
        if spec is None:
            continue
        if not isinstance(spec, Mapping) or set(spec) - {"spaces", "cost", "four_player_only"}:
            raise CatalogError(f"row {name}: spaces, cost, four_player_only")
        values = [spec.get("spaces"), spec.get("cost"), spec.get("four_player_only", 0)]
        if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values) or values[0] < 1 \
                or values[2] > values[0]:
            raise CatalogError(f"row {name}: spaces (at least 1), cost and four_player_only are whole numbers")
        laid[name] = {"spaces": values[0], "cost": values[1], "four_player_only": values[2]}
    return {"name": board["name"], "rows": laid}


def rehearsal_from(board: Any, config: Config | None = None) -> dict[str, Any]:
    """A rehearsal room board: its id (shipped or the house catalog's) or {"id", "sections": [bonus x 4]}."""
    if isinstance(board, str):
        boards = rehearsal_data(config)
        known = next((b for b in boards if isinstance(b, Mapping) and b.get("id") == board), None)
        if known is None:
            ids = ", ".join(dict.fromkeys(str(b.get("id")) for b in boards if isinstance(b, Mapping)))
            raise CatalogError(f"no rehearsal board {board!r}; shipped are {ids}, or give its printed sections")
        board = known
    if not isinstance(board, Mapping) or not isinstance(board.get("id"), str):
        raise CatalogError("a rehearsal board is an id or {id, sections}")
    sections = board.get("sections")
    if not isinstance(sections, list) or len(sections) != len(data()["rules"]["dancers"]):
        raise CatalogError("a rehearsal board has four sections (1, 2, 3, 4 dancers), each a room bonus")
    return {"id": board["id"], "sections": [list(check_effects(s, "rehearsal section")) for s in sections]}


class Laid(fields.Field):
    """A board as laid out (name/id or printed content), checked for its form.
    A name or id is matched forgivingly among ``printed()`` ("zum sperl" is
    Zum Sperl) and recorded as printed."""

    def __init__(self, read, printed=lambda: (), **kwargs):
        self.read = read
        self.printed = printed
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            value = canonical(value, self.printed())
        try:
            self.read(value)
        except (CatalogError, TypeError, ValueError) as error:
            raise ValidationError(str(error)) from None
        return value


def ballrooms_field(**kw: Any) -> fields.List:
    return fields.List(Laid(lambda b: ballroom_from(b, 4), lambda: [b["name"] for b in data()["ballroom"]]),
                       validate=validate.Length(equal=3),
                       metadata={"description": N_("module 1, the three ballroom boards left to right: a name "
                                                "(Apollosaal, Goldener Strauss, Odeonsaal, Zum Sperl, Zur "
                                                "Kettenbrücke) or {name, rows: {top|middle|bottom: {spaces, "
                                                "cost, four_player_only}}}")}, **kw)


def rehearsal_boards_field(**kw: Any) -> fields.List:
    return fields.List(Laid(lambda b: b if isinstance(b, str) else rehearsal_from(b),
                            lambda: [b["id"] for b in data()["rehearsal_board"]]),
                       metadata={"description": N_("module 1, one rehearsal room board per player: an id (R1-R4) "
                                                "or {id, sections: [[effects] x 4]} (sections of 1, 2, 3, 4 "
                                                "dancers)")}, **kw)


class LayOutSchema(MoveSchema):
    """Module 1: the table lays out three ballroom boards left to right (the
    "3", "5" and "7" ballrooms; the balcony right of the last) and one
    rehearsal room board per player, when the setup move did not carry
    them. A board is named (the shipped side for the player count) or given
    by its printed content."""

    ballrooms = ballrooms_field(required=True)
    rehearsal_boards = rehearsal_boards_field(required=True)


def check_lay_out(state: State, move: Move) -> None:
    if "ballrooms" not in move or "rehearsal_boards" not in move:
        raise violation("lay_out_both", N_("Lay out the three ballrooms and the rehearsal boards together."),
                        R_SETUP_M1)
    try:
        names = [ballroom_from(b, len(state.players), state.config)["name"] for b in move["ballrooms"]]
        boards = [rehearsal_from(b, state.config)["id"] for b in move["rehearsal_boards"]]
    except CatalogError as error:
        raise violation("unknown_board", N_("{error}."), R_SETUP_M1, error=error) from None
    if len(set(names)) != 3:
        raise violation("same_ballroom", N_("Three different ballroom boards are laid out."), R_SETUP_M1)
    players = dancing_school(state)
    if automata(state) and len(boards) != len(players):
        raise violation("rehearsal_boards", N_("Solo: lay out one random rehearsal room board, yours; the opponent "
                        "has none."), R_SETUP_M1)
    if len(boards) != len(players) or len(set(boards)) != len(boards):
        raise violation("rehearsal_boards", N_("Lay out {players} different rehearsal room boards, one per player."), R_SETUP_M1, players=len(state.players))


def apply_lay_out(state: State, move: Move, out: Outcome) -> State:
    players = len(state.players)
    rounds = state.config.emperor_rounds
    rooms = []
    for i, board in enumerate(move["ballrooms"]):
        laid = ballroom_from(board, players, state.config)
        known = shipped(laid["name"], state.config)
        rows = tuple(Row(name, spec["cost"],
                         (None,) * (spec["spaces"] - (spec["four_player_only"] if players < 4 else 0)),
                         tuple(known["bonus"].get(name, ())))
                     for name, spec in laid["rows"].items())
        rooms.append(Ballroom(laid["name"], known["scoring"], rows, rounds[i],
                              balcony=() if i == len(move["ballrooms"]) - 1 else None))
        out.append({"fact": "ballroom_laid_out", "ballroom": i + 1, "round": rounds[i], **laid})
    boards = [rehearsal_from(b, state.config) for b in move["rehearsal_boards"]]
    offer = tuple(Rehearsal(b["id"], tuple(tuple(s) for s in b["sections"])) for b in boards)
    out.append({"fact": "rehearsal_boards_laid_out", "boards": boards})
    state = with_(state, rooms=tuple(rooms), offer=offer)
    if len(offer) == 1:      # one board for one player (solo: "You do not get to choose one")
        state = take_board(state, chooser(state), offer[0], out)
    return state


def boards_chance(state: State, rng: random.Random) -> dict[str, Any]:
    """Three ballrooms at random, in random order, and a random rehearsal board per player, by printed content."""
    players = len(state.players)
    names = rng.sample([b["name"] for b in data()["ballroom"]], 3)
    ids = list(dict.fromkeys(b["id"] for b in rehearsal_data(state.config)))
    boards = shuffled(rng, ids)[:len(dancing_school(state))]
    return {"ballrooms": [ballroom_from(n, players, state.config) for n in names],
            "rehearsal_boards": [rehearsal_from(b, state.config) for b in boards]}


def lay_out_chance(state: State, rng: random.Random) -> Move:
    return {"type": "lay_out_ballrooms", **boards_chance(state, rng)}


# -- choosing a rehearsal board (counter-clockwise from the start player's right) ------
class ChooseRehearsalSchema(MoveSchema):
    """Module 1: take one of the rehearsal room boards laid out; the last
    player gets the one left."""

    seat = seat_field()
    board = fields.String(required=True, metadata={"description": N_("the board's id, e.g. R2")})


def dancing_school(state: State) -> list[str]:
    """The players who get a rehearsal room board: all but a seat the rules
    play (the solo opponent has her 10 dancers and no board)."""
    return [seat for seat in state.players if seat not in automata(state)]


def chooser(state: State) -> str:
    return next(s for s in state.setup_order if s not in of(state).boards)


def check_choose_rehearsal(state: State, move: Move) -> None:
    if move["board"] not in [b.id for b in of(state).offer]:
        raise violation("no_such_board", N_("Rehearsal board {board} is not among those left: {offer}."), R_SETUP_M1,
                        board=move['board'], offer=', '.join((b.id for b in of(state).offer)))


def take_board(state: State, seat: str, board: Rehearsal, out: Outcome) -> State:
    mine = of(state)
    out.append({"fact": "rehearsal_board", "seat": seat, "board": board.id})
    return with_(state, offer=tuple(b for b in mine.offer if b != board), boards={**mine.boards, seat: board},
                 dancers={**mine.dancers, seat: tuple(data()["rules"]["dancers"])})


def apply_choose_rehearsal(state: State, move: Move, out: Outcome) -> State:
    state = take_board(state, move["seat"], next(b for b in of(state).offer if b.id == move["board"]), out)
    if len(of(state).offer) == 1:
        state = take_board(state, chooser(state), of(state).offer[0], out)
    return state

"""Let's Waltz! Module 1 "Vienna Ballrooms": champagne as a fifth item (neither
dish nor drink), a rehearsal room board of 10 dancers per player, guests sent
to one of three ballrooms instead of a room (paid in champagne, with row,
section and guest rewards), the ballrooms scored after the Emperor scorings of
rounds 3, 5 and 7, and the module's cards. Rulebook: "Module 1" and its
appendix entries; data: ``data/ballrooms.toml`` (the numbers the rulebook does
not print are marked ``reconstructed``; a table lays out its own boards by
printed content)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from marshmallow import ValidationError, fields, validate

from domain.chance import shuffled
from domain.grand_austria.cafe import extra_action_last, table_at
from domain.grand_austria.catalog import ALL_ITEMS, ITEMS, CatalogError, Guest, check_effects, data_file
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.effects import (AT_NO_COST, Carrying, N_, Words, apply_effects, describe_all, lose, score,
                                          set_player)
from domain.grand_austria.parts import (FinalLine, Module, MoveRule, PendingKind, RoundEndStep, SetupPart,
                                        SetupPhase, asked, automata)
from domain.grand_austria.registry import register
from domain.grand_austria.refusals import R_ADDITIONAL, resolved, violation, waiting
from domain.grand_austria.state import INITIAL_GUESTS, Pending, State
from domain.immutable import evolve, put
from domain.ranking import shared_rank_prizes
from domain.rules import TABLE, Expected, Move, MoveSchema, Outcome, RuleViolation, seat_field, whole_number

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
@dataclass(frozen=True)
class Row:
    name: str                                 # top, middle, bottom
    cost: int                                 # champagne
    spaces: tuple[str | None, ...]            # the seat dancing on each usable space, left to right
    bonus: tuple[dict, ...] = ()              # the row bonus (none for the bottom row)


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
    return state.module(ID)


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
        raise RuleViolation("house_catalog", f"House catalog: {error}.", R_SETUP_M1) from None


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
    """A board as laid out (name/id or printed content), checked for its form."""

    def __init__(self, read, **kwargs):
        self.read = read
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            self.read(value)
        except (CatalogError, TypeError, ValueError) as error:
            raise ValidationError(str(error)) from None
        return value


def ballrooms_field(**kw: Any) -> fields.List:
    return fields.List(Laid(lambda b: ballroom_from(b, 4)), validate=validate.Length(equal=3),
                       metadata={"description": "module 1, the three ballroom boards left to right: a name "
                                                "(Apollosaal, Goldener Strauss, Odeonsaal, Zum Sperl, Zur "
                                                "Kettenbrücke) or {name, rows: {top|middle|bottom: {spaces, "
                                                "cost, four_player_only}}}"}, **kw)


def rehearsal_boards_field(**kw: Any) -> fields.List:
    return fields.List(Laid(lambda b: b if isinstance(b, str) else rehearsal_from(b)),
                       metadata={"description": "module 1, one rehearsal room board per player: an id (R1-R4) "
                                                "or {id, sections: [[effects] x 4]} (sections of 1, 2, 3, 4 "
                                                "dancers)"}, **kw)


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
        raise violation("lay_out_both", "Lay out the three ballrooms and the rehearsal boards together.",
                        R_SETUP_M1)
    try:
        names = [ballroom_from(b, len(state.players), state.config)["name"] for b in move["ballrooms"]]
        boards = [rehearsal_from(b, state.config)["id"] for b in move["rehearsal_boards"]]
    except CatalogError as error:
        raise violation("unknown_board", f"{error}.", R_SETUP_M1) from None
    if len(set(names)) != 3:
        raise violation("same_ballroom", "Three different ballroom boards are laid out.", R_SETUP_M1)
    players = dancing_school(state)
    if automata(state) and len(boards) != len(players):
        raise violation("rehearsal_boards", "Solo: lay out one random rehearsal room board, yours; the opponent "
                        "has none.", R_SETUP_M1)
    if len(boards) != len(players) or len(set(boards)) != len(boards):
        raise violation("rehearsal_boards", f"Lay out {len(state.players)} different rehearsal room boards, "
                        "one per player.", R_SETUP_M1)


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
    board = fields.String(required=True, metadata={"description": "the board's id, e.g. R2"})


def dancing_school(state: State) -> list[str]:
    """The players who get a rehearsal room board: all but a seat the rules
    play (the solo opponent has her 10 dancers and no board)."""
    return [seat for seat in state.players if seat not in automata(state)]


def chooser(state: State) -> str:
    return next(s for s in state.setup_order if s not in of(state).boards)


def check_choose_rehearsal(state: State, move: Move) -> None:
    if move["board"] not in [b.id for b in of(state).offer]:
        raise violation("no_such_board", f"Rehearsal board {move['board']} is not among those left: "
                        f"{', '.join(b.id for b in of(state).offer)}.", R_SETUP_M1)


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


# -- sending a dancer ---------------------------------------------------------------
def price(state: State, room_index: int, row: Row, p: Pending | None) -> tuple[int, bool]:
    """The champagne a dancer costs in this row, and whether it goes to the balcony."""
    room = of(state).rooms[room_index]
    balcony = None not in row.spaces and room.balcony is not None and row.name == "top"
    cost = data()["rules"]["balcony_cost"] if balcony else row.cost
    if p is not None and p.free:
        return 0, balcony
    return max(0, cost - (p.discount if p is not None else 0)), balcony


def check_dancer(state: State, seat: str, move: Move, p: Pending | None) -> None:
    """Steps 1 and 2: a row with a free space (or the balcony) that the seat
    can pay for from the kitchen, and a dancer in the named section."""
    mine = of(state)
    if seat not in mine.boards:
        raise violation("no_rehearsal_board", "You have no rehearsal room board.", R_SEND)
    section = move["section"]
    if mine.dancers[seat][section - 1] == 0:
        raise violation("section_empty", f"Section {section} of your rehearsal room has no dancer left.", R_SEND)
    room = mine.rooms[move["ballroom"] - 1]
    row = room.row(move["row"])
    if row is None:
        raise violation("no_such_row", f"{room.name} has no {move['row']} row in this game.", R_SEND)
    cost, balcony = price(state, move["ballroom"] - 1, row, p)
    if None not in row.spaces and not balcony:
        raise violation("row_full", f"Every space of {room.name}'s {row.name} row is taken"
                        + (": the balcony takes only the rightmost ballroom's top row." if room.balcony is None
                           and row.name == "top" else "."), R_SEND)
    have = champagne(state, seat)
    if cost > have:
        raise violation("cannot_pay", f"This dancer costs {cost} champagne from your kitchen; you have {have} "
                        "(champagne from the rewards of this dancer cannot pay for it).", R_SEND)


def place_dancer(state: State, seat: str, move: Move, p: Pending | None, why: str,
                 out: Outcome) -> tuple[State, tuple[dict, ...], tuple[dict, ...]]:
    """Steps 1 and 2 (pay, the first free space from the left, or the
    balcony); returns the row bonus and the section bonus earned (steps 3, 5)."""
    mine = of(state)
    index = move["ballroom"] - 1
    room = mine.rooms[index]
    row = room.row(move["row"])
    cost, balcony = price(state, index, row, p)
    if cost:
        state = lose(state, seat, state.config.vector({CHAMPAGNE: cost}), f"{why}: {room.name}, {row.name} row", out)
    if balcony:
        placed = evolve(room, balcony=room.balcony + (seat,))
        space: Any = "balcony"
    else:
        space = row.spaces.index(None)
        placed = evolve(room, rows=tuple(evolve(r, spaces=put(r.spaces, space, seat)) if r is row else r
                                         for r in room.rows))
        space += 1
    left = put(mine.dancers[seat], move["section"] - 1, mine.dancers[seat][move["section"] - 1] - 1)
    out.append({"fact": "dancer_placed", "seat": seat, "ballroom": room.name, "row": row.name, "space": space,
                "section": move["section"], "champagne": cost, "why": why})
    state = with_(state, rooms=put(mine.rooms, index, placed), dancers={**mine.dancers, seat: left})
    emptied = mine.boards[seat].bonuses[move["section"] - 1] if left[move["section"] - 1] == 0 else ()
    return state, row.bonus * (asked(state, "row_bonus_times", seat) or 1), emptied


def rewards(state: State, seat: str, parts: list[tuple[str, Any]], out: Outcome) -> State:
    """Steps 3-5 in the order chosen: each part's gains at once, its choices
    waiting in that order (before the decisions already waiting)."""
    waiting_before = state.pending
    new: tuple[Pending, ...] = ()
    for why, effects in parts:
        state = evolve(state, pending=())
        state = effects(state) if callable(effects) else apply_effects(state, seat, effects, why, out)
        new += state.pending
    return evolve(state, pending=new + waiting_before)


class SendToBallroomSchema(MoveSchema):
    """Module 1 (additional action): send the guest at a café table whose order
    is complete to a ballroom instead of a room: choose a row, pay its
    champagne, a dancer from a section of your rehearsal board goes to the
    first free space; then the row bonus (top, middle), the guest's VP and
    reward, and the section's room bonus once it is empty, in the order you choose."""

    seat = seat_field()
    table = whole_number(required=True, validate=validate.Range(min=1, max=9))
    ballroom = whole_number(required=True, validate=validate.Range(min=1, max=3),
                            metadata={"description": "1, 2, 3: the ballrooms left to right (scored rounds 3, 5, 7)"})
    row = fields.String(required=True, validate=validate.OneOf(ROWS))
    section = whole_number(required=True, validate=validate.Range(min=1, max=4),
                           metadata={"description": "the rehearsal section the dancer leaves (1-4: its size)"})
    rewards_order = fields.List(fields.String(validate=validate.OneOf(REWARDS)),
                                metadata={"description": "the order of the rewards: a permutation of row, "
                                                         "section, guest (default that order)"})


class SendDancerSchema(MoveSchema):
    """Module 1: send an additional dancer (a reward icon, Prima Ballerina,
    Dancing Master, Emperor tile): row, champagne (less any discount), first
    free space, row bonus, section bonus."""

    seat = seat_field()
    ballroom = whole_number(required=True, validate=validate.Range(min=1, max=3))
    row = fields.String(required=True, validate=validate.OneOf(ROWS))
    section = whole_number(required=True, validate=validate.Range(min=1, max=4))


def check_send_to_ballroom(state: State, move: Move) -> None:
    seat = move["seat"]
    if state.turn is None or state.turn.seat != seat:
        raise violation("not_your_turn", "A guest is sent to a ballroom on your own turn.", R_ADDITIONAL)
    table = table_at(state, seat, move["table"])
    if not table.complete:
        raise violation("order_incomplete", f"{table.guest.name} has not been served everything ordered.", R_SEND)
    order = move.get("rewards_order")
    if order is not None and sorted(order) != sorted(REWARDS):
        raise violation("rewards_order", "Name each reward once: row, section, guest.", R_SEND)
    check_dancer(state, seat, move, None)


def apply_send_to_ballroom(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    player = state.player(seat)
    index = move["table"] - 1
    guest = player.cafe[index].guest
    state = set_player(state, seat, evolve(player, cafe=put(player.cafe, index, None)))
    state = evolve(state, turn=evolve(state.turn, acted=True))
    mine = of(state)
    state = with_(state, danced={**mine.danced, seat: mine.danced.get(seat, ()) + (guest,)})
    why = f"{guest.name} sent to a ballroom"
    out.append({"fact": "sent_to_ballroom", "seat": seat, "guest": guest.name, "table": move["table"]})
    state, row_bonus, section_bonus = place_dancer(state, seat, move, None, why, out)

    def guest_reward(state: State) -> State:
        state = score(state, seat, guest.vp, why, out)
        return apply_effects(state, seat, extra_action_last(list(guest.reward)), why, out)

    room = of(state).rooms[move["ballroom"] - 1].name
    parts = {"row": (f"{room}, {move['row']} row bonus", row_bonus),
             "section": (f"rehearsal section {move['section']} emptied", section_bonus),
             "guest": (why, guest_reward)}
    return rewards(state, seat, [parts[k] for k in move.get("rewards_order") or REWARDS], out)


def check_send_dancer(state: State, move: Move) -> None:
    check_dancer(state, move["seat"], move, waiting(state))


def apply_send_dancer(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    state, row_bonus, section_bonus = place_dancer(resolved(state), p.seat, move, p, p.why, out)
    room = of(state).rooms[move["ballroom"] - 1].name
    return rewards(state, p.seat, [(f"{room}, {move['row']} row bonus", row_bonus),
                                   (f"rehearsal section {move['section']} emptied", section_bonus)], out)


def dancer_moves(state: State, seat: str, kind: str, **extra: Any) -> list[Move]:
    mine = of(state)
    if seat not in mine.boards:
        return []
    return [{"type": kind, "seat": seat, **extra, "ballroom": b + 1, "row": row.name, "section": s + 1}
            for b, room in enumerate(mine.rooms) for row in room.rows
            for s, left in enumerate(mine.dancers[seat]) if left]


def send_moves(state: State, seat: str) -> list[Move]:
    complete = [t + 1 for t, table in enumerate(state.player(seat).cafe) if table and table.complete]
    return [m for t in complete for m in dancer_moves(state, seat, "send_to_ballroom", table=t)]


def send_dancer_candidates(state: State, p: Pending) -> list[Move]:
    return dancer_moves(state, p.seat, "send_dancer")


# -- the Emperor's dancers: removals (penalties) --------------------------------------
class RemoveDancerSchema(MoveSchema):
    """Module 1, Emperor penalty: one of your dancers leaves the ballroom about
    to be scored (its row and space, or the balcony)."""

    seat = seat_field()
    row = fields.String(required=True, validate=validate.OneOf(ROWS))
    space = fields.Raw(required=True, metadata={"description": "the space, 1 = leftmost, or \"balcony\""})


def about_to_score(state: State) -> int:
    """The ballroom scored after this round's Emperor scoring (in another
    round: the next one not yet scored)."""
    rounds, rooms = state.config.emperor_rounds, of(state).rooms
    if state.round in rounds:
        return rounds.index(state.round)
    return next((i for i, room in enumerate(rooms) if not room.scored), len(rooms) - 1)


def check_remove_dancer(state: State, move: Move) -> None:
    room = of(state).rooms[about_to_score(state)]
    seat, space = move["seat"], move["space"]
    row = room.row(move["row"])
    if space == "balcony":
        mine = room.balcony is not None and move["row"] == "top" and seat in room.balcony
    else:
        mine = row is not None and isinstance(space, int) and 1 <= space <= len(row.spaces) \
            and row.spaces[space - 1] == seat
    if not mine:
        raise violation("not_your_dancer", f"You have no dancer there in {room.name}, the ballroom about to be "
                        "scored.", "Appendix: Emperor Tiles (module 1)")


def apply_remove_dancer(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    mine = of(state)
    index = about_to_score(state)
    room = mine.rooms[index]
    if move["space"] == "balcony":
        balcony = list(room.balcony)
        balcony.remove(p.seat)
        room = evolve(room, balcony=tuple(balcony))
    else:
        room = evolve(room, rows=tuple(evolve(r, spaces=put(r.spaces, move["space"] - 1, None))
                                       if r.name == move["row"] else r for r in room.rows))
    out.append({"fact": "dancer_removed", "seat": p.seat, "ballroom": room.name, "row": move["row"],
                "space": move["space"], "why": p.why})
    state = with_(state, rooms=put(mine.rooms, index, room))
    return evolve(state, pending=((evolve(p, n=p.n - 1),) if p.n > 1 else ()) + state.pending[1:])


def removal_candidates(state: State, p: Pending) -> list[Move]:
    room = of(state).rooms[about_to_score(state)]
    moves = [{"type": "remove_dancer", "seat": p.seat, "row": row.name, "space": i + 1}
             for row in room.rows for i, s in enumerate(row.spaces) if s == p.seat]
    if room.balcony and p.seat in room.balcony:
        moves.append({"type": "remove_dancer", "seat": p.seat, "row": "top", "space": "balcony"})
    return moves


# -- effects --------------------------------------------------------------------------
def _dancer(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Send an additional dancer (each of n its own choice): paying the cost,
    at no cost, or up to ``discount`` champagne less."""
    for _ in range(e.get("n", 1)):
        doing.ask("dancer", discount=e.get("discount", 0), free=bool(e.get("free")))


DANCER_WORDS = Words(N_("send an additional dancer to a ballroom{price}"),
                     N_("send {n} additional dancers to ballrooms{price}"),
                     values=lambda e, floors: {"price": AT_NO_COST if e.get("free") else N_(
                         " for up to {discount} champagne less").format(**e) if e.get("discount") else ""})


def _remove_dancers(doing: Carrying, e: Mapping[str, Any]) -> None:
    """Remove n dancers from the ballroom about to be scored; with fewer there, lose vp instead."""
    room = of(doing.state).rooms[about_to_score(doing.state)]
    n = e.get("n", 1)
    if dancers_in(room, doing.seat) < n:
        doing.state = score(doing.state, doing.seat, -e["vp"], f"{doing.why}: fewer than {n} dancer"
                            f"{'' if n == 1 else 's'} in {room.name}", doing.out, doing.bonus)
    else:
        doing.ask("remove_dancer", n=n)


def _vp_per_dancer(doing: Carrying, e: Mapping[str, Any]) -> None:
    dancers = all_dancers(doing.state, doing.seat)
    doing.state = score(doing.state, doing.seat, e.get("n", 1) * dancers, f"{doing.why} ({dancers} dancers)",
                        doing.out, doing.bonus)


def all_dancers(state: State, seat: str) -> int:
    return sum(dancers_in(room, seat) for room in of(state).rooms)


# -- the ballroom scoring (a round-end step after the Emperor scoring) -----------------
def apollosaal(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    height = {"top": 3, "middle": 2, "bottom": 1}
    return {seat: sum(rows.values()) * max((height[r] for r, n in rows.items() if n), default=0)
            for seat, rows in counts.items()}


def goldener_strauss(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    points = dict.fromkeys(counts, 0)
    for row in ROWS:
        present = {seat: rows.get(row, 0) for seat, rows in counts.items() if rows.get(row, 0)}
        for seat, vp in shared_rank_prizes(present, [7, 2]).items():
            points[seat] += vp
    return points


def odeonsaal(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    table = [0, 1, 4, 9, 16, 25]
    return {seat: table[min(sum(rows.values()), 5)] for seat, rows in counts.items()}


def zum_sperl(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    present = {seat: sum(rows.values()) for seat, rows in counts.items() if sum(rows.values())}
    prizes = shared_rank_prizes(present, [10, 3] if players == 2 else [15, 10, 5])
    return {seat: prizes.get(seat, 0) for seat in counts}


def zur_kettenbruecke(counts: Mapping[str, Mapping[str, int]], players: int) -> dict[str, int]:
    return {seat: 7 * (sum(rows.values()) // 2) for seat, rows in counts.items()}


SCORINGS = {f.__name__: f for f in (apollosaal, goldener_strauss, odeonsaal, zum_sperl, zur_kettenbruecke)}


def ballroom_points(room: Ballroom, players: tuple[str, ...]) -> dict[str, int]:
    """Each player's points for this ballroom: its own rule, or the penalty
    for a player with no dancer there."""
    counts = {seat: room.dancers(seat) for seat in players}
    points = SCORINGS[room.scoring](counts, len(players))
    return {seat: data()["rules"]["no_dancer_vp"] if not sum(counts[seat].values()) else points[seat]
            for seat in players}


def ballroom_scoring(state: State, out: Outcome) -> State:
    if state.round not in state.config.emperor_rounds:
        return state
    index = about_to_score(state)
    mine = of(state)
    room = mine.rooms[index]
    out.append({"fact": "ballroom_scored", "ballroom": room.name, "round": state.round,
                "dancers": {seat: dancers_in(room, seat) for seat in state.players}})
    for seat, points in ballroom_points(room, state.players).items():
        why = f"ballroom scoring: {room.name}" if dancers_in(room, seat) else \
            f"ballroom scoring: no dancer in {room.name}"
        state = score(state, seat, points, why, out)
    return with_(state, rooms=put(of(state).rooms, index, evolve(room, scored=True)))


def champagne_left(state: State, seat: str) -> list[tuple[int, str]]:
    return [(champagne(state, seat), "final scoring: 1 VP per champagne")]


# -- measures for the objectives --------------------------------------------------------
def completed_green(state: State, seat: str) -> int:
    guests = state.player(seat).guests + of(state).danced.get(seat, ())
    return sum(1 for g in guests if g.colour == "green")


# -- setup phases -------------------------------------------------------------------------
def _rehearsal_expected(state: State) -> Expected:
    return Expected((chooser(state),), ("choose_rehearsal",))


def _rehearsal_candidates(state: State, expected: Expected) -> list[Move]:
    return [{"type": "choose_rehearsal", "seat": expected.seats[0], "board": b.id} for b in of(state).offer]


PHASES = (
    (SetupPhase(LAY_OUT, lambda state: bool(of(state).rooms), lambda state: Expected((TABLE,), ("lay_out_ballrooms",)),
                lambda state, e: []), INITIAL_GUESTS),
    (SetupPhase(REHEARSAL, lambda state: len(of(state).boards) == len(dancing_school(state)), _rehearsal_expected,
                _rehearsal_candidates), INITIAL_GUESTS),
)


def ballrooms_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    mine = of(state)
    floors = len(state.hotel.floors)
    return {"ballrooms": [{"name": room.name, "round": room.round, "scored": room.scored, "scoring": room.scoring,
                           "rows": [{"row": r.name, "cost": r.cost, "spaces": list(r.spaces), "bonus": list(r.bonus),
                                     "bonus_words": describe_all(r.bonus, floors)}
                                    for r in room.rows],
                           **({"balcony": list(room.balcony),
                               "balcony_cost": data()["rules"]["balcony_cost"]} if room.balcony is not None else {})}
                          for room in mine.rooms],
            "rehearsal_offer": [b.id for b in mine.offer],
            "rehearsal": {s: {"board": b.id, "dancers_left": list(mine.dancers[s]),
                              "bonuses": [list(x) for x in b.bonuses],
                              "bonus_words": [describe_all(x, floors) for x in b.bonuses]}
                          for s, b in mine.boards.items()}}


def components(options: Mapping[str, Any]) -> dict[str, Any]:
    """The catalog's module-1 boards: the five ballrooms (printed bonuses and
    scoring, each side's rows as shipped or as the house catalog gives them,
    with their source) and the rehearsal boards, each bonus in words."""
    rooms = []
    for board in data()["ballroom"]:
        known = shipped(board["name"], options)
        mine = next((b for b in house(options).get("ballroom", []) if b.get("name") == board["name"]), None)
        source = known["source"] if mine is None else \
            f"house catalog ({', '.join(mine['sides'])} side); shipped: {known['source']}"
        rooms.append({"name": known["name"], "scoring": known["scoring"], "source": source,
                      "bonus": {row: list(b) for row, b in known["bonus"].items()},
                      "bonus_words": {row: describe_all(b) for row, b in known["bonus"].items()},
                      "sides": {side: ballroom_from({"name": known["name"], "rows": rows}, 2 if side == "2" else 4)
                                ["rows"] for side, rows in known["sides"].items()}})
    boards = {}
    for board in rehearsal_data(options):
        boards.setdefault(board["id"], {**rehearsal_from(board), "source": board.get("source", "house catalog"),
                                        "bonus_words": [describe_all(x) for x in board["sections"]]})
    return {"ballrooms": rooms, "balcony_cost": data()["rules"]["balcony_cost"],
            "rehearsal_boards": list(boards.values())}


BALLROOMS = register(Module(
    id=ID, title="Module 1: Vienna Ballrooms",
    moves={"lay_out_ballrooms": MoveRule(LayOutSchema, check_lay_out, apply_lay_out),
           "choose_rehearsal": MoveRule(ChooseRehearsalSchema, check_choose_rehearsal, apply_choose_rehearsal),
           "send_to_ballroom": MoveRule(SendToBallroomSchema, check_send_to_ballroom, apply_send_to_ballroom,
                                        before_main=True, additional=True, candidates=send_moves),
           "send_dancer": MoveRule(SendDancerSchema, check_send_dancer, apply_send_dancer),
           "remove_dancer": MoveRule(RemoveDancerSchema, check_remove_dancer, apply_remove_dancer)},
    effects={"dancer": (frozenset({"n", "discount", "free"}), _dancer, DANCER_WORDS),
             "remove_dancers": (frozenset({"n", "vp"}), _remove_dancers, Words(
                 N_("remove 1 of your dancers from the ballroom about to be scored, else lose {vp} VP"),
                 N_("remove {n} of your dancers from the ballroom about to be scored, else lose {vp} VP"))),
             "vp_per_dancer": (frozenset({"n"}), _vp_per_dancer, Words(N_("{n} VP per dancer in the ballrooms")))},
    pending={"dancer": PendingKind("send_dancer", send_dancer_candidates, optional=True),
             "remove_dancer": PendingKind("remove_dancer", removal_candidates)},
    setup_phases=PHASES,
    setup_part=SetupPart({"ballrooms": ballrooms_field(), "rehearsal_boards": rehearsal_boards_field()},
                         check_lay_out, apply_lay_out, boards_chance),
    round_end=(RoundEndStep("ballroom_scoring", 30, ballroom_scoring),),
    final_scoring=(FinalLine(45, champagne_left),),
    configure=configure,
    start=lambda config: Ballrooms(),
    view=ballrooms_view,
    components=components,
    house=HOUSE_SECTIONS,
    chance={"lay_out_ballrooms": lay_out_chance},
    notation={"lay_out_ballrooms": "Ballrooms {ballrooms:list}, rehearsal boards {rehearsal_boards:list}",
              "choose_rehearsal": "{seat:seat} rehearsal {board:name}",
              "send_to_ballroom": "{seat:seat} ballroom {table:number}->{ballroom:number} {row:word} "
                                  "s{section:number}{rewards_order:then}",
              "send_dancer": "{seat:seat} dancer {ballroom:number} {row:word} s{section:number}",
              "remove_dancer": "{seat:seat} removes dancer {row:word} {space:space}"},
    cards="ballrooms.toml",
    measures={"champagne": champagne, "dancers": all_dancers, "completed_green": completed_green},
    completed_guests=lambda state, seat: of(state).danced.get(seat, ()),
))

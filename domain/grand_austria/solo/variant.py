"""The solo variant "Dinner for One" as a module chosen by the option
``solo``: the opponent is the reserved seat ``bot`` (Leopold, or Elisabeth
with modules 1 or 2), whose turn is one table move (the instruction card
drawn) that the engine carries out by itself, top to bottom, pausing only
for the table's reveals it causes (a guest refilling the queue, a card of the
private staff deck). Every step is an outcome fact with its words, so the
scorekeeper can carry it out on the table.

Rulebook: "Solo Variant: Dinner for One" of the Let's Waltz! rulebook;
specification ``shared/reference/lets-waltz.md`` section 7."""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from marshmallow import Schema, fields, validate

from domain.grand_austria import setup
from domain.grand_austria.cafe import in_play as guests_in_play, served_onto, taken_from_queue
from domain.grand_austria.config import Config, adjusted
from domain.grand_austria.effects import advance_emperor, check_in_game, guest_card, score, set_player, staff_card
from domain.grand_austria.modules import celebrities, unique_hotels
from domain.grand_austria.moves import SetupSchema, guest_field, staff_field
from domain.grand_austria.parts import (DieRule, FinalLine, Module, MoveRule, PendingKind, RoundEndStep, SetupPhase)
from domain.grand_austria.registry import register
from domain.grand_austria.refusals import counted_down, violation
from domain.grand_austria.rounds import last_round
from domain.grand_austria.scoring import claim, end_game_staff, occupied_rooms
from domain.grand_austria.solo import elisabeth, entrances, lounge
from domain.grand_austria.solo.bot import (CLAIMED, PROGRESS_WORDS, bot_room, objective_target, select_die,
                                           select_guest)
from domain.grand_austria.solo.deck import LEVELS, OPPONENTS, Symbol, decks, filtered
from domain.grand_austria.solo.entrances import SoloEntrance
from domain.grand_austria.staff import card_ref, in_play as staff_in_play
from domain.grand_austria.state import (EMPTY, INITIAL_GUESTS, OCCUPIED, PREPARED, STAFF_DRAFT, TURNS, WHITE, Pending,
                                        Player, State, Table)
from domain.immutable import evolve, put
from domain.rules import TABLE, Expected, Move, MoveSchema, Outcome, RuleViolation, seat_field, whole_number

ID = "solo"
BOT = "bot"
R_SOLO = "Solo Variant: Dinner for One"
R_SOLO_SETUP = "Solo: The Base Game, Setup"
R_SOLO_TURN = "Solo: Leopold's Turn"
R_SOLO_M3 = "Solo: Module 3 (Hautel Couture)"
PRIVATE_DECK = 5          # "draw 5 cards without looking at them"
DEALT, KEPT = 10, 6       # "Draw 10 staff cards ... and select 6 of them"
DANCERS = 10              # "Elisabeth does not get a rehearsal room board, but she does get her 10 dancers"
BALLROOMS = "ballrooms"
CELEBRITIES = "celebrities"
HOTELS = "unique_hotels"


@dataclass(frozen=True)
class Bot:
    """The opponent's own things: its deck and level, the instruction cards
    drawn (the last lies face up), the symbols of the card still to carry
    out, the objective countdown (A, B, C: none, "III", "II", claimed) and
    the private staff deck's cards still face down."""

    deck: str
    level: str
    drawn: tuple[int, ...] = ()
    steps: tuple[Symbol, ...] | None = None    # None: no card being carried out
    hand: str = "right"
    progress: tuple[int, int, int] = (0, 0, 0)
    private_left: int = PRIVATE_DECK
    dancers_left: int = 0                     # Elisabeth with module 1: her 10 dancers
    said: tuple[str, ...] = ()                # the steps of the card being (or last) carried out, in words
    entrance: SoloEntrance | None = None      # module 3: the opponent's solo entrance


def bot(state: State) -> Bot:
    return state.module(ID)


def with_bot(state: State, **changes: Any) -> State:
    return evolve(state, modules={**state.modules, ID: evolve(bot(state), **changes)})


def name(state: State) -> str:
    return OPPONENTS[bot(state).deck]


def deck_for(modules: tuple[str, ...]) -> str:
    """Elisabeth's deck with module 1 or 2, else Leopold's (Solo: Combining Modules)."""
    return "elisabeth" if {BALLROOMS, CELEBRITIES} & set(modules) else "leopold"


def fact(out: Outcome, kind: str, text: str, **details: Any) -> None:
    """A step of the opponent's turn, in words for the table."""
    out.append({"fact": kind, "seat": BOT, **details, "text": text})


# -- the option and the setup ----------------------------------------------------------
class SoloSchema(Schema):
    difficulty = fields.String(required=True, validate=validate.OneOf(LEVELS),
                               metadata={"description": "easy, medium or hard (Levels of Difficulty)"})
    bot_entrance = fields.String(validate=validate.OneOf(sorted(entrances.NAMES)), metadata={
        "description": "module 3: the opponent's solo entrance, chosen or drawn at random at the table: "
                       + ", ".join(sorted(entrances.NAMES))})


class SoloOption(fields.Nested):
    def __init__(self, **kwargs: Any):
        super().__init__(SoloSchema, **kwargs)


def configure(config: Config) -> Config:
    """Set up for 2 players; the player is dealt 10 staff and keeps 6."""
    if "start_player" in config.modules:
        raise RuleViolation("solo_start_player", "The solo variant is incompatible with the start player "
                            "module (module 4).", "Solo: Module 4")
    if config.staff_draft:
        raise RuleViolation("solo_staff_draft", "There is no staff draft in the solo variant: you draw 10 "
                            "staff cards and select 6 of them.", R_SOLO_SETUP)
    chosen = config.options[ID].get("bot_entrance")
    if (chosen is not None) != (HOTELS in config.modules):
        raise RuleViolation("solo_entrance", "With module 3 the opponent plays a solo entrance (option solo."
                            "bot_entrance), and only with module 3.", entrances.R_SOLO_M3)
    if HOTELS in config.modules:
        config = adjusted(config, start_krones=entrances.START_KRONES)
    return adjusted(config, hand_size=DEALT)


def start(config: Config) -> Bot:
    chosen = config.options[ID].get("bot_entrance")
    return Bot(deck=deck_for(config.modules), level=config.options[ID]["difficulty"],
               dancers_left=DANCERS if BALLROOMS in config.modules else 0,
               entrance=entrances.SoloEntrance(chosen, rooms=entrances.SUSHI_ROOMS if chosen == entrances.SUSHI
                                               else frozenset()) if chosen else None)


def begin(state: State) -> State:
    """The opponent's seat: the night side of a hotel board, no money, no
    items in its kitchen, no staff hand (Solo: The Base Game, Setup)."""
    if len(state.players) != 1:
        raise RuleViolation("player_count", "The solo variant is for one player.", R_SOLO)
    config = state.config
    night = config.catalog.hotel
    opponent = Player(krones=0, items=config.nothing, rooms=(EMPTY,) * night.size, hand=(),
                      cafe=(None,) * config.cafe_tables)
    return evolve(state, players=state.players + (BOT,), hotels={**state.hotels, BOT: night},
                  seats={**state.seats, BOT: opponent})


def human(state: State) -> str:
    return state.players[0]


def check_solo_setup(state: State, move: Move) -> None:
    who = name(state)
    if move["start_player"] != BOT:
        raise violation("solo_start", f"{who} takes the first turn: the start player is bot.", R_SOLO_SETUP)
    if BOT in move.get("hands", {}):
        raise violation("solo_no_hand", f"{who} draws no staff cards: deal only your own 10.", R_SOLO_SETUP)
    setup.check_setup(state, move)


def apply_solo_setup(state: State, move: Move, out: Outcome) -> State:
    """The base setup; the opponent gets no hand and no starting guest or
    rooms, its private deck of 5 end-game staff lies face down (unseen until
    revealed)."""
    state = setup.apply_setup(state, move, out)
    state = set_player(state, BOT, evolve(state.player(BOT), hand=()))
    fact(out, "bot_private_deck", f"{name(state)}'s private deck: 5 staff cards with the end-game symbol, "
         "face down.", cards=PRIVATE_DECK)
    return evolve(state, setup_order=(human(state),))


def solo_setup_chance(state: State, rng: random.Random) -> Move:
    move = setup.setup_chance(state, rng)
    return {**move, "start_player": BOT, "hands": {human(state): move["hands"][human(state)]}}


class KeepStaffSchema(MoveSchema):
    """Solo: keep 6 of the 10 staff cards dealt; the other 4 go to the bottom of the deck."""

    seat = fields.String(required=True)
    staff = fields.List(staff_field(), metadata={"description": "the 6 cards kept; omit when the scorekeeper "
                                                                "has not seen the hand"})


def check_keep_staff(state: State, move: Move) -> None:
    hand = state.player(move["seat"]).hand
    kept = move.get("staff")
    if kept is None:
        if None not in hand:
            raise violation("name_the_cards", "Name the 6 staff cards you keep: the scorekeeper has seen them.",
                            R_SOLO_SETUP)
        return
    if len(kept) != KEPT:
        raise violation("keep_six", "Select 6 of the 10 staff cards for your initial hand.", R_SOLO_SETUP)
    cards = [staff_card(c, state) for c in kept]
    left = list(hand)
    for card in cards:
        if card in left:
            left.remove(card)
        elif None in left and card.number not in staff_in_play(state):
            left.remove(None)
        else:
            raise violation("not_dealt", f"{card.name} is not among the 10 staff cards you drew.", R_SOLO_SETUP)


def apply_keep_staff(state: State, move: Move, out: Outcome) -> State:
    seat = move["seat"]
    kept = tuple(staff_card(c, state) for c in move["staff"]) if move.get("staff") is not None else (None,) * KEPT
    state = set_player(state, seat, evolve(state.player(seat), hand=kept))
    out.append({"fact": "staff_kept", "seat": seat, "kept": KEPT, "returned": DEALT - KEPT,
                "text": "You keep 6 staff cards; the other 4 go to the bottom of the deck."})
    return state


def keep_candidates(state: State, expected: Expected) -> list[Move]:
    seat = expected.seats[0]
    hand = state.player(seat).hand
    if None in hand:
        return [{"type": "keep_staff", "seat": seat}]
    refs = [card_ref(c) for c in hand]
    return [{"type": "keep_staff", "seat": seat, "staff": list(kept)} for kept in combinations(refs, KEPT)]


# right after the table's setup: "Before drawing your initial hand ... Draw 10 staff cards and select 6"
KEEP_STAFF = SetupPhase("keep_staff", lambda state: len(state.player(human(state)).hand) <= KEPT,
                        lambda state: Expected((human(state),), ("keep_staff",)), keep_candidates)


# -- the opponent's turn ------------------------------------------------------------------
class DrawInstructionSchema(MoveSchema):
    """The table draws the opponent's instruction card (its number, #193-#212 Leopold, #213-#232 Elisabeth)."""

    card = whole_number(required=True, metadata={"description": "the instruction card's number"})


class RevealBotStaffSchema(MoveSchema):
    """The table turns up the top card of the opponent's private staff deck."""

    card = staff_field(required=True)


def opponent_turn(state: State) -> Expected | None:
    if state.turn is not None and state.turn.seat == BOT and bot(state).steps is None:
        return Expected((TABLE,), ("draw_instruction",))
    return None


def deck_left(state: State) -> list[int]:
    b = bot(state)
    return [n for n in decks()[b.deck] if n not in b.drawn]


def check_draw_instruction(state: State, move: Move) -> None:
    b, number, who = bot(state), move["card"], name(state)
    cards = decks()[b.deck]
    first, last = min(cards), max(cards)
    if number not in cards:
        raise violation("not_in_deck", f"Card {number} is not in {who}'s instruction deck (#{first}-#{last}).",
                        R_SOLO)
    if number in b.drawn and deck_left(state):
        raise violation("already_drawn", f"Instruction card {number} was drawn already this game.", R_SOLO)


def apply_draw_instruction(state: State, move: Move, out: Outcome) -> State:
    b = bot(state)
    card = decks()[b.deck][move["card"]]
    drawn = b.drawn if deck_left(state) else ()      # never happens: 14 turns at most of 20 cards
    steps = filtered(card, b.level, dancers=BALLROOMS in state.config.modules,
                     coloured_dice=CELEBRITIES in state.config.modules)
    fact(out, "instruction_drawn", f"{name(state)} draws instruction card {card.number}: "
         + "; ".join(s.words() for s in steps) + f" (ties: hand pointing {card.hand}, {b.level} level).",
         card=card.number)
    state = evolve(state, turn=evolve(state.turn, acted=True))
    return with_bot(state, drawn=drawn + (card.number,), steps=steps, hand=card.hand, said=(out[-1]["text"],))


def run_step(state: State, out: Outcome) -> State:
    """The next symbol of the card (the same state when the opponent is not carrying out a card)."""
    b = bot(state)
    if state.phase != TURNS or state.turn is None or state.turn.seat != BOT or b.steps is None:
        return state
    if b.entrance is not None and b.entrance.id == entrances.SUSHI:
        start = len(out)
        moved = sushi_watch(state, state, out)      # the queue refilled: a waiting cogwheel lands first
        if moved.module(ID) != b:
            return told(moved, out[start:])
    if not b.steps:
        out.append({"fact": "turn_ended", "seat": BOT, "number": state.turn.number})
        state = evolve(state, turn=None, used_numbers=state.used_numbers | {state.turn.number})
        return with_bot(state, steps=None)
    symbol, start = b.steps[0], len(out)
    state = STEPS[symbol.kind](with_bot(state, steps=b.steps[1:]), symbol, out)
    return told(state, out[start:])


def told(state: State, facts: Outcome) -> State:
    """The opponent's steps in words, kept for the page until its next card."""
    said = tuple(f["text"] for f in facts if f.get("seat") == BOT and "text" in f)
    return with_bot(state, said=bot(state).said + said) if said else state


def take_guest(state: State, symbol: Symbol, out: Outcome) -> State:
    """The guest chosen goes straight into an occupied room: its VP and the
    room's printed VP, no payment, no reward, no bonus; then the discard pile."""
    b, who = bot(state), name(state)
    position = select_guest(state, BOT, symbol.colour, b.hand)
    if position is None:
        fact(out, "bot_guest", f"{who} takes no guest: none in the queue fits an empty room of {who}'s hotel.",
             guest=None)
        return state
    guest = state.queue[position]
    hotel, player = state.hotel_of(BOT), state.player(BOT)
    state = taken_from_queue(state, position)
    why = "" if symbol.colour in ("any", guest.colour) else \
        f"no {symbol.colour} guest fits {who}'s hotel, so the one with most VP: "
    fact(out, "bot_guest", f"{why}{who} takes {guest.name} ({guest.colour}, {guest.vp} VP) from queue position "
         f"{position + 1}, pays nothing and gets no reward.", guest=guest.name, position=position + 1)
    state = set_player(state, BOT, evolve(player, guests=player.guests + (guest,)))
    state = score(state, BOT, guest.vp, f"guest {guest.name}", out)
    if bot(state).entrance is not None:
        state, entrance = entrances.sushi_guest(state, bot(state).entrance, guest, BOT, who, out)
        state = with_bot(state, entrance=entrance)
    if symbol.dancer and bot(state).dancers_left:
        # "Elisabeth scores the victory points printed on the chosen guest card and places it in the discard pile"
        return send_dancer(state, symbol.dancer, f"{guest.name} goes to the discard pile; ", out)
    room = bot_room(hotel, player, guest.colour)
    state = set_player(state, BOT, evolve(state.player(BOT), rooms=put(player.rooms, room, OCCUPIED)))
    fact(out, "bot_room", f"{who} places an occupied {hotel.colour(room)} room on {hotel.name_of(room)}; "
         f"{guest.name} goes to the discard pile.", room=hotel.name_of(room))
    entrance = bot(state).entrance
    if entrance is not None and hotel.name_of(room) in entrance.rooms:
        fact(out, "bot_sushi", f"Sushi Resort: the cogwheel on {hotel.name_of(room)} goes onto the leftmost guest "
             "of the queue once it is refilled.", room=hotel.name_of(room))
        state = with_bot(state, entrance=entrances.sushi_room(entrance, hotel.name_of(room)))
    return score(state, BOT, hotel.prepare_vp.get(room, 0), f"room {hotel.name_of(room)}", out)


def send_dancer(state: State, arrows: int, before: str, out: Outcome) -> State:
    """Elisabeth's dancer into a ballroom: no champagne, no row bonus, no room tile (Solo: Module 1)."""
    who = name(state)
    if not bot(state).dancers_left:
        fact(out, "lapsed", f"{who} has no dancer left: the dancer symbol does nothing.", step="bot_dancer")
        return state
    state, ballroom, row, space = elisabeth.place(state, BOT, arrows)
    where = "the balcony" if space == "balcony" else f"space {space} of the {row} row"
    fact(out, "bot_dancer", f"{before}{who} sends a dancer to {ballroom}, {where}: no champagne, no row bonus.",
         ballroom=ballroom, row=row, space=space)
    return with_bot(state, dancers_left=bot(state).dancers_left - 1)


def dancer(state: State, symbol: Symbol, out: Outcome) -> State:
    """The dancer symbol of the bottom section: an additional dancer, with no guest."""
    return send_dancer(state, symbol.dancer, "", out)


def take_die(state: State, symbol: Symbol, out: Outcome) -> State:
    """The die goes onto the opponent's turn-order tile; no action. With
    module 2 Elisabeth takes a coloured die where one lies on the space
    chosen (the coloured-die symbol: the one of most celebrity VP on the
    board), never pays for it, scores its celebrity and gets its colour's bonus."""
    b, who = bot(state), name(state)
    counts = [state.dice_on(v) for v in range(1, 7)]
    module_2 = CELEBRITIES in state.config.modules
    chosen = lounge.best_coloured(state, lounge.coloured_on_board(state), b.hand) \
        if module_2 and symbol.coloured else None
    value = chosen[0] if chosen else select_die(counts, symbol.die, b.hand)
    if value is None:
        fact(out, "bot_die", f"No die is left for {who}.", value=None)
        return state
    colours = state.dice[value - 1]
    here = lounge.best_coloured(state, [(value, c) for c in colours], b.hand) if module_2 else None
    colour = here[1] if here else (WHITE if WHITE in colours else colours[0])
    i = colours.index(colour)
    state = evolve(state, dice=put(state.dice, value - 1, colours[:i] + colours[i + 1:]),
                   turn=evolve(state.turn, die=value, main="die"))
    if b.entrance is not None and b.entrance.id == entrances.TOLL_BRIDGE:
        state = with_bot(state, entrance=entrances.toll_left(b.entrance, value))
        fact(out, "bot_toll", f"Toll Bridge Hotel: {who} leaves a cogwheel on action space {value} "
             f"({bot(state).entrance.tolls[value - 1]} there).", space=value)
    die = "a die" if colour == WHITE else f"the {colour} die"
    fact(out, "bot_die", f"{who} takes {die} from action space {value} ({counts[value - 1]} "
         f"{'die' if counts[value - 1] == 1 else 'dice'} there) and puts it on the turn-order tile, with no "
         "action" + (", paying nothing." if colour != WHITE else "."), value=value,
         **({} if colour == WHITE else {"colour": colour}))
    if colour == WHITE or not module_2:
        return state
    start = len(out)
    state = celebrities.die_taken(state, BOT, value, colour, out)
    taken = next((f for f in out[start:] if f["fact"] == "celebrity_taken"), None)
    if taken is not None:
        fact(out, "bot_celebrity", f"{who} takes the celebrity {taken['celebrity']} ({taken['vp']} VP) and "
             "ignores its effect.", celebrity=taken["celebrity"])
    return colour_bonus(state, colour, out)


def colour_bonus(state: State, colour: str, out: Outcome) -> State:
    """Instead of the celebrity's effect: red, a step on the objective of
    least progress; yellow, 2 Emperor steps; blue, 2 VP (Solo: Module 2)."""
    who = name(state)
    if colour == "red":
        fact(out, "bot_colour_bonus", f"The red die: {who} advances on the objective with the least progress.",
             colour=colour)
        return objective(state, Symbol("objective"), out)
    if colour == "yellow":
        fact(out, "bot_colour_bonus", f"The yellow die: {who} advances 2 on the Emperor track.", colour=colour)
        return advance_emperor(state, BOT, 2, "the yellow die", out)
    fact(out, "bot_colour_bonus", f"The blue die: {who} scores 2 VP.", colour=colour)
    return score(state, BOT, 2, "the blue die", out)


def emperor(state: State, symbol: Symbol, out: Outcome) -> State:
    fact(out, "bot_emperor", f"{name(state)} advances {symbol.n} on the Emperor track.", steps=symbol.n)
    return advance_emperor(state, BOT, symbol.n, "instruction card", out)


def objective(state: State, symbol: Symbol, out: Outcome) -> State:
    """The countdown: no marker -> "III" -> "II" -> "I", and on "I" the claim
    of the highest free VP space."""
    b, who = bot(state), name(state)
    target = objective_target(b.progress, symbol.objective, b.hand)
    if target is None:
        fact(out, "bot_objective", f"{who} has claimed every objective: nothing happens.", objective=None)
        return state
    number, letter = state.objectives[target], "ABC"[target]
    now = b.progress[target] + 1
    state = with_bot(state, progress=put(b.progress, target, now))
    if now < CLAIMED:
        fact(out, "bot_objective", f"{who}'s marker on objective {letter} ({number}) moves "
             f"{PROGRESS_WORDS[now]}.", objective=number, progress=("III", "II")[now - 1])
        return state
    fact(out, "bot_objective", f"{who}'s marker on objective {letter} ({number}) reaches \"I\": {who} claims "
         "it on the highest free victory point space.", objective=number, progress="claimed")
    return claim(state, BOT, number, out)


def private_staff(state: State, symbol: Symbol, out: Outcome) -> State:
    if not bot(state).private_left:
        fact(out, "lapsed", f"{name(state)}'s private deck is empty.", step="bot_staff")
        return state
    fact(out, "bot_staff", f"{name(state)} turns up the top card of the private staff deck (the table names "
         "it).", staff=None)
    return evolve(state, pending=(Pending(BOT, "bot_staff", why="instruction card: private staff"),) + state.pending)


def objective_symbol(state: State, symbol: Symbol, out: Outcome) -> State:
    """The objective symbol of the card (Nine Stars Inn: also a cogwheel on
    the stars track, even when the countdown has nothing left to do, SO.A11)."""
    state = objective(state, symbol, out)
    entrance = bot(state).entrance
    if entrance is not None and entrance.id == entrances.NINE_STARS:
        placed = entrances.star_placed(entrance)
        fact(out, "bot_stars", f"Nine Stars Inn: {name(state)} places a cogwheel on the stars track "
             f"({placed.stars} there)." if placed.stars > entrance.stars else
             "Nine Stars Inn: the stars track is full.", stars=placed.stars)
        state = with_bot(state, entrance=placed)
    return state


STEPS = {"guest": take_guest, "die": take_die, "emperor": emperor, "objective": objective_symbol,
         "staff": private_staff, "dancer": dancer}


def check_reveal_bot_staff(state: State, move: Move) -> None:
    card, who = staff_card(move["card"], state), name(state)
    if not card.end:
        raise violation("not_end_game_staff", f"{card.name} has no end-game symbol: {who}'s private deck holds only "
                        "end-game staff.", R_SOLO_SETUP)
    if card.number is not None and card.number in staff_in_play(state):
        raise violation("duplicate_card", "That staff card is already in play.", R_SOLO_TURN)


def apply_reveal_bot_staff(state: State, move: Move, out: Outcome) -> State:
    card = staff_card(move["card"], state)
    player = state.player(BOT)
    state = set_player(state, BOT, evolve(player, hired=player.hired + (card,)))
    start = len(out)
    fact(out, "bot_staff", f"{name(state)} places {card.name} face up ({card.text}): it scores for "
         f"{name(state)} at the end.", staff=card.to_json())
    state = with_bot(evolve(state, pending=state.pending[1:]), private_left=bot(state).private_left - 1)
    return told(state, out[start:])


def draw_instruction_chance(state: State, rng: random.Random) -> Move:
    return {"type": "draw_instruction", "card": rng.choice(deck_left(state) or list(decks()[bot(state).deck]))}


def reveal_bot_staff_chance(state: State, rng: random.Random) -> Move:
    taken = staff_in_play(state)
    return {"type": "reveal_bot_staff",
            "card": rng.choice([n for n, c in state.config.catalog.staff.items() if c.end and n not in taken])}


# -- module 3: the opponent's solo entrance --------------------------------------------------------
def toll_price(state: State, seat: str, value: int, colour: str) -> tuple[int, str] | None:
    return entrances.toll(state, seat, value, bot(state).entrance, BOT)


def toll_taken(state: State, seat: str, value: int, colour: str, out: Outcome) -> State:
    entrance = bot(state).entrance
    if entrance is None:
        return state
    state, entrance = entrances.toll_taken(state, seat, value, entrance, BOT, name(state), out)
    state = with_bot(state, entrance=entrance)
    item = entrance.items[value - 1] if entrance.id == entrances.HAUTEL else None
    if item is None or seat == BOT:
        return state       # "(When Leopold takes a die, nothing happens.)"
    state = with_bot(state, entrance=evolve(entrance, items=put(entrance.items, value - 1, None)))
    step = Pending(seat, "pool_item", pair=(item,), why=f"Hautel Couture: the {item} of action space {value} "
                   f"onto one of {name(state)}'s guests, if one still needs it (else back to the supply)")
    return evolve(state, pending=state.pending + (step,))


# -- Hautel Couture -------------------------------------------------------------------------------------
class LayOutHautelSchema(MoveSchema):
    """Hautel Couture: the first three guests revealed showing 5, 6 or 7 VP
    (with module 1, none ordering champagne) go to the opponent's café, in the
    order revealed; one item of the pool on each action space 1-6."""

    guests = fields.List(guest_field(), required=True, validate=validate.Length(equal=entrances.HAUTEL_GUESTS))
    items = fields.List(fields.String(validate=validate.OneOf(entrances.POOL_ORDER)), required=True,
                        validate=validate.Length(equal=6), metadata={"description": "the items on spaces 1-6"})


def check_lay_out_hautel(state: State, move: Move) -> None:
    check_in_game(state, "guest", move["guests"], R_SOLO_M3)
    guests = [guest_card(g, state) for g in move["guests"]]
    champagne = BALLROOMS in state.config.modules
    if not all(entrances.hautel_guest_fits(g, champagne) for g in guests):
        if champagne:
            raise violation("hautel_guests", "Hautel Couture's guests show 5, 6 or 7 victory points and order no "
                            "champagne.", R_SOLO_M3)
        raise violation("hautel_guests", "Hautel Couture's guests show 5, 6 or 7 victory points.", R_SOLO_M3)
    numbers = [g.number for g in guests if g.number is not None]
    if len(set(numbers)) != len(numbers) or set(numbers) & guests_in_play(state):
        raise violation("duplicate_card", "A guest card can be in play only once.", R_SOLO_M3)
    pool = entrances.pool_for(guests, state.config.items)
    if entrances.drawn_from(pool, move["items"]) is None:
        held = ", ".join(f"{n} {i}" for i, n in zip(entrances.POOL_ORDER, pool))
        raise violation("not_in_pool", f"The pool holds {held}: the items on the spaces come from it.", R_SOLO_M3)


def apply_lay_out_hautel(state: State, move: Move, out: Outcome) -> State:
    guests = [guest_card(g, state) for g in move["guests"]]
    hotel, player, who = state.hotel_of(BOT), state.player(BOT), name(state)
    rooms = entrances.reserved_rooms(hotel, [g.colour for g in guests])
    cafe = tuple(Table(g, state.config.nothing) for g in guests)
    state = set_player(state, BOT, evolve(player, cafe=cafe, rooms=tuple(
        PREPARED if r in rooms else status for r, status in enumerate(player.rooms))))
    pool = entrances.pool_for(guests, state.config.items)
    entrance = evolve(bot(state).entrance, reserved=tuple(hotel.name_of(r) for r in rooms),
                      pool=entrances.drawn_from(pool, move["items"]), items=tuple(move["items"]), laid=True)
    state = with_bot(state, entrance=entrance)
    for guest, room in zip(guests, rooms):
        fact(out, "bot_hautel", f"Hautel Couture: {guest.name} ({guest.colour}, {guest.vp} VP) sits in {who}'s "
             f"café; a vacant room on {hotel.name_of(room)} is reserved for them.", guest=guest.name,
             room=hotel.name_of(room))
        state = score(state, BOT, hotel.prepare_vp.get(room, 0), f"Hautel Couture: room {hotel.name_of(room)}", out)
    return state


def lay_out_hautel_chance(state: State, rng: random.Random) -> Move:
    champagne = BALLROOMS in state.config.modules
    taken = guests_in_play(state)
    fits = [n for n, g in state.config.catalog.guests.items()
            if n not in taken and entrances.hautel_guest_fits(g, champagne)]
    guests = rng.sample(fits, entrances.HAUTEL_GUESTS)
    pool = entrances.pool_for([state.config.catalog.guests[n] for n in guests], state.config.items)
    return {"type": "lay_out_hautel", "guests": guests, "items": rng.sample(entrances.pool_list(pool), 6)}


def hautel_laid(state: State) -> bool:
    return bot(state).entrance.laid


LAY_OUT_HAUTEL = SetupPhase("hautel_couture", hautel_laid, lambda state: Expected((TABLE,), ("lay_out_hautel",)),
                            lambda state, e: [],
                            active=lambda config: config.options[ID].get("bot_entrance") == entrances.HAUTEL)


class PlacePoolItemSchema(MoveSchema):
    """Hautel Couture: the item of the space you took a die from onto one of the opponent's café guests."""

    seat = seat_field()
    table = whole_number(required=True, validate=validate.Range(min=1, max=3),
                         metadata={"description": "the opponent's café table"})


def check_place_pool_item(state: State, move: Move) -> None:
    item = state.pending[0].pair[0]
    table = state.player(BOT).cafe[move["table"] - 1]
    if table is None or not table.wants(state.config.items.index(item)):
        who = name(state)
        raise violation("not_wanted", f"No guest of {who}'s at café table {move['table']} still needs {item}.",
                        R_SOLO_M3)


def apply_place_pool_item(state: State, move: Move, out: Outcome) -> State:
    """"When the last item completes an order, Leopold immediately scores that
    guest's victory points and moves the guest to their reserved room"."""
    item, who = state.pending[0].pair[0], name(state)
    state = evolve(state, pending=state.pending[1:])
    index = move["table"] - 1
    player = served_onto(state.player(BOT), list(state.config.items), [(move["table"], item)])
    table = player.cafe[index]
    fact(out, "bot_hautel", f"You place the {item} on {table.guest.name} in {who}'s café.", guest=table.guest.name)
    if not table.complete:
        return set_player(state, BOT, player)
    entrance = bot(state).entrance
    hotel = state.hotel_of(BOT)
    room = hotel.index(entrance.reserved[index])
    state = set_player(state, BOT, evolve(player, cafe=put(player.cafe, index, None),
                                          rooms=put(player.rooms, room, OCCUPIED),
                                          guests=player.guests + (table.guest,)))
    fact(out, "bot_hautel", f"Hautel Couture: {table.guest.name}'s order is complete: {who} scores "
         f"{table.guest.vp} VP and the guest moves into the reserved room {entrance.reserved[index]}.",
         guest=table.guest.name, room=entrance.reserved[index])
    return score(state, BOT, table.guest.vp, f"Hautel Couture: {table.guest.name}", out)


def pool_item_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "place_pool_item", "seat": p.seat, "table": t} for t in (1, 2, 3)]


def pool_refill(state: State, out: Outcome) -> State:
    """"Replenish the action space with a random item drawn from the pool at
    the start of the next round" (the emptied spaces, left to right, while the pool lasts)."""
    entrance = bot(state).entrance
    if entrance is None or entrance.id != entrances.HAUTEL or last_round(state):
        return state
    n = min(entrance.items.count(None), sum(entrance.pool))
    if not n:
        return state
    return evolve(state, pending=(Pending(TABLE, "pool_draw", n=n, why="Hautel Couture: the pool refills the "
                                                                      "emptied action spaces"),) + state.pending)


class PoolItemSchema(MoveSchema):
    """Hautel Couture: the table draws an item from the pool onto the leftmost emptied action space."""

    item = fields.String(required=True, validate=validate.OneOf(entrances.POOL_ORDER))


def check_pool_item(state: State, move: Move) -> None:
    if entrances.drawn_from(bot(state).entrance.pool, [move["item"]]) is None:
        raise violation("not_in_pool", f"The pool has no {move['item']} left.", R_SOLO_M3)


def apply_pool_item(state: State, move: Move, out: Outcome) -> State:
    entrance = bot(state).entrance
    space = entrance.items.index(None)
    out.append({"fact": "pool_item", "space": space + 1, "item": move["item"],
                "text": f"Hautel Couture: {move['item']} from the pool onto action space {space + 1}."})
    state = with_bot(state, entrance=evolve(entrance, items=put(entrance.items, space, move["item"]),
                                            pool=entrances.drawn_from(entrance.pool, [move["item"]])))
    return counted_down(state)


def pool_item_chance(state: State, rng: random.Random) -> Move:
    return {"type": "pool_item", "item": rng.choice(entrances.pool_list(bot(state).entrance.pool))}


def sushi_surcharge(state: State, seat: str, position: int) -> tuple[int, str] | None:
    return entrances.sushi_surcharge(state, seat, position, bot(state).entrance, BOT)


def sushi_watch(before: State, state: State, out: Outcome) -> State:
    entrance = bot(state).entrance
    if entrance is None:
        return state
    state, entrance = entrances.sushi_moves(state, entrance, BOT, name(state), out)
    return with_bot(state, entrance=entrance)


def star_removed(state: State, seat: str, room: int, out: Outcome) -> State:
    entrance = bot(state).entrance
    if entrance is None or seat == BOT:
        return state
    return with_bot(state, entrance=entrances.star_removed(state, seat, room, entrance, name(state), out))


def stars_scoring(state: State, out: Outcome) -> State:
    """"At the end of each Emperor scoring, Leopold scores the victory points
    printed at the right of the bottommost row of the stars track containing
    at least one token"."""
    entrance = bot(state).entrance
    if entrance is None or entrance.id != entrances.NINE_STARS or state.round not in state.config.emperor_rounds:
        return state
    points = entrances.stars_vp(entrance)
    fact(out, "bot_stars", f"Nine Stars Inn: {name(state)} scores {points} VP for the stars track "
         f"({entrance.stars} cogwheels).", stars=entrance.stars)
    return score(state, BOT, points, "Nine Stars Inn: the stars track", out)


def entrance_chosen(state: State) -> bool:
    return human(state) in unique_hotels.of(state).owners


CHOOSE_ENTRANCE = SetupPhase("choose_entrance", entrance_chosen, entrances.choosing, entrances.choose_candidates,
                             active=lambda config: HOTELS in config.modules)


# -- the end ------------------------------------------------------------------------------------
def winners(state: State) -> list[str]:
    """"You win if you have more victory points than Leopold. Otherwise, Leopold wins." """
    you = human(state)
    return [you] if state.player(you).vp > state.player(BOT).vp else [BOT]


def bordered(symbol: Symbol) -> str:
    return symbol.words() + (f" ({symbol.border} border)" if symbol.border else "")


def solo_view(state: State, seat: str | None, full: bool) -> dict[str, Any]:
    b = bot(state)
    last = decks()[b.deck][b.drawn[-1]] if b.drawn else None
    return {"solo": {
        "opponent": name(state), "seat": BOT, "deck": b.deck, "difficulty": b.level,
        "card": None if last is None else {"number": last.number, "hand": last.hand,
                                           "symbols": [s.words() for s in last.symbols]},
        "drawn": list(b.drawn), "deck_left": len(deck_left(state)),
        "cards_left": [{"number": n, "hand": c.hand, "symbols": [bordered(s) for s in c.symbols]}
                       for n, c in decks()[b.deck].items() if n in deck_left(state)],
        "last_turn": list(b.said),
        "carrying_out": None if b.steps is None else [s.words() for s in b.steps],
        "objectives": [{"objective": n, "progress": ("none", "III", "II", "claimed")[p]}
                       for n, p in zip(state.objectives, b.progress)],
        "private_deck": b.private_left,
        **({"dancers_left": b.dancers_left} if BALLROOMS in state.config.modules else {}),
        **({"entrance": entrances.describe(b.entrance)} if b.entrance is not None else {}),
    }}


SOLO = register(Module(
    id=ID, title="Solo Variant: Dinner for One",
    chosen_by=ID,
    options={ID: SoloOption(metadata={"description": "the solo variant (one player): {\"difficulty\": easy | "
                                                     "medium | hard}; the opponent is the seat bot"})},
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
    die_rules=(DieRule(toll_price, toll_taken),),
    hooks={"room_occupied": star_removed, "guest_surcharge": sushi_surcharge},
    watch=sushi_watch,
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
))

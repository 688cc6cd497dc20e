"""The opponent's turn: the instruction card drawn, carried out top to bottom
(a guest, a die, a dancer, the Emperor, an objective, the private staff deck)."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Mapping


from domain.grand_austria.cafe import queue_without
from domain.grand_austria.effects import advance_emperor, said_once, score, set_player, staff_card
from domain.grand_austria.modules import celebrities
from domain.grand_austria.moves import staff_field
from domain.grand_austria.refusals import violation
from domain.grand_austria.scoring import claim
from domain.grand_austria.solo import elisabeth, entrances, lounge
from domain.grand_austria.solo.bot import CLAIMED, PROGRESS_WORDS, bot_room, objective_target, select_die, select_guest
from domain.grand_austria.solo.deck import Symbol, decks, instruction
from domain.grand_austria.staff import in_play as staff_in_play
from domain.grand_austria.state import OCCUPIED, TURNS, WHITE, Pending, State
from domain.immutable import evolve, put
from domain.rules import TABLE, Expected, Move, MoveSchema, Outcome, whole_number
from domain.grand_austria.solo.variant.hautel import sushi_watch
from domain.grand_austria.solo.variant.setup import (BALLROOMS, BOT, CELEBRITIES, ID, R_SOLO, R_SOLO_SETUP, R_SOLO_TURN,
                                                     NO_CHANGES, bot, fact, name, with_bot)
from domain.words import N_, Message, ngettext, said


# -- the opponent's turn ------------------------------------------------------------------
class DrawInstructionSchema(MoveSchema):
    """The table draws the opponent's instruction card (its number, #193-#212 Leopold, #213-#232 Elisabeth)."""

    card = whole_number(required=True, metadata={"description": N_("the instruction card's number")})


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


def any_left(state: State) -> bool:
    """Whether the deck holds a card not yet drawn (without listing them)."""
    b = bot(state)
    return not decks()[b.deck].keys() <= set(b.drawn)


def check_draw_instruction(state: State, move: Move) -> None:
    b, number, who = bot(state), move["card"], name(state)
    cards = decks()[b.deck]
    first, last = min(cards), max(cards)
    if number not in cards:
        raise violation("not_in_deck", N_("Card {number} is not in {who}'s instruction deck (#{first}-#{last})."),
                        R_SOLO, number=number, who=who, first=first, last=last)
    if number in b.drawn and any_left(state):
        raise violation("already_drawn", N_("Instruction card {number} was drawn already this game."), R_SOLO,
                        number=number)


@lru_cache(maxsize=256)
def card_drawn(who: str, deck: str, number: int, level: str, dancers: bool, coloured_dice: bool
               ) -> tuple[tuple[Symbol, ...], Message]:
    """A drawn card's symbols (``instruction``) and the sentence that tells
    them: the same for the same card at a level, so made once."""
    steps, words = instruction(deck, number, level, dancers, coloured_dice)
    return steps, said(N_("{who} draws instruction card {number}: {steps} (ties: hand pointing {hand}, {level} level)."),
                       who=who, number=number, steps=words, hand=decks()[deck][number].hand, level=level)


def apply_draw_instruction(state: State, move: Move, out: Outcome) -> State:
    b = bot(state)
    card = decks()[b.deck][move["card"]]
    drawn = b.drawn if any_left(state) else ()      # never happens: 14 turns at most of 20 cards
    modules = state.config.modules
    steps, text = card_drawn(name(state), b.deck, card.number, b.level, BALLROOMS in modules, CELEBRITIES in modules)
    fact(out, "instruction_drawn", text, card=card.number)
    return with_bot(state, {"turn": evolve(state.turn, acted=True)}, drawn=drawn + (card.number,), steps=steps,
                    hand=card.hand, said=(text,))


def run_step(state: State, out: Outcome) -> State:
    """The next symbols of the card, one after the other until one leaves
    something waiting (a decision, the queue's new guest) or the card is done
    (the same state when the opponent is not carrying out a card). The card's
    progress and its words are written once, when the run stops: no symbol
    reads them."""
    if state.phase != TURNS or state.turn is None or state.turn.seat != BOT:
        return state
    b = state.modules[ID]       # (read straight, not through ``bot``: once per symbol)
    if b.steps is None:
        return state
    steps, start, ended = b.steps, len(out), NO_CHANGES
    while True:
        if b.entrance is not None and b.entrance.id == entrances.SUSHI:
            moved = sushi_watch(state, state, out)      # the queue refilled: a waiting cogwheel lands first
            if moved.module(ID) != b:
                state = moved
                if _waits(state):
                    break
                b = state.modules[ID]
                continue
        if not steps:
            out.append({"fact": "turn_ended", "seat": BOT, "number": state.turn.number})
            ended = {"turn": None, "used_numbers": state.used_numbers | {state.turn.number}}
            steps = None
            break
        symbol, steps = steps[0], steps[1:]
        state = STEPS[symbol.kind](state, symbol, out)
        if _waits(state):
            break
        b = state.modules[ID]
    return told(state, out[start:], ended, steps=steps)


def _waits(state: State) -> bool:
    """Whether the card stops here: what the game does by itself between two
    symbols (settling a decision, the queue's refill, another phase) comes first."""
    return bool(state.pending or state.refill) or state.phase != TURNS or state.turn is None \
        or state.turn.seat != BOT


def told(state: State, facts: Outcome, also: Mapping[str, Any] = NO_CHANGES, /, **changes: Any) -> State:
    """The opponent's steps in words, kept for the page until its next card
    (with ``changes`` to the opponent's things, ``also`` to the state's, in the same copy)."""
    said = tuple([f["text"] for f in facts if "text" in f and f.get("seat") == BOT])
    if said:
        changes["said"] = state.modules[ID].said + said
    if changes:
        return with_bot(state, also, **changes)
    return evolve(state, **also) if also else state


@lru_cache(maxsize=1024)
def guest_taken_words(who: str, wanted: str, guest: str, colour: str, vp: int, position: int) -> Message:
    """The guest the opponent takes, in words (the colour the symbol wanted
    when it is another): the same for the same guest and position, so made once."""
    why = "" if wanted in ("any", colour) else \
        said(N_("no {colour} guest fits {who}'s hotel, so the one with most VP: "), colour=wanted, who=who)
    return said(N_("{why}{who} takes {guest} ({colour}, {vp} VP) from queue position {position}, pays nothing and "
                   "gets no reward."), why=why, who=who, guest=guest, colour=colour, vp=vp, position=position)


def take_guest(state: State, symbol: Symbol, out: Outcome) -> State:
    """The guest chosen goes straight into an occupied room: its VP and the
    room's printed VP, no payment, no reward, no bonus; then the discard pile."""
    b, who = bot(state), name(state)
    position = select_guest(state, BOT, symbol.colour, b.hand)
    if position is None:
        fact(out, "bot_guest", said(N_("{who} takes no guest: none in the queue fits an empty room of {who}'s hotel."),
                                    who=who), guest=None)
        return state
    guest = state.queue[position]
    hotel, player = state.hotel_of(BOT), state.player(BOT)
    fact(out, "bot_guest", guest_taken_words(who, symbol.colour, guest.name, guest.colour, guest.vp, position + 1),
         guest=guest.name, position=position + 1)
    # (the guest leaves the queue in the copy that scores it)
    state = score(state, BOT, guest.vp, said_once(N_("guest {name}"), name=guest.name), out,
                  around=queue_without(state, position), guests=player.guests + (guest,))
    before = bot(state).entrance
    if before is not None:
        state, entrance = entrances.sushi_guest(state, before, guest, BOT, who, out)
        if entrance is not before:
            state = with_bot(state, entrance=entrance)
    if symbol.dancer and bot(state).dancers_left:
        # "Elisabeth scores the victory points printed on the chosen guest card and places it in the discard pile"
        return send_dancer(state, symbol.dancer, said(N_("{guest} goes to the discard pile; "), guest=guest.name), out)
    room = bot_room(hotel, player, guest.colour)
    where = hotel.name_of(room)
    fact(out, "bot_room", said_once(N_("{who} places an occupied {colour} room on {room}; {guest} goes to the discard "
                                        "pile."), who=who, colour=hotel.colour(room), room=where, guest=guest.name),
         room=where)
    entrance = bot(state).entrance
    if entrance is not None and where in entrance.rooms:
        fact(out, "bot_sushi", said(N_("Sushi Resort: the cogwheel on {room} goes onto the leftmost guest of the queue "
                                       "once it is refilled."), room=where), room=where)
        state = with_bot(state, entrance=entrances.sushi_room(entrance, where))
    vp = hotel.prepare_vp.get(room, 0)
    # (the words only when the room scores: most score nothing, and score would not say them)
    return score(state, BOT, vp, said(N_("room {hotel}"), hotel=where) if vp else "", out,
                 rooms=put(player.rooms, room, OCCUPIED))


def send_dancer(state: State, arrows: int, before: str, out: Outcome) -> State:
    """Elisabeth's dancer into a ballroom: no champagne, no row bonus, no room tile (Solo: Module 1)."""
    who = name(state)
    if not bot(state).dancers_left:
        fact(out, "lapsed", said(N_("{who} has no dancer left: the dancer symbol does nothing."), who=who),
             step="bot_dancer")
        return state
    state, ballroom, row, space = elisabeth.place(state, BOT, arrows)
    where = said(N_("the balcony")) if space == "balcony" else said(N_("space {space} of the {row} row"), space=space,
                                                                      row=row)
    fact(out, "bot_dancer", said(N_("{before}{who} sends a dancer to {ballroom}, {where}: no champagne, no row bonus."),
                                 before=before, who=who, ballroom=ballroom, where=where),
         ballroom=ballroom, row=row, space=space)
    return with_bot(state, dancers_left=bot(state).dancers_left - 1)


def dancer(state: State, symbol: Symbol, out: Outcome) -> State:
    """The dancer symbol of the bottom section: an additional dancer, with no guest."""
    return send_dancer(state, symbol.dancer, "", out)


@lru_cache(maxsize=256)
def die_taken_words(who: str, colour: str, value: int, there: int) -> Message:
    """The die the opponent takes, in words (``there``: the dice on its
    space before): the same for the same die and count, so made once."""
    die = said(N_("a die")) if colour == WHITE else said(N_("the {colour} die"), colour=colour)
    dice = ngettext("{n} die", "{n} dice", there)
    return said(N_("{who} takes {die} from action space {value} ({dice} there) and puts it on the turn-order tile, "
                   "with no action.") if colour == WHITE else
                N_("{who} takes {die} from action space {value} ({dice} there) and puts it on the turn-order tile, "
                   "with no action, paying nothing."), who=who, die=die, value=value, dice=dice)


def take_die(state: State, symbol: Symbol, out: Outcome) -> State:
    """The die goes onto the opponent's turn-order tile; no action. With
    module 2 Elisabeth takes a coloured die where one lies on the space
    chosen (the coloured-die symbol: the one of most celebrity VP on the
    board), never pays for it, scores its celebrity and gets its colour's bonus."""
    b, who = bot(state), name(state)
    counts = [*map(len, state.dice)]     # (action spaces 1 to 6)
    module_2 = CELEBRITIES in state.config.modules
    chosen = lounge.best_coloured(state, lounge.coloured_on_board(state), b.hand) \
        if module_2 and symbol.coloured else None
    value = chosen[0] if chosen else select_die(counts, symbol.die, b.hand)
    if value is None:
        fact(out, "bot_die", said(N_("No die is left for {who}."), who=who), value=None)
        return state
    colours = state.dice[value - 1]
    here = lounge.best_coloured(state, [(value, c) for c in colours], b.hand) if module_2 else None
    colour = here[1] if here else (WHITE if WHITE in colours else colours[0])
    i = colours.index(colour)
    state = evolve(state, dice=put(state.dice, value - 1, colours[:i] + colours[i + 1:]),
                   turn=evolve(state.turn, die=value, main="die"))
    if b.entrance is not None and b.entrance.id == entrances.TOLL_BRIDGE:
        state = with_bot(state, entrance=entrances.toll_left(b.entrance, value))
        fact(out, "bot_toll", said(N_("Toll Bridge Hotel: {who} leaves a cogwheel on action space {value} ({n} there)."),
                                   who=who, value=value, n=bot(state).entrance.tolls[value - 1]), space=value)
    fact(out, "bot_die", die_taken_words(who, colour, value, counts[value - 1]), value=value, **({} if colour == WHITE else {"colour": colour}))
    if colour == WHITE or not module_2:
        return state
    start = len(out)
    state = celebrities.die_taken(state, BOT, value, colour, out)
    taken = next((f for f in out[start:] if f["fact"] == "celebrity_taken"), None)
    if taken is not None:
        fact(out, "bot_celebrity", said(N_("{who} takes the celebrity {celebrity} ({vp} VP) and ignores its effect."),
                                        who=who, celebrity=taken["celebrity"], vp=taken["vp"]),
             celebrity=taken["celebrity"])
    return colour_bonus(state, colour, out)


def colour_bonus(state: State, colour: str, out: Outcome) -> State:
    """Instead of the celebrity's effect: red, a step on the objective of
    least progress; yellow, 2 Emperor steps; blue, 2 VP (Solo: Module 2)."""
    who = name(state)
    if colour == "red":
        fact(out, "bot_colour_bonus", said(N_("The red die: {who} advances on the objective with the least progress."),
                                           who=who), colour=colour)
        return objective(state, Symbol("objective"), out)
    if colour == "yellow":
        fact(out, "bot_colour_bonus", said(N_("The yellow die: {who} advances 2 on the Emperor track."), who=who),
             colour=colour)
        return advance_emperor(state, BOT, 2, N_("the yellow die"), out)
    fact(out, "bot_colour_bonus", said(N_("The blue die: {who} scores 2 VP."), who=who), colour=colour)
    return score(state, BOT, 2, N_("the blue die"), out)


def emperor(state: State, symbol: Symbol, out: Outcome) -> State:
    fact(out, "bot_emperor", said_once(N_("{who} advances {n} on the Emperor track."), who=name(state), n=symbol.n),
         steps=symbol.n)
    return advance_emperor(state, BOT, symbol.n, N_("instruction card"), out)


def objective(state: State, symbol: Symbol, out: Outcome) -> State:
    """The countdown: no marker -> "III" -> "II" -> "I", and on "I" the claim
    of the highest free VP space."""
    b, who = bot(state), name(state)
    target = objective_target(b.progress, symbol.objective, b.hand)
    if target is None:
        fact(out, "bot_objective", said(N_("{who} has claimed every objective: nothing happens."), who=who),
             objective=None)
        return state
    number, letter = state.objectives[target], "ABC"[target]
    now = b.progress[target] + 1
    state = with_bot(state, progress=put(b.progress, target, now))
    if now < CLAIMED:
        fact(out, "bot_objective", said_once(N_("{who}'s marker on objective {letter} ({number}) moves {progress}."),
                                             who=who, letter=letter, number=number, progress=PROGRESS_WORDS[now]),
             objective=number, progress=("III", "II")[now - 1])
        return state
    fact(out, "bot_objective", said(N_("{who}'s marker on objective {letter} ({number}) reaches \"I\": {who} claims it "
                                       "on the highest free victory point space."), who=who, letter=letter,
                                    number=number), objective=number, progress="claimed")
    return claim(state, BOT, number, out)


def private_staff(state: State, symbol: Symbol, out: Outcome) -> State:
    if not bot(state).private_left:
        fact(out, "lapsed", said(N_("{who}'s private deck is empty."), who=name(state)), step="bot_staff")
        return state
    fact(out, "bot_staff", said(N_("{who} turns up the top card of the private staff deck (the table names it)."),
                                who=name(state)), staff=None)
    return evolve(state, pending=(Pending(BOT, "bot_staff", why=N_("instruction card: private staff")),) + state.pending)


def objective_symbol(state: State, symbol: Symbol, out: Outcome) -> State:
    """The objective symbol of the card (Nine Stars Inn: also a cogwheel on
    the stars track, even when the countdown has nothing left to do, SO.A11)."""
    state = objective(state, symbol, out)
    entrance = bot(state).entrance
    if entrance is not None and entrance.id == entrances.NINE_STARS:
        placed = entrances.star_placed(entrance)
        fact(out, "bot_stars", said(N_("Nine Stars Inn: {who} places a cogwheel on the stars track ({n} there)."),
                                    who=name(state), n=placed.stars) if placed.stars > entrance.stars else
             said(N_("Nine Stars Inn: the stars track is full.")), stars=placed.stars)
        state = with_bot(state, entrance=placed)
    return state


STEPS = {"guest": take_guest, "die": take_die, "emperor": emperor, "objective": objective_symbol,
         "staff": private_staff, "dancer": dancer}


def check_reveal_bot_staff(state: State, move: Move) -> None:
    card, who = staff_card(move["card"], state), name(state)
    if not card.end:
        raise violation("not_end_game_staff", N_("{name} has no end-game symbol: {who}'s private deck holds only end-game staff."), R_SOLO_SETUP, name=card.name, who=who)
    if card.number is not None and card.number in staff_in_play(state):
        raise violation("duplicate_card", N_("That staff card is already in play."), R_SOLO_TURN)


def apply_reveal_bot_staff(state: State, move: Move, out: Outcome) -> State:
    card = staff_card(move["card"], state)
    player = state.player(BOT)
    state = set_player(state, BOT, evolve(player, hired=player.hired + (card,)))
    start = len(out)
    fact(out, "bot_staff", said(N_("{who} places {staff} face up ({text}): it scores for {who} at the end."),
                                who=name(state), staff=card.name, text=card.text), staff=card.to_json())
    state = with_bot(evolve(state, pending=state.pending[1:]), private_left=bot(state).private_left - 1)
    return told(state, out[start:])


def draw_instruction_chance(state: State, rng: random.Random) -> Move:
    return {"type": "draw_instruction", "card": rng.choice(deck_left(state) or list(decks()[bot(state).deck]))}


def reveal_bot_staff_chance(state: State, rng: random.Random) -> Move:
    taken = staff_in_play(state)
    return {"type": "reveal_bot_staff",
            "card": rng.choice([n for n, c in state.config.catalog.staff.items() if c.end and n not in taken])}

"""Vienna's turns: start cards, the character display, rolling, paying to
change a roll, placing dice down the street and the double move."""
from __future__ import annotations

from typing import Sequence

from domain.immutable import evolve, put
from domain.rules import Move, Outcome
from domain.seating import clockwise_from, left_of
from domain.vienna.components import (Card, Field, held)
from domain.vienna.state import (Phase, Placement, REROLL_COST, TURN_BACK_COST, ViennaState, gain, position_in_pile,
                                 score, set_player, without)
from domain.vienna.evaluation import start_evaluation
from domain.words import N_, said


def on_joker(state: ViennaState, seat: str, dice: Sequence[str]) -> tuple[str, ...]:
    """The dice-joker's holder lays every die of their colour showing 1 on the card."""
    if state.holder("dice_joker") != seat:
        return tuple(dice)
    return tuple("J" if d == "1" else d for d in dice)


def choose_start_card(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    seat, card = move["seat"], Card.from_json(move["card"])
    outcome: Outcome = [{"fact": "start_card_chosen", "seat": seat, "card": card.to_json(with_coins=True)}]
    state = set_player(state, seat, start_card=card)
    state = gain(state, seat, card.coins, said(N_("start card {name}"), name=card.name), outcome)
    if state.chooser() is None:
        state = evolve(state, phase=Phase.REVEAL, white_die=state.holder("additional_die"))
    return state, outcome


def reveal(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    pile, discards = state.pile, state.discards
    display = tuple(Card.from_json(c) for c in move["cards"])
    outcome: Outcome = []
    for card in display:
        at = position_in_pile(pile, card)
        if at is None and card in discards:
            pile, discards = tuple(sorted(pile + discards)), ()
            outcome.append({"fact": "deck_reshuffled", "why": N_("the character deck ran out")})
            at = position_in_pile(pile, card)
        if at is not None:
            pile = pile[:at] + pile[at + 1:]
    start = state.holder("start_player")
    outcome.append({"fact": "characters_revealed", "round": state.round,
                    "cards": [c.to_json() for c in display], "start_player": start})
    return evolve(state, phase=Phase.PLACING, display=display, pile=pile, discards=discards, turn=start), outcome


def roll(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    seat = move["seat"]
    dice = on_joker(state, seat, move["dice"])
    state = set_player(state, seat, dice=dice, rolled=True)
    return state, [{"fact": "rolled", "seat": seat, "dice": list(dice)}]


def reroll(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    seat = move["seat"]
    outcome: Outcome = []
    state = gain(state, seat, -REROLL_COST, N_("reroll"), outcome)
    player = state.player(seat)
    dice = without(player.dice, move["dice"]) + on_joker(state, seat, move["result"])
    outcome.append({"fact": "rerolled", "seat": seat, "dice": list(move["dice"]), "result": list(move["result"])})
    return set_player(state, seat, dice=dice), outcome


def turn_die(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    seat = move["seat"]
    outcome: Outcome = []
    state = gain(state, seat, -REROLL_COST, N_("turned a die"), outcome)
    dice = without(state.player(seat).dice, [move["die"]]) + on_joker(state, seat, [move["to"]])
    outcome.append({"fact": "die_turned", "seat": seat, "die": move["die"], "to": move["to"]})
    return set_player(state, seat, dice=dice), outcome


def place(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    seat, name, dice = move["seat"], move["field"], tuple(move["dice"])
    field = state.board.field(name)
    index = state.board.index(name)
    player = state.player(seat)
    outcome: Outcome = []
    if index is not None and index < player.position:
        state = gain(state, seat, -TURN_BACK_COST, said(N_("turning the coach back to {name}"), name=name), outcome)
    placement = Placement(seat, dice)
    left = without(player.dice, [held(d) for d in dice])
    outcome.append({"fact": "placed", "seat": seat, "field": name, "dice": list(dice)})
    if index is None:
        state = set_player(state, seat, dice=left)
        state = evolve(state, geheimbund=state.geheimbund + (placement,))
    else:
        state = set_player(state, seat, dice=left, position=index)
        state = evolve(state, street=put(state.street, index, placement))
    if field.lightning:
        state = lightning(state, move, field, outcome)
    return end_turn(state, seat, outcome)


def lightning(state: ViennaState, move: Move, field: Field, outcome: Outcome) -> ViennaState:
    """Krieau, Prater and Geheimbund apply at once and are not evaluated again."""
    seat = move["seat"]
    times = len(move["dice"]) if field.kind == "geheimbund" else 1
    for effect in field.effects:
        state = gain(state, seat, effect.get("coins", 0) * times, field.name, outcome)
        state = score(state, seat, effect.get("vp", 0) * times, field.name, outcome)
    if field.kind == "krieau":
        if move["gendarme"] is not None:
            state = evolve(state, gendarme=state.board.index(move["gendarme"]))
            outcome.append({"fact": "gendarme_placed", "seat": seat, "field": move["gendarme"]})
        if move["take"] == "coin":
            state = gain(state, seat, 1, field.name, outcome)
        else:
            state = score(state, seat, 1, field.name, outcome)
    if field.kind == "prater" and move["turn"] is not None:
        dice = without(state.player(seat).dice, [move["turn"]]) + on_joker(state, seat, [move["to"]])
        state = set_player(state, seat, dice=dice)
        outcome.append({"fact": "die_turned", "seat": seat, "die": move["turn"], "to": move["to"],
                        "why": field.name})
    return state


def next_turn(state: ViennaState, after: str) -> str | None:
    """The next seat clockwise that still has dice to roll or place."""
    for seat in clockwise_from(state.seats, left_of(state.seats, after)):
        player = state.player(seat)
        if not player.rolled or player.dice:
            return seat
    return None


def end_turn(state: ViennaState, seat: str, outcome: Outcome) -> tuple[ViennaState, Outcome]:
    following = next_turn(state, seat)
    offer = None
    if (not state.double_turn and state.holder("double_move") == seat and not state.double_move_used
            and state.player(seat).dice and (following != seat or state.edition.double_move_alone)):
        offer = seat
    if following is None:
        return start_evaluation(evolve(state, double_turn=False, offer=offer), outcome)
    for skipped in clockwise_from(state.seats, left_of(state.seats, seat)):
        if skipped == following:
            break
        outcome.append({"fact": "turn_forfeited", "seat": skipped, "why": N_("no dice left")})
    return evolve(state, double_turn=False, offer=offer, turn=following), outcome


def double_move(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    seat = move["seat"]
    if not move["use"]:
        return evolve(state, offer=None), [{"fact": "double_move_declined", "seat": seat}]
    state = evolve(state, offer=None, turn=seat, double_turn=True, double_move_used=True)
    return state, [{"fact": "double_move", "seat": seat}]

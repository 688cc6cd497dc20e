"""Wiener Walzer's moves, each a check and what it does: the setup, placing a
guest, the event cards of the variant and the dances; the end of a turn and
of the game."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.immutable import evolve as replace, put as set_at
from domain.rules import Move, Outcome, RuleViolation
from domain.wiener_walzer import events
from domain.wiener_walzer.components import (
    EVENT_CARDS, EVENT_VALUE, GUEST_CARDS, POINTS_PER_SET, SEXES, buffet_sets, default_tiles, value)
from domain.wiener_walzer.dances import dance_steps, dancers, is_choice, perform_dance, why_not_due
from domain.wiener_walzer.state import Guest, Phase, WalzerState

from domain.wiener_walzer.state import scores, winners
from domain.words import N_, ngettext

RULE_SETUP = "Setup"
RULE_TURN = "Course of Play"
RULE_DANCES = "Dances"
RULE_END = "End of the Game & Scoring"
RULE_EVENTS = "Variant with Event Cards"
MAX_GOLD = len(GUEST_CARDS)          # 12 neutral guests
MAX_BUFFET = len(default_tiles())    # 66 buffet tiles
CARDS_PER_PLAYER = len(GUEST_CARDS)

SPACE_FIELDS = ("guest", "tile", "first", "second", "champagne")


def listing(items: Sequence[str], limit: int = 6) -> str:
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def check_setup(state: WalzerState, move: Move) -> None:
    if state.phase != Phase.SETUP:
        raise RuleViolation("already_set_up", N_("The board has already been laid out."), RULE_SETUP)
    board = state.board
    neutral, buffet = move["neutral"], move["buffet"]
    gold = [s for s in board.spaces if s in board.gold]
    check_cover(neutral, gold, "neutral_spaces", N_("a neutral guest on every gold-framed space in play"))
    check_cover(buffet, board.buffet_spaces, "buffet_spaces",
                      N_("a buffet tile on every space in play without a golden frame"))
    cards = list(neutral.values())
    twice = sorted({c for c in cards if cards.count(c) > 1})
    if twice:
        raise RuleViolation("neutral_card_twice", N_("There is only one white {twice}."), RULE_SETUP,
                            twice=listing(twice))
    stacks = move.get("stacks")
    if stacks is None:
        return
    if set(stacks) != set(state.players):
        raise RuleViolation("stacks_players", N_("Every player, and only they, has a stack: {players}."), RULE_SETUP, players=', '.join(state.players))
    for seat, stack in stacks.items():
        if stack is not None and sorted(stack) != sorted(GUEST_CARDS):
            raise RuleViolation("stack_cards", N_("{seat}'s stack must hold their 12 guest cards once each: {guest_cards}."), RULE_SETUP,
                                seat=seat, guest_cards=', '.join(GUEST_CARDS))


def check_cover(given: Mapping[str, Any], spaces: Sequence[str], code: str, what: str) -> None:
    missing = [s for s in spaces if s not in given]
    extra = sorted(s for s in given if s not in spaces)
    if missing or extra:
        problems = ([f"missing {listing(missing)}"] if missing else []) + (
            [f"{listing(extra)} cannot take one"] if extra else [])
        raise RuleViolation(code, N_("The setup puts {what}: {problems}."), RULE_SETUP,
                            what=what, problems='; '.join(problems))


def check_event(state: WalzerState, move: Move) -> None:
    if state.phase != Phase.EVENT_DRAW:
        raise RuleViolation("no_event_due", N_("An event card is drawn only right after a guest of value 0 is "
                            "placed, in the variant with event cards."), RULE_EVENTS)
    if move["card"] not in state.event_deck:
        raise RuleViolation("event_used", N_("{events} is no longer in the event stack: drawn event cards go back into the box."), RULE_EVENTS, events=events.title(move['card']))


def check_place(state: WalzerState, move: Move) -> None:
    seat, card, space = move["seat"], move["card"], move["space"]
    left = state.cards[state.index(seat)]
    if card not in left:
        raise RuleViolation("card_not_held", N_("{seat} has already placed their {card}: each guest card is placed once."), RULE_TURN, seat=seat, card=card)
    if state.stacked and card != left[0]:
        # Only the drawn card's holder sees it: the refusal does not name it.
        raise RuleViolation("not_drawn_card", N_("{seat} places the card they drew from their stack; {card} is not that card."), RULE_TURN, seat=seat, card=card)
    check_in_play(state, space)
    if space in state.guests:
        raise RuleViolation("space_taken", N_("A guest card already lies on {space}: place on a free space."),
                            RULE_TURN, space=space)


def check_in_play(state: WalzerState, space: str) -> None:
    if space not in state.board.neighbours:
        raise RuleViolation("not_in_play", N_("{space} is not a space in play with {players} players."),
                            RULE_SETUP, space=space, players=len(state.players))


def check_dance(state: WalzerState, move: Move) -> None:
    dancer, partner = move["dancer"], move["partner"]
    steps = dance_steps(state.board, state.guests, among=state.due)
    if (dancer, partner) in steps:
        return
    check_in_play(state, dancer)
    check_in_play(state, partner)
    due = list(dict.fromkeys(d for d, _ in steps))
    if dancer not in due:
        raise RuleViolation("not_due", N_("The guest on {dancer} is not due to dance: {board}. Due to dance: {due}."),
                            RULE_DANCES,
                            dancer=dancer, board=why_not_due(state.board, state.guests, dancer), due=listing(due))
    partners = [p for d, p in steps if d == dancer]
    raise RuleViolation(
        "not_best_partner",
        N_("The {sexes} on {dancer} dances with the highest-valued face-up neighbour of the other sex: "
           "{partners}, not {partner}."), RULE_DANCES,
        sexes=SEXES[state.guests[dancer].sex], dancer=dancer, partners=listing(partners), partner=partner)


def check_resolve_event(state: WalzerState, move: Move) -> None:
    seat, card = move["seat"], state.event
    spec = EVENT_CARDS[card]
    given = {k for k in move if k not in ("type", "seat", "lapse")}
    if move.get("lapse"):
        if given:
            raise RuleViolation("lapse_with_fields", N_("An event that lapses is not carried out: send 'lapse' "
                                "alone."), RULE_EVENTS)
        example = events.first_resolution(state, seat, card)
        if example is not None:
            raise RuleViolation(
                "event_possible", N_("{title} can be carried out (for example {example}), so it does not lapse."), RULE_EVENTS,
                title=spec['title'], example=', '.join((f'{k} {v}' for k, v in example.items())))
        return
    allowed = set(spec["fields"]) | set(spec.get("optional", ()))
    missing = [f for f in spec["fields"] if f not in move]
    extra = sorted(given - allowed)
    if missing or extra:
        raise RuleViolation(
            "event_fields", N_("{title} is carried out with {allowed}{value}{value2}."), events.rule(card),
            title=spec['title'], allowed=', '.join(sorted(allowed)), value=f"; missing {', '.join(missing)}" if missing else '', value2=f"; not {', '.join(extra)}" if extra else '')
    for name in SPACE_FIELDS:
        if name in move:
            check_in_play(state, move[name])
    events.RULES[card].check(state, seat, move)


def set_up(state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
    guests = {space: Guest.of(card, None) for space, card in move["neutral"].items()}
    tiles = {space: tuple(sorted(items)) for space, items in move["buffet"].items()}
    stacks = move.get("stacks")
    # A stack a record shows face down (a viewer's record of a digital game)
    # replays as the player's 12 cards in no order: each place move shows the
    # card that was on top.
    seen = stacks is not None and None not in stacks.values()
    cards = tuple(tuple(stacks[seat]) for seat in state.players) if seen else state.cards
    new = replace(state, phase=Phase.PLACE, guests=guests, tiles=tiles, cards=cards, stacked=seen)
    return new, [{"fact": "set_up", "neutral_guests": len(guests), "buffet_tiles": len(tiles),
                  "stacks": stacks is not None, "starts": state.active}]


def place(state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
    seat, card, space = move["seat"], move["card"], move["space"]
    i = state.index(seat)
    # Once a player's guest lies on the board every dance due has been
    # danced, so only this space and its neighbours can dance now; before
    # that the neutral guests of the set-up are looked at too.
    # (Players' guests never leave the board: a card placed is one fewer held.)
    first = sum(map(len, state.cards)) == CARDS_PER_PLAYER * len(state.players)
    among = None if first else state.board.around((space,))
    left = list(state.cards[i])
    left.remove(card)
    tiles = dict(state.tiles)
    tile = tiles.pop(space, None)
    collected = set_at(state.collected, i, state.collected[i] + (tile,)) if tile else state.collected
    state = replace(state, cards=set_at(state.cards, i, tuple(left)), tiles=tiles, collected=collected,
                    guests={**state.guests, space: Guest.of(card, seat)})
    outcome: Outcome = [{"fact": "placed", "seat": seat, "card": card, "space": space,
                         "tile": list(tile) if tile else None}]
    if state.events and value(card) == EVENT_VALUE and state.event_deck:
        return replace(state, phase=Phase.EVENT_DRAW), outcome
    return settle(state, outcome, among)


def draw_event(state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
    card = move["card"]
    deck = list(state.event_deck)
    deck.remove(card)
    spec = EVENT_CARDS[card]
    return replace(state, phase=Phase.EVENT, event=card, event_deck=tuple(deck)), [
        {"fact": "event_drawn", "card": card, "title": spec["title"], "text": spec["text"]}]


def resolve_event(state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
    card = state.event
    if move.get("lapse"):
        state, outcome = state, [{"fact": "event_lapsed", "card": card}]
    else:
        state, outcome = events.RULES[card].carry_out(state, move["seat"], move)
        outcome = [{"fact": "event_carried_out", "card": card}] + outcome
    return settle(replace(state, event=None), outcome)


def dance(state: WalzerState, move: Move) -> tuple[WalzerState, Outcome]:
    danced, outcome = perform_dance(state, move["dancer"], move["partner"])
    return settle(replace(danced, due=None), outcome, state.due)


def settle(state: WalzerState, outcome: Outcome,
            among: Sequence[str] | None = None) -> tuple[WalzerState, Outcome]:
    """Dance what is forced; stop for the player's choice where it matters;
    then the turn ends. ``among``: the only spaces where a dance can be due
    (see ``dance_steps``; the whole board when None)."""
    steps = dance_steps(state.board, state.guests, among=among)
    if is_choice(state.board, state.guests, steps):
        return replace(state, phase=Phase.DANCE, due=dancers(steps)), outcome + [{
            "fact": "dance_choice", "seat": state.active,
            "options": [{"dancer": d, "partner": p} for d, p in steps]}]
    while steps:
        state, facts = perform_dance(state, *steps[0])
        outcome = outcome + facts
        steps = dance_steps(state.board, state.guests, among=dancers(steps))
    return end_turn(state, outcome)


def end_turn(state: WalzerState, outcome: Outcome) -> tuple[WalzerState, Outcome]:
    if any(state.cards):
        return replace(state, phase=Phase.PLACE, turn=(state.turn + 1) % len(state.players)), outcome
    points = state.points
    for i, seat in enumerate(state.players):
        sets = buffet_sets(state.collected[i])
        outcome = outcome + [{"fact": "buffet", "seat": seat, "sets": sets}]
        if sets:
            points = set_at(points, i, points[i] + sets * POINTS_PER_SET)
            outcome.append({"fact": "scored", "seat": seat, "points": sets * POINTS_PER_SET,
                            "why": ngettext("{n} complete buffet set", "{n} complete buffet sets", sets)})
    state = replace(state, phase=Phase.OVER, points=points)
    return state, outcome + [{"fact": "game_over", "scores": scores(state), "winners": winners(state)}]

"""Helpers to set a Vienna table up the way a rulebook example describes it."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.vienna import GAME
from domain.vienna.components import SPECIALS, Card, character_deck, start_cards
from domain.vienna.state import Placement, ViennaState, set_player


def play(state: ViennaState, *moves: dict[str, Any]) -> tuple[ViennaState, list[dict[str, Any]]]:
    """Load, check and apply each move; the outcomes of all of them."""
    facts: list[dict[str, Any]] = []
    for data in moves:
        move = GAME.load_move(data)
        GAME.check(state, move)
        state, outcome = GAME.apply(state, move)
        facts += outcome
    return state, facts


def first_display(count: int) -> list[dict[str, Any]]:
    names, cards = set(), []
    for card in character_deck():
        if card.name not in names and len(cards) < count:
            names.add(card.name)
            cards.append(card.to_json())
    return cards


def table(players: list[str], options: dict | None = None, version: str | None = None) -> ViennaState:
    """A game (under rules ``version``, default the current) after the start
    cards are chosen and the first display is out."""
    state = GAME.setup(players, GAME.load_options(options or {}), rules_version=version)
    for seat, card in zip(state.start_card_order(), start_cards()):
        state, _ = play(state, {"type": "choose_start_card", "seat": seat, "card": card.to_json(with_coins=True)})
    state, _ = play(state, {"type": "reveal_characters", "cards": first_display(len(players) - 1)})
    return state


def rolled(state: ViennaState, seat: str, dice: list[str]) -> ViennaState:
    """It is ``seat``'s turn and they have rolled ``dice``."""
    state = replace(state, turn=seat, offer=None)
    return play(state, {"type": "roll", "seat": seat, "dice": dice})[0]


def with_player(state: ViennaState, seat: str, **changes: Any) -> ViennaState:
    return set_player(state, seat, **changes)


def holding(state: ViennaState, seat: str | None, special: str) -> ViennaState:
    i = SPECIALS.index(special)
    return replace(state, specials=state.specials[:i] + (seat,) + state.specials[i + 1:])


def occupy(state: ViennaState, field: str, seat: str, dice: list[str]) -> ViennaState:
    """Dice already lying on a street field."""
    i = state.board.index(field)
    return replace(state, street=state.street[:i] + (Placement(seat, tuple(dice)),) + state.street[i + 1:])


def collection(state: ViennaState, seat: str, citizens: int = 0, crosses: int = 0, crowns: int = 0,
               coins: int | None = None) -> ViennaState:
    """Give ``seat`` a start card showing exactly these symbols (and no characters)."""
    changes: dict[str, Any] = {"start_card": Card("test", citizens, crosses, crowns), "characters": ()}
    if coins is not None:
        changes["coins"] = coins
    return with_player(state, seat, **changes)


def evaluate(state: ViennaState) -> tuple[ViennaState, list[dict[str, Any]]]:
    """Everyone has placed all but the last seat's last die, which goes to
    the Geheimbund: the evaluation starts."""
    last = state.seats[-1]
    for seat in state.seats:
        state = with_player(state, seat, rolled=True, dice=("2",) if seat == last else ())
    state = replace(state, turn=last, offer=None, phase="placing")
    return play(state, {"type": "place", "seat": last, "field": "Geheimbund", "dice": ["2"]})


def facts(outcome: list[dict[str, Any]], fact: str, **match: Any) -> list[dict[str, Any]]:
    return [f for f in outcome if f["fact"] == fact and all(f.get(k) == v for k, v in match.items())]

"""Vienna's evaluation: the street's fields in order once every die is placed
(Evaluation of the Action Fields), the decisions it waits for, the end of a
round and the final scoring."""
from __future__ import annotations

from typing import Mapping

from domain.immutable import evolve, put
from domain.ranking import best
from domain.rules import Move, Outcome
from domain.seating import left_of, right_of
from domain.vienna.components import (SPECIALS, SYMBOLS, Field)
from domain.vienna.state import (COINS_PER_VP, COMPARISON, FINAL_MAJORITY_VP, GAME_END_VP, Pending, Phase, ViennaState,
                                 gain, open_symbols, score, scores, set_player, tiergarten_options, without)
from domain.words import N_, said


def start_evaluation(state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
    outcome.append({"fact": "evaluation_started", "round": state.round})
    return evaluate(evolve(state, phase=Phase.EVALUATION, turn=None), outcome, 0, 0)


def evaluate(state: ViennaState, outcome: Outcome, index: int, effect: int
              ) -> tuple[ViennaState, Outcome]:
    """Evaluate the street from field ``index`` (its effect ``effect``) on,
    until a player must choose or the street is done."""
    street = state.board.street
    while index < len(street):
        placement, field = state.street[index], street[index]
        if placement is not None and not field.lightning:
            if effect == 0:
                why = forfeit(state, placement.seat, field)
                if why:
                    outcome.append({"fact": "field_forfeited", "seat": placement.seat, "field": field.name,
                                    "why": why})
                    effect = len(field.effects)
            for e in range(effect, len(field.effects)):
                state, pending = field_effect(state, index, e, outcome)
                if pending is not None:
                    return evolve(state, pending=pending), outcome
            # "Once the action has been completed ... the player picks up his
            # dice from the field"; dice on lightning fields wait for the round's end.
            state = evolve(state, street=put(state.street, index, None))
        index, effect = index + 1, 0
    return end_round(evolve(state, pending=None), outcome)


def forfeit(state: ViennaState, seat: str, field: Field) -> str | None:
    """Why the field's whole action is forfeited, or None."""
    player = state.player(seat)
    cost = sum(e.get("pay", 0) for e in field.effects)
    if cost > player.coins:
        return f"{seat} cannot pay {cost} coin{'s' if cost != 1 else ''} and pays nothing"
    if any("gloriette" in e for e in field.effects) and not open_symbols(state, seat):
        return f"{seat} has already counted every symbol this round"
    return None


def field_effect(state: ViennaState, index: int, e: int, outcome: Outcome
            ) -> tuple[ViennaState, Pending | None]:
    field = state.board.street[index]
    seat = state.street[index].seat
    effect = field.effects[e]
    name = field.name
    if "compare" in effect:
        return compare(state, seat, effect["compare"], effect, name, outcome), None
    key, value = next(iter(effect.items()))
    if key == "coins":
        return gain(state, seat, value, name, outcome), None
    if key == "pay":
        return gain(state, seat, -value, name, outcome), None
    if key == "vp":
        return score(state, seat, value, name, outcome), None
    if key == "special":
        return take_special(state, seat, value, name, outcome), None
    if key == "heuriger":
        held_cards = len(state.specials_of(seat))
        cards = f"{held_cards} special card{'' if held_cards == 1 else 's'}"
        return score(state, seat, value * held_cards, said(N_("{name}: {cards}"), name=name, cards=cards), outcome), None
    if key == "character":
        return character_field(state, seat, index, e, value, outcome)
    if key == "gloriette":
        options = open_symbols(state, seat)
        if len(options) == 1:
            return compare(state, seat, options[0], COMPARISON, name, outcome), None
        return state, Pending("gloriette", seat, index, e, options)
    options = tiergarten_options(state, seat, value)
    if not options:
        outcome.append({"fact": "nothing_to_take", "seat": seat, "field": name})
        return state, None
    if len(options) == 1:
        return rob(state, seat, options[0], name, outcome), None
    return state, Pending("tiergarten", seat, index, e, amount=value)


def character_field(state: ViennaState, seat: str, index: int, e: int, cost: int, outcome: Outcome
                     ) -> tuple[ViennaState, Pending | None]:
    name = state.board.street[index].name
    if not state.display:
        outcome.append({"fact": "no_character_left", "seat": seat, "field": name})
        return state, None
    if state.player(seat).coins < cost:
        outcome.append({"fact": "cannot_pay_character", "seat": seat, "field": name, "cost": cost})
        return state, None
    options = tuple(c.name for c in state.display)
    if len(options) == 1:
        return give_character(state, seat, options[0], cost, name, outcome), None
    return state, Pending("take_character", seat, index, e, options, cost)


def give_character(state: ViennaState, seat: str, card_name: str, cost: int, field: str,
                    outcome: Outcome) -> ViennaState:
    card = next(c for c in state.display if c.name == card_name)
    state = gain(state, seat, -cost, said(N_("character card at {field}"), field=field), outcome)
    outcome.append({"fact": "character_taken", "seat": seat, "field": field, "card": card.to_json()})
    state = evolve(state, display=without(state.display, [card]))
    return set_player(state, seat, characters=state.player(seat).characters + (card,))


def take_special(state: ViennaState, seat: str, special: str, field: str, outcome: Outcome
                  ) -> ViennaState:
    before = state.holder(special)
    outcome.append({"fact": "special_card_taken", "seat": seat, "card": special, "from": before,
                    "field": field})
    i = SPECIALS.index(special)
    return evolve(state, specials=put(state.specials, i, seat))


def compare(state: ViennaState, seat: str, symbol: str, prize: Mapping[str, int], field: str,
             outcome: Outcome) -> ViennaState:
    """Compare ``symbol`` with both neighbours: a majority gives vp + coins,
    a tie tie_vp (Comparison Fields). A symbol counts once per round."""
    player = state.player(seat)
    if symbol in player.counted:
        outcome.append({"fact": "already_counted", "seat": seat, "field": field, "symbol": symbol})
        return state
    state = set_player(state, seat, counted=player.counted | {symbol})
    mine = state.symbols(seat, symbol)
    for neighbour in (left_of(state.seats, seat), right_of(state.seats, seat)):
        theirs = state.symbols(neighbour, symbol)
        outcome.append({"fact": "compared", "seat": seat, "field": field, "symbol": symbol,
                        "neighbour": neighbour, "mine": mine, "theirs": theirs})
        why = said(N_("{field}: {mine} {symbol} against {neighbour}'s {theirs}"), field=field, mine=mine, symbol=symbol,
                   neighbour=neighbour, theirs=theirs)
        if mine > theirs:
            state = score(state, seat, prize.get("vp", 0), why, outcome)
            state = gain(state, seat, prize.get("coins", 0), why, outcome)
        elif mine == theirs:
            state = score(state, seat, prize.get("tie_vp", 0), why, outcome)
    return state


def rob(state: ViennaState, seat: str, take: Mapping[str, int], field: str, outcome: Outcome
         ) -> ViennaState:
    for victim, coins in take.items():
        state = gain(state, victim, -coins, said(N_("{field}: taken by {seat}"), field=field, seat=seat), outcome)
        state = gain(state, seat, coins, said(N_("{field}: taken from {victim}"), field=field, victim=victim), outcome)
    return state


def resume(state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
    pending = state.pending
    return evaluate(evolve(state, pending=None), outcome, pending.field, pending.effect + 1)


def take_character(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    pending = state.pending
    outcome: Outcome = []
    field = state.board.street[pending.field].name
    state = give_character(state, move["seat"], move["card"], pending.amount, field, outcome)
    return resume(state, outcome)


def gloriette(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    outcome: Outcome = []
    field = state.board.street[state.pending.field].name
    state = compare(state, move["seat"], move["symbol"], COMPARISON, field, outcome)
    return resume(state, outcome)


def tiergarten(state: ViennaState, move: Move) -> tuple[ViennaState, Outcome]:
    outcome: Outcome = []
    field = state.board.street[state.pending.field].name
    state = rob(state, move["seat"], move["take"], field, outcome)
    return resume(state, outcome)


def end_round(state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
    outcome.append({"fact": "evaluation_finished", "round": state.round})
    if any(p.vp >= GAME_END_VP for p in state.players):
        return final_scoring(state, outcome)
    players = tuple(evolve(p, dice=(), rolled=False, position=-1, counted=frozenset()) for p in state.players)
    state = evolve(
        state, players=players, phase=Phase.REVEAL, round=state.round + 1, street=(None,) * len(state.street),
        geheimbund=(), gendarme=None, display=(), discards=state.discards + state.display, turn=None,
        double_turn=False, offer=None, double_move_used=False, white_die=state.holder("additional_die"))
    outcome.append({"fact": "round_started", "round": state.round, "start_player": state.holder("start_player")})
    return state, outcome


def final_scoring(state: ViennaState, outcome: Outcome) -> tuple[ViennaState, Outcome]:
    """End of Game: 1 VP per majority of a symbol over each neighbour (none
    for a tie), then 3 coins = 1 VP."""
    gains = {seat: 0 for seat in state.seats}
    for seat in state.seats:
        for symbol in SYMBOLS:
            mine = state.symbols(seat, symbol)
            for neighbour in (left_of(state.seats, seat), right_of(state.seats, seat)):
                theirs = state.symbols(neighbour, symbol)
                if mine > theirs:
                    gains[seat] += FINAL_MAJORITY_VP
                    outcome.append({"fact": "scored", "seat": seat, "points": FINAL_MAJORITY_VP,
                                    "why": said(N_("final: {mine} {symbol} against {neighbour}'s {theirs}"), mine=mine, symbol=symbol, neighbour=neighbour, theirs=theirs)})
    players = []
    for seat, player in zip(state.seats, state.players):
        traded, left = divmod(player.coins, COINS_PER_VP)
        if traded:
            outcome.append({"fact": "coins", "seat": seat, "coins": -traded * COINS_PER_VP,
                            "why": N_("final: traded for victory points")})
            outcome.append({"fact": "scored", "seat": seat, "points": traded,
                            "why": said(N_("final: {value} coins traded"), value=traded * COINS_PER_VP)})
        players.append(evolve(player, vp=player.vp + gains[seat] + traded, coins=left))
    state = evolve(state, players=tuple(players), phase=Phase.OVER, offer=None)
    final = tuple((seat, p.vp, len(state.specials_of(seat)), p.coins) for seat, p in zip(state.seats, players))
    winners = tuple(best({seat: (vp, specials, coins) for seat, vp, specials, coins in final}))
    state = evolve(state, final=final, winners=winners)
    outcome.append({"fact": "game_over", "scores": scores(state), "winners": list(winners),
                    "tie_break": {seat: {"special_cards": specials, "coins": coins}
                                  for seat, _, specials, coins in final}})
    return state, outcome

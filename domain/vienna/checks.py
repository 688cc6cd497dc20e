"""Vienna's checks: whether a move may be made now, each refusal naming its rule."""
from __future__ import annotations


from domain.rules import Move, RuleViolation
from domain.vienna.components import (Card, Field, face, held, is_white, with_face)
from domain.vienna.state import (Pending, Phase, Player, REROLL_COST, RULE_COMPARISON, RULE_EVALUATION, RULE_ORDER,
                                 RULE_PLAY, RULE_REROLL, RULE_SETUP, RULE_SPECIAL_CARDS, RULE_SPECIAL_FIELDS,
                                 TURN_BACK_COST, ViennaState, check_from_deck, free_fields, has_all, not_on_joker_card,
                                 reveal_size, without)


def check_start_card(state: ViennaState, move: Move) -> None:
    if state.phase != Phase.START_CARDS:
        raise RuleViolation("start_cards_chosen", "Every player has already chosen a start card.", RULE_SETUP)
    chooser = state.chooser()
    if move["seat"] != chooser:
        raise RuleViolation(
            "not_your_choice",
            f"Start cards are chosen counter-clockwise, the start player last: it is {chooser}'s turn to choose.",
            RULE_SETUP)
    card = Card.from_json(move["card"])
    if state.edition.table_cards_checked:
        check_from_deck(state.deck, card, start_card=True)
    taken = [p.start_card for p in state.players if p.start_card is not None]
    if card in taken:
        raise RuleViolation("start_card_taken", f"The start card {card.name} has already been chosen.",
                            RULE_SETUP)


def check_reveal(state: ViennaState, move: Move) -> None:
    if state.phase != Phase.REVEAL:
        raise RuleViolation("not_reveal_time", "Character cards are turned over only at the start of a round.",
                            RULE_SETUP)
    cards = move["cards"]
    size = reveal_size(state)
    if len(cards) != size:
        raise RuleViolation(
            "display_size",
            f"Turn over {size} character cards (one less than the number of players), not {len(cards)}.",
            RULE_SETUP)
    if state.edition.table_cards_checked:
        for card in cards:
            check_from_deck(state.deck, Card.from_json(card), start_card=False)
    names = [c["name"] for c in cards]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise RuleViolation(
            "same_character_twice",
            f"{twice} is in the display twice: put one back at the bottom of the stack and turn over a new card.",
            RULE_SETUP)


def check_roll(state: ViennaState, move: Move) -> None:
    seat = move["seat"]
    if state.phase != Phase.PLACING or state.player(state.turn).rolled or seat != state.turn:
        raise RuleViolation(
            "not_roll_time",
            f"{seat} cannot roll now: each player rolls all their dice once, at the start of their "
            "first turn of the round.", RULE_PLAY)
    own = state.dice_count
    white = 1 if state.white_die == seat else 0
    dice = move["dice"]
    if sum(1 for d in dice if is_white(d)) != white or len(dice) != own + white:
        has = f"{own} dice" + (" and the white die" if white else "")
        raise RuleViolation("dice_count", f"{seat} rolls {has}: enter exactly those.", RULE_PLAY)


def check_own_turn(state: ViennaState, seat: str, what: str) -> Player:
    if state.phase != Phase.PLACING or state.turn != seat:
        now = f"it is {state.turn}'s turn" if state.phase == Phase.PLACING else "dice are not being placed now"
        raise RuleViolation("not_your_turn", f"{seat} cannot {what}: {now}.", RULE_PLAY)
    player = state.player(seat)
    if not player.rolled:
        raise RuleViolation("not_rolled", f"{seat} rolls all their dice first.", RULE_PLAY)
    return player


def check_pay_to_change(state: ViennaState, move: Move, what: str) -> Player:
    player = check_own_turn(state, move["seat"], what)
    if player.coins < REROLL_COST:
        raise RuleViolation("no_coin", f"Changing your roll costs {REROLL_COST} coin and you have none.",
                            RULE_REROLL)
    return player


def check_reroll(state: ViennaState, move: Move) -> None:
    player = check_pay_to_change(state, move, "reroll")
    dice, result = move["dice"], move["result"]
    if not has_all(player.dice, dice):
        raise RuleViolation("die_not_held", f"{move['seat']} does not have {', '.join(dice)} in front of them.",
                            RULE_REROLL)
    not_on_joker_card(dice)
    if result is None:
        raise RuleViolation("reroll_result", "Enter what the rerolled dice show (the result).", RULE_REROLL)
    if len(result) != len(dice) or any(is_white(a) != is_white(b) for a, b in zip(dice, result)):
        raise RuleViolation("reroll_result",
                            "The result gives one new face per rerolled die, in the same order and colour.",
                            RULE_REROLL)


def check_turn_die(state: ViennaState, move: Move) -> None:
    player = check_pay_to_change(state, move, "turn a die")
    die, to = move["die"], move["to"]
    if die not in player.dice:
        raise RuleViolation("die_not_held", f"{move['seat']} has no {die} in front of them.", RULE_REROLL)
    not_on_joker_card([die])
    if is_white(die) != is_white(to) or abs(face(die) - face(to)) != 1:
        raise RuleViolation("turn_by_one", f"A die is turned by one number up or down: {die} becomes "
                            + " or ".join(with_face(die, v) for v in (face(die) - 1, face(die) + 1) if 1 <= v <= 6)
                            + f", not {to}.", RULE_REROLL)


def check_place(state: ViennaState, move: Move) -> None:
    seat, name, dice = move["seat"], move["field"], move["dice"]
    player = check_own_turn(state, seat, "place dice")
    if len(dice) == 2 and is_white(dice[0]) and is_white(dice[1]):
        raise RuleViolation("die_not_held", "There is only one white die.", RULE_SPECIAL_CARDS)
    if not has_all(player.dice, [held(d) for d in dice]):
        raise RuleViolation("die_not_held",
                            f"{seat} does not have {', '.join(held(d) for d in dice)} in front of them "
                            f"(they have {', '.join(player.dice) or 'no dice'}).", RULE_PLAY)
    field = state.board.field(name)
    if field is None:
        raise RuleViolation("unknown_field", f"There is no field '{name}' on this board.", RULE_PLAY)
    geheimbund = field.kind == "geheimbund"
    if len(dice) == 1 and is_white(dice[0]) and not geheimbund:
        raise RuleViolation("white_die_alone",
                            "The white die can only be placed together with another die (except on the Geheimbund).",
                            RULE_SPECIAL_CARDS)
    index = state.board.index(name)
    if not geheimbund:
        if state.street[index] is not None:
            raise RuleViolation("field_occupied", f"{name} is already occupied by {state.street[index].seat}.",
                                RULE_PLAY)
        if state.gendarme == index:
            raise RuleViolation("gendarme", f"The Gendarme blocks {name} until the evaluation.",
                                RULE_SPECIAL_FIELDS)
        faces = [face(d) for d in dice]
        if not field.accepts(faces):
            shown = " + ".join(str(f) for f in faces)
            is_double = len(faces) == 2 and faces[0] == faces[1]
            raise RuleViolation(
                "needs_double" if field.double and not is_double else "value_mismatch",
                f"{name} needs {field.wants()}; your dice show {shown}"
                + (f" = {sum(faces)}" if len(faces) == 2 else "") + ".", RULE_PLAY)
        if index < player.position and player.coins < TURN_BACK_COST:
            raise RuleViolation(
                "no_coin_to_turn_back",
                f"{name} lies behind {state.board.street[player.position].name}, where you last placed: "
                f"turning the coach around costs {TURN_BACK_COST} coin and you have none.", RULE_ORDER)
    check_krieau(state, move, field, index)
    check_prater(state, move, field, player)


def check_krieau(state: ViennaState, move: Move, field: Field, index: int | None) -> None:
    if field.kind != "krieau":
        if move["gendarme"] is not None or move["take"] is not None:
            raise RuleViolation("not_krieau", "Only the Krieau places the Gendarme and gives a coin or a VP.",
                                RULE_SPECIAL_FIELDS)
        return
    if move["take"] is None:
        raise RuleViolation("krieau_take", "At the Krieau choose a coin or a victory point (take).",
                            RULE_SPECIAL_FIELDS)
    free = free_fields(state, also_taken=index)
    target = move["gendarme"]
    if target is None:
        if free:
            raise RuleViolation("krieau_gendarme", "At the Krieau place the Gendarme on a free field (gendarme).",
                                RULE_SPECIAL_FIELDS)
        return
    where = state.board.index(target)
    if where is None:
        raise RuleViolation("gendarme_field", f"The Gendarme goes on a free field of the street, not '{target}'.",
                            RULE_SPECIAL_FIELDS)
    if where not in free:
        raise RuleViolation("gendarme_field", f"{target} is not free: the Gendarme goes on a free field.",
                            RULE_SPECIAL_FIELDS)


def check_prater(state: ViennaState, move: Move, field: Field, player: Player) -> None:
    turn, to = move["turn"], move["to"]
    if field.kind != "prater":
        if turn is not None or to is not None:
            raise RuleViolation("not_prater", "Only the Prater lets you turn a die to any side.",
                                RULE_SPECIAL_FIELDS)
        return
    if (turn is None) != (to is None):
        raise RuleViolation("prater_turn", "At the Prater give both the die to turn and the face it gets.",
                            RULE_SPECIAL_FIELDS)
    if turn is None:
        return
    left = without(player.dice, [held(d) for d in move["dice"]])
    if turn not in left:
        raise RuleViolation("die_not_held", f"You have no {turn} left in front of you to turn.",
                            RULE_SPECIAL_FIELDS)
    not_on_joker_card([turn])
    if is_white(turn) != is_white(to) or face(turn) == face(to):
        raise RuleViolation("prater_turn", f"Turn {turn} onto another side of the same die, not {to}.",
                            RULE_SPECIAL_FIELDS)


def check_double_move(state: ViennaState, move: Move) -> None:
    seat = move["seat"]
    if state.offer == seat:
        return
    if state.holder("double_move") != seat:
        why = "does not hold the double-move card"
    elif state.double_move_used:
        why = "has already used the double-move card this round"
    elif state.phase == Phase.PLACING and not state.player(seat).dice and state.player(seat).rolled:
        why = "has no dice left to place"
    else:
        why = "can play it only right after their regular turn"
    raise RuleViolation("double_move_not_now", f"{seat} cannot make a double move: {seat} {why}.",
                        RULE_SPECIAL_CARDS)


def check_decision(state: ViennaState, move: Move) -> None:
    pending, kind, seat = state.pending, move["type"], move["seat"]
    if state.phase != Phase.EVALUATION or pending is None or pending.kind != kind:
        raise RuleViolation("no_decision", f"No {kind.replace('_', ' ')} decision is open now.", RULE_EVALUATION)
    field = state.board.street[pending.field].name
    if seat != pending.seat:
        raise RuleViolation("not_your_field", f"{pending.seat} occupies {field} and decides there.",
                            RULE_EVALUATION)
    if kind == "take_character" and move["card"] not in pending.options:
        raise RuleViolation("not_in_display", f"{move['card']} is not in the display; choose one of "
                            + ", ".join(pending.options) + ".", RULE_EVALUATION)
    if kind == "gloriette" and move["symbol"] not in pending.options:
        raise RuleViolation("symbol_counted",
                            f"{seat} has already counted {move['symbol']} this round; choose "
                            + " or ".join(pending.options) + ".", RULE_COMPARISON)
    if kind == "tiergarten":
        check_tiergarten(state, move, pending)


def check_tiergarten(state: ViennaState, move: Move, pending: Pending) -> None:
    take, seat = move["take"], move["seat"]
    for victim, coins in take.items():
        if victim == seat or victim not in state.seats:
            raise RuleViolation("tiergarten_victim", f"Take coins from other players, not from '{victim}'.",
                                RULE_COMPARISON)
        has = state.player(victim).coins
        if coins > has:
            raise RuleViolation("tiergarten_coins", f"You cannot take {coins} from {victim}: {victim} has "
                                + (f"only {has} coin{'s' if has != 1 else ''}." if has else "no coins."),
                                RULE_COMPARISON)
    amounts = sorted(take.values())
    if not (len(amounts) == 1 and amounts[0] <= pending.amount or amounts == [1, 1] and pending.amount >= 2):
        raise RuleViolation("tiergarten_take",
                            f"At the Tiergarten take up to {pending.amount} coins from one player, "
                            "or 1 coin each from two different players.", RULE_COMPARISON)

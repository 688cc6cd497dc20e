"""Vienna's checks: whether a move may be made now, each refusal naming its rule."""
from __future__ import annotations


from domain.rules import Move, RuleViolation
from domain.vienna.components import (Card, Field, face, held, is_white, with_face)
from domain.vienna.state import (Pending, Phase, Player, REROLL_COST, RULE_COMPARISON, RULE_EVALUATION, RULE_ORDER,
                                 RULE_PLAY, RULE_REROLL, RULE_SETUP, RULE_SPECIAL_CARDS, RULE_SPECIAL_FIELDS,
                                 TURN_BACK_COST, ViennaState, check_from_deck, free_fields, has_all, not_on_joker_card,
                                 reveal_size, without)
from domain.words import N_, said


def check_start_card(state: ViennaState, move: Move) -> None:
    if state.phase != Phase.START_CARDS:
        raise RuleViolation("start_cards_chosen", N_("Every player has already chosen a start card."), RULE_SETUP)
    chooser = state.chooser()
    if move["seat"] != chooser:
        raise RuleViolation(
            "not_your_choice",
            N_("Start cards are chosen counter-clockwise, the start player last: it is {chooser}'s turn to choose."),
            RULE_SETUP, chooser=chooser)
    card = Card.from_json(move["card"])
    if state.edition.table_cards_checked:
        check_from_deck(state.deck, card, start_card=True)
    taken = [p.start_card for p in state.players if p.start_card is not None]
    if card in taken:
        raise RuleViolation("start_card_taken", N_("The start card {name} has already been chosen."),
                            RULE_SETUP, name=card.name)


def check_reveal(state: ViennaState, move: Move) -> None:
    if state.phase != Phase.REVEAL:
        raise RuleViolation("not_reveal_time", N_("Character cards are turned over only at the start of a round."),
                            RULE_SETUP)
    cards = move["cards"]
    size = reveal_size(state)
    if len(cards) != size:
        raise RuleViolation(
            "display_size",
            N_("Turn over {size} character cards (one less than the number of players), not {cards}."),
            RULE_SETUP, size=size, cards=len(cards))
    if state.edition.table_cards_checked:
        for card in cards:
            check_from_deck(state.deck, Card.from_json(card), start_card=False)
    names = [c["name"] for c in cards]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise RuleViolation(
            "same_character_twice",
            N_("{twice} is in the display twice: put one back at the bottom of the stack and turn over a new card."),
            RULE_SETUP, twice=twice)


def check_roll(state: ViennaState, move: Move) -> None:
    seat = move["seat"]
    if state.phase != Phase.PLACING or state.player(state.turn).rolled or seat != state.turn:
        raise RuleViolation(
            "not_roll_time",
            N_("{seat} cannot roll now: each player rolls all their dice once, at the start of their first "
               "turn of the round."), RULE_PLAY, seat=seat)
    own = state.dice_count
    white = 1 if state.white_die == seat else 0
    dice = move["dice"]
    if sum(1 for d in dice if is_white(d)) != white or len(dice) != own + white:
        has = said(N_("{own} dice and the white die") if white else N_("{own} dice"), own=own)
        raise RuleViolation("dice_count", N_("{seat} rolls {has}: enter exactly those."), RULE_PLAY,
                            seat=seat, has=has)


def check_own_turn(state: ViennaState, seat: str, what: str) -> Player:
    if state.phase != Phase.PLACING or state.turn != seat:
        now = said(N_("it is {turn}'s turn"), turn=state.turn) if state.phase == Phase.PLACING else \
            N_("dice are not being placed now")
        raise RuleViolation("not_your_turn", N_("{seat} cannot {what}: {now}."), RULE_PLAY,
                            seat=seat, what=what, now=now)
    player = state.player(seat)
    if not player.rolled:
        raise RuleViolation("not_rolled", N_("{seat} rolls all their dice first."), RULE_PLAY, seat=seat)
    return player


def check_pay_to_change(state: ViennaState, move: Move, what: str) -> Player:
    player = check_own_turn(state, move["seat"], what)
    if player.coins < REROLL_COST:
        raise RuleViolation("no_coin", N_("Changing your roll costs {reroll_cost} coin and you have none."),
                            RULE_REROLL, reroll_cost=REROLL_COST)
    return player


def check_reroll(state: ViennaState, move: Move) -> None:
    player = check_pay_to_change(state, move, N_("reroll"))
    dice, result = move["dice"], move["result"]
    if not has_all(player.dice, dice):
        raise RuleViolation("die_not_held", N_("{seat} does not have {dice} in front of them."),
                            RULE_REROLL, seat=move['seat'], dice=', '.join(dice))
    not_on_joker_card(dice)
    if result is None:
        raise RuleViolation("reroll_result", N_("Enter what the rerolled dice show (the result)."), RULE_REROLL)
    if len(result) != len(dice) or any(is_white(a) != is_white(b) for a, b in zip(dice, result)):
        raise RuleViolation("reroll_result",
                            N_("The result gives one new face per rerolled die, in the same order and colour."),
                            RULE_REROLL)


def check_turn_die(state: ViennaState, move: Move) -> None:
    player = check_pay_to_change(state, move, N_("turn a die"))
    die, to = move["die"], move["to"]
    if die not in player.dice:
        raise RuleViolation("die_not_held", N_("{seat} has no {die} in front of them."), RULE_REROLL,
                            seat=move['seat'], die=die)
    not_on_joker_card([die])
    if is_white(die) != is_white(to) or abs(face(die) - face(to)) != 1:
        raise RuleViolation("turn_by_one", N_("A die is turned by one number up or down: {die} becomes {value}, not {to}."), RULE_REROLL,
                            die=die, value=' or '.join((with_face(die, v) for v in (face(die) - 1, face(die) + 1) if 1 <= v <= 6)), to=to)


def check_place(state: ViennaState, move: Move) -> None:
    seat, name, dice = move["seat"], move["field"], move["dice"]
    player = check_own_turn(state, seat, N_("place dice"))
    if len(dice) == 2 and is_white(dice[0]) and is_white(dice[1]):
        raise RuleViolation("die_not_held", N_("There is only one white die."), RULE_SPECIAL_CARDS)
    if not has_all(player.dice, [held(d) for d in dice]):
        raise RuleViolation("die_not_held",
                            N_("{seat} does not have {dice} in front of them (they have {value})."), RULE_PLAY,
                            seat=seat, dice=', '.join((held(d) for d in dice)), value=', '.join(player.dice) or 'no dice')
    field = state.board.field(name)
    if field is None:
        raise RuleViolation("unknown_field", N_("There is no field '{name}' on this board."), RULE_PLAY, name=name)
    geheimbund = field.kind == "geheimbund"
    if len(dice) == 1 and is_white(dice[0]) and not geheimbund:
        raise RuleViolation("white_die_alone",
                            N_("The white die can only be placed together with another die (except on the Geheimbund)."),
                            RULE_SPECIAL_CARDS)
    index = state.board.index(name)
    if not geheimbund:
        if state.street[index] is not None:
            raise RuleViolation("field_occupied", N_("{name} is already occupied by {seat}."),
                                RULE_PLAY, name=name, seat=state.street[index].seat)
        if state.gendarme == index:
            raise RuleViolation("gendarme", N_("The Gendarme blocks {name} until the evaluation."),
                                RULE_SPECIAL_FIELDS, name=name)
        faces = [face(d) for d in dice]
        if not field.accepts(faces):
            shown = " + ".join(str(f) for f in faces)
            is_double = len(faces) == 2 and faces[0] == faces[1]
            raise RuleViolation(
                "needs_double" if field.double and not is_double else "value_mismatch",
                N_("{name} needs {field}; your dice show {shown}{value}."), RULE_PLAY,
                name=name, field=field.wants(), shown=shown, value=f' = {sum(faces)}' if len(faces) == 2 else '')
        if index < player.position and player.coins < TURN_BACK_COST:
            raise RuleViolation(
                "no_coin_to_turn_back",
                N_("{name} lies behind {name2}, where you last placed: turning the coach around costs "
                   "{turn_back_cost} coin and you have none."), RULE_ORDER,
                name=name, name2=state.board.street[player.position].name, turn_back_cost=TURN_BACK_COST)
    check_krieau(state, move, field, index)
    check_prater(state, move, field, player)


def check_krieau(state: ViennaState, move: Move, field: Field, index: int | None) -> None:
    if field.kind != "krieau":
        if move["gendarme"] is not None or move["take"] is not None:
            raise RuleViolation("not_krieau", N_("Only the Krieau places the Gendarme and gives a coin or a VP."),
                                RULE_SPECIAL_FIELDS)
        return
    if move["take"] is None:
        raise RuleViolation("krieau_take", N_("At the Krieau choose a coin or a victory point (take)."),
                            RULE_SPECIAL_FIELDS)
    free = free_fields(state, also_taken=index)
    target = move["gendarme"]
    if target is None:
        if free:
            raise RuleViolation("krieau_gendarme", N_("At the Krieau place the Gendarme on a free field (gendarme)."),
                                RULE_SPECIAL_FIELDS)
        return
    where = state.board.index(target)
    if where is None:
        raise RuleViolation("gendarme_field", N_("The Gendarme goes on a free field of the street, not '{target}'."),
                            RULE_SPECIAL_FIELDS, target=target)
    if where not in free:
        raise RuleViolation("gendarme_field", N_("{target} is not free: the Gendarme goes on a free field."),
                            RULE_SPECIAL_FIELDS, target=target)


def check_prater(state: ViennaState, move: Move, field: Field, player: Player) -> None:
    turn, to = move["turn"], move["to"]
    if field.kind != "prater":
        if turn is not None or to is not None:
            raise RuleViolation("not_prater", N_("Only the Prater lets you turn a die to any side."),
                                RULE_SPECIAL_FIELDS)
        return
    if (turn is None) != (to is None):
        raise RuleViolation("prater_turn", N_("At the Prater give both the die to turn and the face it gets."),
                            RULE_SPECIAL_FIELDS)
    if turn is None:
        return
    left = without(player.dice, [held(d) for d in move["dice"]])
    if turn not in left:
        raise RuleViolation("die_not_held", N_("You have no {turn} left in front of you to turn."),
                            RULE_SPECIAL_FIELDS, turn=turn)
    not_on_joker_card([turn])
    if is_white(turn) != is_white(to) or face(turn) == face(to):
        raise RuleViolation("prater_turn", N_("Turn {turn} onto another side of the same die, not {to}."),
                            RULE_SPECIAL_FIELDS, turn=turn, to=to)


def check_double_move(state: ViennaState, move: Move) -> None:
    seat = move["seat"]
    if state.offer == seat:
        return
    if state.holder("double_move") != seat:
        why = N_("does not hold the double-move card")
    elif state.double_move_used:
        why = N_("has already used the double-move card this round")
    elif state.phase == Phase.PLACING and not state.player(seat).dice and state.player(seat).rolled:
        why = N_("has no dice left to place")
    else:
        why = N_("can play it only right after their regular turn")
    raise RuleViolation("double_move_not_now", N_("{seat} cannot make a double move: {seat} {why}."),
                        RULE_SPECIAL_CARDS, seat=seat, why=why)


def check_decision(state: ViennaState, move: Move) -> None:
    pending, kind, seat = state.pending, move["type"], move["seat"]
    if state.phase != Phase.EVALUATION or pending is None or pending.kind != kind:
        raise RuleViolation("no_decision", N_("No {kind} decision is open now."), RULE_EVALUATION,
                            kind=kind.replace('_', ' '))
    field = state.board.street[pending.field].name
    if seat != pending.seat:
        raise RuleViolation("not_your_field", N_("{seat} occupies {field} and decides there."),
                            RULE_EVALUATION, seat=pending.seat, field=field)
    if kind == "take_character" and move["card"] not in pending.options:
        raise RuleViolation("not_in_display", N_("{card} is not in the display; choose one of {options}."), RULE_EVALUATION,
                            card=move['card'], options=', '.join(pending.options))
    if kind == "gloriette" and move["symbol"] not in pending.options:
        raise RuleViolation("symbol_counted",
                            N_("{seat} has already counted {symbol} this round; choose {options}."), RULE_COMPARISON,
                            seat=seat, symbol=move['symbol'], options=' or '.join(pending.options))
    if kind == "tiergarten":
        check_tiergarten(state, move, pending)


def check_tiergarten(state: ViennaState, move: Move, pending: Pending) -> None:
    take, seat = move["take"], move["seat"]
    for victim, coins in take.items():
        if victim == seat or victim not in state.seats:
            raise RuleViolation("tiergarten_victim", N_("Take coins from other players, not from '{victim}'."),
                                RULE_COMPARISON, victim=victim)
        has = state.player(victim).coins
        if coins > has:
            raise RuleViolation("tiergarten_coins", N_("You cannot take {coins} from {victim}: {victim} has {value}"),
                                RULE_COMPARISON,
                                coins=coins, victim=victim, value=f"only {has} coin{('s' if has != 1 else '')}." if has else 'no coins.')
    amounts = sorted(take.values())
    if not (len(amounts) == 1 and amounts[0] <= pending.amount or amounts == [1, 1] and pending.amount >= 2):
        raise RuleViolation("tiergarten_take",
                            N_("At the Tiergarten take up to {amount} coins from one player, or 1 coin each from two different players."), RULE_COMPARISON, amount=pending.amount)

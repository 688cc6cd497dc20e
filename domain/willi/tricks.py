"""Willi's moves: the deal, discards, the trick-taking, Meinz and exchanges —
each move type's check and what it does."""
from __future__ import annotations


from domain.immutable import evolve as replace, put as _set
from domain.ranking import places
from domain.rules import Finding, Move, Outcome, RuleViolation
from domain.willi.cards import DECK, colour, colour_name, follows, value

from domain.willi.state import (HAND_SIZE, MONSTER, MONSTER_BONUS, ROUNDS, RULE_EXCHANGE, RULE_FOLLOW, RULE_MONSTER,
                                RULE_PREPARATION, RULE_WIN, TRICKS_PER_ROUND, TRICKS_PER_SEAT, Hand, not_held,
                                Phase, round_points, same_colour, scores, Trick, Unfollowed, WilliState, winners)
from domain.words import N_, said


def check_deal(state: WilliState, move: Move) -> None:
    if state.phase != Phase.DEAL:
        raise RuleViolation("already_dealt", N_("Round {round} has already been dealt."), RULE_PREPARATION,
                            round=state.round)
    hands = move["hands"]
    if set(hands) != set(state.seats):
        raise RuleViolation(
            "deal_seats", N_("A deal gives a hand to every seat: {seats}."),
            RULE_PREPARATION, seats=', '.join(state.seats))
    seen: dict[str, str] = {}
    for seat, cards in hands.items():
        if cards is None:
            continue
        if len(cards) != HAND_SIZE:
            raise RuleViolation(
                "hand_size", N_("Every seat is dealt {hand_size} cards; {seat} got {cards}."),
                RULE_PREPARATION, hand_size=HAND_SIZE, seat=seat, cards=len(cards))
        for card in cards:
            if card in seen:
                twice = said(N_("{seat} is dealt {card} twice"), seat=seat, card=card) if seen[card] == seat else \
                    said(N_("{card} is dealt twice ({first} and {seat})"), card=card, first=seen[card], seat=seat)
                raise RuleViolation("card_twice", N_("{twice}; the deck has one."), RULE_PREPARATION, twice=twice)
            seen[card] = seat


def check_discard(state: WilliState, move: Move) -> None:
    seat, card = move["seat"], move["card"]
    if seat == MONSTER:
        raise RuleViolation("monster_discard", N_("The card monster does not discard."), RULE_MONSTER)
    if state.phase != Phase.DISCARD or seat in state.discarded:
        raise RuleViolation(
            "discard_once", N_("Each player discards exactly one card, before the first lead."),
            RULE_PREPARATION)
    if card is not None and card not in state.hand(seat).possible:
        raise not_held(state, card, seat, "discard")


def check_play(state: WilliState, move: Move) -> None:
    seat, card = move["seat"], move["card"]
    if state.phase == Phase.DISCARD:
        waiting = ", ".join(s for s in state.players if s not in state.discarded)
        raise RuleViolation("discard_first", N_("Everyone discards before the first lead; waiting for {waiting}."),
                            RULE_PREPARATION, waiting=waiting)
    nxt = state.next_to_play()
    if seat != nxt:
        raise RuleViolation("not_your_turn", N_("It is {nxt}'s turn to play, not {seat}'s."), RULE_FOLLOW,
                            nxt=nxt, seat=seat)
    hand = state.hand(seat)
    if seat == MONSTER:
        if hand.stack is not None and card != hand.stack[0]:
            raise RuleViolation(
                "monster_top_card",
                N_("The card monster plays the top card of its stack: {stack}, not {card}."), RULE_MONSTER,
                stack=hand.stack[0], card=card)
    if card not in hand.possible:
        raise not_held(state, card, seat, "play")
    if seat == MONSTER or state.trick is None:
        return
    lead = state.trick.lead
    if not follows(card, lead) and hand.surely_holds_one_of(same_colour(lead)):
        raise RuleViolation(
            "must_follow",
            N_("You must follow {lead} or play a {lead2}: you hold {lead} cards."), RULE_FOLLOW, lead=colour_name(lead), lead2=value(lead))


def check_meinz(state: WilliState, move: Move) -> None:
    seat = move["seat"]
    trick = state.trick
    if seat == MONSTER:
        raise RuleViolation("monster_meinz", N_("The card monster cannot call Meinz."), RULE_MONSTER)
    if state.phase != Phase.PLAY or trick is None:
        when = (N_("The trick is over: nobody calls Meinz after its last card")
                if state.phase == Phase.PLAY and state.tricks else N_("No trick has been led yet"))
        raise RuleViolation("meinz_no_trick", N_("{when}; Meinz is called during a trick, after your own card."),
                            RULE_WIN, when=when)
    if trick.caller is not None:
        raise RuleViolation("meinz_taken", N_("{caller} already called Meinz on this trick."), RULE_WIN,
                            caller=trick.caller)
    if trick.card_of(seat) is None:
        last = state.seats[(state.index(trick.leader) - 1) % len(state.seats)]
        raise RuleViolation(
            "meinz_before_card",
            N_("The last player to play to a trick never calls Meinz.") if seat == last else
            N_("You may call Meinz only after playing your card to this trick."), RULE_WIN)
    if state.won(seat) >= TRICKS_PER_SEAT:
        raise RuleViolation(
            "meinz_two_tricks", N_("You already have 2 tricks this round: you may not call Meinz."), RULE_WIN)


def check_exchange(state: WilliState, move: Move) -> None:
    seat, give, take = move["seat"], move["give"], move["take"]
    if seat == MONSTER:
        raise RuleViolation("monster_exchange", N_("The card monster never exchanges: it only turns its top card."),
                            RULE_MONSTER)
    if state.phase != Phase.PLAY or state.trick is not None or not state.tricks:
        raise RuleViolation(
            "exchange_closed", N_("Only the winner of a trick may exchange, right after it and before the next lead."),
            RULE_EXCHANGE)
    last = state.tricks[-1]
    if seat != last.winner:
        who = (N_("The card monster won the trick: it never exchanges, and nobody else may")
               if last.winner == MONSTER else said(N_("Only {winner}, who won the trick, may exchange"), winner=last.winner))
        raise RuleViolation("exchange_not_winner", N_("{who}."), RULE_EXCHANGE, who=who)
    if last.exchange is not None:
        raise RuleViolation(
            "exchange_closed", N_("{seat} has already exchanged: one card per trick, before the next lead."),
            RULE_EXCHANGE, seat=seat)
    if take not in (card for _, card in last.cards):
        raise RuleViolation("exchange_not_in_trick", N_("{take} is not in the trick."), RULE_EXCHANGE, take=take)
    if give not in state.hand(seat).possible:
        raise not_held(state, give, seat, "give")
    if colour(give) != colour(take):
        raise RuleViolation(
            "exchange_colour",
            N_("You may only exchange for a card of the same colour: {give} is {give2}, {take} is {take2}."), RULE_EXCHANGE,
            give=give, give2=colour_name(give), take=take, take2=colour_name(take))


def deal(state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
    dealt = move["hands"]
    known = {card for cards in dealt.values() if cards for card in cards}
    unseen = frozenset(DECK) - known
    hands = tuple(
        Hand(frozenset(dealt[seat]), HAND_SIZE, stack=tuple(dealt[seat]) if seat == MONSTER else None)
        if dealt[seat] is not None else Hand(unseen, HAND_SIZE)
        for seat in state.seats)
    new = replace(state, phase=Phase.DISCARD, hands=hands, discarded=frozenset(), tricks=(), trick=None,
                  exchange_open=False, unfollowed=())
    return new, [{"fact": "dealt", "round": state.round, "leader": state.leader_of_round}]


def discard(state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
    seat, card = move["seat"], move["card"]
    i = state.index(seat)
    hands = state.hands
    if card is None:
        hands = _set(hands, i, replace(hands[i], size=hands[i].size - 1))
    else:
        hands = remove_everywhere(hands, card, i)
    discarded = state.discarded | {seat}
    phase = Phase.PLAY if discarded >= set(state.players) else Phase.DISCARD
    return replace(state, hands=hands, discarded=discarded, phase=phase), [
        {"fact": "discarded", "seat": seat, "seen": card is not None}]


def remove_everywhere(hands: tuple[Hand, ...], card: str, holder: int) -> tuple[Hand, ...]:
    """``card`` left seat ``holder``'s hand face up: no hand can hold it now."""
    out = []
    for i, hand in enumerate(hands):
        if i == holder:
            stack = hand.stack[1:] if hand.stack else hand.stack
            hand = replace(hand, possible=hand.possible - {card}, size=hand.size - 1, stack=stack,
                           taken=tuple(t for t in hand.taken if t[0] != card)).settled()
        elif card in hand.possible:
            hand = replace(hand, possible=hand.possible - {card})
        out.append(hand)
    return tuple(out)


def play(state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
    seat, card = move["seat"], move["card"]
    outcome: Outcome = []
    trick = state.trick or Trick(leader=seat)
    new_findings = reneges(state, seat, card)
    unfollowed = tuple(u for u in state.unfollowed if not any(f.ply == u.ply for f in new_findings))
    if trick.cards and seat != MONSTER and not follows(card, trick.lead):
        hand = state.hand(seat)
        if not hand.certain and hand.possible & same_colour(trick.lead):
            unfollowed += (Unfollowed(seat, state.ply, trick.lead, card),)
    outcome += [{"fact": "renege_found", "seat": f.seat, "message": f.message} for f in new_findings]
    trick = replace(trick, cards=trick.cards + ((seat, card),))
    state = replace(state, hands=remove_everywhere(state.hands, card, state.index(seat)),
                    trick=trick, exchange_open=False, unfollowed=unfollowed,
                    findings=state.findings + tuple(new_findings))
    if len(trick.cards) < len(state.seats):
        return state, outcome
    return finish_trick(state, outcome)


def reneges(state: WilliState, seat: str, card: str) -> list[Finding]:
    """Earlier failures to follow that ``card`` now shows were reneges."""
    found = []
    for u in state.unfollowed:
        if u.seat != seat or colour(card) != colour(u.lead):
            continue
        if any(c == card and ply > u.ply for c, ply in state.hand(seat).taken):
            continue
        found.append(Finding(
            "renege", seat, u.ply,
            f"{seat} played {u.card} to a trick led with {u.lead} but still held {card}: "
            f"holding {colour_name(u.lead)}, {seat} had to play {colour_name(u.lead)} or a {value(u.lead)}."))
    return found


def finish_trick(state: WilliState, outcome: Outcome) -> tuple[WilliState, Outcome]:
    trick = state.trick
    winner, how = trick_winner(state, trick)
    trick = replace(trick, winner=winner)
    state = replace(state, tricks=state.tricks + (trick,), trick=None)
    outcome.append({"fact": "trick_won", "seat": winner, "how": how, "trick": len(state.tricks),
                    "cards": [c for _, c in trick.cards]})
    if len(state.tricks) == TRICKS_PER_ROUND:
        return score_round(state, outcome)
    hand = state.hand(winner) if winner != MONSTER else None
    can_exchange = bool(hand and hand.size > 0 and any(
        colour(c) == colour(p) for _, c in trick.cards for p in hand.possible))
    return replace(state, exchange_open=can_exchange), outcome


def trick_winner(state: WilliState, trick: Trick) -> tuple[str, str]:
    """The caller of Meinz, else the lowest card among seats with fewer
    than 2 tricks; of equal cards the later played is lower."""
    if trick.caller is not None:
        return trick.caller, "meinz"
    eligible = [(value(card), -order, seat) for order, (seat, card) in enumerate(trick.cards)
                if state.won(seat) < TRICKS_PER_SEAT]
    lowest = min(eligible)
    overall = min((value(card), -order, seat) for order, (seat, card) in enumerate(trick.cards))
    return lowest[2], "lowest card" if lowest == overall else "lowest card of a seat with fewer than 2 tricks"


def score_round(state: WilliState, outcome: Outcome) -> tuple[WilliState, Outcome]:
    sums = {seat: sum(t.total for t in state.tricks if t.winner == seat)
            + (MONSTER_BONUS if seat == MONSTER else 0) for seat in state.seats}
    awarded = round_points(sums)
    place = places(sums)
    points = tuple(p + awarded[seat] for p, seat in zip(state.points, state.seats))
    for seat in state.seats:
        if awarded[seat]:
            outcome.append({"fact": "scored", "seat": seat, "points": awarded[seat],
                            "why": said(N_("place {place} in round {round} with a sum of {sums}"), place=place[seat], round=state.round, sums=sums[seat])})
    record = {"round": state.round, "sums": sums, "points": awarded}
    outcome.append({"fact": "round_scored", **record})
    last = state.round == ROUNDS
    state = replace(state, points=points, rounds=state.rounds + (record,), exchange_open=False,
                    phase=Phase.OVER if last else Phase.DEAL, round=state.round if last else state.round + 1)
    if last:
        outcome.append({"fact": "game_over", "scores": scores(state), "winners": winners(state)})
    return state, outcome


def meinz(state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
    return replace(state, trick=replace(state.trick, caller=move["seat"])), [
        {"fact": "meinz", "seat": move["seat"]}]


def exchange(state: WilliState, move: Move) -> tuple[WilliState, Outcome]:
    seat, give, take = move["seat"], move["give"], move["take"]
    findings = reneges(state, seat, give)
    unfollowed = tuple(u for u in state.unfollowed if not any(f.ply == u.ply for f in findings))
    i = state.index(seat)
    hands = remove_everywhere(state.hands, give, i)
    hand = hands[i]
    hands = _set(hands, i, replace(hand, possible=hand.possible | {take}, size=hand.size + 1,
                                   taken=hand.taken + ((take, state.ply),)).settled())
    last = state.tricks[-1]
    swapped = replace(last, exchange=(give, take))
    state = replace(state, hands=hands, tricks=state.tricks[:-1] + (swapped,), exchange_open=False,
                    unfollowed=unfollowed, findings=state.findings + tuple(findings))
    outcome = [{"fact": "renege_found", "seat": f.seat, "message": f.message} for f in findings]
    return state, outcome + [{"fact": "exchanged", "seat": seat, "give": give, "take": take,
                              "trick_sum": swapped.total}]

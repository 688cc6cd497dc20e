"""The dice and the six action spaces: the roll, the reroll, taking a die
and the main actions it gives (items, rooms, krones and Emperor steps, a hire,
or for die 6 any of them)."""
from __future__ import annotations

import random
from functools import lru_cache
from math import comb
from typing import Iterable, Iterator, Mapping, Sequence

from domain.chance import roll
from domain.grand_austria.cafe import check_placement, most_placed, place
from domain.grand_austria.effects import (add, advance_emperor, apply_effects, gain_items, gain_krones, pay, said_once,
                                          triggers)
from domain.grand_austria.moves import ChooseActionSchema, ChooseDustbinSchema, ChooseItemsSchema, RerollSchema, RollSchema, \
    SplitFundsSchema, TakeDieSchema
from domain.grand_austria.parts import MoveRule, hooks, parts, run_hooks
from domain.grand_austria.refusals import R_MAIN, R_PASS, R_TURN, resolved, violation, waiting
from domain.grand_austria.state import TURNS, WHITE, Pending, Spaces, State
from domain.immutable import evolve, put
from domain.rules import Move, Outcome
from domain.words import N_, said

R_ROUND_START = "Start of round"
R_DUSTBIN = "Module 2: Passing (the dustbin takes a white die if possible)"


def on_spaces(dice: Iterable[tuple[int, str]]) -> Spaces:
    """Dice (each its value and colour) as they lie on action spaces 1-6: the
    colours of those on each, in the order the dice are listed (one pass over
    the dice, not one per space)."""
    spaces: list[tuple[str, ...]] = [(), (), (), (), (), ()]
    for value, colour in dice:
        spaces[value - 1] += (colour,)
    return tuple(spaces)


def thrown(values: Sequence[int], colours: Sequence[str]) -> list[tuple[int, str]]:
    """A roll's values, one per die rolled, in the order the dice are listed,
    each with its die's colour (pairs: a roll makes no ``Die`` of its own)."""
    return list(zip(values, colours))


def without(colours: tuple[str, ...], colour: str) -> tuple[str, ...]:
    """The dice but one of this colour."""
    i = colours.index(colour)
    return colours[:i] + colours[i + 1:]


def rerolled(state: State) -> tuple[str, ...]:
    """The colours of the dice rerolled: those left on the board but the one
    put on the dustbin, a white die (module 2's coloured dice never while a
    white one is left; with none left, the one the re-roller chose)."""
    left = tuple(colour for colours in state.dice for colour in colours)     # as dice_left lists them
    return without(left, WHITE if WHITE in left else state.binned or left[0])


def free_of_fee(state: State, seat: str) -> bool:
    return any(t.get("no_fee") and 6 in t["values"] for t in triggers(state, seat, "die"))


def die_prices(state: State, seat: str, value: int, colour: str) -> list[tuple[int, str]]:
    """What taking this die costs besides the boost, with why: action 6's
    krone, and a module's price (module 2: 1 krone per other die on the space)."""
    prices = [] if value != 6 or free_of_fee(state, seat) else [(state.config.imitate_cost, "action 6")]
    for rule in parts(state).die_rules:
        price = rule.price(state, seat, value, colour)
        if price and price[0]:
            prices.append(price)
    return prices


def die_cost(state: State, seat: str, value: int, colour: str) -> int:
    return sum(n for n, _ in die_prices(state, seat, value, colour))


def can_take_a_die(state: State, seat: str) -> bool:
    """A die on the board whose price (action 6's krone, a coloured die's) can be paid."""
    krones = state.player(seat).krones
    return any(die_cost(state, seat, v, c) <= krones
               for v, colours in enumerate(state.dice, 1) for c in set(colours))


def a_free_die(state: State, seat: str) -> bool:
    """A die that costs nothing to take lies on the board."""
    return any(not die_cost(state, seat, v, c) for v, colours in enumerate(state.dice, 1) for c in set(colours))


def either_side(state: State, seat: str) -> set[int]:
    """The die values whose staff may act before the main action (rules
    version 3: the Staff Manager; a card printed so: ``before_or_after``)."""
    names = state.config.version.staff_before_or_after
    return {v for card in state.player(seat).hired if card.trigger and card.trigger["on"] == "die"
            and card.trigger.get("effects") and (card.name in names or card.trigger.get("before_or_after"))
            for v in card.trigger["values"]}


def main_action(state: State, seat: str, action: int, strength: int, hire_bonus: int = 0) -> Pending:
    """The decision a main action of this strength asks for."""
    why = said_once(N_("action {action}"), action=action)
    if action in state.config.action_items:
        return Pending(seat, "items", n=strength, pair=state.config.action_items[action], why=why)
    if action == 3:
        return Pending(seat, "rooms", n=strength, why=why)
    if action == 4:
        return Pending(seat, "funds", n=strength, why=why)
    return Pending(seat, "hire", discount=strength + hire_bonus, why=why)


# -- the table's rolls ------------------------------------------------------------
def check_roll(state: State, move: Move) -> None:
    if len(move["dice"]) != len(state.config.dice):
        raise violation("dice_count", N_("All {dice} dice are rolled."), R_ROUND_START, dice=len(state.config.dice))


def coloured(dice: Sequence[tuple[int, str]]) -> dict[str, dict[str, int]]:
    """A roll's fact names the value of each die that is not white (module 2)."""
    values = {colour: value for value, colour in dice if colour != WHITE}
    return {"coloured": values} if values else {}


def apply_roll(state: State, move: Move, out: Outcome) -> State:
    dice = thrown(move["dice"], state.config.dice)
    out.append({"fact": "rolled", "round": state.round, "dice": sorted(move["dice"]), **coloured(dice)})
    return evolve(state, dice=on_spaces(dice), phase=TURNS)


def check_reroll(state: State, move: Move) -> None:
    left = len(rerolled(state))
    if len(move["dice"]) != left:
        raise violation("dice_count", N_("One die goes to the dustbin; the other {left} are rerolled."), R_PASS,
                        left=left)


def apply_reroll(state: State, move: Move, out: Outcome) -> State:
    dice = thrown(move["dice"], rerolled(state))
    out.append({"fact": "rerolled", "dice": sorted(move["dice"]), **coloured(dice)})
    return evolve(state, dice=on_spaces(dice), phase=TURNS, passed=frozenset(), binned=None)


# -- the dustbin when only coloured dice are left (module 2) ----------------------------
def check_choose_dustbin(state: State, move: Move) -> None:
    if move["colour"] == WHITE or move["colour"] not in {d.colour for d in state.dice_left}:
        left = ", ".join(sorted({d.colour for d in state.dice_left}))
        raise violation("no_such_die", N_("Only coloured dice are left ({left}): choose one of them for the dustbin."), R_DUSTBIN, left=left)


def apply_choose_dustbin(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    out.append({"fact": "dustbin_die", "seat": p.seat, "colour": move["colour"]})
    return evolve(resolved(state), binned=move["colour"])


def dustbin_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "choose_dustbin", "seat": p.seat, "colour": c}
            for c in sorted({d.colour for d in state.dice_left} - {WHITE})]


def roll_chance(state: State, rng: random.Random) -> Move:
    return {"type": "roll", "dice": roll(rng, len(state.config.dice))}


def reroll_chance(state: State, rng: random.Random) -> Move:
    return {"type": "reroll", "dice": roll(rng, len(rerolled(state)))}


# -- taking a die -------------------------------------------------------------------
def arranged(state: State, move: Move) -> State:
    """The dice as they lie when this die is taken: a module may move one
    first (module 3: The Kozi Palace's ``move_from``) and refuses what it
    does not allow."""
    if (move.get("move_from") is not None or move.get("move_colour") is not None) \
            and not hooks(state, "before_die"):
        raise violation("no_move_from", N_("Nothing in this game lets you move a die onto the space you use."), R_TURN)
    return run_hooks(state, "before_die", move)


def check_take_die(state: State, move: Move) -> None:
    value = move["value"]
    seat = move["seat"]
    p = waiting(state)
    if state.turn is None:
        raise violation("no_turn", N_("An extra action is taken only during your turn."), R_TURN)
    if p is None and state.turn.main is not None:
        raise violation("one_die", N_("You take one die per turn."), R_TURN)
    state = arranged(state, move)
    player = state.player(seat)
    if not state.dice[value - 1]:
        raise violation("no_die", N_("There is no die on action space {value}."), R_TURN, value=value)
    colour = move.get("colour", WHITE)
    if colour not in state.dice[value - 1]:
        raise violation("no_die", N_("There is no {colour} die on action space {value}."), R_TURN,
                        colour=colour, value=value)
    if move.get("staff_first") and value not in either_side(state, seat):
        if not state.config.version.staff_before_or_after:
            raise violation("rules_version", N_("Under rules version 2 staff triggered by the die act after the "
                            "main action."), R_MAIN)
        raise violation("no_staff_first", N_("None of your staff acts before the main action of die {value}."),
                            R_MAIN, value=value)
    if move.get("boost") and state.turn.boosted:
        raise violation("boost_once", N_("You may boost only once per turn."), R_TURN)
    prices = die_prices(state, seat, value, colour)
    cost = sum(n for n, _ in prices) + (state.config.boost_cost if move.get("boost") else 0)
    if cost > player.krones:
        if any(why != "action 6" for _, why in prices):
            named = [f"{why}: {n}" for n, why in prices] + (["boost: 1"] if move.get("boost") else [])
            raise violation("cannot_pay", N_("Taking this die costs {cost} krones ({named}); you have {krones}."), R_TURN, cost=cost, named='; '.join(named), krones=player.krones)
        raise violation("cannot_pay", N_("This costs {cost} krones (boost and/or action 6); you have {krones}."), R_TURN, cost=cost, krones=player.krones)


def main_decision(state: State, seat: str, value: int, strength: int, die_triggers: list[dict]) -> Pending:
    """The decision the die's main action asks for (die 6: which action it imitates)."""
    if value == 6:
        return Pending(seat, "imitate", n=strength, why=N_("action 6"))
    return main_action(state, seat, value, strength, sum(t.get("hire_discount", 0) for t in die_triggers))


def apply_take_die(state: State, move: Move, out: Outcome) -> State:
    state = arranged(state, move)
    seat, value, boost = move["seat"], move["value"], bool(move.get("boost"))
    colour = move.get("colour", WHITE)
    die_triggers = [t for t in triggers(state, seat, "die") if value in t["values"]]
    # every die on the space counts, whatever its colour
    strength = state.dice_on(value) + boost + sum(t.get("strength", 0) for t in die_triggers)
    extra = waiting(state) is not None
    turn = state.turn
    prices = [(n, why) for n, why in die_prices(state, seat, value, colour) if why != "action 6"]
    die_rules = parts(state).die_rules
    rest = state.pending[1:] if extra else state.pending
    # With no staff triggered by the die nor a module's rule for it, only payments come between
    # taking it and its decision: the decision goes in with the die, in the same copy.
    alone = not die_triggers and not die_rules
    state = evolve(state, dice=put(state.dice, value - 1, without(state.dice[value - 1], colour)),
                   pending=(main_decision(state, seat, value, strength, die_triggers),) + rest if alone else rest,
                   turn=evolve(turn, die=turn.die if extra else value, main=turn.main if extra else "die",
                               acted=True, boosted=turn.boosted or boost))
    out.append({"fact": "die_taken", "seat": seat, "value": value, "strength": strength, "boost": boost,
                "extra_action": extra, **({} if colour == WHITE else {"colour": colour}),
                **({"moved_from": move["move_from"]} if move.get("move_from") is not None else {})})
    if boost:
        state = pay(state, seat, state.config.boost_cost, N_("boost"), out)
    for n, why in prices:        # a module's price (module 2's coloured die), before what the die brings
        state = pay(state, seat, n, why, out)
    for rule in die_rules:
        state = rule.taken(state, seat, value, colour, out)
    if value == 6 and not any(t.get("no_fee") for t in die_triggers):
        state = pay(state, seat, state.config.imitate_cost, N_("action 6"), out)
    if alone:
        return state if extra else run_hooks(state, "main_step", seat, value, out)
    main = [main_decision(state, seat, value, strength, die_triggers)]
    if value == 4 and any(t.get("funds_both") for t in die_triggers):
        state = gain_krones(state, seat, strength, N_("action 4 (staff: krones and Emperor steps)"), out)
        state = advance_emperor(state, seat, strength, N_("action 4 (staff: krones and Emperor steps)"), out)
        main = []
    before = state.pending
    for trigger in die_triggers:
        if trigger.get("effects"):   # staff effects come after the main action (or before, when chosen)
            state = apply_effects(state, seat, trigger["effects"], said(N_("staff: die {value} taken"), value=value), out)
    if move.get("staff_first"):
        staff = state.pending[:len(state.pending) - len(before)]
        state = evolve(state, pending=staff + tuple(main) + before)
    else:
        state = evolve(state, pending=tuple(main) + state.pending)
    return state if extra else run_hooks(state, "main_step", seat, value, out)


def die_moves(state: State, seat: str) -> list[Move]:
    """Every die taken from every space, with or without boost (and, where a
    staff card may act first, with it first); a white die without naming its
    colour, a die of another colour by its colour."""
    moves = [{"type": "take_die", "seat": seat, "value": v, "boost": b} for v in range(1, 7) for b in (False, True)]
    moves += [{"type": "take_die", "seat": seat, "value": v, "boost": b, "colour": c}
              for v, colours in enumerate(state.dice, 1) for c in sorted(set(colours) - {WHITE})
              for b in (False, True)]
    firsts = either_side(state, seat)
    moves += [{**m, "staff_first": True} for m in moves if m["value"] in firsts]
    return moves + [m for hook in hooks(state, "more_die_moves") for m in hook(state, seat)]


def extra_action_candidates(state: State, p: Pending) -> list[Move]:
    return die_moves(state, p.seat)


# -- the main actions' decisions ---------------------------------------------------
def check_choose_action(state: State, move: Move) -> None:
    """Any of actions 1-5 may be chosen."""


def apply_choose_action(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    out.append({"fact": "action_chosen", "seat": p.seat, "action": move["action"], "strength": p.n})
    chosen = main_action(state, p.seat, move["action"], p.n)
    return evolve(state, pending=(chosen,) + state.pending[1:])


def imitate_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "choose_action", "seat": p.seat, "action": a} for a in range(1, 6)]


def choice_of(state: State, p: Pending) -> tuple[str, ...]:
    """The items a choice may give: the action's chain; a dish or drink (the
    base game's items of choice, ``any_items``, show that icon); any item."""
    return p.pair if p.kind == "items" else state.config.any_item if p.kind == "any_item" \
        else state.config.dish_or_drink


def chain_broken(pair: tuple[str, ...], items: Mapping[str, int]) -> tuple[str, str] | None:
    """The first two items of an action's chain where more of the second
    than of the first are taken ("never more than the one before"), or None."""
    return next(((first, second) for first, second in zip(pair, pair[1:])
                 if items.get(second, 0) > items.get(first, 0)), None)


def check_choose_items(state: State, move: Move) -> None:
    p = waiting(state)
    items = {k: v for k, v in move["items"].items() if v}
    if sum(items.values()) != p.n:
        raise violation("item_count", N_("Take exactly {n} items."), R_MAIN, n=p.n)
    allowed = choice_of(state, p)
    if p.kind == "items":
        if set(items) - set(p.pair):
            raise violation("wrong_items", N_("This action gives {pair}."), R_MAIN, pair=' and/or '.join(p.pair))
        broken = chain_broken(p.pair, items)
        if broken is not None:
            raise violation("too_many", N_("Never take more {second} than {first}."), R_MAIN,
                            second=broken[1], first=broken[0])
    elif set(items) - set(allowed):
        raise violation("wrong_items", N_("Choose among {allowed}."), R_MAIN, allowed=', '.join(allowed))
    if "place" in move:
        check_placement(state, p.seat, move["place"], state.config.vector(items), R_MAIN)


def apply_choose_items(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    items = state.config.vector(move["items"])
    state = gain_items(resolved(state), p.seat, items, p.why, out)
    # version 2: a main action's items (the key's dish or drink too) are served free this turn
    if p.kind in ("items", "dish_or_drink") and state.turn is not None and state.config.version.main_action_items_fresh:
        state = evolve(state, turn=evolve(state.turn, fresh=add(state.turn.fresh, items)))
    return place(state, p.seat, move.get("place", {}), out)


LISTED_SPLITS = 200
"""The most ways to split a choice of items that ``legal_moves`` lists
(five items of choice, four at a time, are 70). A larger choice, which only
a house card can print (``any_items`` with a large n), is entered as counts
(a choose_items move), checked by ``check_choose_items``: never listed."""


def descending(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to split ``n`` into ``parts`` counts, the first largest first, one at a time."""
    if parts == 1:
        yield (n,)
        return
    for k in range(n, -1, -1):
        for rest in descending(n - k, parts - 1):
            yield (k,) + rest


def split_count(state: State, p: Pending) -> int:
    """How many ways there are to split the step's items among its choices."""
    parts_ = len(p.pair) if p.kind == "items" else len(choice_of(state, p))
    return comb(p.n + parts_ - 1, parts_ - 1) if parts_ else 0


def items_listable(state: State, p: Pending) -> bool:
    return split_count(state, p) <= LISTED_SPLITS


def item_splits(state: State, p: Pending) -> Iterator[dict[str, int]]:
    """Each split of the step's items, one at a time (settling a step looks
    at two); an action's chain only as it may be taken (``chain_broken``)."""
    chained = p.kind == "items"
    choice = p.pair if chained else choice_of(state, p)
    counts = few_splits(p.n, len(choice), chained)
    if counts is None:      # too many to keep: one at a time
        counts = splits_of(p.n, len(choice), chained)
    for split in counts:
        yield {item: n for item, n in zip(choice, split) if n or chained}


def not_increasing(counts: tuple[int, ...]) -> bool:
    """Counts along an action's chain as it may be taken: never more than the one before."""
    return all(a >= b for a, b in zip(counts, counts[1:]))


def splits_of(n: int, parts: int, chained: bool) -> Iterator[tuple[int, ...]]:
    """Each split of ``n`` into ``parts`` counts (along an action's chain:
    ``not_increasing``), in the order ``descending`` gives them."""
    return (c for c in descending(n, parts) if not chained or not_increasing(c))


@lru_cache(maxsize=256)
def few_splits(n: int, parts: int, chained: bool) -> tuple[tuple[int, ...], ...] | None:
    """``splits_of`` listed, or None when they are too many to list. The
    same few are asked for on most moves: they are worked out once (a step
    is settled, then listed, then chosen)."""
    if parts < 1 or comb(n + parts - 1, parts - 1) > LISTED_SPLITS:
        return None
    return tuple(splits_of(n, parts, chained))


def items_candidates(state: State, p: Pending) -> Iterator[Move]:
    """Each split of the items, then (version 2, in one's own turn) each
    with as many placed on the café's guests as they want: one at a time,
    for the placements cost more than the step's settling looks at. Each
    is a choice ``check_choose_items`` allows: settling takes them unchecked."""
    for split in item_splits(state, p):
        yield {"type": "choose_items", "seat": p.seat, "items": split}
    if state.config.version.items_placed_on_gain and state.turn is not None and state.turn.seat == p.seat:
        for split in item_splits(state, p):
            layout = most_placed(state, p.seat, state.config.vector(split))
            if layout:
                yield {"type": "choose_items", "seat": p.seat, "items": split, "place": layout}


def check_split_funds(state: State, move: Move) -> None:
    n = waiting(state).n
    if move["krones"] + move["emperor"] != n:
        raise violation("split", N_("Split the strength {n} into krones and Emperor steps."), R_MAIN, n=n)


def apply_split_funds(state: State, move: Move, out: Outcome) -> State:
    p = state.pending[0]
    state = gain_krones(resolved(state), p.seat, move["krones"], p.why, out)
    return advance_emperor(state, p.seat, move["emperor"], p.why, out)


def funds_candidates(state: State, p: Pending) -> list[Move]:
    return [{"type": "split_funds", "seat": p.seat, "krones": k, "emperor": p.n - k} for k in range(p.n + 1)]


MOVES = {
    "roll": MoveRule(RollSchema, check_roll, apply_roll),
    "reroll": MoveRule(RerollSchema, check_reroll, apply_reroll),
    "take_die": MoveRule(TakeDieSchema, check_take_die, apply_take_die),
    "choose_action": MoveRule(ChooseActionSchema, check_choose_action, apply_choose_action),
    "choose_items": MoveRule(ChooseItemsSchema, check_choose_items, apply_choose_items),
    "split_funds": MoveRule(SplitFundsSchema, check_split_funds, apply_split_funds),
    "choose_dustbin": MoveRule(ChooseDustbinSchema, check_choose_dustbin, apply_choose_dustbin),
}

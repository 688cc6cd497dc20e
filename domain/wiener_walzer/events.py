"""The 12 event cards of the variant (rulebook "The Event Cards in Detail").

The cards themselves are data (``data/events.toml``); each card id has three
small rule functions here: ``check`` refuses a resolution the card does not
allow, ``carry_out`` makes it happen, ``options`` lists resolutions worth
checking (a superset of the legal ones; an event lapses only when none is legal).

Choices where the cards leave a case open (written down in docs/games/wiener-walzer.md):
- A turned (danced) card lies face down: its sex and value cannot be seen, so
  events pick face-up guests only. Partnerwechsel is the exception: its second
  card is a danced one, and its first may be any card of your own.
- Neutral (white) guests are guests: they may be swapped, kiss hands and smoke
  cigars; they belong to no player, so Solotänzer and Tortung cannot pick them.
- Tortung never moves a scoring stone behind the start space: a player with
  fewer than 2 points loses what they have.
- Solotänzer: you pick any player; their card must be one of the highest
  values among that player's face-up guests (ties: any of them).
"""
from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from domain.immutable import evolve as replace, put as set_at
from domain.rules import Move, Outcome, RuleViolation
from domain.wiener_walzer.components import CAKE, CIGAR, EVENT_CARDS, ITEM_WORDS, JOKER, Tile
from domain.wiener_walzer.dances import perform_dance
from domain.wiener_walzer.state import Guest, WalzerState, swap_spaces
from domain.words import N_, Listing, said


def rule(card: str) -> str:
    return f"The Event Cards in Detail: {EVENT_CARDS[card]['title']}"


def title(card: str) -> str:
    return EVENT_CARDS[card]["title"]


def _violation(card: str, code: str, message: str) -> RuleViolation:
    return RuleViolation(code, N_("{card} {message_value}"), rule(card), card=title(card), message_value=message)


def _face_up(state: WalzerState, card: str, space: str) -> Guest:
    guest = state.guests.get(space)
    if guest is None:
        raise _violation(card, "no_guest", f"needs a guest card: there is none on {space}.")
    if guest.turned:
        raise _violation(card, "guest_turned",
                         f"moves face-up guests only: the guest on {space} has danced and lies face down.")
    return guest


def _board_tile(state: WalzerState, card: str, space: str) -> Tile:
    if space not in state.tiles:
        raise _violation(card, "no_tile", f"needs a buffet tile on the board: there is none on {space}.")
    return state.tiles[space]


def _adjacent(state: WalzerState, card: str, a: str, b: str) -> None:
    if not state.board.adjacent(a, b):
        raise _violation(card, "not_adjacent", f"needs two neighbouring spaces: {a} and {b} are not side by side.")


def _distinct(card: str, a: str, b: str) -> None:
    if a == b:
        raise _violation(card, "same_space", f"needs two different spaces, not {a} twice.")


def _next_to_tile_with(state: WalzerState, space: str, item: str) -> bool:
    return any(item in state.tiles.get(n, ()) for n in state.board.neighbours[space])


def _collected(state: WalzerState, card: str, seat: str, tile: list[str]) -> Tile:
    wanted = tuple(sorted(tile))
    if wanted not in state.collected[state.index(seat)]:
        raise _violation(card, "tile_not_collected",
                         f"needs a tile {seat} has collected: {seat} has no {_name(wanted)} tile.")
    return wanted


def _name(tile: Tile) -> str:
    return "+".join(tile)


def _swap(state: WalzerState, card: str, a: str, b: str) -> tuple[WalzerState, Outcome]:
    def what(space: str) -> str:
        guest = state.guests.get(space)
        if guest:
            return said(N_("{colour} {card}"), colour=state.colour_of(guest.owner), card=guest.card)
        return said(N_("tile {items}"), items=Listing((ITEM_WORDS.get(item, item) for item in state.tiles[space]), "+"))
    return swap_spaces(state, a, b), [{"fact": "swapped", "event": card, "spaces": [a, b], "what": [what(a), what(b)]}]


def _trade(state: WalzerState, card: str, seat: str, given: Tile, space: str) -> tuple[WalzerState, Outcome]:
    """``seat`` puts its collected tile ``given`` on ``space`` and takes the tile lying there."""
    i = state.index(seat)
    taken = state.tiles[space]
    mine = list(state.collected[i])
    mine.remove(given)
    collected = set_at(state.collected, i, tuple(mine) + (taken,))
    return replace(state, collected=collected, tiles={**state.tiles, space: given}), [
        {"fact": "tile_exchanged", "event": card, "seat": seat, "gave": list(given), "took": list(taken),
         "space": space}]


def _guest_spaces(state: WalzerState, face_up: bool = True) -> list[str]:
    return [s for s in state.board.spaces if s in state.guests and not (face_up and state.guests[s].turned)]


def _tile_spaces(state: WalzerState) -> list[str]:
    return [s for s in state.board.spaces if s in state.tiles]


def _pairs_beside(state: WalzerState) -> Iterable[dict]:
    for a in _guest_spaces(state):
        for b in state.board.neighbours[a]:
            yield {"first": a, "second": b}


# -- Küss die Hand! ---------------------------------------------------------------
def kiss_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "kuess_die_hand"
    if _face_up(state, card, move["guest"]).sex != "G":
        raise _violation(card, "not_a_gentleman", f"moves a gentleman: the guest on {move['guest']} is a lady.")
    tile = move["tile"]
    _board_tile(state, card, tile)
    if not any((g := state.face_up(n)) and g.sex == "L" for n in state.board.neighbours[tile]):
        raise _violation(card, "tile_not_by_lady",
                         f"takes a buffet tile next to a face-up lady: none lies next to {tile}.")


def kiss_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return _swap(state, "kuess_die_hand", move["guest"], move["tile"])


def kiss_options(state: WalzerState, seat: str) -> Iterable[dict]:
    return ({"guest": g, "tile": t} for g in _guest_spaces(state) if state.guests[g].sex == "G"
            for t in _tile_spaces(state))


# -- Hatten Sie nicht schon genug ...? --------------------------------------------
def champagne_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "hatten_sie_nicht_schon_genug"
    on_board, of_player = "champagne" in move, "champagne_of" in move or "collected" in move
    if on_board == of_player:
        raise _violation(card, "champagne_source",
                         "needs one champagne tile: either 'champagne' (a space) or 'champagne_of' and 'collected' "
                         "(a player's tile).")
    target = move["tile"]
    _board_tile(state, card, target)
    if on_board:
        tile = _board_tile(state, card, move["champagne"])
        _distinct(card, move["champagne"], target)
    else:
        owner = move.get("champagne_of")
        if owner not in state.players or "collected" not in move:
            raise _violation(card, "champagne_source",
                             "needs the player ('champagne_of') and their tile ('collected').")
        tile = _collected(state, card, owner, move["collected"])
    if JOKER not in tile:
        raise _violation(card, "not_champagne", f"swaps a champagne tile: {_name(tile)} shows no champagne.")


def champagne_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    card = "hatten_sie_nicht_schon_genug"
    if "champagne" in move:
        return _swap(state, card, move["champagne"], move["tile"])
    return _trade(state, card, move["champagne_of"], tuple(sorted(move["collected"])), move["tile"])


def champagne_options(state: WalzerState, seat: str) -> Iterable[dict]:
    tiles = _tile_spaces(state)
    for source in tiles:
        if JOKER in state.tiles[source]:
            yield from ({"champagne": source, "tile": t} for t in tiles)
    for owner, collection in zip(state.players, state.collected):
        for tile in dict.fromkeys(t for t in collection if JOKER in t):
            yield from ({"champagne_of": owner, "collected": list(tile), "tile": t} for t in tiles)


# -- Ausfallschritt ------------------------------------------------------------------
def side_step_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "ausfallschritt"
    _face_up(state, card, move["first"])
    _face_up(state, card, move["second"])
    _adjacent(state, card, move["first"], move["second"])


def side_step_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return _swap(state, "ausfallschritt", move["first"], move["second"])


# -- Solotänzer ------------------------------------------------------------------------
def solo_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "solotaenzer"
    space = move["guest"]
    guest = _face_up(state, card, space)
    if guest.owner is None:
        raise _violation(card, "neutral_guest", f"moves a player's card: the guest on {space} is neutral.")
    best = max(g.value for g in state.guests.values() if g.owner == guest.owner and not g.turned)
    if guest.value < best:
        raise _violation(card, "not_highest",
                         f"moves a player's highest card: {guest.owner} has a face-up {best} on the board, "
                         f"higher than {guest.card} on {space}.")
    _board_tile(state, card, move["tile"])
    _adjacent(state, card, space, move["tile"])


def solo_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return _swap(state, "solotaenzer", move["guest"], move["tile"])


def solo_options(state: WalzerState, seat: str) -> Iterable[dict]:
    return ({"guest": g, "tile": t} for g in _guest_spaces(state) for t in state.board.neighbours[g])


# -- Essen Sie das noch? ------------------------------------------------------------
def eat_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "essen_sie_das_noch"
    _collected(state, card, seat, move["collected"])
    _board_tile(state, card, move["tile"])


def eat_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return _trade(state, "essen_sie_das_noch", seat, tuple(sorted(move["collected"])), move["tile"])


def eat_options(state: WalzerState, seat: str) -> Iterable[dict]:
    own = dict.fromkeys(state.collected[state.index(seat)])
    return ({"collected": list(tile), "tile": t} for tile in own for t in _tile_spaces(state))


# -- Anstandsdame ------------------------------------------------------------------------
def chaperone_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "anstandsdame"
    for space in (move["first"], move["second"]):
        if _face_up(state, card, space).sex != "L":
            raise _violation(card, "not_a_lady", f"swaps two ladies: the guest on {space} is a gentleman.")
    _distinct(card, move["first"], move["second"])


def chaperone_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return _swap(state, "anstandsdame", move["first"], move["second"])


def chaperone_options(state: WalzerState, seat: str) -> Iterable[dict]:
    ladies = [s for s in _guest_spaces(state) if state.guests[s].sex == "L"]
    return ({"first": a, "second": b} for a in ladies for b in ladies)


# -- Tortung ---------------------------------------------------------------------------
def cake_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "tortung"
    space = move["guest"]
    if _face_up(state, card, space).owner is None:
        raise _violation(card, "neutral_guest", f"punishes a player: the guest on {space} is neutral.")
    if not _next_to_tile_with(state, space, CAKE):
        raise _violation(card, "no_cake", f"needs a guest with a Sachertorte tile next to it: {space} has none.")


def cake_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    owner = state.guests[move["guest"]].owner
    i = state.index(owner)
    loss = min(EVENT_CARDS["tortung"]["penalty"], state.points[i])
    return replace(state, points=set_at(state.points, i, state.points[i] - loss)), [
        {"fact": "scored", "seat": owner, "points": -loss,
         "why": said(N_("Tortung: cake next to {card} on {guest}"), card=state.guests[move['guest']].card, guest=move['guest'])}]


def cake_options(state: WalzerState, seat: str) -> Iterable[dict]:
    return ({"guest": g} for g in _guest_spaces(state))


# -- Partnerwechsel ---------------------------------------------------------------------
def partners_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "partnerwechsel"
    own, danced = move["first"], move["second"]
    if own not in state.guests or state.guests[own].owner != seat:
        raise _violation(card, "not_own_guest", f"moves one of your own guests first: {own} holds none of {seat}'s.")
    if danced not in state.guests or not state.guests[danced].turned:
        raise _violation(card, "not_danced", f"swaps with a guest who has danced: {danced} holds no turned card.")
    _distinct(card, own, danced)


def partners_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return _swap(state, "partnerwechsel", move["first"], move["second"])


def partners_options(state: WalzerState, seat: str) -> Iterable[dict]:
    own = [s for s in _guest_spaces(state, face_up=False) if state.guests[s].owner == seat]
    danced = [s for s in _guest_spaces(state, face_up=False) if state.guests[s].turned]
    return ({"first": a, "second": b} for a in own for b in danced)


# -- ... nur eine Zigarre! -----------------------------------------------------------
def cigar_check(state: WalzerState, seat: str, move: Move) -> None:
    card = "nur_eine_zigarre"
    first, second = move["first"], move["second"]
    a, b = _face_up(state, card, first), _face_up(state, card, second)
    _adjacent(state, card, first, second)
    if a.sex != b.sex:
        raise _violation(card, "not_same_sex",
                         f"makes two guests of the same sex dance: {a.card} and {b.card} are not.")
    if not (_next_to_tile_with(state, first, CIGAR) or _next_to_tile_with(state, second, CIGAR)):
        raise _violation(card, "no_cigar", f"needs a cigar tile next to {first} or {second}.")


def cigar_carry_out(state: WalzerState, seat: str, move: Move) -> tuple[WalzerState, Outcome]:
    return perform_dance(state, move["first"], move["second"], kind="cigar")


class EventRules(NamedTuple):
    check: Callable[[WalzerState, str, Move], None]
    carry_out: Callable[[WalzerState, str, Move], tuple[WalzerState, Outcome]]
    options: Callable[[WalzerState, str], Iterable[dict]]


RULES: dict[str, EventRules] = {
    "kuess_die_hand": EventRules(kiss_check, kiss_carry_out, kiss_options),
    "hatten_sie_nicht_schon_genug": EventRules(champagne_check, champagne_carry_out, champagne_options),
    "ausfallschritt": EventRules(side_step_check, side_step_carry_out, lambda state, seat: _pairs_beside(state)),
    "solotaenzer": EventRules(solo_check, solo_carry_out, solo_options),
    "essen_sie_das_noch": EventRules(eat_check, eat_carry_out, eat_options),
    "anstandsdame": EventRules(chaperone_check, chaperone_carry_out, chaperone_options),
    "tortung": EventRules(cake_check, cake_carry_out, cake_options),
    "partnerwechsel": EventRules(partners_check, partners_carry_out, partners_options),
    "nur_eine_zigarre": EventRules(cigar_check, cigar_carry_out, lambda state, seat: _pairs_beside(state)),
}


def _legal(state: WalzerState, seat: str, card: str) -> Iterable[dict]:
    rules = RULES[card]
    for fields in rules.options(state, seat):
        try:
            rules.check(state, seat, fields)
        except RuleViolation:
            continue
        yield fields


def resolutions(state: WalzerState, seat: str, card: str) -> list[dict]:
    """Every legal way to carry out ``card`` now (empty: the event lapses)."""
    return list(_legal(state, seat, card))


def first_resolution(state: WalzerState, seat: str, card: str) -> dict | None:
    """One legal way to carry out ``card`` now, or None: the event lapses."""
    return next(iter(_legal(state, seat, card)), None)

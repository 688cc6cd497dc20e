"""A module-5 ("Would You Like Some More?") table for tests: set up with the
module, hand and hire its staff, arrange kitchens and hotels directly."""
from __future__ import annotations

from ballrooms_table import ready as with_ballrooms
from grand_austria_table import arrange, mv, play, ready

from domain.grand_austria import GAME
from domain.grand_austria.effects import set_player
from domain.grand_austria.modules.more import ID, Bell, More, of
from domain.immutable import evolve

M5 = ["more"]


def ready5(n=2, modules=M5, tiles=("A1", "B1", "C1"), objectives=(105, 109, 113), dice=None, version="3"):
    """Setup (Ann starts), starting guests and rooms 1.1-1.3, the dice rolled: Ann's turn.
    With module 1 its boards are laid out and chosen first (then the tiles and
    objectives are put in place directly)."""
    if "ballrooms" not in modules:
        return ready(n, dice=dice, tiles=tiles, objectives=objectives, version=version, modules=list(modules))
    state = with_ballrooms(("Ann", "Bob", "Cy", "Di")[:n], "Ann", tuple(modules), version, dice)
    return evolve(state, emperor_tiles=tuple(tiles), objectives=tuple(objectives))


def staff(state, seat, *, hand=(), hired=()):
    """The seat holds these staff (numbers of the game's catalog) in hand / hired."""
    cat = state.config.catalog.staff
    player = state.player(seat)
    state = set_player(state, seat, evolve(player, hand=player.hand + tuple(cat[n] for n in hand),
                                           hired=player.hired + tuple(cat[n] for n in hired)))
    # hired earlier: the module knows its bell cards (as after the move that hired them)
    known = of(state).bells.get(seat, ()) + tuple(Bell(cat[n]) for n in hired if cat[n].kind == "bell")
    return evolve(state, modules={**state.modules, ID: More({**of(state).bells, seat: known})})


def kitchen(state, seat, **items):
    """The seat's kitchen holds exactly these items (others 0)."""
    return set_player(state, seat, evolve(state.player(seat), items=state.config.vector(items)))


def bells(state, seat):
    """(card number, status) of the seat's bell cards, as the view shows them."""
    return [(b["staff"]["number"], b["status"]) for b in GAME.view(state)["bells"].get(seat, [])]


def offered(state):
    """The bell cards offered now (pending), by seat and number."""
    return [(p.seat, p.cards[0].number) for p in state.pending if p.kind == "bell"]


def hire_with_die_5(state, seat, card):
    """Take the die on space 5 and hire ``card`` from the hand."""
    return play(state, mv("take_die", seat, value=5), mv("hire", seat, staff=card))


__all__ = ["M5", "ready5", "staff", "kitchen", "bells", "offered", "hire_with_die_5", "arrange", "mv", "play",
           "of"]

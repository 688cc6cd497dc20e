"""The parts a Grand Austria Hotel game is assembled from, and the module
registry.

The base game is a module like the others (``base``, always first): each
contributes move rules (``domain.rules.MoveRule``), pending decision kinds, effects, trigger sources,
setup phases, round-end steps, final-scoring lines, main steps of a turn, rules
for taking a die, a turn-order policy, a configuration change, view fragments, chance moves for
digital mode and notation forms. :func:`parts_for` merges the base and the
modules a game chose (the option ``modules``) into one :class:`Parts`; the
engine reads only that, so no central function names a module.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Sequence

from domain.rules import Expected, Move, MoveRule, Outcome

if TYPE_CHECKING:
    from domain.grand_austria.config import Config
    from domain.grand_austria.state import Pending, State


@dataclass(frozen=True)
class PendingKind:
    """A decision waiting in ``state.pending``: the move that resolves it,
    its candidate moves, whether it may be declined, and whether the table
    makes it (a draw) rather than the seat. The candidates may come lazily
    (settling a step looks only as far as its second legal one)."""

    move: str
    candidates: Callable[[State, Pending], Iterable[Move]]
    optional: bool = False
    by_table: bool = False
    listable: Callable[[State, Pending], bool] | None = None
    """Whether ``legal_moves`` may list the candidates (None: always). A
    choice too large to list is entered as the move's own fields and checked."""
    checked: bool = False
    """Whether the candidates are only moves the step's move rule allows
    (``check`` accepts each one): settling the step takes them as they come."""


@dataclass(frozen=True)
class MainStep:
    """What a turn's main step can be (take a die; a module's alternative)."""

    move: str
    possible: Callable[[State, str], bool]


@dataclass(frozen=True)
class SetupPhase:
    """A step of the setup: active for a configuration, done when the state
    says so; until then ``expected`` names who moves and ``candidates`` the moves."""

    name: str
    done: Callable[[State], bool]
    expected: Callable[[State], Expected]
    candidates: Callable[[State, Expected], list[Move]]
    active: Callable[[Config], bool] = lambda config: True


@dataclass(frozen=True)
class SetupPart:
    """A module's part of the table's ``setup`` move: its fields (optional
    in the move: a table may lay them out by a move of the module's own
    instead), checked and applied after the base game's; ``chance`` gives
    them in digital mode."""

    fields: Mapping[str, Any]
    check: Callable[[State, Move], None]
    apply: Callable[[State, Move, Outcome], State]
    chance: Callable[[State, random.Random], dict[str, Any]] | None = None


@dataclass(frozen=True)
class RoundEndStep:
    """A step of the round end, run in ``order``; the next waits until the
    pending decisions it left are made."""

    name: str
    order: int
    run: Callable[[State, Outcome], State]


@dataclass(frozen=True)
class FinalLine:
    """A line of the final scoring: (points, why) for a seat."""

    order: int
    score: Callable[[State, str], Iterable[tuple[int, str]]]


class TurnOrder(Protocol):
    """How turn-order tiles are dealt at the setup and passed between rounds."""

    def deal(self, state: State, start: str) -> tuple[dict[str, tuple[int, ...]], dict[str, int]]:
        """The tiles and starting krones by seat once the start player is known."""

    def next_round(self, state: State) -> dict[str, tuple[int, ...]]:
        """The tiles for the next round."""


TriggerSource = Callable[["State", str], Mapping[str, Sequence[dict]]]
"""Where a seat's triggers come from (hired staff; a module's celebrity...),
grouped by what sets them off (``effects.by_kind``)."""

Watcher = Callable[["State", "State", Outcome], "State"]
"""Run after every move once all that follows by itself is done: (the state
before the move, the state now, the move's facts) -> the state, e.g. with a
decision offered because a requirement was met on this turn (bell staff)."""


@dataclass(frozen=True)
class DieRule:
    """What a module adds to taking a die (module 2: a coloured die's price
    and its celebrity). ``price`` is the krones the die costs besides the
    boost and action 6's krone, with why (None: nothing), paid as soon as the
    die is taken; ``taken`` then does what comes before the main action."""

    price: Callable[[State, str, int, str], tuple[int, str] | None]
    taken: Callable[[State, str, int, str, Outcome], State]


@dataclass(frozen=True)
class Hooks:
    """The places where the engine asks a module, each optional: a module
    declares the ones it answers, by name, in one ``Hooks(...)``; the engine
    calls the chosen modules' hooks of a place one after the other (those
    that change the state) or takes the first answer (those that answer)."""

    guest_taken: Callable[[State, str, Pending | None, Outcome], State] | None = None
    """A guest went to a café table (the pending decision that let the seat take it, if any)."""
    main_step: Callable[[State, str, int | None, Outcome], State] | None = None
    """The turn's main step was taken (not an extra action): the die's value, None for another main step."""
    before_die: Callable[[State, Move], State] | None = None
    """The dice as they lie when this take_die is checked and carried out (a
    module may move one first; it refuses what it does not allow)."""
    more_die_moves: Callable[[State, str], list[Move]] | None = None
    """take_die moves a module adds."""
    room_prepared: Callable[[State, str, int, Outcome], State] | None = None
    """A room was prepared."""
    room_occupied: Callable[[State, str, int, Outcome], State] | None = None
    """A room was occupied (after its group's bonus)."""
    occupancy_chart: Callable[[State, str], Any] | None = None
    """The seat's own occupancy bonus chart, or None."""
    row_bonus_times: Callable[[State, str], int | None] | None = None
    """How often the seat gets a ballroom row bonus, or None."""
    guest_surcharge: Callable[[State, str, int], tuple[int, str] | None] | None = None
    """An extra price (krones, why) for the queue guest at that position (from
    0), paid even when the guest is free; None: none."""


NO_HOOKS = Hooks()
HOOK_PLACES = tuple(f.name for f in fields(Hooks))


@dataclass
class Module:
    """A module's contributions (each optional). ``setup_phases`` are
    (phase, the phase it comes before); ``configure`` adjusts the
    configuration; ``start`` gives its own state (``state.modules[id]``);
    ``hooks`` answer the engine at the places :class:`Hooks` names."""

    id: str
    title: str
    moves: Mapping[str, MoveRule] = field(default_factory=dict)
    # kind -> (fields, handler) or (fields, handler, effects.Words): what it does and says
    effects: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)      # option name -> marshmallow field
    pending: Mapping[str, PendingKind] = field(default_factory=dict)
    triggers: Sequence[TriggerSource] = ()
    # the kinds of trigger (``on``) its trigger sources answer (None: any): ``effects.triggers`` asks them of no other
    answers: frozenset[str] | None = None
    setup_phases: Sequence[tuple[SetupPhase, str | tuple[str, ...]]] = ()
    setup_part: SetupPart | None = None
    round_end: Sequence[RoundEndStep] = ()
    final_scoring: Sequence[FinalLine] = ()
    main_steps: Sequence[MainStep] = ()
    die_rules: Sequence[DieRule] = ()
    turn_order: TurnOrder | None = None
    configure: Callable[[Config], Config] | None = None
    start: Callable[[Config], Any] | None = None
    view: Callable[[State, str | None, bool], dict[str, Any]] | None = None
    components: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None   # its boards for the catalog, by options
    house: Mapping[str, Callable[[Any], None]] = field(default_factory=dict)  # its house-catalog sections' checks
    chance: Mapping[str, Callable[[State, random.Random], Move]] = field(default_factory=dict)
    notation: Mapping[str, str] = field(default_factory=dict)
    excludes: frozenset[str] = frozenset()
    cards: str | None = None      # a data file of guests, staff, objectives, Emperor tiles added to the stacks
    measures: Mapping[str, Callable[[State, str], int]] = field(default_factory=dict)   # for objectives
    watch: Watcher | None = None
    staff_kinds: frozenset[str] = frozenset()     # staff kinds only this module's games have (bell)
    completed_guests: Callable[[State, str], Sequence[Any]] | None = None  # orders completed but not checked in
    hooks: Hooks = NO_HOOKS
    # a module in play by an option of its own rather than by ``modules`` (the solo variant)
    chosen_by: str | None = None
    # its rules that matter only when another module plays too, by that module's id (the solo
    # opponent's entrance, module 3's): in a game without it they are not asked after every move
    along: Mapping[str, Module] = field(default_factory=dict)
    # the state before the first move, adjusted (a seat the rules play, its board)
    begin: Callable[[State], State] | None = None
    # seats the rules play (no person): no Emperor reward or penalty, their own final scoring
    automata: Callable[[State], frozenset[str]] | None = None
    automaton_scoring: Sequence[FinalLine] = ()
    # who moves in a turn the module runs (None: the turn as usual), and the steps it runs by itself
    turn: Callable[[State], Expected | None] | None = None
    advance: Callable[[State, Outcome], State] | None = None
    winners: Callable[[State], list[str]] | None = None


MODULES: dict[str, Module] = {}
"""Every module by id; the base game is ``base``."""


@cache
def registered_staff_kinds() -> frozenset[str]:
    """The staff kinds only some module's games have (bell), over every registered module."""
    return frozenset(k for m in MODULES.values() for k in m.staff_kinds)


def choosable() -> list[str]:
    """The ids a game's ``modules`` option may name."""
    return [m for m, module in MODULES.items() if m != "base" and module.chosen_by is None]


def in_play(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The modules a game plays: those its ``modules`` option names, then
    those put in play by an option of their own."""
    named = tuple(options.get("modules") or ())
    return named + tuple(m for m, module in MODULES.items()
                         if module.chosen_by is not None and options.get(module.chosen_by) is not None)


@dataclass(frozen=True)
class Parts:
    """The base game and the chosen modules, merged."""

    modules: tuple[Module, ...]
    moves: Mapping[str, MoveRule]
    pending: Mapping[str, PendingKind]
    triggers: tuple[TriggerSource, ...]
    triggers_on: Mapping[str, tuple[TriggerSource, ...]]
    """The sources that may answer a kind of trigger, for each kind a module's
    sources answer alone (``Module.answers``); for any other kind ``triggers_else``."""
    triggers_else: tuple[TriggerSource, ...]
    setup_phases: tuple[SetupPhase, ...]
    setup_parts: tuple[SetupPart, ...]
    round_end: tuple[RoundEndStep, ...]
    final_scoring: tuple[FinalLine, ...]
    main_steps: tuple[MainStep, ...]
    die_rules: tuple[DieRule, ...]
    turn_order: TurnOrder
    chance: Mapping[str, Callable[[State, random.Random], Move]]
    measures: Mapping[str, Callable[[State, str], int]]
    watchers: tuple[Watcher, ...]
    staff_kinds: frozenset[str]
    completed_guests: tuple[Callable[[State, str], Sequence[Any]], ...]
    hooks: tuple[Hooks, ...] = ()
    automaton_scoring: tuple[FinalLine, ...] = ()
    turn: tuple[Callable[[State], Expected | None], ...] = ()
    advance: tuple[Callable[[State, Outcome], State], ...] = ()
    winners: Callable[[State], list[str]] | None = None
    automata: tuple[Callable[[State], frozenset[str]], ...] = ()
    hooks_at: Mapping[str, tuple[Callable[..., Any], ...]] = field(default_factory=dict)
    """The chosen modules' hooks by place (a field of :class:`Hooks`), in the modules' order."""

    def phase(self, name: str) -> SetupPhase | None:
        return next((p for p in self.setup_phases if p.name == name), None)


@cache
def parts_for(modules: tuple[str, ...]) -> Parts:
    played = (MODULES["base"],) + tuple(MODULES[m] for m in modules)
    # (each module followed by its rules that come along with the others in play)
    chosen = tuple(part for m in played for part in (m, *(m.along[o] for o in m.along if o in modules)))
    phases: list[SetupPhase] = []
    for module in chosen:
        for phase, before in module.setup_phases:
            names = [p.name for p in phases]
            # before one phase, or the first present of several
            first = next((b for b in ((before,) if isinstance(before, str) else before) if b in names), None)
            phases.insert(names.index(first) if first is not None else len(phases), phase)
    order = [m.turn_order for m in chosen if m.turn_order is not None]
    return Parts(
        modules=played,
        moves={k: v for m in chosen for k, v in m.moves.items()},
        pending={k: v for m in chosen for k, v in m.pending.items()},
        triggers=tuple(t for m in chosen for t in m.triggers),
        triggers_on={on: tuple(t for m in chosen if m.answers is None or on in m.answers for t in m.triggers)
                     for on in sorted({on for m in chosen if m.triggers and m.answers for on in m.answers})},
        triggers_else=tuple(t for m in chosen if m.answers is None for t in m.triggers),
        setup_phases=tuple(phases),
        setup_parts=tuple(m.setup_part for m in chosen if m.setup_part is not None),
        round_end=tuple(sorted((s for m in chosen for s in m.round_end), key=lambda s: s.order)),
        final_scoring=tuple(sorted((f for m in chosen for f in m.final_scoring), key=lambda f: f.order)),
        main_steps=tuple(s for m in chosen for s in m.main_steps),
        die_rules=tuple(r for m in chosen for r in m.die_rules),
        turn_order=order[-1],
        chance={k: v for m in chosen for k, v in m.chance.items()},
        measures={k: v for m in chosen for k, v in m.measures.items()},
        watchers=tuple(m.watch for m in chosen if m.watch is not None),
        staff_kinds=frozenset(k for m in chosen for k in m.staff_kinds),
        completed_guests=tuple(m.completed_guests for m in chosen if m.completed_guests is not None),
        hooks=tuple(m.hooks for m in chosen if m.hooks != NO_HOOKS),
        automaton_scoring=tuple(sorted((f for m in chosen for f in m.automaton_scoring), key=lambda f: f.order)),
        turn=tuple(m.turn for m in chosen if m.turn is not None),
        advance=tuple(m.advance for m in chosen if m.advance is not None),
        winners=next((m.winners for m in reversed(chosen) if m.winners is not None), None),
        automata=tuple(m.automata for m in chosen if m.automata is not None),
        hooks_at={place: tuple(hook for m in chosen if (hook := getattr(m.hooks, place)) is not None)
                  for place in HOOK_PLACES})


def automata(state: State) -> frozenset[str]:
    """The seats the rules play (the solo variant's opponent), none in a game of people."""
    sources = parts(state).automata
    return frozenset().union(*(seats(state) for seats in sources)) if sources else NO_AUTOMATA


NO_AUTOMATA: frozenset[str] = frozenset()

_last: tuple[Any, Parts | None, tuple[tuple[SetupPhase, ...], tuple[str, ...]]] = (None, None, ((), ()))
"""The configuration ``parts`` was last asked about, its parts and the setup
phases it plays (with their names): a game's states share one
configuration, so most calls find it here without hashing the module ids
again (forgotten with ``parts_for``'s cache)."""


def parts(state: State) -> Parts:
    last = _last        # read once (see ``_known``), without a call: a move asks about four times
    return last[1] if last[0] is state.config else _known(state)[1]


def _known(state: State) -> tuple[Any, Parts, tuple[tuple[SetupPhase, ...], tuple[str, ...]]]:
    """``_last`` for the state's configuration, read once: a worker's threads
    play games of other configurations, and one may replace it between two
    reads."""
    last = _last
    if last[0] is state.config:
        return last
    return _remember(state.config, parts_for(state.config.modules))


def _remember(config: Any, played: Parts | None) -> Any:
    global _last
    chain = () if played is None else tuple(p for p in played.setup_phases if p.active(config))
    _last = last = (config, played, (chain, tuple(p.name for p in chain)))
    return last


def active_phases(state: State) -> tuple[tuple[SetupPhase, ...], tuple[str, ...]]:
    """The setup phases the game's configuration plays, in order, and their
    names: worked out once per configuration, with its parts, not after
    every move of the setup."""
    return _known(state)[2]


def forget_parts() -> None:
    """Forget the parts built from the registered modules (the registry changed)."""
    parts_for.cache_clear()
    _remember(None, None)


def hooks(state: State, place: str) -> tuple[Callable[..., Any], ...]:
    """The chosen modules' hooks at one place (a field of :class:`Hooks`:
    ``"room_prepared"``), in the modules' order."""
    return parts(state).hooks_at[place]


def run_hooks(state: State, place: str, *args: Any) -> State:
    """Each chosen module's hook at this place, one after the other, on the state."""
    for hook in parts(state).hooks_at[place]:
        state = hook(state, *args)
    return state


def asked(state: State, place: str, *args: Any) -> Any:
    """The first answer a chosen module's hook at this place gives (None: none does)."""
    return next((a for hook in parts(state).hooks_at[place] if (a := hook(state, *args)) is not None), None)

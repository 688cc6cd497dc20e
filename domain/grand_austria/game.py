"""Grand Austria Hotel: the rules contract over the engine's parts.

A round: the start player rolls the dice onto the six action spaces; players
take turns in the order of their turn-order tiles. A turn is a string of
moves by the same seat (take a guest, take a die, serve, check in, use staff,
claim an objective, end the turn) or one ``pass``. Every choice an action or a
reward asks for is a pending decision, resolved by the next move; steps
without a real choice resolve by themselves and appear in the outcome.

This class only dispatches: the moves, pending kinds, setup phases, round-end
steps, final-scoring lines and the turn-order policy come from the base game
and the chosen modules (``parts``); one file holds each concept (setup,
dice, cafe, hotel, staff, pending, turns, rounds, scoring, view).
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from domain.grand_austria import notation, pending, rounds, turns
from domain.grand_austria.catalog import CARD_FILES, EFFECT_FIELDS, CatalogError, catalog, hotel_from, with_house
from domain.grand_austria.config import CURRENT_VERSION, VERSIONS, base_config
from domain.grand_austria.effects import check_kind_in_game
from domain.grand_austria.house import check_bounds
from domain.grand_austria.parts import MODULES, MoveRule, Parts, active_phases, in_play, parts, parts_for
from domain.grand_austria.registry import options_schema, setup_schema
from domain.grand_austria.refusals import R_FINAL, R_SETUP, R_TURN, violation, waiting
from domain.grand_austria.scoring import winners
from domain.grand_austria.solo.variant import setup as solo
from domain.grand_austria.state import EMPTY, OVER, REROLL, ROLL, ROUND_END, TURNS, Player, State
from domain.grand_austria.effects import words_of
from domain.grand_austria.view import guest_json, staff_json, tile_json, view
from domain.immutable import evolve
from domain.rules import NOBODY, TABLE, Expected, Game, MalformedMove, Move, Outcome, RuleViolation
from domain.words import N_


SETTLED = "settled"
"""The field of a recorded move that holds the decisions its steps took on hidden cards."""


class GrandAustriaHotel(Game):
    id = "grand_austria"
    title = "Grand Austria Hotel"
    rules_version = CURRENT_VERSION
    rules_versions = {number: version.summary for number, version in VERSIONS.items()}
    short_notation = notation
    min_players = 1       # 1 only with the solo variant (option solo)
    max_players = 4
    reserved_seats = Game.reserved_seats | {"bot"}    # the solo variant's opponent
    @property
    def options_schema(self) -> type:     # type: ignore[override]
        """The base game's options and every registered module's."""
        return options_schema()

    @property
    def move_schemas(self) -> Mapping[str, Any]:     # type: ignore[override]
        """Every registered module's moves (loading is stateless; a move of a
        module the game does not play is refused by ``check``)."""
        schemas = {kind: rule.schema for module in MODULES.values() for kind, rule in module.moves.items()}
        return {**schemas, "setup": setup_schema()}

    # -- set-up -----------------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any], rules_version: str | None = None) -> State:
        self.validate_players(players)
        if len(players) == 1 and options.get("solo") is None:
            raise RuleViolation("player_count", N_("{title} is for 2 to 4 players, or 1 in the solo variant (option solo)."), "Players", title=self.title)
        version = rules_version or self.rules_version
        if version not in VERSIONS:
            raise RuleViolation("rules_version", N_("{title} plays rules versions {versions}, not {version}."), R_SETUP,
                                title=self.title, versions=', '.join(VERSIONS), version=version)
        modules = in_play(options)
        foreign = [name for m, module in MODULES.items() if m not in modules for name in module.options
                   if options.get(name) is not None]
        if foreign:
            raise RuleViolation("module_not_in_play", N_("The option {foreign} belongs to a module this game does not play."), R_SETUP, foreign=foreign[0])
        for module_id in modules:
            if module_id not in MODULES or module_id == "base":
                raise RuleViolation("unknown_module", N_("{title} has no module {module_id!r}."), R_SETUP,
                                    title=self.title, module_id=module_id)
            clash = MODULES[module_id].excludes & set(modules)
            if clash:
                raise RuleViolation("modules_exclude", N_("Module {module_id} cannot be played with {clash}."), R_SETUP,
                                    module_id=module_id, clash=', '.join(sorted(clash)))
        config = base_config(max(2, len(players)), options, version, modules)   # solo: set up for 2
        for module_id in modules:
            if MODULES[module_id].configure is not None:
                config = MODULES[module_id].configure(config)
        for card in (config.catalog.staff[c["number"]] for c in (options.get("house_catalog") or {}).get("staff", [])):
            check_kind_in_game(parts_for(modules), card)
        hotel = hotel_from(options["hotel"]) if options.get("hotel") else catalog().hotel
        start = Player(krones=config.start_krones, items=config.start_items, rooms=(EMPTY,) * hotel.size,
                       hand=(), cafe=(None,) * config.cafe_tables)
        own = {m: MODULES[m].start(config) for m in modules if MODULES[m].start is not None}
        state = State(players=tuple(players), hotels={seat: hotel for seat in players}, config=config,
                      seats={seat: start for seat in players}, guests_left=len(config.catalog.guests), modules=own)
        for module_id in modules:
            if MODULES[module_id].begin is not None:
                state = MODULES[module_id].begin(state)
        return state

    def check_house_catalog(self, content: Any) -> dict[str, Any]:
        """``guest`` and ``staff`` (cards with their numbers) and the sections
        of the modules that have them (module 1: ``ballroom``, ``rehearsal_board``)."""
        if not isinstance(content, Mapping):
            raise MalformedMove({"content": ["A house catalog is an object, in the shape of the shipped data."]})
        sections = {name: check for module in MODULES.values() for name, check in module.house.items()}
        unknown = sorted(set(content) - {"guest", "staff", "source"} - set(sections))
        if unknown:
            raise MalformedMove({"content": [f"A house catalog has no section {', '.join(unknown)}; its sections "
                                             f"are {', '.join(['guest', 'staff', *sections])}."]})
        try:
            check_bounds(content)
        except CatalogError as error:
            raise MalformedMove({"content": [str(error)]}) from None
        loaded = self.load_options({"house_catalog": dict(content)})["house_catalog"]
        for name, check in sections.items():
            if name in content:
                try:
                    check(content[name])
                except CatalogError as error:
                    raise MalformedMove({"content": {name: [str(error)]}}) from None
        return loaded

    def load_move(self, data: Any) -> Move:
        """A move through its type's schema; a recorded move may also carry
        ``settled``, the decisions its steps took on hidden cards (see
        ``apply_to_record``)."""
        if not isinstance(data, Mapping) or SETTLED not in data:
            return super().load_move(data)
        settled = data[SETTLED]
        if not isinstance(settled, list) or not all(
                d in pending.DECISIONS if not isinstance(d, Mapping) else list(d) == [pending.MADE]
                for d in settled):
            raise MalformedMove({SETTLED: ["A list of the decisions the move's steps took: "
                                           + ", ".join(pending.DECISIONS) + ' or {"made": a move}.']})
        settled = [{pending.MADE: self.load_move(d[pending.MADE])} if isinstance(d, Mapping) else d for d in settled]
        return {**super().load_move({k: v for k, v in data.items() if k != SETTLED}), SETTLED: settled}

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    # -- who moves ----------------------------------------------------------------
    def expected(self, state: State) -> Expected:
        if state.phase == OVER:
            return NOBODY
        if state.refill:
            return Expected((TABLE,), ("reveal_guest",))
        p = waiting(state)
        if p is not None:
            kind = pending.kind_of(state, p)
            if kind.by_table:
                return Expected((TABLE,), (kind.move,))
            return Expected((p.seat,), (kind.move,) + (("decline",) if kind.optional else ()))
        phase = parts(state).phase(state.phase)
        if phase is not None:
            return phase.expected(state)
        if state.phase == ROLL:
            return Expected((TABLE,), ("roll",))
        if state.phase == REROLL:
            return Expected((TABLE,), ("reroll",))
        return turns.expected_in_turn(state)

    # -- check ------------------------------------------------------------------
    def check(self, state: State, move: Move) -> None:
        kind = move["type"]
        if state.phase == OVER:
            raise violation("game_over", N_("The game is over."), R_FINAL)
        rule = parts(state).moves.get(kind)
        if rule is None:
            raise violation("module_not_in_play", N_("A {kind} belongs to a module this game does not play."), R_SETUP, kind=kind.replace('_', ' '))
        expected = self.expected(state)
        if kind not in expected.moves:
            who = " or ".join(expected.seats)
            raise violation("unexpected_move",
                            N_("A {kind} is not possible now: {who} must make a {moves}."), R_TURN,
                            kind=kind.replace('_', ' '), who=who, moves=' or '.join((m.replace('_', ' ') for m in expected.moves)))
        seat = TABLE if expected.is_chance else move.get("seat")
        if seat not in expected.seats:
            if rule.out_of_turn is not None:
                rule.out_of_turn(state, move)
            raise violation("not_your_turn", N_("It is {seats}'s move, not {seat}'s."), R_TURN,
                            seats=', '.join(expected.seats), seat=seat)
        self._check_rule(rule, state, move)

    def _check_rule(self, rule: MoveRule, state: State, move: Move) -> None:
        """The move's own rule, once it is this move's turn."""
        rule.check(state, move)
        if rule.before_main:
            turns.check_a_main_step_remains(state, move, self.apply)

    def _option_allowed(self, state: State, move: Move) -> bool:
        """Whether a candidate of the pending step that waits (``settle``
        asks, one candidate after the other) passes ``check``: the game is
        on and the step is the one expected, so only its seat, its move and
        that move's rule remain to be looked at."""
        p = state.pending[0]
        played = parts(state)
        rule = played.moves.get(move["type"])
        if state.phase == OVER or rule is None or move["type"] != played.pending[p.kind].move \
                or move.get("seat") != p.seat:
            return False
        try:
            self._check_rule(rule, state, move)
        except RuleViolation:
            return False
        return True

    # -- apply ------------------------------------------------------------------
    def apply(self, state: State, move: Move) -> tuple[State, Outcome]:
        recorded = move.get(SETTLED)
        # (without a record to follow nor one to keep, settle derives every decision itself)
        return self._applied(state, move, None if recorded is None else self._settling(recorded))

    recorded_decisions = (SETTLED,)

    def apply_to_record(self, state: State, move: Move) -> tuple[State, Outcome, Move]:
        """The move as a digital game's record keeps it: with the decisions
        taken on steps whose options come from a hand (pending.Settling), so
        that a replay which cannot see that hand follows them."""
        move = {k: v for k, v in move.items() if k != SETTLED}
        settling = self._settling(None)
        after, out = self._applied(state, move, settling)
        return after, out, {**move, SETTLED: settling.taken} if settling.taken else move

    def _settling(self, recorded: list[pending.Decision] | None) -> pending.Settling:
        return pending.Settling(recorded, self._seen_by_table)

    def _seen_by_table(self, made: Move) -> Move:
        return self.redact_move(made, None)

    def _applied(self, state: State, move: Move, settling: pending.Settling | None) -> tuple[State, Outcome]:
        out: Outcome = []
        played = parts(state)     # (one configuration for the whole game: the same parts after the move)
        after = self._advance(played.moves[move["type"]].apply(state, move, out), out, settling, played)
        for watch in played.watchers:
            after = watch(state, after, out)
        return after, out

    def _apply_move(self, state: State, move: Move, out: Outcome) -> State:
        return parts(state).moves[move["type"]].apply(state, move, out)

    def _advance(self, state: State, out: Outcome, settling: pending.Settling | None = None,
                 played: Parts | None = None) -> State:
        """What happens by itself: choices without a choice, the setup phases
        one after the other, the next turn, the round-end steps (``played``:
        the game's parts, when the caller has them)."""
        if played is None:
            played = parts(state)
        while True:
            if state.pending:
                state = pending.settle(state, out, self._option_allowed, self._apply_move, settling)
                if state.pending:
                    return state
            if state.refill:
                return state
            # (the turns first: they are most moves, and need no look at the setup phases)
            if state.phase == TURNS:
                if state.turn is not None:
                    if not played.advance:
                        return state    # (no module plays steps of a turn by itself)
                    # a step of the turn the rules play (a module's: the solo opponent's instruction card)
                    for step in played.advance:
                        moved = step(state, out)
                        if moved is not state:
                            break
                    else:
                        return state    # (none is due)
                    state = moved
                    continue
                state = turns.next_turn(state, out, rounds.end_round)
            elif state.phase == ROUND_END:
                state = rounds.run_round_end(state, out)
            elif state.phase in (ROLL, REROLL, OVER):
                return state
            else:
                chain, names = active_phases(state)
                if state.phase in names:
                    here = names.index(state.phase)
                    if not chain[here].done(state):
                        return state
                    following = here + 1
                    state = evolve(state, phase=names[following] if following < len(names) else ROLL)

    # -- listing moves --------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Move] | None:
        expected = self.expected(state)
        if not expected.seats or expected.is_chance:
            return None if expected.is_chance else []
        return [m for m in self._candidates(state, expected) if self.is_legal(state, m)]

    def unlisted_moves(self, state: State) -> tuple[str, ...]:
        """Every player's move is listed (a pending decision's and a setup
        phase's by their candidates, a turn's by ``turns.turn_moves``), except
        a module's turn move that brings no candidates of its own."""
        expected = self.expected(state)
        if expected.is_chance:
            return expected.moves
        p = waiting(state)
        if p is not None:
            return () if pending.listable(state, p) else (pending.kind_of(state, p).move,)
        if parts(state).phase(state.phase) is not None:
            return ()
        listed = turns.LISTED | {kind for kind, rule in parts(state).moves.items() if rule.candidates is not None}
        return tuple(kind for kind in expected.moves if kind not in listed)

    def _candidates(self, state: State, expected: Expected) -> list[Move]:
        p = waiting(state)
        if p is not None:
            return pending.candidates(state, p)
        phase = parts(state).phase(state.phase)
        if phase is not None:
            return phase.candidates(state, expected)
        return [m for m in turns.turn_moves(state, expected.seats[0]) if m["type"] in expected.moves]

    # -- chance in digital mode -----------------------------------------------------
    def catalog(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every guest, staff and objective card by its number with what it
        shows, the Emperor tiles and the modules' boards, each effect in words
        (with the cards of the modules named in ``options`` and its house
        catalog), and the effect vocabulary: each kind's fields and words."""
        modules = [m for m in in_play(options) if m in MODULES]
        cat = catalog(*(CARD_FILES[m] for m in modules if m in CARD_FILES))
        if options.get("house_catalog"):
            cat = with_house(cat, options["house_catalog"])
        answer = {"modules": modules,
                  "cards": [{"deck": "guest", **guest_json(g)} for g in cat.guests.values()]
                  + [{"deck": "staff", **staff_json(c)} for c in cat.staff.values()]
                  + [{"deck": "objective", "number": o.number, "name": f"Objective {o.group} ({o.number})",
                      "group": o.group, "text": o.text} for o in cat.objectives.values()],
                  "emperor_tiles": [tile_json(t) for t in cat.emperor_tiles.values()],
                  "effects": {kind: {"fields": sorted(fields), **words_of(kind)} for kind, fields in EFFECT_FIELDS.items()}}
        for module_id in modules:
            if MODULES[module_id].components is not None:
                answer.update(MODULES[module_id].components(options))
        return answer

    def chance_move(self, state: State, rng: random.Random) -> Move:
        return parts(state).chance[self.expected(state).moves[0]](state, rng)

    def chance_as_recorded(self, state: State, made: Move, recorded: Move) -> Move:
        """A digital setup recorded before the setup carried a module's part
        (module 1's boards) left it to a move of its own, made from that
        move's own draw and checked there: the setup is compared without it."""
        if made.get("type") != "setup":
            return made
        left = {f for part in parts(state).setup_parts for f in part.fields if f not in recorded}
        return {k: v for k, v in made.items() if k not in left}

    # -- what people see -------------------------------------------------------------
    def view(self, state: State, seat: str | None = None, full: bool = True) -> dict[str, Any]:
        return {**self.common_view(state), **view(state, seat, full)}

    def redact_move(self, move: Move, seat: str | None) -> Move:
        if move["type"] == "setup" and "hands" in move:
            return {**move, "hands": {s: h for s, h in move["hands"].items() if s == seat}}
        if move["type"] == "draw_staff" and move.get("seat") != seat and "cards" in move:
            return {k: v for k, v in move.items() if k != "cards"}
        if move["type"] == "draft_pick" and move.get("seat") != seat:
            return {k: v for k, v in move.items() if k != "staff"}
        return move

    def played_with(self, state: State) -> dict[str, Any]:
        """Let's Waltz!'s modules in play (the solo variant among them), the
        hotel board's side, and the solo variant's opponent with its level."""
        played: dict[str, Any] = {
            "expansions": [f"Let's Waltz! {m.title}" for m in parts(state).modules if m.id != "base"],
            "board": f"hotel: {state.hotel.name or 'a day side of its own'}"}
        if solo.BOT in state.seats:
            played["opponent"] = {"seat": solo.BOT, "name": solo.name(state),
                                  "role": f"{solo.name(state)} ({solo.bot(state).level})"}
        return played

    # -- results ------------------------------------------------------------------------
    def scores(self, state: State) -> dict[str, int]:
        return {seat: state.player(seat).vp for seat in state.players}

    def finished(self, state: State) -> bool:
        return state.phase == OVER

    def winners(self, state: State) -> list[str]:
        return winners(state) if self.finished(state) else []

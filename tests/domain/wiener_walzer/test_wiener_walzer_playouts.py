"""Random whole games for 2 to 5 players, with and without event cards,
checked against an independent recount of every dance and every score."""
from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from domain.rules import random_move
from domain.wiener_walzer import GAME
from domain.wiener_walzer.events import RULES
from randomness import examples

DELICACIES = ("cheese", "shrimp_roll", "sachertorte", "caviar", "cigar")


# -- an independent recount, written from the rulebook, not from the engine --------------------
def grid_neighbours(rows):
    def name(c, r):
        return f"{chr(97 + c)}{r + 1}"
    out = {}
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char != ".":
                out[name(c, r)] = [name(x, y) for x, y in ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r))
                                   if 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] != "."]
    return out


def board_of(state):
    """space -> [sex, value, owner, turned] for every guest."""
    return {s: [g.sex, g.value, g.owner, g.turned] for s, g in state.guests.items()}


def due(board, around):
    """(dancer, partner) pairs that may dance next, by the rulebook."""
    out = []
    for space, (sex, _, _, turned) in board.items():
        if turned or not all(n in board for n in around[space]):
            continue
        partners = [n for n in around[space] if not board[n][3] and board[n][0] != sex]
        if partners:
            top = max(board[n][1] for n in partners)
            out += [(space, n) for n in partners if board[n][1] == top]
    return out


def all_results(board, around):
    steps = due(board, around)
    if not steps:
        return {frozenset()}
    results = set()
    for a, b in steps:
        after = {**board, a: board[a][:3] + [True], b: board[b][:3] + [True]}
        results |= {r | {frozenset((a, b))} for r in all_results(after, around)}
    return results


def recount_dances(board, around, outcome):
    """Each dance in ``outcome`` was due and scored right; returns the board after."""
    for fact in outcome:
        if fact["fact"] != "danced":
            continue
        a, b = fact["dancer"], fact["partner"]
        if fact["kind"] == "enclosed":
            assert (a, b) in due(board, around)
        assert fact["points"] == board[a][1] + board[b][1]
        assert fact["seats"] == list(dict.fromkeys(o for o in (board[a][2], board[b][2]) if o))
        board = {**board, a: board[a][:3] + [True], b: board[b][:3] + [True]}
    return board


def sets_by_hand(tiles):
    counts = Counter(item for tile in tiles for item in tile)
    best = 0
    for k in range(1, sum(counts.values()) // 5 + 1):
        if sum(max(0, k - counts[d]) for d in DELICACIES) <= counts["champagne"]:
            best = k
    return best


def is_legal(state, move):
    return GAME.is_legal(state, GAME.load_move(move))


def random_illegal_candidates(state, rng):
    """Moves a careless scorekeeper might enter: right type, random content."""
    seat = GAME.expected(state).seats[0]
    spaces = list(state.board.spaces)
    return [{"type": "place", "seat": seat, "card": rng.choice("LG") + str(rng.randint(0, 5)),
             "space": rng.choice(spaces)},
            {"type": "dance", "seat": seat, "dancer": rng.choice(spaces), "partner": rng.choice(spaces)},
            {"type": "resolve_event", "seat": seat, "first": rng.choice(spaces), "second": rng.choice(spaces)}]


def play_checked(players, events, seed):
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], GAME.load_options({"events": events}))
    around = grid_neighbours(state.board.rows)
    start = state
    moves, states = [], [state]
    traced, penalties = Counter(), Counter()
    while not GAME.finished(state):
        legal = GAME.legal_moves(state)
        if legal is not None:
            listed = [GAME.load_move(m) for m in legal]
            for move in rng.sample(listed, min(40, len(listed))):
                assert is_legal(state, move), move
            for move in random_illegal_candidates(state, rng):
                if move["type"] in GAME.expected(state).moves and move not in listed:
                    assert not is_legal(state, move), move
        move = GAME.load_move(random_move(GAME, state, rng))
        GAME.check(state, move)
        before = copy.deepcopy(state)
        new, outcome = GAME.apply(state, move)
        assert state == before                       # apply never mutates its input

        board = board_of(state)
        if move["type"] == "place":
            board[move["space"]] = [move["card"][0], int(move["card"][1]), move["seat"], False]
        elif move["type"] == "resolve_event" and not move.get("lapse"):
            board = board_of(RULES[state.event].carry_out(state, move["seat"], move)[0])
        if move["type"] in ("place", "dance", "resolve_event") and new.phase != "event_draw":
            dances = [f for f in outcome if f["fact"] == "danced" and f["kind"] == "enclosed"]
            if move["type"] == "dance":
                board = recount_dances(board, around, dances[:1])    # the player's chosen dance
                dances = dances[1:]
            choices = all_results(board, around)
            if new.phase == "dance":
                assert len(choices) > 1 and dances == []       # a real choice is left to the player
            else:
                assert len(choices) == 1                       # forced dances resolved by themselves
                after = recount_dances(board, around, dances)
                assert due(after, around) == []                # no dance is left undanced
                assert {frozenset((f["dancer"], f["partner"])) for f in dances} == set(next(iter(choices)))
        for fact in outcome:
            if fact["fact"] == "scored":
                traced[fact["seat"]] += fact["points"]
                if fact["points"] < 0:      # Tortung: back 2, never behind the start
                    assert fact["points"] == -min(2, GAME.scores(state)[fact["seat"]])
                    penalties[fact["seat"]] += fact["points"]
        moves.append(move)
        states.append(new)
        state = new
        assert all(points >= 0 for points in GAME.scores(state).values())
        assert dict(traced) == {s: p for s, p in GAME.scores(state).items() if s in traced}
    return start, moves, states, penalties


@settings(max_examples=examples(16), deadline=None)
@given(players=st.integers(2, 5), events=st.booleans(), seed=st.integers(0, 2**32))
def test_random_games_follow_the_rules_and_score_as_counted_by_hand(players, events, seed):
    start, moves, states, penalties = play_checked(players, events, seed)
    final = states[-1]
    assert GAME.finished(final) and not any(final.cards)
    assert len(final.guests) == len(final.board.gold) + 12 * players

    # replay from the setup gives the live state
    replayed = start
    for move in moves:
        replayed, _ = GAME.play(replayed, move)
    assert replayed == final

    # undo (replay one move less) and redo give the same states
    n = random.Random(seed).randrange(len(moves))
    undone = start
    for move in moves[:n]:
        undone, _ = GAME.apply(undone, move)
    assert undone == states[n]
    assert GAME.apply(undone, moves[n])[0] == states[n + 1]

    # the final score is the dances plus the buffet, counted by hand
    for i, seat in enumerate(final.players):
        danced = sum(d.points for d in final.dances if seat in d.seats)
        assert GAME.scores(final)[seat] == danced + penalties[seat] + 5 * sets_by_hand(final.collected[i])
    assert GAME.winners(final) == [s for s, p in GAME.scores(final).items() if p == max(GAME.scores(final).values())]
    view = GAME.view(final)
    assert view["finished"] and view["scores"] == GAME.scores(final)


def test_every_player_count_with_and_without_events_finishes():
    for players in (2, 3, 4, 5):
        for events in (False, True):
            _, _, states, _ = play_checked(players, events, seed=players * 10 + events)
            assert GAME.finished(states[-1])

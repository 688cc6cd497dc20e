"""Working out a Willi record by hand, the rulebook's way, without the engine:
used to check the engine's scores on random games."""
from __future__ import annotations


def score_by_hand(moves: list[dict], seats: list[str]) -> tuple[dict[str, int], list[str]]:
    points = {s: 0 for s in seats}
    piles: dict[str, list[list[str]]] = {s: [] for s in seats}
    trick: list[tuple[str, str]] = []
    caller = None
    for move in moves:
        kind = move["type"]
        if kind == "deal":
            piles = {s: [] for s in seats}
        elif kind == "meinz":
            caller = move["seat"]
        elif kind == "exchange":
            pile = piles[move["seat"]][-1]
            pile[pile.index(move["take"])] = move["give"]
        elif kind == "play":
            trick.append((move["seat"], move["card"]))
            if len(trick) < len(seats):
                continue
            if caller:
                winner = caller
            else:
                open_seats = [(s, c) for s, c in trick if len(piles[s]) < 2]
                low = min(int(c[1]) for _, c in open_seats)
                winner = [s for s, c in open_seats if int(c[1]) == low][-1]   # the later equal card is lower
            piles[winner].append([c for _, c in trick])
            trick, caller = [], None
            if sum(len(p) for p in piles.values()) == 8:
                sums = {s: sum(int(c[1]) for t in piles[s] for c in t) + (12 if s == "monster" else 0)
                        for s in seats}
                for s in seats:
                    if list(sums.values()).count(sums[s]) > 1:
                        continue
                    higher = sum(1 for v in sums.values() if v > sums[s])
                    points[s] += [3, 1, 0, 2][higher]
    people = {s: p for s, p in points.items() if s != "monster"}
    best = max(people.values())
    return points, [s for s in seats if s in people and people[s] == best]

"""Measures of a player's hotel and holdings, shared by objectives, end-game
staff and final scoring. Small pure functions over the state."""
from __future__ import annotations

from domain.grand_austria.catalog import ROOM_COLOURS, Hotel, Staff
from domain.grand_austria.state import EMPTY, OCCUPIED, Player


def occupied(hotel: Hotel, player: Player, colour: str | None = None) -> int:
    return sum(1 for room, status in enumerate(player.rooms)
               if status == OCCUPIED and (colour is None or hotel.colour(room) == colour))


def full_floors(hotel: Hotel, player: Player) -> int:
    w = hotel.width
    return sum(1 for f in range(len(hotel.floors))
               if all(player.rooms[f * w + c] == OCCUPIED for c in range(w)))


def full_columns(hotel: Hotel, player: Player) -> int:
    w = hotel.width
    return sum(1 for c in range(w)
               if all(player.rooms[f * w + c] == OCCUPIED for f in range(len(hotel.floors))))


def full_groups(hotel: Hotel, player: Player) -> int:
    return sum(1 for group in hotel.groups if all(player.rooms[r] == OCCUPIED for r in group))


def full_colours(hotel: Hotel, player: Player) -> int:
    counts = {colour: sum(1 for row in hotel.floors for c in row if c == colour) for colour in ROOM_COLOURS}
    return sum(1 for colour, total in counts.items() if total and occupied(hotel, player, colour) == total)


def measure(name: str, hotel: Hotel, player: Player) -> int:
    """The quantity an objective or an end-game staff card counts."""
    if name.startswith("occupied_"):
        return occupied(hotel, player, name.removeprefix("occupied_"))
    return {
        "krones": lambda: player.krones,
        "rooms": lambda: sum(1 for status in player.rooms if status != EMPTY),
        "hired": lambda: len(player.hired),
        "emperor": lambda: player.emperor,
        "occupied": lambda: occupied(hotel, player),
        "full_floors": lambda: full_floors(hotel, player),
        "full_groups": lambda: full_groups(hotel, player),
        "full_colours": lambda: full_colours(hotel, player),
        "full_columns": lambda: full_columns(hotel, player),
        "colour_sets": lambda: min(occupied(hotel, player, c) for c in ROOM_COLOURS),
        "objectives": lambda: len(player.objectives),
    }[name]()


def end_staff_vp(hotel: Hotel, player: Player, staff: Staff, opponents: tuple[Player, ...]) -> int:
    """An end-game staff card's points. The Secretary copies the opponents'
    end-game card that is worth most in this player's hotel (the rulebook
    lets the owner choose; the best choice is taken)."""
    spec = staff.end
    if spec["measure"] == "copy_opponent":
        copies = [end_staff_vp(hotel, player, card, ()) for other in opponents for card in other.hired
                  if card.end and card.end["measure"] != "copy_opponent"]
        return max(copies, default=0)
    return measure(spec["measure"], hotel, player) * spec["vp"]

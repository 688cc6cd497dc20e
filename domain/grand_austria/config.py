"""A game's typed configuration, built once at ``setup`` from the options,
the rules version and the chosen modules: the item list, the dice, the café,
the counts and costs of the rules data, the turn-order tiles and the rules
version's policies. Everything the rules read from the board lives here."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from domain.grand_austria.catalog import CARD_FILES, DISHES, DRINKS, ITEMS, Catalog, catalog, with_house


WHITE = "white"                    # the base game's dice (modules 1, 3, 4, 5 too)


@dataclass(frozen=True)
class Version:
    """What a rules version decides, one named value per rule that changed."""

    number: str
    summary: str
    items_placed_on_gain: bool    # 3: items gained on your own turn go onto café guests or into the kitchen
    main_action_items_fresh: bool  # 2: a main action's items are served free all turn
    staff_before_or_after: frozenset[str]   # staff (by name) whose die trigger may act before the main action


VERSIONS: Mapping[str, Version] = {
    "2": Version("2", "A die is never taken without its action (take_die has no decline); items from rewards, "
                      "staff and bonuses go to the kitchen, a main action's items are served free all turn.",
                 items_placed_on_gain=False, main_action_items_fresh=True, staff_before_or_after=frozenset()),
    "3": Version("3", "Items gained on your own turn go, right then, onto your café guests (free) or into the "
                      "kitchen (served later for 1 krone); the Staff Manager may hire before or after the main "
                      "action.",
                 items_placed_on_gain=True, main_action_items_fresh=False,
                 # "before or after taking the main action", as the expansion's Dancing Master says
                 staff_before_or_after=frozenset({"Staff Manager"})),
}
CURRENT_VERSION = "3"


@dataclass(frozen=True)
class Config:
    version: Version
    modules: tuple[str, ...]                 # ids of the chosen modules, in the order given
    catalog: Catalog
    items: tuple[str, ...]                   # the game's items, as kitchens and orders count them
    dish_or_drink: tuple[str, ...]           # what "a dish or drink of your choice" may be
    any_item: tuple[str, ...]                # what "any item" may be
    action_items: Mapping[int, tuple[str, ...]]   # actions 1 and 2: the items, each never more than the one before
    kitchen_vp: tuple[str, ...]              # the items the final scoring's "1 VP per item" line counts
    dice: tuple[str, ...]                    # the game's dice rolled at the round start, by colour
    cafe_tables: int
    krones_cap: int
    start_krones: int
    start_items: tuple[int, ...]
    queue_costs: tuple[int, ...]
    boost_cost: int
    imitate_cost: int
    hand_size: int
    initial_rooms: int
    rounds: int
    emperor_rounds: tuple[int, ...]
    cafe_guest_penalty: int
    staff_draft: bool
    tiles: tuple[tuple[int, ...], ...]       # turn-order tiles, from the start player clockwise
    options: Mapping[str, Any]               # the options as given (a module reads its own here)

    def vector(self, items: Mapping[str, int]) -> tuple[int, ...]:
        return tuple([items.get(item, 0) for item in self.items])

    def named(self, vector: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(self.items, vector))

    @property
    def nothing(self) -> tuple[int, ...]:
        return (0,) * len(self.items)


def base_config(players: int, options: Mapping[str, Any], version: str, modules: tuple[str, ...]) -> Config:
    """The base game's configuration; the chosen modules then adjust it."""
    cat = catalog(*(CARD_FILES[m] for m in modules if m in CARD_FILES))
    if options.get("house_catalog"):
        cat = with_house(cat, options["house_catalog"])
    rules = cat.rules
    return Config(
        version=VERSIONS[version], modules=modules, catalog=cat,
        items=ITEMS, dish_or_drink=ITEMS, any_item=ITEMS, action_items={1: DISHES, 2: DRINKS},
        kitchen_vp=ITEMS,
        dice=(WHITE,) * rules["dice"][str(players)], cafe_tables=rules["cafe_tables"], krones_cap=rules["krones_cap"],
        start_krones=rules["start_krones"], start_items=tuple(rules["start_items"].get(i, 0) for i in ITEMS),
        queue_costs=tuple(rules["queue_costs"]), boost_cost=rules["boost_cost"],
        imitate_cost=rules["imitate_cost"], hand_size=rules["hand_size"], initial_rooms=rules["initial_rooms"],
        rounds=rules["rounds"], emperor_rounds=tuple(rules["emperor_rounds"]),
        cafe_guest_penalty=rules["cafe_guest_penalty"], staff_draft=bool(options.get("staff_draft")),
        tiles=tuple(tuple(t) for t in rules["turn_order"][str(players)]), options=dict(options))


def adjusted(config: Config, **changes: Any) -> Config:
    """A module's contribution to the configuration."""
    return replace(config, **changes)

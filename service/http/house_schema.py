"""A house catalog as the OpenAPI document says it: Grand Austria Hotel's
components in the shape of the shipped data, with the bounds every stored
catalog keeps (domain.grand_austria.house).

The schema says the form: the sections (guest and staff cards, each with its
number; each registered module's own sections), how many entries, how long a
name or a text. Whether the printed content means something (a guest's
order, a board's rows) only reading it says: a catalog of this form that does
not read is refused 422 ``not_a_house_catalog``, naming the place.
"""
from __future__ import annotations

from typing import Any

from domain.grand_austria.house import MAX_CARD_NUMBER, MAX_ENTRIES, MAX_NAME, MAX_NUMBER, MAX_TEXT
from domain.grand_austria.parts import MODULES

NAME = "HouseCatalogComponents"


def entries(items: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": "array", "maxItems": MAX_ENTRIES, "items": items, "description": description}


def card(deck: str) -> dict[str, Any]:
    return {"type": "object", "required": ["number"], "description": f"a {deck} card as printed",
            "properties": {
                "number": {"type": "integer", "minimum": 1, "maximum": MAX_CARD_NUMBER,
                           "description": "its number: a shipped card's replaces it, a new one is added"},
                "name": {"type": "string", "maxLength": MAX_NAME},
                "text": {"type": "string", "maxLength": MAX_TEXT, "description": "what it says, in words"}}}


def house_catalog() -> dict[str, Any]:
    """The component: its sections are those of the modules registered now."""
    modules = {name: module.id for module in MODULES.values() for name in module.house}
    return {
        "type": "object", "additionalProperties": False,
        "description": "a table's own copy of Grand Austria Hotel's components, in the shape of the shipped "
                       f"data (every other number in it a whole number from 0 to {MAX_NUMBER}, every other text "
                       f"at most {MAX_NAME} characters); what does not read as the game's components is "
                       "refused 422 not_a_house_catalog",
        "properties": {
            "guest": entries(card("guest"), "guest cards, each number once"),
            "staff": entries(card("staff"), "staff cards, each number once"),
            "source": {"description": f"where the content comes from (a text: at most {MAX_TEXT} characters)"},
            **{name: entries({}, f"module {module}'s {name} entries, each by its name or id once")
               for name, module in sorted(modules.items())}}}

"""The modules Grand Austria Hotel ships, listed (:data:`SHIPPED`), and the
registry's writers: ``register`` makes a module choosable (its effects join
the effect vocabulary, its cards the catalog) and ``unregister`` takes it
back; the setup move's and the options' schemas are built over every
registered module. A module declares its ``Module`` and registers nothing
itself: the list below is the one place that makes it known (a test registers
its own module by ``register``). The registry itself (``MODULES``) and what a
game assembles from it live in :mod:`domain.grand_austria.parts`."""
from __future__ import annotations

from functools import cache

from marshmallow import Schema

from domain.grand_austria.catalog import CARD_FILES, MODULE_MEASURES, every_card
from domain.grand_austria.effects import effect, forget_effect
from domain.grand_austria.moves import OptionsSchema, SetupSchema
from domain.grand_austria.base import BASE
from domain.grand_austria.modules.ballrooms import BALLROOMS
from domain.grand_austria.modules.celebrities import CELEBRITIES
from domain.grand_austria.modules.more import MORE
from domain.grand_austria.modules.start_player import START_PLAYER
from domain.grand_austria.modules.unique_hotels import UNIQUE_HOTELS
from domain.grand_austria.parts import MODULES, Module, forget_parts, registered_staff_kinds
from domain.grand_austria.solo.variant import SOLO


def register(module: Module) -> Module:
    """Make a module choosable (its effects, with their words, join the effect vocabulary)."""
    for kind, (fields, handler, *words) in module.effects.items():
        effect(kind, fields, *words)(handler)
    if module.cards:
        CARD_FILES[module.id] = module.cards
    MODULE_MEASURES.update(module.measures)
    MODULES[module.id] = module
    _registry_changed()
    return module


def unregister(module_id: str) -> None:
    CARD_FILES.pop(module_id, None)
    module = MODULES.pop(module_id, None)
    for kind in module.effects if module else ():
        forget_effect(kind)
    _registry_changed()


def _registry_changed() -> None:
    """Forget what was built from the registered modules (and their cards)."""
    forget_parts()
    for built in (registered_staff_kinds, every_card, options_schema, setup_schema):
        built.cache_clear()


@cache
def setup_schema() -> type[Schema]:
    """The table's setup move with every registered module's part (refused
    by ``setup`` unless the module is chosen)."""
    extra = {name: f for m in MODULES.values() if m.setup_part for name, f in m.setup_part.fields.items()}
    return type("SetupSchema", (SetupSchema,), dict(extra, __doc__=SetupSchema.__doc__)) if extra else SetupSchema


@cache
def options_schema() -> type[Schema]:
    """The options of the base game and every registered module (a module's
    option is refused by ``setup`` unless the module is chosen)."""
    extra = {name: option for module in MODULES.values() for name, option in module.options.items()}
    return type("OptionsSchema", (OptionsSchema,), dict(extra, __doc__=OptionsSchema.__doc__)) if extra \
        else OptionsSchema


SHIPPED = (BASE, BALLROOMS, CELEBRITIES, MORE, START_PLAYER, UNIQUE_HOTELS, SOLO)
"""Every module Grand Austria Hotel ships, the base game first, in the order
the catalog, the options and the notation list them."""

for shipped in SHIPPED:
    register(shipped)

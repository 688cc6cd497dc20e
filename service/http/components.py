"""Where a start's options are refused for what they say (422), not for
their form (400).

A game's own components given as options (a Vienna board or deck, a Wiener
Walzer layout, a Grand Austria hotel) have a form the document says (a list,
an object, typed fields) and a meaning only the game reads whole: rows of one
length, each card named once, groups that cover every room once. A start
whose components have the documented form but no meaning the game can play
is 422 ``components_refused``, naming the place. A component of the wrong
JSON type, and anything marshmallow itself words (a field of the wrong type,
a missing or an unknown field, a value outside an enum, a length, a range or
a pattern: what the document says too) stay 400 ``malformed``; so does a
choice among named things (a list of modules).
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from marshmallow import Schema, fields, validate

from domain.games import get_game, is_game
from service.app.errors import Unprocessable


def _form_messages() -> re.Pattern[str]:
    """marshmallow's own words for a value of the wrong form: a type, a missing, unknown or null field
    (its fields' messages), and what the document says as enum, pattern, length or range (its validators')."""
    classes = [cls for cls in vars(fields).values() if isinstance(cls, type) and issubclass(cls, fields.Field)]
    found = {message for cls in classes for message in cls.default_error_messages.values()}
    found |= set(getattr(Schema, "_default_error_messages", {}).values())
    checks = [cls for cls in vars(validate).values() if isinstance(cls, type) and issubclass(cls, validate.Validator)]
    found |= {value for cls in checks for name, value in vars(cls).items()
              if name.startswith(("message", "default_message")) and isinstance(value, str) and value.endswith(".")}
    return re.compile("|".join(".*".join(map(re.escape, re.split(r"\{+[a-z_]+\}+", message)))
                               for message in sorted(found)))


FORM = _form_messages()


def is_component(field: Any) -> bool:
    """An option that is a component of the game's own making: a structure
    (nested, a list, a mapping) or a field the game defines."""
    if isinstance(field, fields.List) and isinstance(field.inner.validate, validate.OneOf):
        return False                        # a choice among named things (modules), not a thing of its own
    return isinstance(field, (fields.Nested, fields.List, fields.Dict)) or (
        field is not None and not type(field).__module__.startswith("marshmallow"))


def of_its_json_type(field: fields.Field, value: Any) -> bool:
    """The value is a JSON list where the field takes a list, an object where it takes an object."""
    if isinstance(field, fields.List) or (isinstance(field, fields.Nested) and field.many):
        return isinstance(value, list)
    if isinstance(field, (fields.Nested, fields.Dict)):
        return isinstance(value, dict)
    return isinstance(value, (dict, list))


def leaves(messages: Any) -> Iterator[str]:
    if isinstance(messages, dict):
        for value in messages.values():
            yield from leaves(value)
    elif isinstance(messages, (list, tuple)):
        for value in messages:
            yield from leaves(value)
    else:
        yield str(messages)


def refused(game_id: str, options: Any, messages: Any) -> Unprocessable | None:
    """The 422 for a start whose components the game cannot play with, or
    None where the options are malformed (400)."""
    refused_options = messages.get("options") if isinstance(messages, dict) else None
    if not isinstance(refused_options, dict) or not isinstance(options, dict) or not is_game(game_id):
        return None
    declared = get_game(game_id).options_schema().fields
    if not all(is_component(declared.get(name)) and of_its_json_type(declared[name], options.get(name))
               for name in refused_options):
        return None
    if any(FORM.fullmatch(message) for message in leaves(refused_options)):
        return None
    return Unprocessable("The game cannot be played with these components; nothing was started.",
                         "components_refused", messages)

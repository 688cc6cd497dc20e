"""Describe marshmallow schemas as plain JSON, so a client learns a game's
moves and options from ``GET /api/game-types`` without reading code."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate


def describe_field(field: fields.Field) -> dict[str, Any]:
    # marshmallow's own name for the field's kind ("integer", "boolean"),
    # also for tablelog's stricter fields built on them
    kind = next(cls for cls in type(field).__mro__ if cls.__module__ == fields.__name__).__name__.lower()
    out: dict[str, Any] = {"type": kind, "required": bool(field.required)}
    if field.allow_none:
        out["nullable"] = True
    description = field.metadata.get("description")
    if description:
        out["description"] = description
    # What a value stands for, so that a client never guesses it from numbers:
    # a die's face ("holds": "die") or a card of a named deck ("holds": "card", "deck": "staff").
    for key in ("holds", "deck"):
        if key in field.metadata:
            out[key] = field.metadata[key]
    for validator in _validators(field):
        if isinstance(validator, validate.OneOf):
            out["one_of"] = list(validator.choices)
        elif isinstance(validator, validate.Range):
            if validator.min is not None:
                out["min"] = validator.min
            if validator.max is not None:
                out["max"] = validator.max
        elif isinstance(validator, validate.Length):
            if validator.min is not None:
                out["min_length"] = validator.min
            if validator.max is not None:
                out["max_length"] = validator.max
        elif isinstance(validator, validate.Regexp):
            out["pattern"] = validator.regex.pattern
    if isinstance(field, fields.List):
        out["items"] = describe_field(field.inner)
    elif isinstance(field, fields.Dict):
        if field.key_field is not None:
            out["keys"] = describe_field(field.key_field)
        if field.value_field is not None:
            out["values"] = describe_field(field.value_field)
    elif isinstance(field, fields.Nested):
        nested = field.nested() if callable(field.nested) and not isinstance(field.nested, type) else field.nested
        schema = nested() if isinstance(nested, type) else nested
        if isinstance(schema, Schema):
            out["fields"] = describe_schema(schema)["fields"]
    return out


def _validators(field: fields.Field):
    for validator in field.validators:
        if isinstance(validator, validate.And):
            yield from validator.validators
        else:
            yield validator


def described(docstring: str | None) -> str:
    """A move schema's docstring as its description: the words on one line, as
    the message catalog holds it (``service.http.i18n.extract_domain``)."""
    return " ".join((docstring or "").split())


def describe_schema(schema: Schema) -> dict[str, Any]:
    doc = described(type(schema).__doc__)
    out: dict[str, Any] = {"fields": {name: describe_field(field) for name, field in schema.fields.items()}}
    if doc:
        out["description"] = doc
    return out

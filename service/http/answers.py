"""The base of every response body's schema: what the service always sends
is ``required`` in the document, so a client generated from it reads a
field as present, not as maybe-missing."""
from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import Schema


class Answer(Schema):
    """A response body: every field is required unless named in ``sometimes``
    (sent only in some answers: a digital game's seed commitment, the game
    list's status, ...)."""

    sometimes: ClassVar[tuple[str, ...]] = ()

    def on_bind_field(self, field_name: str, field_obj: Any) -> None:
        super().on_bind_field(field_name, field_obj)
        if field_name not in self.sometimes:
            field_obj.required = True

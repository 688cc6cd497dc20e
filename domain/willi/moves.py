"""Willi's moves as JSON, with the marshmallow schemas that check their form."""
from __future__ import annotations

from marshmallow import Schema, fields

from domain.rules import MoveSchema, WholeText, seat_field
from domain.willi.cards import CARD_PATTERN
from domain.words import N_


def card_field(**kwargs) -> fields.String:
    return fields.String(
        validate=WholeText(CARD_PATTERN, error="A card is written colour + value, e.g. R5, Y1, G9, B3."),
        metadata={"description": N_("colour (R, Y, G, B) + value 1-9, e.g. R5")}, **kwargs)


class DealSchema(MoveSchema):
    """The table deals 9 cards to every seat at the start of a round. The card
    monster's list is its face-down stack, top card first; null = a hand the
    scorekeeper did not see."""

    hands = fields.Dict(
        keys=fields.String(), values=fields.List(card_field(required=True), allow_none=True),
        required=True, metadata={"description": N_("seat -> 9 cards, or null when unseen")})


class DiscardSchema(MoveSchema):
    """A player returns one card face down to the box before the first lead;
    null = the scorekeeper did not see it."""

    seat = seat_field()
    card = card_field(required=True, allow_none=True)


class PlaySchema(MoveSchema):
    """A card played to the trick (the monster's turned top card too)."""

    seat = seat_field()
    card = card_field(required=True)


class MeinzSchema(MoveSchema):
    """"Meinz!": the caller takes this trick, whoever plays lowest."""

    seat = seat_field()


class ExchangeSchema(MoveSchema):
    """The trick's winner swaps a hand card for a card of the same colour
    from the trick, before the next lead."""

    seat = seat_field()
    give = card_field(required=True)
    take = card_field(required=True)


class OptionsSchema(Schema):
    """Willi has no options."""


MOVE_SCHEMAS = {
    "deal": DealSchema,
    "discard": DiscardSchema,
    "play": PlaySchema,
    "meinz": MeinzSchema,
    "exchange": ExchangeSchema,
}

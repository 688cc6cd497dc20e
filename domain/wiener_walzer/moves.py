"""Wiener Walzer's moves and options as JSON, with the marshmallow schemas
that check their form."""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates

from domain.rules import MoveSchema, WholeText, YesNo, seat_field
from domain.wiener_walzer.board import LAYOUT_PATTERN, MAX_COLUMNS, MAX_ROWS, SPACE_PATTERN
from domain.wiener_walzer.components import CARD_PATTERN, EVENT_CARDS, ITEMS, PLAYER_COLOURS
from domain.words import N_


def space_field(description: str, **kwargs) -> fields.String:
    return fields.String(
        validate=WholeText(SPACE_PATTERN, error="A space is a column letter and a row number, e.g. d4."),
        metadata={"description": description}, **kwargs)


CARD_DESCRIPTION = N_("a guest card: L (lady) or G (gentleman) + value 0-5, e.g. L3")


def card_field(description: str = CARD_DESCRIPTION, **kwargs) -> fields.String:
    return fields.String(
        validate=WholeText(CARD_PATTERN, error="A guest card is L (lady) or G (gentleman) + value 0-5, e.g. L3."),
        metadata={"description": description}, **kwargs)


def tile_field(description: str, **kwargs) -> fields.List:
    return fields.List(
        fields.String(validate=validate.OneOf(ITEMS)), validate=validate.Length(min=1, max=3),
        metadata={"description": description}, **kwargs)


class SetupSchema(MoveSchema):
    """The table lays out the board: a neutral guest on every gold-framed space
    in play and a buffet tile on every other space in play. In digital mode it
    also records each player's shuffled stack of 12 guest cards (top first),
    hidden from the other players."""

    neutral = fields.Dict(keys=fields.String(validate=WholeText(SPACE_PATTERN)), values=card_field(),
                          required=True, metadata={"description": N_("gold space -> the white guest lying on it")})
    buffet = fields.Dict(keys=fields.String(validate=WholeText(SPACE_PATTERN)),
                         values=tile_field(N_("the delicacies the tile shows, e.g. [\"cheese\", \"cheese\"]")),
                         required=True, metadata={"description": N_("buffet space -> the tile lying on it")})
    stacks = fields.Dict(keys=fields.String(), values=fields.List(card_field(), allow_none=True),
                         metadata={"description": N_("digital mode: player -> their 12 cards in stack order, top "
                                                  "first (null: face down, as a record for one viewer shows it)")})


class PlaceSchema(MoveSchema):
    """The player whose turn it is places the guest card from their hand on a
    free space and takes the buffet tile lying there."""

    seat = seat_field()
    card = card_field(required=True)
    space = space_field(N_("a space in play with no guest card on it"), required=True)


class DanceSchema(MoveSchema):
    """The player whose turn it is names the next dance, only while the choice
    matters (tied partners, or the order of several dances)."""

    seat = seat_field()
    dancer = space_field(N_("an enclosed guest due to dance"), required=True)
    partner = space_field(N_("its partner: a highest-valued face-up neighbour of the other sex"), required=True)


class EventSchema(MoveSchema):
    """Event variant: the table draws an event card after a guest of value 0 is placed."""

    card = fields.String(required=True, validate=validate.OneOf(list(EVENT_CARDS)),
                         metadata={"description": N_("the event card drawn")})


class ResolveEventSchema(MoveSchema):
    """Event variant: the player whose turn it is carries out the event card
    with the fields it needs, or declares it lapses (only when it cannot be
    carried out). Fields by card: kuess_die_hand (Küss die Hand!): guest: a
    face-up gentleman; tile: a buffet tile next to a face-up lady;
    hatten_sie_nicht_schon_genug (Hatten Sie nicht schon genug ...?):
    champagne: a space holding a champagne tile, or champagne_of: a player and
    collected: that player's champagne tile; tile: another buffet tile on the
    board; ausfallschritt (Ausfallschritt): first, second: two adjacent face-up
    guests; solotaenzer (Solotänzer): guest: a face-up guest of highest value
    among the face-up guests of its player; tile: a buffet tile next to it;
    essen_sie_das_noch (Essen Sie das noch?): collected: one of your tiles, by
    its delicacies; tile: a buffet tile on the board; anstandsdame
    (Anstandsdame): first, second: two face-up ladies; tortung (Tortung):
    guest: a face-up guest of a player with a Sachertorte tile next to it;
    partnerwechsel (Partnerwechsel): first: one of your own guests; second: a
    turned (danced) guest; nur_eine_zigarre (... nur eine Zigarre!): first,
    second: two adjacent face-up guests of the same sex, one of them next to a
    cigar tile."""

    seat = seat_field()
    lapse = YesNo(metadata={"description": N_("true: the event cannot be carried out")})
    guest = space_field(N_("a guest the card moves or names"))
    tile = space_field(N_("a buffet tile on the board"))
    first = space_field(N_("the first of two guests"))
    second = space_field(N_("the second of two guests"))
    champagne = space_field(N_("Hatten Sie nicht schon genug: a champagne tile on the board"))
    champagne_of = fields.String(metadata={
        "description": N_("Hatten Sie nicht schon genug: the player whose champagne tile is swapped")})
    collected = tile_field(N_("a collected tile, by the delicacies it shows"))


class OptionsSchema(Schema):
    """Wiener Walzer options: player colours, the event-card variant, a custom board."""

    colours = fields.Dict(
        keys=fields.String(), values=fields.String(validate=validate.OneOf(PLAYER_COLOURS)),
        load_default=dict,
        metadata={"description": N_("player -> colour; players left out get the first free colours in "
                                    "the listed order (white is neutral)")})
    events = YesNo(load_default=False, metadata={"description": N_("play the variant with event cards")})
    layout = fields.List(
        fields.String(validate=WholeText(LAYOUT_PATTERN, error="Layout rows use only '.', 'o' and 'G'.")),
        load_default=None, allow_none=True,
        metadata={"description": N_("custom board, top row first: '.' no space, 'o' buffet space, 'G' gold-framed "
                                 "space; all of it is in play")})

    @validates("layout")
    def _rectangular(self, rows, **kwargs) -> None:
        if rows is None:
            return
        if not rows or len(rows) > MAX_ROWS:
            raise ValidationError(f"A layout has 1 to {MAX_ROWS} rows.")
        if len({len(row) for row in rows}) != 1 or len(rows[0]) > MAX_COLUMNS:
            raise ValidationError(f"Layout rows all have the same length, at most {MAX_COLUMNS}.")


MOVE_SCHEMAS = {
    "setup": SetupSchema,
    "place": PlaceSchema,
    "dance": DanceSchema,
    "event": EventSchema,
    "resolve_event": ResolveEventSchema,
}

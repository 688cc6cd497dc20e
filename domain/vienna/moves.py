"""Vienna's moves and options as JSON, with the marshmallow schemas that check their form."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from domain.rules import MoveSchema, WholeText, YesNo, is_whole, seat_field, whole_number
from domain.vienna.components import (EFFECT_KEYS, HELD_DIE, KINDS, PLACED_DIE, ROLLED_DIE, SPECIALS,
                                      SYMBOLS)
from domain.words import N_


def die_field(pattern: str, written: str, description: str = "", **kwargs) -> fields.String:
    """A die by its name (``written``, also the description unless the field has its own)."""
    return fields.String(validate=WholeText(f"^(?:{pattern})$", error=f"A die is written {written}."),
                         metadata={"description": description or written, "holds": "die"}, **kwargs)


# whole sentences, each a message of the catalog: the page says a field's description in the reader's language
ROLLED = N_("'1'-'6' for a die of your colour, 'W1'-'W6' for the white die")
PLACED = N_("'1'-'6' for a die of your colour, 'W1'-'W6' for the white die, "
            "'J1'-'J6' for a die from the dice-joker card with the face you give it")
HELD = N_("'1'-'6' for a die of your colour, 'W1'-'W6' for the white die, 'J' for a die lying on the dice-joker card")


def symbol_count(**kwargs) -> fields.Integer:
    return whole_number(validate=validate.Range(min=0, max=9), load_default=0, **kwargs)


class CardSchema(Schema):
    """A character card by its printed content."""

    name = fields.String(required=True, validate=validate.Length(min=1))
    citizens = symbol_count()
    crosses = symbol_count()
    crowns = symbol_count()


class StartCardSchema(CardSchema):
    """A start card by its printed content: coins and symbols."""

    coins = whole_number(required=True, validate=validate.Range(min=0, max=20))


class ChooseStartCardSchema(MoveSchema):
    """A player chooses a start card: counter-clockwise, the player before the
    start player first, the start player last. The coins on it are received at once."""

    seat = seat_field()
    card = fields.Nested(StartCardSchema, required=True)


class RevealCharactersSchema(MoveSchema):
    """The table turns over the character display at a round's start:
    players − 1 cards, no two of the same name."""

    cards = fields.List(fields.Nested(CardSchema), required=True)


class RollSchema(MoveSchema):
    """The table enters what a player rolled at the start of their first turn
    of the round: all their dice, the white die too if they have it."""

    seat = seat_field()
    dice = fields.List(die_field(ROLLED_DIE, ROLLED), required=True, validate=validate.Length(min=1, max=6))


class RerollSchema(MoveSchema):
    """Pay 1 coin and roll any of your dice again. The table enters the result
    (same order as ``dice``); in digital mode leave it out and the service rolls."""

    seat = seat_field()
    dice = fields.List(die_field(HELD_DIE, HELD), required=True, validate=validate.Length(min=1, max=6))
    result = fields.List(die_field(ROLLED_DIE, ROLLED), load_default=None, allow_none=True,
                         metadata={"description": N_("the new faces, one per die rerolled, in the same order")})


class TurnDieSchema(MoveSchema):
    """Pay 1 coin and turn one die one number up or down."""

    seat = seat_field()
    die = die_field(HELD_DIE, HELD, required=True)
    to = die_field(ROLLED_DIE, ROLLED, required=True)


class PlaceSchema(MoveSchema):
    """Place 1 or 2 of your dice on a field whose value they match (their sum
    for two). Going back up the street costs 1 coin, charged by this move.
    Krieau needs ``gendarme`` and ``take``; Prater may add ``turn`` and ``to``."""

    seat = seat_field()
    field = fields.String(required=True, validate=validate.Length(min=1),
                          metadata={"description": N_("the field's name, e.g. 'Rathaus' or 'Geheimbund'")})
    dice = fields.List(die_field(PLACED_DIE, PLACED), required=True, validate=validate.Length(min=1, max=2))
    gendarme = fields.String(load_default=None, allow_none=True,
                             metadata={"description": N_("Krieau: the free street field the Gendarme blocks")})
    take = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["coin", "vp"]),
                         metadata={"description": N_("Krieau: a coin or a victory point")})
    turn = die_field(HELD_DIE, HELD, N_("Prater: one of your remaining dice to turn: '1'-'6' for a die of your "
                                        "colour, 'W1'-'W6' for the white die, 'J' for a die lying on the dice-joker "
                                        "card"), load_default=None, allow_none=True)
    to = die_field(ROLLED_DIE, ROLLED, N_("Prater: the face it is turned to: '1'-'6' for a die of your colour, "
                                          "'W1'-'W6' for the white die"), load_default=None, allow_none=True)


class DoubleMoveSchema(MoveSchema):
    """Play the double-move card right after your regular turn: one more full
    turn this round. Any move of the next player (or the table's roll for
    them) declines it; ``use: false`` declines it outright, which a digital
    game needs when the next step is the service's roll."""

    seat = seat_field()
    use = YesNo(load_default=True, metadata={
        "description": N_("optional, default true; false declines the card this turn")})


class TakeCharacterSchema(MoveSchema):
    """Evaluation of a character field: the occupying player takes a card from the display."""

    seat = seat_field()
    card = fields.String(required=True, validate=validate.Length(min=1),
                         metadata={"description": N_("the name of a character card in the display")})


class GlorietteSchema(MoveSchema):
    """Evaluation of the Gloriette: the occupying player chooses the symbol to
    compare with both neighbours (not one already counted this round)."""

    seat = seat_field()
    symbol = fields.String(required=True, validate=validate.OneOf(SYMBOLS))


class TiergartenSchema(MoveSchema):
    """Evaluation of the Tiergarten: take up to 3 coins from one player, or 1 coin each from two."""

    seat = seat_field()
    take = fields.Dict(keys=fields.String(), values=whole_number(validate=validate.Range(min=1)),
                       required=True, metadata={"description": N_("player -> coins taken")})


# -- options: a custom board --------------------------------------------------------
def _check_values(values: list[int]) -> None:
    if len(values) > 2 or (len(values) == 2 and values[1] != values[0] + 1):
        raise ValidationError("A field takes [] (any dice), [n] or [n, n+1].")


def _whole(value: Any) -> bool:
    """A whole number >= 0 (JSON's true and false are not numbers here)."""
    return is_whole(value) and value >= 0


def _check_effect(effect: dict[str, Any]) -> None:
    keys = set(effect)
    if "compare" in keys:
        if effect["compare"] not in SYMBOLS or not keys <= {"compare", "vp", "coins", "tie_vp"}:
            raise ValidationError("A comparison is {'compare': symbol, 'vp': n, 'coins': n, 'tie_vp': n}.")
        if not all(_whole(effect.get(k, 0)) for k in ("vp", "coins", "tie_vp")):
            raise ValidationError("A comparison's vp, coins and tie_vp are whole numbers >= 0.")
        return
    if len(keys) != 1 or not keys <= set(EFFECT_KEYS):
        raise ValidationError("An effect is one of: " + ", ".join(f"{{'{k}': ...}}" for k in EFFECT_KEYS) + ".")
    key, value = next(iter(effect.items()))
    if key == "special":
        if value not in SPECIALS:
            raise ValidationError("A special card is one of " + ", ".join(SPECIALS) + ".")
    elif key == "gloriette":
        if value is not True:
            raise ValidationError("The Gloriette effect is {'gloriette': true}.")
    elif not _whole(value):
        raise ValidationError(f"The effect '{key}' takes a whole number >= 0.")


class FieldSchema(Schema):
    """A field of the street."""

    name = fields.String(required=True, validate=validate.Length(min=1))
    values = fields.List(whole_number(validate=validate.Range(min=1, max=12)), required=True,
                         validate=_check_values,
                         metadata={"description": N_("[n], [n, n+1], or [] for any dice")})
    double = YesNo(load_default=False, metadata={"description": N_("the field needs a double")})
    kind = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(KINDS),
                         metadata={"description": N_("a lightning field (resolved at once), or null")})
    effects = fields.List(fields.Dict(validate=_check_effect), load_default=list,
                          metadata={"description": N_("in order: {'coins': n}, {'pay': n}, {'vp': n}, "
                                                   "{'character': cost}, {'special': card}, {'compare': symbol, "
                                                   "'vp': 2, 'coins': 1, 'tie_vp': 1}, {'gloriette': true}, "
                                                   "{'tiergarten': 3}, {'heuriger': 1}; a Geheimbund "
                                                   "without effects pays 1 coin per die")})

    @validates_schema
    def _lightning(self, data: dict[str, Any], **kwargs) -> None:
        if data.get("kind") and not all(set(e) <= {"coins", "vp"} for e in data.get("effects", ())):
            raise ValidationError("A lightning field's own effects can only be coins or vp (given at once).")


class SymbolsSchema(Schema):
    citizens = symbol_count()
    crosses = symbol_count()
    crowns = symbol_count()


# A field named "fields" would shadow Schema.fields if declared in a class body.
_BoardFields = Schema.from_dict({
    "fields": fields.List(fields.Nested(FieldSchema), required=True, validate=validate.Length(min=1),
                          metadata={"description": N_("every field in street order, the Geheimbund among them")}),
    "vp_start": fields.Dict(keys=fields.String(validate=validate.OneOf(["3", "4", "5"])),
                            values=whole_number(validate=validate.Range(min=0)), required=True,
                            metadata={"description": N_("the VP start field by player count, e.g. {'3': 0, ...}")}),
    "more_influence": fields.Nested(SymbolsSchema, required=True,
                                    metadata={"description": N_("the symbols on the more-influence card")}),
}, name="BoardFields")


class BoardSchema(_BoardFields):
    """A custom board: the fields in street order (the Geheimbund among them),
    the VP start field by player count, and the more-influence card's symbols."""

    @validates_schema
    def _consistent(self, data: dict[str, Any], **kwargs) -> None:
        names = [f["name"] for f in data["fields"]]
        if len(set(names)) != len(names):
            raise ValidationError("Every field needs a different name.", "fields")
        for kind in KINDS:
            if sum(1 for f in data["fields"] if f.get("kind") == kind) > 1:
                raise ValidationError(f"A board has at most one {kind} field.", "fields")
        # Any die can always go to the Geheimbund: without it a player could be stuck.
        if not any(f.get("kind") == "geheimbund" for f in data["fields"]):
            raise ValidationError("A board needs its Geheimbund (a field of kind 'geheimbund').", "fields")
        if set(data["vp_start"]) != {"3", "4", "5"}:
            raise ValidationError("vp_start gives the start field for 3, 4 and 5 players.", "vp_start")


def _different_names(cards: list[dict[str, Any]]) -> None:
    names = [c["name"] for c in cards]
    if len(set(names)) != len(names):
        raise ValidationError("Every card of a kind needs a different name.")


class DeckSchema(Schema):
    """A table's own cards: the start cards (coins and symbols) and the
    character cards (each character once, with the copies of each in the
    box). Cards entered at the table are then checked against these."""

    start_cards = fields.List(fields.Nested(StartCardSchema), required=True,
                              validate=[validate.Length(min=3), _different_names])
    characters = fields.List(fields.Nested(CardSchema), required=True,
                             validate=[validate.Length(min=1), _different_names])
    copies = whole_number(load_default=4, validate=validate.Range(min=1, max=9),
                          metadata={"description": N_("copies of each character card in the box (default 4)")})


class OptionsSchema(Schema):
    """Vienna's options: a custom board replaces the default (reconstructed)
    one, a custom deck the default (reconstructed) cards."""

    board = fields.Nested(BoardSchema, load_default=None, allow_none=True)
    deck = fields.Nested(DeckSchema, load_default=None, allow_none=True)


MOVE_SCHEMAS = {
    "choose_start_card": ChooseStartCardSchema,
    "reveal_characters": RevealCharactersSchema,
    "roll": RollSchema,
    "reroll": RerollSchema,
    "turn_die": TurnDieSchema,
    "place": PlaceSchema,
    "double_move": DoubleMoveSchema,
    "take_character": TakeCharacterSchema,
    "gloriette": GlorietteSchema,
    "tiergarten": TiergartenSchema,
}

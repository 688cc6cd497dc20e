"""Grand Austria Hotel's moves and options as JSON, with the marshmallow
schemas that check their form. Cards are named by catalog number or printed name, or given by
printed content (the same fields as ``data/catalog.toml``)."""
from __future__ import annotations

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate

from domain.grand_austria.catalog import (ALL_ITEMS, ROOM_COLOURS, CatalogError, card_numbers, every_card, guest_from,
                                         hotel_from, staff_from)
from domain.names import canonical
from domain.grand_austria.refusals import R_SETUP
from domain.rules import MoveSchema, RuleViolation, WholeText, YesNo, die_face, seat_field, whole_number
from domain.words import N_

ROOM = r"^\d\.\d$"


class CardField(fields.Field):
    """A card: its catalog number, or its printed content as an object."""

    def __init__(self, deck: str, **kwargs):
        self.deck = deck
        kwargs["metadata"] = {"holds": "card", "deck": deck, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise ValidationError("A card is a catalog number or its printed content.")
        if isinstance(value, int):
            if value not in card_numbers(self.deck):
                raise ValidationError(f"No {self.deck} card has number {value}.")
            return value
        if isinstance(value, dict):
            try:
                (guest_from if self.deck == "guest" else staff_from)(value)
            except (CatalogError, TypeError, ValueError) as error:
                raise ValidationError(f"Not a {self.deck} card: {error}") from None
            return dict(value)
        if isinstance(value, str):
            # By its printed name, typed loosely ("cafe owner"): recorded by its number.
            known = every_card().guests if self.deck == "guest" else every_card().staff
            by_name = {card.name: number for number, card in known.items()}
            name = canonical(value, by_name)
            if name not in by_name:
                raise ValidationError(f"No {self.deck} card is called {value!r}.")
            return by_name[name]
        raise ValidationError("A card is a catalog number, its printed name or its printed content.")


def guest_field(description=N_("a guest card: number 49-104 or printed content"), **kw):
    return CardField("guest", metadata={"description": description}, **kw)


def staff_field(description=N_("a staff card: number 1-48 or printed content"), **kw):
    return CardField("staff", metadata={"description": description}, **kw)


def room_field(**kw):
    return fields.String(validate=WholeText(ROOM, error="A room is floor.column, e.g. 2.3."),
                         metadata={"description": N_("a room as floor.column, floor 1 at the bottom, e.g. 2.3")}, **kw)


def count(**kw):
    return whole_number(validate=validate.Range(min=0, max=99), **kw)


def item_counts(**kw):
    return fields.Dict(keys=fields.String(validate=validate.OneOf(ALL_ITEMS)), values=count(),
                       metadata={"description": N_("item -> how many, e.g. {\"strudel\": 2, \"cake\": 1}")}, **kw)


class HotelBoardSchema(Schema):
    """A hotel board side as printed: its form (HTTP 400 when it does not fit)."""

    class Meta:
        unknown = INCLUDE

    name = fields.String(validate=validate.Length(max=80))
    floors = fields.List(fields.List(fields.String(validate=validate.OneOf(ROOM_COLOURS)),
                                     validate=validate.Length(min=1, max=9)),
                         required=True, validate=validate.Length(min=1, max=9),
                         metadata={"description": N_("each floor's room colours, bottom floor first, left to right")})
    groups = fields.List(fields.List(room_field(), validate=validate.Length(min=1)), required=True,
                         metadata={"description": N_("the room groups, each room in exactly one")})
    floor_costs = fields.List(count(), required=True, metadata={"description": N_("a room's cost, per floor")})
    floor_vp = fields.List(count(), required=True, metadata={"description": N_("VP of a completed floor, per floor")})
    prepare_vp = fields.Dict(keys=room_field(), values=count(),
                             metadata={"description": N_("room -> VP for preparing it")})


class HotelOption(fields.Nested):
    """A custom hotel board side: its form by HotelBoardSchema; a board of
    that form whose rooms do not add up (floors of unequal length, groups
    that do not cover every room once) is refused by the rules (422)."""

    def __init__(self, **kwargs):
        super().__init__(HotelBoardSchema, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        super()._deserialize(value, attr, data, **kwargs)
        try:
            hotel_from(value)
        except CatalogError as error:
            raise RuleViolation("not_a_hotel_board", N_("Not a hotel board: {error}."), R_SETUP,
                                error=error) from None
        return value


class HouseCatalogOption(fields.Dict):
    """A table's own catalog, in the shape of the shipped data: ``guest`` and
    ``staff`` lists (each card with its number; a known number is replaced,
    a new one added) and the modules' own sections (module 1: ``ballroom``,
    ``rehearsal_board``), which the modules check when the game starts."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        for deck, read in (("guest", guest_from), ("staff", staff_from)):
            cards = value.get(deck, [])
            if not isinstance(cards, list):
                raise ValidationError(f"{deck}: a list of cards")
            for card in cards:
                if not isinstance(card, dict) or not isinstance(card.get("number"), int) \
                        or isinstance(card.get("number"), bool) or card["number"] < 1:
                    raise ValidationError(f"{deck}: each card has its number")
                try:
                    read(card)
                except (CatalogError, TypeError, ValueError) as error:
                    raise ValidationError(f"{deck} {card['number']}: {error}") from None
        return value


class KnownModule(validate.OneOf):
    """One of the registered modules (parts.MODULES), as they are when a game starts."""

    def __init__(self):
        super().__init__(())

    @property
    def choices(self):
        from domain.grand_austria.parts import choosable
        return tuple(choosable())

    @choices.setter
    def choices(self, value):
        """The choices are the registry's."""

    def __call__(self, value):
        if value not in self.choices:
            raise ValidationError(f"Unknown module {value!r}; Grand Austria Hotel knows "
                                  f"{', '.join(self.choices) or 'none'}.")
        return value


class ModulesOption(fields.List):
    """Let's Waltz! modules by id, each once."""

    def __init__(self, **kwargs):
        super().__init__(fields.String(validate=KnownModule()), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        chosen = super()._deserialize(value, attr, data, **kwargs)
        if len(set(chosen)) != len(chosen):
            raise ValidationError("Each module is named once.")
        return chosen


def placement(**kw):
    return fields.Dict(keys=fields.String(validate=WholeText(r"^[1-9]$", error="A café table is a number, e.g. 1.")),
                       values=item_counts(),
                       metadata={"description": N_("rules version 3: café table -> items placed on its guest "
                                                "right away (free), e.g. {\"1\": {\"strudel\": 1}}; the rest "
                                                "goes to the kitchen")}, **kw)


class OptionsSchema(Schema):
    modules = ModulesOption(metadata={"description": N_("Let's Waltz! modules to play, e.g. [\"start_player\"] "
                                                     "(module 4); default none: the base game")})
    hotel = HotelOption(metadata={"description": N_("a custom hotel board side (day sides): floors (colours, "
                                                 "bottom first), groups, floor_costs, floor_vp, prepare_vp; "
                                                 "default the night side")})
    house_catalog = HouseCatalogOption(metadata={
        "description": N_("the table's own copy of the components, as the shipped data: {\"guest\": [cards with "
                       "numbers], \"staff\": [...], and a module's sections (module 1: \"ballroom\": [{name, "
                       "sides: {\"2\"|\"34\": rows}}], \"rehearsal_board\": [{id, sections}])}; replaces or "
                       "completes the shipped data for this game and is kept in its record")})
    catalog = fields.String(metadata={
        "description": N_("the id of a stored house catalog (POST /api/house-catalogs): the service copies its "
                       "content into house_catalog when the game starts, so the record holds both")})
    staff_draft = YesNo(metadata={
        "description": N_("draft the 6 staff cards dealt to each player: keep one, pass the rest to the left, "
                       "until every hand holds 6 again (draft_pick moves)")})


# -- the table's moves (chance) ---------------------------------------------
class SetupSchema(MoveSchema):
    """The table sets up: the A/B/C objectives and Emperor tiles revealed, five
    guests in the queue (left to right), the six staff cards dealt to each
    player (with the staff_draft option, the cards they draft from), and the
    start player. A player's cards may be left out when the scorekeeper does
    not see them."""

    objectives = fields.List(whole_number(metadata={"holds": "card", "deck": "objective"}), required=True, validate=validate.Length(equal=3),
                             metadata={"description": N_("objective card numbers of groups A, B, C (105-116)")})
    emperor_tiles = fields.List(fields.String(), required=True, validate=validate.Length(equal=3),
                                metadata={"description": N_("Emperor tiles for rounds 3, 5, 7, e.g. A1, B3, C2")})
    queue = fields.List(guest_field(), required=True, validate=validate.Length(equal=5),
                        metadata={"description": N_("the five guests of the queue, leftmost first")})
    start_player = seat_field(metadata={"description": N_("the player who gets the turn-order tile with 1")})
    hands = fields.Dict(keys=fields.String(), values=fields.List(staff_field()),
                        metadata={"description": N_("player -> the 6 staff cards dealt to them (with the staff "
                                                 "draft: the cards they draft from); omit unseen hands")})


class RevealGuestSchema(MoveSchema):
    """The table draws a guest into the leftmost queue space."""

    card = guest_field(required=True)


class RollSchema(MoveSchema):
    """The start player rolls all the dice (round start)."""

    dice = fields.List(die_face(), required=True,
                       metadata={"description": N_("the values rolled, one per die in the order the view's "
                                                "dice_to_roll lists them")})


class RerollSchema(MoveSchema):
    """Everyone with turns left has passed: one die goes to the dustbin and the
    rest are rerolled by the player with the lowest unused turn-order number."""

    dice = fields.List(die_face(), required=True,
                       metadata={"description": N_("the values rerolled (one die fewer than were left), one per die "
                                                "in the order the view's dice_to_roll lists them")})


class ChooseDustbinSchema(MoveSchema):
    """Module 2: only coloured dice are left when everyone has passed: the
    player who rerolls (lowest turn-order number left) chooses which goes to
    the dustbin."""

    seat = seat_field()
    colour = fields.String(required=True, validate=validate.Regexp(r"^[a-z]{1,20}$"),
                           metadata={"description": N_("the colour of the die put on the dustbin")})


class DrawStaffSchema(MoveSchema):
    """The table deals staff cards from the deck to a player (a reward's draw,
    or the cards of an offer). Omit the cards when the scorekeeper cannot see them."""

    seat = seat_field()
    cards = fields.List(staff_field(), metadata={"description": N_("the cards drawn (omit when unseen)")})


# -- players' moves -----------------------------------------------------------
class DraftPickSchema(MoveSchema):
    """Staff draft (option): keep one card of the pack in front of you; once
    everyone has kept one, the rest of each pack passes to the left."""

    seat = seat_field()
    staff = staff_field(N_("the card kept: number 1-48 or printed content (omit when unseen)"))


class TakeGuestSchema(MoveSchema):
    """Take the guest at a queue position (1 = leftmost, costs 3/2/1/0/0
    krones) into a free café table: on your turn before the die, as a starting
    guest, or as a free-guest reward."""

    seat = seat_field()
    position = whole_number(required=True, validate=validate.Range(min=1, max=5))


class PrepareRoomSchema(MoveSchema):
    """Prepare a room: a starting room, one of an action's rooms, or a reward's room."""

    seat = seat_field()
    room = room_field(required=True)


class TakeDieSchema(MoveSchema):
    """Take one die from an action space and carry out its main action; boost
    pays 1 krone for +1 strength (once per turn)."""

    seat = seat_field()
    value = die_face(required=True)
    boost = YesNo(load_default=False)
    colour = fields.String(validate=validate.Regexp(r"^[a-z]{1,20}$"),
                           metadata={"description": N_("the die's colour (omit for a white die)")})
    staff_first = YesNo(metadata={"description": N_("rules version 3: a staff card marked before_or_after (Staff "
                                                 "Manager) acts before the main action")})
    move_from = die_face(N_("module 3, The Kozi Palace: first move a die from this adjacent action space onto the "
                         "one used, turned to its number"))
    move_colour = fields.String(validate=validate.Regexp(r"^[a-z]{1,20}$"),
                                metadata={"description": N_("with move_from: the colour of the die moved (omit for a "
                                                         "white one, or the only colour there)")})


class ChooseActionSchema(MoveSchema):
    """After die 6: which of the main actions 1-5 to carry out."""

    seat = seat_field()
    action = whole_number(required=True, validate=validate.Range(min=1, max=5))


class ChooseItemsSchema(MoveSchema):
    """Which items an action or a reward gives: e.g. {"strudel": 2, "cake": 1}."""

    seat = seat_field()
    items = item_counts(required=True)
    place = placement()


class PlaceItemsSchema(MoveSchema):
    """Rules version 3: items just gained on your turn (a reward, a staff
    card) placed onto your café guests, free; decline leaves them in the kitchen."""

    seat = seat_field()
    place = placement(required=True)


class SplitFundsSchema(MoveSchema):
    """Action 4: split the strength into krones and Emperor steps."""

    seat = seat_field()
    krones = count(required=True)
    emperor = count(required=True)


class HireSchema(MoveSchema):
    """Hire a staff card from your hand (or from an offer), paying its cost
    minus the discount."""

    seat = seat_field()
    staff = staff_field(required=True)


class OccupyRoomSchema(MoveSchema):
    """A reward's occupy: a prepared vacant room becomes occupied."""

    seat = seat_field()
    room = room_field(required=True)


class CompleteOrderSchema(MoveSchema):
    """Porter: the order of the guest at this café table is filled for free."""

    seat = seat_field()
    table = whole_number(required=True, validate=validate.Range(min=1, max=4))


class ReturnStaffSchema(MoveSchema):
    """Emperor penalty: return a staff card from your hand (omit it for an unseen card)."""

    seat = seat_field()
    staff = staff_field()


class RemoveRoomSchema(MoveSchema):
    """Emperor penalty: a room of your hotel is turned back to empty."""

    seat = seat_field()
    room = room_field(required=True)


class DiscardStaffSchema(MoveSchema):
    """Emperor penalty C4: discard one of your hired end-game staff."""

    seat = seat_field()
    staff = staff_field(required=True)


class DeclineSchema(MoveSchema):
    """Let the pending optional step go (no more rooms, no hire, no guest...)."""

    seat = seat_field()


class ServeSchema(MoveSchema):
    """Serve items from the kitchen to café guests: 1 krone for up to 3 items;
    items gained by this turn's main action are served free."""

    seat = seat_field()
    items = fields.List(fields.Nested(Schema.from_dict({
        "table": whole_number(required=True, validate=validate.Range(min=1, max=4)),
        "item": fields.String(required=True, validate=validate.OneOf(ALL_ITEMS))})),
        required=True, validate=validate.Length(min=1))


class CheckInSchema(MoveSchema):
    """Check in the guest at a café table whose order is complete into a
    prepared vacant room of its colour (green: any colour)."""

    seat = seat_field()
    table = whole_number(required=True, validate=validate.Range(min=1, max=4))
    room = room_field(required=True)


class UseStaffSchema(MoveSchema):
    """Use a hired once-per-round staff card (it is turned sideways)."""

    seat = seat_field()
    staff = staff_field(required=True)


class ClaimObjectiveSchema(MoveSchema):
    """Claim an objective whose condition you meet, on your own turn."""

    seat = seat_field()
    objective = whole_number(required=True, validate=validate.Range(min=1))


class EndTurnSchema(MoveSchema):
    """End your turn (after taking a die)."""

    seat = seat_field()


class PassSchema(MoveSchema):
    """Pass instead of taking this turn: your turn waits until everyone else
    has taken or passed theirs; then a die goes to the dustbin and the rest are rerolled."""

    seat = seat_field()


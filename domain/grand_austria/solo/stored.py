"""The solo opponent's steps as games stored before they had message ids
say them: an English ``text`` beside the fact's kind and fields. Another
language says such a step again from its kind and fields alone (what the
fields do not hold, the text's colours and counts, is left out), never by
reading the English back. Steps stored since carry their id and values
(``variant/turn.py``), and these are not asked for."""
from __future__ import annotations

from typing import Any, Mapping

from domain.words import N_, Message, said

def _guest(fact: Mapping[str, Any]) -> Message:
    if fact.get("guest") is None:
        return said(N_("The opponent takes no guest."))
    return said(N_("The opponent takes {guest} from queue position {position}."), guest=fact["guest"],
                position=fact.get("position", "?"))


def _die(fact: Mapping[str, Any]) -> Message:
    if fact.get("value") is None:
        return said(N_("No die is left for the opponent."))
    return said(N_("The opponent takes a die from action space {value}."), value=fact["value"])


def _objective(fact: Mapping[str, Any]) -> Message:
    if fact.get("objective") is None:
        return said(N_("The opponent has claimed every objective: nothing happens."))
    return said(N_("The opponent's marker on objective {number}: {progress}."), number=fact["objective"],
                progress=fact.get("progress", ""))


def _staff(fact: Mapping[str, Any]) -> Message:
    staff = fact.get("staff")
    if not isinstance(staff, Mapping):
        return said(N_("The opponent turns up the top card of the private staff deck (the table names it)."))
    return said(N_("The opponent places {staff} face up: it scores for the opponent at the end."),
                staff=staff.get("name", "?"))


STEPS = {
    "instruction_drawn": lambda f: said(N_("The opponent draws instruction card {number}."),
                                        number=f.get("card", "?")),
    "bot_guest": _guest,
    "bot_room": lambda f: said(N_("The opponent places an occupied room on {room}."), room=f.get("room")),
    "bot_dancer": lambda f: said(N_("The opponent sends a dancer to {ballroom}."),
                                 ballroom=f.get("ballroom")),
    "bot_die": _die,
    "bot_toll": lambda f: said(N_("Toll Bridge Hotel: a cogwheel on action space {value}."), value=f.get("space")),
    "bot_celebrity": lambda f: said(N_("The opponent takes the celebrity {celebrity} and ignores its effect."),
                                    celebrity=f.get("celebrity")),
    "bot_colour_bonus": lambda f: said(N_("The opponent's bonus of the {colour} die."), colour=f.get("colour")),
    "bot_emperor": lambda f: said(N_("The opponent advances {n} on the Emperor track."), n=f.get("steps")),
    "bot_objective": _objective,
    "bot_staff": _staff,
    "bot_stars": lambda f: said(N_("Nine Stars Inn: {n} cogwheels on the stars track."), n=f.get("stars")),
    "bot_sushi": lambda f: said(N_("Sushi Resort: a cogwheel and {what}."), what=f.get("guest") or f.get("room")),
    "bot_hautel": lambda f: said(N_("Hautel Couture: {guest}."), guest=f.get("guest")),
    "bot_private_deck": lambda f: said(N_("The opponent's private deck: 5 staff cards with the end-game symbol, "
                                          "face down.")),
    "staff_kept": lambda f: said(N_("You keep 6 staff cards; the other 4 go to the bottom of the deck.")),
    "pool_item": lambda f: said(N_("Hautel Couture: {item} from the pool onto action space {space}."),
                                item=f.get("item"), space=f.get("space")),
}
"""Each kind of step by its fields (a ``lapsed`` one is the opponent's too: by the step it skips)."""

LAPSED = {"bot_dancer": N_("The opponent has no dancer left: the dancer symbol does nothing."),
          "bot_staff": N_("The opponent's private deck is empty.")}


def stored_step(fact: Mapping[str, Any]) -> Message | None:
    """A stored step's words by its kind and fields, where it is one of the opponent's."""
    kind = fact.get("fact")
    if kind == "lapsed" and fact.get("step") in LAPSED:
        return said(LAPSED[fact["step"]])
    wording = STEPS.get(kind)
    return wording(fact) if wording is not None else None

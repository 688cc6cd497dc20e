"""Names: what a new player's name may hold and when two names are one
player; and names typed for a printed one (a field, a card), matched
forgivingly.

A name is matched in its normalised form (Unicode NFC, spaces trimmed), so
"Ann" and "Ann " are one player, and so are "Zoë" typed as one character or
as "o" and a combining diaeresis. Stored names are kept as they were given:
only new games refuse a name that breaks these rules, so recorded games
keep replaying.

Names typed at the table for a printed one: "cafe central" is Café Central,
"Universität" is Universitaet and "Muller" Müller. One rule for every game:
case, accents, German umlauts written out or not, spaces, hyphens and
apostrophes do not count; a name that fits none, or more than one, is left as
typed for the rules to refuse in their own words.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Sequence

from domain.rules import RuleViolation
from domain.words import N_

NAME_LENGTH = 64
"""Characters at most in a new player's name (after trimming)."""
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control and format characters (a newline, an escape, U+200B zero width
space, U+202E right-to-left override), surrogates, private-use and unassigned
code points, line and paragraph separators: invisible or misleading in a
list of players, or able to break a text record or a terminal."""


def player_key(name: str) -> str:
    """The form two names are compared in: NFC, trimmed."""
    return unicodedata.normalize("NFC", name).strip()


def escaped(text: str) -> str:
    """``text`` with every character of ``REFUSED_CATEGORIES`` shown as its
    escape (``\\x1b``, ``\\n``, ``\\u202e``), for printing to a terminal:
    a name recorded before names were checked is shown, never executed."""
    if all(unicodedata.category(c) not in REFUSED_CATEGORIES for c in text):
        return text
    return "".join(c if unicodedata.category(c) not in REFUSED_CATEGORIES else ascii(c)[1:-1] for c in text)


def check_new_names(players: Sequence[object], reserved: Iterable[str]) -> None:
    """RuleViolation unless every name may start a new game: text, at most
    ``NAME_LENGTH`` characters, no control or format character, none of the
    game's ``reserved`` seat names in any case, no two the same player."""
    reserved_keys = {player_key(name).casefold() for name in reserved}
    seen: set[str] = set()
    for name in players:
        if not isinstance(name, str):
            raise RuleViolation("player_name", N_("Every player's name is text."), "Players")
        key = player_key(name)
        if len(key) > NAME_LENGTH:
            raise RuleViolation("name_too_long", N_("A player's name has at most {name_length} characters; {key!r}... has {key2}."), "Players",
                                name_length=NAME_LENGTH, key=key[:20], key2=len(key))
        bad = next((c for c in key if unicodedata.category(c) in REFUSED_CATEGORIES), None)
        if bad is not None:
            raise RuleViolation("name_character", N_("A player's name cannot hold U+{bad:04X} ({unicodedata}): use letters, digits, spaces and punctuation."), "Players",
                                bad=ord(bad), unicodedata=unicodedata.name(bad, 'a control character').lower())
        if key.casefold() in reserved_keys:
            raise RuleViolation("reserved_name", N_("{key!r} is reserved (in any case); choose another name."),
                                "Players", key=key)
        if key in seen:
            raise RuleViolation("duplicate_player", N_("Two players are named {key!r}: every player needs a different name."), "Players", key=key)
        seen.add(key)


# -- printed names ------------------------------------------------------------
UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
SEPARATORS = re.compile(r"[\s\-_'’.]+")


def _plain(text: str) -> str:
    """Without accents, case or separators."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return SEPARATORS.sub("", bare.casefold())


def name_keys(text: str) -> tuple[str, ...]:
    """The forms a name is known by: umlauts written out (ä as ae), and bare (ä as a)."""
    folded = unicodedata.normalize("NFC", text).casefold()
    return tuple(dict.fromkeys((_plain(folded.translate(UMLAUTS)), _plain(folded))))


def canonical(typed: str, names: Iterable[str]) -> str:
    """The one name of ``names`` that ``typed`` is, as printed; ``typed``
    itself when it is one exactly, fits none, or fits several."""
    names = list(names)
    if typed in names:
        return typed
    keys = set(name_keys(typed))
    fits = [name for name in names if keys & set(name_keys(name))]
    return fits[0] if len(fits) == 1 else typed

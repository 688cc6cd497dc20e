"""Names typed at the table matched forgivingly: "cafe central" is Café
Central, "Universität" is Universitaet and "Muller" Müller. One rule for every
game: case, accents, German umlauts written out or not, spaces, hyphens and
apostrophes do not count; a name that fits none, or more than one, is left as
typed for the rules to refuse in their own words."""
from __future__ import annotations

import re
import unicodedata
from typing import Iterable

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

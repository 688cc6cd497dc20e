"""German as well as English: one gettext message catalog per language
(``service/http/translations/<lang>/LC_MESSAGES/messages.po``, compiled to
``messages.mo`` by ``pybabel compile``) holds the page's words and the
domain's sentences.

The domain says its sentences by id (``domain.words.Message``: the English
template with named placeholders, and the values); here, at the service's
edge, a sentence is looked up by that id in the caller's language with
Babel's translations (``ngettext`` for a count, ``pgettext`` where the id
has a context) and filled in with its values. A value that is itself a
message is said the same way; a value that is a word of the catalog by
itself (a colour, a phrase the domain marked ``N_``) is said in the
language too, and so is each item of a ``Listing``; any other value (a name, a number) stays as it is. An id the
catalog lacks, or a translation that does not fit its values, is said in
English: a sentence is never lost, only untranslated. Nothing here reads an
English sentence back.

The page's words are the catalog's messages without a context; the page
asks for them as JSON (``GET /api/words/<lang>``) and fills in its own
parameters.
"""
from __future__ import annotations

import gettext
import logging
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.support import Translations
from flask import request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from domain.grand_austria.solo.stored import stored_step
from domain.words import Listing, Message

log = logging.getLogger("tablelog")

DEFAULT = "en"
TRANSLATIONS = Path(__file__).parent / "translations"
CATALOG = "messages"


def spoken_languages(translations: Path) -> tuple[str, ...]:
    """The default, then every language whose catalog is in ``translations``
    (``<lang>/LC_MESSAGES/messages.po``): a language is spoken once its one
    ``.po`` file is there, compiled."""
    return (DEFAULT, *sorted(folder.name for folder in translations.iterdir()
                             if (folder / "LC_MESSAGES" / f"{CATALOG}.po").is_file()))


LANGUAGES = spoken_languages(TRANSLATIONS)
"""What the service speaks, the default first (the domain's own words)."""


def own_name(lang: str) -> str:
    """A language's name in itself ("Deutsch"), from Babel's locale data
    (its code where Babel knows none: a test's pseudo-locale)."""
    from babel import Locale, UnknownLocaleError
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]


def language(accept: Any) -> str:
    """The language to answer in for an ``Accept-Language`` header (werkzeug's
    ``request.accept_languages``, best first): the first the caller accepts
    whose language we speak, whatever its region ("de-AT" is German, "en-GB"
    English), English when it names none of ours."""
    for tag, quality in accept or ():
        lang = tag.lower().replace("_", "-").split("-")[0]
        if quality > 0 and lang in LANGUAGES:
            return lang
    return DEFAULT



@lru_cache(maxsize=256)
def language_asked(header: str) -> str:
    """``language`` of an ``Accept-Language`` header as sent: a client sends
    the same one with every request, so it is read once."""
    return language(parse_accept_header(header, LanguageAccept))


def request_language() -> str:
    """The language to answer the request under way in (its ``Accept-Language``)."""
    # The request itself: a read through Flask's proxy looks it up again.
    return language_asked(request._get_current_object().environ.get("HTTP_ACCEPT_LANGUAGE", ""))

@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (Babel's ``Translations``); for
    English, or a language without its compiled catalog, the words as
    written."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return gettext.NullTranslations()
    found = Translations.load(str(TRANSLATIONS), [lang], CATALOG)
    if not isinstance(found, Translations):     # an install without its compiled catalog: English, not a 500
        log.warning("no compiled catalog for %s: answering in English; run pybabel compile", lang)
    return found


def say(message: Any, lang: str) -> Any:
    """``message`` in ``lang``: a ``Message`` by its id, a word of the
    catalog by itself, anything else as it is."""
    if lang == DEFAULT or lang not in LANGUAGES or not isinstance(message, str):
        return message
    said = translations(lang)
    if isinstance(message, Listing):
        return message.separator.join(say(item, lang) for item in message.items)
    if not isinstance(message, Message):
        return said.gettext(message) if message.strip() else message
    if message.plural is not None:
        template = said.npgettext(message.context, message.id, message.plural, message.n) \
            if message.context else said.ngettext(message.id, message.plural, message.n)
    else:
        template = said.pgettext(message.context, message.id) if message.context else said.gettext(message.id)
    if not message.params:
        return template
    values = {name: say(value, lang) for name, value in message.params.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError) as error:
        log.warning("the %s translation of %r does not fit its values (%s): said in English", lang, message.id, error)
        return str(message)


def words(lang: str) -> dict[str, str]:
    """The page's words in ``lang``: every message without a context (empty for English, the page's own words)."""
    found = translations(lang)
    catalog = getattr(found, "_catalog", {})
    return {msgid: text for msgid, text in catalog.items()
            if isinstance(msgid, str) and msgid and "\x04" not in msgid and text}


def translated_error(error: dict[str, Any], lang: str) -> dict[str, Any]:
    """An answer's ``{code, message, ...}`` with the message in ``lang`` (code and params unchanged)."""
    if "message" not in error:
        return error
    return {**error, "message": say(error["message"], lang)}


def spoken(answer: Any, lang: str) -> Any:
    """An answer (a state, a catalog, a log, a move's receipt) with every
    sentence the domain said by id (every ``Message`` in it, wherever it is)
    in ``lang``."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return answer

    def said(value: Any, why: bool = False) -> Any:
        if isinstance(value, (Message, Listing)) or (why and isinstance(value, str)):
            return say(value, lang)
        if isinstance(value, (list, tuple)):
            return [said(v) for v in value]
        if isinstance(value, dict):
            if "fact" in value and isinstance(value.get("text"), str) and not isinstance(value["text"], Message):
                again = stored_step(value)
                value = value if again is None else {**value, "text": again}
            return {k: said(v, k in REASONS) for k, v in value.items()}
        return value
    return said(answer)


REASONS = frozenset({"why"})
"""Where a fact holds its reason: a stored record read back without its
sentences' ids (from a checkpoint) still says a reason that is a word of the
catalog by itself ("no dice left") in the caller's language. A solo
opponent's step stored before its words had an id (its ``text`` English
only) is said again from its kind and fields (domain/grand_austria/solo/stored.py)."""


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's own Python extraction (``babel.cfg``) with the Python keywords
    only: ``t`` is the page's keyword (``-k t``, for its scripts), and in
    Python a name ``t`` (``t["top"]``) is no message."""
    from babel.messages.extract import extract_python as babels
    return babels(fileobj, [name for name in keywords if name != "t"], comment_tags, options)


def extract_domain(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """The domain's messages (``babel.cfg``): those ``extract_python`` finds,
    and each move's description, its schema's docstring (a class based on
    ``MoveSchema``), and each game's options' (its ``OptionsSchema``), read
    from the source as ``GET /api/game-types`` sends them, so that the page
    says them in the reader's language."""
    import ast
    from domain.vocabulary import described
    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    for node in ast.walk(ast.parse(fileobj.read())):
        if isinstance(node, ast.ClassDef) and (node.name == "OptionsSchema" or any(
                (base.id if isinstance(base, ast.Name) else getattr(base, "attr", None)) == "MoveSchema"
                for base in node.bases)) and ast.get_docstring(node):
            yield node.lineno, None, described(ast.get_docstring(node)), []

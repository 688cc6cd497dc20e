"""The domain's words, marked by id so that the edge says them in the reader's language.

The domain speaks English and imports no translation library: a sentence a
person reads (a refusal, an effect, a fact) is a :class:`Message` — the
English template as its id, with named placeholders ("It is {seat}'s
move"), and the values that fill them. A ``Message`` *is* its English
rendering (a ``str``), so every caller that only wants English words keeps
working; the service's edge looks at its ``id`` and ``params`` and says it
again from the catalog (``service/http/i18n.py``), never reading the English
back.

The templates are found by ``pybabel extract`` with its default keywords
(``babel.cfg``): a template is written inside ``N_("...")`` (a message by
itself), ``ngettext("one", "many", n)`` (a count: the English template for
1 and for any other number) or ``pgettext("context", "...")`` (one English
word that another language says in two ways). A message without parameters
is not a format string: its braces are its own.
"""
from __future__ import annotations

import string
from typing import Any, Mapping


def N_(template: str) -> str:
    """Marks a message id for extraction; the text itself, unchanged."""
    return template


class Message(str):
    """A sentence by id: its English words (the ``str`` itself), the id
    (``id``, the English template), the values by name (``params``), and
    for a count the plural template and the count (``plural``, ``n``) or a
    ``context`` telling two meanings of one English id apart."""

    id: str
    params: Mapping[str, Any]
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def __new__(cls, id: str, params: Mapping[str, Any] | None = None, *, plural: str | None = None,
                n: int | None = None, context: str | None = None) -> "Message":
        params = dict(params or {})
        if n is not None:
            params.setdefault("n", n)
        self = _made(cls, id, params, plural if plural is not None and n != 1 else id)
        if plural is not None or n is not None or context is not None:
            # (most messages are plain sentences: they keep the class's None)
            self.plural, self.n, self.context = plural, n, context
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _message, (self.id, self.params, self.plural, self.n, self.context)

    def __copy__(self) -> "Message":
        return self

    def __deepcopy__(self, memo: Any) -> "Message":
        return self

    def __repr__(self) -> str:
        return f"Message({self.id!r}, {dict(self.params)!r})"

    def plain(self) -> dict[str, Any]:
        """The parameters for a program, with no words of any language of
        their own: numbers and names as they are, a value that is itself a
        message as its English words, any other value as text."""
        return {name: plain(value) for name, value in self.params.items()}


def _made(cls: type[Message], id: str, params: dict[str, Any], template: str) -> Message:
    """A message by ``id`` with ``params`` (its own dictionary, kept as it
    is), its English words ``template`` filled in."""
    self = _new_str(cls, template.format_map(params) if params else template)
    self.id, self.params = id, params
    return self


_new_str = str.__new__


def _message(id: str, params: Mapping[str, Any], plural: str | None, n: int | None,
             context: str | None) -> Message:
    return Message(id, params, plural=plural, n=n, context=context)


def plain(value: Any) -> Any:
    if isinstance(value, Message) or not isinstance(value, (str, int, float, bool, type(None))):
        return str(value)
    return value


def said(template: str, **params: Any) -> Message:
    """A message from a template marked elsewhere (a constant ``N_`` marked), with its values."""
    # (``Message(template, params)`` without copying the values again: the
    # keywords are a new dictionary of their own)
    return _made(Message, template, params, template)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> Message:
    """A count in words: ``singular`` for 1, ``plural`` for any other ``n``
    (another language may have more forms; the catalog holds them)."""
    return Message(singular, params, plural=plural, n=n)


def pgettext(context: str, template: str, **params: Any) -> Message:
    """A message whose English id means one of two things, told apart by ``context``."""
    return Message(template, params, context=context)


def placeholders(template: str) -> set[str]:
    """The names a template fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def filled(template: str, values: Mapping[str, Any]) -> Message:
    """A message from a template and a mapping holding (at least) its values."""
    return Message(template, {name: values[name] for name in placeholders(template)})


class Listing(str):
    """Several sentences or words one after another (``items`` joined by
    ``separator``): its English words, and each item said by itself."""

    items: tuple[str, ...]
    separator: str

    def __new__(cls, items: Any, separator: str = ", ") -> "Listing":
        items = tuple(items)
        self = super().__new__(cls, separator.join(items))
        self.items, self.separator = items, separator
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return Listing, (self.items, self.separator)

    def __copy__(self) -> "Listing":
        return self

    def __deepcopy__(self, memo: Any) -> "Listing":
        return self

"""German as well as English: one gettext message catalog per language
(``service/http/translations/<lang>/LC_MESSAGES/messages.po``, compiled to
``messages.mo`` by ``pybabel compile``) holds the page's words and the rules'
refusals.

The domain stays free of any of this: a rule refuses a move with a stable
``code`` and English words (``domain.rules.RuleViolation``). The catalog
learns those words from the domain's source (``extract_refusals``, Babel's
extraction method for ``domain/**.py`` in ``babel.cfg``): each refusal's
English sentence becomes a message whose context is its code and whose
parameters are the f-string's values, named after them ("It is {seat}'s
move"). At the service edge a refusal is translated by its code: the English
sentence is matched against that code's messages, the values read back out of
it, and the German sentence filled in with them (a value that is itself a
word of the catalog, such as a colour, is translated too). A sentence that
fits none of the catalog's messages stays English, so a refusal is never
lost, only untranslated.

The page's words are the messages without a context; the page asks for them
as JSON (``GET /api/words/<lang>``) and fills in its own parameters.
"""
from __future__ import annotations

import ast
import logging
import math
import re
import string
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator

log = logging.getLogger("tablelog")

LANGUAGES = ("en", "de")
"""What the service speaks, the default first (the domain's own words)."""
DEFAULT = LANGUAGES[0]
TRANSLATIONS = Path(__file__).parent / "translations"
CATALOG = "messages"


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


@dataclass(frozen=True)
class Message:
    """A message of the catalog (a refusal, a phrase): its English template, read back as a pattern, and its translation."""

    template: str
    pattern: re.Pattern[str]
    translation: str


@dataclass(frozen=True)
class Language:
    words: dict[str, str]
    """The page's words (messages without a context): English -> this language."""
    refusals: dict[str, tuple[Message, ...]]
    """A refusal code's messages, the most specific (most fixed words) first."""
    phrases: tuple[Message, ...] = ()
    """The domain's templates with placeholders (an effect's, "{n} krones"), the most specific first."""
    fragments: dict[str, str] = field(default_factory=dict)
    """The domain's templates without placeholders (" at no cost")."""
    read: dict[str, tuple[float, str]] = field(default_factory=dict)
    """Phrases already read."""

    def phrase(self, text: str) -> str:
        """Words the domain said with marked templates (an effect in words:
        "prepare a room for 2 krones less on floors 1–2"), in this language."""
        left, said = self.reading(text)
        return said if left < math.inf else text

    def reading(self, text: str) -> tuple[float, str]:
        """The best reading of ``text`` by the domain's templates, each value
        read again (a price inside an effect): (how many characters stay
        untranslated, the translation). A number or a word of the catalog
        reads whole; a value none reads stays as it is if it is one word (an
        item's name), else the reading fails (infinitely many left)."""
        for known in (self.fragments, self.words):
            if text in known:
                return 0, known[text]
        if not text.strip() or NUMBER.fullmatch(text.strip()):
            return 0, text
        if text not in self.read:
            best: tuple[float, str] = (math.inf if re.search(r"\s", text.strip()) else len(text), text)
            for phrase in self.phrases:
                if best[0] == 0:
                    break
                if not phrase.pattern.fullmatch(text):
                    continue
                for values in splits(list(parts(phrase.template)), text, {}):
                    read = {name: self.reading(value) for name, value in values.items()}
                    # A value of several words is read whole or not at all ("2 strudel" is no count).
                    left = sum(n if n == 0 or not re.search(r"\s", values[name].strip()) else math.inf
                               for name, (n, _) in read.items())
                    if left < best[0]:
                        best = (left, phrase.translation.format(**{name: said for name, (_, said) in read.items()}))
            self.read[text] = best
        return self.read[text]

    def refusal(self, code: str, message: str) -> str:
        for refusal in self.refusals.get(code, ()):
            found = refusal.pattern.fullmatch(message)
            if found:
                values = {name: self.words.get(value, value) for name, value in found.groupdict().items()}
                return refusal.translation.format(**values)
        return message

    def parameters(self, code: str, message: str) -> dict[str, str]:
        """The values a refusal's English message was made from, by their template's names."""
        for refusal in self.refusals.get(code, ()):
            found = refusal.pattern.fullmatch(message)
            if found:
                return found.groupdict()
        return {}


@cache
def catalog(lang: str) -> Language | None:
    """The compiled catalog of ``lang``; None for English (the words as written) or a language we lack."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return None
    from babel.messages.mofile import read_mo
    path = TRANSLATIONS / lang / "LC_MESSAGES" / f"{CATALOG}.mo"
    try:
        with open(path, "rb") as file:
            messages = read_mo(file)
    except OSError as error:     # an install without its compiled catalog: English rather than a 500
        log.warning("no compiled catalog for %s (%s): answering in English; run pybabel compile", lang, error)
        return None
    words: dict[str, str] = {}
    said: dict[str, str] = {}
    refusals: dict[str, list[Message]] = {}
    for message in messages:
        if not message.id or not message.string or not isinstance(message.id, str):
            continue
        if message.context is None:
            words[message.id] = message.string
        elif message.context == WORDS:
            said[message.id] = message.string
        else:
            refusals.setdefault(message.context, []).append(
                Message(message.id, pattern(message.id), message.string))
    # A template with no words of its own would read any text as itself: never a phrase.
    phrases = [Message(text, pattern(text), translation) for text, translation in said.items()
               if placeholders(text) and fixed_length(text.strip())]
    return Language(words, {code: tuple(sorted(found, key=lambda r: -fixed_length(r.template)))
                            for code, found in refusals.items()},
                    tuple(sorted(phrases, key=lambda r: -fixed_length(r.template))),
                    {text: translation for text, translation in said.items() if not placeholders(text)})


def words(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (empty for English: the page's own words are English)."""
    found = catalog(lang)
    return dict(found.words) if found else {}


def refusal(code: str, message: str, lang: str) -> str:
    """A refusal's words in ``lang``."""
    found = catalog(lang)
    return found.refusal(code, message) if found else message


def parameters(code: str, message: str) -> dict[str, str]:
    """A refusal's parameters: the values its English message was made from,
    by the names of the template it was written from (empty for a message
    made from no template the catalogs know). Every catalog's templates are
    the English ones, so any of them reads them."""
    found = next((c for c in map(catalog, LANGUAGES) if c is not None), None)
    return found.parameters(code, message) if found else {}


def translated_error(error: dict[str, Any], lang: str) -> dict[str, Any]:
    """An error answer's ``{code, message, ...}`` with the message in ``lang`` (the code unchanged)."""
    if lang == DEFAULT or "code" not in error or not isinstance(error.get("message"), str):
        return error
    return {**error, "message": refusal(error["code"], error["message"], lang)}


WORD_KEYS = frozenset({"words", "reward_words", "penalty_words", "bonus_words"})
"""Where a state or a catalog holds the domain's words for an effect (Grand Austria Hotel's views)."""


def spoken(answer: Any, lang: str) -> Any:
    """An answer (a state, a catalog) with the effects' words in ``lang``: every
    text under a key of ``WORD_KEYS``, wherever it is, read as a marked template."""
    found = catalog(lang)
    if found is None:
        return answer

    def said(value: Any, words: bool) -> Any:
        if isinstance(value, str):
            return found.phrase(value) if words else value
        if isinstance(value, list):
            return [said(v, words) for v in value]
        if isinstance(value, dict):
            return {k: said(v, words or k in WORD_KEYS) for k, v in value.items()}
        return value
    return said(answer, False)


def parts(template: str) -> Iterator[tuple[str, str | None]]:
    """A template's fixed text and placeholders, as ``str.format`` reads them ("{{" is a brace)."""
    for text, name, _spec, _conversion in string.Formatter().parse(template):
        yield text, name


NUMBER = re.compile(r"[−-]?\d+")


def splits(rest: list[tuple[str, str | None]], text: str, values: dict[str, str]) -> Iterator[dict[str, str]]:
    """Every way ``text`` fills a template's parts: the values of its placeholders."""
    if not rest:
        if not text:
            yield dict(values)
        return
    (fixed, name), later = rest[0], rest[1:]
    if not text.startswith(fixed):
        return
    text = text[len(fixed):]
    if name is None:
        yield from splits(later, text, values)
        return
    for end in range(len(text), -1, -1):
        value = text[:end]
        if values.get(name, value) != value:
            continue
        yield from splits(later, text[end:], {**values, name: value})


def placeholders(template: str) -> set[str]:
    return {name for _, name in parts(template) if name is not None}


def fixed_length(template: str) -> int:
    return sum(len(text) for text, _ in parts(template))


def pattern(template: str) -> re.Pattern[str]:
    """A template as a pattern that reads its values back out of the sentence it makes."""
    seen: set[str] = set()
    regex = []
    for text, name in parts(template):
        regex.append(re.escape(text))
        if name is None:
            continue
        regex.append(f"(?P={name})" if name in seen else f"(?P<{name}>.*?)")
        seen.add(name)
    return re.compile("".join(regex), re.DOTALL)


# -- extraction: the domain's refusals as catalog messages ----------------------
REFUSERS = ("RuleViolation", "violation")
WORDS = "words"
"""The context of the templates the domain marks with ``N_`` (no refusal has this code)."""
"""The calls that refuse a move: ``(code, message, rule)``."""


def extract_refusals(fileobj: Any, keywords: Any, comment_tags: Any, options: Any
                     ) -> Iterator[tuple[int, str, list[str], list[str]]]:
    """Babel extraction method (``babel.cfg``): every refusal in a domain
    module, as ``pgettext(code, template)``, and every template marked
    ``N_(...)`` (the words an effect is said in) with the context ``words``.
    The message is read where it is written: a string or f-string (also joined with ``+``, or either branch of
    ``a if c else b``), a name assigned such a text in the same function, or
    a call of a function of the same module whose returns are such texts."""
    tree = ast.parse(fileobj.read())
    functions = {node.name: node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for scope in [tree, *functions.values()]:
        for node in _own_nodes(scope):
            if isinstance(node, ast.Call) and _called(node) == "N_" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                yield node.lineno, "pgettext", [WORDS, node.args[0].value], []   # a template the domain says words with
                continue
            if not (isinstance(node, ast.Call) and _called(node) in REFUSERS and len(node.args) >= 2):
                continue
            code = node.args[0]
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            for template in _texts(node.args[1], scope, functions):
                if template.strip():
                    yield node.lineno, "pgettext", [code.value, template], []


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a module or function, not those of the functions inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _called(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _texts(node: ast.AST, scope: ast.AST, functions: dict[str, ast.AST]) -> list[str]:
    if isinstance(node, ast.IfExp):
        return _texts(node.body, scope, functions) + _texts(node.orelse, scope, functions)
    if isinstance(node, ast.Name):
        found = []
        for own in _own_nodes(scope):
            if isinstance(own, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id for t in own.targets):
                found += _texts(own.value, scope, functions)
        return found
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions:
        function = functions[node.func.id]
        return [text for own in _own_nodes(function) if isinstance(own, ast.Return) and own.value is not None
                for text in _texts(own.value, function, functions)]
    template = _Template()
    return [template.text] if template.add(node, top=True) else []


class _Template:
    """An f-string (or strings joined with ``+``) as a template, each value a named placeholder."""

    def __init__(self) -> None:
        self.text = ""
        self.names: dict[str, str] = {}       # expression -> placeholder

    def add(self, node: ast.AST, top: bool = False) -> bool:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            self.text += node.value.replace("{", "{{").replace("}", "}}")
        elif isinstance(node, ast.JoinedStr):
            for value in node.values:
                self.add(value.value if isinstance(value, ast.FormattedValue) else value)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.add(node.left, top) and self.add(node.right, top)
        elif top and not isinstance(node, (ast.JoinedStr, ast.BinOp)) and not self.text and not self.names:
            return False                       # no text of its own: nothing to translate
        else:
            self.text += "{" + self.placeholder(node) + "}"
        return True

    def placeholder(self, node: ast.AST) -> str:
        source = ast.unparse(node)
        if source not in self.names:
            base = _name(node)
            name, n = base, 1
            while name in self.names.values():
                n += 1
                name = f"{base}{n}"
            self.names[source] = name
        return self.names[source]


def _name(node: ast.AST) -> str:
    """A placeholder's name, after what the value is ("seat", "card", "options")."""
    if isinstance(node, ast.Name):
        raw = node.id
    elif isinstance(node, ast.Attribute):
        raw = node.attr
    elif isinstance(node, ast.Subscript):
        key = node.slice
        raw = key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else _name(node.value)
    elif isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Attribute):
            raw = _name(node.args[0]) if f.attr == "join" and node.args else _name(f.value)
        else:
            raw = _name(node.args[0]) if node.args else _name(f)
    elif isinstance(node, (ast.GeneratorExp, ast.ListComp)):
        raw = _name(node.generators[0].iter)
    else:
        raw = "value"
    name = re.sub(r"\W", "", raw).strip("_").lower()
    return name if name and not name[0].isdigit() else "value"


def refusal_messages(paths: Iterable[Path]) -> set[tuple[str, str]]:
    """Every ``(code, template)`` the extraction finds in ``paths`` (the tests compare it with the catalog)."""
    found = set()
    for path in paths:
        with open(path, "rb") as file:
            found |= {(said[0], said[1]) for _, _, said, _ in extract_refusals(file, None, None, None)
                      if said[0] != WORDS}
    return found

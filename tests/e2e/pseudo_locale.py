"""A pseudo-locale for the tests: every message of the catalog's template
(``messages.pot``) said as itself, visibly wrapped and lengthened
("Start a game" is "⟦Śţàŕţ à ĝàɱé ·····⟧"), its {placeholders} kept. A string
on the page that bypasses the catalog shows up bare beside the wrapped ones.
It is made in a folder of its own (beside a copy of the real catalogs) and
served only while a test asks for it: it is never shipped."""
from __future__ import annotations

import re
import shutil
import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"
ACCENTS = str.maketrans("aceginorstuzACEGINORSTUZ", "àçéĝîñöŕśţûžÀÇÉĜÎÑÖŔŚŢÛŽ")


def pseudo(text: str) -> str:
    """``text`` wrapped and about a third longer; placeholders and braces as they are."""
    if not text.strip():
        return text
    out = []
    try:
        parts = list(string.Formatter().parse(text.replace("{{", "\0").replace("}}", "\1")))
    except ValueError:                       # braces of a JSON example, not placeholders: only wrapped
        parts = [(text.replace("{{", "\0").replace("}}", "\1"), None, None, None)]
    for literal, name, spec, conversion in parts:
        out.append(literal.translate(ACCENTS) if parts[0][1] is not None or "{" not in text else literal)
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    said = "".join(out).replace("\0", "{{").replace("\1", "}}")
    return f"{OPEN}{said} {'·' * max(2, len(text) // 3)}{CLOSE}"


def pseudo_catalogs(source: Path, folder: Path) -> Path:
    """A copy of the ``source`` translations with the pseudo-locale added, compiled."""
    shutil.copytree(source, folder)
    with open(source / "messages.pot", "rb") as file:
        template = read_po(file)
    catalog = Catalog(locale="en", domain="messages")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            catalog.add(message.id, pseudo(message.id), context=message.context)
        else:
            catalog.add(message.id, tuple(pseudo(form) for form in message.id), context=message.context)
    target = folder / PSEUDO / "LC_MESSAGES"
    target.mkdir(parents=True)
    with open(target / "messages.po", "wb") as file:
        write_po(file, catalog)
    with open(target / "messages.mo", "wb") as file:
        write_mo(file, catalog)
    return folder


def bare(text: str) -> list[str]:
    """The words of ``text`` outside every wrapped message (nested ones too)."""
    while True:
        inner = re.sub(rf"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
        if inner == text:
            break
        text = inner
    return re.findall(r"[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß'’-]+", text)

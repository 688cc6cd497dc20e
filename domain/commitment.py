"""Commitments: a salted hash that binds a value without showing it.

A digital game publishes a commitment to its seed when it starts and the
seed (with the salt) when it ends, so anyone can then check that every deal
and roll the service made was fixed at the start. Hidden values in the hash
chain (a dealt hand, a face-down discard) are committed the same way: each
occurrence gets a fresh salt of 128 bits, so equal values never give equal
commitments and nobody can try the 36 cards against a hash. Each kind of
commitment has its own domain prefix, so a commitment made for one purpose
never passes for another.
"""
from __future__ import annotations

import hashlib
import json
import secrets
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson

SEED = "tablelog/seed/v1"
HIDDEN_VALUE = "tablelog/hidden-value/v1"
SALT_BYTES = 16        # 128 bits


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def new_seed() -> int:
    """A digital game's seed: 128 bits from the operating system's generator
    (a seat that knows its own hand cannot search them offline)."""
    return secrets.randbits(128)


def canonical(value: Any) -> str:
    """The value's canonical JSON: keys sorted, no spaces, text as it is (not
    escaped to ASCII), and what JSON has no form for (ids, times) as its text."""
    written = _by_orjson(value)
    return written.decode() if written is not None else _canonical_json(value)


def canonical_bytes(value: Any) -> bytes:
    """``canonical(value)`` encoded as UTF-8 (what a hash is taken over)."""
    written = _by_orjson(value)
    return written if written is not None else _canonical_json(value).encode()


def _by_orjson(value: Any) -> bytes | None:
    """The canonical JSON written by orjson where it writes it as json does
    (``written_alike``); None where json must write it."""
    if not written_alike(value):
        return None
    try:
        return _canonical_orjson(value)
    except orjson.JSONEncodeError:      # an integer past 64 bits, a lone surrogate
        return None


def _canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _canonical_orjson(value: Any) -> bytes:
    # Times go to ``default`` as in json (orjson's own form of them differs); ids orjson writes as str() does.
    return orjson.dumps(value, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME)


ALIKE = frozenset({str, int, bool, type(None), UUID, datetime})
"""Values orjson writes byte for byte as Python's json does in ``canonical``
(text, integers, booleans, None; an id or a time as its text): orjson writes
the same JSON five times faster. Not a float: orjson writes some exponents
otherwise (``1e-7`` for json's ``1e-07``)."""


def written_alike(value: Any, alike: frozenset[type] = ALIKE, any_text: bool = True) -> bool:
    """Whether every part of ``value`` is one orjson writes as json does: an
    ``alike`` value, a text (with ``any_text``, of a subclass of ``str`` too:
    a sentence of the domain's is one), or a list, tuple or plain dict (text
    keys) of such parts."""
    kind = type(value)
    if kind in alike:
        return True
    # A part that is an ``alike`` value is taken as it is, without a call of its own (most parts are).
    if kind is dict:
        for key, inner in value.items():
            if type(key) is not str or type(inner) not in alike and not written_alike(inner, alike, any_text):
                return False
        return True
    if kind is list or kind is tuple:
        for inner in value:
            if type(inner) not in alike and not written_alike(inner, alike, any_text):
                return False
        return True
    return any_text and isinstance(value, str)


def commit(domain: str, salt: str, value: Any) -> str:
    """SHA-256 over the domain, the salt and the value's canonical JSON,
    each ended by a NUL (none of them holds one: JSON escapes it)."""
    text = "\x00".join((domain, salt, canonical(value))) + "\x00"
    return hashlib.sha256(text.encode()).hexdigest()


def seed_commitment(seed: int, salt: str) -> str:
    return commit(SEED, salt, seed)


# -- hidden values in the hash chain ------------------------------------------------
Path = tuple  # keys and indexes from a move's top down to a hidden value


def path_key(path: Path) -> str:
    """A path as text (the key under which its salt or commitment is kept)."""
    return json.dumps(list(path), ensure_ascii=False, separators=(",", ":"))


def hidden_paths(full: Any, redacted: Any, path: Path = ()) -> list[Path]:
    """Where ``redacted`` (a move as the table sees it) differs from ``full``:
    the highest places whose value is hidden."""
    if isinstance(full, dict) and isinstance(redacted, dict):
        return [p for key in full for p in hidden_paths(full[key], redacted.get(key, _GONE), (*path, key))]
    if isinstance(full, list) and isinstance(redacted, list) and len(full) == len(redacted):
        return [p for i, (a, b) in enumerate(zip(full, redacted)) for p in hidden_paths(a, b, (*path, i))]
    return [] if full == redacted else [path]


_GONE = object()


def value_at(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def hidden_commitment(salt: str, path: Path, value: Any) -> str:
    """A hidden value's commitment; the path is committed with it, so a
    commitment cannot be moved to another place in the move."""
    return "commit:" + commit(HIDDEN_VALUE, salt, [list(path), value])


def with_commitments(move: Any, commitments: dict[str, str]) -> Any:
    """``move`` with the value at each path (by its key) replaced by its commitment."""
    out = json.loads(canonical(move))
    for key, commitment in commitments.items():
        *parents, last = json.loads(key)
        holder = value_at(out, parents)
        holder[last] = commitment
    return out

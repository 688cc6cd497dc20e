"""The domain's sentences kept by id in the store.

A fact's reason with values ("place 4 in round 1 with a sum of 32") is a
``domain.words.Message``: a ``str`` (its English words) that also holds its
id and values. Python's ``json`` writes a ``str`` subclass as a plain string,
so eventsourcing's transcoder would keep the English words only, and a log
read back from the store could no longer say the sentence in another
language. Here a stored event's state keeps each ``Message`` (and
``Listing``) as eventsourcing's own typed object (``{"_type_": "message",
"_data_": {...}}``), read back as the same ``Message``.

The English words are the same either way: the record's hash (taken over the
English words), its export and a replay's comparison with the stored
outcome do not change. Events stored before hold plain strings and read as
they always did.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder

from domain.commitment import written_alike
from domain.words import Listing, Message, said

MESSAGE, LISTING = "message", "listing"
KINDS = (MESSAGE, LISTING)
STORED_ALIKE = frozenset({str, int, bool, type(None), datetime})
"""What orjson writes byte for byte as eventsourcing's json encoder does (a
time through the same transcoding; not an id, which orjson writes as its
text, nor a float: see domain.commitment.ALIKE)."""


def kept(value: Any) -> Any:
    """``value`` with every sentence in it as a typed object the JSON encoder writes whole."""
    if isinstance(value, str):
        if isinstance(value, Message):
            data = {"id": value.id, "params": kept(dict(value.params))}
            data.update({name: getattr(value, name) for name in ("plural", "n", "context")
                         if getattr(value, name) is not None})
            return {"_type_": MESSAGE, "_data_": data}
        if isinstance(value, Listing):
            return {"_type_": LISTING, "_data_": {"items": kept(list(value.items)), "separator": value.separator}}
        return value
    if isinstance(value, dict):
        return {key: kept(inner) for key, inner in value.items()}
    if isinstance(value, (list, tuple)):
        return [kept(inner) for inner in value]
    return value


def sentence(kind: str, data: dict[str, Any]) -> str:
    """The sentence a typed object holds (its values already read back)."""
    if kind == LISTING:
        return Listing(data["items"], data["separator"])
    if len(data) == 2:      # an id and its values only (most): said as the domain says it
        return said(data["id"], **data["params"])
    return Message(data["id"], data["params"], plural=data.get("plural"), n=data.get("n"),
                   context=data.get("context"))


CONTAINERS = (dict, list)


def read_back(value: Any) -> Any:
    """``value`` decoded without eventsourcing's hook (reading.py's fast
    path): its typed sentences made ``Message`` and ``Listing`` again.
    ``value`` is the decoder's own, fresh: its lists and dictionaries are
    changed in place, and only a container is looked into (a call for each
    text or number was most of the time)."""
    kind = type(value)
    if kind is dict:
        if len(value) == 2 and value.get("_type_") in KINDS and "_data_" in value:
            return sentence(value["_type_"], read_back(value["_data_"]))
        for key, inner in value.items():
            if type(inner) in CONTAINERS:
                said = read_back(inner)
                if said is not inner:
                    value[key] = said       # (the same key: the dictionary keeps its size and order)
    elif kind is list:
        for at, inner in enumerate(value):
            if type(inner) in CONTAINERS:
                said = read_back(inner)
                if said is not inner:
                    value[at] = said
    return value


class SentenceTranscoder(JSONTranscoder):
    """eventsourcing's JSON transcoder, keeping the domain's sentences by id."""

    def encode(self, obj: Any) -> bytes:
        """The same bytes as eventsourcing's encoder writes, by orjson where
        it writes every part alike (a game's events: a third of the time).
        A state with no text of a subclass of ``str`` in it, so no sentence
        (most events), is written as it is, not copied by ``kept`` first."""
        value = obj if written_alike(obj, STORED_ALIKE, any_text=False) else kept(obj)
        if value is obj or written_alike(value, STORED_ALIKE):
            try:
                return orjson.dumps(value, default=self._encode_obj, option=orjson.OPT_PASSTHROUGH_DATETIME)
            except orjson.JSONEncodeError:      # an integer past 64 bits, a lone surrogate
                pass
        return super().encode(value)

    def _decode_obj(self, d: dict[str, Any]) -> Any:
        if len(d) == 2 and d.get("_type_") in KINDS and "_data_" in d:
            return sentence(d["_type_"], d["_data_"])
        return super()._decode_obj(d)

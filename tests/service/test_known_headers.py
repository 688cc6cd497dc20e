"""The service's constant headers are checked once, as werkzeug checks a
header, and added to an answer as werkzeug would have added them one by one
(service.http.headers)."""
from __future__ import annotations

import pytest
from werkzeug.datastructures import Headers

from service.http.headers import add_known, known

PAIRS = known(("Cache-Control", "private, no-cache"), ("X-Frame-Options", "DENY"))


def test_a_value_with_a_newline_is_refused_as_werkzeug_refuses_it():
    with pytest.raises(ValueError):
        known(("X-Split", "a\r\nSet-Cookie: b"))


def test_added_as_werkzeug_adds_them():
    ours, theirs = Headers([("Content-Type", "application/json")]), Headers([("Content-Type", "application/json")])
    add_known(ours, PAIRS)
    for name, value in PAIRS:
        theirs.add(name, value)
    assert ours == theirs and list(ours) == list(theirs) and ours.to_wsgi_list() == theirs.to_wsgi_list()


def test_headers_of_another_kind_are_added_one_by_one():
    class Noting(Headers):
        def add(self, key, value, /, **kwargs):
            self.added = getattr(self, "added", []) + [key]
            super().add(key, value, **kwargs)
    headers = Noting()
    add_known(headers, PAIRS)
    assert headers.added == ["Cache-Control", "X-Frame-Options"] and list(headers) == list(PAIRS)


def test_werkzeug_keeps_headers_as_a_list_of_pairs():
    """Fails when a werkzeug upgrade keeps headers otherwise: ``add_known`` extends that list."""
    headers = Headers()
    headers.add("Vary", "Accept-Language")
    assert headers._list == [("Vary", "Accept-Language")]
    headers._list.append(("X-Frame-Options", "DENY"))
    assert headers.get("x-frame-options") == "DENY" and headers.to_wsgi_list()[-1] == ("X-Frame-Options", "DENY")

"""Names typed in forms and the API are matched
forgivingly (case, accents: "cafe central" is Café Central)."""
from __future__ import annotations

import pytest

from domain.names import canonical

STREET = ["Café Central", "Universitaet", "Cafe Landtmann", "Stephansdom", "Schloss Belvedere", "St. Marx"]


@pytest.mark.parametrize(("typed", "printed"), [
    ("cafe central", "Café Central"),
    ("CAFÉ CENTRAL", "Café Central"),
    ("Cafe  Central", "Café Central"),
    ("Universität", "Universitaet"),
    ("cafe-landtmann", "Cafe Landtmann"),
    ("schloß belvedere", "Schloss Belvedere"),
    ("st marx", "St. Marx"),
    ("Stephansdom", "Stephansdom"),
])
def test_a_name_is_recognised_as_printed(typed, printed):
    assert canonical(typed, STREET) == printed


def test_a_name_that_fits_none_or_several_is_left_as_typed():
    assert canonical("Prater", STREET) == "Prater"
    assert canonical("cafe", STREET) == "cafe"                 # no prefix guessing
    assert canonical("muller", ["Müller", "Muller"]) == "muller"     # two fit: the rules say which exist


def test_an_exact_name_wins_over_a_loose_fit():
    assert canonical("Muller", ["Müller", "Muller"]) == "Muller"

"""The command that makes the documentation's pictures of the page works:
it draws them, phone-sized, from a game it records (into a scratch folder
here; ``python tests/e2e/docs_pictures.py`` writes docs/images/)."""
from __future__ import annotations

import pytest
from PIL import Image

from docs_pictures import IMAGES, serving, take_pictures

pytestmark = pytest.mark.browser


def test_the_pictures_are_drawn_at_a_phones_size(chromium_path, tmp_path):
    with serving() as base:                 # a service of its own: the suite's shared one keeps its games
        made = take_pictures(base, tmp_path)
    assert [path.name for path in made] == ["willi-trick.png", "willi-log.png"]
    for path in made:
        with Image.open(path) as picture:
            assert picture.size == (390, 844)
            darkest, lightest = picture.convert("L").getextrema()
            assert lightest - darkest > 128                           # drawn, not blank
        assert (IMAGES / path.name).is_file(), f"docs/images/{path.name} is committed"

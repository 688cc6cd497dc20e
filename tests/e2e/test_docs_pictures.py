"""The command that makes the documentation's pictures of the page works:
it draws them, phone-sized, from a game it records (into a scratch folder
here; ``python tests/e2e/docs_pictures.py`` writes docs/images/). It runs as
the command it is, in a process of its own: Playwright's synchronous API
does not run inside the browser suite's own event loop."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
IMAGES = HERE.parents[1] / "docs" / "images"


def test_the_pictures_are_drawn_at_a_phones_size(chromium_path, tmp_path):
    drawn = subprocess.run([sys.executable, str(HERE / "docs_pictures.py"), str(tmp_path)],
                           capture_output=True, text=True, timeout=180)
    assert drawn.returncode == 0, drawn.stderr[-3000:]
    made = sorted(tmp_path.glob("*.png"))
    assert [path.name for path in made] == ["willi-log.png", "willi-trick.png"]
    for path in made:
        with Image.open(path) as picture:
            assert picture.size == (390, 844)
            darkest, lightest = picture.convert("L").getextrema()
            assert lightest - darkest > 128                           # drawn, not blank
        assert (IMAGES / path.name).is_file(), f"docs/images/{path.name} is committed"

"""The documentation builds as .ci/run builds it: ``mkdocs build --strict``,
so a page left out of the menu or a broken link fails in the developer loop
too, not only in CI."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from environment import IN_CI

ROOT = Path(__file__).resolve().parents[1]


def test_the_documentation_builds_strictly(tmp_path):
    if shutil.which("mkdocs") is None and not (Path(sys.executable).parent / "mkdocs").exists():
        if IN_CI:
            pytest.fail("mkdocs is not installed: .ci/run installs the test extras, which hold it")
        pytest.skip("mkdocs is not installed (pip install '.[test]')")
    mkdocs = str(Path(sys.executable).parent / "mkdocs") if (Path(sys.executable).parent / "mkdocs").exists() \
        else "mkdocs"
    built = subprocess.run([mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")], cwd=ROOT,
                           capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert built.returncode == 0, built.stderr[-3000:]
    assert (tmp_path / "site" / "api" / "openapi.json").is_file()
    # The API reference, rendered from the document, shows the errors' shape, the ETags and the paging.
    reference = (tmp_path / "site" / "api-reference" / "index.html").read_text(encoding="utf-8")
    for shown in ("application/problem+json", "ETag", "If-None-Match", "If-Match", "cursor", "not_a_record"):
        assert shown in reference, shown

"""The lock files: every version the image and CI install, each with its
hashes, and still what pyproject.toml asks for."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
RUNTIME, TEST = ROOT / "docker" / "requirements.lock", ROOT / "docker" / "requirements-test.lock"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+?)(?: ;.*?)? \\\n((?:\s+--hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)", re.M)


def pins(path: Path) -> dict[str, set[str]]:
    """Each locked package's versions (two where they differ by Python version)."""
    text = path.read_text()
    hashed = PIN.findall(text)
    assert len(hashed) == len(re.findall(r"^([A-Za-z0-9_.-]+)==", text, re.M)), f"{path.name}: a pin without hashes"
    found: dict[str, set[str]] = {}
    for name, version, _ in hashed:
        found.setdefault(canonicalize_name(name), set()).add(version)
    return found


def wanted(extra: str | None = None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = project["dependencies"] + (project["optional-dependencies"][extra] if extra else [])
    return [Requirement(text) for text in listed]


@pytest.mark.parametrize("lock,extra", [(RUNTIME, None), (TEST, "test")], ids=["runtime", "test"])
def test_the_lock_pins_every_dependency_within_its_bounds(lock, extra):
    pinned = pins(lock)
    for requirement in wanted(extra):
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{lock.name} lacks {requirement}: lock again (the command is in its first lines)"
        for version in pinned[name]:
            assert requirement.specifier.contains(version, prereleases=True), \
                f"{lock.name} pins {name}=={version}, outside {requirement}: lock again"


def test_the_image_and_ci_install_the_same_versions():
    runtime, test = pins(RUNTIME), pins(TEST)
    assert {name: test.get(name) for name in runtime} == runtime


def test_the_bounds_stop_below_a_major_not_yet_tried():
    for requirement in wanted("test"):
        assert any(spec.operator in ("<", "~=") for spec in requirement.specifier), requirement


def test_ci_and_the_image_install_from_the_locks_with_their_hashes():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install -q --require-hashes -r docker/requirements-test.lock" in ci
    assert "pip install -q --no-deps ." in ci
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "pip install --require-hashes -r requirements.lock" in dockerfile
    assert "pip install --no-deps ." in dockerfile
    for lock in (RUNTIME, TEST):
        assert "uv pip compile pyproject.toml" in lock.read_text().splitlines()[1]

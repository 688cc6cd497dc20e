"""The README's and the documentation's examples run, so none of them can lie.

Every fenced ``sh`` block of README.md and docs/**/*.md is run, a page's
blocks in order in one bash session (so a game id kept in a shell variable
by one block is there for the next). ``http://127.0.0.1:8000`` in an example
is a live ``tablelog serve`` started for the examples on a free port, over a
database and a configuration folder (where its first start makes the key)
of their own. A page that shows a ``tablelog serve`` line gets a server of
its own instead: the line is started in the background, on a free port, and
waited for.

A command fails the page if it exits non-zero (pipes included): examples
call ``curl --fail-with-body`` and ``jq -e`` so that an answer of another
status or shape fails too.

A block is shown but not run only when every command in it begins with one
of ``NOT_RUN`` (a short list, each with its reason).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from environment import IN_CI

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_HOST = "127.0.0.1:8000"
SHELL_LANGUAGES = {"sh", "bash", "shell"}
NOT_RUN = {
    "pip install": "installs into the interpreter that runs the tests",
    "python -m pytest": "the suite itself",
    "docker": "needs Docker and the network",
    "pybabel": "rewrites the committed message catalogs",
    "tablelog serve --production": "needs a key made beforehand and PostgreSQL roles",
    "tablelog serve --database postgresql": "needs the PostgreSQL server it names",
    "tablelog migrate": "needs the PostgreSQL servers it names",
    "tablelog bench": "minutes of measuring (tests/bench runs its smoke)",
    "python tests/e2e/docs_pictures.py": "rewrites the committed pictures (tests/e2e/test_docs_pictures.py runs it)",
}
SERVE = re.compile(r"^tablelog serve\b(?!.*(--production|postgresql))")
FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    language: str
    text: str

    def commands(self) -> list[str]:
        """The block's commands: continuation lines joined, comments left out."""
        joined = re.sub(r"\\\n\s*", " ", self.text)
        return [line.strip() for line in joined.splitlines()
                if line.strip() and not line.strip().startswith("#")]

    @property
    def runs(self) -> bool:
        return self.language in SHELL_LANGUAGES and not all(
            command.startswith(tuple(NOT_RUN)) for command in self.commands())


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    return [Block(page, text.count("\n", 0, match.start()) + 1, match.group(1), match.group(2))
            for match in FENCE.finditer(text)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def starts_a_server(page_blocks: list[Block]) -> bool:
    return any(SERVE.match(command) for block in page_blocks for command in block.commands())


def waiting_for(port: int) -> str:
    """A bash line that waits until the service on ``port`` answers (or fails)."""
    health = f"http://127.0.0.1:{port}/api/health"
    return (f"for _ in $(seq 150); do curl -sf {health} >/dev/null && break; sleep 0.2; done; "
            f"curl -sf {health} >/dev/null")


def script(page_blocks: list[Block], port: int) -> str:
    """One bash session for a page: its blocks in order, each named on failure."""
    here = f"127.0.0.1:{port}"
    lines = ["set -eEuo pipefail",
             "trap 'echo \"failed: block at line $block_line\" >&2' ERR",
             "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT"]
    for block in page_blocks:
        lines.append(f"block_line={block.line}")
        for line in block.text.replace(EXAMPLE_HOST, here).replace("localhost:8000", here).splitlines():
            if SERVE.match(line.strip()):
                lines += [f"{line.strip()} --port {port} >serve.log 2>&1 &", waiting_for(port)]
            else:
                lines.append(line)
    return "\n".join(lines) + "\n"


def environment(home: Path) -> dict[str, str]:
    """The examples' environment: a database and a configuration folder in ``home``."""
    variables = {**os.environ,
                 "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                 "TABLELOG_DATABASE_URL": f"sqlite:///{home / 'tablelog.sqlite3'}",
                 "XDG_CONFIG_HOME": str(home / "config")}
    for name in ("TABLELOG_SHARDS", "TABLELOG_KEY", "TABLELOG_KEY_FILE"):
        variables.pop(name, None)           # the first start makes the key, as for a newcomer
    return variables


def run(command: str, workdir: Path, home: Path, timeout: float) -> subprocess.CompletedProcess:
    """``command`` in bash, in a process group of its own that ends with it."""
    process = subprocess.Popen(["bash", "-c", command], cwd=workdir, env=environment(home),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)      # a server the page left running
        except ProcessLookupError:
            pass
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def run_page(page_blocks: list[Block], workdir: Path, home: Path, port: int,
             timeout: float = 120) -> subprocess.CompletedProcess:
    """Run a page's blocks in ``workdir`` against the service on ``port``."""
    return run(script(page_blocks, port), workdir, home, timeout)


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """``tablelog serve`` on a free port over a fresh database, for the pages
    that start none themselves: (its home folder, its port)."""
    home = tmp_path_factory.mktemp("docs-service")
    port = free_port()
    process = subprocess.Popen(["bash", "-c", f"tablelog serve --port {port} >serve.log 2>&1"],
                               cwd=home, env=environment(home), start_new_session=True)
    try:
        started = run(waiting_for(port), home, home, timeout=60)
        assert started.returncode == 0, (home / "serve.log").read_text()
        yield home, port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def pages_with_examples() -> list[Path]:
    return [page for page in pages() if any(block.runs for block in blocks(page))]


@pytest.fixture(scope="module")
def tools() -> None:
    """bash, curl and jq, which the examples use: skipped without them
    locally, a failure under CI (.ci/run installs them)."""
    missing = [tool for tool in ("bash", "curl", "jq") if not shutil.which(tool)]
    if missing:
        message = f"the documentation's examples need {', '.join(missing)}"
        if IN_CI:
            pytest.fail(message + ": CI must run them.")
        pytest.skip(message + ": skipped.")


@pytest.mark.slow
@pytest.mark.parametrize("page", pages_with_examples(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_example_on_the_page_runs(page, tmp_path, tools, service):
    page_blocks = [block for block in blocks(page) if block.runs]
    home, port = (tmp_path, free_port()) if starts_a_server(page_blocks) else service
    ran = run_page(page_blocks, tmp_path, home, port)
    assert ran.returncode == 0, f"{page.relative_to(ROOT)}:\n{ran.stdout[-3000:]}\n{ran.stderr[-3000:]}"


def test_the_readme_is_short_and_opens_with_every_game_module_and_the_solo_variant():
    """A newcomer reads it in five minutes; its first 40 lines link to how to
    start each module and the solo variant (each page opens with that)."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300
    opening = "\n".join(lines[:40])
    for name, page in [("Vienna Ballrooms", "ballrooms"), ("Celebrities", "celebrities"),
                       ("Unique Hotels", "unique-hotels"), ("Start Player", "start-player"),
                       ("Would You Like Some More?", "more"), ("Dinner for One", "solo")]:
        assert name in opening and f"(docs/games/grand-austria-hotel/{page}.md)" in opening, name
        started = (ROOT / "docs" / "games" / "grand-austria-hotel" / f"{page}.md").read_text(encoding="utf-8")
        assert started.split("\n## ")[1].startswith("Starting a game"), page


def test_the_readme_tour_is_among_the_examples_run():
    readme = [block for block in blocks(ROOT / "README.md") if block.runs]
    commands = " ".join(command for block in readme for command in block.commands())
    for request in ("/moves", "/undo", "/redo", "/state?at=", "/export", "/audit"):
        assert request in commands, request


def test_only_the_listed_commands_are_left_unrun():
    for page in pages():
        for block in blocks(page):
            if block.language in SHELL_LANGUAGES and not block.runs:
                assert all(command.startswith(tuple(NOT_RUN)) for command in block.commands()), block


def test_shell_examples_are_marked_as_such():
    """A command shown without a language would escape the runner."""
    for page in pages():
        for block in blocks(page):
            if block.language in ("", "console", "shell-session"):
                pytest.fail(f"{page.relative_to(ROOT)}:{block.line}: a code block without its language (sh, json, text, ...)")


def test_a_wrong_example_fails_its_page(tmp_path, tools, service):
    page = tmp_path / "wrong.md"
    page.write_text("```sh\ncurl -s --fail-with-body http://127.0.0.1:8000/api/games/nowhere\n```\n")
    ran = run_page(blocks(page), tmp_path, *service)
    assert ran.returncode != 0 and "failed: block at line 1" in ran.stderr


GENERATED = ("tests/e2e/screenshots/",)
"""Folders the docs name that a run makes (and git ignores)."""


def test_every_file_the_docs_name_is_there():
    """A file moved or renamed fails here before a reader looks for it."""
    named = re.compile(r"`((?:domain|service|replay|tests|docker|docs|\.ci)/[\w./-]*)`")
    for page in pages():
        for path in named.findall(page.read_text(encoding="utf-8")):
            if path not in GENERATED:
                assert (ROOT / path).exists(), f"{page.relative_to(ROOT)} names {path}"


def test_every_picture_the_docs_show_is_there():
    shown = 0
    for page in pages():
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).resolve().is_file(), f"{page.relative_to(ROOT)}: {target}"
            shown += 1
    assert shown, "the README shows the page"
    pictures = {path.resolve() for path in (ROOT / "docs" / "images").glob("*.png")}
    for picture in pictures:
        assert any(picture.name in page.read_text(encoding="utf-8") for page in pages()), f"{picture.name} is shown nowhere"

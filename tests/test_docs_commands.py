"""Every example command in README.md and the docs pages runs as written.

How a page shows commands (and how this test reads them):

- a ```` ```bash ```` block: every line is a command (a line ending in ``\\`` goes on);
- a ```` ```console ```` block: a transcript; the lines starting with ``$ `` are commands,
  the others their output;
- a ```` ```text ```` block: a usage synopsis with placeholders, not run.

Each page's commands run in order in bash, in a temporary folder of the page's own where
``examples/``, ``scripts/``, ``benchmarks/`` and ``../shared`` are found as from the
checkout, with ``decklab`` and ``python`` on the path and ``DECKLAB_DB`` a new database, so
an example may use a file or a run that an earlier one made. A command must exit 0, or the
code its comment names (``(exit 1: ...)``, a deck shown illegal on purpose).

A command is not run when its comment says why: ``(long run)``, ``(until Ctrl-C)`` (a
server), ``(rewrites ...)`` (it changes the checkout, which tests may not) or ``(needs a
Dask scheduler)``; one that reads ``../shared`` (or says ``(needs ../shared)``) runs only
where the reference data is.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<lang>[\w-]*)\s*$")
COMMENT = re.compile(r"\s#\s.*$")
EXIT = re.compile(r"\(exit (\d+)")
NOT_RUN = ("(long run)", "(until Ctrl-C)", "(rewrites ", "(needs a Dask scheduler)")
LINKED = ("examples", "scripts", "benchmarks")
TIMEOUT_S = 900


@dataclass(frozen=True)
class Command:
    """One example command of a page."""

    page: str
    line: int
    text: str

    @property
    def comment(self) -> str:
        """The comment after the command (``# ...``), or nothing."""
        found = COMMENT.search(self.text.splitlines()[-1])
        return found.group(0) if found else ""

    @property
    def exit_code(self) -> int:
        """The exit code the page expects: 0 unless its comment says ``(exit N``."""
        said = EXIT.search(self.comment)
        return int(said.group(1)) if said else 0

    @property
    def needs_shared(self) -> bool:
        """Reads the reference data beside the checkout."""
        return "../shared" in COMMENT.sub("", self.text) or "(needs ../shared)" in self.comment


def commands(page: Path) -> list[Command]:
    """The example commands of a page, in order."""
    out: list[Command] = []
    lang: str | None = None
    indent = ""
    pending: list[str] = []
    start = 0
    for number, raw in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        fence = FENCE.match(raw)
        if lang is None:
            if fence:
                lang, indent = fence.group("lang"), fence.group("indent")
            continue
        if fence and fence.group("indent") == indent and not fence.group("lang"):
            lang = None
            continue
        line = raw[len(indent) :] if raw.startswith(indent) else raw.strip()
        if lang == "console" and not pending:
            if not line.startswith("$ "):
                continue
            line = line[2:]
        if lang not in ("bash", "console") or (not pending and (not line or line[0] == "#")):
            continue
        if not pending:
            start = number
        pending.append(line)
        if not line.endswith("\\"):
            out.append(Command(page.name, start, "\n".join(pending)))
            pending = []
    return out


def test_the_reader_finds_commands_as_the_pages_write_them(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "Intro `decklab nothing`\n\n"
        "```bash\n# a comment line\ndecklab db info   # what is stored (exit 3: never)\n"
        "decklab odds examples/x.txt \\\n    --turn 2\n```\n\n"
        "- a list item:\n\n  ```console\n  $ decklab curve examples/x.txt\n  40-card main deck\n"
        "  ```\n\n```text\ndecklab odds FILE [--turn T]\n```\n"
        '```json\n{"a": 1}\n```\n',
        encoding="utf-8",
    )
    assert [(c.line, c.text) for c in commands(page)] == [
        (5, "decklab db info   # what is stored (exit 3: never)"),
        (6, "decklab odds examples/x.txt \\\n    --turn 2"),
        (13, "decklab curve examples/x.txt"),
    ]
    first, second, third = commands(page)
    assert first.comment == " # what is stored (exit 3: never)"
    assert (first.exit_code, second.exit_code, third.exit_code) == (3, 0, 0)


@dataclass
class _PageRun:
    """A page's folder, database and how far its commands have run."""

    work: Path
    env: dict[str, str]
    done: int = 0
    failed: str | None = None
    outputs: list[str] = field(default_factory=list)


_runs: dict[str, _PageRun] = {}


def _page_run(page: str, tmp_path_factory: pytest.TempPathFactory) -> _PageRun:
    if page in _runs:
        return _runs[page]
    root = tmp_path_factory.mktemp(f"docs-{Path(page).stem}")
    work = root / "work"
    work.mkdir()
    for name in LINKED:
        (work / name).symlink_to(REPO / name)
    shared = Path(os.environ.get("DECKLAB_SHARED", REPO.parent / "shared"))
    if (shared / "data").is_dir():
        (root / "shared").symlink_to(shared.resolve())
    bin_dir = root / "bin"
    bin_dir.mkdir()
    for name, run in (("decklab", "-m decklab"), ("python", "")):
        shim = bin_dir / name
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" {run} "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "DECKLAB_DB": str(root / "decklab.duckdb"),
        "DECKLAB_SHARED": str(root / "shared"),
    }
    _runs[page] = _PageRun(work, env)
    return _runs[page]


ALL = [c for page in PAGES for c in commands(page)]


@pytest.mark.parametrize("command", ALL, ids=[f"{c.page}:{c.line}" for c in ALL])
def test_example_command_runs_as_written(
    command: Command, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> None:
    page = _page_run(command.page, tmp_path_factory)
    listed = [c for c in ALL if c.page == command.page]
    index = listed.index(command)
    if page.failed is not None:
        pytest.fail(f"an earlier command of {command.page} failed: {page.failed}")
    assert page.done == index, "the page's commands run in order"
    page.done += 1
    why = next((m for m in NOT_RUN if m in command.comment), None)
    if why is not None:
        pytest.skip(f"not run: the page says {why.rstrip()}")
    if command.needs_shared:
        request.getfixturevalue("shared_data")  # skips with the reason where it is absent
    done = subprocess.run(
        ["bash", "-c", command.text], cwd=page.work, env=page.env, capture_output=True,
        text=True, timeout=TIMEOUT_S, check=False,
    )  # fmt: skip
    if done.returncode != command.exit_code:
        page.failed = f"line {command.line}: {command.text}"
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        pytest.fail(f"{command.page}, line {command.line}: exit {done.returncode}\n{tail}")

"""Only regular files are read, and never past the size limit: no FIFO hangs, no endless read.

Each command runs as its own process with a time and memory cap, so a regression fails
the test instead of hanging it or filling the memory.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.conftest import Snapshot

MEMORY_CAP = 2 << 30


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _fifo(folder: Path) -> Path:
    path = folder / "deck.txt"
    os.mkfifo(path)
    return path


def _zero(folder: Path) -> Path:
    path = folder / "deck.txt"
    path.symlink_to("/dev/zero")
    return path


def _in_folder(make: Callable[[Path], Path]) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        inner = folder / "dump"
        inner.mkdir()
        made = make(inner)
        made.rename(inner / "cards.json")
        return inner

    return build


KINDS = {"a FIFO": _fifo, "a symlink to /dev/zero": _zero}
COMMANDS = {
    "validate": (["validate"], lambda make: make),
    "decks save": (["decks", "save"], lambda make: make),
    "db import of a file": (["db", "import"], lambda make: make),
    "db import of a folder": (["db", "import"], _in_folder),
}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_special_files_are_refused(
    command: str, kind: str, db: Path, tmp_path: Path, state: Callable[[Path], Snapshot]
) -> None:
    words, wrap = COMMANDS[command]
    target = wrap(KINDS[kind])(tmp_path)
    before = state(db)
    done = subprocess.run(
        [sys.executable, "-m", "decklab", "--db", str(db), *words, str(target)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limits,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert "is not a regular file" in done.stderr
    assert state(db) == before


def test_a_regular_file_behind_a_symlink_is_read(run: object, tmp_path: Path) -> None:
    deck = Path(__file__).resolve().parents[2] / "examples" / "forest_fairies.txt"
    link = tmp_path / "deck.txt"
    link.symlink_to(deck)
    result = run("validate", str(link))  # type: ignore[operator]
    assert result.code == 0
    assert result.out.startswith("LEGAL")

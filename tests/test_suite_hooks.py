"""The suite's own promises: it leaves the checkout as it found it, and it ends by saying how
many tests it skipped for want of ``../shared`` and why.

Each case runs pytest in a small git repository made for it, with this suite's
``conftest.py``, so nothing here touches the real checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.checkout import snapshot, written

HERE = Path(__file__).resolve().parent
GIT = shutil.which("git")
needs_git = pytest.mark.skipif(GIT is None, reason="needs git")

WRITES = {
    "nothing": ("def test_x(tmp_path):\n    (tmp_path / 'out.txt').write_text('x')\n", True),
    "an ignored file": ("def test_x():\n    open('build/out.txt', 'w').write('x')\n", True),
    "a tracked file": ("def test_x():\n    open('notes.md', 'a').write('more')\n", False),
    "a new file": ("def test_x():\n    open('shot.png', 'w').write('x')\n", False),
}


def _git(repo: Path, *args: str) -> None:
    subprocess.run([GIT or "git", *args], cwd=repo, check=True, capture_output=True, timeout=60)


def _suite(tmp_path: Path, test_source: str) -> Path:
    """A git repository holding this suite's conftest and one test module."""
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    for name in ("conftest.py", "checkout.py"):
        shutil.copy(HERE / name, repo / "tests" / name)
    (repo / "tests" / "test_one.py").write_text(test_source)
    (repo / "build").mkdir()
    (repo / ".gitignore").write_text("build/\n__pycache__/\n")
    (repo / "notes.md").write_text("notes\n")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "start")
    return repo


def _pytest(repo: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=repo, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, **env},
    )  # fmt: skip


@needs_git
@pytest.mark.parametrize("what", list(WRITES))
def test_a_run_that_writes_into_the_checkout_fails(tmp_path: Path, what: str) -> None:
    source, clean = WRITES[what]
    done = _pytest(_suite(tmp_path, source))
    assert "1 passed" in done.stdout
    assert (done.returncode == 0) is clean, done.stdout
    assert ("the checkout changed during the run" in done.stdout) is not clean


@needs_git
def test_changes_made_before_the_run_are_not_the_tests(tmp_path: Path) -> None:
    repo = _suite(tmp_path, WRITES["nothing"][0])
    (repo / "notes.md").write_text("being edited\n")
    (repo / "draft.py").write_text("x = 1\n")
    assert _pytest(repo).returncode == 0


@needs_git
def test_a_snapshot_names_changed_and_untracked_files_only(tmp_path: Path) -> None:
    repo = _suite(tmp_path, WRITES["nothing"][0])
    before = snapshot(repo)
    assert before == {}
    (repo / "notes.md").write_text("changed\n")
    (repo / "build" / "x.txt").write_text("ignored\n")
    (repo / "new.txt").write_text("new\n")
    after = snapshot(repo)
    assert after is not None
    assert written(before, after) == ["new.txt", "notes.md"]


def test_outside_a_git_checkout_there_is_nothing_to_compare(tmp_path: Path) -> None:
    assert snapshot(tmp_path) is None


@needs_git
def test_the_run_ends_by_counting_the_tests_that_need_shared(tmp_path: Path) -> None:
    source = (
        "import pytest\n"
        "def test_reads(shared_data): pass\n"
        "def test_reads_too(sve_data): pass\n"
        "def test_plain(): pass\n"
        "def test_other_skip(): pytest.skip('not today')\n"
    )
    done = _pytest(_suite(tmp_path, source), DECKLAB_SHARED=str(tmp_path / "nowhere"))
    lines = done.stdout.splitlines()
    said = [line for line in lines if "reference data" in line]
    assert said == [
        "2 tests skipped: they read the publishers' reference data (card pools, rules, "
        "tournament lists), which is not in the repository; put the shared/ folder beside "
        "the checkout or set DECKLAB_SHARED to it"
    ]
    assert lines.index(said[0]) >= len(lines) - 3  # at the end, just before pytest's tally

    shared = tmp_path / "shared"
    (shared / "data").mkdir(parents=True)
    done = _pytest(_suite(tmp_path / "with", source), DECKLAB_SHARED=str(shared))
    assert "reference data" not in done.stdout
    assert "3 passed, 1 skipped" in done.stdout

"""Fixtures shared by the whole suite.

The publishers' reference data lives in ``../shared`` beside the checkout (or wherever
``DECKLAB_SHARED`` points). It is never committed, so every test that reads it goes through
the ``shared_data`` fixture, which skips with a clear reason where it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.checkout import Snapshot, snapshot, written

REPO = Path(__file__).resolve().parents[1]
NO_SHARED = (
    "reference data not found: put the shared/ folder beside the checkout "
    "or set DECKLAB_SHARED to it"
)
"""The skip reason of every test that reads ``../shared``."""
_before: Snapshot | None = None


def _shared_root() -> Path | None:
    env = os.environ.get("DECKLAB_SHARED")
    candidates = [Path(env)] if env else [REPO.parent / "shared"]
    for root in candidates:
        if (root / "data").is_dir():
            return root
    return None


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data``: the real card pools, rules and decklists (skips where absent)."""
    root = _shared_root()
    if root is None:
        pytest.skip(NO_SHARED)
    return root / "data"


@pytest.fixture(scope="session")
def sve_data(shared_data: Path) -> Path:
    """``../shared/data/sve``."""
    return shared_data / "sve"


@pytest.fixture(scope="session")
def riftbound_data(shared_data: Path) -> Path:
    """``../shared/data/riftbound``."""
    return shared_data / "riftbound"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Note the checkout's changed and untracked files before any test runs."""
    global _before
    _before = snapshot(REPO)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Fail the run if a test wrote into the checkout (tests write to temporary folders)."""
    if _before is None:
        return  # not a git checkout: nothing to compare
    after = snapshot(REPO)
    changed = written(_before, after) if after is not None else []
    if os.environ.get("DECKLAB_DOCS_IMAGES") == "1":  # asked for: the docs' screenshots
        changed = [path for path in changed if not path.startswith("docs/images/")]
    if changed:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(
                "the checkout changed during the run (tests may write only to temporary "
                "folders; or were these files edited meanwhile?): " + ", ".join(changed),
                red=True,
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line on the tests skipped for want of ``../shared``, and why."""
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if isinstance(report.longrepr, tuple) and NO_SHARED in str(report.longrepr[2])
    ]
    if skipped:
        terminalreporter.write_line(
            f"{len(skipped)} tests skipped: they read the publishers' reference data "
            "(card pools, rules, tournament lists), which is not in the repository; put the "
            "shared/ folder beside the checkout or set DECKLAB_SHARED to it",
            yellow=True,
        )

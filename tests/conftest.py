"""Fixtures shared by the whole suite.

The publishers' reference data lives in ``../shared`` beside the checkout (or wherever
``DECKLAB_SHARED`` points). It is never committed, so every test that reads it goes through
the ``shared_data`` fixture, which skips with a clear reason where it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


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
        pytest.skip(
            "reference data not found: put the shared/ folder beside the checkout "
            "or set DECKLAB_SHARED to it"
        )
    return root / "data"


@pytest.fixture(scope="session")
def sve_data(shared_data: Path) -> Path:
    """``../shared/data/sve``."""
    return shared_data / "sve"


@pytest.fixture(scope="session")
def riftbound_data(shared_data: Path) -> Path:
    """``../shared/data/riftbound``."""
    return shared_data / "riftbound"

"""Near matches from the deletion index: one slip of a code is found, anything else is not."""

from __future__ import annotations

import difflib

import pytest

from cardpool.nearmatch import NearIndex

CODES = ["BP01-001", "BP01-010", "BP01-011", "BP02-001", "SD01-001", "CSD02b-007", "PR-051"]


@pytest.mark.parametrize(
    ("typed", "first"),
    [("BP01-01", "BP01-010"),  # a character left out
     ("BP01-0010", "BP01-001"),  # one too many
     ("BP01-0I1", "BP01-011"),  # one wrong
     ("BP10-001", "BP01-001"),  # two swapped
     ("CSD02b-07", "CSD02b-007")],
)  # fmt: skip
def test_one_slip_is_found(typed: str, first: str) -> None:
    assert first in NearIndex(CODES).near(typed, cutoff=0.75)


@pytest.mark.parametrize("typed", ["ZZ99-999", "XYZ", "BP05-123"])
def test_nothing_alike_suggests_nothing(typed: str) -> None:
    assert NearIndex(CODES).near(typed, cutoff=0.75) == []


def test_what_it_finds_difflib_finds_too() -> None:
    """Every suggestion is one difflib would make (same ratio and cutoff), best first."""
    index = NearIndex(CODES)
    for typed in ["BP01-01", "BP01-0I1", "BP10-001", "SD01-01", "PR-05"]:
        ours = index.near(typed, n=10, cutoff=0.75)
        theirs = difflib.get_close_matches(typed, CODES, n=10, cutoff=0.75)
        assert set(ours) <= set(theirs), typed
        ratios = [difflib.SequenceMatcher(None, typed, w).ratio() for w in ours]
        assert ratios == sorted(ratios, reverse=True)

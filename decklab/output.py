"""Plain-text tables for the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


def print_table(frame: pd.DataFrame) -> None:
    """Print a frame as an aligned table without the index; missing values print blank."""
    text = frame.astype(object).where(frame.notna(), "")
    print(text.to_string(index=False))


def print_rows(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Print rows as an aligned table (numbers to the right); ``None`` prints blank.

    >>> print_rows(["card", "cost"], [("BP01-001", 8), ("SD01-001", None)])
        card cost
    BP01-001    8
    SD01-001
    """
    cells = [[("" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    print(" ".join(c.rjust(w) for c, w in zip(columns, widths, strict=True)))
    for row in cells:
        print(" ".join(v.rjust(w) for v, w in zip(row, widths, strict=True)).rstrip())

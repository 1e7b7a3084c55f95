"""Plain-text tables for the terminal."""

from __future__ import annotations

import pandas as pd


def print_table(frame: pd.DataFrame) -> None:
    """Print a frame as an aligned table without the index; missing values print blank."""
    text = frame.astype(object).where(frame.notna(), "")
    print(text.to_string(index=False))

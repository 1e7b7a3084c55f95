"""Many rows into a DuckDB table in one statement, through DuckDB's scan of NumPy arrays.

A block of games is a few hundred rows and its card facts some thousands: inserted as
values they cost milliseconds a row (every row is parsed), as a pandas frame they pay the
import of pandas (about 90 MiB) in the process that writes. DuckDB reads a mapping of column
names to NumPy arrays in place, at about a microsecond a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duckdb
import numpy as np


def column(values: Sequence[Any]) -> np.ndarray[Any, Any]:
    """One column as an array: whole numbers as int64, real numbers as float64, the rest
    (text, and any column with a missing value) as Python objects DuckDB converts itself."""
    if values and all(type(v) is int for v in values):
        return np.array(values, dtype=np.int64)
    if values and all(type(v) is float for v in values):
        return np.array(values, dtype=np.float64)
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def insert_rows(
    con: duckdb.DuckDBPyConnection,
    table: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[Any]],
    select: str,
    *,
    verb: str = "INSERT",
) -> None:
    """``{verb} INTO {table} SELECT {select} FROM`` the rows, whose fields are ``columns``.

    ``select`` names the columns (with the casts the table needs); ``verb`` may be
    ``INSERT OR REPLACE``. Nothing happens for no rows.
    """
    if not rows:
        return
    arrays = {name: column([row[i] for row in rows]) for i, name in enumerate(columns)}
    view = f"_new_{table.replace('.', '_')}"
    con.register(view, arrays)
    try:
        con.execute(f"{verb} INTO {table} SELECT {select} FROM {view}")
    finally:
        con.unregister(view)

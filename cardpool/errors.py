"""Errors for bad input: each names what is wrong and where."""

from __future__ import annotations

from pathlib import Path


class InputError(ValueError):
    """Input that cannot be used: the message names the problem, the file and the line."""

    def __init__(self, message: str, *, path: str | Path | None = None, line: int | None = None):
        self.problem = message
        self.path = str(path) if path is not None else None
        self.line = line
        where = ""
        if self.path is not None:
            where = self.path if line is None else f"{self.path}, line {line}"
            where += ": "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(f"{where}{message}")


class DatabaseBusyError(InputError):
    """The database file is locked by another process (DuckDB allows one writer)."""

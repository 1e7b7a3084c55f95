"""Fixtures for the command-line tests: a built database file per test, and a runner."""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardpool.store import Store
from decklab.cli import main


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str


Run = Callable[..., Result]


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built once from the embedded snapshot (copied for each test)."""
    path = tmp_path_factory.mktemp("template") / "decklab.duckdb"
    assert main(["--db", str(path), "db", "init"]) == 0
    return path


@pytest.fixture
def db(built_db: Path, tmp_path: Path) -> Path:
    """This test's own copy of the built database."""
    path = tmp_path / "x.duckdb"
    shutil.copy(built_db, path)
    return path


@pytest.fixture
def run(db: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run(*args)``: ``decklab --db <this test's db> args...`` -> exit code, stdout, stderr."""

    def invoke(*args: str) -> Result:
        capsys.readouterr()
        code = main(["--db", str(db), *args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


def db_state(path: Path) -> str:
    """A fingerprint of everything stored: every row of every table, the import log included."""
    with Store.open(path, read_only=True) as store:
        tables = store.con.execute(
            "SELECT table_schema, table_name FROM information_schema.tables "
            "ORDER BY table_schema, table_name"
        ).fetchall()
        parts = [
            f"{schema}.{name}: "
            + repr(store.con.execute(f'SELECT * FROM "{schema}"."{name}" ORDER BY ALL').fetchall())
            for schema, name in tables
        ]
    return hashlib.md5("\n".join(parts).encode()).hexdigest()


@dataclass(frozen=True, eq=False)
class Snapshot:
    """A database file's bytes at one moment; equal to another when they store the same rows.

    Equal bytes settle it at once; otherwise every row of every table is compared
    (``db_state``), so a file DuckDB rewrote without changing what it stores still counts
    as unchanged.
    """

    data: bytes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshot):
            return NotImplemented
        if self.data == other.data:
            return True
        with tempfile.TemporaryDirectory() as folder:
            states = []
            for i, snap in enumerate((self, other)):
                path = Path(folder) / f"{i}.duckdb"
                path.write_bytes(snap.data)
                states.append(db_state(path))
        return states[0] == states[1]

    def __hash__(self) -> int:
        return hash(self.data)


def snapshot(path: Path) -> Snapshot:
    """The database at ``path`` as it is now (its write-ahead log must be empty)."""
    assert not path.with_name(path.name + ".wal").exists(), "a write was left half-done"
    return Snapshot(path.read_bytes())


@pytest.fixture
def state() -> Callable[[Path], Snapshot]:
    """``state(path)``: the database as it is, to show a command left it unchanged."""
    return snapshot

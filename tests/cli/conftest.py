"""Fixtures for the command-line tests: a built database file per test, and a runner."""

from __future__ import annotations

import hashlib
import shutil
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


@pytest.fixture
def state() -> Callable[[Path], str]:
    """``state(path)``: the fingerprint of a database, to show a command left it unchanged."""
    return db_state

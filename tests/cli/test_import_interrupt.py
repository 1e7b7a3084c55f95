"""Ctrl-C during ``db import``: before the commit nothing is stored (exit 130); after it the
import is complete and says so (exit 0), never "interrupted"."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardpool.importers
from decklab.commands import db as db_command
from tests.cli.conftest import Snapshot

RESTRICTIONS = {
    "region": "en",
    "format": "standard",
    "banned": [{"card": "BP01-001", "since": "2031-01-01"}],
    "limited": [],
}


def _ctrl_c_then(call: Callable[..., Any]) -> Callable[..., Any]:
    """``call``, with Ctrl-C sent to this process first (as a terminal sends it)."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        return call(*args, **kwargs)

    return wrapped


def test_ctrl_c_while_writing_stores_nothing(
    run: Any, db: Path, tmp_path: Path, state: Callable[[Path], Snapshot],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    source = tmp_path / "list.json"
    source.write_text(json.dumps(RESTRICTIONS), encoding="utf-8")
    before = state(db)
    monkeypatch.setattr(cardpool.importers, "_write", _ctrl_c_then(cardpool.importers._write))
    result = run("db", "import", str(source))
    assert result.code == 130
    assert result.err.strip() == "decklab: interrupted"
    assert state(db) == before


def test_ctrl_c_after_the_commit_is_a_finished_import(
    run: Any, db: Path, tmp_path: Path, state: Callable[[Path], Snapshot],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    source = tmp_path / "list.json"
    source.write_text(json.dumps(RESTRICTIONS), encoding="utf-8")
    before = state(db)
    monkeypatch.setattr(db_command, "_print_report", _ctrl_c_then(db_command._print_report))
    result = run("db", "import", str(source))
    assert result.code == 0
    assert "1 restriction entries" in result.out
    assert "interrupted" not in result.err
    assert "complete and stored" in result.err
    assert state(db) != before

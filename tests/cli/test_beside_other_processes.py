"""The CLI beside the dashboard: another decklab process using the database holds no one out.

A second, real process holds the database file the way the dashboard or a simulation does
(short requests, writing), or holds it and never lets go (any other DuckDB program).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardpool import deckstore
from cardpool.store import Store

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DECK = str(EXAMPLES / "forest_fairies.txt")
OTHER = str(EXAMPLES / "sword_knights.txt")

BUSY = """
import sys, time
from cardpool.deck import Deck
from cardpool import deckstore
from cardpool.store import Store
path, seconds, hold = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
end = time.monotonic() + seconds
n = 0
while time.monotonic() < end:
    with Store.open(path) as store:  # one request: write, keep the file a moment, let go
        deckstore.save_deck(store, Deck(name=f"written by the other process {n}",
                                        main={"BP01-001": 3}))
        if n == 0:
            print("holding", flush=True)
        time.sleep(hold)
    n += 1
    time.sleep(0.02)
print(n, flush=True)
"""

FOREIGN = """
import sys, time, duckdb
con = duckdb.connect(sys.argv[1])
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
"""


@pytest.fixture
def other_process(db: Path) -> Iterator[Any]:
    """``start(script, *args)``: a second process on this test's database, stopped at the end."""
    started: list[subprocess.Popen[str]] = []

    def start(script: str, *args: str) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(script), str(db), *args],
            stdout=subprocess.PIPE,
            text=True,
        )
        started.append(proc)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "holding"
        return proc

    yield start
    for proc in started:
        proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def _stored_run(run: Any) -> str:
    result = run("simulate", DECK, OTHER, "--games", "2", "--workers", "1", "--quiet", "--json")
    assert result.code == 0, result.err
    return str(result.out.split('"run_id": "', 1)[1].split('"', 1)[0])


def test_reading_commands_work_while_another_process_writes(
    run: Any, other_process: Any, tmp_path: Path
) -> None:
    run_id = _stored_run(run)
    other_process(BUSY, "120", "0.3")
    commands = [
        ("validate", DECK),
        ("odds", DECK, "--card", "SD01-003", "--turn", "3"),
        ("curve", DECK),
        ("cards", "search", "--name", "アリサ"),
        ("play", DECK, OTHER, "--seed", "3"),
        ("runs",),
        ("report", run_id),
        ("decks", "list"),
    ]
    for command in commands:
        result = run(*command)
        assert result.code == 0, (command, result.err)
        assert "Traceback" not in result.err


def test_writing_commands_wait_their_turn(run: Any, db: Path, other_process: Any) -> None:
    other = other_process(BUSY, "3", "0.5")
    result = run("decks", "save", DECK, "--name", "saved while busy")
    assert result.code == 0, result.err
    other.wait(timeout=60)  # it wrote all along, then ended on its own
    with Store.open(db, read_only=True) as store:
        names = set(deckstore.list_decks(store)["name"])
    assert "saved while busy" in names  # ours
    assert "written by the other process 0" in names  # and the other process's: nothing lost


def test_a_holder_that_never_lets_go_is_named(
    run: Any, db: Path, other_process: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKLAB_DB_WAIT", "1")
    holder = other_process(FOREIGN, "120")
    for command in (("validate", DECK), ("decks", "save", DECK, "--name", "x")):
        result = run(*command)
        assert result.code == 2
        lines = result.err.strip().splitlines()
        assert len(lines) == 1, result.err
        assert "the database is in use by another process" in lines[0]
        assert f"PID {holder.pid}" in lines[0]
        assert "was not free within 1 s" in lines[0]


READER = """
import os, sys, time
from cardpool.store import Store
path, hold, stop = sys.argv[1], float(sys.argv[2]), sys.argv[3]
reads = 0
while not os.path.exists(stop):
    with Store.open(path, read_only=True) as store:  # a read that keeps the file a moment
        store.count_cards("sve")
        if reads == 0:
            print("holding", flush=True)
        time.sleep(hold)
    reads += 1
print(reads, flush=True)
"""


def test_writers_get_their_turn_under_any_read_load(
    run: Any, db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six processes read without pause, each holding the file 0.3 s, so that at every
    moment some reader holds it: a writer still gets in, and the readers go on after it."""
    stop = tmp_path / "stop"
    readers = []
    for _ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(READER), str(db), "0.3", str(stop)],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        readers.append(proc)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "holding"
    monkeypatch.setenv("DECKLAB_DB_WAIT", "20")
    try:
        for n in range(3):
            result = run("decks", "save", DECK, "--name", f"saved under load {n}")
            assert result.code == 0, result.err
            assert result.out.startswith(f"saved saved under load {n}@1"), result.out
    finally:
        stop.touch()
        counts = []
        for proc in readers:
            out, _ = proc.communicate(timeout=60)
            counts.append(int(out.strip()))
    assert all(count >= 2 for count in counts), counts  # no reader was shut out either
    with Store.open(db, read_only=True) as store:
        names = set(deckstore.list_decks(store)["name"])
    assert {f"saved under load {n}" for n in range(3)} <= names

"""Simulation processes: workers capped at the cores, gone with their parent; Ctrl-C resumable.

The run is a real ``decklab simulate`` process; signals are sent as a terminal or a
supervisor would send them.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from analytics.simulate import cores, local_workers
from cardpool.store import Store

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DECKS = [str(EXAMPLES / "forest_fairies.txt"), str(EXAMPLES / "sword_knights.txt")]


@pytest.mark.parametrize(
    ("asked", "jobs", "expected"),
    [
        (None, 1000, lambda: cores()),
        (32, 1000, lambda: cores()),
        (32, 1, lambda: 1),
        (1, 1000, lambda: 1),
        (2, 1000, lambda: min(2, cores())),
    ],
    ids=["default: every core", "32 asked", "32 asked for one block", "1 asked", "2 asked"],
)
def test_workers_are_capped_at_the_cores_and_the_blocks(
    asked: int | None, jobs: int, expected: Callable[[], int]
) -> None:
    assert local_workers(asked, jobs) == expected()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database built from the embedded snapshot."""
    path = tmp_path / "x.duckdb"
    with Store.open(path) as store:
        store.ensure_default()
    return path


def _start(db: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "decklab", "--db", str(db), "simulate", *DECKS, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a job in a terminal
    )


def _stored(db: Path) -> int:
    with Store.open(db, read_only=True) as store:
        if not store.has_tables([("main", "sim_games")]):
            return 0
        row = store.con.execute("SELECT count(*) FROM sim_games").fetchone()
        return int(row[0]) if row else 0


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _wait_for(check: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return False


def test_workers_exit_when_the_run_is_killed(db: Path) -> None:
    proc = _start(db, "--games", "4000", "--workers", "2", "--quiet")
    try:
        assert _wait_for(lambda: len(_children(proc.pid)) >= 2, 90), "no workers started"
        workers = _children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert _wait_for(lambda: not any(Path(f"/proc/{w}").exists() for w in workers), 20)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


_DASK = pytest.param(
    ["--workers", "2", "--dask", "local"],
    marks=pytest.mark.skipif(
        importlib.util.find_spec("distributed") is None,
        reason="Dask is optional: pip install 'decklab[distributed]'",
    ),
    id="a local Dask cluster",
)


@pytest.mark.parametrize("backend", [pytest.param(["--workers", "1"], id="local processes"), _DASK])
@pytest.mark.parametrize("later", [0.0, 1.5], ids=["after the first block", "a moment later"])
def test_ctrl_c_prints_the_resume_hint_and_exits_130(
    db: Path, later: float, backend: list[str]
) -> None:
    """No process of the job dies of the Ctrl-C: a local Dask cluster's workers neither.

    Dask itself may log a worker's failed heartbeat, with its traceback, as the cluster
    closes under it; that is Dask's shutdown and is not asserted on.
    """
    proc = _start(db, "--games", "20000", *backend)  # far more than the test waits for
    try:
        assert _wait_for(lambda: _stored(db) > 0, 90), "no game stored"
        time.sleep(later)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground group
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "KeyboardInterrupt" not in err
    if "--dask" not in backend:
        assert "Traceback" not in err
    assert "resume with: decklab simulate --resume " in err
    stored = int(err.split("interrupted: ", 1)[1].split(" of 20000 games stored", 1)[0])
    assert 0 < stored < 20000
    assert stored == _stored(db)  # what the hint says is what the database holds

"""A stopped run stores nothing more; local workers start without the parent's __main__."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from analytics.simulate import GameRow, MatchConfig, run_games, schedule
from engine.sve import DeckSpec

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("stop_after", [0, 1, 2])
def test_a_stopped_run_stores_no_block_after_the_stop(
    forest: DeckSpec, sword: DeckSpec, stop_after: int
) -> None:
    stored: list[list[GameRow]] = []

    def should_stop() -> bool:
        return len(stored) >= stop_after

    config = MatchConfig(forest, sword, ("random", "random"))
    rows = list(
        run_games(
            config, schedule(2, 12), executor=ThreadPoolExecutor(1), block_size=2,
            on_block=stored.append, should_stop=should_stop,
        )
    )  # fmt: skip
    assert len(stored) == stop_after
    assert len(rows) == sum(len(b) for b in stored)


def test_a_run_never_stopped_stores_every_block(forest: DeckSpec, sword: DeckSpec) -> None:
    stored: list[list[GameRow]] = []
    config = MatchConfig(forest, sword, ("random", "random"))
    list(
        run_games(
            config, schedule(2, 12), executor=ThreadPoolExecutor(1), block_size=2,
            on_block=stored.append, should_stop=lambda: False,
        )
    )  # fmt: skip
    assert sum(len(b) for b in stored) == 12


def test_importing_the_worker_path_loads_no_streamlit() -> None:
    code = (
        "import sys, analytics.simulate, analytics.workers, engine.sve; "
        "print(analytics.workers.streamlit_modules())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


PARENT = """
import sys
from concurrent.futures import ProcessPoolExecutor
import streamlit  # the parent runs under Streamlit, as the dashboard does
from analytics import workers

if __name__ == "__main__":
    context = workers.context(sys.argv[1]) if sys.argv[2] == "clean" else __import__(
        "multiprocessing").get_context(sys.argv[1])
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        print(len(pool.submit(workers.streamlit_modules).result()))
"""


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_workers_load_no_streamlit_even_when_the_parent_has_it(tmp_path: Path, method: str) -> None:
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(PARENT), encoding="utf-8")

    def streamlit_in_worker(kind: str) -> int:
        out = subprocess.run(
            [sys.executable, str(script), method, kind], cwd=REPO, capture_output=True,
            text=True, check=True, env={"PYTHONPATH": str(REPO), "PATH": ""},
        )  # fmt: skip
        return int(out.stdout.strip())

    assert streamlit_in_worker("clean") == 0
    # the plain context re-imports the parent's __main__ and with it Streamlit
    assert streamlit_in_worker("plain") > 0

"""Start-up of the command line: ``decklab --help`` (the first thing a new user runs),
``validate``, ``odds`` and ``cards search`` as whole processes (interpreter start, imports,
database, output), the way a user runs them.

Each command runs ``--runs`` times after one warm-up run (which also builds the database
file); the medians of its wall time, its CPU time and its peak memory are printed. Wall time
needs an otherwise idle machine to reproduce; CPU time and memory do not. The goals: under
0.3 s for ``--help``, under 0.35 s for the others.

    python benchmarks/bench_cli.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "forest_fairies.txt"
COMMANDS = {
    "--help": ["--help"],
    "validate": ["validate", str(EXAMPLE)],
    "odds": ["odds", str(EXAMPLE)],
    "cards search": ["cards", "search", "--name", "アリサ"],
}
GOALS_S = {"--help": 0.3}
GOAL_S = 0.35
DECKLAB = Path(sys.executable).with_name("decklab")
"""The console script a user runs (``python -m decklab`` where it is not installed)."""


def _once(db: Path, words: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of one whole ``decklab`` process."""
    command = [str(DECKLAB)] if DECKLAB.exists() else [sys.executable, "-m", "decklab"]
    start = time.perf_counter()
    proc = subprocess.Popen([*command, "--db", str(db), *words], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise subprocess.CalledProcessError(proc.returncode, proc.args)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    """Print the median whole-process time of each command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        for name, words in COMMANDS.items():
            _once(db, words)  # warm-up: builds the database, fills the OS file cache
            runs = [_once(db, words) for _ in range(args.runs)]
            wall, cpu, mib = (statistics.median(r[i] for r in runs) for i in range(3))
            goal = GOALS_S.get(name, GOAL_S)
            verdict = "ok" if wall < goal else f"over the {goal} s goal"
            print(
                f"decklab {name:13s} median {wall:.3f} s wall, {cpu:.3f} s CPU, {mib:.0f} MiB"
                f" over {args.runs} runs ({verdict})"
            )


if __name__ == "__main__":
    main()

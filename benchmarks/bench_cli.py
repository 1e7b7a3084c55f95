"""Start-up of the command line: ``decklab validate``, ``odds`` and ``cards search`` as whole
processes (interpreter start, imports, database, output), the way a user runs them.

Each command runs ``--runs`` times after one warm-up run (which also builds the database
file); the median wall time of each is printed in seconds. The goal is under 0.35 s.

    python benchmarks/bench_cli.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "forest_fairies.txt"
COMMANDS = {
    "validate": ["validate", str(EXAMPLE)],
    "odds": ["odds", str(EXAMPLE)],
    "cards search": ["cards", "search", "--name", "アリサ"],
}
GOAL_S = 0.35


def _once(db: Path, words: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "decklab", "--db", str(db), *words],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    """Print the median whole-process time of each command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        for name, words in COMMANDS.items():
            _once(db, words)  # warm-up: builds the database, fills the OS file cache
            median = statistics.median(_once(db, words) for _ in range(args.runs))
            verdict = "ok" if median < GOAL_S else f"over the {GOAL_S} s goal"
            print(f"decklab {name:13s} median {median:.3f} s over {args.runs} runs ({verdict})")


if __name__ == "__main__":
    main()

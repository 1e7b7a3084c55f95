"""The run pipeline beside the engine: ``decklab simulate`` (which stores every game) against
``simulate()`` (which stores nothing), and two workers against one.

Every case is a whole process, started the way a user starts it, so its figures include
start-up and every worker it runs:

- **CPU**: games per CPU-second of the process and everything it waited for (its workers),
  read from the operating system's accounting of the finished process tree;
- **main memory**: the peak resident memory of the main process alone (workers apart);
- **wall**: games per second of wall time.

The cases of one comparison run interleaved (CLI, ``simulate()``, CLI, ...), so a busy
machine slows both alike, and each figure is the median over ``--repeats``; the ratios are
what to read. Two workers can only run twice as fast as one where two cores are free: the
scaling ratios need an otherwise idle two-core machine to reproduce.

Usage: ``python benchmarks/bench_pipeline.py [--repeats 5] [--parts cost,scaling]
[--agents random:2000,greedy:2000,planner:100] [--scaling-games 3000]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DECK_A = REPO / "examples" / "forest_fairies.txt"
DECK_B = REPO / "examples" / "sword_knights.txt"
DEFAULT_AGENTS = "random:2000,greedy:2000,planner:100"
SHORT = 2
"""Games of the short run beside each measured one (its cost is about the fixed cost)."""

SIMULATE = """
import json, resource, sys
from analytics.decks import deck_spec
from analytics.simulate import simulate
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
out, a, b, games, agent, workers = sys.argv[1:7]
pool = load_sve_pool()
decks = [deck_spec(read_deck_file(path), pool) for path in (a, b)]
executor = None
if sys.argv[7] == "dask":
    from analytics.executors import executor_for
    context = executor_for("local", int(workers))
    executor, _ = context.__enter__()
rows = simulate(decks[0], decks[1], int(games), (agent, agent), seed=1, workers=int(workers),
                executor=executor)
assert len(rows) == int(games)
if executor is not None:
    context.__exit__(None, None, None)
with open(out, "w") as f:
    json.dump({"maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}, f)
"""

CLI = """
import json, resource, sys
from decklab.cli import main
out = sys.argv[1]
code = main(sys.argv[2:])
assert code == 0, code
with open(out, "w") as f:
    json.dump({"maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}, f)
"""


@dataclass(frozen=True, slots=True)
class Sample:
    """One finished case: games per CPU-second, games per wall second, main peak memory."""

    per_cpu: float
    per_wall: float
    main_mib: float


def _run(code: str, args: list[str], games: int) -> Sample:
    """Run ``code`` as a whole process and read its figures."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", code, out.name, *args],
            check=True, cwd=REPO, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        maxrss = json.loads(Path(out.name).read_text())["maxrss"]
    return Sample(games / cpu, games / wall, maxrss / 1024)


def cli(db: Path, agent: str, games: int, workers: int, dask: bool = False) -> Sample:
    """``decklab simulate`` on the two example decks."""
    words = [
        "--db", str(db), "simulate", str(DECK_A), str(DECK_B), "--games", str(games),
        "--agents", f"{agent},{agent}", "--seed", "1", "--workers", str(workers), "--quiet",
        "--json",
    ]  # fmt: skip
    if dask:
        words += ["--dask", "local"]
    return _run(CLI, words, games)


def engine_only(agent: str, games: int, workers: int, dask: bool = False) -> Sample:
    """``analytics.simulate.simulate`` on the same decks, nothing stored."""
    args = [str(DECK_A), str(DECK_B), str(games), agent, str(workers), "dask" if dask else "-"]
    return _run(SIMULATE, args, games)


def _median(samples: list[Sample], field: str) -> float:
    return statistics.median(getattr(s, field) for s in samples)


def cost(db: Path, plan: list[tuple[str, int]], workers: int, repeats: int) -> None:
    """The CLI path against ``simulate()``: games per CPU-second, per game and per run.

    Beside each run of ``games`` games runs one of :data:`SHORT` games: the difference is
    the CPU of the games alone (the marginal cost per game, what a long run pays), and the
    short run is about the fixed cost of a run (start-up, database, summary).
    """
    print(f"CLI path against simulate(), {workers} workers, medians of {repeats} interleaved runs")
    print(
        f"{'agent':>8} {'games':>6} {'CLI g/CPU-s':>12} {'sim g/CPU-s':>12} {'ratio':>6}"
        f" {'per game':>9} {'CLI fixed':>10} {'sim fixed':>10}"
        f" {'CLI MiB':>8} {'sim MiB':>8} {'ratio':>6}"
    )
    for agent, games in plan:
        runs: dict[str, list[Sample]] = {"cli": [], "sim": [], "cli_short": [], "sim_short": []}
        for _ in range(repeats):
            runs["cli"].append(cli(db, agent, games, workers))
            runs["sim"].append(engine_only(agent, games, workers))
            runs["cli_short"].append(cli(db, agent, SHORT, workers))
            runs["sim_short"].append(engine_only(agent, SHORT, workers))
        c, s = _median(runs["cli"], "per_cpu"), _median(runs["sim"], "per_cpu")
        cf = SHORT / _median(runs["cli_short"], "per_cpu")
        sf = SHORT / _median(runs["sim_short"], "per_cpu")
        marginal = (games / s - sf) / (games / c - cf)
        cm, sm = _median(runs["cli"], "main_mib"), _median(runs["sim"], "main_mib")
        print(
            f"{agent:>8} {games:>6} {c:>12.1f} {s:>12.1f} {c / s:>6.2f} {marginal:>9.2f}"
            f" {cf:>8.2f} s {sf:>8.2f} s {cm:>8.1f} {sm:>8.1f} {cm / sm:>6.2f}",
            flush=True,
        )
    print(
        "(ratio: CLI over simulate(), whole runs; per game: the same without the short runs'"
        f" cost, i.e. per game of a long run; fixed: CPU seconds of a {SHORT}-game run)"
    )


def scaling(db: Path, games: int, repeats: int) -> None:
    """Two workers against one (wall time): the CLI path, ``simulate()`` and Dask local."""
    print(f"two workers against one, greedy, {games} games, medians of {repeats} interleaved runs")
    cases = {
        "CLI, processes": lambda w: cli(db, "greedy", games, w),
        "simulate(), processes": lambda w: engine_only("greedy", games, w),
        "CLI, dask local": lambda w: cli(db, "greedy", games, w, dask=True),
    }
    walls: dict[tuple[str, int], list[float]] = {}
    for _ in range(repeats):
        for label, run in cases.items():
            for workers in (1, 2):
                walls.setdefault((label, workers), []).append(run(workers).per_wall)
    print(f"{'case':<22} {'1 worker g/s':>13} {'2 workers g/s':>14} {'ratio':>6}")
    for label in cases:
        one = statistics.median(walls[(label, 1)])
        two = statistics.median(walls[(label, 2)])
        print(f"{label:<22} {one:>13.1f} {two:>14.1f} {two / one:>6.2f}")


def parse_plan(text: str) -> list[tuple[str, int]]:
    """``AGENT:GAMES,...`` as (agent, games)."""
    plan = []
    for item in text.split(","):
        agent, _, count = item.rpartition(":")
        plan.append((agent, int(count)))
    return plan


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--parts", default="cost,scaling")
    parser.add_argument("--agents", default=DEFAULT_AGENTS, help=f"(default {DEFAULT_AGENTS})")
    parser.add_argument("--workers", type=int, default=2, help="workers of the cost runs")
    parser.add_argument("--scaling-games", type=int, default=3000)
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.duckdb"
        env_db = os.environ.get("DECKLAB_DB")
        os.environ["DECKLAB_DB"] = str(db)
        try:
            cli(db, "random", 2, 1)  # builds the database from the snapshot, not measured
            if "cost" in parts:
                cost(db, parse_plan(args.agents), args.workers, args.repeats)
            if "scaling" in parts:
                scaling(db, args.scaling_games, args.repeats)
        finally:
            if env_db is None:
                os.environ.pop("DECKLAB_DB", None)
            else:
                os.environ["DECKLAB_DB"] = env_db
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Simulation throughput: games per second with 1 and 2 local workers and Dask local,
the scaling ratio, and how long a 10,000-game matchup and an 8-deck matrix take.

Run: .venv/bin/python benchmarks/bench_simulate.py [--games N] [--repeats R] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sim_decks import benchmark_decks

from analytics.executors import executor_for
from analytics.simulate import simulate
from engine.sve import DeckSpec


def rate(games: int, run: Callable[[], object]) -> float:
    """Games per second of one call."""
    start = time.perf_counter()
    run()
    return games / (time.perf_counter() - start)


def _local(
    a: DeckSpec, b: DeckSpec, games: int, agents: tuple[str, str], workers: int, seed: int
) -> object:
    return simulate(a, b, games, agents, seed=seed, workers=workers)


def _dask(
    a: DeckSpec,
    b: DeckSpec,
    games: int,
    agents: tuple[str, str],
    executor: Executor | None,
    seed: int,
) -> object:
    return simulate(a, b, games, agents, seed=seed, executor=executor)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="skip the 10,000-game and matrix runs")
    args = parser.parse_args()
    decks = benchmark_decks(8)
    (name_a, a), (name_b, b) = decks[0], decks[1]
    agents = ("greedy", "greedy")
    print(f"matchup: {name_a} vs {name_b}, {agents[0]} vs {agents[1]}, {args.games} games")
    with executor_for("local", 2) as (executor, _):
        backends: dict[str, Callable[[int], object]] = {
            "1 worker": partial(_local, a, b, args.games, agents, 1),
            "2 workers": partial(_local, a, b, args.games, agents, 2),
            "dask local (2)": partial(_dask, a, b, args.games, agents, executor),
        }
        samples: dict[str, list[float]] = {label: [] for label in backends}
        for repeat in range(args.repeats):  # interleaved, so background load hits all alike
            for label, run in backends.items():
                samples[label].append(rate(args.games, partial(run, repeat)))
    results = {label: statistics.median(values) for label, values in samples.items()}
    print(f"{'backend':<16} {'games/s (median of ' + str(args.repeats) + ')':>26}")
    for label, value in results.items():
        print(f"{label:<16} {value:>26.1f}")
    print(f"scaling 2 workers / 1 worker: {results['2 workers'] / results['1 worker']:.2f}x")
    print(f"scaling dask local / 1 worker: {results['dask local (2)'] / results['1 worker']:.2f}x")
    if args.quick:
        return
    start = time.perf_counter()
    simulate(a, b, 10_000, agents, seed=1, workers=2)
    print(f"10,000-game matchup, 2 workers: {time.perf_counter() - start:.1f} s")
    per_pair = 200
    start = time.perf_counter()
    for (_, x), (_, y) in itertools.combinations(decks, 2):
        simulate(x, y, per_pair, agents, seed=2, workers=2)
    pairs = len(list(itertools.combinations(decks, 2)))
    print(
        f"8-deck matrix ({pairs} pairings x {per_pair} games), 2 workers: "
        f"{time.perf_counter() - start:.1f} s"
    )


if __name__ == "__main__":
    main()

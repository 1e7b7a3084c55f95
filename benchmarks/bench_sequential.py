"""The sequential test (``--until-decided``) by simulation: wrong decisions on a mirror,
decisions within a 400-game budget at a true 55% and 60%, games played, and how much wider
its last interval is than a fixed-budget one.

Win rates: seat-swapped pairs whose two games agree beyond chance (+0.2, as real mirror
pairs do), a budget of 400 games (200 seeds), looks every 20 seeds; the fixed test is the
same score interval at 1.96 on all 400 games. Paired differences (``impact`` of a card
against eight opponents): ``analytics.synthetic`` cards, a mirror (the card changes results
both ways alike) and a card worth a few points, 200 games per matchup.

Run: nice -n 10 .venv/bin/python benchmarks/bench_sequential.py [--reps 2000]
"""

from __future__ import annotations

import argparse

import numpy as np

from analytics.intervals import paired_interval, rate_interval
from analytics.sequential import paired_test, run_stream
from analytics.synthetic import PairedCase, RateCase

BUDGET_UNITS = 200


def win_rates(reps: int) -> None:
    """Decisions of the sequential and the fixed test on win-rate streams."""
    print(f"win rate, budget {2 * BUDGET_UNITS} games: sequential against a fixed test")
    print("true | decided  wrong  mean games | fixed: decided")
    rng = np.random.default_rng(11)
    for p in (0.50, 0.55, 0.60):
        case = RateCase(p, 0.2)
        decided = wrong = fixed = 0
        games = 0
        for _ in range(reps):
            stream = list(case.draw(rng, BUDGET_UNITS) / 2)
            stop = run_stream(stream, 0.0, 1.0, 0.5)
            games += 2 * stop.units
            if stop.decided:
                decided += 1
                mean = float(np.mean(stream[: stop.units]))
                wrong += p == 0.5 or (mean > 0.5) != (p > 0.5)
            fixed += rate_interval(stream, 2).excludes(0.5)
        print(
            f"{p:.0%}  | {decided / reps:>7.1%} {wrong / reps:>6.1%} {games / reps:>10.0f} | "
            f"{fixed / reps:>13.1%}"
        )


def paired(reps: int) -> None:
    """Decisions and widths of the sequential test on a card's paired differences."""
    k = 16  # eight opponents, both seats
    print(f"a card against 8 opponents, budget {2 * BUDGET_UNITS // 2} games per matchup")
    print("card                         | decided  wrong  mean seeds | last/fixed width")
    rng = np.random.default_rng(12)
    cases = {
        "mirror (changes both ways)": PairedCase(0.4, 0.1, 0.1, 0.9),
        "worth +3 points": PairedCase(0.4, 0.125, 0.05, 0.9),
        "worth +6 points": PairedCase(0.4, 0.2, 0.05, 0.9),
    }
    for name, case in cases.items():
        decided = wrong = seeds = 0
        ratio = []
        for _ in range(reps // 4):
            units, changed = case.draw(rng, BUDGET_UNITS // 2, k)
            stop = run_stream(list(units), -1.0, 1.0, 0.0, games_per_unit=k,
                              discordant=list(changed))  # fmt: skip
            seeds += stop.units
            if stop.decided:
                decided += 1
                wrong += case.truth == 0 or (float(np.mean(units[: stop.units])) > 0) != (
                    case.truth > 0
                )
            last = paired_test(list(units), k, look_units=len(units), budget_units=len(units),
                               discordant=list(changed))  # fmt: skip
            fixed = paired_interval(list(units), k, discordant=list(changed))
            ratio.append(last.width / fixed.width)
        n = reps // 4
        print(
            f"{name:<28} | {decided / n:>7.1%} {wrong / n:>6.1%} {seeds / n:>10.0f} | "
            f"{np.median(ratio):>16.3f}"
        )


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=2000)
    args = parser.parse_args()
    win_rates(args.reps)
    print()
    paired(args.reps)


if __name__ == "__main__":
    main()

"""Coverage of the answers' intervals by simulation, at 20, 40, 100 and 200 games.

Paired differences (``impact``, ``mulligan-test``, ``compare``): seeded synthetic games with
the structure of real ones (``analytics.synthetic``: a seed's games share whether the card's
copy is reached), for one, three and eight opponents, the interval printed before (mean
plus or minus 1.96 standard errors over seeds) against the score interval with its floor
(``analytics.intervals.paired_interval``). Win rates (``simulate``, gauntlet rows): seat-swapped
pairs whose two games agree beyond chance (+0.2), Wilson's interval over games against
Wilson's over seeds (``clustered_rate``).

Prints, per game count, the lowest and the mean coverage over the cases, the share of
intervals of zero width and the mean width.

Run: nice -n 10 .venv/bin/python benchmarks/bench_intervals.py [--reps 1000]
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from analytics.intervals import clustered_rate, paired_interval
from analytics.synthetic import PAIRED_CASES, RateCase
from analytics.winrate import Z95, wilson

GAME_COUNTS = (20, 40, 100, 200)


def normal(units: np.ndarray) -> tuple[float, float]:
    """The former interval: mean plus or minus 1.96 standard errors over seeds."""
    half = Z95 * float(units.std(ddof=1)) / math.sqrt(len(units))
    return float(units.mean()) - half, float(units.mean()) + half


def paired_table(reps: int) -> None:
    """Coverage of the paired intervals, old and new."""
    print("paired differences: coverage of a 95% interval (lowest / mean over 5 cards)")
    print("opponents games | former: lowest mean zero-width | score: lowest mean  width")
    for opponents in (1, 3, 8):
        k = 2 * opponents
        for games in GAME_COUNTS:
            old, new, zero, width = [], [], 0, 0.0
            rng = np.random.default_rng(games * 100 + opponents)
            for case in PAIRED_CASES:
                hit_old = hit_new = 0
                for _ in range(reps):
                    units, changed = case.draw(rng, games // 2, k)
                    lo, hi = normal(units)
                    hit_old += lo <= case.truth <= hi
                    zero += hi - lo == 0
                    iv = paired_interval(list(units), k, discordant=list(changed))
                    hit_new += iv.lo <= case.truth <= iv.hi
                    width += iv.width
                old.append(hit_old / reps)
                new.append(hit_new / reps)
            total = reps * len(PAIRED_CASES)
            print(
                f"{opponents:>9} {games:>5} | {min(old):>13.1%} {np.mean(old):>5.1%} "
                f"{zero / total:>10.1%} | {min(new):>13.1%} {np.mean(new):>5.1%} "
                f"{width / total:>6.3f}"
            )


def rate_table(reps: int) -> None:
    """Coverage of a win rate over games and over seeds."""
    print("win rates of seat-swapped pairs (+0.2 agreement): coverage of a 95% interval")
    print("games | Wilson over games: lowest mean | Wilson over seeds: lowest mean")
    for games in GAME_COUNTS:
        per_game, per_seed = [], []
        rng = np.random.default_rng(games)
        for p in (0.5, 0.6, 0.8):
            case = RateCase(p, 0.2)
            a = b = 0
            for _ in range(reps):
                wins = case.draw(rng, games // 2)
                lo, hi = wilson(int(wins.sum()), games)
                a += lo <= p <= hi
                lo, hi = clustered_rate(dict(enumerate(wins)), dict.fromkeys(range(len(wins)), 2))
                b += lo <= p <= hi
            per_game.append(a / reps)
            per_seed.append(b / reps)
        print(
            f"{games:>5} | {min(per_game):>24.1%} {np.mean(per_game):>5.1%} | "
            f"{min(per_seed):>24.1%} {np.mean(per_seed):>5.1%}"
        )


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=1000)
    args = parser.parse_args()
    paired_table(args.reps)
    print()
    rate_table(args.reps)


if __name__ == "__main__":
    main()

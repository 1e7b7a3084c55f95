"""Stop when decided: a confidence sequence for the mean of bounded, independent units.

The unit is one seed's seat-swapped pair (both seats, every opponent), so the first-player
edge cancels inside it and units are independent. Values lie in ``[lo, hi]`` and are
rescaled to [0, 1]. The sequence is the predictable plug-in empirical-Bernstein confidence
sequence of Waudby-Smith and Ramdas ("Estimating means of bounded random variables by
betting", 2023, Theorem 2): with a running mean and variance estimate that use only the
units before each one, each unit gets a weight ``lambda_i``, and at every ``n``

    mean lies in  sum(lambda_i x_i) / sum(lambda_i)
                  +- (ln(2 / alpha) + sum(v_i psi(lambda_i))) / sum(lambda_i)

with ``v_i = 4 (x_i - running mean before i)^2`` and ``psi(l) = (-ln(1 - l) - l) / 4``.
The bound holds at every ``n`` at once (a supermartingale and Ville's inequality), so with
``alpha = 0.05`` the chance that the test ever stops on a wrong answer (a difference where
there is none, or the wrong sign) is at most 5%, however often it looks. It adapts to the
spread of the units (a paired difference is mostly 0), so a clear effect stops early; a
close one plays the whole budget, which is then also the fixed-budget answer. There is no
power guarantee below the budget.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

ALPHA = 0.05
"""The chance, over all looks together, of stopping on a wrong answer."""
MIN_LOOK_UNITS = 10
"""Look at the data after at least this many units (pairs of games)."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A confidence-sequence interval for the mean after ``n`` units."""

    n: int
    mean: float
    lo: float
    hi: float

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (the answer is settled)."""
        return value < self.lo or value > self.hi


LAMBDA_MAX = 0.5
"""The largest weight a unit gets (Waudby-Smith and Ramdas suggest 1/2 or 3/4)."""


def interval(
    values: Sequence[float], lo: float, hi: float, *, budget_units: int = 0, alpha: float = ALPHA
) -> Interval:
    """The time-uniform interval for the mean of ``values`` (each within ``[lo, hi]``).

    ``budget_units`` is accepted for symmetry with fixed-budget intervals and not used: the
    sequence needs no tuning to a sample size.

    >>> iv = interval([1.0] * 40, 0.0, 1.0)
    >>> iv.excludes(0.5), interval([1.0, 0.0] * 20, 0.0, 1.0).excludes(0.5)
    (True, False)
    """
    n = len(values)
    if n == 0:
        return Interval(0, float("nan"), lo, hi)
    width = hi - lo
    log_term = math.log(2 / alpha)
    total = sq = 0.0  # running sum of x and of squared deviations, before unit i
    sum_l = sum_lx = sum_vpsi = 0.0
    for i, raw in enumerate(values, start=1):
        x = (raw - lo) / width
        mean_before = (0.5 + total) / i
        var_before = (0.25 + sq) / i
        lam = min(LAMBDA_MAX, math.sqrt(2 * log_term / (var_before * i * math.log(i + 1))))
        v = 4 * (x - mean_before) ** 2
        sum_l += lam
        sum_lx += lam * x
        sum_vpsi += v * (-math.log(1 - lam) - lam) / 4
        total += x
        mean_now = (0.5 + total) / (i + 1)
        sq += (x - mean_now) ** 2
    centre = sum_lx / sum_l
    radius = (log_term + sum_vpsi) / sum_l
    mean = sum(values) / n
    return Interval(
        n,
        mean,
        max(lo, lo + width * (centre - radius)),
        min(hi, lo + width * (centre + radius)),
    )


def look_points(budget_units: int, looks: int = 10) -> list[int]:
    """Unit counts after which the test looks: about ``looks`` even steps, the budget last.

    >>> look_points(100), look_points(25)
    ([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], [10, 20, 25])
    """
    step = max(MIN_LOOK_UNITS, math.ceil(budget_units / looks))
    points = list(range(step, budget_units, step))
    return [*points, budget_units]


@dataclass(frozen=True, slots=True)
class Stop:
    """Where a sequential test stopped and what it saved."""

    units: int
    budget_units: int
    decided: bool

    @property
    def saved_fraction(self) -> float:
        """The share of the budget not played."""
        return 1 - self.units / self.budget_units if self.budget_units else 0.0


def run_stream(
    values: Sequence[float], lo: float, hi: float, null: float, *, alpha: float = ALPHA
) -> Stop:
    """Feed a stream of unit values through the test (the whole stream is the budget)."""
    budget = len(values)
    for n in look_points(budget):
        if interval(values[:n], lo, hi, alpha=alpha).excludes(null):
            return Stop(n, budget, True)
    return Stop(budget, budget, False)

"""Stop when decided: a confidence sequence for the mean of bounded, independent units.

The unit is one seed's seat-swapped pair (both seats, every opponent), so the first-player
edge cancels inside it and units are independent. Values lie in ``[lo, hi]``, hence are
sub-Gaussian with variance proxy ``sigma^2 = ((hi - lo) / 2)^2`` (Hoeffding's lemma). The
sequence is Robbins' normal mixture (Howard, Ramdas, McAuliffe and Sekhon 2021): with
``S_n`` the sum of the centred values and ``V_n = n sigma^2``,

    P(exists n: |S_n| >= sqrt((V_n + rho) * ln((V_n + rho) / (rho * alpha^2)))) <= alpha,

by Ville's inequality on the mixture martingale. So the intervals hold at every look at
once: with ``alpha = 0.05``, the chance that the test ever stops on the wrong answer (a
difference where there is none, or the wrong sign) is at most 5%, however often it looks.
``rho`` is fixed before any game (it makes the intervals tightest near a quarter of the
budget). It is conservative: it assumes the widest spread a bounded value can have, so a
clear effect stops early and a close one plays the whole budget (which is then also the
fixed-budget answer). There is no power guarantee below the budget.
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


def rho_for(budget_units: int, sigma: float) -> float:
    """The mixture's scale: tightest intervals near a quarter of the budget (at least 10)."""
    return sigma * sigma * max(MIN_LOOK_UNITS, budget_units / 4)


def interval(
    values: Sequence[float], lo: float, hi: float, *, budget_units: int, alpha: float = ALPHA
) -> Interval:
    """The time-uniform interval for the mean of ``values`` (each within ``[lo, hi]``).

    >>> iv = interval([1.0] * 40, 0.0, 1.0, budget_units=100)
    >>> iv.excludes(0.5), interval([1.0, 0.0] * 20, 0.0, 1.0, budget_units=100).excludes(0.5)
    (True, False)
    """
    n = len(values)
    if n == 0:
        return Interval(0, float("nan"), lo, hi)
    sigma = (hi - lo) / 2
    rho = rho_for(budget_units, sigma)
    v = n * sigma * sigma
    radius = math.sqrt((v + rho) * math.log((v + rho) / (rho * alpha * alpha))) / n
    mean = sum(values) / n
    return Interval(n, mean, max(lo, mean - radius), min(hi, mean + radius))


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
        if interval(values[:n], lo, hi, budget_units=budget, alpha=alpha).excludes(null):
            return Stop(n, budget, True)
    return Stop(budget, budget, False)

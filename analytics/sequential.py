"""Stop when decided: a group-sequential test over fixed looks, with alpha spending.

The unit is one seed (both seats, every opponent), so the first-player edge cancels inside
it and units are independent. The test looks at fixed unit counts (:func:`look_points`:
about ten even steps, the budget last), so where a study stops depends on the seeds alone.

At each look it spends part of its error rate, following the Lan-DeMets spending function
of O'Brien-Fleming type, ``alpha(t) / 2 = 2 - 2 Phi(z_{alpha/4} / sqrt(t))`` on each side at
the share ``t`` of the budget looked at: almost nothing at the first looks, most at the last.
The critical value of each look (:func:`boundaries`) is the one at which the chance of a first
crossing there, under no difference, is the error spent there, computed by numerical
integration of the joint law of the looks' statistics (Jennison and Turnbull, "Group
Sequential Methods", 2000, chapter 19). A look decides when the interval at its critical
value (:mod:`analytics.intervals`, the same score interval as a fixed budget uses) excludes
the null; these repeated confidence intervals hold the truth at every look at once with
probability 95%, so the chance that the test ever stops on a wrong answer (a difference
where there is none, or the wrong sign) is at most 5%. The last look's critical value is
close to the fixed-budget one (2.08 against 1.96 with ten looks), so the test keeps nearly
all of a fixed test's power and stops a clear difference early.

A close call plays the whole budget, and its answer there is the sequential test's: its
interval is a little wider than a fixed-budget interval on the same games, and may hold
the null where the fixed one would not. Figures: ``benchmarks/bench_sequential.py``.

Several tests at once (every card of ``impact --all``, every policy of ``mulligan-test``)
share the error rate by Holm's procedure carried through the looks (Maurer and Bretz,
"Multiple testing in group sequential trials using graphical approaches", 2013): each open
test gets ``alpha / open tests``, and a decided test gives its share to the others.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from analytics.intervals import MeanInterval, holm, p_value, paired_interval, rate_interval

ALPHA = 0.05
"""The chance, over all looks together, of stopping on a wrong answer."""
MIN_LOOK_UNITS = 10
"""Look at the data after at least this many units (pairs of games)."""
FIXED_NOTE = "95% score intervals over seeds (each seed: both seats against every opponent)"
"""The fixed-budget test in words, as every answer names it."""
SEQUENTIAL_NOTE = (
    "sequential test: a group-sequential design over up to 10 fixed looks with "
    "O'Brien-Fleming alpha spending (Lan-DeMets); its repeated 95% intervals hold at every "
    "look, so the chance it ever stops on a wrong answer is at most 5%"
)
"""The sequential test in words, as every answer names it."""
_NORMAL = NormalDist()
_GRID = 801

Interval = MeanInterval


def look_points(budget_units: int, looks: int = 10) -> list[int]:
    """Unit counts after which the test looks: about ``looks`` even steps, the budget last.

    >>> look_points(100), look_points(25)
    ([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], [10, 20, 25])
    """
    step = max(MIN_LOOK_UNITS, math.ceil(budget_units / looks))
    points = list(range(step, budget_units, step))
    return [*points, budget_units]


def spent(t: float, alpha: float = ALPHA) -> float:
    """Error rate spent by the share ``t`` of the budget (O'Brien-Fleming type).

    >>> spent(1.0) == 0.05, spent(0.1) < 1e-9
    (True, True)
    """
    if t <= 0:
        return 0.0
    if t >= 1:
        return alpha
    # each side spends Lan-DeMets' one-sided O'Brien-Fleming function at alpha / 2
    return min(alpha, 4 * (1 - _NORMAL.cdf(_NORMAL.inv_cdf(1 - alpha / 4) / math.sqrt(t))))


_erfc = np.frompyfunc(math.erfc, 1, 1)


def _cdf(x: np.ndarray) -> np.ndarray:
    out: np.ndarray = 0.5 * np.asarray(_erfc(-x / math.sqrt(2)), dtype=float)
    return out


@functools.lru_cache(maxsize=256)
def boundaries(points: tuple[int, ...], alpha: float = ALPHA) -> tuple[float, ...]:
    """Each look's two-sided critical value for looks after ``points`` units.

    >>> [round(c, 2) for c in boundaries((1, 2, 3, 4, 5))]
    [4.88, 3.36, 2.68, 2.29, 2.03]
    """
    total = points[-1]
    times = [p / total for p in points]
    out: list[float] = []
    grid = np.zeros(1)
    density = np.ones(1)  # density of the running sum S (variance t) on ``grid``
    prev_t = 0.0
    for k, t in enumerate(times):
        target = spent(t, alpha) - spent(prev_t, alpha)
        if k == 0:
            c = _NORMAL.inv_cdf(1 - max(target, 1e-300) / 2) if target > 0 else 40.0
        else:
            c = _solve(target, t, grid, density * _simpson(grid), math.sqrt(t - prev_t))
        out.append(c)
        b = c * math.sqrt(t)
        new_grid = np.linspace(-b, b, _GRID)
        if k == 0:
            density = np.exp(-(new_grid**2) / (2 * t)) / math.sqrt(2 * math.pi * t)
        else:
            sd = math.sqrt(t - prev_t)
            kernel = np.exp(-((new_grid[:, None] - grid[None, :]) ** 2) / (2 * sd * sd))
            density = kernel @ (density * _simpson(grid)) / (sd * math.sqrt(2 * math.pi))
        grid, prev_t = new_grid, t
    return tuple(out)


def _simpson(grid: np.ndarray) -> np.ndarray:
    """Simpson weights on an evenly spaced grid of odd length."""
    n = len(grid)
    h = (grid[-1] - grid[0]) / (n - 1) if n > 1 else 1.0
    w = np.ones(n)
    w[1:-1:2], w[2:-1:2] = 4.0, 2.0
    result: np.ndarray = w * h / 3
    return result


def _solve(target: float, t: float, grid: np.ndarray, weights: np.ndarray, sd: float) -> float:
    """The critical value at time ``t`` whose chance of a first crossing is ``target``, the
    running sum at the last look having ``weights`` on ``grid`` (bisection)."""
    if target <= 0:
        return 40.0
    low, high = 0.0, 40.0
    for _ in range(60):
        mid = (low + high) / 2
        b = mid * math.sqrt(t)
        chance = float(weights @ (_cdf((-b - grid) / sd) + 1 - _cdf((b - grid) / sd)))
        if chance > target:
            low = mid
        else:
            high = mid
    return high


def critical(look_units: int, budget_units: int, alpha: float = ALPHA) -> float:
    """The critical value of the look after ``look_units`` units of a ``budget_units`` budget
    (the fixed-budget 1.96 for a budget too small for a second look).

    >>> round(critical(200, 200), 2), round(critical(20, 200), 2)
    (2.08, 6.99)
    """
    points = look_points(budget_units)
    if look_units not in points:
        look_units = max([p for p in points if p <= look_units] or [points[0]])
    return boundaries(tuple(points), alpha)[points.index(look_units)]


def paired_test(
    units: Sequence[float],
    games_per_unit: float,
    *,
    look_units: int,
    budget_units: int,
    alpha: float = ALPHA,
    discordant: Sequence[float] | None = None,
) -> MeanInterval:
    """The repeated confidence interval of a paired difference at a look."""
    z = critical(look_units, budget_units, alpha)
    return paired_interval(units, games_per_unit, z=z, discordant=discordant)


def rate_test(
    units: Sequence[float],
    games_per_unit: float,
    *,
    look_units: int,
    budget_units: int,
    alpha: float = ALPHA,
    extra: float = 0.0,
) -> MeanInterval:
    """The repeated confidence interval of a win rate (units in [0, 1]) at a look."""
    z = critical(look_units, budget_units, alpha)
    return rate_interval(units, games_per_unit, z=z, extra=extra)


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
    values: Sequence[float],
    lo: float,
    hi: float,
    null: float,
    *,
    games_per_unit: float = 2,
    alpha: float = ALPHA,
    discordant: Sequence[float] | None = None,
) -> Stop:
    """Feed a stream of unit values through the test (the whole stream is the budget);
    ``[lo, hi]`` is ``[0, 1]`` for win rates, ``[-1, 1]`` for paired differences (with each
    unit's ``discordant`` share of changed games)."""
    budget = len(values)
    for n in look_points(budget):
        head = values[:n]
        if lo < 0:
            iv = paired_test(
                head, games_per_unit, look_units=n, budget_units=budget, alpha=alpha,
                discordant=None if discordant is None else discordant[:n],
            )  # fmt: skip
        else:
            iv = rate_test(head, games_per_unit, look_units=n, budget_units=budget, alpha=alpha)
        if iv.excludes(null):
            return Stop(n, budget, True)
    return Stop(budget, budget, False)


@dataclass(frozen=True, slots=True)
class Units:
    """One test's units at a look: paired differences per seed, the share of each seed's
    games that changed, and the games per seed."""

    values: list[float]
    discordant: list[float]
    games_per_unit: float
    games: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a test of a family says: its interval where it stopped and its decision."""

    interval: MeanInterval
    decided: bool
    """The difference is not zero, at the family's error rate (Holm)."""
    negligible: bool
    """Stopped early: its interval lies within plus or minus the swing that matters."""
    look_units: int
    """Units at the look where it stopped (the last look it was tested at otherwise)."""
    games: int
    p_holm: float | None = None
    """Holm-adjusted p-value (fixed budget only)."""


def family(
    keys: Sequence[str],
    units_at: Callable[[str, int], Units],
    points: Sequence[int],
    budget_units: int,
    *,
    sequential: bool,
    alpha: float = ALPHA,
    swing: float | None = None,
) -> dict[str, Verdict]:
    """Test ``H0: difference 0`` for every key, the error rate shared by Holm.

    Fixed budget (``sequential`` false): one look at ``points[-1]``, a 95% interval per key
    and Holm-adjusted p-values; a key is decided when its adjusted p-value is below
    ``alpha``. Sequential: the looks in ``points`` are walked in order; at each look every
    open key is tested at ``alpha / keys not yet decided`` (decisions at a look free their
    share for the others at once), and an open key whose interval lies within
    ``(-swing, swing)`` stops as negligible.
    """
    if not keys:
        return {}
    if not sequential:
        last = points[-1]
        found = {k: units_at(k, last) for k in keys}
        p = [p_value(u.values, u.games_per_unit, discordant=u.discordant) for u in found.values()]
        adjusted = holm(p)
        out = {}
        for (key, u), q in zip(found.items(), adjusted, strict=True):
            iv = paired_interval(u.values, u.games_per_unit, discordant=u.discordant)
            out[key] = Verdict(iv, q < alpha, False, last, u.games, q)
        return out
    verdicts: dict[str, Verdict] = {}
    stopped: set[str] = set()
    rejected: set[str] = set()
    for point in points:
        found = {k: units_at(k, point) for k in keys if k not in stopped}
        fresh = True
        while fresh:
            fresh = False
            level = alpha / max(1, len(keys) - len(rejected))
            for key, u in found.items():
                if key in stopped:
                    continue
                iv = paired_test(
                    u.values, u.games_per_unit, look_units=point, budget_units=budget_units,
                    alpha=level, discordant=u.discordant,
                )  # fmt: skip
                verdicts[key] = Verdict(iv, False, False, point, u.games)
                if u.values and iv.excludes(0.0):
                    verdicts[key] = Verdict(iv, True, False, point, u.games)
                    rejected.add(key)
                    stopped.add(key)
                    fresh = True
        for key in found:
            v = verdicts[key]
            if key in stopped or swing is None or not v.interval.n:
                continue
            if -swing < v.interval.lo and v.interval.hi < swing:
                verdicts[key] = Verdict(v.interval, False, True, point, v.games)
                stopped.add(key)
    return verdicts


def holm_note(tests: int) -> str:
    """How a family of tests shares its error rate, in words."""
    if tests <= 1:
        return "one test: error rate 5%"
    return f"decided by Holm's procedure over {tests} tests: family-wise error rate 5%"

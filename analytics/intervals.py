"""Intervals whose seed is the unit: paired differences, clustered win rates, Holm.

Games on one seed share their shuffles (the two seats, and every opponent a study meets on
that seed), so their results correlate and a seed, not a game, is the independent unit.

The interval of a mean over units is a score interval: ``delta`` is inside when

    n (mean - delta)^2  <=  z^2 max(s^2 + (mean - delta)^2, floor(delta))

with ``s^2`` the units' spread around their mean (divided by ``n``). The first term is the
units' own spread measured around ``delta`` (a score test's variance, evaluated at the
value tested rather than at the estimate), which makes the interval a little wider than a
t-interval at a handful of units. The floor is the least spread a mean of ``delta`` can
have when each game scores 0 or 1 (or differs by -1, 0 or +1), over the games of a unit:
``delta (1 - delta) / k`` for a win rate, ``|delta| (1 - |delta|) / k`` for a paired
difference. It keeps the interval from collapsing to zero width when every unit is the
same (a card that changed no game, a deck that won every game), where it behaves like
Wilson's and Tango's score intervals on the games. Coverage is shown by simulation in
``tests/analytics/test_intervals.py`` and ``benchmarks/bench_intervals.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""
GRID = 2001
"""Points on which a score interval is searched before its ends are refined."""

Floor = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True, slots=True)
class MeanInterval:
    """A mean over ``n`` units with its interval."""

    n: int
    mean: float
    lo: float
    hi: float

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval."""
        return value < self.lo or value > self.hi

    @property
    def width(self) -> float:
        """``hi - lo``."""
        return self.hi - self.lo


def score_interval(
    units: Sequence[float], lo: float, hi: float, floor: Floor, *, z: float = Z95, extra: float = 0
) -> MeanInterval:
    """The score interval for the mean of ``units`` (each within ``[lo, hi]``).

    ``floor(delta)`` is the least variance of one unit whose mean is ``delta``; ``extra`` a
    variance of the mean known from elsewhere (added to the units' own, e.g. the field's
    shares). The interval is the run of accepted values around the mean.
    """
    n = len(units)
    if n == 0:
        return MeanInterval(0, math.nan, lo, hi)
    x = np.asarray(units, dtype=float)
    mean = float(x.mean())
    spread = float(((x - mean) ** 2).mean())
    grid = np.linspace(lo, hi, GRID)

    def accepted(delta: np.ndarray) -> np.ndarray:
        d2 = (mean - delta) ** 2
        var = np.maximum(spread + d2, floor(delta)) / n + extra
        result: np.ndarray = d2 <= z * z * var
        return result

    ok = accepted(grid)
    centre = int(np.clip(np.searchsorted(grid, mean), 0, GRID - 1))
    if not ok[centre]:  # the grid point nearest the mean was refused: start at the mean
        ok[centre] = True
    left = centre
    while left > 0 and ok[left - 1]:
        left -= 1
    right = centre
    while right < GRID - 1 and ok[right + 1]:
        right += 1
    low = lo if left == 0 else _edge(accepted, float(grid[left - 1]), float(grid[left]))
    high = hi if right == GRID - 1 else _edge(accepted, float(grid[right + 1]), float(grid[right]))
    return MeanInterval(n, mean, float(min(low, mean)), float(max(high, mean)))


def _edge(accepted: Callable[[np.ndarray], np.ndarray], out: float, inside: float) -> float:
    """The accepted end between a refused and an accepted value, on a finer grid."""
    fine = np.linspace(out, inside, GRID)
    ok = accepted(fine)
    return float(fine[int(np.argmax(ok))])  # the first accepted from the refused side


def rate_floor(games_per_unit: float) -> Floor:
    """The least variance of a unit of ``k`` win/loss games with win rate ``delta``."""
    k = max(games_per_unit, 1.0)

    def floor(delta: np.ndarray) -> np.ndarray:
        result: np.ndarray = np.clip(delta * (1 - delta), 0, None) / k
        return result

    return floor


def difference_floor(games_per_unit: float) -> Floor:
    """The least variance of a unit of ``k`` paired games whose mean difference is ``delta``."""
    k = max(games_per_unit, 1.0)

    def floor(delta: np.ndarray) -> np.ndarray:
        a = np.abs(delta)
        result: np.ndarray = np.clip(a * (1 - a), 0, None) / k
        return result

    return floor


def paired_interval(
    units: Sequence[float],
    games_per_unit: float,
    *,
    z: float = Z95,
    discordant: Sequence[float] | None = None,
) -> MeanInterval:
    """The interval of a mean paired difference over seeds (each in [-1, 1]).

    ``discordant`` is each unit's share of games whose results differ (the mean of
    ``|difference|``). The floor counts the games of a seed as
    ``games_per_unit / design effect`` independent ones, the design effect measured on
    those shares: games of one seed change together when the card's copy sits where all
    of them draw it. With no game changed (or no shares given), a seed counts as one game;
    while only ``m`` seeds changed, as at most ``1 + m`` games (a measure from a few seeds
    cannot tell how a seed's games move together).

    >>> iv = paired_interval([0.0] * 10, 2)
    >>> round(float(iv.lo), 3), round(float(iv.hi), 3), bool(iv.width > 0)
    (-0.278, 0.278, True)
    >>> round(float(paired_interval([0.0] * 10, 2, discordant=[0.5, 0.5] + [0.0] * 8).hi), 3)
    0.161
    """
    k = max(games_per_unit, 1.0)
    deff = k
    if discordant is not None and any(discordant):
        seeds = sum(1 for a in discordant if a > 0)
        measured = design_effect([a * k for a in discordant], [round(k)] * len(discordant))
        deff = max(measured, k / (1 + seeds))  # few changed seeds tell little of how they move
    return score_interval(units, -1.0, 1.0, difference_floor(k / deff), z=z)


def rate_interval(
    units: Sequence[float], games_per_unit: float, *, z: float = Z95, extra: float = 0.0
) -> MeanInterval:
    """The interval of a mean score over seeds (each in [0, 1]).

    >>> iv = rate_interval([1.0] * 10, 2)
    >>> round(float(iv.lo), 3), float(iv.hi)
    (0.839, 1.0)
    """
    return score_interval(units, 0.0, 1.0, rate_floor(games_per_unit), z=z, extra=extra)


def p_value(
    units: Sequence[float],
    games_per_unit: float,
    null: float = 0.0,
    discordant: Sequence[float] | None = None,
) -> float:
    """The two-sided p-value of "the mean paired difference is ``null``": the largest error
    rate at whose level the interval still holds ``null``.

    >>> round(p_value([0.5] * 8 + [0.0] * 12, 2), 4) < 0.01, p_value([0.0] * 20, 2)
    (True, 1.0)
    """

    def excludes(z: float) -> bool:
        iv = paired_interval(units, games_per_unit, z=z, discordant=discordant)
        return iv.excludes(null)

    if not units or not excludes(0.0):
        return 1.0
    low, high = 0.0, 40.0  # z where the interval excludes null / holds it
    if excludes(high):
        return 0.0
    for _ in range(50):
        mid = (low + high) / 2
        if excludes(mid):
            low = mid
        else:
            high = mid
    return 2 * (1 - NormalDist().cdf(low))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values: a test is decided at family-wise error rate
    ``alpha`` when its adjusted p-value is below ``alpha``, whatever the other tests.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.09, 0.09, 0.5]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = running
    return out


def clustered_rate(
    wins_by_unit: Mapping[int, float], games_by_unit: Mapping[int, int], *, z: float = Z95
) -> tuple[float, float]:
    """Wilson's interval with the seed as the unit: the games' count shrunk by the design
    effect of the seeds (their wins' spread over a binomial one's, between 1 and the games
    per seed), so correlated games of one seed count as less than independent ones.

    >>> both = {1: 2, 2: 0, 3: 2, 4: 0}  # each seed won or lost both seats: 4 games, not 8
    >>> clustered_rate(both, dict.fromkeys(both, 2)) == wilson_float(2, 4)
    True
    """
    from analytics.winrate import wilson

    keys = [k for k in games_by_unit if games_by_unit[k] > 0]
    n = sum(games_by_unit[k] for k in keys)
    if n == 0:
        return (0.0, 1.0)
    wins = sum(wins_by_unit.get(k, 0.0) for k in keys)
    deff = design_effect([wins_by_unit.get(k, 0.0) for k in keys], [games_by_unit[k] for k in keys])
    n_eff = n / deff
    return wilson_float(wins / n * n_eff, n_eff, z) if deff > 1 else wilson(round(wins), n, z)


def design_effect(wins: Sequence[float], games: Sequence[int]) -> float:
    """The variance of a ratio of wins to games over units, against a binomial's (at least 1,
    at most the mean games per unit).

    >>> design_effect([2, 0, 2, 0], [2, 2, 2, 2]), design_effect([1, 1, 1, 1], [2, 2, 2, 2])
    (2.0, 1.0)
    """
    m = len(games)
    n = sum(games)
    if m < 2 or n == 0:
        return 1.0
    p = sum(wins) / n
    if p <= 0 or p >= 1:
        return 1.0
    mean_games = n / m
    resid = sum((w - p * g) ** 2 for w, g in zip(wins, games, strict=True))
    var_ratio = resid / (m - 1) * m / n**2  # the ratio estimator's variance
    binomial = p * (1 - p) / n
    return float(min(max(var_ratio / binomial, 1.0), mean_games))


def wilson_float(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a (possibly fractional, effective) count.

    >>> [round(x, 4) for x in wilson_float(50, 100)]
    [0.4038, 0.5962]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))

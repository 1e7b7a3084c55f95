"""What a matchup matrix predicts for real top 8s: placings simulated inside each top 8.

A tournament's top 8 is known from the record (who finished 1st to 8th and with which
archetype). If a win-rate matrix were the truth, the archetypes' ranks inside those same top
8s would follow from it: each replicate plays four Swiss rounds among the entries (pairs of
equal score, no rematch where one can be avoided, a bye for an odd entry), ranks them by
wins, then by their opponents' wins, then by lot, and reads every archetype's mean rank. An
entry of an archetype outside the matrix wins half its games. Comparing the record's spread
of archetype mean ranks with the replicates' tells whether the record could come from the
matrix; a matrix far more lopsided than real play implies a spread the record never shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analytics.calibration import OTHER, Event, spearman

ROUNDS = 4
"""Swiss rounds played among a top 8 in each replicate."""


@dataclass(frozen=True, slots=True)
class RankTest:
    """The record's archetype mean ranks beside what the matrix implies for them."""

    record_means: np.ndarray
    """Each archetype's mean rank in the record."""
    finishes: np.ndarray
    """Each archetype's entries in the events used."""
    sim_means: np.ndarray
    """Each replicate's archetype mean ranks (replicates x archetypes)."""
    prediction: float
    """:func:`prediction_rho` of the simulated placings."""

    @property
    def record_spread(self) -> float:
        """The standard deviation of the record's archetype mean ranks."""
        return spread(self.record_means)

    @property
    def sim_spreads(self) -> np.ndarray:
        """Each replicate's spread of archetype mean ranks."""
        return np.array([spread(row) for row in self.sim_means])

    def band(self, low: float = 5.0, high: float = 95.0) -> tuple[float, float]:
        """The ``low``-``high`` percentile band of the simulated spreads."""
        s = self.sim_spreads
        return float(np.percentile(s, low)), float(np.percentile(s, high))

    @property
    def z(self) -> np.ndarray:
        """Each archetype's record mean rank in standard deviations of the simulated one
        (positive: placed worse than the matrix predicts)."""
        sd = self.sim_means.std(axis=0)
        diff = self.record_means - self.sim_means.mean(axis=0)
        with np.errstate(divide="ignore", invalid="ignore"):
            certain = np.where(diff == 0, 0.0, np.copysign(np.inf, diff))
            return np.where(sd > 0, diff / sd, certain)


def spread(means: np.ndarray) -> float:
    """The standard deviation (population) of archetype mean ranks.

    >>> spread(np.array([4.0, 5.0]))
    0.5
    """
    return float(np.std(means))


def swiss_placings(
    archetypes: Sequence[int], rates: np.ndarray, u: np.ndarray, lots: np.ndarray
) -> np.ndarray:
    """The placings (1 = first) of one replicate of :data:`ROUNDS` Swiss rounds.

    ``rates[a, b]`` is archetype ``a``'s win rate against ``b``; ``u`` (rounds x entries)
    are the uniform draws that decide the games (the lower-seated entry of a pair wins when
    its draw is below its win rate), ``lots`` (entries) break every tie. The same draws
    under two matrices give the same pairings until a game goes the other way, so
    comparing matrices on shared draws is smooth.
    """
    n = len(archetypes)
    wins = np.zeros(n, dtype=int)
    met: list[set[int]] = [set() for _ in range(n)]
    for r in range(ROUNDS):
        order = sorted(range(n), key=lambda i: (-wins[i], lots[i]))
        if n % 2:  # the lowest entry that has not had a bye yet takes it
            bye = next((i for i in reversed(order) if -1 not in met[i]), order[-1])
            order.remove(bye)
            met[bye].add(-1)
            wins[bye] += 1
        while order:
            a = order.pop(0)
            b = next((x for x in order if x not in met[a]), order[0])
            order.remove(b)
            met[a].add(b)
            met[b].add(a)
            if u[r, a] < _rate(rates, archetypes[a], archetypes[b]):
                wins[a] += 1
            else:
                wins[b] += 1
    buchholz = [sum(wins[o] for o in met[i] if o >= 0) for i in range(n)]
    order = sorted(range(n), key=lambda i: (-wins[i], -buchholz[i], lots[i]))
    places = np.empty(n, dtype=int)
    places[order] = np.arange(1, n + 1)
    return places


def _rate(rates: np.ndarray, a: int, b: int) -> float:
    if OTHER in (a, b) or a == b:
        return 0.5
    return float(rates[a, b])


def record_means(events: Sequence[Event], count: int) -> tuple[np.ndarray, np.ndarray]:
    """Each of ``count`` archetypes' mean rank in ``events`` and its number of entries."""
    total, seen = np.zeros(count), np.zeros(count)
    for e in events:
        for rank, a in zip(e.ranks, e.archetypes, strict=True):
            if a != OTHER:
                total[a] += rank
                seen[a] += 1
    return total / np.where(seen > 0, seen, np.nan), seen


def simulate_placings(
    events: Sequence[Event], rates: np.ndarray, replicates: int = 200, seed: int = 0
) -> list[np.ndarray]:
    """Placings of every event's entries in each replicate (one array replicates x entries
    per event); replicate ``k`` of event ``e`` draws from a stream seeded by (seed, e, k),
    so any matrix meets the same draws."""
    out = []
    for e_index, e in enumerate(events):
        n = len(e.archetypes)
        placed = np.empty((replicates, n), dtype=int)
        for k in range(replicates):
            rng = np.random.default_rng((seed, e_index, k))
            u = rng.random((ROUNDS, n))
            lots = rng.permutation(n)
            placed[k] = swiss_placings(e.archetypes, rates, u, lots)
        out.append(placed)
    return out


def rank_test(
    events: Sequence[Event], rates: np.ndarray, replicates: int = 200, seed: int = 0
) -> RankTest:
    """The record's archetype mean ranks and those of ``replicates`` simulated top 8s."""
    count = len(rates)
    means, seen = record_means(events, count)
    placings = simulate_placings(events, rates, replicates, seed)
    total = np.zeros((replicates, count))
    for e, placed in zip(events, placings, strict=True):
        for j, a in enumerate(e.archetypes):
            if a != OTHER:
                total[:, a] += placed[:, j]
    sim = total / np.where(seen > 0, seen, np.nan)
    return RankTest(means, seen, sim, prediction_rho(events, placings))


def shuffled_spreads(
    events: Sequence[Event], count: int, samples: int = 200, seed: int = 0
) -> np.ndarray:
    """The spread of archetype mean ranks with the archetype labels of all entries shuffled:
    the spread that chance alone gives these finish counts."""
    rng = np.random.default_rng(seed)
    labels = np.array([a for e in events for a in e.archetypes])
    ranks = np.array([r for e in events for r in e.ranks], dtype=float)
    out = np.empty(samples)
    for k in range(samples):
        shuffled = rng.permutation(labels)
        out[k] = spread(np.array([ranks[shuffled == a].mean() for a in range(count)]))
    return out


def prediction_rho(events: Sequence[Event], placings: Sequence[np.ndarray]) -> float:
    """How well the matrix predicts placings inside a top 8: Spearman's correlation of each
    entry's mean simulated placing with its real rank, averaged over the events (entries
    of archetypes outside the matrix left out; an event with fewer than 3 such entries, or
    constant predictions, is skipped)."""
    rhos = []
    for e, placed in zip(events, placings, strict=True):
        inside = [j for j, a in enumerate(e.archetypes) if a != OTHER]
        if len(inside) < 3:
            continue
        rho = spearman(placed[:, inside].mean(axis=0).tolist(), [e.ranks[j] for j in inside])
        if not np.isnan(rho):
            rhos.append(rho)
    return float(np.mean(rhos)) if rhos else float("nan")

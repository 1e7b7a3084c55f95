"""From the bots' win rate to an estimate of the real-play win rate: a shrink toward 50%.

The record gives no matchup results, only who placed above whom inside each top 8. The
map is one factor ``k`` on the logit scale, ``real = sigmoid(k * logit(raw))``: ``k = 1``
trusts the simulator, ``k = 0`` says archetypes do not matter. It is fitted to the record:
for each ``k`` of a grid the raw matrix, shrunk, is played through every top 8 of the
record (:mod:`analytics.topeight`, the same draws for every ``k``) and each pair of entries
scores the chance that the shrunk matrix places them in the record's order; the fit is the
``k`` with the highest total (a composite likelihood over pairs). Leave-one-tournament-out
validation fits ``k`` without each tournament and scores that tournament with it. The
interval resamples the tournaments (a bootstrap over whole top 8s, since pairs of one top 8
are not independent): the 2.5% and 97.5% points of the refitted ``k``, which stays honest
when the fit sits at the edge ``k = 0``. ``benchmarks/calibration.py --fit``
writes the map to ``analytics/data/calibration_map.json``; the commands and pages that
show a matchup read it with :func:`load_map`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources

import numpy as np

from analytics.calibration import OTHER, Event
from analytics.topeight import simulate_placings

GRID = tuple(round(0.05 * i, 2) for i in range(21))
"""The shrink factors tried, 0 to 1 in steps of 0.05."""
BOOTSTRAP = 2000
"""Resamples of the tournaments for the interval of ``k``."""


@dataclass(frozen=True, slots=True)
class ShrinkMap:
    """A fitted shrink factor with its interval and how it was validated."""

    k: float
    low: float
    high: float
    agent: str
    games: int
    events: int
    pairs: int
    heldout: dict[str, float]
    """Mean held-out log-likelihood per pair: ``fitted`` (each tournament scored with the
    ``k`` fitted without it), ``raw`` (k = 1) and ``flat`` (k = 0)."""

    def apply(self, rate: float) -> float:
        """The estimate of the real-play win rate for a simulated ``rate``."""
        return shrink(rate, self.k)

    def band(self, rate: float) -> tuple[float, float]:
        """The estimate at both ends of the interval of ``k``."""
        a, b = shrink(rate, self.low), shrink(rate, self.high)
        return min(a, b), max(a, b)


def shrink(rate: float, k: float) -> float:
    """``sigmoid(k * logit(rate))``; 0 and 1 are taken as 0.5% and 99.5%.

    >>> shrink(0.8, 1.0), shrink(0.8, 0.0), round(shrink(0.8, 0.5), 3)
    (0.8, 0.5, 0.667)
    """
    p = min(max(rate, 0.005), 0.995)
    if k == 1.0:
        return rate
    return 1.0 / (1.0 + math.exp(-k * math.log(p / (1 - p))))


def shrink_matrix(rates: np.ndarray, k: float) -> np.ndarray:
    """Every cell shrunk by ``k``; NaN cells (the diagonal) stay NaN."""
    p = np.clip(rates, 0.005, 0.995)
    out = 1.0 / (1.0 + np.exp(-k * np.log(p / (1 - p))))
    return np.where(np.isnan(rates), np.nan, out)


def pair_loglik(
    events: Sequence[Event], rates: np.ndarray, replicates: int, seed: int = 0
) -> np.ndarray:
    """Per event, the log-likelihood of the record's order of each pair of its entries (at
    least one of them in the matrix) under ``rates``: the share of ``replicates`` simulated
    top 8s placing them that way (add-half smoothed)."""
    placings = simulate_placings(events, np.nan_to_num(rates, nan=0.5), replicates, seed)
    out = np.zeros(len(events))
    for e_index, (e, placed) in enumerate(zip(events, placings, strict=True)):
        for i, j in _pairs(e):
            above = e.ranks[i] < e.ranks[j]
            wins = float(np.sum(placed[:, i] < placed[:, j]))
            share = (wins + 0.5) / (replicates + 1)
            out[e_index] += math.log(share if above else 1 - share)
    return out


def _pairs(e: Event) -> list[tuple[int, int]]:
    n = len(e.archetypes)
    return [
        (i, j)
        for i in range(n)
        for j in range(i + 1, n)
        if e.ranks[i] != e.ranks[j] and (e.archetypes[i] != OTHER or e.archetypes[j] != OTHER)
    ]


def fit_shrink(
    events: Sequence[Event],
    rates: np.ndarray,
    *,
    agent: str,
    games: int,
    replicates: int = 400,
    seed: int = 0,
    grid: Sequence[float] = GRID,
) -> ShrinkMap:
    """The shrink factor the record supports best, its bootstrap interval over tournaments
    and its leave-one-tournament-out score (see the module docstring)."""
    table = np.array([pair_loglik(events, shrink_matrix(rates, k), replicates, seed)
                      for k in grid]).T  # fmt: skip  # events x grid
    total = table.sum(axis=0)
    best = int(np.argmax(total))
    held = np.empty(len(events))
    for e in range(len(events)):
        without = int(np.argmax(total - table[e]))
        held[e] = table[e, without]
    n = len(events)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, n, size=(BOOTSTRAP, n))
    refits = np.array(grid)[np.argmax(table[picks].sum(axis=1), axis=1)]
    low, high = (float(x) for x in np.percentile(refits, [2.5, 97.5]))
    k = float(grid[best])
    pairs = sum(len(_pairs(e)) for e in events)
    index = {round(g, 6): i for i, g in enumerate(grid)}
    heldout = {"fitted": float(held.sum()) / pairs}
    for name, value in (("raw", 1.0), ("flat", 0.0)):
        if value in index:
            heldout[name] = float(table[:, index[value]].sum()) / pairs
    return ShrinkMap(
        k=k, low=min(low, k), high=max(high, k), agent=agent, games=games, events=n,
        pairs=pairs, heldout=heldout,
    )  # fmt: skip


def to_json(m: ShrinkMap) -> str:
    """The map as the JSON :func:`load_map` reads."""
    return json.dumps(asdict(m), indent=2) + "\n"


@cache
def load_map() -> ShrinkMap | None:
    """The committed map (``analytics/data/calibration_map.json``), or ``None`` if absent."""
    path = resources.files("analytics").joinpath("data", "calibration_map.json")
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return ShrinkMap(**data)


@dataclass(frozen=True, slots=True)
class RealPlay:
    """The estimate of a real-play win rate, with the band the interval of ``k`` gives."""

    rate: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float]:
        """Rounded for JSON."""
        return {"rate": round(self.rate, 4), "low": round(self.low, 4), "high": round(self.high, 4)}

    def text(self) -> str:
        """``57% (53%-61%)``."""
        return f"{self.rate:.0%} ({self.low:.0%}-{self.high:.0%})"


def real_play(rate: float | None) -> RealPlay | None:
    """The committed map's estimate for a simulated win rate; ``None`` without a map or a
    rate."""
    return field_real_play([rate], [1.0])


def field_real_play(rates: Sequence[float | None], weights: Sequence[float]) -> RealPlay | None:
    """The estimate for a score against a field: each matchup's rate shrunk, then averaged
    with ``weights``; ``None`` without a map, or when a rate is missing."""
    m = load_map()
    known = [r for r in rates if r is not None and not math.isnan(r)]
    total = float(sum(weights))
    if m is None or len(known) != len(rates) or not known or total <= 0:
        return None
    w = [x / total for x in weights]
    bands = [m.band(r) for r in known]
    return RealPlay(
        sum(x * m.apply(r) for x, r in zip(w, known, strict=True)),
        sum(x * b[0] for x, b in zip(w, bands, strict=True)),
        sum(x * b[1] for x, b in zip(w, bands, strict=True)),
    )


def real_play_note() -> str:
    """One line saying where the estimate comes from (or that there is no map)."""
    m = load_map()
    if m is None:
        return "No calibration map is installed: only the bots' own win rates are shown."
    return (
        f"Real-play estimate: the bots' win rate shrunk toward 50% on the logit scale by "
        f"k = {m.k:.2f} (95% interval {m.low:.2f}-{m.high:.2f}), fitted to who placed above "
        f"whom in {m.events} real top 8s and checked leaving one tournament out "
        f"(docs/calibration.md)."
        + (" At this k the record cannot tell any matchup from an even one."
           if m.low <= 0.0 else "")
    )  # fmt: skip


def real_play_matrix(
    rates: np.ndarray,
) -> tuple[list[list[RealPlay | None]], list[RealPlay | None]]:
    """Each cell's estimate (row against column; the diagonal and empty cells ``None``) and
    each row's estimated score against the other decks, weighted equally."""
    n = len(rates)
    cells = [[None if i == j or np.isnan(rates[i, j]) else real_play(float(rates[i, j]))
              for j in range(n)] for i in range(n)]  # fmt: skip
    rows = []
    for i in range(n):
        others: list[float | None] = [float(rates[i, j]) for j in range(n) if j != i]
        rows.append(field_real_play(others, [1.0] * len(others)) if others else None)
    return cells, rows

"""Checking simulated strength against real tournament results.

Pure functions over tournament lists (``individual_v2.jsonl``-style records) and archetype
labels (``deck_clusters.csv``-style rows): top-8 finishes per archetype, one representative
list each (the medoid by shared cards), and the rank correlation of simulated strength with
the real record. ``benchmarks/calibration.py`` runs the whole check.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

TRUST_NOTE = (
    "How far to trust these numbers: simulated win rates describe how our AI players "
    "handle the decks, not how people play them. Checked against real tournaments (the "
    "page docs/calibration.md), the default planner keeps nearly nine pairings in ten "
    "within 20-80%, but it does not rank the top archetypes like their top-8 record (rank "
    "correlation about zero) and rates one Princess Connect list far above its results. Use "
    "them to compare versions of a deck against the same field, not as a verdict on a "
    "matchup."
)
"""Shown on the Matchups and Meta pages; docs/calibration.md explains it."""

Cards = Mapping[str, int]


@dataclass(slots=True)
class Archetype:
    """One archetype of the record: its label and its top-8 lists with their ranks."""

    key: str
    label: str
    lists: list[Cards] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)

    @property
    def finishes(self) -> int:
        """Top-8 finishes."""
        return len(self.lists)

    @property
    def top4_conversion(self) -> float:
        """The share of its top-8 finishes that were top 4."""
        return sum(1 for r in self.ranks if r <= 4) / len(self.ranks) if self.ranks else 0.0


def archetypes(
    lists: Sequence[Mapping[str, object]], clusters: Sequence[Mapping[str, str]]
) -> list[Archetype]:
    """Top-8 lists grouped by archetype, most finishes first.

    ``lists`` have ``deck_code``, ``tournament_id``, ``rank``, ``main_deck_by_code``;
    ``clusters`` have ``class``, ``deck_code``, ``tournament_id``, ``archetype_id``,
    ``label``. A list without an archetype row is left out.
    """
    where = {
        (c["deck_code"], c["tournament_id"]): (f"{c['class']}#{c['archetype_id']}", c["label"])
        for c in clusters
    }
    out: dict[str, Archetype] = {}
    for doc in lists:
        found = where.get((str(doc["deck_code"]), str(doc["tournament_id"])))
        if found is None:
            continue
        key, label = found
        arch = out.setdefault(key, Archetype(key, label))
        cards = doc["main_deck_by_code"]
        assert isinstance(cards, Mapping)
        arch.lists.append({str(k): int(v) for k, v in cards.items()})
        rank = doc["rank"]
        arch.ranks.append(int(rank) if isinstance(rank, int | str) else 8)
        arch.codes.append(str(doc["deck_code"]))
    return sorted(out.values(), key=lambda a: (-a.finishes, a.key))


def shared_cards(a: Cards, b: Cards) -> int:
    """Cards two lists have in common, copies counted.

    >>> shared_cards({"A": 3, "B": 2}, {"A": 1, "C": 3})
    1
    """
    return sum(min(n, b.get(code, 0)) for code, n in a.items())


def medoid(lists: Sequence[Cards]) -> int:
    """The index of the list sharing the most cards with all the others (first on ties)."""
    best, best_total = 0, -1
    for i, a in enumerate(lists):
        total = sum(shared_cards(a, b) for j, b in enumerate(lists) if j != i)
        if total > best_total:
            best, best_total = i, total
    return best


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation (average ranks for ties; NaN when a side is constant).

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3], [3, 2, 1])
    (1.0, -1.0)
    """
    rx, ry = _ranks(x), _ranks(y)
    if rx.std() == 0 or ry.std() == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


def chance_spearman(n: int, alpha: float = 0.05, samples: int = 200_000) -> float:
    """The smallest Spearman correlation that a random ranking of ``n`` items reaches with
    probability at most ``alpha`` (the one-sided critical value: exact over every ordering
    for ``n`` up to 9, sampled with a fixed seed above).

    >>> round(chance_spearman(8), 3)
    0.643
    """
    if n < 3:
        raise ValueError(f"a rank correlation needs at least 3 items, not {n}")
    base = np.arange(n)
    if n <= 9:
        orders = np.array(list(itertools.permutations(range(n))))
    else:
        rng = np.random.default_rng(0)
        orders = rng.random((samples, n)).argsort(axis=1)
    squares = ((orders - base) ** 2).sum(axis=1)
    rhos = np.sort(1 - 6 * squares / (n * (n * n - 1)))
    # Walk down from the largest value while the chance of reaching it stays within alpha.
    values, first = np.unique(rhos, return_index=True)
    reach = 1 - first / len(rhos)  # P(rho >= value) for each distinct value
    allowed = values[reach <= alpha + 1e-12]
    return float(allowed.min()) if len(allowed) else float("inf")


def _ranks(values: Sequence[float]) -> np.ndarray:
    arr = np.asarray(values, dtype=float)
    order = arr.argsort(kind="stable")
    ranks = np.empty(len(arr))
    ranks[order] = np.arange(1, len(arr) + 1)
    for v in np.unique(arr):
        tie = arr == v
        ranks[tie] = ranks[tie].mean()
    return ranks


def field_rates(rates: np.ndarray) -> np.ndarray:
    """Each row's mean win rate over the other columns (NaN cells skipped)."""
    n = len(rates)
    out = np.full(n, np.nan)
    for i in range(n):
        row = [rates[i, j] for j in range(n) if j != i and not np.isnan(rates[i, j])]
        if row:
            out[i] = float(np.mean(row))
    return out


def lopsided_share(rates: np.ndarray, low: float = 0.2, high: float = 0.8) -> float:
    """The share of pairings (each unordered pair once) with a win rate outside [low, high]."""
    n = len(rates)
    pairs = [rates[i, j] for i in range(n) for j in range(i + 1, n) if not np.isnan(rates[i, j])]
    if not pairs:
        return float("nan")
    return sum(1 for r in pairs if r < low or r > high) / len(pairs)

"""Checking simulated strength against real tournament results.

Pure functions over tournament lists (``individual_v2.jsonl``-style records) and archetype
labels (``deck_clusters.csv``-style rows): top-8 finishes per archetype, one representative
list each (the medoid by shared cards), and the rank correlation of simulated strength with
the real record. ``benchmarks/calibration.py`` runs the whole check.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

TRUST_NOTE = (
    "How far to trust these numbers: simulated win rates describe how our AI players "
    "handle the decks, not how people play them. Checked against 59 real top 8s (the page "
    "docs/calibration.md), the default player's matchups are far more lopsided than the "
    "record allows: the record cannot tell archetypes apart by where they place, while "
    "the simulator spreads them over 21-79% against the field. Use them to compare versions "
    "of a deck against the same field, not as a verdict on a matchup."
)
"""Shown on the Matchups and Meta pages; docs/calibration.md explains it."""

Cards = Mapping[str, int]

OTHER = -1
"""The archetype index of an entry whose archetype is not in the matrix."""


@dataclass(frozen=True, slots=True)
class Event:
    """One tournament's top 8 as the record gives it: each entry's rank and archetype
    (an index into the matrix, or :data:`OTHER`)."""

    key: str
    ranks: tuple[int, ...]
    archetypes: tuple[int, ...]


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


@dataclass(frozen=True, slots=True)
class Record:
    """The tournament record: the placed lists, the archetype rows and the archetypes."""

    lists: list[dict[str, object]]
    clusters: list[dict[str, str]]
    archetypes: list[Archetype]


def record_dir() -> Path:
    """Where the tournament record is: ``$DECKLAB_SHARED/data/sve/decks``, by default the
    ``shared`` directory beside the repository."""
    env = os.environ.get("DECKLAB_SHARED")
    shared = Path(env) if env else Path(__file__).resolve().parents[2] / "shared"
    return shared / "data" / "sve" / "decks"


def read_clusters(path: Path) -> list[dict[str, str]]:
    """The rows of ``deck_clusters.csv`` (its header is not English: columns by position)."""
    with open(path, encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.reader(fh))
    names = ("class", "deck_code", "tournament_id", "archetype_id", "label")
    return [dict(zip(names, r[:5], strict=True)) for r in rows[1:] if len(r) >= 5]


def load_record(where: Path | None = None) -> Record | None:
    """The record from ``individual_v2.jsonl`` and ``deck_clusters.csv`` in ``where``
    (:func:`record_dir` if not given), or ``None`` when it is not there."""
    where = where or record_dir()
    lists_path, clusters_path = where / "individual_v2.jsonl", where / "deck_clusters.csv"
    if not lists_path.exists() or not clusters_path.exists():
        return None
    lists = [json.loads(line) for line in lists_path.read_text("utf-8").splitlines() if line]
    clusters = read_clusters(clusters_path)
    return Record(lists, clusters, archetypes(lists, clusters))


def shared_cards(a: Cards, b: Cards) -> int:
    """Cards two lists have in common, copies counted.

    >>> shared_cards({"A": 3, "B": 2}, {"A": 1, "C": 3})
    1
    """
    return sum(min(n, b.get(code, 0)) for code, n in a.items())


def representative(lists: Sequence[Cards]) -> int:
    """The index of the list closest to the archetype's average list (copies per card
    averaged over its lists; squared distance; first on ties).

    >>> representative([{"A": 3, "B": 3}, {"A": 3, "B": 2, "C": 1}, {"A": 3, "D": 3}])
    1
    """
    codes = sorted({code for cards in lists for code in cards})
    counts = np.array([[cards.get(code, 0) for code in codes] for cards in lists], dtype=float)
    distance = ((counts - counts.mean(axis=0)) ** 2).sum(axis=1)
    return int(np.flatnonzero(distance == distance.min())[0])


def events(
    lists: Sequence[Mapping[str, object]],
    clusters: Sequence[Mapping[str, str]],
    keys: Sequence[str],
    min_entries: int = 7,
) -> list[Event]:
    """The record's top 8s with at least ``min_entries`` labelled entries: each entry's
    rank and its archetype's index in ``keys`` (:data:`~analytics.topeight.OTHER` for an
    archetype outside them)."""
    where = {(c["deck_code"], c["tournament_id"]): f"{c['class']}#{c['archetype_id']}"
             for c in clusters}  # fmt: skip
    index = {key: k for k, key in enumerate(keys)}
    entries: dict[str, list[tuple[int, int]]] = {}
    for doc in lists:
        tournament = str(doc["tournament_id"])
        key = where.get((str(doc["deck_code"]), tournament))
        rank = doc["rank"]
        if key is None or not isinstance(rank, int | str):
            continue
        entries.setdefault(tournament, []).append((int(rank), index.get(key, OTHER)))
    return [
        Event(t, tuple(r for r, _ in found), tuple(a for _, a in found))
        for t, found in sorted(entries.items())
        if len(found) >= min_entries
    ]


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


def weighted_field(rates: np.ndarray, weights: Sequence[float] | np.ndarray) -> np.ndarray:
    """Each row's win rate against the field weighted by ``weights`` (each archetype's
    share of the record), itself and NaN cells left out.

    >>> weighted_field(np.array([[np.nan, 0.8, 0.2], [0.2, np.nan, 0.5], [0.8, 0.5, np.nan]]),
    ...                [1, 3, 1]).round(3).tolist()
    [0.65, 0.35, 0.575]
    """
    w = np.asarray(weights, dtype=float)
    out = np.full(len(rates), np.nan)
    for i in range(len(rates)):
        cols = [j for j in range(len(rates)) if j != i and not np.isnan(rates[i, j])]
        if cols:
            out[i] = float(np.dot(rates[i, cols], w[cols]) / w[cols].sum())
    return out


def lopsided_share(rates: np.ndarray, low: float = 0.2, high: float = 0.8) -> float:
    """The share of pairings (each unordered pair once) with a win rate outside [low, high]."""
    n = len(rates)
    pairs = [rates[i, j] for i in range(n) for j in range(i + 1, n) if not np.isnan(rates[i, j])]
    if not pairs:
        return float("nan")
    return sum(1 for r in pairs if r < low or r > high) / len(pairs)

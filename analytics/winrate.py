"""Win-rate statistics: Wilson intervals, seat splits, matchup matrices, rankings, paired A/B.

Every function takes plain game rows (``analytics.simulate.GameRow``-like objects) or counts,
so the same numbers come out of a live run, a stored run or a test.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


class GameLike(Protocol):
    """What the statistics read from a game row."""

    @property
    def seed(self) -> int: ...
    @property
    def first(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def reason(self) -> str: ...
    @property
    def turns(self) -> int: ...
    @property
    def error(self) -> str | None: ...


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``(0, 1)`` when ``n`` is 0).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def games_for_width(width: float, p: float = 0.5, z: float = Z95) -> int:
    """Decided games needed for a 95% interval of total ``width`` around a win rate ``p``.

    >>> games_for_width(0.1), games_for_width(0.04)
    (381, 2398)
    """
    if not 0 < width < 1:
        raise ValueError("width must be between 0 and 1")
    n = 1
    hi = 1
    while True:  # find an upper bound, then bisect on the Wilson width
        lo_, hi_ = wilson(round(p * hi), hi, z)
        if hi_ - lo_ <= width:
            break
        n, hi = hi, hi * 2
    while n < hi:
        mid = (n + hi) // 2
        lo_, hi_ = wilson(round(p * mid), mid, z)
        if hi_ - lo_ <= width:
            hi = mid
        else:
            n = mid + 1
    return hi


@dataclass(frozen=True, slots=True)
class Rate:
    """A proportion with its 95% Wilson interval (over seeds when ``units`` are given)."""

    wins: int
    n: int
    units: tuple[tuple[int, int, int], ...] = ()
    """Per seed: (seed, wins, games), when games of one seed were paired."""

    @property
    def rate(self) -> float | None:
        """The point estimate (``None`` with no games)."""
        return self.wins / self.n if self.n else None

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson interval; with ``units``, the seed is the unit (games of one seed
        share their shuffles and their results correlate)."""
        if self.units:
            from analytics.intervals import clustered_rate

            return clustered_rate(
                {s: w for s, w, _ in self.units}, {s: g for s, _, g in self.units}
            )
        return wilson(self.wins, self.n)

    def as_dict(self) -> dict[str, object]:
        """``{"win_rate", "ci95", "games"}``."""
        return {"win_rate": self.rate, "ci95": list(self.ci95), "games": self.n}


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What a run of deck A against deck B says (winner 0 is deck A, 1 is deck B)."""

    games: int
    wins: tuple[int, int]
    draws: int
    errors: int
    a: Rate
    """Deck A's share of decided games."""
    a_first: Rate
    """Deck A's win rate when it went first (decided games)."""
    a_second: Rate
    """Deck A's win rate when it went second."""
    first_player: Rate
    """How often the player going first won (decided games)."""
    mean_turns: float | None
    turns: dict[int, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready numbers."""
        return {
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "errors": self.errors,
            "win_rate": self.a.rate,
            "ci95": list(self.a.ci95),
            "a_first": self.a_first.as_dict(),
            "a_second": self.a_second.as_dict(),
            "first_player_win_rate": self.first_player.rate,
            "first_player_ci95": list(self.first_player.ci95),
            "mean_turns": self.mean_turns,
            "turns": {str(k): v for k, v in sorted(self.turns.items())},
            "reasons": dict(sorted(self.reasons.items())),
        }


def summarise(rows: Iterable[GameLike]) -> MatchSummary:
    """Win rate, seat splits, first-player advantage, lengths and end reasons of a run."""
    wins = [0, 0]
    draws = errors = games = 0
    first_counts = [[0, 0], [0, 0]]  # [first][winner] over decided games
    turns: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    seeds: dict[int, list[int]] = {}  # per seed: A's wins, first player's wins, decided
    for row in rows:
        games += 1
        if row.error is not None:
            errors += 1
            reasons["error"] += 1
            continue
        reasons[row.reason] += 1
        turns[row.turns] += 1
        if row.winner is None:
            draws += 1
            continue
        wins[row.winner] += 1
        first_counts[row.first][row.winner] += 1
        unit = seeds.setdefault(row.seed, [0, 0, 0])
        unit[0] += row.winner == 0
        unit[1] += row.winner == row.first
        unit[2] += 1
    decided = wins[0] + wins[1]
    played = sum(turns.values())
    return MatchSummary(
        games=games,
        wins=(wins[0], wins[1]),
        draws=draws,
        errors=errors,
        a=Rate(wins[0], decided, tuple((s, u[0], u[2]) for s, u in seeds.items())),
        a_first=Rate(first_counts[0][0], first_counts[0][0] + first_counts[0][1]),
        a_second=Rate(first_counts[1][0], first_counts[1][0] + first_counts[1][1]),
        first_player=Rate(
            first_counts[0][0] + first_counts[1][1],
            decided,
            tuple((s, u[1], u[2]) for s, u in seeds.items()),
        ),
        mean_turns=(sum(t * c for t, c in turns.items()) / played) if played else None,
        turns=dict(turns),
        reasons=dict(reasons),
    )


@dataclass(frozen=True, slots=True)
class Ranking:
    """A Bradley-Terry strength per deck (log scale, mean 0) with its standard error."""

    names: tuple[str, ...]
    strength: tuple[float, ...]
    stderr: tuple[float, ...]

    def order(self) -> list[int]:
        """Deck indices from strongest to weakest."""
        return sorted(range(len(self.names)), key=lambda i: -self.strength[i])


def bradley_terry(
    names: Sequence[str], wins: np.ndarray, *, iterations: int = 1000, prior: float = 0.5
) -> Ranking:
    """Fit Bradley-Terry strengths to a wins matrix (``wins[i, j]``: i beat j).

    A small symmetric prior (``prior`` wins each way per pair played) keeps strengths finite
    when a deck won or lost every game; standard errors come from the observed information.
    """
    n = len(names)
    w = np.asarray(wins, dtype=float)
    games = w + w.T
    played = games > 0
    w = w + prior * played
    games = w + w.T
    p = np.ones(n)
    for _ in range(iterations):  # Hunter's MM algorithm
        total_wins = w.sum(axis=1)
        denom = np.array(
            [sum(games[i, j] / (p[i] + p[j]) for j in range(n) if j != i) for i in range(n)]
        )
        new = np.where(denom > 0, total_wins / np.where(denom > 0, denom, 1), p)
        new = new / np.exp(np.mean(np.log(new)))
        if np.max(np.abs(new - p)) < 1e-10:
            p = new
            break
        p = new
    beta = np.log(p)
    info = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j and games[i, j] > 0:
                q = p[i] * p[j] / (p[i] + p[j]) ** 2 * games[i, j]
                info[i, j] -= q
                info[i, i] += q
    # Fix the scale (mean strength 0) by projecting out the constant direction.
    centre = np.eye(n) - np.ones((n, n)) / n
    cov = centre @ np.linalg.pinv(info) @ centre
    stderr = np.sqrt(np.clip(np.diag(cov), 0, None))
    return Ranking(tuple(names), tuple(float(b) for b in beta), tuple(float(s) for s in stderr))


@dataclass(frozen=True, slots=True)
class PairedComparison:
    """Version B minus version A of one deck on common seeds: the win-rate difference."""

    pairs: int
    diff: float
    ci95: tuple[float, float]
    a_rate: float
    b_rate: float


def paired_difference(
    a_results: Mapping[tuple[str, int, int], float], b_results: Mapping[tuple[str, int, int], float]
) -> PairedComparison:
    """Compare two versions on the games both played (keyed by opponent, seed, seat).

    Each value is 1 for a win, 0 for a loss, 0.5 for a draw. Because both versions met the
    same opponent with the same seed and seat, the noise the two share cancels in the
    difference, so its interval is narrower than two independent runs would give. The seed
    is the unit (its games share their shuffles): the interval is the score interval over
    seeds of :func:`analytics.intervals.paired_interval`, never of zero width.
    """
    from analytics.intervals import paired_interval

    keys = sorted(set(a_results) & set(b_results))
    if not keys:
        raise ValueError("the two versions share no games")
    a = np.array([a_results[k] for k in keys])
    b = np.array([b_results[k] for k in keys])
    by_seed: dict[int, list[float]] = {}
    for key, d in zip(keys, b - a, strict=True):
        by_seed.setdefault(key[1], []).append(float(d))
    units = [sum(v) / len(v) for v in by_seed.values()]
    changed = [sum(abs(x) for x in v) / len(v) for v in by_seed.values()]
    iv = paired_interval(units, len(keys) / len(by_seed), discordant=changed)
    return PairedComparison(
        pairs=len(keys),
        diff=float((b - a).mean()),
        ci95=(iv.lo, iv.hi),
        a_rate=float(a.mean()),
        b_rate=float(b.mean()),
    )

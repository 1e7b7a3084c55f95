"""Win-rate statistics against independent golden numbers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from analytics.simulate import GameRow
from analytics.winrate import (
    Z95,
    bradley_terry,
    games_for_width,
    paired_difference,
    summarise,
    wilson,
)


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        # Wilson (1927) intervals, checked against the closed form with z = 1.96
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), table I example
    ],
)
def test_wilson_interval(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=5e-4)
    assert hi == pytest.approx(high, abs=5e-4)


def test_wilson_without_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_games_for_width_meets_the_width_and_no_fewer_would() -> None:
    n = games_for_width(0.05)
    lo, hi = wilson(round(n / 2), n)
    assert hi - lo <= 0.05
    lo, hi = wilson(round((n - 2) / 2), n - 2)
    assert hi - lo > 0.05
    # the normal approximation agrees closely at this size: (2 z 0.5 / w)^2
    assert n == pytest.approx((Z95 / 0.05) ** 2 * 4 * 0.25, rel=0.01)


def _row(
    seed: int, seat: int, winner: int | None, turns: int = 10, error: str | None = None
) -> GameRow:
    reason = "error" if error else ("turn_limit" if winner is None else "leader_defense")
    return GameRow(seed, seat, seat, winner, reason, turns, 50, 1.0, error)


def test_summary_counts_wins_draws_errors_and_seat_splits() -> None:
    rows = [
        _row(1, 0, 0), _row(1, 1, 1),  # the first player won both
        _row(2, 0, 0), _row(2, 1, 0),  # deck A won both
        _row(3, 0, None, turns=60), _row(3, 1, None, error="boom"),
    ]  # fmt: skip
    s = summarise(rows)
    assert s.games == 6
    assert s.wins == (3, 1)
    assert s.draws == 1
    assert s.errors == 1
    assert s.a.rate == 0.75
    assert (s.a_first.wins, s.a_first.n) == (2, 2)
    assert (s.a_second.wins, s.a_second.n) == (1, 2)
    assert s.first_player.rate == 0.75
    assert s.reasons == {"leader_defense": 4, "turn_limit": 1, "error": 1}
    assert s.mean_turns == pytest.approx((4 * 10 + 60) / 5)


def test_bradley_terry_recovers_known_strengths() -> None:
    true = np.array([1.0, 0.0, -1.0])
    n = 4000
    wins = np.zeros((3, 3))
    for i in range(3):
        for j in range(3):
            if i != j:
                wins[i, j] = n / (1 + math.exp(true[j] - true[i]))
    ranking = bradley_terry(["a", "b", "c"], wins)
    assert ranking.order() == [0, 1, 2]
    assert ranking.strength == pytest.approx(tuple(true), abs=0.01)
    assert all(0 < s < 0.05 for s in ranking.stderr)


def test_bradley_terry_stays_finite_when_a_deck_never_loses() -> None:
    wins = np.array([[0, 20, 20], [0, 0, 10], [0, 10, 0]])
    ranking = bradley_terry(["a", "b", "c"], wins)
    assert ranking.order()[0] == 0
    assert all(math.isfinite(s) for s in ranking.strength)


def test_paired_difference_cancels_shared_noise() -> None:
    rng = np.random.default_rng(7)
    keys = [("opp", s, seat) for s in range(400) for seat in (0, 1)]
    luck = rng.random(len(keys))  # what both versions share: the same draws and seats
    a = {k: float(x < 0.5) for k, x in zip(keys, luck, strict=True)}
    b = {k: float(x < 0.55) for k, x in zip(keys, luck, strict=True)}  # 5 points better
    cmp = paired_difference(a, b)
    assert cmp.pairs == 800
    assert cmp.ci95[0] > 0  # the improvement is detected
    half_width = (cmp.ci95[1] - cmp.ci95[0]) / 2
    independent = Z95 * math.sqrt(2 * 0.25 / 800)  # two independent runs of the same size
    assert half_width < independent / 2

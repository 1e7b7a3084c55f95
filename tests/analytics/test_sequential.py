"""The sequential test: stops on a clear difference, plays on through a tie, and is wrong at
most as often as it promises; the paired interval of a constructed example."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from analytics.impact import paired, unit_differences
from analytics.sequential import ALPHA, interval, look_points, run_stream
from analytics.winrate import Z95


def bernoulli(p: float, n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [1.0 if rng.random() < p else 0.0 for _ in range(n)]


@pytest.mark.parametrize("p", [0.85, 0.15])
def test_a_clearly_decided_stream_stops_well_before_the_budget(p: float) -> None:
    stop = run_stream(bernoulli(p, 400, seed=1), 0.0, 1.0, 0.5)
    assert stop.decided
    assert stop.units <= 200
    assert stop.saved_fraction >= 0.5


def test_a_tie_plays_the_whole_budget_undecided() -> None:
    stop = run_stream(bernoulli(0.5, 400, seed=2), 0.0, 1.0, 0.5)
    assert not stop.decided
    assert stop.units == 400
    assert stop.saved_fraction == 0.0


def test_under_a_tie_it_stops_wrongly_at_most_alpha_of_the_time() -> None:
    """Looking ten times must not inflate the error beyond alpha (a naive interval would)."""
    wrong = sum(run_stream(bernoulli(0.5, 200, seed=s), 0.0, 1.0, 0.5).decided for s in range(300))
    assert wrong / 300 <= ALPHA
    naive = 0
    for s in range(300):  # the fixed-sample 95% interval checked at every look
        values = bernoulli(0.5, 200, seed=s)
        for n in look_points(200):
            mean = sum(values[:n]) / n
            if abs(mean - 0.5) > Z95 * 0.5 / math.sqrt(n):
                naive += 1
                break
    assert naive > wrong


def test_the_interval_narrows_with_more_units_and_holds_the_mean() -> None:
    values = bernoulli(0.6, 400, seed=3)
    small = interval(values[:50], 0.0, 1.0, budget_units=400)
    large = interval(values, 0.0, 1.0, budget_units=400)
    assert large.hi - large.lo < small.hi - small.lo
    assert large.lo <= large.mean <= large.hi


def test_paired_interval_of_a_constructed_example() -> None:
    """Base and variant meet two opponents on the same seeds; the interval is the mean of
    the per-seed differences plus or minus 1.96 standard errors."""
    base = {
        "0": {(1, 0): 1.0, (1, 1): 1.0, (2, 0): 1.0, (2, 1): 0.0, (3, 0): 1.0, (3, 1): 1.0},
        "1": {(1, 0): 1.0, (1, 1): 0.5, (2, 0): 0.0, (2, 1): 1.0, (3, 0): 1.0, (3, 1): 0.0},
    }
    other = {
        "0": {(1, 0): 0.0, (1, 1): 1.0, (2, 0): 1.0, (2, 1): 0.0, (3, 0): 0.0, (3, 1): 1.0},
        "1": {(1, 0): 1.0, (1, 1): 0.0, (2, 0): 0.0, (2, 1): 1.0, (3, 0): 1.0, (3, 1): 1.0},
        # a game only the variant played is not paired and does not count
    }
    other["1"][(4, 0)] = 1.0
    units = unit_differences(base, other, ["0", "1"])
    expected_units = [(1 + 0 + 0 + 0.5) / 4, 0.0, (1 + 0 + 0 - 1) / 4]
    assert units == pytest.approx(expected_units)
    result = paired(units, 12, sequential=False, budget_units=3)
    mean = statistics.mean(expected_units)
    half = Z95 * statistics.stdev(expected_units) / math.sqrt(3)
    assert result.delta == pytest.approx(mean)
    assert result.ci95 == pytest.approx((mean - half, mean + half))
    assert result.games == 12
    assert not result.decided  # the interval holds 0


def test_a_sequential_paired_interval_is_wider_than_the_fixed_one() -> None:
    units = [0.5, 0.25, 0.0, 0.5, 0.25] * 8
    fixed = paired(units, 80, sequential=False, budget_units=40)
    seq = paired(units, 80, sequential=True, budget_units=40)
    assert seq.ci95[0] < fixed.ci95[0]
    assert seq.ci95[1] > fixed.ci95[1]
    assert seq.delta == fixed.delta

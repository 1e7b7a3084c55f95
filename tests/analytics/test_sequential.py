"""The sequential test: its critical values are the published ones, it is wrong at most as
often as it promises however often it looks, and it decides what a fixed test would."""

from __future__ import annotations

import math

import numpy as np
import pytest

from analytics.intervals import paired_interval, rate_interval
from analytics.sequential import (
    ALPHA,
    boundaries,
    critical,
    look_points,
    paired_test,
    rate_test,
    run_stream,
    spent,
)
from analytics.synthetic import RateCase
from analytics.winrate import Z95


def test_critical_values_match_the_published_obrien_fleming_spending_design() -> None:
    """Five equal looks, two-sided 5%: Jennison and Turnbull (2000), table 2.3 via the
    Lan-DeMets O'Brien-Fleming function (gsDesign's sfLDOF gives the same)."""
    assert boundaries((1, 2, 3, 4, 5)) == pytest.approx(
        (4.877, 3.357, 2.680, 2.290, 2.031), abs=2e-3
    )
    assert boundaries((10,)) == pytest.approx((Z95,), abs=1e-6)  # one look: a fixed test
    assert spent(1.0) == ALPHA


def test_the_looks_spend_exactly_alpha_on_gaussian_paths() -> None:
    """Monte Carlo of the statistic at the looks: the chance of ever crossing is alpha."""
    points = tuple(look_points(200))
    c = np.array(boundaries(points))
    rng = np.random.default_rng(3)
    steps = np.diff(np.array((0, *points))) / 200
    paths = np.cumsum(rng.normal(0, np.sqrt(steps), size=(200_000, len(points))), axis=1)
    z = paths / np.sqrt(np.array(points) / 200)
    crossed = (np.abs(z) >= c).any(axis=1).mean()
    assert crossed == pytest.approx(ALPHA, abs=0.003)
    naive = (np.abs(z) >= Z95).any(axis=1).mean()  # a fixed 95% test at every look
    assert naive > 0.15


def streams(p: float, budget_units: int, reps: int, seed: int) -> list[list[float]]:
    rng = np.random.default_rng(seed)
    case = RateCase(p)
    return [list(case.draw(rng, budget_units) / 2) for _ in range(reps)]


def test_on_a_mirror_it_stops_wrongly_at_most_alpha_of_the_time() -> None:
    wrong = sum(run_stream(s, 0.0, 1.0, 0.5).decided for s in streams(0.5, 100, 300, 1))
    assert wrong / 300 <= ALPHA


@pytest.mark.parametrize(("p", "least"), [(0.60, 0.85), (0.55, 0.35)])
def test_within_400_games_it_decides_a_real_edge_often(p: float, least: float) -> None:
    stops = [run_stream(s, 0.0, 1.0, 0.5) for s in streams(p, 200, 400, 2)]
    assert sum(s.decided for s in stops) / len(stops) >= least
    assert all(s.units in look_points(200) for s in stops)


def test_a_clear_edge_stops_well_before_the_budget() -> None:
    stop = run_stream(streams(0.8, 200, 1, 4)[0], 0.0, 1.0, 0.5)
    assert stop.decided
    assert stop.saved_fraction >= 0.5


def test_a_tie_plays_the_whole_budget_undecided() -> None:
    stop = run_stream([0.5] * 200, 0.0, 1.0, 0.5)
    assert not stop.decided
    assert stop.units == 200


def test_the_last_look_is_barely_wider_than_a_fixed_interval() -> None:
    units = [0.5, 0.25, 0.0, 0.5, 0.25, -0.25] * 20
    changed = [abs(u) * 2 for u in units]
    fixed = paired_interval(units, 4, discordant=changed)
    last = paired_test(units, 4, look_units=120, budget_units=120, discordant=changed)
    assert last.width > fixed.width
    assert last.width < 1.1 * fixed.width
    early = rate_test([0.5] * 20, 2, look_units=20, budget_units=200)
    assert early.width > rate_interval([0.5] * 20, 2).width  # an early look asks for more
    assert critical(20, 200) > critical(200, 200) > Z95
    assert math.isclose(critical(25, 200), critical(20, 200))  # between looks: the last one

"""The intervals keep their promise: coverage by simulation at 20, 40, 100 and 200 games
on seeded synthetic games with the correlation of real ones, never a zero width, and Holm
against a hand computation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from analytics.intervals import (
    clustered_rate,
    design_effect,
    holm,
    p_value,
    paired_interval,
    rate_interval,
)
from analytics.synthetic import PAIRED_CASES, RateCase
from analytics.winrate import Z95, wilson

REPS = 200
GAME_COUNTS = (20, 40, 100, 200)
LEAST_COVERAGE = 0.92
"""Of a 95% interval over REPS draws: 0.95 less about two standard errors of the count."""


def normal_interval(units: np.ndarray) -> tuple[float, float]:
    """The interval ``impact`` printed before: mean plus or minus 1.96 standard errors."""
    n = len(units)
    half = Z95 * float(units.std(ddof=1)) / math.sqrt(n)
    return float(units.mean()) - half, float(units.mean()) + half


@pytest.mark.parametrize("games", GAME_COUNTS)
@pytest.mark.parametrize("opponents", [1, 3])
def test_the_paired_interval_holds_its_level_at_every_game_count(
    games: int, opponents: int
) -> None:
    k = 2 * opponents
    rng = np.random.default_rng(games * 10 + opponents)
    for case in PAIRED_CASES:
        hits = 0
        for _ in range(REPS):
            units, changed = case.draw(rng, games // 2, k)
            iv = paired_interval(list(units), k, discordant=list(changed))
            assert iv.width > 0
            hits += iv.lo <= case.truth <= iv.hi
        assert hits / REPS >= LEAST_COVERAGE, (case, hits / REPS)


def test_the_normal_interval_failed_where_the_new_one_holds() -> None:
    """A rarely drawn card at 20 games: the old interval is often of zero width and misses."""
    case = PAIRED_CASES[3]
    rng = np.random.default_rng(7)
    old = new = zero = 0
    for _ in range(REPS):
        units, changed = case.draw(rng, 10, 2)
        lo, hi = normal_interval(units)
        old += lo <= case.truth <= hi
        zero += hi - lo == 0
        iv = paired_interval(list(units), 2, discordant=list(changed))
        new += iv.lo <= case.truth <= iv.hi
    assert old / REPS < 0.5
    assert zero / REPS > 0.3
    assert new / REPS >= 0.95


@pytest.mark.parametrize("games", GAME_COUNTS)
def test_a_win_rate_over_seeds_holds_its_level_and_wilson_over_games_does_not(
    games: int,
) -> None:
    rng = np.random.default_rng(games)
    clustered = per_game = 0
    reps = 600
    case = RateCase(0.55, rho=0.3)
    for _ in range(reps):
        wins = case.draw(rng, games // 2)
        lo, hi = clustered_rate(dict(enumerate(wins)), dict.fromkeys(range(len(wins)), 2))
        clustered += lo <= case.p <= hi
        lo, hi = wilson(int(wins.sum()), games)
        per_game += lo <= case.p <= hi
    assert clustered / reps >= 0.93
    assert per_game < clustered


def test_the_design_effect_counts_a_seed_once_when_its_games_always_agree() -> None:
    assert design_effect([2, 0, 2, 0, 2], [2] * 5) == 2.0
    assert design_effect([1, 1, 1, 1], [2] * 4) == 1.0  # split seeds: no loss
    assert design_effect([2, 2], [2, 2]) == 1.0  # nothing to estimate from


@pytest.mark.parametrize(
    ("units", "k", "decided"),
    [
        ([0.0] * 20, 2, False),  # nothing changed: undecided, and not of zero width
        ([0.5] * 8 + [0.0] * 12, 2, True),  # 8 of 20 seeds won a game more each
        ([0.5, -0.5] * 10, 2, False),
        ([0.5] * 2 + [0.0] * 18, 2, False),  # two seeds are not enough
    ],
)
def test_a_paired_interval_decides_only_on_enough_changed_games(
    units: list[float], k: int, decided: bool
) -> None:
    changed = [abs(u) for u in units]
    iv = paired_interval(units, k, discordant=changed)
    assert iv.excludes(0.0) == decided
    assert (p_value(units, k, discordant=changed) < 0.05) == decided
    assert iv.width > 0


def test_rate_interval_of_a_deck_that_won_every_game_is_not_a_point() -> None:
    iv = rate_interval([1.0] * 20, 2)
    assert iv.hi == 1.0
    assert 0.85 < iv.lo < 0.95


def test_holm_against_a_hand_computation() -> None:
    p = [0.001, 0.011, 0.02, 0.04, 0.5]
    # sorted: 5 x 0.001, 4 x 0.011, 3 x 0.02, 2 x 0.04, 1 x 0.5, running maximum
    assert holm(p) == pytest.approx([0.005, 0.044, 0.06, 0.08, 0.5])
    decided = [q < 0.05 for q in holm(p)]
    assert decided == [True, True, False, False, False]
    assert [q < 0.05 for q in p] == [True, True, True, True, False]  # unadjusted: four

"""Placings a matchup matrix implies inside real top 8s: Swiss rounds, mean ranks, the
spread and its band, each archetype's z, and the chance spread with labels shuffled."""

from __future__ import annotations

import numpy as np
import pytest

from analytics.calibration import OTHER, Event
from analytics.topeight import (
    ROUNDS,
    rank_test,
    record_means,
    shuffled_spreads,
    spread,
    swiss_placings,
)


def _ladder(n: int, p: float = 1.0) -> np.ndarray:
    """Archetype i beats every j > i with probability ``p``."""
    rates = np.full((n, n), 1 - p)
    rates[np.triu_indices(n, 1)] = p
    return rates


@pytest.mark.parametrize("seed", range(6))
def test_a_deck_that_never_loses_places_first_and_one_that_never_wins_last(seed: int) -> None:
    rng = np.random.default_rng(seed)
    placed = swiss_placings(list(range(8)), _ladder(8), rng.random((ROUNDS, 8)), rng.permutation(8))
    assert sorted(placed) == list(range(1, 9))
    assert placed[0] == 1
    assert placed[7] == 8


def test_with_an_odd_entry_one_bye_a_round_goes_to_different_entries() -> None:
    """Seven entries of one archetype: every game is a coin flip, each round one entry has
    a bye (a win), so the seven scores add up to three games and a bye a round."""
    rng = np.random.default_rng(3)
    rates = np.full((1, 1), 0.5)
    placed = swiss_placings([0] * 7, rates, rng.random((ROUNDS, 7)), rng.permutation(7))
    assert sorted(placed) == list(range(1, 8))


def test_the_same_draws_give_the_same_placings() -> None:
    rng = np.random.default_rng(1)
    u, lots = rng.random((ROUNDS, 8)), rng.permutation(8)
    rates = np.array([[0.5, 0.7], [0.3, 0.5]])
    arch = [0, 1, 0, 1, OTHER, OTHER, 0, 1]
    assert (swiss_placings(arch, rates, u, lots) == swiss_placings(arch, rates, u, lots)).all()


def test_record_means_count_only_archetypes_of_the_matrix() -> None:
    events = [Event("1", (1, 2, 3, 4), (0, OTHER, 1, 0)), Event("2", (1, 2), (1, 1))]
    means, seen = record_means(events, 2)
    assert means.tolist() == pytest.approx([2.5, 2.0])  # (1 + 4) / 2; (3 + 1 + 2) / 3
    assert seen.tolist() == [2, 3]


def _events(order: list[int], count: int) -> list[Event]:
    """``count`` top 8s, each with the archetypes of ``order`` placed 1st to 8th."""
    return [Event(str(k), tuple(range(1, 9)), tuple(order)) for k in range(count)]


def test_a_matrix_the_record_contradicts_gives_a_large_z_and_a_spread_beyond_its_band() -> None:
    """Archetype 0 beats everyone in the matrix, yet the record always places it last:
    its z is large and positive, archetype 7 (never winning, always first) large and
    negative; a flat matrix implies a much smaller spread of mean ranks than this one.
    """
    events = _events([7, 6, 5, 4, 3, 2, 1, 0], 10)
    test = rank_test(events, _ladder(8, 0.9), replicates=40)
    assert test.record_means.tolist() == [8, 7, 6, 5, 4, 3, 2, 1]
    assert test.z[0] > 3
    assert test.z[7] < -3
    assert test.sim_means[:, 0].mean() < 2  # the matrix puts it near the top
    low, high = test.band()
    assert low <= np.median(test.sim_spreads) <= high
    assert test.prediction == pytest.approx(-1.0, abs=0.2)  # exactly the wrong order
    flat = rank_test(_events([0, 1, 2, 3, 4, 5, 6, 7], 10), np.full((8, 8), 0.5), 40)
    assert flat.band()[1] < test.band()[0]  # a flat matrix implies a much smaller spread
    assert abs(flat.prediction) < 0.3


def test_a_matrix_that_matches_the_record_predicts_it() -> None:
    events = _events([0, 1, 2, 3, 4, 5, 6, 7], 10)
    test = rank_test(events, _ladder(8, 0.9), replicates=40)
    assert test.prediction > 0.9
    assert np.all(np.abs(test.z) < 3)
    certain = rank_test(events, _ladder(8), replicates=10)  # never in doubt: z is 0 or infinite
    assert certain.z[0] == 0
    assert certain.z[7] == 0


def test_shuffled_labels_keep_each_archetypes_count_and_give_the_chance_spread() -> None:
    events = _events([0, 0, 1, 1, 2, 2, OTHER, OTHER], 12)
    first = shuffled_spreads(events, 3, samples=50, seed=5)
    assert (first == shuffled_spreads(events, 3, samples=50, seed=5)).all()
    assert spread(record_means(events, 3)[0]) == pytest.approx(np.std([1.5, 3.5, 5.5]))
    # 24 entries an archetype drawn from ranks 1-8 (sd 2.29): a mean-rank sd near 0.4
    assert 0.1 < np.median(first) < 0.8

"""The calibration map: a shrink toward 50% on the logit scale, fitted to who placed above
whom inside real top 8s, validated leaving one tournament out."""

from __future__ import annotations

import numpy as np
import pytest

from analytics.calibration import Event
from analytics.calmap import ShrinkMap, fit_shrink, shrink, shrink_matrix
from analytics.topeight import ROUNDS, swiss_placings

COARSE = (0.0, 0.25, 0.5, 0.75, 1.0)


@pytest.mark.parametrize(
    ("rate", "k", "expected"),
    [(0.8, 1.0, 0.8), (0.8, 0.0, 0.5), (0.8, 0.5, 2 / 3), (0.2, 0.5, 1 / 3), (0.5, 0.3, 0.5)],
)
def test_shrink_on_the_logit_scale(rate: float, k: float, expected: float) -> None:
    assert shrink(rate, k) == pytest.approx(expected)


def test_a_certain_rate_is_shrunk_as_a_near_certain_one() -> None:
    assert shrink(1.0, 0.5) == pytest.approx(shrink(0.995, 0.5))
    matrix = shrink_matrix(np.array([[np.nan, 0.9], [0.1, np.nan]]), 0.5)
    assert np.isnan(matrix[0, 0])
    assert matrix[0, 1] == pytest.approx(0.75)
    assert matrix[0, 1] + matrix[1, 0] == pytest.approx(1.0)


def _ladder(p: float) -> np.ndarray:
    rates = np.full((8, 8), 1 - p)
    rates[np.triu_indices(8, 1)] = p
    np.fill_diagonal(rates, np.nan)
    return rates


def _record(truth: np.ndarray, count: int, seed: int) -> list[Event]:
    """``count`` top 8s of the 8 archetypes in random seats, placed by ``truth``."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(count):
        arch = [int(a) for a in rng.permutation(8)]
        placed = swiss_placings(
            arch, np.nan_to_num(truth, nan=0.5), rng.random((ROUNDS, 8)), rng.permutation(8)
        )
        out.append(Event(str(k), tuple(int(x) for x in placed), tuple(arch)))
    return out


def test_a_record_made_by_the_matrix_keeps_it_and_a_random_record_flattens_it() -> None:
    """Placings drawn from the simulated matrix itself fit k = 1 and beat the flat map held
    out; placings that ignore the archetypes fit k = 0 and beat the raw matrix held out."""
    sim = _ladder(0.8)
    kept = fit_shrink(_record(sim, 30, 1), sim, agent="planner", games=100, replicates=100,
                      grid=COARSE)  # fmt: skip
    assert kept.k == 1.0
    assert kept.heldout["fitted"] > kept.heldout["flat"]
    flat = fit_shrink(_record(np.full((8, 8), 0.5), 30, 2), sim, agent="planner", games=100,
                      replicates=100, grid=COARSE)  # fmt: skip
    assert flat.k == 0.0
    assert flat.heldout["fitted"] > flat.heldout["raw"]
    assert flat.low == 0.0
    assert flat.pairs == 30 * 28


def test_the_map_shows_an_estimate_and_its_band() -> None:
    m = ShrinkMap(k=0.4, low=0.2, high=0.6, agent="planner", games=100, events=59, pairs=1,
                  heldout={})  # fmt: skip
    assert m.apply(0.5) == 0.5
    low, high = m.band(0.8)
    assert 0.5 < low < m.apply(0.8) < high < 0.8
    low, high = m.band(0.2)
    assert 0.2 < low < m.apply(0.2) < high < 0.5

"""The calibration map: a shrink toward 50% on the logit scale, fitted to who placed above
whom inside real top 8s, validated leaving one tournament out."""

from __future__ import annotations

import numpy as np
import pytest

from analytics import calmap
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


MAP = ShrinkMap(k=0.5, low=0.25, high=0.75, agent="planner", games=100, events=59, pairs=1,
                heldout={})  # fmt: skip


def test_estimates_with_a_map_and_none_without(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(calmap, "load_map", lambda: MAP)
    estimate = calmap.real_play(0.8)
    assert estimate is not None
    assert estimate.rate == pytest.approx(2 / 3)
    assert estimate.low < estimate.rate < estimate.high
    assert estimate.text() == "67% (59%-74%)"
    assert calmap.real_play(None) is None
    assert "k = 0.50" in calmap.real_play_note()
    monkeypatch.setattr(calmap, "load_map", lambda: None)
    assert calmap.real_play(0.8) is None
    assert "No calibration map" in calmap.real_play_note()


def test_a_field_score_shrinks_each_matchup_then_averages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against 0.8 (weight 3) and 0.2 (weight 1): (3 * 2/3 + 1/3) / 4, not shrink(0.65)."""
    monkeypatch.setattr(calmap, "load_map", lambda: MAP)
    field = calmap.field_real_play([0.8, 0.2], [3, 1])
    assert field is not None
    assert field.rate == pytest.approx((3 * 2 / 3 + 1 / 3) / 4)
    assert calmap.field_real_play([0.8, None], [1, 1]) is None
    rates = np.array([[np.nan, 0.8, 0.5], [0.2, np.nan, np.nan], [0.5, np.nan, np.nan]])
    cells, rows = calmap.real_play_matrix(rates)
    assert cells[0][0] is None
    assert cells[1][2] is None
    assert cells[0][1] is not None
    assert cells[0][1].rate == pytest.approx(2 / 3)
    assert rows[0] is not None
    assert rows[0].rate == pytest.approx((2 / 3 + 0.5) / 2)
    assert rows[1] is None  # one matchup not played


def test_the_committed_map_is_a_fit_of_the_default_player() -> None:
    """If a map is installed, it was fitted to the default player's matrix and its k lies
    in its own interval."""
    from analytics.levels import DEFAULT_AGENT

    calmap.load_map.cache_clear()
    m = calmap.load_map()
    if m is None:
        pytest.skip("no calibration map installed")
    assert m.agent == DEFAULT_AGENT
    assert m.low <= m.k <= m.high
    assert m.heldout["fitted"] >= min(m.heldout["raw"], m.heldout["flat"])

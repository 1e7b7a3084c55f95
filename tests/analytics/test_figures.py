"""Figure builders of the Curve and odds page, tested on the figure objects."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from analytics.curve import CurveRow
from analytics.figures import cost_histogram_figure, curve_figure, odds_by_turn_figure


def test_cost_histogram_stacks_one_bar_trace_per_type() -> None:
    fig = cost_histogram_figure({"follower": {1: 6, 2: 6, 4: 5}, "spell": {1: 6, 3: 3}})
    assert fig.layout.title.text == "Cost histogram by card type"
    assert fig.layout.barmode == "stack"
    assert [t.type for t in fig.data] == ["bar", "bar"]
    assert [t.name for t in fig.data] == ["follower", "spell"]
    # every type is drawn over the same costs, with 0 where it has none
    assert list(fig.data[0].x) == [1, 2, 3, 4]
    assert list(fig.data[0].y) == [6, 6, 0, 5]
    assert list(fig.data[1].y) == [6, 0, 3, 0]


def test_cost_histogram_of_nothing_is_an_empty_figure() -> None:
    fig = cost_histogram_figure({})
    assert fig.layout.title.text == "Cost histogram by card type"
    assert len(fig.data) == 0


def odds_rows(policies: tuple[str, ...]) -> pd.DataFrame:
    rows = [
        {"turn": t, "going": g, "policy": pol, "p": (t + 1) / 20 + (0.1 if pol != "never" else 0)}
        for pol in policies
        for g in ("first", "second")
        for t in range(11)
    ]
    return pd.DataFrame(rows)


def test_odds_by_turn_draws_one_line_per_seat_and_policy() -> None:
    fig = odds_by_turn_figure(odds_rows(("optimal", "never")), "at least 1 of A")
    assert fig.layout.title.text == "at least 1 of A"
    assert [t.type for t in fig.data] == ["scatter"] * 4
    assert [t.name for t in fig.data] == [
        "going first, optimal",
        "going second, optimal",
        "going first, never",
        "going second, never",
    ]
    assert list(fig.data[0].x) == list(range(11))
    assert list(fig.data[0].y) == pytest.approx([(t + 1) / 20 + 0.1 for t in range(11)])
    assert [t.line.dash for t in fig.data] == ["solid", "solid", "dot", "dot"]
    assert tuple(fig.layout.yaxis.range) == (0, 1)


def test_odds_by_turn_under_never_alone_draws_solid_lines() -> None:
    fig = odds_by_turn_figure(odds_rows(("never",)), "t")
    assert [t.line.dash for t in fig.data] == ["solid", "solid"]


def test_odds_by_turn_leaves_turns_without_a_value_empty() -> None:
    rows = odds_rows(("never",))
    rows.loc[rows["turn"] > 8, "p"] = float("nan")
    fig = odds_by_turn_figure(rows, "t")
    assert math.isnan(fig.data[0].y[-1])
    assert fig.data[0].y[8] == pytest.approx(9 / 20)


def test_curve_figure_has_on_curve_and_curve_out_per_seat() -> None:
    rows = [
        CurveRow(t, going, on_curve=0.9 - t / 20, curve_out=None if t > 2 else 0.8 / t,
                 expected_castable=t)
        for going in ("first", "second")
        for t in (3, 1, 2)
    ]  # fmt: skip
    fig = curve_figure(rows)
    assert fig.layout.title.text == "Playing on curve by turn"
    assert [t.type for t in fig.data] == ["scatter"] * 4
    assert [t.name for t in fig.data] == [
        "on curve, going first",
        "curve out, going first",
        "on curve, going second",
        "curve out, going second",
    ]
    assert list(fig.data[0].x) == [1, 2, 3]  # sorted by turn
    assert list(fig.data[0].y) == pytest.approx([0.85, 0.8, 0.75])
    assert list(fig.data[1].y) == [0.8, 0.4, None]  # past the computed turns: a gap


def test_curve_figure_skips_a_seat_without_rows() -> None:
    fig = curve_figure([CurveRow(1, "second", 0.5, 0.5, 1.0)])
    assert [t.name for t in fig.data] == ["on curve, going second", "curve out, going second"]

"""Plotly figures the dashboard shows: pure functions of numbers, tested on the figure objects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from analytics.curve import CurveRow
from analytics.winrate import MatchSummary, wilson
from cardpool.words import end_word

SMALL_SAMPLE = 30
"""Matchups with fewer decided games than this are greyed in the heatmap."""


def win_rate_figure(summary: MatchSummary, deck_a: str) -> go.Figure:
    """Deck A's win rate overall, going first and going second, with 95% intervals."""
    labels, rates, low, high, counts = [], [], [], [], []
    for label, rate in (("overall", summary.a), ("going first", summary.a_first),
                        ("going second", summary.a_second)):  # fmt: skip
        if rate.rate is None:
            continue
        lo, hi = rate.ci95
        labels.append(label)
        rates.append(rate.rate)
        low.append(rate.rate - lo)
        high.append(hi - rate.rate)
        counts.append(rate.n)
    fig = go.Figure(
        go.Bar(
            x=labels,
            y=rates,
            error_y={"type": "data", "symmetric": False, "array": high, "arrayminus": low},
            customdata=counts,
            hovertemplate="%{x}: %{y:.1%} of %{customdata} decided games<extra></extra>",
            marker_color=["#4c78a8", "#72b7b2", "#f58518"][: len(labels)],
        )
    )
    fig.add_hline(y=0.5, line_dash="dot", line_color="grey")
    fig.update_layout(
        title="Win rate with 95% intervals",
        yaxis={"range": [0, 1], "tickformat": ".0%", "title": f"{deck_a} wins"},
        height=360,
        margin={"t": 60, "b": 40},
    )
    return fig


def game_length_figure(summary: MatchSummary) -> go.Figure:
    """How many turns the games lasted."""
    turns = sorted(summary.turns)
    fig = go.Figure(go.Bar(x=turns, y=[summary.turns[t] for t in turns], marker_color="#4c78a8"))
    fig.update_layout(
        title="Game length", xaxis_title="turns", yaxis_title="games", height=320,
        margin={"t": 60, "b": 40},
    )  # fmt: skip
    return fig


def end_reasons_figure(summary: MatchSummary) -> go.Figure:
    """Why the games ended (leader defense, deck out, turn limit, errors)."""
    reasons = sorted(summary.reasons, key=lambda r: -summary.reasons[r])
    fig = go.Figure(
        go.Bar(
            x=[end_word(r) for r in reasons],
            y=[summary.reasons[r] for r in reasons], marker_color="#72b7b2",
        )
    )  # fmt: skip
    fig.update_layout(
        title="How games ended", yaxis_title="games", height=320, margin={"t": 60, "b": 40}
    )
    return fig


def matchup_heatmap(names: Sequence[str], wins: np.ndarray) -> go.Figure:
    """Row deck's win rate against the column deck, 95% intervals on hover, small samples grey."""
    w = np.asarray(wins, dtype=float)
    games = w + w.T
    n = len(names)
    rate = np.full((n, n), np.nan)
    text = [["" for _ in range(n)] for _ in range(n)]
    hover = [["" for _ in range(n)] for _ in range(n)]
    small = np.full((n, n), np.nan)
    for i in range(n):
        for j in range(n):
            if i == j or games[i, j] == 0:
                continue
            lo, hi = wilson(int(w[i, j]), int(games[i, j]))
            value = w[i, j] / games[i, j]
            hover[i][j] = (
                f"{names[i]} vs {names[j]}: {value:.1%} "
                f"(95% CI {lo:.1%}-{hi:.1%}, {int(games[i, j])} decided games)"
            )
            text[i][j] = f"{value:.0%}"
            if games[i, j] < SMALL_SAMPLE:
                small[i, j] = 1.0
            else:
                rate[i, j] = value
    fig = go.Figure(
        go.Heatmap(
            z=rate, x=list(names), y=list(names), zmin=0, zmax=1, colorscale="RdBu",
            text=text, texttemplate="%{text}", customdata=hover,
            hovertemplate="%{customdata}<extra></extra>", colorbar={"tickformat": ".0%"},
        )
    )  # fmt: skip
    if not np.isnan(small).all():
        fig.add_trace(
            go.Heatmap(
                z=small, x=list(names), y=list(names), colorscale=[[0, "#d0d0d0"], [1, "#d0d0d0"]],
                showscale=False, text=text, texttemplate="%{text}", customdata=hover,
                hovertemplate="%{customdata} (small sample)<extra></extra>", name="small sample",
            )
        )  # fmt: skip
    fig.update_layout(
        title="Matchups: row deck's win rate against the column deck",
        xaxis_title="opponent", yaxis={"autorange": "reversed"}, height=120 + 60 * n,
    )  # fmt: skip
    return fig


def shares_figure(shares: pd.DataFrame) -> go.Figure:
    """Class and title shares of the imported tournament decklists."""
    fig = go.Figure(
        go.Bar(
            x=shares["archetype"], y=shares["share"], customdata=shares["decks"],
            hovertemplate="%{x}: %{y:.1%} (%{customdata} decks)<extra></extra>",
            marker_color="#4c78a8",
        )
    )  # fmt: skip
    fig.update_layout(
        title="Class and title shares", yaxis={"tickformat": ".0%", "title": "share of decks"},
        height=360,
    )  # fmt: skip
    return fig


TYPE_COLOURS = {"follower": "#4c78a8", "spell": "#f58518", "amulet": "#54a24b"}
"""Bar colours of the cost histogram per card type (other types take plotly's defaults)."""
SEAT_COLOURS = {"first": "#4c78a8", "second": "#f58518"}


def cost_histogram_figure(histogram: Mapping[str, Mapping[int, int]]) -> go.Figure:
    """Copies per cost, one stacked bar per card type (``{"follower": {2: 9}, ...}``)."""
    costs = sorted({c for row in histogram.values() for c in row})
    fig = go.Figure()
    for kind, row in histogram.items():
        fig.add_trace(
            go.Bar(
                name=kind, x=costs, y=[row.get(c, 0) for c in costs],
                marker_color=TYPE_COLOURS.get(kind),
                hovertemplate=f"cost %{{x}}: %{{y}} {kind}(s)<extra></extra>",
            )
        )  # fmt: skip
    fig.update_layout(
        title="Cost histogram by card type", barmode="stack", height=340,
        xaxis={"title": "cost", "dtick": 1}, yaxis={"title": "copies"},
        legend={"title": "type"}, margin={"t": 60, "b": 40},
    )  # fmt: skip
    return fig


def odds_by_turn_figure(odds: pd.DataFrame, title: str) -> go.Figure:
    """Probability by own turn: one line per seat and policy (never dashed).

    ``odds`` has the columns ``turn, going, policy, p`` (``p`` from 0 to 1, empty where the
    deck is too small for that turn).
    """
    fig = go.Figure()
    for (policy, going), rows in odds.groupby(["policy", "going"], sort=False):
        rows = rows.sort_values("turn")
        fig.add_trace(
            go.Scatter(
                name=f"going {going}, {policy}", x=rows["turn"], y=rows["p"],
                mode="lines+markers",
                line={"color": SEAT_COLOURS.get(str(going)),
                      "dash": "dot" if policy == "never" and odds["policy"].nunique() > 1
                      else "solid"},
                hovertemplate="turn %{x}: %{y:.2%}<extra>" + f"going {going}, {policy}</extra>",
            )
        )  # fmt: skip
    fig.update_layout(
        title=title, height=380, margin={"t": 60, "b": 40},
        xaxis={"title": "own turn (0 = opening hand)", "dtick": 1},
        yaxis={"title": "probability", "range": [0, 1], "tickformat": ".0%"},
    )  # fmt: skip
    return fig


def curve_figure(rows: Sequence[CurveRow]) -> go.Figure:
    """On-curve and curve-out chances by own turn, one line per seat (curve out dotted)."""
    fig = go.Figure()
    for going in ("first", "second"):
        seat = sorted((r for r in rows if r.going == going), key=lambda r: r.turn)
        if not seat:
            continue
        turns = [r.turn for r in seat]
        for name, values, dash in (
            ("on curve", [r.on_curve for r in seat], "solid"),
            ("curve out", [r.curve_out for r in seat], "dot"),
        ):
            fig.add_trace(
                go.Scatter(
                    name=f"{name}, going {going}", x=turns, y=values, mode="lines+markers",
                    line={"color": SEAT_COLOURS[going], "dash": dash},
                    hovertemplate="turn %{x}: %{y:.2%}<extra>" + f"{name}, going {going}</extra>",
                )
            )  # fmt: skip
    fig.update_layout(
        title="Playing on curve by turn", height=380, margin={"t": 60, "b": 40},
        xaxis={"title": "own turn", "dtick": 1},
        yaxis={"title": "probability", "range": [0, 1], "tickformat": ".0%"},
    )  # fmt: skip
    return fig

"""Plotly figures the dashboard shows: pure functions of numbers, tested on the figure objects."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from analytics.winrate import MatchSummary, wilson

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
        title=f"{deck_a}: win rate with 95% intervals",
        yaxis={"range": [0, 1], "tickformat": ".0%", "title": "win rate"},
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
        go.Bar(x=reasons, y=[summary.reasons[r] for r in reasons], marker_color="#72b7b2")
    )
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

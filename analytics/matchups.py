"""Matchups and round robins read from stored runs: the one place that builds the matrix.

A matchup is one stored run of deck A against deck B. A round robin is the runs stored
under one batch id, one per pairing; its wins matrix feeds the heatmap, the win-rate table
and the Bradley-Terry ranking, on the dashboard and on the command line alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analytics.runs import RunInfo, game_rows, list_runs, run_info
from analytics.simulate import GameRow
from analytics.winrate import MatchSummary, Ranking, bradley_terry, summarise
from cardpool.store import Store


@dataclass(frozen=True)
class Matchup:
    """One stored run of deck A against deck B: its record, its games and their statistics."""

    info: RunInfo
    rows: list[GameRow]
    summary: MatchSummary


def matchup(store: Store, run_id: str) -> Matchup:
    """A stored run with its games and their statistics (``InputError`` if unknown)."""
    info = run_info(store, run_id)
    rows = game_rows(store, run_id)
    return Matchup(info, rows, summarise(rows))


@dataclass(frozen=True)
class RoundRobin:
    """The decks of a round robin, who beat whom, and their ranking."""

    batch_id: str
    names: list[str]
    wins: np.ndarray
    """``wins[i, j]``: games deck ``i`` won against deck ``j`` (draws and errors left out)."""
    ranking: Ranking

    @property
    def games(self) -> np.ndarray:
        """Decided games of each pairing (symmetric)."""
        games: np.ndarray = self.wins + self.wins.T
        return games

    def rates(self) -> np.ndarray:
        """The row deck's share of the decided games against the column deck (NaN: none)."""
        games = self.games
        rates: np.ndarray = np.where(games > 0, self.wins / np.where(games > 0, games, 1), np.nan)
        return rates

    def field_rates(self) -> np.ndarray:
        """Each deck's share of its decided games against the whole field."""
        rates: np.ndarray = self.wins.sum(axis=1) / np.maximum(1.0, self.games.sum(axis=1))
        return rates


def round_robin(store: Store, batch_id: str, order: Sequence[str] | None = None) -> RoundRobin:
    """The wins matrix and Bradley-Terry ranking of every run stored under ``batch_id``.

    Decks are named as their runs name them, in ``order`` when given, else as the stored
    runs list them (newest first, A sides before B sides). Several runs of one pairing add up.
    """
    runs = list_runs(store)
    members = runs[runs["batch_id"] == batch_id]
    found = dict.fromkeys([*members["deck_a"], *members["deck_b"]])
    names = list(dict.fromkeys([*(order or ()), *found]))
    index = {name: k for k, name in enumerate(names)}
    wins = np.zeros((len(names), len(names)))
    for run_id in members["run_id"]:
        result = matchup(store, str(run_id))
        i, j = index[result.info.deck_a], index[result.info.deck_b]
        wins[i, j] += result.summary.wins[0]
        wins[j, i] += result.summary.wins[1]
    ranking = bradley_terry(names, wins) if names else Ranking((), (), ())
    return RoundRobin(batch_id, names, wins, ranking)

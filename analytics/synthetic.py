"""Seeded synthetic games with the structure of real ones, to prove intervals by simulation.

Real games of one seed share their shuffles: our deck meets every opponent in the same
order, in both seats. So a card's copy that sits early in that order is drawn in most of
the seed's games, and a seed's results move together. These generators give units (seeds)
with that structure and a known truth, for the coverage tests and the benchmarks.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class PairedCase:
    """A card's paired differences: how often its copy is reached, and what it does then.

    In a game where the copy is reached, the deck with the card wins a game the deck
    without it loses with chance ``up``, and loses one it would win with chance ``down``.
    ``shared`` is the chance that a seed's games all reach the copy or all do not (the
    shuffle they share); otherwise each game draws on its own.
    """

    reach: float
    up: float
    down: float
    shared: float

    @property
    def truth(self) -> float:
        """The true mean difference per game."""
        return self.reach * (self.up - self.down)

    def draw(self, rng: np.random.Generator, seeds: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Per seed of ``k`` games: the mean difference and the share of changed games."""
        seed_reach = rng.random(seeds) < self.reach
        own = rng.random((seeds, k)) < self.reach
        together = rng.random(seeds) < self.shared
        reached = np.where(together[:, None], seed_reach[:, None], own)
        u = rng.random((seeds, k))
        d = np.where(reached & (u < self.up), 1.0, 0.0)
        d = np.where(reached & (u >= 1 - self.down), -1.0, d)
        return d.mean(axis=1), np.abs(d).mean(axis=1)


PAIRED_CASES = (
    PairedCase(0.3, 0.10, 0.10, 0.9),
    PairedCase(0.5, 0.20, 0.05, 0.9),
    PairedCase(0.1, 0.20, 0.10, 0.9),
    PairedCase(0.05, 0.30, 0.0, 0.9),
    PairedCase(0.05, 0.50, 0.20, 1.0),
)
"""Cards from often reached and even to rarely reached and one-sided."""


@dataclass(frozen=True, slots=True)
class RateCase:
    """A matchup of seat-swapped pairs: win rate ``p``; with chance ``rho`` a seed's two
    games go the same way (the issue's +0.2 correlation of real mirror pairs)."""

    p: float
    rho: float = 0.2

    def draw(self, rng: np.random.Generator, seeds: int) -> np.ndarray:
        """Wins of deck A per seed (0, 1 or 2 of its two games)."""
        together = rng.random(seeds) < self.rho
        one = rng.random(seeds) < self.p
        games = rng.random((seeds, 2)) < self.p
        games = np.where(together[:, None], one[:, None], games)
        wins: np.ndarray = games.sum(axis=1).astype(float)
        return wins

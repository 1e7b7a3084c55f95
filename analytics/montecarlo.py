"""A vectorised Monte Carlo of the opening, mulligan and draw rules: the independent check.

It shares no arithmetic with :mod:`analytics.odds`: it shuffles real deck orders with numpy,
deals the top 4, applies the policy's decision to the dealt hand, physically moves the returned
cards to the bottom of the order (no shuffle, CR 6.2.1.8), and counts the goal cards among the
first ``n`` cards of the resulting order. Only the policy (which cards to put back for each
opening composition) is taken from the exact solver, because it is an input, not a result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import sqrt

import numpy as np
import numpy.typing as npt

from analytics.odds import OPENING, AtomProblem, Decision

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo probability with its standard error."""

    p: float
    trials: int

    @property
    def se(self) -> float:
        """Standard error of ``p`` (binomial)."""
        return sqrt(max(self.p * (1.0 - self.p), 0.0) / self.trials)

    def agrees(self, exact: float, sigmas: float = 4.0) -> bool:
        """Whether ``exact`` lies within ``sigmas`` standard errors (of ``exact``) of ``p``."""
        se = sqrt(max(exact * (1.0 - exact), 0.0) / self.trials)
        return abs(self.p - exact) <= sigmas * se + 1e-12


def simulate(
    problem: AtomProblem,
    decisions: Mapping[tuple[int, ...], Decision] | None = None,
    trials: int = 100_000,
    seed: int = 0,
    batch: int = 20_000,
) -> Estimate:
    """Estimate P(goal) by dealing ``trials`` shuffled decks under a decision table.

    ``decisions`` maps an opening composition (cards per atom, the rest last) to the cards put
    back per atom (rest last); a missing composition keeps. SVE puts back all four or none;
    Riftbound up to two (set aside, redrawn, then put on the bottom).
    """
    rng = np.random.default_rng(seed)
    n_atoms = len(problem.counts)
    deck = np.repeat(np.arange(n_atoms + 1, dtype=np.int8), [*problem.counts, problem.rest]).astype(
        np.int8
    )
    radix = n_atoms + 1
    table = np.zeros(((OPENING + 1) ** radix, radix), dtype=np.int64)
    for hand, put_back in (decisions or {}).items():
        table[_code(hand)] = put_back
    hits = 0
    done = 0
    while done < trials:
        size = min(batch, trials - done)
        orders = rng.permuted(np.tile(deck, (size, 1)), axis=1)
        hits += int(_play(orders, table, problem, radix).sum())
        done += size
    return Estimate(hits / trials, trials)


def _code(hand: tuple[int, ...]) -> int:
    code = 0
    for h in hand:
        code = code * (OPENING + 1) + h
    return code


def _play(
    orders: npt.NDArray[np.int8], table: IntArray, problem: AtomProblem, radix: int
) -> npt.NDArray[np.bool_]:
    size = orders.shape[0]
    opening = orders[:, :OPENING].astype(np.int64)
    hand_counts = np.stack([(opening == a).sum(axis=1) for a in range(radix)], axis=1)
    codes = np.zeros(size, dtype=np.int64)
    for a in range(radix):
        codes = codes * (OPENING + 1) + hand_counts[:, a]
    put_back = table[codes]  # (size, radix): cards of each atom to return
    # Which physical opening cards go back: the first put_back[atom] copies of each atom.
    returned = np.zeros((size, OPENING), dtype=bool)
    seen = np.zeros((size, radix), dtype=np.int64)
    rows = np.arange(size)
    for pos in range(OPENING):
        atom = opening[:, pos]
        rank = seen[rows, atom]
        returned[:, pos] = rank < put_back[rows, atom]
        seen[rows, atom] += 1
    # New order: kept opening cards, then the deck from the 5th card on, then the returned
    # cards on the bottom (Riftbound: the redraw comes from the 5th card on as well).
    keys = np.ones(orders.shape, dtype=np.int8)
    keys[:, :OPENING] = np.where(returned, 2, 0)
    order = np.argsort(keys, axis=1, kind="stable")
    seq = np.take_along_axis(orders, order, axis=1)
    ok = np.ones(size, dtype=bool)
    for mask, k, n in problem.requirements:
        hit = np.zeros((size, n), dtype=np.int64)
        for a in range(radix - 1):
            if mask >> a & 1:
                hit += seq[:, :n] == a
        ok &= hit.sum(axis=1) >= k
    # A kept hand holds its 4 cards; a Riftbound partial mulligan redraws as many as it put
    # back, so its hand after turn t is (4 - s) kept + s + t drawn: the first n of ``seq``.
    return ok

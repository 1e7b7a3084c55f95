"""Exact hypergeometric arithmetic: single and multivariate, on Python integers.

Every probability here is a ratio of binomial coefficients computed exactly with
:func:`math.comb` and rounded once to a float at the end, so results carry no sampling error
and no accumulated rounding worth speaking of.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb


@lru_cache(maxsize=65536)
def hypergeom_pmf(k: int, population: int, successes: int, draws: int) -> float:
    """P(X = k) for X successes in ``draws`` cards drawn without replacement.

    >>> round(hypergeom_pmf(0, 40, 3, 4), 6)
    0.722672
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(
            f"impossible draw: {draws} of {population} cards with {successes} successes"
        )
    if k < 0 or k > successes or draws - k > population - successes or k > draws:
        return 0.0
    num = comb(successes, k) * comb(population - successes, draws - k)
    return num / comb(population, draws)


@lru_cache(maxsize=65536)
def hypergeom_sf(k: int, population: int, successes: int, draws: int) -> float:
    """P(X >= k): at least ``k`` successes among ``draws`` cards (1.0 when ``k <= 0``).

    >>> round(hypergeom_sf(1, 40, 3, 4), 4)  # a 3-of in a 40-card opening hand
    0.2773
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(
            f"impossible draw: {draws} of {population} cards with {successes} successes"
        )
    if k <= 0:
        return 1.0
    top = min(successes, draws)
    if k > top:
        return 0.0
    num = sum(
        comb(successes, i) * comb(population - successes, draws - i) for i in range(k, top + 1)
    )
    return num / comb(population, draws)


def compositions(counts: Sequence[int], rest: int, draws: int) -> Iterator[tuple[int, ...]]:
    """Every way ``draws`` cards split over categories of sizes ``counts`` plus ``rest`` others.

    Yields the tuple of per-category counts; the rest take ``draws - sum``.

    >>> list(compositions([1, 2], rest=1, draws=2))
    [(0, 1), (0, 2), (1, 0), (1, 1)]
    """

    def walk(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(counts):
            if left <= rest:
                yield ()
            return
        for x in range(min(counts[i], left) + 1):
            for tail in walk(i + 1, left - x):
                yield (x, *tail)

    yield from walk(0, draws)


def composition_weight(
    hand: Sequence[int], counts: Sequence[int], population: int, draws: int
) -> float:
    """Multivariate hypergeometric probability of drawing exactly ``hand`` per category.

    >>> round(composition_weight((1, 1), (3, 3), 40, 4), 6)
    0.055247
    """
    rest = population - sum(counts)
    left = draws - sum(hand)
    if rest < 0 or left < 0 or left > rest:
        return 0.0
    num = comb(rest, left)
    for x, c in zip(hand, counts, strict=True):
        if x > c:
            return 0.0
        num *= comb(c, x)
    return num / comb(population, draws)

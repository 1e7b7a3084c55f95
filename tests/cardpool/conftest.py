"""Fixtures for the card pool tests: the embedded pool and decks built from real card ids."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardpool.model import RestrictionRow
from cardpool.normalise import MAIN_DECK_TYPES
from cardpool.pool import PoolIndex
from cardpool.snapshot import load_sve_pool, load_sve_restrictions

Filler = Callable[..., dict[str, int]]


@pytest.fixture(scope="session")
def pool() -> PoolIndex:
    """The embedded SVE pool (no reference data needed)."""
    return load_sve_pool()


@pytest.fixture(scope="session")
def restrictions() -> tuple[RestrictionRow, ...]:
    """The embedded restriction lists of every region and format."""
    return load_sve_restrictions()


@pytest.fixture(scope="session")
def filler(pool: PoolIndex, restrictions: tuple[RestrictionRow, ...]) -> Filler:
    """``filler(card_class, cards, title=None, exclude=())``: a real main deck of ``cards`` cards.

    Three copies of each of several unrestricted, released main-deck cards of one class (or,
    with ``card_class=None`` and a title, of that title across classes), with distinct names.
    """
    listed = {r.card_id for r in restrictions}

    def build(
        card_class: str | None,
        cards: int = 40,
        *,
        title: str | None = None,
        exclude: tuple[str, ...] = (),
    ) -> dict[str, int]:
        excluded_names = {pool.rows[pool.card_id(c) or c].name for c in exclude}
        deck: dict[str, int] = {}
        names: set[str] = set()
        total = 0
        for row in sorted(pool.rows.values(), key=lambda r: r.card_id):
            if total >= cards:
                break
            if (
                row.card_type not in MAIN_DECK_TYPES
                or row.title != title
                or (card_class is not None and row.card_class != card_class)
                or row.card_id in listed
                or row.preview  # not released: a deck of them warns
                or row.max_copies != 3
                or row.name in names
                or row.name in excluded_names
            ):
                continue
            count = min(3, cards - total)
            deck[row.card_id] = count
            names.add(row.name)
            total += count
        assert total == cards, f"the pool lacks {cards} cards of {card_class}/{title}"
        return deck

    return build

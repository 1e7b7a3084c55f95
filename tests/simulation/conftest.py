"""Decks for simulation tests: our own example list and a second class from the snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest

from analytics.decks import deck_spec
from cardpool.deck import Deck
from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from engine.sve import DeckSpec

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def forest() -> DeckSpec:
    """The example forest deck as the engine sees it."""
    return deck_spec(read_deck_file(EXAMPLES / "forest_fairies.txt"), load_sve_pool())


@pytest.fixture(scope="session")
def sword() -> DeckSpec:
    """A 40-card sword deck of 2-4 cost followers from the embedded pool."""
    pool = load_sve_pool()
    followers = sorted(
        (r for r in pool.rows.values()
         if r.card_class == "sword" and r.card_type == "follower" and r.cost in (2, 3, 4)),
        key=lambda r: r.card_id,
    )[:14]  # fmt: skip
    deck = Deck(name="sword", main={r.card_id: 3 for r in followers})
    deck.main[followers[0].card_id] = 1  # 13 x 3 + 1 = 40
    return deck_spec(deck, pool)

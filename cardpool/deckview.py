"""Tables that describe a deck for people: its cards with names, types and costs, per section."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from cardpool.deck import SECTIONS, Deck
from cardpool.pool import PoolIndex

DECK_COLUMNS = ["section", "code", "name", "type", "class", "cost", "preview", "count"]


def deck_table(deck: Deck, pool: PoolIndex, sections: Sequence[str] = SECTIONS) -> pd.DataFrame:
    """One row per line of the deck: section, code as written, name, type, class, cost,
    whether the card is from a set still being previewed, count."""
    rows = []
    for section in sections:
        for code, count in deck.section(section).items():
            row = pool.row(code)
            rows.append(
                {
                    "section": section,
                    "code": code,
                    "name": row.name if row else "(unknown card)",
                    "type": row.card_type if row else None,
                    "class": row.card_class if row else None,
                    "cost": row.cost if row else None,
                    "preview": bool(row and row.preview),
                    "count": count,
                }
            )
    return pd.DataFrame(rows, columns=DECK_COLUMNS)

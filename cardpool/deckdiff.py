"""The difference between two lists of one deck: cards in, cards out, counts per section."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from cardpool.deck import RIFTBOUND_SECTIONS, SECTIONS, Deck

SECTION_NAMES = {
    "leader": "Leader",
    "main": "Main deck",
    "evolve": "Evolve deck",
    "legend": "Legend",
    "champion": "Champion",
    "runes": "Runes",
    "battlefields": "Battlefields",
    "sideboard": "Sideboard",
}
"""Each section as players name it."""


@dataclass(frozen=True)
class CardChange:
    """One card whose count differs between the two lists."""

    section: str
    code: str
    before: int
    after: int

    @property
    def change(self) -> int:
        """Copies added (positive) or taken out (negative)."""
        return self.after - self.before


def sections_of(deck: Deck) -> tuple[str, ...]:
    """The sections a deck of its game has."""
    return RIFTBOUND_SECTIONS if deck.game == "riftbound" else SECTIONS


def diff_decks(old: Deck, new: Deck) -> list[CardChange]:
    """Every card whose count changed from ``old`` to ``new``, by section then code.

    >>> a, b = Deck(main={"X-1": 3, "X-2": 1}), Deck(main={"X-1": 2, "X-3": 2})
    >>> [(c.code, c.before, c.after) for c in diff_decks(a, b)]
    [('X-1', 3, 2), ('X-2', 1, 0), ('X-3', 0, 2)]
    """
    changes = []
    for section in sections_of(new):
        before, after = old.section(section), new.section(section)
        for code in sorted(set(before) | set(after)):
            if before.get(code, 0) != after.get(code, 0):
                changes.append(CardChange(section, code, before.get(code, 0), after.get(code, 0)))
    return changes


def cards_in_out(changes: list[CardChange]) -> tuple[int, int]:
    """Copies added and copies taken out, over every section."""
    added = sum(c.change for c in changes if c.change > 0)
    removed = -sum(c.change for c in changes if c.change < 0)
    return added, removed


def summary(changes: list[CardChange]) -> str:
    """``3 cards in, 2 cards out`` (or that the lists hold the same cards)."""
    if not changes:
        return "The two lists hold the same cards."
    added, removed = cards_in_out(changes)
    return f"{_cards(added)} in, {_cards(removed)} out"


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def diff_frame(changes: list[CardChange], name: Callable[[str], str | None]) -> pd.DataFrame:
    """The changes as a table with players' column names (Section, Card, Code, Before, ...)."""
    return pd.DataFrame(
        [
            {
                "Section": SECTION_NAMES.get(c.section, c.section),
                "Card": name(c.code) or c.code,
                "Code": c.code,
                "Before": c.before,
                "After": c.after,
                "Change": f"{c.change:+d}",
            }
            for c in changes
        ],
        columns=["Section", "Card", "Code", "Before", "After", "Change"],
    )
